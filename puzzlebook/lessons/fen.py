"""Reading a starting position, with plain-words reasons (messages, said in the request's language by
the API) when it is not legal."""

from __future__ import annotations

import re

import chess

from puzzlebook.lessons.model import Color
from puzzlebook.lessons.slips import LATIN_LETTER, PLAIN_DIGIT, slip_problem
from puzzlebook.messages import Message, msg

# The schema's pattern for "fen": printable ASCII in parts separated by single spaces (what
# `read_fen` takes before python-chess reads it); "(?![\s\S])" is the end of the text.
FEN_PATTERN = r"^[!-~]+( [!-~]+)*(?![\s\S])"
_FEN = re.compile(FEN_PATTERN)
_STATUS_WORDS: list[tuple[int, Message]] = [
    (chess.STATUS_NO_WHITE_KING, msg("lesson_fen_no_white_king", "there is no white king")),
    (chess.STATUS_NO_BLACK_KING, msg("lesson_fen_no_black_king", "there is no black king")),
    (chess.STATUS_TOO_MANY_KINGS, msg("lesson_fen_too_many_kings", "a side has more than one king")),
    (chess.STATUS_TOO_MANY_WHITE_PAWNS, msg("lesson_fen_white_pawns", "white has more than 8 pawns")),
    (chess.STATUS_TOO_MANY_BLACK_PAWNS, msg("lesson_fen_black_pawns", "black has more than 8 pawns")),
    (chess.STATUS_TOO_MANY_WHITE_PIECES, msg("lesson_fen_white_pieces", "white has more than 16 pieces")),
    (chess.STATUS_TOO_MANY_BLACK_PIECES, msg("lesson_fen_black_pieces", "black has more than 16 pieces")),
    (chess.STATUS_PAWNS_ON_BACKRANK, msg(
        "lesson_fen_pawn_on_back_rank",
        "a pawn stands on the first or last rank"),
    ),
    (chess.STATUS_OPPOSITE_CHECK, msg(
        "lesson_fen_opposite_check",
        "the side that is not to move is in check"),
    ),
    (chess.STATUS_TOO_MANY_CHECKERS,
     msg("lesson_fen_too_many_checkers", "the king is in check from more than two pieces")),
    (chess.STATUS_IMPOSSIBLE_CHECK,
     msg("lesson_fen_impossible_check", "the check on the king could not have come from a legal move")),
]
FEN_EMPTY = msg("lesson_fen_empty", "the FEN is empty")
NOT_FEN = msg("lesson_fen_invalid", "not a valid FEN: {reason}")  # python-chess's reason, in English
NO_TURN = msg(
    "lesson_fen_no_turn",
    'the FEN does not say whose turn it is (add " w" or " b" after the pieces)',
)
EMPTY_BOARD = msg("lesson_fen_empty_board", "not a legal position: the board is empty")
BAD_CASTLING = msg(
    "lesson_fen_castling",
    'the castling rights "{castling}" do not fit the position (a king or rook is not on its starting square)',
)
BAD_EN_PASSANT = msg(
    "lesson_fen_en_passant",
    'the en passant square "{square}" is not possible in this position',
)
NOT_CHESS = msg("lesson_fen_not_chess", "not a legal chess position")
NOT_LEGAL_POSITION = msg("lesson_fen_not_legal", "not a legal position: {reasons}")
# Reasons one after another ("{first}; {rest}"), said in the request's language one by one.
REASONS = msg("lesson_reasons", "{first}; {rest}")


def joined(reasons: list[Message]) -> Message:
    """`reasons` as one message, "first; second; third"."""
    said = reasons[-1]
    for reason in reversed(reasons[:-1]):
        said = REASONS(first=reason, rest=said)
    return said


def fen_shape_problem(value: str) -> Message | None:
    """Why `value` is not printable ASCII in parts separated by single spaces (FEN_PATTERN),
    in plain words, or None when it is."""
    if not value:
        return FEN_EMPTY
    return slip_problem(value, LATIN_LETTER, PLAIN_DIGIT, spaced=True)


def read_fen(value: str) -> tuple[chess.Board | None, list[Message]]:
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
        return None, [NOT_FEN(reason=reason)]
    if len(fields) < 2:
        return None, [NO_TURN]
    status = board.status()
    if status == chess.STATUS_VALID:
        return board, []
    if status & chess.STATUS_EMPTY:
        return None, [EMPTY_BOARD]
    reasons = [words for flag, words in _STATUS_WORDS if status & flag]
    if status & chess.STATUS_BAD_CASTLING_RIGHTS:
        castling = fields[2] if len(fields) > 2 else "-"
        reasons.append(BAD_CASTLING(castling=castling))
    if status & chess.STATUS_INVALID_EP_SQUARE:
        reasons.append(BAD_EN_PASSANT(square=fields[3]))
    if not reasons:  # a flag we have no words for (racing kings and the like)
        reasons.append(NOT_CHESS)
    return None, [NOT_LEGAL_POSITION(reasons=joined(reasons))]


def color_name(turn: chess.Color) -> Color:
    """'white' or 'black'."""
    return "white" if turn == chess.WHITE else "black"
