"""The puzzle model: a bundle row read into a puzzle, its solution, side and positions."""

from __future__ import annotations

import chess
import pytest

from puzzlebook.chess.puzzle import Puzzle, parse_move, play, position_at

ROW = ["0000D", "5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27", "d3d6 f8d8 d6d8 f6d8", 1492,
       "advantage endgame short"]


def test_from_row_reads_every_field():
    p = Puzzle.from_row(ROW, "Medium")
    assert (p.id, p.band, p.fen, p.rating) == ("0000D", "Medium", ROW[1], 1492)
    assert p.line == ["d3d6", "f8d8", "d6d8", "f6d8"]
    assert p.themes == ["advantage", "endgame", "short"]


def test_solution_is_every_other_move_from_the_second():
    assert Puzzle.from_row(ROW, "Medium").solution == ["f8d8", "f6d8"]


def test_solver_plays_the_side_not_to_move():
    assert Puzzle.from_row(ROW, "Medium").solver_color == chess.BLACK
    black_first = ["001KR", "6Qk/p1p3pp/4N3/1p6/2q1r1n1/2B5/PP4PP/3R1R1K b - - 0 28", "h8g8 f1f8", 565, ""]
    assert Puzzle.from_row(black_first, "Beginner").solver_color == chess.WHITE


def test_empty_themes_are_an_empty_list():
    assert Puzzle.from_row([*ROW[:4], ""], "Medium").themes == []


def test_a_puzzle_cannot_be_changed():
    p = Puzzle.from_row(ROW, "Medium")
    with pytest.raises(AttributeError):
        p.rating = 3000  # type: ignore[misc]


@pytest.mark.parametrize(
    "row",
    [
        ROW[:4],
        [*ROW[:2], "d3d6 f8d8 d6d8", *ROW[3:]],
        [*ROW[:2], "", *ROW[3:]],
        "0000D",
    ],
)
def test_a_malformed_row_is_refused(row):
    with pytest.raises(ValueError):
        Puzzle.from_row(row, "Medium")


def test_position_at_plays_the_line_up_to_ply():
    p = Puzzle.from_row(ROW, "Medium")
    assert position_at(p, 0).fen() == ROW[1]
    after_one = position_at(p, 1)
    assert after_one.turn == chess.BLACK
    assert after_one.piece_at(chess.D6) == chess.Piece(chess.QUEEN, chess.WHITE)
    assert position_at(p, 4).piece_at(chess.D8) == chess.Piece(chess.BISHOP, chess.BLACK)


def test_position_at_gives_a_fresh_board_each_time():
    p = Puzzle.from_row(ROW, "Medium")
    board = position_at(p, 1)
    board.push_uci("f8d8")
    assert position_at(p, 1).fen() != board.fen()


@pytest.mark.parametrize("ply", [-1, 5])
def test_position_at_refuses_a_ply_outside_the_line(ply):
    with pytest.raises(ValueError, match="outside its line"):
        position_at(Puzzle.from_row(ROW, "Medium"), ply)


def test_position_at_refuses_a_line_with_an_illegal_move():
    broken = Puzzle.from_row([*ROW[:2], "d3d6 f8d8 d6d8 f6f5", *ROW[3:]], "Medium")
    with pytest.raises(ValueError, match="f6f5 is not legal"):
        position_at(broken, 4)


def test_play_leaves_the_board_alone_when_the_move_cannot_be_played():
    board = position_at(Puzzle.from_row(ROW, "Medium"), 1)
    before = board.fen()
    for bad in ["f8d8q", "f6f5", "e4e5", "e1h1", "", None, "F8D8"]:
        assert play(board, bad) is False
        assert parse_move(board, bad) is None
        assert board.fen() == before
    assert play(board, "f8d8") is True
    assert board.peek() == chess.Move.from_uci("f8d8")
