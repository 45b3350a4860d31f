"""The puzzle dashboard's figures and the history's words for a result: pure rules, the same in the
browser (site/static/js/chess/dashboard.js; tests/vectors/dashboard.json binds the two).

A player's results make one **day tally** per site day they played (`DayTally`: the store makes it
from the day's lines of the history, kept.HistoryDay; the browser from a guest's own log,
`tallies_of`), written (`DayTally.to_doc`):

    {"day": "2026-11-02", "played": 4, "first": 3, "ratings": 6210, "rating": 1523,
     "themes": {"fork": [2, 1, 3050], ...}}

played: puzzles whose first result came that day; first: of those, solved first try (cleanly: no
mistake, no hint); ratings: the sum of those puzzles' ratings; rating: the player's rating after
the day's last rated result (None for a guest, or a day without one); themes: per theme of the
puzzles, [played, first, ratings].

`dashboard(tallies, today, days)` reads the tallies of the last `days` days (today included). A
theme's performance is Lichess's (lila, modules/puzzle PuzzleDashboard): the average rating of
its puzzles − 500 + 1000 × the share solved first try (docs/ratings.md, "The dashboard").
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

SPANS = (7, 30, 90)
MIN_PLAYS = 5  # a theme's figures are shown once it was played this often in the span
TOP = 8  # weakest and strongest themes shown, as Lichess shows
# Themes that say how long a puzzle is, how the evaluation ends or whose game it came from: not
# something to practise, so left out of the themes' figures (Lichess leaves out the same).
NOT_MOTIFS = frozenset(
    {
        "oneMove",
        "short",
        "long",
        "veryLong",
        "mateIn1",
        "mateIn2",
        "mateIn3",
        "mateIn4",
        "mateIn5",
        "equality",
        "advantage",
        "crushing",
        "master",
        "masterVsMaster",
        "superGM",
    }
)

Result = Literal["clean", "help", "mistake", "missed", "shown"]
RESULTS: tuple[Result, ...] = ("clean", "help", "mistake", "missed", "shown")


def result_of(kind: str, *, clean: bool = False, how: str | None = None, mistakes: int = 0) -> Result:
    """A first result in the history's words: a solve is clean, with help (hints, no mistake) or
    after a mistake; a miss is missed (a wrong move) or shown (Show solution before any wrong move).

    >>> result_of("solve", clean=True), result_of("solve"), result_of("solve", mistakes=1)
    ('clean', 'help', 'mistake')
    >>> result_of("miss", how="wrong"), result_of("miss", how="gave-up")
    ('missed', 'shown')
    """
    if kind == "solve":
        return "clean" if clean else "mistake" if mistakes else "help"
    return "shown" if how == "gave-up" else "missed"


@dataclass(frozen=True, slots=True)
class DayTally:
    """A site day's first results: how many, how many first try, the sum of their puzzles' ratings,
    the player's whole rating after the day's last rated one (None: none rated), and per theme
    (played, first, ratings)."""

    day: str
    played: int = 0
    first: int = 0
    ratings: int = 0
    rating: int | None = None
    themes: dict[str, tuple[int, int, int]] = field(default_factory=dict)

    def to_doc(self) -> dict[str, Any]:
        return {
            "day": self.day,
            "played": self.played,
            "first": self.first,
            "ratings": self.ratings,
            "rating": self.rating,
            "themes": {name: list(counts) for name, counts in self.themes.items()},
        }

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> DayTally:
        themes = {name: (int(c[0]), int(c[1]), int(c[2])) for name, c in doc.get("themes", {}).items()}
        return cls(doc["day"], doc["played"], doc["first"], doc["ratings"], doc.get("rating"), themes)


def result_seen(result: Result, solved_later: bool) -> Result:
    """A history line's result as the player reads it: a wrong move was the first result ("missed",
    and rated so), but a puzzle solved after it was solved after a mistake, not missed. Show
    solution first stays "shown", whatever came after.

    >>> result_seen("missed", True), result_seen("missed", False), result_seen("shown", True)
    ('mistake', 'missed', 'shown')
    """
    return "mistake" if result == "missed" and solved_later else result


def add_result(
    tally: DayTally | None,
    day: str,
    themes: Sequence[str],
    puzzle_rating: int,
    first_try: bool,
    rating_after: int | None,
) -> DayTally:
    """`tally` (None: the day's first) with one more first result: a puzzle of `puzzle_rating` with
    `themes`, solved first try or not, leaving the player at `rating_after` (None: unrated).

    >>> t = add_result(None, "2026-11-02", ["fork", "short"], 1500, True, 1520)
    >>> t = add_result(t, "2026-11-02", ["fork"], 1700, False, None)
    >>> t.played, t.first, t.ratings, t.rating, t.themes
    (2, 1, 3200, 1520, {'fork': (2, 1, 3200), 'short': (1, 1, 1500)})
    """
    base = tally or DayTally(day)
    win = 1 if first_try else 0
    kept = dict(base.themes)
    for name in dict.fromkeys(themes):  # a theme named twice counts once
        played, first, ratings = kept.get(name, (0, 0, 0))
        kept[name] = (played + 1, first + win, ratings + puzzle_rating)
    return DayTally(
        day=day,
        played=base.played + 1,
        first=base.first + win,
        ratings=base.ratings + puzzle_rating,
        rating=base.rating if rating_after is None else rating_after,
        themes=dict(sorted(kept.items())),
    )


def remove_result(tally: DayTally, themes: Sequence[str], puzzle_rating: int, first_try: bool) -> DayTally:
    """`tally` without one of its results (a puzzle of `puzzle_rating` with `themes`, solved first try
    or not): a solve counted in a day's tally kept before days kept their lines, which a miss of the
    same play took the place of (its own line then counts it). The rating after the day stays: the
    line that takes its place is later, and sets it.

    >>> t = add_result(None, "2026-11-02", ["fork"], 1500, True, 1520)
    >>> t = add_result(t, "2026-11-02", ["fork", "pin"], 1700, True, 1540)
    >>> t = remove_result(t, ["fork", "pin"], 1700, True)
    >>> t.played, t.first, t.ratings, t.rating, t.themes
    (1, 1, 1500, 1540, {'fork': (1, 1, 1500)})
    """
    win = 1 if first_try else 0
    kept = dict(tally.themes)
    for name in dict.fromkeys(themes):
        if name in kept:
            played, first, ratings = kept[name]
            if played <= 1:
                del kept[name]
            else:
                kept[name] = (played - 1, max(0, first - win), ratings - puzzle_rating)
    return DayTally(
        day=tally.day,
        played=max(0, tally.played - 1),
        first=max(0, tally.first - win),
        ratings=tally.ratings - puzzle_rating,
        rating=tally.rating,
        themes=kept,
    )


def percent(part: int, whole: int) -> int | None:
    """`part` of `whole` in whole per cent, rounded half up in integers (so Python and JavaScript
    agree), except that only all of it reads 100 and only none of it reads 0: 199 of 200 is 99, not
    100, and 1 of 300 is 1, not 0. None of nothing.

    >>> percent(3, 7), percent(2, 3), percent(1, 8), percent(3, 3), percent(0, 0)
    (43, 67, 13, 100, None)
    >>> percent(199, 200), percent(1, 300), percent(0, 5)
    (99, 1, 0)
    """
    if not whole:
        return None
    rounded = (200 * part + whole) // (2 * whole)
    if part < whole:
        rounded = min(rounded, 99)
    if part > 0:
        rounded = max(rounded, 1)
    return rounded


def performance(played: int, first: int, ratings: int) -> int | None:
    """Lichess's performance: the puzzles' average rating − 500 + 1000 × the share solved first
    try, rounded half up (exact in integers, so Python and JavaScript agree). None of nothing.

    >>> performance(4, 2, 6000), performance(4, 4, 6000), performance(4, 0, 6000), performance(3, 1, 4501)
    (1500, 2000, 1000, 1334)
    """
    if not played:
        return None
    numerator = 2 * (ratings + 1000 * first) + played
    return numerator // (2 * played) - 500


def first_day(today: str, days: int) -> str:
    """The first day of the span of `days` days ending `today`.

    >>> first_day("2026-11-02", 7)
    '2026-10-27'
    """
    return (dt.date.fromisoformat(today) - dt.timedelta(days=days - 1)).isoformat()


def _theme_row(name: str, played: int, first: int, ratings: int) -> dict[str, Any]:
    return {
        "theme": name,
        "played": played,
        "first": first,
        "first_rate": percent(first, played),
        "performance": performance(played, first, ratings),
    }


def dashboard(tallies: Iterable[DayTally], today: str, days: int) -> dict[str, Any]:
    """The figures of the `days` days ending `today`, from the player's day tallies (any order; days
    outside the span are left out): puzzles played, solved first try (count and %), the performance
    over all, every theme played at least MIN_PLAYS times (weakest first), the TOP weakest (below
    the overall performance, at least one not solved first try) and strongest (above it, at least
    one solved first try), and the rating after each day that moved it."""
    start = first_day(today, days)
    inside = sorted((t for t in tallies if start <= t.day <= today), key=lambda t: t.day)
    played = sum(t.played for t in inside)
    first = sum(t.first for t in inside)
    ratings = sum(t.ratings for t in inside)
    totals: dict[str, list[int]] = {}
    for t in inside:
        for name, counts in t.themes.items():
            if name in NOT_MOTIFS:
                continue
            sums = totals.setdefault(name, [0, 0, 0])
            for i in range(3):
                sums[i] += counts[i]
    rows = [_theme_row(name, *sums) for name, sums in totals.items() if sums[0] >= MIN_PLAYS]
    rows.sort(key=lambda r: (r["performance"], -r["played"], r["theme"]))
    overall = performance(played, first, ratings)
    weak = [
        r for r in rows if overall is not None and r["performance"] < overall and r["first"] < r["played"]
    ]
    strong = [r for r in rows if overall is not None and r["performance"] > overall and r["first"] > 0]
    strong.sort(key=lambda r: (-r["performance"], -r["played"], r["theme"]))
    return {
        "days": days,
        "from": start,
        "to": today,
        "played": played,
        "first": first,
        "first_rate": percent(first, played),
        "performance": overall,
        "themes": rows,
        "weak": weak[:TOP],
        "strong": strong[:TOP],
        "ratings": [{"day": t.day, "rating": t.rating} for t in inside if t.rating is not None],
    }


def tallies_of(log: Iterable[dict[str, Any]]) -> list[DayTally]:
    """Day tallies from a log of first results, oldest first ({day, themes, rating, result, after}:
    the puzzle's rating, the history's result, the player's rating after it or None), as the store
    would have kept them one by one.

    >>> entry = {"day": "2026-11-01", "themes": [], "rating": 900, "result": "clean", "after": None}
    >>> [t.played for t in tallies_of([entry, entry])]
    [2]
    """
    days: dict[str, DayTally] = {}
    for entry in log:
        day = entry["day"]
        days[day] = add_result(
            days.get(day),
            day,
            entry.get("themes") or [],
            entry["rating"],
            entry["result"] == "clean",
            entry.get("after"),
        )
    return list(days.values())
