"""The referee beyond the shared vectors: its edges and contracts."""

from __future__ import annotations

import pytest

from puzzlebook.chess.puzzle import Puzzle, position_at
from puzzlebook.chess.referee import judge, min_seconds, needs_referee, play, solves

# Hard, three solver moves: e6e7 b3c1 h6c1.
LONG = Puzzle.from_row(
    ["00008", "r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24", "f2g3 e6e7 b2b1 b3c1 b1c1 h6c1", 1800,
     "crushing hangingPiece long middlegame"],
    "Hard",
)
# Mate in one, where d1d8 mates as well as the line's f1f8.
MATE = Puzzle.from_row(
    ["001KR", "6Qk/p1p3pp/4N3/1p6/2q1r1n1/2B5/PP4PP/3R1R1K b - - 0 28", "h8g8 f1f8", 565, "mate mateIn1"],
    "Beginner",
)


def test_judge_names_the_three_verdicts():
    board = position_at(MATE, 1)
    assert play(board, "f1f7")
    assert judge(MATE, 1, board, "f1f7") == "wrong"
    board = position_at(MATE, 1)
    assert play(board, "d1d8")
    assert judge(MATE, 1, board, "d1d8") == "mate"
    board = position_at(MATE, 1)
    assert play(board, "f1f8")
    assert judge(MATE, 1, board, "f1f8") == "right"


@pytest.mark.parametrize("ply", [-1, 2])
def test_judge_refuses_a_ply_outside_the_line(ply):
    with pytest.raises(ValueError, match="outside its line"):
        judge(MATE, ply, position_at(MATE, 1), "f1f8")


def test_solves_takes_a_tuple_as_well_as_a_list():
    assert solves(LONG, ("e6e7", "b3c1", "h6c1"))


def test_solves_refuses_a_line_longer_than_the_solvers():
    assert not solves(LONG, ["e6e7", "b3c1", "h6c1", "h1g1"])


def test_solves_does_not_depend_on_earlier_calls():
    assert not solves(LONG, ["e6e7", "b3c1", "e7e1"])
    assert solves(LONG, ["e6e7", "b3c1", "h6c1"])
    assert solves(LONG, ["e6e7", "b3c1", "h6c1"])


def test_needs_referee_only_for_a_solve_that_leaves_the_line_at_its_last_move():
    assert needs_referee(LONG, ["e6e7", "h6h7"])          # off the line at its second move
    assert not needs_referee(LONG, ["h6h7", "b3c1"])      # off the line before the last move
    assert not needs_referee(LONG, ["e6e7", "b3c1"])      # still on the line
    assert not needs_referee(LONG, [])
    assert not needs_referee(LONG, ["e6e7", "b3c1", "h6c1", "h1g1"])  # longer than the solution
    assert needs_referee(MATE, ("d1d8",))


@pytest.mark.parametrize(("moves", "seconds"), [([], 1), (["f1f8"], 1), (["a", "b"], 2), (["m"] * 8, 8)])
def test_min_seconds_is_a_second_a_move_and_one_at_least(moves, seconds):
    assert min_seconds(moves) == seconds
