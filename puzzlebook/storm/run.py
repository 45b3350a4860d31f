"""The day's Storm run: which puzzles, in which order, everyone plays on a given day.

The run climbs a ladder of rating steps: step k takes puzzles rated from FIRST_RATING + 100 k up
to 100 more, STEP_FIRST + k of them, until RUN_LENGTH puzzles are picked (so it starts around
800 and each step is one puzzle longer than the last). Within a step the bundle's puzzles of
that rating are put in an order only the site key and the date give (SHA-256 of the day's seed
and the id, as the chess daily orders its pool), retired puzzles passed over, and the first are
taken (puzzlebook.chess.ladder, the rule Streak's run climbs by too). No one can work a day's run
out ahead without the site key; the same key and bundle give the same run every time (the store
keeps the first pick anyway: service/games/storm/).
"""

from __future__ import annotations

import datetime as dt

from puzzlebook.calendar import seeded_digest
from puzzlebook.chess.ladder import BundleLike, RunPuzzle, band_of_rating, climb

__all__ = [
    "FIRST_DAY", "RUN_LENGTH", "BundleLike", "RunPuzzle", "band_of_rating", "check_day", "pick_run", "steps",
]

FIRST_DAY = dt.date(2026, 11, 1)
RUN_LENGTH = 150
FIRST_RATING = 800
STEP_RATING = 100
STEP_FIRST = 4


def steps(length: int = RUN_LENGTH) -> list[tuple[int, int, int]]:
    """(low, high, how many) of each rating step of a run of `length` puzzles; high excluded.

    >>> steps(10)
    [(800, 900, 4), (900, 1000, 5), (1000, 1100, 1)]
    """
    out = []
    total, k = 0, 0
    while total < length:
        low = FIRST_RATING + STEP_RATING * k
        take = min(STEP_FIRST + k, length - total)
        out.append((low, low + STEP_RATING, take))
        total += take
        k += 1
    return out


def check_day(day: dt.date) -> None:
    """ValueError for a day before Storm's first."""
    if day < FIRST_DAY:
        raise ValueError(f"Storm runs start on {FIRST_DAY.isoformat()}, so {day.isoformat()} has none.")


def pick_run(day: dt.date, *, key: bytes, bundle: BundleLike, length: int = RUN_LENGTH) -> list[RunPuzzle]:
    """The run of `day` (module docstring). LookupError when a step's ratings have too few puzzles."""
    check_day(day)
    return climb(seeded_digest(key, "storm", "run", day.isoformat()), bundle, steps(length), "Storm")
