"""Votes and reports on chess puzzles (issue 29, part 5): a player's one vote per puzzle (up, down,
or none), changeable, and a report of a problem with its reason; the tallies per puzzle, and which
puzzles an operator should look at first.

As lichess (modules/puzzle: the vote is kept on the player's own round of the puzzle, puzzleId/
userId, and the puzzle's tally is made from those), a vote is the player's own record and the
tallies are made from every player's: here by a periodic job (service/games/chess/votes.py), never
on a request. Lichess weighs a vote by the voter's trust; we count each played puzzle's vote once.

    >>> v = PuzzleVote(vote=-1, reason="broken")
    >>> t = tally([("Beginner", "aB3dE", v), ("Beginner", "aB3dE", PuzzleVote(vote=1))])
    >>> t[0].up, t[0].down, t[0].reports
    (1, 1, {'broken': 1})
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

# A report's reasons, as the player picks them ("Report a problem"), and their words.
REASONS: dict[str, str] = {
    "wrong-theme": "Wrong theme",
    "several-moves": "Several good moves",
    "broken": "Broken",
    "other": "Other",
}
VOTES = (-1, 0, 1)  # down, none (taken back), up


class BadVote(ValueError):
    """A vote or a reason that isn't one (its words say which)."""


@dataclass(frozen=True, slots=True)
class PuzzleVote:
    """A player's word on a puzzle: `vote` -1 down, 0 none, 1 up; `reason` the problem reported (one
    of REASONS), or None."""

    vote: int = 0
    reason: str | None = None

    def __post_init__(self) -> None:
        if self.vote not in VOTES:
            raise BadVote(f"A vote is up, down or none, not {self.vote!r}.")
        if self.reason is not None and self.reason not in REASONS:
            raise BadVote(f"A report's reason is one of {', '.join(REASONS)}, not {self.reason!r}.")

    @property
    def empty(self) -> bool:
        """No vote and no report: nothing to keep."""
        return self.vote == 0 and self.reason is None

    def to_doc(self) -> dict[str, Any]:
        return {"vote": self.vote, "reason": self.reason}

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> PuzzleVote:
        return cls(int(doc.get("vote", 0)), doc.get("reason"))


@dataclass(slots=True)
class VoteTally:
    """A puzzle's votes and reports, every player's counted once."""

    band: str
    puzzle: str
    up: int = 0
    down: int = 0
    reports: dict[str, int] = field(default_factory=dict)

    @property
    def score(self) -> int:
        """Up votes less down votes."""
        return self.up - self.down

    @property
    def reported(self) -> int:
        return sum(self.reports.values())

    def to_row(self) -> list[Any]:
        return [self.band, self.puzzle, self.up, self.down, dict(sorted(self.reports.items()))]

    @classmethod
    def from_row(cls, row: list[Any]) -> VoteTally:
        return cls(row[0], row[1], int(row[2]), int(row[3]), {str(k): int(n) for k, n in row[4].items()})


def tally(votes: Iterable[tuple[str, str, PuzzleVote]]) -> list[VoteTally]:
    """Each puzzle's tally from every player's (band, puzzle id, vote), by puzzle id."""
    found: dict[str, VoteTally] = {}
    for band, puzzle, vote in votes:
        t = found.setdefault(puzzle, VoteTally(band, puzzle))
        t.up += vote.vote == 1
        t.down += vote.vote == -1
        if vote.reason is not None:
            t.reports[vote.reason] = t.reports.get(vote.reason, 0) + 1
    return [found[k] for k in sorted(found)]


def worst_voted(tallies: Iterable[VoteTally], most: int) -> list[VoteTally]:
    """The `most` puzzles voted worst: the lowest up-less-down first, then the most down votes, then
    by id; only puzzles with a down vote.

    >>> ts = [VoteTally("B", "a", up=3, down=1), VoteTally("B", "b", down=2), VoteTally("B", "c", up=1)]
    >>> [t.puzzle for t in worst_voted(ts, 5)]
    ['b', 'a']
    """
    down = [t for t in tallies if t.down]
    return sorted(down, key=lambda t: (t.score, -t.down, t.puzzle))[:most]


def most_reported(tallies: Iterable[VoteTally], most: int) -> list[VoteTally]:
    """The `most` puzzles reported most: the most reports first, then the lowest up-less-down, then by id.

    >>> ts = [VoteTally("B", "a", reports={"broken": 1}), VoteTally("B", "b", reports={"other": 2})]
    >>> [t.puzzle for t in most_reported(ts, 5)]
    ['b', 'a']
    """
    reported = [t for t in tallies if t.reports]
    return sorted(reported, key=lambda t: (-t.reported, t.score, t.puzzle))[:most]
