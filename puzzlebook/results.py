"""What keeping a result did, whatever the game: the answer a post gets."""

from __future__ import annotations

from dataclasses import dataclass

from puzzlebook.places import BoardEntry
from puzzlebook.ratings import Rating


@dataclass(frozen=True, slots=True)
class Posted:
    """What recording a result did.

    already: an earlier result for the same puzzle (or day) stands, and
    this one was not kept. rated: this result moved the rating (before/after).
    mistakes: the mistakes kept (a solve after a miss has at least one).
    daily: the day whose board it is on, if any; entry: its entry there (the board's snapshot
    path and its rank key), which the answer is placed by (puzzlebook.places.standing_in).
    kind: which result was kept ("solve" or "giveup", for a game with both). streak: the
    streak after it, when this result extended one, and freezes_used: the missed days within that
    streak a freeze forgave (docs/ratings.md, "Streak freezes"). offline: it came without a ticket, so it
    counts for the player alone (unrated, on no board: docs/ratings.md).
    """

    already: bool
    rated: bool = False
    before: Rating | None = None
    after: Rating | None = None
    clean: bool = False
    mistakes: int = 0
    daily: str | None = None
    entry: BoardEntry | None = None
    kind: str | None = None
    streak: int | None = None
    freezes_used: int | None = None
    offline: bool = False
