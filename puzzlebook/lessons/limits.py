"""The limits of one import and of each text, in one place.

The schema (site/public/schema/lesson.json) states the same numbers; a test keeps them equal.
"""

from __future__ import annotations

MAX_PUZZLES = 200
"""Puzzles (JSON objects or PGN games) in one import."""

MAX_BYTES = 256 * 1024
"""Size of one import, in bytes of UTF-8."""

TEXT_LIMITS: dict[str, int] = {"title": 200, "intro": 2000, "comment": 2000, "hint": 2000}
"""The longest each text may be, in characters."""
