"""Votes and reports on chess puzzles (issue 29, part 5): a player's one vote per puzzle (up, down,
or none), changeable, and a report of a problem with its reason; the tallies per puzzle, and which
puzzles an operator should look at first.

As lichess (modules/puzzle: the vote is kept on the player's own round of the puzzle, puzzleId/
userId, and the puzzle's tally is made from those), a vote is the player's own record and the
tallies are made from every player's: here by a periodic job (service/games/chess/votes.py), never
on a request. Lichess weighs a vote by the voter's trust; here a word weighs by whether the server
knows the voter played the puzzle and by the account's age, and one address's words on a puzzle
count as one voter's (`weigh`; docs/votes.md, "How much a word counts").

    >>> old = Voter(played=True, age=30, source="a")
    >>> t = tally([Word("Beginner", "aB3dE", PuzzleVote(vote=-1, reason="broken"), old),
    ...            Word("Beginner", "aB3dE", PuzzleVote(vote=1), Voter(played=True, age=30, source="b"))])
    >>> t[0].up, t[0].down, t[0].reports, t[0].words
    (1.0, 1.0, {'broken': 1.0}, 2)
"""

from __future__ import annotations

import hashlib
import hmac
from collections import defaultdict
from collections.abc import Iterable, Sequence
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


# ---- how much a word counts ------------------------------------------------------------------------

# A word on a puzzle the server has no result of (a guest's, sent on sign-in: the browser's say-so)
# weighs this much of a played one's, and a puzzle's such words together weigh at most GUEST_MOST
# (one established player's word): counted apart, and capped.
GUEST_WEIGHT = 0.5
GUEST_MOST = 1.0
# An account's word weighs (1 + its age in whole days) / AGE_FULL, up to 1: a day-old account's an
# eighth, a week-old one's in full. Accounts cost nothing to make; a week is what a sock puppet waits.
AGE_FULL = 8
# How many words on puzzles it has no result of (a guest's) one account may keep: more than a guest
# plays before signing in, far fewer than a flood (docs/votes.md).
GUEST_WORDS = 50


@dataclass(frozen=True, slots=True)
class Voter:
    """Who gave a word, as the vote route saw it: `played` the account had a result of the puzzle (a
    guest's word on one it hadn't is the browser's say-so); `age` the account's age in whole days;
    `source` the address it came from, as `source_of` keeps it (words from one source on one puzzle
    count as one voter's)."""

    played: bool
    age: int
    source: str

    @property
    def weight(self) -> float:
        """The word's own weight, before its address and the guests' cap are counted.

        >>> Voter(True, 7, "a").weight, Voter(True, 0, "a").weight, Voter(False, 30, "a").weight
        (1.0, 0.125, 0.5)
        """
        return (1.0 if self.played else GUEST_WEIGHT) * min(1.0, (1 + max(0, self.age)) / AGE_FULL)


@dataclass(frozen=True, slots=True)
class Word:
    """One player's word on a puzzle, with who gave it."""

    band: str
    puzzle: str
    vote: PuzzleVote
    voter: Voter


def source_of(key: bytes, address: str) -> str:
    """What a word keeps of the address it came from: a keyed digest (16 hex digits), so words from
    one address can be told apart from others' without the address itself being kept.

    >>> source_of(b"k", "198.51.100.7") == source_of(b"k", "198.51.100.7") != source_of(b"k", "198.51.100.8")
    True
    """
    derived = hashlib.sha256(b"puzzle votes\0" + key).digest()
    return hmac.new(derived, address.encode(), "sha256").hexdigest()[:16]


def weigh(words: Sequence[Word]) -> list[float]:
    """Each of one puzzle's `words`' weight, in order: the voter's own (`Voter.weight`); then the
    words from one source together weigh no more than the heaviest of them (eight accounts on one
    address count as one voter); then the words the server has no play of (guests') together weigh
    at most GUEST_MOST. So no flood from one address moves a puzzle more than one player can.

    >>> flood = [Word("B", "a", PuzzleVote(-1), Voter(False, 0, "x")) for _ in range(8)]
    >>> [round(w, 4) for w in weigh(flood)]
    [0.0078, 0.0078, 0.0078, 0.0078, 0.0078, 0.0078, 0.0078, 0.0078]
    >>> real = [Word("B", "a", PuzzleVote(-1), Voter(True, 30, s)) for s in "pq"]
    >>> weigh(real)
    [1.0, 1.0]
    """
    weights = [w.voter.weight for w in words]
    by_source: dict[str, list[int]] = defaultdict(list)
    for i, w in enumerate(words):
        by_source[w.voter.source].append(i)
    for group in by_source.values():
        _scale(weights, group, max(weights[i] for i in group))
    _scale(weights, [i for i, w in enumerate(words) if not w.voter.played], GUEST_MOST)
    return weights


