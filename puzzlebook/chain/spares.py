"""The spare tiles: decoys built to look like they belong.

About seven times in ten (a draw below(10) < 7) a spare is one of the walk's
add or subtract tiles with its number nudged up or down by 1–10. Otherwise (or
when the walk used no add or subtract) it is drawn fresh like a walk tile for a
value the walk stood on before the target, and kept only if it is legal there,
so a spare divide is exact somewhere on the true route. A spare never repeats a
tile already in the hand (so a hand has one swap at most). Each spare gets
twelve draws; running out ends the attempt as a dead end.

Whether a spare is believable enough is judged later, by the solver's survey.
"""

from __future__ import annotations

from puzzlebook.chain.rng import Draws
from puzzlebook.chain.tiles import ADD, OPERANDS, SUB, Tile, step
from puzzlebook.chain.walk import DRAWS_PER_STEP, Walk, draw_tile

NUDGE_IN_TEN = 7
NUDGE_RANGE = (1, 10)


def nudged(draws: Draws, nudgeable: list[Tile]) -> Tile | None:
    """One of `nudgeable` with its number moved 1–10 up or down, or None when
    that leaves the operand range."""
    op, n = draws.pick(nudgeable)
    delta = draws.between(*NUDGE_RANGE)
    moved = n + delta if draws.below(2) else n - delta
    low, high = OPERANDS[op]
    return (op, moved) if low <= moved <= high else None


def fresh(draws: Draws, passed: tuple[int, ...]) -> Tile | None:
    """A tile drawn for a value the walk passed through, or None when it is not
    legal on that value."""
    value = draws.pick(passed)
    tile = draw_tile(draws, value)
    return tile if tile is not None and step(value, *tile) else None


def spares(draws: Draws, walk: Walk, count: int) -> list[Tile] | None:
    """`count` spare tiles for `walk`, or None when one found no fit in
    DRAWS_PER_STEP draws."""
    hand = list(walk.tiles)
    nudgeable = [tile for tile in walk.tiles if tile[0] in (ADD, SUB)]
    passed = walk.values[:-1]
    for _ in range(count):
        for _ in range(DRAWS_PER_STEP):
            nudge = draws.below(10) < NUDGE_IN_TEN
            tile = nudged(draws, nudgeable) if nudge and nudgeable else fresh(draws, passed)
            if tile is not None and tile not in hand:
                hand.append(tile)
                break
        else:
            return None
    return hand[len(walk.tiles):]
