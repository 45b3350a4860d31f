"""puzzlebook/chess/checks.py: the verdict on a posted solve or miss, in the order the API applies them
(tests/test_api_chess.py drives the same order over HTTP)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from puzzlebook.chess.checks import check_miss, check_replay, check_solve
from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.chess.referee import needs_referee, solves

VECTORS = json.loads((Path(__file__).parent / "vectors" / "chess.json").read_text(encoding="utf-8"))
PUZZLES = {name: Puzzle.from_row(spec["row"], spec["band"]) for name, spec in VECTORS["puzzles"].items()}
# 0000D: the line d3d6 f8d8 d6d8 f6d8; the solver plays f8d8, then f6d8.
PUZZLE = PUZZLES["0000D"]
ENOUGH = 60


def test_the_solution_line_is_solved_without_a_replay() -> None:
    assert check_solve(PUZZLE, ["f8d8", "f6d8"], ENOUGH) == "solved"


def test_time_comes_first_a_second_a_move() -> None:
    assert check_solve(PUZZLE, ["f8d8", "f6d8"], 1) == "too-fast"
    assert check_solve(PUZZLE, ["f8d8", "f6d8"], 2) == "solved"
    # Before the moves are looked at: moves that don't solve are still "too fast" first.
    assert check_solve(PUZZLE, ["a7a6", "a6a5", "b7b6"], 2) == "too-fast"


def test_leaving_the_line_before_the_last_move_is_not_solved_and_never_replayed() -> None:
    assert check_solve(PUZZLE, ["f6d8", "f8d8"], ENOUGH) == "not-solved"
    assert check_solve(PUZZLE, ["f8d8"], ENOUGH) == "not-solved"  # the line's move, but not the end
    assert check_solve(PUZZLE, ["f8d8", "f6d8", "g8f8"], ENOUGH) == "not-solved"  # more than the line


def test_a_different_last_move_needs_the_referee() -> None:
    assert check_solve(PUZZLE, ["f8d8", "f6e7"], ENOUGH) == "replay"
    assert check_replay(PUZZLE, ["f8d8", "f6e7"]) == "no-mate"


def _listed(moves: Any) -> bool:
    return isinstance(moves, list) and all(isinstance(m, str) for m in moves) and len(moves) > 0


LISTED = [v for v in VECTORS["solves"] if _listed(v["moves"])]


@pytest.mark.parametrize("vector", LISTED, ids=lambda v: f"{v['puzzle']}-{v['moves']}")
def test_every_recorded_solve_gets_its_verdict(vector: dict[str, Any]) -> None:
    """tests/vectors/chess.json: the line itself is "solved", a solve the referee must replay is
    "replay" and then whatever the replay says, anything else "not-solved"."""
    puzzle, moves = PUZZLES[vector["puzzle"]], vector["moves"]
    verdict = check_solve(puzzle, moves, ENOUGH)
    if moves == puzzle.solution:
        assert verdict == "solved"
    elif needs_referee(puzzle, moves):
        assert verdict == "replay"
        assert check_replay(puzzle, moves) == ("solved" if vector["solves"] else "no-mate"), vector["why"]
    else:
        assert verdict == "not-solved"
        assert not solves(puzzle, moves), vector["why"]


def test_a_wrong_move_miss_must_leave_the_line_at_its_last_move() -> None:
    assert check_miss(PUZZLE, "wrong", ["f8e8"]) == "missed"
    assert check_miss(PUZZLE, "wrong", ["f8d8", "f6e7"]) == "missed"
    assert check_miss(PUZZLE, "wrong", ["f8d8"]) == "not-a-wrong-move"  # the line's own move
    assert check_miss(PUZZLE, "wrong", ["f8d8", "f6d8"]) == "not-a-wrong-move"  # the solution
    assert check_miss(PUZZLE, "wrong", ["f8e8", "f6e7"]) == "not-a-wrong-move"  # past a wrong move


def test_show_solution_always_counts() -> None:
    assert check_miss(PUZZLE, "gave-up", []) == "missed"
    assert check_miss(PUZZLE, "gave-up", ["f8d8"]) == "missed"
