"""The walk: a random chain of legal moves from a start, whose end is the target.

The solution is the walk, so every puzzle has at least one answer by
construction. The walk's rules (seed 002): ops drawn with weights 30/25/20/15/10
(add, sub, mul, div, swap); a divide only ever by an exact divisor of the
current value; no two tiles alike (so one swap at most); no value stood on
twice; the last step lands in 100–999 and not on the start. A step gets twelve
draws; if none fits, the walk dead-ends and the attempt is abandoned.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlebook.chain.rng import Draws
from puzzlebook.chain.tiles import DIV, OPERANDS, SWAP, Tile, step

# add, sub, mul, div, swap: integer weights out of 100.
WEIGHTS = (30, 25, 20, 15, 10)
START_RANGE = (10, 99)
TARGET_RANGE = (100, 999)
DRAWS_PER_STEP = 12
DIVISORS = range(2, 10)


class Ends:
    """The start and the target of anything that carries a walk's `values` (the start, then the
    value after each tile): the walk itself, and the candidate puzzle made from it."""

    values: tuple[int, ...]

    @property
    def start(self) -> int:
        return self.values[0]

    @property
    def target(self) -> int:
        return self.values[-1]


@dataclass(frozen=True)
class Walk(Ends):
    """A finished walk: `values` is the start, then the value after each tile."""

    tiles: tuple[Tile, ...]
    values: tuple[int, ...]


def draw_tile(draws: Draws, value: int) -> Tile | None:
    """A tile drawn for play on `value`: an op by WEIGHTS, then its operand (a
    divide's from the exact divisors of `value`). None when a divide was drawn
    and `value` has no divisor in 2–9."""
    op = draws.weighted(WEIGHTS)
    if op == SWAP:
        return (SWAP, 0)
    if op == DIV:
        divisors = [d for d in DIVISORS if value % d == 0]
        return (DIV, draws.pick(divisors)) if divisors else None
    low, high = OPERANDS[op]
    return (op, draws.between(low, high))


def walk(draws: Draws, moves: int) -> Walk | None:
    """A walk of `moves` steps drawn from `draws`, or None when some step found
    no acceptable tile in DRAWS_PER_STEP draws (a dead end)."""
    values = [draws.between(*START_RANGE)]
    tiles: list[Tile] = []
    for index in range(moves):
        last = index == moves - 1
        for _ in range(DRAWS_PER_STEP):
            tile = draw_tile(draws, values[-1])
            if tile is None or tile in tiles:
                continue
            value = step(values[-1], *tile)
            if not value or value in values:
                continue
            if last and not (TARGET_RANGE[0] <= value <= TARGET_RANGE[1] and value != values[0]):
                continue
            tiles.append(tile)
            values.append(value)
            break
        else:
            return None
    return Walk(tuple(tiles), tuple(values))
