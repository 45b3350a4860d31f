"""Reading a starting position, with plain-words reasons when it is not legal."""

from __future__ import annotations

import re

import chess

from puzzlebook.lessons.model import Color
from puzzlebook.lessons.slips import slip_problem

# The schema's pattern for "fen": printable ASCII in parts separated by single spaces (what
# `read_fen` takes before python-chess reads it); "(?![\s\S])" is the end of the text.
FEN_PATTERN = r"^[!-~]+( [!-~]+)*(?![\s\S])"
_FEN = re.compile(FEN_PATTERN)
_STATUS_WORDS: list[tuple[int, str]] = [
    (chess.STATUS_NO_WHITE_KING, "there is no white king"),
    (chess.STATUS_NO_BLACK_KING, "there is no black king"),
    (chess.STATUS_TOO_MANY_KINGS, "a side has more than one king"),
    (chess.STATUS_TOO_MANY_WHITE_PAWNS, "white has more than 8 pawns"),
    (chess.STATUS_TOO_MANY_BLACK_PAWNS, "black has more than 8 pawns"),
    (chess.STATUS_TOO_MANY_WHITE_PIECES, "white has more than 16 pieces"),
    (chess.STATUS_TOO_MANY_BLACK_PIECES, "black has more than 16 pieces"),
    (chess.STATUS_PAWNS_ON_BACKRANK, "a pawn stands on the first or last rank"),
    (chess.STATUS_OPPOSITE_CHECK, "the side that is not to move is in check"),
    (chess.STATUS_TOO_MANY_CHECKERS, "the king is in check from more than two pieces"),
    (chess.STATUS_IMPOSSIBLE_CHECK, "the check on the king could not have come from a legal move"),
]


def fen_shape_problem(value: str) -> str | None:
    """Why `value` is not printable ASCII in parts separated by single spaces (FEN_PATTERN),
    in plain words, or None when it is."""
    if not value:
        return "the FEN is empty"
    return slip_problem(value, "a plain Latin letter", "a plain 0–9", spaced=True)


def read_fen(value: str) -> tuple[chess.Board | None, list[str]]:
    """The position of FEN `value`, or None and why it is not a legal position (one message).

    The FEN must name the side to move (its second field); castling rights, the en
    passant square and the move counters may be left out (they default to none, none,
    0 and 1). It is printable ASCII with single spaces between its parts (FEN_PATTERN);
    a slip (a space around it, a look-alike letter) is named. A position python-chess
    finds invalid (Board.status()) is refused.
    """
    shape = fen_shape_problem(value)
    if shape is not None:
        return None, [shape]
    fields = value.split(" ")
    try:
        board = chess.Board(" ".join(fields))
    except ValueError as error:
        reason = str(error).split(": '")[0]
        return None, [f"not a valid FEN: {reason}"]
    if len(fields) < 2:
        return None, ['the FEN does not say whose turn it is (add " w" or " b" after the pieces)']
    status = board.status()
    if status == chess.STATUS_VALID:
        return board, []
    if status & chess.STATUS_EMPTY:
        return None, ["not a legal position: the board is empty"]
    reasons = [words for flag, words in _STATUS_WORDS if status & flag]
    if status & chess.STATUS_BAD_CASTLING_RIGHTS:
        castling = fields[2] if len(fields) > 2 else "-"
        reasons.append(
            f'the castling rights "{castling}" do not fit the position '
            "(a king or rook is not on its starting square)"
        )
    if status & chess.STATUS_INVALID_EP_SQUARE:
        reasons.append(f'the en passant square "{fields[3]}" is not possible in this position')
    if not reasons:  # a flag we have no words for (racing kings and the like)
        reasons.append("not a legal chess position")
    return None, ["not a legal position: " + "; ".join(reasons)]


def color_name(turn: chess.Color) -> Color:
    """'white' or 'black'."""
    return "white" if turn == chess.WHITE else "black"
