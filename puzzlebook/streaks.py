"""A daily streak: days in a row with that day's puzzle solved on its own site day."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Streak:
    """Days in a row with a daily solved: the last such day, the run's length, when it got there, the best."""

    day: str | None = None
    length: int = 0
    at: str | None = None
    best: int = 0

    def to_doc(self) -> dict[str, Any]:
        """As the store keeps it (what `Streak(**doc)` reads back)."""
        return {"day": self.day, "length": self.length, "at": self.at, "best": self.best}

    def current(self, today: dt.date) -> int:
        """The run as it stands on `today`: alive if its last day is today or yesterday, else 0.

        >>> run = Streak("2026-11-02", 3)
        >>> run.current(dt.date(2026, 11, 3)), run.current(dt.date(2026, 11, 4))
        (3, 0)
        """
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


def plural(n: int, word: str) -> str:
    """A count and its word.

    >>> plural(1, "puzzle"), plural(12, "puzzle")
    ('1 puzzle', '12 puzzles')
    """
    return f"{n} {word}{'' if n == 1 else 's'}"
