"""The day's Storm run: which puzzles, in which order, everyone plays on a given day.

The run climbs a ladder of rating steps: step k takes puzzles rated from FIRST_RATING + 100 k up
to 100 more, STEP_FIRST + k of them, until RUN_LENGTH puzzles are picked (so it starts around
800 and each step is one puzzle longer than the last). Within a step the bundle's puzzles of
that rating are put in an order only the site key and the date give (SHA-256 of the day's seed
and the id, as the chess daily orders its pool), retired puzzles passed over, and the first are
taken. No one can work a day's run out ahead without the site key; the same key and bundle give
the same run every time (the store keeps the first pick anyway: service/games/storm/).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import heapq
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from puzzlebook.calendar import seeded_digest
from puzzlebook.chess.bands import BANDS

FIRST_DAY = dt.date(2026, 11, 1)
RUN_LENGTH = 150
FIRST_RATING = 800
STEP_RATING = 100
STEP_FIRST = 4


class BundleLike(Protocol):
    """What pick_run needs of puzzlebook.chess.shards.Bundle."""

    @property
    def retired(self) -> set[str] | frozenset[str]: ...
    def rows(self, band: str) -> Iterable[Sequence[Any]]: ...


@dataclass(frozen=True, slots=True)
class RunPuzzle:
    """One puzzle of a run: its id, band and rating."""

    id: str
    band: str
    rating: int


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


def band_of_rating(rating: int) -> str:
    """The band a puzzle rated `rating` is in."""
    for name, (low, high) in BANDS.items():
        if low <= rating < high:
            return name
    raise ValueError(f"no band holds a puzzle rated {rating}")


def check_day(day: dt.date) -> None:
    """ValueError for a day before Storm's first."""
    if day < FIRST_DAY:
        raise ValueError(f"Storm runs start on {FIRST_DAY.isoformat()}, so {day.isoformat()} has none.")


# bundle -> {(low, high): (id, rating) of its puzzles rated low..high-1, retired ones left out};
# weak, so a dropped bundle drops its pools.
_pools: weakref.WeakKeyDictionary[Any, dict[tuple[int, int], list[tuple[str, int]]]] = (
    weakref.WeakKeyDictionary()
)


def _pool(bundle: BundleLike, band: str, low: int, high: int) -> list[tuple[str, int]]:
    try:
        cache = _pools.setdefault(bundle, {})
    except TypeError:  # not weak-referenceable: no cache
        cache = {}
    if (low, high) not in cache:
        retired = bundle.retired
        cache[(low, high)] = [
            (str(row[0]), int(row[3])) for row in bundle.rows(band)
            if low <= int(row[3]) < high and row[0] not in retired
        ]
    return cache[(low, high)]


def pick_run(day: dt.date, *, key: bytes, bundle: BundleLike, length: int = RUN_LENGTH) -> list[RunPuzzle]:
    """The run of `day` (module docstring). LookupError when a step's ratings have too few puzzles."""
    check_day(day)
    day_seed = seeded_digest(key, "storm", "run", day.isoformat())
    out: list[RunPuzzle] = []
    for low, high, take in steps(length):
        band = band_of_rating(low)
        pool = _pool(bundle, band, low, high)
        if len(pool) < take:
            raise LookupError(
                f"the bundle has {len(pool)} puzzles rated {low} to {high - 1}; a Storm run needs {take}"
            )
        # The first `take` of the pool sorted by the day's hash (nsmallest: the same, without sorting it all).
        first = heapq.nsmallest(take, pool, key=lambda p: (hashlib.sha256(day_seed + p[0].encode()).digest(),
                                                           p[0]))
        # Within a step the picked puzzles climb too: easiest first.
        picked = sorted(first, key=lambda p: (p[1], p[0]))
        out += [RunPuzzle(pid, band, rating) for pid, rating in picked]
    return out
