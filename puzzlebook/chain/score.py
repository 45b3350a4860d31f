"""The feature score: how a candidate compares with the usual puzzle of its
level. It is never sent to the browser.

Every feature is an integer read off the hand, the walk and the solver's survey:

  ops          distinct operations in the solving set (1–5): more kinds of
               arithmetic to juggle
  hard_ops     multiply, divide and swap tiles in the solving set: the moves
               that are harder to undo in one's head
  traps        full-length chains that end 1–10 from the target: near misses
               a player can fall into
  peak         the largest value on the stored solving order
  orders       orders in which the solving set reaches the target (1 up to
               moves!): the more, the more forgiving

score = 10·ops + 5·hard_ops + min(traps, 30) + min(peak, 2000) // 100
        + 10 − 10·orders // moves!

The band per level is the middle of the calibrated distribution: the scores of
the first candidate passing the other four checks on each of 3,000 dates
(2026-01-01 onward), from the 15th to the 85th percentile, ends included.
`build.py chain calibrate` recomputes it; the numbers below are its output,
kept as constants so a day never depends on a calibration run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from math import factorial

from puzzlebook.chain.solver import Survey, mask_of
from puzzlebook.chain.tiles import DIV, MUL, SWAP, Tile

TRAP_CAP = 30
PEAK_CAP = 2000
LOW_PERCENTILE, HIGH_PERCENTILE = 15, 85

# level -> (lowest, highest) score kept. Output of `build.py chain calibrate`.
BANDS: dict[str, tuple[int, int]] = {
    "easy": (36, 54),
    "medium": (44, 67),
    "hard": (55, 81),
}


@dataclass(frozen=True)
class Features:
    """The integer features of one candidate (see the module's docstring)."""

    ops: int
    hard_ops: int
    traps: int
    peak: int
    orders: int
    moves: int

    def as_dict(self) -> dict[str, int]:
        return asdict(self)


def features(hand: Sequence[Tile], solution: Sequence[int], values: Sequence[int], found: Survey) -> Features:
    """The features of the puzzle whose solving order is `solution` (hand
    indices) passing through `values`, given the solver's survey `found`."""
    ops = {hand[i][0] for i in solution}
    return Features(
        ops=len(ops),
        hard_ops=sum(1 for i in solution if hand[i][0] in (MUL, DIV, SWAP)),
        traps=found.near_chains,
        peak=max(values),
        orders=found.sets.get(mask_of(solution), 0),
        moves=len(solution),
    )


def score(f: Features) -> int:
    """The score of a candidate's features (an integer; higher is harder)."""
    return (
        10 * f.ops
        + 5 * f.hard_ops
        + min(f.traps, TRAP_CAP)
        + min(f.peak, PEAK_CAP) // 100
        + 10
        - 10 * f.orders // factorial(f.moves)
    )


def band_of(scores: Sequence[int]) -> tuple[int, int]:
    """The calibrated band of a level from its candidates' `scores`: the
    LOW_PERCENTILE-th and HIGH_PERCENTILE-th values (nearest rank below)."""
    if not scores:
        raise ValueError("no scores to calibrate from")
    ranked = sorted(scores)
    last = len(ranked) - 1
    return ranked[last * LOW_PERCENTILE // 100], ranked[last * HIGH_PERCENTILE // 100]


def in_band(level: str, value: int) -> bool:
    """Whether `value` lies inside the calibrated band of `level` (ends included)."""
    low, high = BANDS[level]
    return low <= value <= high
