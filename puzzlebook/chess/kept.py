"""What Chess Puzzles keeps of a result, as typed values: a solve, a miss, a band's tally and a line
of the history. The settle step (results.py) makes them; the store keeps each as its item's record
(`to_doc`) and reads it back (`from_doc`, which also reads what was kept before a field existed).
docs/store.md lists the items; the day's tally is the dashboard's (dashboard.DayTally).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from puzzlebook.chess.dashboard import Result, result_of, result_seen
from puzzlebook.ratings import Rating


def _rating(doc: dict[str, float] | None) -> Rating | None:
    return Rating(**doc) if doc else None


def _doc(rating: Rating | None) -> dict[str, float] | None:
    return rating.to_doc() if rating is not None else None


@dataclass(frozen=True, slots=True)
class KeptSolve:
    """A solve as kept: the puzzle (id, band, Lichess rating, themes), the moves and counts, whether
    it was clean, when it was posted (UTC stamp) and on which site day (None: kept before the day
    was), the day whose board it is on (None: none), the player's rating before and after it (both
    None when it wasn't rated) and whether it came offline."""

    id: str
    band: str
    moves: tuple[str, ...]
    mistakes: int
    hints: int
    seconds: int
    clean: bool
    rating: int
    posted: str
    themes: tuple[str, ...] = ()
    day: str | None = None
    daily: str | None = None
    before: Rating | None = None
    after: Rating | None = None
    offline: bool = False

    @property
    def rated(self) -> bool:
        """Whether this solve moved the rating (it was the first result, with a ticket)."""
        return self.after is not None

    def after_a_miss(self) -> KeptSolve:
        """The solve as one after a miss: at least one mistake, not clean, unrated."""
        return replace(self, mistakes=max(1, self.mistakes), clean=False, before=None, after=None)

    def to_doc(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "band": self.band,
            "moves": list(self.moves),
            "mistakes": self.mistakes,
            "hints": self.hints,
            "seconds": self.seconds,
            "clean": self.clean,
            "rating": self.rating,
            "themes": list(self.themes),
            "posted": self.posted,
            "day": self.day,
            "daily": self.daily,
            "before": _doc(self.before),
            "after": _doc(self.after),
            "offline": self.offline,
        }

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> KeptSolve:
        return cls(
            id=doc["id"],
            band=doc["band"],
            moves=tuple(doc.get("moves", ())),
            mistakes=doc["mistakes"],
            hints=doc["hints"],
            seconds=doc["seconds"],
            clean=bool(doc["clean"]),
            rating=doc["rating"],
            posted=doc["posted"],
            themes=tuple(doc.get("themes", ())),
            day=doc.get("day"),
            daily=doc.get("daily"),
            before=_rating(doc.get("before")),
            after=_rating(doc.get("after")),
            offline=bool(doc.get("offline", False)),
        )


@dataclass(frozen=True, slots=True)
class KeptMiss:
    """A miss as kept: the puzzle, how it went ("wrong": a wrong move, "gave-up": Show solution), the
    moves up to the wrong one, when it was posted, the day whose daily it was (None: none), the rating
    before and after it (None when it wasn't rated) and whether it came offline."""

    id: str
    band: str
    how: Literal["wrong", "gave-up"]
    moves: tuple[str, ...]
    rating: int
    posted: str
    themes: tuple[str, ...] = ()
    daily: str | None = None
    before: Rating | None = None
    after: Rating | None = None
    offline: bool = False

    def to_doc(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "band": self.band,
            "how": self.how,
            "moves": list(self.moves),
            "rating": self.rating,
            "themes": list(self.themes),
            "posted": self.posted,
            "daily": self.daily,
            "before": _doc(self.before),
            "after": _doc(self.after),
            "offline": self.offline,
        }

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> KeptMiss:
        return cls(
            id=doc["id"],
            band=doc["band"],
            how=doc["how"],
            moves=tuple(doc.get("moves", ())),
            rating=doc["rating"],
            posted=doc["posted"],
            themes=tuple(doc.get("themes", ())),
            daily=doc.get("daily"),
            before=_rating(doc.get("before")),
            after=_rating(doc.get("after")),
            offline=bool(doc.get("offline", False)),
        )


@dataclass(frozen=True, slots=True)
class BandTally:
    """One band's tally: solves, clean solves (those offline among them: `offline_clean`), and when
    the ranked clean count was last reached (UTC stamp: ties on the band's board go to the first)."""

    solved: int = 0
    clean: int = 0
    clean_at: str | None = None
    offline_clean: int = 0

    @property
    def ranked_clean(self) -> int:
        """The clean solves the band's all-time board counts: those posted with a ticket."""
        return self.clean - self.offline_clean

    def to_doc(self) -> dict[str, Any]:
        return {"solved": self.solved, "clean": self.clean, "clean_at": self.clean_at,
                "offline_clean": self.offline_clean}

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> BandTally:
        return cls(
            doc.get("solved", 0), doc.get("clean", 0), doc.get("clean_at"), doc.get("offline_clean", 0)
        )


@dataclass(frozen=True, slots=True)
class HistoryLine:
    """A line of the player's history: a first result (the puzzle, its result in the history's words,
    the site day it counts on, when it was posted, and the player's whole rating before and after it,
    with the change; None where it wasn't rated)."""

    id: str
    band: str
    rating: int
    themes: tuple[str, ...]
    result: Result
    day: str
    posted: str
    before: int | None = None
    after: int | None = None

    @property
    def change(self) -> int | None:
        return self.after - self.before if self.before is not None and self.after is not None else None

    @property
    def missed(self) -> bool:
        """Whether it wasn't solved first try for a mistake or a miss (so it is listed among the
        missed puzzles too: "Missed only", Replay missed). A solve with hints alone isn't."""
        return self.result in ("mistake", "missed", "shown")

    def to_doc(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "band": self.band,
            "rating": self.rating,
            "themes": list(self.themes),
            "result": self.result,
            "day": self.day,
            "posted": self.posted,
            "before": self.before,
            "after": self.after,
            "change": self.change,
        }

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> HistoryLine:
        return cls(
            doc["id"], doc["band"], doc["rating"], tuple(doc.get("themes", ())), doc["result"], doc["day"],
            doc["posted"], doc.get("before"), doc.get("after"),
        )


def first_result(solve: KeptSolve | None, miss: KeptMiss | None) -> Result | None:
    """The first result a puzzle's kept solve and miss make, as the history reads it (None: neither):
    a miss is the first result when there is one, read "mistake" once the puzzle is solved after a
    wrong move (result_seen); else the solve's.

    >>> solve = KeptSolve("a", "Easy", ("e2e4",), 1, 0, 9, False, 1200, "2026-12-01T10:00:00Z")
    >>> miss = KeptMiss("a", "Easy", "wrong", ("e2e3",), 1200, "2026-12-01T09:59:00Z")
    >>> first_result(solve, miss), first_result(None, miss), first_result(solve, None)
    ('mistake', 'missed', 'mistake')
    >>> first_result(solve, replace(miss, how="gave-up")), first_result(None, None)
    ('shown', None)
    """
    if miss is not None:
        return result_seen(result_of("miss", how=miss.how), solve is not None)
    if solve is not None:
        return result_of("solve", clean=solve.clean, mistakes=solve.mistakes)
    return None
