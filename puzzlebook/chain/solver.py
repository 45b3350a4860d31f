"""The exhaustive solver: play every legal sequence of distinct tiles up to the
move budget and record what the checks need.

Nothing is cached and orders are not merged, since on this board the order of
moves matters. Six tiles and a budget of five is 6+30+120+360+720 = 1,236
sequences at most; five tiles and three is 85. The hot loop works on plain
ints (tiles are small-int pairs, sets of tiles are bit masks) and inlines the
tile rule of tiles.step, so it allocates nothing but its recursion frames.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from puzzlebook.chain.tiles import ADD, DIV, HIGH, LOW, MUL, SUB, Tile, step

NEAR = 10  # a full-length chain ending this close to the target is a near miss


@dataclass(frozen=True)
class Survey:
    """What the whole tree of sequences shows.

    played       legal sequences of 1..budget distinct tiles
    shortest     fewest moves that reach the target (0: none within the budget)
    sets         solving set (bit mask of hand indices) -> number of orders,
                 for sequences of exactly `budget` moves that end on the target
    playable     mask of tiles legal from at least one reachable position
    near         mask of tiles in at least one full-length chain ending within
                 NEAR of the target without reaching it
    near_chains  how many full-length chains end within NEAR but not on it
    """

    played: int
    shortest: int
    sets: dict[int, int]
    playable: int
    near: int
    near_chains: int


def sequence_count(tiles: int, budget: int) -> int:
    """How many sequences of 1..budget distinct tiles a hand of `tiles` has."""
    total, run = 0, 1
    for k in range(budget):
        run *= tiles - k
        total += run
    return total


def survey(start: int, target: int, hand: Sequence[Tile], budget: int) -> Survey:
    """Play every legal sequence of distinct tiles of `hand` from `start`, up to
    `budget` moves, and report what reaches or nearly reaches `target`."""
    ops = [tile[0] for tile in hand]
    ns = [tile[1] for tile in hand]
    order = range(len(hand))
    bits = [1 << i for i in order]
    played = 0
    shortest = budget + 1
    sets: dict[int, int] = {}
    playable = near = near_chains = 0

    def visit(value: int, used: int, depth: int) -> None:
        nonlocal played, shortest, playable, near, near_chains
        depth += 1
        for i in order:
            bit = bits[i]
            if used & bit:
                continue
            op = ops[i]
            # tiles.step, inlined: this loop runs thousands of times a candidate.
            if op == ADD:
                v = value + ns[i]
                if v > HIGH:
                    continue
            elif op == SUB:
                v = value - ns[i]
                if v < LOW:
                    continue
            elif op == MUL:
                v = value * ns[i]
                if v > HIGH:
                    continue
            elif op == DIV:
                if value % ns[i]:
                    continue
                v = value // ns[i]
            else:
                if value % 10 == 0:
                    continue
                v = int(str(value)[::-1])
                if v == value:
                    continue
            played += 1
            playable |= bit
            mask = used | bit
            if v == target:
                if depth < shortest:
                    shortest = depth
                if depth == budget:
                    sets[mask] = sets.get(mask, 0) + 1
            elif depth == budget and -NEAR <= v - target <= NEAR:
                near |= mask
                near_chains += 1
            if depth < budget:
                visit(v, mask, depth)

    visit(start, 0, 0)
    return Survey(played, shortest if shortest <= budget else 0, sets, playable, near, near_chains)


def full_chains(start: int, hand: Sequence[Tile], length: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every legal sequence of exactly `length` distinct tiles, as (hand indices
    in play order, final value), in a fixed order. The slow, readable path used
    for walkthroughs and re-verification, not for generating."""

    def extend(value: int, played: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
        if len(played) == length:
            yield played, value
            return
        for i, tile in enumerate(hand):
            if i not in played:
                v = step(value, *tile)
                if v:
                    yield from extend(v, (*played, i))

    yield from extend(start, ())


def mask_of(indices: Sequence[int]) -> int:
    """The bit mask of a collection of hand indices."""
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def indices_of(mask: int) -> list[int]:
    """The hand indices in a bit mask, ascending."""
    return [i for i in range(mask.bit_length()) if mask >> i & 1]
