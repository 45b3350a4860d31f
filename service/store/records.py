"""What the store keeps and answers, as plain dataclasses (no storage details)."""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from puzzlebook.ratings import NEW_PLAYER, Rating


@dataclass(frozen=True, slots=True)
class Player:
    """A player: id, display name, the SHA-256 of their token, and when they joined."""

    id: str
    name: str
    token_hash: str
    created: str


@dataclass(frozen=True, slots=True)
class Streak:
    """Days in a row with a daily solved: the last such day, the run's length, when it got there, the best."""

    day: str | None = None
    length: int = 0
    at: str | None = None
    best: int = 0

    def current(self, today: dt.date) -> int:
        """The run as it stands on `today`: alive if its last day is today or yesterday, else 0."""
        if self.day is None:
            return 0
        last = dt.date.fromisoformat(self.day)
        return self.length if (today - last).days in (0, 1) else 0

    def extended(self, today: dt.date, at: str) -> Streak:
        """The run after a daily solved on `today` (posted at `at`); another the same day changes nothing."""
        if self.day == today.isoformat():
            return self
        length = self.current(today) + 1
        return Streak(today.isoformat(), length, at, max(self.best, length))


@dataclass(frozen=True, slots=True)
class ChessStats:
    """A player's Chess Puzzles tallies and rating (None until their first rated result)."""

    version: int = 0
    solved: int = 0
    clean: int = 0
    missed: int = 0
    rated: int = 0
    rating: Rating | None = None
    clean_at: str | None = None
    bands: dict[str, dict[str, Any]] = field(default_factory=dict)
    streak: Streak = Streak()

    @property
    def current_rating(self) -> Rating:
        """The rating to rate the next result from: a new player's until the first."""
        return self.rating or NEW_PLAYER

    def band(self, name: str) -> dict[str, Any]:
        """One band's tally: {solved, clean, clean_at}."""
        return self.bands.get(name, {"solved": 0, "clean": 0, "clean_at": None})

    def to_doc(self) -> dict[str, Any]:
        doc = asdict(self)
        doc.pop("version")
        return doc

    @classmethod
    def from_doc(cls, doc: dict[str, Any] | None, version: int) -> ChessStats:
        if not doc:
            return cls(version=version)
        rating = doc.get("rating")
        return cls(
            version=version,
            solved=doc["solved"],
            clean=doc["clean"],
            missed=doc["missed"],
            rated=doc["rated"],
            rating=Rating(**rating) if rating else None,
            clean_at=doc["clean_at"],
            bands=doc["bands"],
            streak=Streak(**doc["streak"]),
        )

    def with_(self, **changes: Any) -> ChessStats:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class ChainStats:
    """A player's Chain tallies: solved, clean (no undo or reset), given up, and the streak."""

    version: int = 0
    solved: int = 0
    clean: int = 0
    gave_up: int = 0
    streak: Streak = Streak()

    def to_doc(self) -> dict[str, Any]:
        doc = asdict(self)
        doc.pop("version")
        return doc

    @classmethod
    def from_doc(cls, doc: dict[str, Any] | None, version: int) -> ChainStats:
        if not doc:
            return cls(version=version)
        return cls(
            version=version,
            solved=doc["solved"],
            clean=doc["clean"],
            gave_up=doc["gave_up"],
            streak=Streak(**doc["streak"]),
        )


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


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One place on a board: the place, the player, and what the board ranks by."""

    place: int
    player_id: str
    name: str
    detail: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Board:
    """The top of a board (at most 100 rows) and the caller's own row, when they have a place."""

    rows: list[BoardRow]
    mine: BoardRow | None = None


@dataclass(frozen=True, slots=True)
class Lesson:
    """A stored lesson: its unguessable id, its owner, the lesson as imported, and when."""

    id: str
    owner_id: str
    lesson: Any
    created: str


@dataclass(frozen=True, slots=True)
class LessonHead:
    """What a teacher's list shows of a stored lesson, read without the lesson itself."""

    id: str
    owner_id: str
    name: str
    count: int
    created: str


@dataclass(frozen=True, slots=True)
class KeptDaily:
    """A chess daily kept for a day and band: the puzzle's Lichess id and rating."""

    day: str
    band: str
    id: str
    rating: int
