"""Worked examples for the players' guides to Chain (/chain/strategy/ and
/chain/difficulty/), computed from the generator at build time, so a page
can never show a day, a score or a step the generator didn't make.

Only days before the site day may be shown: a guide is public, and today's or
a later day's answer must never be. `example(day, before=today)` refuses
anything else.

Everything here is pure: the site build calls it and hands the results to the
templates.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb, factorial, perm

from puzzlebook.chain import score as scoring
from puzzlebook.chain.calendar import LEVELS, as_date, level_of
from puzzlebook.chain.candidate import attempt
from puzzlebook.chain.generate import generate
from puzzlebook.chain.solver import full_chains, survey
from puzzlebook.chain.tiles import ADD, DIV, MUL, SUB, SWAP, Tile, label, parse_tile, reverse_digits, step


class NotPastError(ValueError):
    """A guide asked for a day that isn't over yet."""


class GuideError(ValueError):
    """A worked example no longer shows what the guide says about it (the
    generator made a different day): the guide's words must be looked at."""


@dataclass(frozen=True)
class Move:
    tile: str
    before: int
    after: int


@dataclass(frozen=True)
class Choice:
    """One way to pick the day's number of tiles from the hand: the tiles (in
    hand order), how many orders of them reach the target, and, when none
    does, the closest that any legal order ends (None: no order can be played
    to the end)."""

    tiles: tuple[str, ...]
    orders: int
    closest: int | None


@dataclass(frozen=True)
class Term:
    """One part of the score: what is counted (its key: `ops`, `hard`, `traps`,
    `peak`, `base`, `orders`; the page names it in its language), how much of
    it this day has (None for the base; for `orders`, `value` of `of`), and the
    points it adds."""

    key: str
    value: int | None
    points: int
    of: int | None = None


@dataclass(frozen=True)
class Example:
    """A past day (or a rejected candidate of one) as the guides show it."""

    date: dt.date
    level: str
    start: int
    target: int
    moves: int
    hand: tuple[str, ...]
    tiles: tuple[Tile, ...]
    solution: tuple[str, ...]  # one solving order
    steps: tuple[Move, ...]
    orders: int
    score: int
    band: tuple[int, int]
    terms: tuple[Term, ...]
    features: scoring.Features
    attempts: int
    failure: str | None = None  # set for a rejected candidate: why it was thrown away

    @property
    def spares(self) -> tuple[str, ...]:
        left = list(self.hand)
        for tile in self.solution:
            left.remove(tile)
        return tuple(left)

    @property
    def in_band(self) -> bool:
        return self.band[0] <= self.score <= self.band[1]

    @property
    def sets(self) -> int:
        """How many sets of the day's number of tiles the hand holds."""
        return comb(len(self.hand), self.moves)

    def choices(self) -> list[Choice]:
        """Every set of `moves` tiles from the hand, in hand order, with what it does."""
        out = []
        for picked in itertools.combinations(range(len(self.tiles)), self.moves):
            sub = [self.tiles[i] for i in picked]
            ends = [end for _, end in full_chains(self.start, sub, self.moves)]
            hits = sum(1 for end in ends if end == self.target)
            closest = None if hits or not ends else min(ends, key=lambda e: (abs(e - self.target), e))
            out.append(Choice(tuple(self.hand[i] for i in picked), hits, closest))
        return out


def _check_past(day: dt.date, before: dt.date) -> None:
    if day >= before:
        raise NotPastError(
            f"a guide may only show days before {before.isoformat()}, not {day.isoformat()}: "
            "today's and later days' answers are never public"
        )


