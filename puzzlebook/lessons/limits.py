"""The limits of one import and of each text, in one place.

The schema (site/public/schema/lesson.json) states the same numbers; a test keeps them equal.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

MAX_PUZZLES = 200
"""Puzzles (JSON objects or PGN games) in one import."""

MAX_BYTES = 256 * 1024
"""Size of one import, in bytes of UTF-8."""

MAX_REFUTATIONS = 8
"""Refutations on one student move: the wrong moves worth answering, not every legal move."""

TEXT_LIMITS: dict[str, int] = {"title": 200, "intro": 2000, "comment": 2000, "hint": 2000}
"""The longest each text may be, in characters."""

MAX_STORED_BYTES = 768 * 1024
"""Size of one lesson as the site keeps it: its puzzles' seed JSON, measured by `stored_size`.

Stored, every move is written out in full, so a PGN takes about 2.5 times its size for
ordinary games and almost 5 times for bare moves with one-letter comments: a 256 KB
import can need more. The store splits a lesson
across as many items as it needs (functions/store/lessons.py, docs/store.md) and keeps
anything up to this size (plus its name); the limit itself keeps the played lesson
(GET /api/lessons/<id>: up to 6.5 times the stored bytes, with SAN and who plays each
move) under AWS Lambda's 6 MB response. docs/lessons.md, "Limits"."""


def stored_size(value: Any) -> int:
    """The bytes `value` takes as compact UTF-8 JSON: how the store sizes what it keeps."""
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8", "surrogatepass"))


def stored_list_size(values: Iterable[Any]) -> int:
    """`stored_size` of a list of `values`, each measured in turn: "[", the values with a comma
    between them, "]". An import's puzzles are sized so, each one's JSON made and dropped before the
    next: all of them made at once (30,000 moves' dicts at the limits) kept the garbage collector
    walking them, a tenth of a big import's time."""
    count, size = 0, 2
    for value in values:
        count += 1
        size += stored_size(value)
    return size + max(count - 1, 0)
