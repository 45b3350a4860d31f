"""Replaying a puzzle's line with python-chess: what makes a row fit to bundle."""

from __future__ import annotations

import re

import chess

# Lichess puzzle ids are five characters; allow a little more, never anything
# that would need escaping in a URL or a file name.
ID_RE = re.compile(r"[0-9A-Za-z]{5,12}")


def replay(puzzle_id: str, fen: str, moves: str) -> tuple[str | None, str]:
    """Replay a row's line from its FEN.

    Returns (problem, position): `problem` is None when the id is well formed,
    the FEN is a valid position, every move is legal in turn and the line has
    an even length; otherwise a short reason ("illegal move", ...). `position`
    is the FEN without its move clocks (placement, side to move, castling, en
    passant), which is what "same position" means for duplicates; it is ""
    when the FEN does not parse.
    """
    if not ID_RE.fullmatch(puzzle_id):
        return "malformed id", ""
    try:
        board = chess.Board(fen)
    except ValueError:
        return "invalid FEN", ""
    if not board.is_valid():
        return "invalid FEN", ""
    position = " ".join(fen.split()[:4])
    line = moves.split()
    if not line or len(line) % 2:
        return "odd line", position
    last = len(line) - 1
    for k, uci in enumerate(line):
        try:
            move = chess.Move.from_uci(uci)
        except ValueError:
            return "illegal move", position
        if not board.is_legal(move):
            return "illegal move", position
        if k < last:  # nothing is played after the last move
            board.push(move)
    return None, position
