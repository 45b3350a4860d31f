"""What keeping a result did, whatever the game: the answer a post gets."""

from __future__ import annotations

from dataclasses import dataclass

from puzzlebook.ratings import Rating


@dataclass(frozen=True, slots=True)
class Posted:
    """What recording a result did.

    already: an earlier result for the same puzzle (or Chain day) stands, and
    this one was not kept. rated: this result moved the rating (before/after).
    mistakes: the mistakes kept (a solve after a miss has at least one).
    daily: the day whose board it is on, if any; place: its place there.
    """

    already: bool
    rated: bool = False
    before: Rating | None = None
    after: Rating | None = None
    clean: bool = False
    mistakes: int = 0
    daily: str | None = None
    place: int | None = None
    kind: str | None = None
