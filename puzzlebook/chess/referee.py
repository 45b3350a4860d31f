"""The referee: judges the solver's moves against a puzzle's line.

A move is UCI text (``e2e4``, ``e7e8q``); the promotion piece is part of the
move. A legal move is ``right`` when it is the line's move, ``mate`` when it
is another move that mates (that solves the puzzle whatever the line had
left), and ``wrong`` otherwise. Malformed or illegal moves can't be played, so
they never count and never solve.

The browser's copy of these rules is site/static/js/chess/rules.js; the test
vectors in tests/vectors/chess.json keep the two in step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import chess

from puzzlebook.chess.puzzle import UCI_RE, Puzzle, parse_move, play, position_at

Verdict = Literal["right", "mate", "wrong"]

__all__ = [
    "UCI_RE", "Verdict", "attempt", "judge", "min_seconds", "needs_referee", "parse_move", "play", "solves",
]


def judge(puzzle: Puzzle, ply: int, board: chess.Board, uci: str) -> Verdict:
    """The verdict on the solver's move `uci`, already played on `board`, as move `ply` of the line.

    'right' when it is the line's move at `ply`, 'mate' when it is another
    move that leaves `board` in checkmate, else 'wrong'. `ply` is the move's
    index in the whole line (the solver's moves are the odd ones).
    """
    if not 0 <= ply < len(puzzle.line):
        raise ValueError(f"puzzle {puzzle.id}: ply {ply} is outside its line of {len(puzzle.line)} moves")
    if uci == puzzle.line[ply]:
        return "right"
    return "mate" if board.is_checkmate() else "wrong"


def attempt(puzzle: Puzzle, ply: int, uci: object) -> Verdict | Literal["illegal"]:
    """The verdict on trying `uci` as move `ply` of the line, or 'illegal' if it can't be played there."""
    board = position_at(puzzle, ply)
    if not play(board, uci):
        return "illegal"
    return judge(puzzle, ply, board, uci)  # type: ignore[arg-type]  # play() proved it a str


def solves(puzzle: Puzzle, moves: object) -> bool:
    """Whether `moves` (the solver's moves only, in order) solve `puzzle`.

    True when every move is legal and right (the line's own answers played
    in between) and the last one either ends the line or mates. A prefix of
    the solution is not a solve; neither is anything after a mate, a wrong
    or illegal move, or more moves than the solver has.
    """
    line = puzzle.line
    if not isinstance(moves, (list, tuple)) or not 1 <= len(moves) <= len(line) // 2:
        return False
    board = position_at(puzzle, 1)
    last_k = len(moves) - 1
    for k, uci in enumerate(moves):
        ply = 2 * k + 1
        if not play(board, uci):
            return False
        verdict = judge(puzzle, ply, board, uci)
        if verdict == "wrong":
            return False
        if verdict == "mate":
            return k == last_k
        if k == last_k:
            return ply == len(line) - 1
        if not play(board, line[ply + 1]):
            return False
    return False


def needs_referee(puzzle: Puzzle, moves: Sequence[str]) -> bool:
    """Whether a posted solve needs a replay: it follows the line but for its last move.

    Such a solve (or a wrong-move miss) is right only if that last move
    mates; any other solve either is the line's own moves or leaves the line
    earlier, which no replay can make right.
    """
    line = puzzle.solution
    moves = list(moves)
    n = len(moves)
    return 0 < n <= len(line) and moves[:-1] == line[: n - 1] and moves[-1] != line[n - 1]


def min_seconds(moves: Sequence[str]) -> int:
    """The fewest whole seconds a real solve of `moves` takes: one a move, and one at least.

    >>> min_seconds(["e2e4", "g1f3"]), min_seconds([])
    (2, 1)
    """
    return max(1, len(moves))
