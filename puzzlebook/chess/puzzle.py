"""A Chess Puzzles puzzle, made from one bundle row, and its positions.

A row is ``[id, fen, moves, rating, themes]``, with the source game's reference
(``<game id>#<ply>``, puzzlebook/chess/source_game.py) as a sixth field when the bundle
knows it: ``moves`` is one string of
space-separated UCI moves, ``themes`` one string of space-separated Lichess
themes. The line's first move is the opponent's (played for the solver); the
solver plays every other move after it, so the solver is the side *not* to
move in the FEN.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import chess

from puzzlebook.patterns import UCI

# A move in UCI as both engines write it (puzzlebook/patterns.py).
UCI_RE = re.compile(UCI)


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle: its Lichess id, band, starting FEN, whole line in UCI, rating and themes.

    ``line`` and ``themes`` are lists (so ``moves == puzzle.solution`` compares
    as expected with a posted JSON list); treat them as read-only.
    """

    id: str
    band: str
    fen: str
    line: list[str]
    rating: int
    themes: list[str]
    game: str = ""  # the source game's reference, "" when unknown

    @classmethod
    def from_row(cls, row: Sequence[Any], band: str) -> Puzzle:
        """The puzzle of a bundle row ``[id, fen, moves, rating, themes]`` in `band`.

        Raises ValueError when the row does not have that shape (five fields, or six with
        the source game, a line of an even length of two or more).
        """
        if not isinstance(row, (list, tuple)) or len(row) not in (5, 6):
            raise ValueError(
                f"a puzzle row has five fields [id, fen, moves, rating, themes] (and the game), not {row!r}"
            )
        pid, fen, moves, rating, themes = row[:5]
        game = row[5] if len(row) == 6 else ""
        line = moves.split() if isinstance(moves, str) else []
        if len(line) < 2 or len(line) % 2:
            raise ValueError(f"puzzle {pid}: its line must be an even number of moves, two or more")
        return cls(
            id=str(pid),
            band=band,
            fen=str(fen),
            line=line,
            rating=int(rating),
            themes=themes.split() if themes else [],
            game=str(game),
        )

    @property
    def solution(self) -> list[str]:
        """The solver's moves: every other move of the line, from the second."""
        return list(self.line[1::2])

    @property
    def solver_color(self) -> chess.Color:
        """The solver's side (chess.WHITE or chess.BLACK): the side not to move in the FEN."""
        return self.fen.split()[1] != "w"


def parse_move(board: chess.Board, uci: object) -> chess.Move | None:
    """The legal move `uci` names on `board`, or None when it names none.

    None for anything that isn't a string in the UCI pattern, for illegal
    moves, and for castling written as king-takes-rook (``e1h1``): python-chess
    reads that as castling but chess.js and standard UCI don't, and the two
    engines must agree.
    """
    if not isinstance(uci, str) or not UCI_RE.fullmatch(uci):
        return None
    try:
        move = chess.Move.from_uci(uci)
    except ValueError:  # e.g. a1a1: same square twice
        return None
    if not board.is_legal(move):
        return None
    if board.is_castling(move) and board.uci(move) != uci:
        return None
    return move


def play(board: chess.Board, uci: object) -> bool:
    """Play `uci` on `board` if it is a legal move there; True if it was played."""
    move = parse_move(board, uci)
    if move is None:
        return False
    board.push(move)
    return True


def position_at(puzzle: Puzzle, ply: int) -> chess.Board:
    """A new board: the puzzle's FEN with the first `ply` moves of its line played.

    Each line move is played through play(), so it must be legal as written
    (a broken bundle row raises ValueError rather than giving a corrupt board). `ply` runs from 0 (the
    FEN itself) to the line's length.
    """
    if not 0 <= ply <= len(puzzle.line):
        raise ValueError(f"puzzle {puzzle.id}: ply {ply} is outside its line of {len(puzzle.line)} moves")
    board = chess.Board(puzzle.fen)
    for uci in puzzle.line[:ply]:
        if not play(board, uci):
            raise ValueError(f"puzzle {puzzle.id}: its line move {uci} is not legal")
    return board
