"""What a build keeps in the output folder for the next one, under `.build/` (a dot folder: the
deploy never sends one, ops/deploy.py): what it made, and a key of what it made it from, so the
next build with the same key can count those files unchanged without making them again
(sitebuild/dailies.py: the days' files; sitebuild/shards.py: the theme index;
sitebuild/static_steps.py: the bundles and minified files)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from sitebuild.output import Output

DIR = ".build"
_ROOT = Path(__file__).resolve().parent.parent
_SOURCES = ("puzzlebook", "service")  # the rules and the service layer, which make those files


def source_digest(root: Path = _ROOT) -> str:
    """A digest of every module of puzzlebook/ and service/: a record made by other code is void."""
    digest = hashlib.sha256()
    for top in _SOURCES:
        for path in sorted((root / top).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def read(out: Path, name: str, key: str) -> dict[str, Any] | None:
    """The record `name` in the output folder `out` when it was made with `key`, else None (none,
    unreadable, or another key)."""
    try:
        doc = json.loads((out / DIR / name).read_bytes())
    except (OSError, ValueError):
        return None
    return doc if isinstance(doc, dict) and doc.get("key") == key else None


def write(output: Output, name: str, key: str, doc: dict[str, Any]) -> None:
    """Keep the record `name` (a JSON object) made with `key`; the same bytes for the same record."""
    # Keys in the order given: a record holds what the build publishes as it was (index.json's themes).
    output.write(f"{DIR}/{name}", json.dumps({**doc, "key": key}, separators=(",", ":")))
