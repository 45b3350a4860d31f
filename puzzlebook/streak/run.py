"""The day's Streak run: which puzzles, in which order, everyone plays on a given day.

The run climbs STEPS, a ladder of 100-point rating steps from 800 to 2599 (puzzlebook.chess.ladder,
the rule Storm's run climbs by too): a few puzzles at each easy step and more at each harder one, so
the difficulty rises quickly at first and then slowly where most runs end (lila's Streak does the
same with its buckets). RUN_LENGTH puzzles in all, more than anyone solves without a mistake.
Within a step the puzzles are the first of its ratings in the order the site key and the date give,
easiest first. The store keeps the first pick (service/games/streak/).
"""

from __future__ import annotations

import datetime as dt

from puzzlebook.calendar import seeded_digest
from puzzlebook.chess.ladder import BundleLike, RunPuzzle, climb

FIRST_DAY = dt.date(2026, 11, 1)  # Storm's: the archive has Streak's days from where it has Storm's
STEP_RATING = 100
# (the step's lowest rating, how many puzzles it takes), easiest first.
STEPS: tuple[tuple[int, int], ...] = (
    (800, 3), (900, 3), (1000, 3),
    (1100, 4), (1200, 4), (1300, 4),
    (1400, 5), (1500, 5), (1600, 5),
    (1700, 6), (1800, 6), (1900, 6),
    (2000, 7), (2100, 7), (2200, 7),
    (2300, 8), (2400, 8),
    (2500, 9),
)
RUN_LENGTH = sum(take for _, take in STEPS)


def steps() -> list[tuple[int, int, int]]:
    """(low, high, how many) of each rating step; high excluded.

    >>> steps()[:2], steps()[-1], RUN_LENGTH
    ([(800, 900, 3), (900, 1000, 3)], (2500, 2600, 9), 100)
    """
    return [(low, low + STEP_RATING, take) for low, take in STEPS]


def check_day(day: dt.date) -> None:
    """ValueError for a day before Streak's first."""
    if day < FIRST_DAY:
        raise ValueError(f"Streak runs start on {FIRST_DAY.isoformat()}, so {day.isoformat()} has none.")


def pick_run(day: dt.date, *, key: bytes, bundle: BundleLike) -> list[RunPuzzle]:
    """The run of `day` (module docstring). LookupError when a step's ratings have too few puzzles."""
    check_day(day)
    return climb(seeded_digest(key, "streak", "run", day.isoformat()), bundle, steps(), "Streak")