def _terms(f: scoring.Features) -> tuple[Term, ...]:
    """The score's parts, in the order of the formula in score.py."""
    every = factorial(f.moves)  # the orders a set of `moves` tiles has
    return (
        Term("ops", f.ops, 10 * f.ops),
        Term("hard", f.hard_ops, 5 * f.hard_ops),
        Term("traps", f.traps, min(f.traps, scoring.TRAP_CAP)),
        Term("peak", f.peak, min(f.peak, scoring.PEAK_CAP) // 100),
        Term("base", None, 10),
        Term("orders", f.orders, -(10 * f.orders // every), of=every),
    )


def _values(start: int, tiles: Sequence[Tile]) -> list[int]:
    values = [start]
    for tile in tiles:
        values.append(step(values[-1], *tile))
    return values


def example(day: dt.date | str, *, before: dt.date) -> Example:
    """The day `day` as the generator stores it, with its score taken apart.
    Raises NotPastError unless `day` is before `before` (the site day)."""
    day = as_date(day)
    _check_past(day, before)
    row = generate(day)
    hand = tuple(parse_tile(t) for t in row["hand"])
    return _example(day, hand, row["start"], row["target"], row["solution"], row["attempts"], None)


def rejected(day: dt.date | str, k: int, *, before: dt.date) -> Example:
    """Attempt `k` of `day` (0 = the first), one the generator threw away."""
    day = as_date(day)
    _check_past(day, before)
    failure, candidate = attempt(day, k)
    if failure is None or candidate is None:
        raise ValueError(f"attempt {k} of {day.isoformat()} was {'kept' if candidate else 'never built'}")
    return _example(day, candidate.hand, candidate.start, candidate.target, candidate.solution, k + 1,
                    failure)


def _example(day: dt.date, hand: tuple[Tile, ...], start: int, target: int, solution: Sequence[int],
             attempts: int, failure: str | None) -> Example:
    level = LEVELS[level_of(day)]
    order = [hand[i] for i in solution]
    values = _values(start, order)
    found = survey(start, target, hand, level.moves)
    features = scoring.features(hand, solution, values, found)
    terms = _terms(features)
    total = scoring.score(features)
    if sum(t.points for t in terms) != total:
        raise ValueError(f"{day.isoformat()}: the guide's terms don't add up to the engine's score {total}")
    return Example(
        date=day, level=level.name, start=start, target=target, moves=level.moves,
        hand=tuple(label(t) for t in hand), tiles=hand, solution=tuple(label(t) for t in order),
        steps=tuple(Move(label(t), values[k], values[k + 1]) for k, t in enumerate(order)),
        orders=features.orders, score=total, band=scoring.BANDS[level.name], terms=terms,
        features=features, attempts=attempts, failure=failure,
    )


# ---- Facts the strategy guide reasons with --------------------------------------


@dataclass(frozen=True)
class SumCheck:
    """Adding up every + and − tile: where that total lands, how far past the
    target, and the one tile worth exactly that much (None if there isn't one)."""

    total: int
    over: int
    spare: str | None


def signed(tile: Tile) -> int:
    """What an add or subtract tile does to the number: +n or −n."""
    op, n = tile
    if op not in (ADD, SUB):
        raise ValueError(f"{label(tile)} is not an add or a subtract")
    return n if op == ADD else -n


def sum_check(value: int, tiles: Sequence[Tile], target: int) -> SumCheck:
    """Play every tile of `tiles` (all + or −) on `value`: the spare among them
    is the tile whose worth is how far the total overshoots `target`."""
    total = value + sum(signed(t) for t in tiles)
    over = total - target
    worth = [t for t in tiles if signed(t) == over]
    return SumCheck(total, over, label(worth[0]) if len(worth) == 1 else None)


@dataclass(frozen=True)
class Back:
    """The number you'd have to stand on to finish with `tile` (None: no number can)."""

    tile: str
    before: int | None


def last_moves(target: int, hand: Sequence[Tile]) -> list[Back]:
    """For each tile, the number it would have to be played on to land on `target`."""
    out = []
    for tile in hand:
        candidates = []
        if tile[0] == SWAP:
            if target % 10:
                candidates = [reverse_digits(target)]
        else:
            candidates = [v for v in _preimages(target, tile) if 1 <= v <= 9999 and step(v, *tile) == target]
        out.append(Back(label(tile), candidates[0] if candidates else None))
    return out


def _preimages(target: int, tile: Tile) -> list[int]:
    op, n = tile
    if op == ADD:
        return [target - n]
    if op == SUB:
        return [target + n]
    if op == MUL:
        return [target // n] if target % n == 0 else []
    if op == DIV:
        return [target * n]
    return []


def prime_factors(n: int) -> list[int]:
    """2 × 3 × 3 × 5 × 7 for 630, as a list."""
    out, k = [], 2
    while k * k <= n:
        while n % k == 0:
            out.append(k)
            n //= k
        k += 1
    if n > 1:
        out.append(n)
    return out


@dataclass(frozen=True)
class LevelSize:
    """How big a day's search is: sets of tiles to choose versus orders to try."""

    name: str
    tiles: int
    moves: int
    sets: int
    sequences: int


def level_sizes() -> list[LevelSize]:
    return [LevelSize(lv.name, lv.tiles, lv.moves, comb(lv.tiles, lv.moves), perm(lv.tiles, lv.moves))
            for lv in LEVELS.values()]


# ---- The strategy guide's worked examples, each checked ---------------------------
#
# Each function below takes the reasoning a guide walks through for one day and
# checks that it really leads to that day's answer, so the page can't teach a
# step that doesn't work. GuideError says which claim failed.


def _ops(e: Example, labels: Sequence[str]) -> list[int]:
    return [e.tiles[e.hand.index(t)][0] for t in labels]


def _addsubs(e: Example) -> list[Tile]:
    return [t for t in e.tiles if t[0] in (ADD, SUB)]


@dataclass(frozen=True)
class SizeUp:
    """The adds can't get near the target, so the × and ÷ tiles are in."""

    adds: tuple[str, ...]     # every add tile in the hand
    adds_reach: int           # the start plus all of them
    factors: tuple[int, ...]  # the target's prime factors
    muls: tuple[str, ...]     # the solution's × tiles, each a factor of the target
    divs: tuple[str, ...]     # the solution's ÷ tiles
    multiplied: int           # the start times every × tile
    divided: int              # how many times the target that is (the ÷ tiles' product)


def size_up(e: Example) -> SizeUp:
    spares, solution = _ops(e, e.spares), _ops(e, e.solution)
    if any(op != ADD for op in spares) or any(op not in (MUL, DIV) for op in solution):
        raise GuideError(f"{e.date}: the spares are not all adds, or the solution not all × and ÷")
    adds_reach = e.start + sum(n for op, n in e.tiles if op == ADD)
    if adds_reach * 2 > e.target:
        raise GuideError(f"{e.date}: the adds reach {adds_reach}, not far short of {e.target}")
    used = [e.tiles[e.hand.index(t)] for t in e.solution]
    muls = [t for t in used if t[0] == MUL]
    divs = [t for t in used if t[0] == DIV]
    if not muls or any(e.target % n for _, n in muls):
        raise GuideError(f"{e.date}: the × tiles are not all factors of {e.target}")
    multiplied, divided = e.start, 1
    for _, n in muls:
        multiplied *= n
    for _, n in divs:
        divided *= n
    if multiplied != e.target * divided:
        raise GuideError(f"{e.date}: the × tiles make {multiplied}, not {e.target} × {divided}")
    return SizeUp(
        adds=tuple(label(t) for t in e.tiles if t[0] == ADD), adds_reach=adds_reach,
        factors=tuple(prime_factors(e.target)), muls=tuple(label(t) for t in muls),
        divs=tuple(label(t) for t in divs), multiplied=multiplied, divided=divided,
    )


def sum_up(e: Example) -> SumCheck:
    """Every tile is + or −: the total overshoots the target by the spare's worth."""
    if len(_addsubs(e)) != len(e.tiles) or len(e.spares) != 1:
        raise GuideError(f"{e.date}: not a hand of adds and subtracts with one spare")
    found = sum_check(e.start, e.tiles, e.target)
    if found.spare != e.spares[0]:
        raise GuideError(f"{e.date}: adding up the hand doesn't point at the spare {e.spares[0]}")
    return found


@dataclass(frozen=True)
class RuleIn:
    """Leaving out the one odd tile can't work, so it's in; played first, it
    leaves a hand of adds and subtracts whose total points at the spare."""

    without: SumCheck  # every + and − from the start: no tile is worth the overshoot
    tile: str          # the odd tile, ruled in
    after: int         # the start after it
    then: SumCheck     # the + and − from there: the spare
    twin: str | None   # a solution tile of the spare's kind within 10 of it (its look-alike)


def rule_in(e: Example) -> RuleIn:
    odd = [t for t in e.tiles if t[0] not in (ADD, SUB)]
    if len(odd) != 1 or len(e.spares) != 1 or label(odd[0]) not in e.solution:
        raise GuideError(f"{e.date}: not one odd tile (in the solution) among adds and subtracts")
    without = sum_check(e.start, _addsubs(e), e.target)
    after = step(e.start, *odd[0])
    if without.spare is not None or not after:
        raise GuideError(f"{e.date}: leaving out {label(odd[0])} could work, or it can't be played first")
    then = sum_check(after, _addsubs(e), e.target)
    if then.spare != e.spares[0]:
        raise GuideError(f"{e.date}: after {label(odd[0])}, the total doesn't point at {e.spares[0]}")
    spare = e.tiles[e.hand.index(e.spares[0])]
    twins = [t for t in e.solution if (kin := e.tiles[e.hand.index(t)])[0] == spare[0]
             and 0 < abs(kin[1] - spare[1]) <= 10]
    return RuleIn(without, label(odd[0]), after, then, twins[0] if twins else None)


@dataclass(frozen=True)
class WorkBack:
    """Only a swap can be the last move; before it, the adds make the gap."""

    backs: tuple[Back, ...]  # for each tile, the number it would have to be played on
    before: int              # the number the swap is played on
    reach: int               # the most the adds can make in the moves before it
    nearest: int             # the lowest number any other tile could finish from
    gap: int                 # before − start
    firsts: tuple[str, ...]  # the tiles that make the gap


def work_back(e: Example) -> WorkBack:
    last = e.tiles[e.hand.index(e.solution[-1])]
    firsts = e.solution[:-1]
    if last[0] != SWAP or any(op != ADD for op in _ops(e, firsts)):
        raise GuideError(f"{e.date}: the answer isn't adds followed by a swap")
    backs = tuple(last_moves(e.target, e.tiles))
    before = step(e.target, SWAP, 0)
    adds = sorted((n for op, n in e.tiles if op == ADD), reverse=True)
    reach = e.start + sum(adds[: e.moves - 1])
    others = [b.before for b in backs if b.tile != "swap" and b.before is not None]
    if not others or reach >= min(others) or before > reach:
        raise GuideError(f"{e.date}: the adds could end the chain, or can't reach {before}")
    gap = before - e.start
    if sum(n for op, n in (e.tiles[e.hand.index(t)] for t in firsts)) != gap:
        raise GuideError(f"{e.date}: the first tiles don't make the gap of {gap}")
    return WorkBack(backs, before, reach, min(others), gap, firsts)
