"""A friends' or a club's board: a day's, ranked exactly as the game's public daily board ranks (each
result's rank key is the sort key that board's index keeps: clean, help, time or score, then who
posted first), and a week's: each person's days played and totals.

The results are each player's own ranked result of the day (what the public board would count: the
ticketed result, its floors, one a day), read from their own items by the service layer; who is on
the board (the people you follow who share their results, and you; a club's members) is its word too.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Entry:
    """One player's ranked result of a day: who (`pid`, `name`, whether it is the viewer), the rank key
    (the public board's sort key without the player id: lower ranks higher) and the board's columns."""

    pid: str
    name: str
    key: str
    row: dict[str, Any] = field(default_factory=dict)
    you: bool = False


@dataclass(frozen=True, slots=True)
class Placed:
    """An entry with its place among the board's (1 the best)."""

    place: int
    entry: Entry


def day_board(entries: Sequence[Entry]) -> list[Placed]:
    """The entries ranked as the public board ranks them (by rank key; the same key, never met in
    practice since it holds the posting time, falls back to name and id), placed 1, 2, 3, …

    >>> rows = day_board([Entry("b", "Bo", "1#0001"), Entry("a", "Ada", "0#0003")])
    >>> [(r.place, r.entry.name) for r in rows]
    [(1, 'Ada'), (2, 'Bo')]
    """
    ordered = sorted(entries, key=lambda e: (e.key, e.name.casefold(), e.pid))
    return [Placed(n, entry) for n, entry in enumerate(ordered, start=1)]


@dataclass(frozen=True, slots=True)
class Person:
    """Someone on a week's board: id, name, whether it is the viewer."""

    pid: str
    name: str
    you: bool = False


@dataclass(frozen=True, slots=True)
class WeekRow:
    """A person's week: their result of each day (None: not played), the days played, the totals of the
    board's columns over them (numbers summed, yes-or-no columns counted), and their place (more days
    played first; the same days, the same place)."""

    place: int
    person: Person
    days: tuple[Entry | None, ...]
    played: int
    totals: dict[str, int]


def week_of(day: dt.date) -> list[dt.date]:
    """The week `day` is in, Monday to Sunday (the chess daily's week: Easy on Monday, Hard on Sunday).

    >>> [d.isoformat() for d in week_of(dt.date(2026, 12, 3))][::6]
    ['2026-11-30', '2026-12-06']
    """
    monday = day - dt.timedelta(days=day.weekday())
    return [monday + dt.timedelta(days=n) for n in range(7)]


def totals(entries: Sequence[Entry]) -> dict[str, int]:
    """The board's columns summed over `entries`: a number's total, a yes-or-no column's count of yes
    (text, such as a date, left out).

    >>> totals([Entry("a", "A", "k", {"seconds": 40, "clean": True, "date": "x"}),
    ...         Entry("a", "A", "k", {"seconds": 25, "clean": False, "date": "y"})])
    {'clean': 1, 'seconds': 65}
    """
    out: dict[str, int] = {}
    for entry in entries:
        for name, value in entry.row.items():
            if isinstance(value, bool):
                out[name] = out.get(name, 0) + int(value)
            elif isinstance(value, int):
                out[name] = out.get(name, 0) + value
    return dict(sorted(out.items()))


def week_board(people: Sequence[Person], days: Sequence[str], results: Mapping[tuple[str, str], Entry]
               ) -> list[WeekRow]:
    """Each person's week over `days` (dates) from `results` ({(pid, date): their entry}): more days
    played first, then by name; the same number of days shares a place.

    >>> people = [Person("a", "Ada"), Person("b", "Bo", True)]
    >>> got = week_board(people, ["d1", "d2"], {("b", "d1"): Entry("b", "Bo", "k", {"seconds": 9})})
    >>> [(r.place, r.person.name, r.played, r.totals) for r in got]
    [(1, 'Bo', 1, {'seconds': 9}), (2, 'Ada', 0, {})]
    """
    rows = []
    for person in people:
        week = tuple(results.get((person.pid, day)) for day in days)
        played = [e for e in week if e is not None]
        rows.append((person, week, len(played), totals(played)))
    rows.sort(key=lambda r: (-r[2], r[0].name.casefold(), r[0].pid))
    out: list[WeekRow] = []
    for n, (person, week, played_days, summed) in enumerate(rows):
        place = out[-1].place if out and out[-1].played == played_days else n + 1
        out.append(WeekRow(place, person, week, played_days, summed))
    return out
