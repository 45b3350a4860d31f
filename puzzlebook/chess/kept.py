"""What Chess Puzzles keeps of a result, as typed values: a solve, a miss, a band's tally, a line
of the history and a day of it (its lines and its tally, the dashboard's dashboard.DayTally). The
settle step (results.py) makes them; the store keeps each as its item's record (`to_doc`) and reads it
back (`from_doc`, which also reads what was kept before a field existed). docs/store.md lists the items.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, Literal

from puzzlebook.chess.dashboard import DayTally, Result, add_result, remove_result, result_of, result_seen
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


    def to_row(self) -> list[Any]:
        """As a day of the history keeps it (its day is the day's): one short row,
        `[id, band, rating, themes, result, posted, before, after]`."""
        return [self.id, self.band, self.rating, list(self.themes), self.result, self.posted, self.before,
                self.after]

    @classmethod
    def from_row(cls, row: list[Any], day: str) -> HistoryLine:
        return cls(row[0], row[1], row[2], tuple(row[3]), row[4], day, row[5], row[6], row[7])

    @property
    def key(self) -> tuple[str, str]:
        """(posted, id): what tells a line from every other (the history's order and cursor)."""
        return self.posted, self.id


class NeedPages(Exception):
    """A day's lines are wanted whole (a line to replace isn't among its newest), and its `pages` pages
    of older lines weren't read: read them and decide again."""

    def __init__(self, day: str, pages: int) -> None:
        super().__init__(day, pages)
        self.day = day
        self.pages = pages


@dataclass(frozen=True, slots=True)
class HistoryDay:
    """A day of the player's history: its tally (the dashboard's `DayTally`) and its first results'
    lines, kept together in one item.

    tally: the day's, over every first result it has (None: none yet); lines: the day's newest lines,
    in the order posted; pages: how many pages of older lines the day has besides (the store moves
    lines out to a page of their own when the day's item would grow past its size:
    service/games/chess/history.py); paged: those pages' lines, oldest page first, when they were read
    (None: not read). A day kept before days kept their lines has its tally alone: its results' lines
    are items of their own, read as they were."""

    day: str
    tally: DayTally | None = None
    lines: tuple[HistoryLine, ...] = ()
    pages: int = 0
    paged: tuple[tuple[HistoryLine, ...], ...] | None = None

    def with_line(self, line: HistoryLine, replaces: HistoryLine | None = None) -> tuple[HistoryDay, bool]:
        """The day with `line`, its newest, counted in its tally; in place of the line `replaces` (a miss
        that won a tie takes the solve's place: the puzzle stays played, no longer first try) wherever
        the day has it. And whether `replaces` was a line kept the old way, an item of its own (not
        among the day's lines: the store deletes it), counted in the day's tally all the same.

        >>> day = HistoryDay("2026-11-02")
        >>> solve = HistoryLine("a", "Easy", 900, ("fork",), "clean", "2026-11-02", "t1", 1500, 1520)
        >>> miss = HistoryLine("a", "Easy", 900, ("fork",), "missed", "2026-11-02", "t2", 1500, 1380)
        >>> day, _ = day.with_line(solve)
        >>> day, old = day.with_line(miss, replaces=solve)
        >>> [line.result for line in day.lines], old, (day.tally.played, day.tally.first, day.tally.rating)
        (['missed'], False, (1, 0, 1380))
        """
        tally = self.tally
        if replaces is not None and tally is not None:
            tally = remove_result(tally, replaces.themes, replaces.rating, replaces.result == "clean")
        tally = add_result(tally, self.day, line.themes, line.rating, line.result == "clean", line.after)
        if replaces is None:
            return replace(self, tally=tally, lines=(*self.lines, line)), False
        if any(kept.key == replaces.key for kept in self.lines):
            lines = tuple(kept for kept in self.lines if kept.key != replaces.key)
            return replace(self, tally=tally, lines=(*lines, line)), False
        if self.pages and self.paged is None:
            raise NeedPages(self.day, self.pages)
        if self.paged is not None:
            paged = tuple(tuple(kept for kept in page if kept.key != replaces.key) for page in self.paged)
            if paged != self.paged:
                return replace(self, tally=tally, lines=(*self.lines, line), paged=paged), False
        return replace(self, tally=tally, lines=(*self.lines, line)), True  # kept the old way

    def every_line(self) -> list[HistoryLine]:
        """Every line of the day, in the order posted (its pages must have been read when it has any)."""
        if self.pages and self.paged is None:
            raise NeedPages(self.day, self.pages)
        return [line for page in self.paged or () for line in page] + list(self.lines)

    def to_doc(self) -> dict[str, Any]:
        """The day's item: its tally, its newest lines as rows, and its pages when it has them."""
        doc: dict[str, Any] = {"day": self.day, "tally": self.tally.to_doc() if self.tally else None,
                               "lines": [line.to_row() for line in self.lines]}
        if self.pages:
            doc["pages"] = self.pages
        return doc

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> HistoryDay:
        """A day's item; one kept before days kept their lines (a tally: {day, played, ...}) reads as
        that tally, with no lines."""
        day = doc["day"]
        if "lines" not in doc:
            return cls(day, DayTally.from_doc(doc))
        tally = DayTally.from_doc(doc["tally"]) if doc.get("tally") else None
        lines = tuple(HistoryLine.from_row(row, day) for row in doc["lines"])
        return cls(day, tally, lines, doc.get("pages", 0))


def page_lines(doc: dict[str, Any]) -> tuple[HistoryLine, ...]:
    """The lines of a page of a day's older lines (its item: {day, lines})."""
    return tuple(HistoryLine.from_row(row, doc["day"]) for row in doc["lines"])


def page_doc(day: str, lines: Iterable[HistoryLine]) -> dict[str, Any]:
    """A page of a day's older lines, as its item keeps it."""
    return {"day": day, "lines": [line.to_row() for line in lines]}


def day_tally(doc: dict[str, Any]) -> DayTally | None:
    """The tally a day's item keeps (one kept before days kept their lines is its tally)."""
    if "lines" not in doc:
        return DayTally.from_doc(doc)
    return DayTally.from_doc(doc["tally"]) if doc.get("tally") else None


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
