"""The exhaustive solver: how many sequences it plays, and what it finds,
checked against a slow, plain enumeration of every chain."""

from __future__ import annotations

import itertools

import pytest

from puzzlebook.chain.rng import Draws
from puzzlebook.chain.solver import NEAR, full_chains, indices_of, mask_of, sequence_count, survey
from puzzlebook.chain.tiles import ADD, DIV, MUL, SUB, SWAP, step
from puzzlebook.chain.walk import draw_tile


def test_the_seeds_sequence_counts() -> None:
    assert sequence_count(5, 3) == 85
    assert sequence_count(6, 5) == 6 + 30 + 120 + 360 + 720 == 1236
    assert sequence_count(5, 4) == 5 + 20 + 60 + 120


@pytest.mark.parametrize(("tiles", "budget", "played"), [(5, 3, 85), (5, 4, 205), (6, 5, 1236)])
def test_with_every_move_legal_the_solver_plays_every_sequence(tiles: int, budget: int, played: int) -> None:
    hand = [(ADD, n) for n in range(1, tiles + 1)]
    found = survey(10, 9999, hand, budget)
    assert found.played == played
    assert found.shortest == 0  # 9999 is out of reach
    assert found.sets == {}


def test_illegal_moves_cut_their_branch() -> None:
    # From 12, ÷5 is exact only after ×9 and +22 (130), so only as a third move.
    hand = [(DIV, 5), (SWAP, 0), (MUL, 9), (ADD, 22), (SUB, 20)]
    found = survey(12, 211, hand, 3)
    assert found.played == _plain_survey(12, 211, hand, 3)["played"] < 85
    assert found.playable == mask_of(range(5))
    assert found.sets == {mask_of([1, 2, 3]): 1}  # only swap, ×9, +22 in that order
    assert found.shortest == 3
    assert not survey(12, 211, hand, 2).playable & 1


def test_a_shorter_way_to_the_target_is_found() -> None:
    # 79 +54 +55 −28 = 160, but 79 +81 = 160 in one move.
    hand = [(ADD, 54), (ADD, 55), (SUB, 28), (ADD, 81), (SUB, 36)]
    assert survey(79, 160, hand, 3).shortest == 1


def test_every_order_of_one_set_counts_as_that_set() -> None:
    hand = [(ADD, 54), (ADD, 55), (SUB, 28), (ADD, 65), (SUB, 36)]
    found = survey(79, 160, hand, 3)
    assert found.sets == {mask_of([0, 1, 2]): 6}
    # +65 and −36 end near 160 in some full-length chain: both are believable.
    assert found.near & found.playable & mask_of([3, 4]) == mask_of([3, 4])


def test_two_solving_sets_are_both_recorded() -> None:
    hand = [(ADD, 1), (ADD, 5), (ADD, 2), (ADD, 4), (ADD, 10)]
    found = survey(10, 26, hand, 3)  # 1+5+10 and 2+4+10
    assert {tuple(indices_of(m)) for m in found.sets} == {(0, 1, 4), (2, 3, 4)}


def _plain_survey(start: int, target: int, hand: list, budget: int) -> dict:
    """Every chain of every length, by itertools: the slow truth."""
    shortest, sets, near, playable, played = 0, {}, 0, 0, 0
    for length in range(1, budget + 1):
        for order in itertools.permutations(range(len(hand)), length):
            value = start
            for i in order:
                value = step(value, *hand[i])
                if not value:
                    break
                playable |= 1 << i
            if not value:
                continue
            played += 1
            if value == target and not shortest:
                shortest = length
            if length == budget and value == target:
                sets[mask_of(order)] = sets.get(mask_of(order), 0) + 1
            elif length == budget and abs(value - target) <= NEAR:
                near |= mask_of(order)
    return {"shortest": shortest, "sets": sets, "near": near, "playable": playable, "played": played}


@pytest.mark.parametrize("seed", range(40))
def test_the_survey_agrees_with_a_plain_enumeration(seed: int) -> None:
    draws = Draws(seed)
    start = draws.between(10, 99)
    size, budget = (6, 5) if seed % 2 else (5, 3)
    hand: list = []
    while len(hand) < size:
        tile = draw_tile(draws, draws.between(10, 999))
        if tile is not None and tile not in hand:
            hand.append(tile)
    # A reachable target: the end of some full-length chain (or start+1 when none is).
    ends = [end for _, end in full_chains(start, hand, budget)]
    target = ends[draws.below(len(ends))] if ends else start + 1
    found = survey(start, target, hand, budget)
    plain = _plain_survey(start, target, hand, budget)
    assert found.shortest == plain["shortest"]
    assert found.sets == plain["sets"]
    assert found.near == plain["near"]
    assert found.playable == plain["playable"]
    assert found.played == plain["played"]


def test_full_chains_lists_each_legal_full_length_chain_once() -> None:
    hand = [(ADD, 54), (ADD, 55), (SUB, 28), (ADD, 65), (SUB, 36)]
    chains = list(full_chains(79, hand, 3))
    assert len(chains) == 60 == len({order for order, _ in chains})
    assert ((0, 1, 2), 160) in chains
