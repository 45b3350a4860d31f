"""The level of each day of the week and what each level asks for."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from puzzlebook.calendar import parse_day


@dataclass(frozen=True)
class Level:
    """A level: its name, the moves a solution takes and the tiles in the hand."""

    name: str
    moves: int
    tiles: int

    @property
    def spares(self) -> int:
        return self.tiles - self.moves


LEVELS: dict[str, Level] = {
    "easy": Level("easy", moves=3, tiles=5),
    "medium": Level("medium", moves=4, tiles=5),
    "hard": Level("hard", moves=5, tiles=6),
}

# Monday is 0: Easy Mon–Tue, Medium Wed–Thu, Hard Fri–Sun.
_BY_WEEKDAY = ("easy", "easy", "medium", "medium", "hard", "hard", "hard")


def as_date(day: dt.date | str) -> dt.date:
    """A date from a date or a YYYY-MM-DD string; ValueError saying what was wrong."""
    if isinstance(day, dt.datetime):
        raise ValueError(f"expected a date, got the datetime {day.isoformat()}")
    if isinstance(day, dt.date):
        return day
    if isinstance(day, str):
        return parse_day(day)
    raise ValueError(f"expected a date or a YYYY-MM-DD string, got {type(day).__name__}")


def level_of(day: dt.date | str) -> str:
    """The level name ('easy', 'medium' or 'hard') of `day`, by its weekday.

    >>> level_of("2026-09-07"), level_of("2026-09-09"), level_of("2026-09-13")  # Mon, Wed, Sun
    ('easy', 'medium', 'hard')
    """
    return _BY_WEEKDAY[as_date(day).weekday()]
