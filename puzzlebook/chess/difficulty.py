"""Your difficulty: which puzzles to draw for a player, relative to their rating.

Five steps as Lichess has them: the target is the player's rating moved by the step's
offset, kept inside the bundle's ratings. Puzzles are drawn from a window around the
target: ±100 first, and when that window holds nothing fresh (every puzzle in it seen or
retired, or none at all), ±200, ±400, ±800, then the whole bundle. The browser applies the
same rule (site/static/js/chess/difficulty.js), bound by tests/vectors/difficulty.json.
"""

from __future__ import annotations

import math
from collections.abc import Container, Iterable, Sequence

from puzzlebook.chess.bands import BANDS

DIFFICULTIES: dict[str, int] = {
    "easiest": -600,
    "easier": -300,
    "normal": 0,
    "harder": 300,
    "hardest": 600,
}
DEFAULT = "normal"
# A guest, or a player with no rating yet, starts where Glicko-2 starts everyone.
START_RATING = 1500
# The half-widths tried in turn; after the last, the whole bundle.
HALF_WIDTHS: tuple[int, ...] = (100, 200, 400, 800)
LOWEST = min(low for low, _ in BANDS.values())
HIGHEST = max(high for _, high in BANDS.values()) - 1

DIFFICULTY_WORDS = f"The difficulty must be one of {', '.join(DIFFICULTIES)}."


def target(rating: float, difficulty: str) -> int:
    """The rating to draw puzzles around: `rating` moved by the step, inside the bundle.

    >>> target(1500, "harder"), target(1500, "easiest"), target(900, "easiest"), target(2450, "hardest")
    (1800, 900, 600, 2599)
    """
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"{difficulty!r}: {DIFFICULTY_WORDS}")
    # Halves round up, as the browser's Math.round does (Python's round() would go to even).
    return max(LOWEST, min(HIGHEST, math.floor(rating + 0.5) + DIFFICULTIES[difficulty]))


def windows(centre: int) -> list[tuple[int, int]]:
    """The rating windows tried in turn around `centre`, inclusive, cut to the bundle; the
    last is the whole bundle. A window the cut leaves the same as the one before is dropped.

    >>> windows(1500)
    [(1400, 1600), (1300, 1700), (1100, 1900), (700, 2300), (600, 2599)]
    >>> windows(600)
    [(600, 700), (600, 800), (600, 1000), (600, 1400), (600, 2599)]
    """
    found: list[tuple[int, int]] = []
    for half in HALF_WIDTHS:
        window = (max(LOWEST, centre - half), min(HIGHEST, centre + half))
        if not found or found[-1] != window:
            found.append(window)
    if found[-1] != (LOWEST, HIGHEST):
        found.append((LOWEST, HIGHEST))
    return found


def bands_for(low: int, high: int) -> list[str]:
    """The bands holding any rating in low..high (inclusive), in band order.

    >>> bands_for(1300, 1500), bands_for(1400, 1600)
    (['Easy', 'Medium'], ['Medium'])
    """
    return [band for band, (lo, hi) in BANDS.items() if lo <= high and low < hi]


def eligible(
    candidates: Iterable[tuple[str, int]], centre: int, skip: Container[str]
) -> tuple[tuple[int, int] | None, list[str]]:
    """The first window around `centre` holding candidates not in `skip`, and those
    candidates' ids in the order given; (None, []) when every candidate is skipped.
    `candidates` are (id, rating) pairs.

    >>> eligible([("a", 1450), ("b", 1650), ("c", 1800)], 1500, {"a"})
    ((1300, 1700), ['b'])
    """
    pool: Sequence[tuple[str, int]] = list(candidates)
    for low, high in windows(centre):
        ids = [pid for pid, rating in pool if low <= rating <= high and pid not in skip]
        if ids:
            return (low, high), ids
    return None, []
