"""The walk and the spares keep the seed's rules, over many real attempts."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest

from puzzlebook.chain.calendar import LEVELS, level_of
from puzzlebook.chain.candidate import DEAD_END, assemble, attempt, attempt_key
from puzzlebook.chain.rng import Draws, fnv1a
from puzzlebook.chain.spares import fresh, nudged, spares
from puzzlebook.chain.tiles import ADD, DIV, SUB, SWAP, step
from puzzlebook.chain.walk import DRAWS_PER_STEP, walk

SEEDS = range(400)


@pytest.mark.parametrize("moves", [3, 4, 5])
def test_every_walk_keeps_the_rules(moves: int) -> None:
    finished = 0
    for seed in SEEDS:
        path = walk(Draws(seed * 7 + moves), moves)
        if path is None:
            continue
        finished += 1
        assert 10 <= path.start <= 99
        assert 100 <= path.target <= 999 and path.target != path.start
        assert len(path.tiles) == moves and len(path.values) == moves + 1
        assert len(set(path.tiles)) == moves  # no two tiles alike, so one swap at most
        assert len(set(path.values)) == moves + 1  # no value stood on twice
        for value, tile, reached in zip(path.values[:-1], path.tiles, path.values[1:], strict=True):
            assert step(value, *tile) == reached
            if tile[0] == DIV:
                assert value % tile[1] == 0
    assert finished > 0.8 * len(SEEDS)  # dead ends happen, but rarely


def test_walks_use_every_kind_of_tile() -> None:
    kinds = {tile[0] for seed in SEEDS if (path := walk(Draws(seed), 5)) for tile in path.tiles}
    assert kinds == {0, 1, 2, 3, 4}


def test_some_walks_dead_end_and_the_attempt_says_so() -> None:
    day = dt.date(2026, 9, 1)
    for k in range(200):
        if walk(Draws(fnv1a(attempt_key(day, k))), LEVELS[level_of(day)].moves) is None:
            assert assemble(day, k) is None
            assert attempt(day, k) == (DEAD_END, None)
            return
    pytest.fail("no dead end in 200 attempts: the twelve-draw limit never bites")


def test_spares_are_new_tiles_legal_somewhere_on_the_walk() -> None:
    nudges = built = 0
    for seed in SEEDS:
        draws = Draws(seed)
        path = walk(draws, 3)
        if path is None:
            continue
        extra = spares(draws, path, 2)
        if extra is None:
            continue
        built += 1
        hand = [*path.tiles, *extra]
        assert len(set(hand)) == 5
        assert sum(1 for tile in hand if tile[0] == SWAP) <= 1
        for tile in extra:
            assert any(step(value, *tile) for value in path.values[:-1])
            nudges += any(t[0] == tile[0] in (ADD, SUB) and 0 < abs(t[1] - tile[1]) <= 10 for t in path.tiles)
    assert built > 300
    # About seven spares in ten are nudged (a few fresh ones also land near a walk tile).
    assert 0.6 * 2 * built <= nudges <= 0.85 * 2 * built


def test_a_nudge_moves_a_walk_number_by_one_to_ten_and_stays_in_range() -> None:
    seen = set()
    draws = Draws(3)
    for _ in range(2000):
        tile = nudged(draws, [(ADD, 5), (SUB, 95)])
        if tile is None:
            continue
        op, n = tile
        base = 5 if op == ADD else 95
        assert 1 <= abs(n - base) <= 10 and 1 <= n <= 99
        seen.add(n - base)
    assert seen == set(range(-10, 0)) | set(range(1, 11))  # both ways, every size


def test_a_fresh_spare_is_legal_on_a_value_the_walk_passed() -> None:
    draws = Draws(11)
    passed = (12, 60)
    for _ in range(2000):
        tile = fresh(draws, passed)
        if tile is not None:
            assert any(step(value, *tile) for value in passed)
            if tile[0] == DIV:
                assert any(value % tile[1] == 0 for value in passed)


def test_each_attempt_has_its_own_stream() -> None:
    day = dt.date(2026, 9, 7)
    assert attempt_key(day, 3) == "2026-09-07:chain:attempt:3"
    # Attempt 3 is the same whether or not attempts 0–2 ran first.
    fresh_three = assemble(day, 3)
    for k in range(3):
        assemble(day, k)
    assert assemble(day, 3) == fresh_three
    assert assemble(day, 3) != assemble(day, 4)


def test_a_step_gets_twelve_draws() -> None:
    assert DRAWS_PER_STEP == 12
    # With twelve draws per step, the draws a walk uses are bounded.
    for seed in itertools.islice(SEEDS, 100):
        draws = Draws(seed)
        walk(draws, 5)
        assert draws.used <= 1 + 5 * DRAWS_PER_STEP * 2