def _scale(weights: list[float], group: list[int], most: float) -> None:
    """Scale the weights at `group` down together so that they add up to at most `most`."""
    total = sum(weights[i] for i in group)
    if total > most:
        for i in group:
            weights[i] *= most / total


@dataclass(slots=True)
class VoteTally:
    """A puzzle's votes and reports, each word weighed (`weigh`): `up`, `down` and each reason's count
    are sums of weights; `words` how many words were counted, `guests` how many of them the server
    had no play of."""

    band: str
    puzzle: str
    up: float = 0.0
    down: float = 0.0
    reports: dict[str, float] = field(default_factory=dict)
    words: int = 0
    guests: int = 0

    @property
    def score(self) -> float:
        """Up votes less down votes, weighed."""
        return self.up - self.down

    @property
    def reported(self) -> float:
        return sum(self.reports.values())

    def to_row(self) -> list[Any]:
        return [self.band, self.puzzle, _kept(self.up), _kept(self.down),
                {k: _kept(n) for k, n in sorted(self.reports.items())}, self.words, self.guests]

    @classmethod
    def from_row(cls, row: list[Any]) -> VoteTally:
        """A row as kept; one kept before words were weighed (five fields, whole counts) reads as its
        counts, each word a player's."""
        words = int(row[5]) if len(row) > 5 else int(row[2]) + int(row[3])
        guests = int(row[6]) if len(row) > 6 else 0
        reports = {str(k): float(n) for k, n in row[4].items()}
        return cls(row[0], row[1], float(row[2]), float(row[3]), reports, words, guests)


def _kept(weight: float) -> float:
    """A weight as the view keeps it: four decimals are more than a ranking can tell apart."""
    return round(weight, 4)


def tally(words: Iterable[Word]) -> list[VoteTally]:
    """Each puzzle's tally from every player's word, each weighed (`weigh`), by puzzle id."""
    by_puzzle: dict[str, list[Word]] = defaultdict(list)
    for word in words:
        by_puzzle[word.puzzle].append(word)
    found = []
    for puzzle in sorted(by_puzzle):
        its = by_puzzle[puzzle]
        t = VoteTally(its[0].band, puzzle, words=len(its), guests=sum(not w.voter.played for w in its))
        for word, weight in zip(its, weigh(its), strict=True):
            vote = word.vote
            t.up += weight if vote.vote == 1 else 0.0
            t.down += weight if vote.vote == -1 else 0.0
            if vote.reason is not None:
                t.reports[vote.reason] = t.reports.get(vote.reason, 0.0) + weight
        found.append(t)
    return found


def worst_voted(tallies: Iterable[VoteTally], most: int) -> list[VoteTally]:
    """The `most` puzzles voted worst: the lowest up-less-down (weighed) first, then the most down
    votes, then by id; only puzzles with a down vote.

    >>> ts = [VoteTally("B", "a", up=3, down=1), VoteTally("B", "b", down=2), VoteTally("B", "c", up=1)]
    >>> [t.puzzle for t in worst_voted(ts, 5)]
    ['b', 'a']
    """
    down = [t for t in tallies if t.down > 0]
    return sorted(down, key=lambda t: (_kept(t.score), -_kept(t.down), t.puzzle))[:most]


def most_reported(tallies: Iterable[VoteTally], most: int) -> list[VoteTally]:
    """The `most` puzzles reported most: the most reports (weighed) first, then the lowest
    up-less-down, then by id.

    >>> ts = [VoteTally("B", "a", reports={"broken": 1}), VoteTally("B", "b", reports={"other": 2})]
    >>> [t.puzzle for t in most_reported(ts, 5)]
    ['b', 'a']
    """
    reported = [t for t in tallies if t.reported > 0]
    return sorted(reported, key=lambda t: (-_kept(t.reported), _kept(t.score), t.puzzle))[:most]
