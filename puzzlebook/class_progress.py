"""A class's progress for its teacher, decided: the heatmap of students × themes over the last 7, 30
or 90 site days, from each student's own day tallies (puzzlebook.chess.dashboard.DayTally, the same
figures the student's dashboard reads), and the heatmap as CSV. Nothing here reads or writes:
service/classes/progress.py reads each student's tallies and calls these; functions/routes/classes/
progress.py answers. docs/classes.md, "A student's progress, to their teacher".

- A **cell** is one student's puzzles of one theme in the span: how many they played, how many of
  those they solved first try (no wrong move, no hint), and that share in whole per cent
  (`percent`, the dashboard's rounding; None when they played none).
- A theme is a **column** once the class together played it at least MIN_PLAYS times in the span
  (the dashboard's own threshold, counted over the class), leaving out the themes that only say a
  puzzle's length or ending (NOT_MOTIFS, as the dashboard does).
- Columns go **weakest first**: the class's first-try share over the theme, lowest first (compared
  exactly, as fractions), then the most played, then the theme's key.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from puzzlebook.chess.dashboard import MIN_PLAYS, NOT_MOTIFS, SPANS, DayTally, first_day, percent

__all__ = ["MIN_PLAYS", "SPANS", "Student", "heatmap", "to_csv"]


@dataclass(frozen=True, slots=True)
class Student:
    """A student as the heatmap reads them: their id, their name in the class, their day tallies
    (any days: those outside the span are left out)."""

    id: str
    name: str
    tallies: Sequence[DayTally]


def _cell(played: int, first: int) -> dict[str, Any]:
    return {"played": played, "first": first, "first_rate": percent(first, played)}


def _sums(tallies: Iterable[DayTally], start: str, today: str) -> tuple[int, int, dict[str, list[int]]]:
    """Played and first try over the span, and per theme [played, first]."""
    played = first = 0
    themes: dict[str, list[int]] = {}
    for tally in tallies:
        if not start <= tally.day <= today:
            continue
        played += tally.played
        first += tally.first
        for name, counts in tally.themes.items():
            if name in NOT_MOTIFS:
                continue
            sums = themes.setdefault(name, [0, 0])
            sums[0] += counts[0]
            sums[1] += counts[1]
    return played, first, themes


def heatmap(students: Sequence[Student], today: str, days: int) -> dict[str, Any]:
    """The heatmap of the `days` days ending `today` (site days, both included): the columns (each
    theme the class played at least MIN_PLAYS times, weakest first, with the class's figures) and a
    row per student, in the order given, with their figures over all and a cell per column.

    >>> from puzzlebook.chess.dashboard import add_result
    >>> def day(*plays):
    ...     tally = None
    ...     for theme, won in plays:
    ...         tally = add_result(tally, "2026-11-02", [theme, "short"], 1500, won, None)
    ...     return [tally]
    >>> ada = Student("a", "Ada", day(("fork", True), ("fork", True), ("fork", False), ("pin", True)))
    >>> bo = Student("b", "Bo", day(("fork", False), ("fork", False), ("pin", True)))
    >>> got = heatmap([ada, bo], "2026-11-02", 7)
    >>> [(c["theme"], c["played"], c["first"], c["first_rate"]) for c in got["themes"]]
    [('fork', 5, 2, 40)]
    >>> [(row["name"], row["played"], [c["first_rate"] for c in row["cells"]]) for row in got["students"]]
    [('Ada', 4, [67]), ('Bo', 3, [0])]
    """
    if days not in SPANS:
        raise ValueError(f"days must be one of {SPANS}")
    start = first_day(today, days)
    read = [(student, *_sums(student.tallies, start, today)) for student in students]
    totals: dict[str, list[int]] = {}
    for *_, themes in read:
        for name, (played, first) in themes.items():
            sums = totals.setdefault(name, [0, 0])
            sums[0] += played
            sums[1] += first
    shown = [(name, played, first) for name, (played, first) in totals.items() if played >= MIN_PLAYS]
    # first/played lowest first, exactly: a/b < c/d as a*d < c*b (no float ties between 1/3 and 2/6).
    shown.sort(key=lambda col: (_Share(col[2], col[1]), -col[1], col[0]))
    columns = [name for name, _, _ in shown]
    return {
        "days": days,
        "from": start,
        "to": today,
        "min_plays": MIN_PLAYS,
        "themes": [{"theme": name, **_cell(played, first)} for name, played, first in shown],
        "students": [
            {
                "id": student.id,
                "name": student.name,
                **_cell(played, first),
                "cells": [_cell(*themes.get(name, (0, 0))) for name in columns],
            }
            for student, played, first, themes in read
        ],
    }


@dataclass(frozen=True, slots=True)
class _Share:
    """first/played, ordered exactly."""

    first: int
    played: int

    def __lt__(self, other: _Share) -> bool:
        return self.first * other.played < other.first * self.played


def csv_field(value: object) -> str:
    """A CSV field: quoted when it must be, and a leading = + - @ (a tab, a return) made inert for
    spreadsheets, as the lesson table's CSV does (site/static/js/classes/table.js csvField).

    >>> csv_field("=SUM(A1)"), csv_field('Bo "the" Bold'), csv_field(3)
    ("'=SUM(A1)", '"Bo ""the"" Bold"', '3')
    """
    text = "" if value is None else str(value)
    if text[:1] in ("=", "+", "-", "@", "\t", "\r"):
        text = "'" + text
    if any(c in text for c in '",\r\n'):
        text = '"' + text.replace('"', '""') + '"'
    return text


def to_csv(figures: dict[str, Any], names: dict[str, str] | None = None) -> str:
    """The heatmap as CSV (RFC 4180, CRLF): a row per student (their name, played, solved first try
    and its %), then per column the theme's played, first try and %; a first row of the class. A
    theme is headed by its name in words (`names`: key → words; the key when missing).

    >>> print(to_csv({"themes": [{"theme": "fork", "played": 5, "first": 2, "first_rate": 40}],
    ...     "students": [{"name": "Ada", "played": 4, "first": 3, "first_rate": 75,
    ...                   "cells": [{"played": 0, "first": 0, "first_rate": None}]}]},
    ...     {"fork": "Fork"}).replace("\\r", ""), end="")
    Student,Played,Solved first try,First try %,Fork: played,Fork: first try,Fork: first try %
    Whole class,4,3,75,5,2,40
    Ada,4,3,75,0,0,
    """
    words = names or {}
    head = ["Student", "Played", "Solved first try", "First try %"]
    for column in figures["themes"]:
        name = words.get(column["theme"], column["theme"])
        head += [f"{name}: played", f"{name}: first try", f"{name}: first try %"]
    students = figures["students"]
    played = sum(row["played"] for row in students)
    first = sum(row["first"] for row in students)
    whole = ["Whole class", played, first, percent(first, played)]
    for column in figures["themes"]:
        whole += [column["played"], column["first"], column["first_rate"]]
    lines = [head, whole]
    for row in students:
        line = [row["name"], row["played"], row["first"], row["first_rate"]]
        for cell in row["cells"]:
            line += [cell["played"], cell["first"], cell["first_rate"]]
        lines.append(line)
    return "".join(",".join(csv_field(v) for v in line) + "\r\n" for line in lines)
