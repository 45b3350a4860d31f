"""The bytes of a public JSON file (a game's daily files, the index): compact UTF-8."""

from __future__ import annotations

import json
from typing import Any


def json_bytes(value: Any) -> bytes:
    """A public file's bytes: compact UTF-8 JSON."""
    return json_text(value).encode("utf-8")


def json_text(value: Any) -> str:
    """A public file's text, as json_bytes encodes it: compact JSON, non-ASCII as it is."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
