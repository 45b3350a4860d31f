"""A ladder of the chess bundle's puzzles: a day's run that climbs by rating, for the games that
play one (Storm, Streak).

A ladder is a list of rating steps, (low, high, how many) each, high excluded. Within a step the
bundle's puzzles of those ratings are put in an order only the day's seed gives (SHA-256 of the
seed and the id, as the chess daily orders its pool), retired puzzles passed over, and the first
are taken, easiest first. So a run climbs, is the same for everyone that day, and can't be worked
out ahead without the site key that makes the seed (puzzlebook.calendar.seeded_digest). Pure: no
python-chess, so a cold start that only needs a game's constants loads none of it.
"""

from __future__ import annotations

import hashlib
import heapq
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from puzzlebook.chess.bands import BANDS

T = TypeVar("T")


class BundleLike(Protocol):
    """What a ladder needs of puzzlebook.chess.shards.Bundle."""

    @property
    def retired(self) -> set[str] | frozenset[str]: ...
    def rows(self, band: str) -> Iterable[Sequence[Any]]: ...
    def derived(self, what: Hashable, make: Callable[[], T]) -> T: ...


@dataclass(frozen=True, slots=True)
class RunPuzzle:
    """One puzzle of a run: its id, band and rating."""

    id: str
    band: str
    rating: int


def band_of_rating(rating: int) -> str:
    """The band a puzzle rated `rating` is in.

    >>> band_of_rating(999), band_of_rating(1000)
    ('Beginner', 'Easy')
    """
    for name, (low, high) in BANDS.items():
        if low <= rating < high:
            return name
    raise ValueError(f"no band holds a puzzle rated {rating}")


def _pool(bundle: BundleLike, band: str, low: int, high: int) -> list[tuple[str, int]]:
    """(id, rating) of the puzzles of `band` in `bundle` rated `low` to `high` - 1, retired ones left
    out; made once and kept with the bundle."""

    def made() -> list[tuple[str, int]]:
        retired = bundle.retired
        return [(str(row[0]), int(row[3])) for row in bundle.rows(band)
                if low <= int(row[3]) < high and row[0] not in retired]

    return bundle.derived(("ladder pool", band, low, high), made)


def climb(
    day_seed: bytes, bundle: BundleLike, steps: Iterable[tuple[int, int, int]], game: str
) -> list[RunPuzzle]:
    """The run the ladder `steps` gives on the day whose seed is `day_seed` (module docstring).
    LookupError, naming `game`, when a step's ratings have too few puzzles. A step stays within one
    band (its low rating's)."""
    out: list[RunPuzzle] = []
    for low, high, take in steps:
        band = band_of_rating(low)
        pool = _pool(bundle, band, low, high)
        if len(pool) < take:
            raise LookupError(
                f"the bundle has {len(pool)} puzzles rated {low} to {high - 1}; a {game} run needs {take}"
            )
        # The first `take` of the pool sorted by the day's hash (nsmallest: the same, without sorting it all).
        first = heapq.nsmallest(take, pool, key=lambda p: (hashlib.sha256(day_seed + p[0].encode()).digest(),
                                                           p[0]))
        # Within a step the picked puzzles climb too: easiest first.
        picked = sorted(first, key=lambda p: (p[1], p[0]))
        out += [RunPuzzle(pid, band, rating) for pid, rating in picked]
    return out
