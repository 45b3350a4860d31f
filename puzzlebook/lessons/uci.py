"""Reading one UCI move in a position, explaining in plain words (messages, said in the request's
language by the API) why it cannot be played. Moves and squares are values, never translated."""

from __future__ import annotations

import re

import chess

from puzzlebook.messages import Message, msg

from .slips import plain_guess, slip_problem

# The schema's pattern, and the importer's, read the same way by Python's re.search (as the
# jsonschema package applies it) and by an ECMA-262 engine. "(?![\s\S])" is "the end of the
# text": Python's "$" also matches before a final line break, so "a1a8\n" would pass it.
UCI_PATTERN = r"^[a-h][1-8][a-h][1-8][qrbn]?(?![\s\S])"
_UCI = re.compile(UCI_PATTERN)
NOT_LEGAL = msg("lesson_not_legal", "not a legal move in this position")
SLIP_WRITE = msg("lesson_uci_slip_write", '{slip}: write "{uci}"')
SLIP_ALSO = msg("lesson_uci_slip_also", "{slip}; also {rest}")
LOWER_CASE = msg("lesson_uci_lower_case", 'UCI is written in lower case: "{uci}"')
SEPARATOR = msg("lesson_uci_separator", 'write the two squares without "{separator}" between them: "{uci}"')
SAN_NOT_UCI = msg("lesson_uci_is_san", '"{san}" is SAN; write the move in UCI: "{uci}"')
NOT_UCI = msg(
    "lesson_not_uci",
    "not a move in UCI (the from-square, the to-square and, for a promotion, "
    'the piece letter: like "e2e4" or "e7e8q")',
)
PROMOTION_LETTERS = msg("lesson_uci_promotion_letters", "q, r, b or n")
STAYS = msg(
    "lesson_not_legal_stays",
    "not a legal move in this position: a move goes to another square, and {uci} stays on {square}",
)
OVER_CHECKMATE = msg(
    "lesson_game_over_checkmate",
    "the game is already over (checkmate), so no move can follow",
)
OVER_STALEMATE = msg(
    "lesson_game_over_stalemate",
    "the game is already over (stalemate), so no move can follow",
)
NO_PIECE = msg(
    "lesson_not_legal_no_piece",
    "not a legal move in this position: there is no piece on {square}",
)
# The piece's colour and the side to move, one message each way round (the colours agree with their
# nouns in many languages).
NOT_ITS_TURN = {
    chess.WHITE: msg(
        "lesson_not_legal_white_piece",
        "not a legal move in this position: the piece on {square} is white's, but it is black's turn",
    ),
    chess.BLACK: msg(
        "lesson_not_legal_black_piece",
        "not a legal move in this position: the piece on {square} is black's, but it is white's turn",
    ),
}
CASTLING_AS_KING = msg("lesson_castling_as_king", "castling is written as the king's move: \"{uci}\"")
NEEDS_PROMOTION = msg(
    "lesson_needs_promotion", 'a pawn reaching the last rank needs the piece it becomes: "{uci}" for a queen'
)
NO_PROMOTION = msg(
    "lesson_no_promotion", 'only a pawn reaching the last rank takes a promotion letter: write "{uci}"'
)
NO_CASTLING = msg(
    "lesson_not_legal_castling",
    "not a legal move in this position: castling is not allowed here",
)
LEAVES_IN_CHECK = {
    chess.WHITE: msg(
        "lesson_not_legal_white_in_check",
        "not a legal move in this position: it would leave the white king in check",
    ),
    chess.BLACK: msg(
        "lesson_not_legal_black_in_check",
        "not a legal move in this position: it would leave the black king in check",
    ),
}


def is_uci(text: str) -> bool:
    """Whether `text` is one move written as UCI (the schema's pattern)."""
    return _UCI.search(text) is not None


def _promotion_or_square(place: int) -> str | Message:
    return "a–h" if place < 4 else PROMOTION_LETTERS


def uci_shape_problem(uci: str, board: chess.Board | None = None) -> Message | None:
    """Why `uci` is not written as UCI, or None when it is. With `board`, a SAN move is
    translated to the UCI the teacher should have written. A typing slip (white space,
    a look-alike letter, an invisible character) is named, with the move to write when
    it is clear."""
    if is_uci(uci):
        return None
    slip = slip_problem(uci, _promotion_or_square, "1–8")
    if slip is not None:
        guess = plain_guess(uci)
        if is_uci(guess):
            return SLIP_WRITE(slip=slip, uci=guess)
        rest = uci_shape_problem(guess, board) if guess and slip_problem(guess, "", "") is None else None
        return SLIP_ALSO(slip=slip, rest=rest) if rest else slip
    if is_uci(uci.lower()):
        return LOWER_CASE(uci=uci.lower())
    if re.fullmatch(r"[a-h][1-8][-x][a-h][1-8][qrbnQRBN]?", uci):
        return SEPARATOR(separator=uci[2], uci=(uci[:2] + uci[3:]).lower())
    if board is not None:
        san = _as_san(board, uci)
        if san is not None:
            return SAN_NOT_UCI(san=uci, uci=san.uci())
    return NOT_UCI


def _as_san(board: chess.Board, text: str) -> chess.Move | None:
    try:
        return board.parse_san(text)
    except ValueError:
        return None


def resolve_uci(board: chess.Board, uci: str) -> tuple[chess.Move | None, Message | None]:
    """The legal move `uci` in `board`, or None and why not (first of all, when it is not
    written as UCI: `uci_shape_problem`)."""
    shape = uci_shape_problem(uci, board)
    if shape is not None:
        return None, shape
    if uci[:2] == uci[2:4]:  # the shape allows it, but python-chess reads it as no move at all
        return None, STAYS(uci=uci, square=uci[:2])
    move = chess.Move.from_uci(uci)
    # python-chess also takes king-takes-own-rook as castling; the format writes the king's move.
    king_takes_rook = board.is_castling(move) and board.piece_type_at(move.to_square) == chess.ROOK
    if board.is_legal(move) and not king_takes_rook:
        return move, None
    return None, _why_not(board, move)


def _why_not(board: chess.Board, move: chess.Move) -> Message:
    if board.is_checkmate():
        return OVER_CHECKMATE
    if board.is_stalemate():
        return OVER_STALEMATE
    from_name = chess.square_name(move.from_square)
    piece = board.piece_at(move.from_square)
    if piece is None:
        return NO_PIECE(square=from_name)
    if piece.color != board.turn:
        return NOT_ITS_TURN[piece.color](square=from_name)
    legal = {m.uci(): m for m in board.legal_moves if m.from_square == move.from_square}
    plain = chess.Move(move.from_square, move.to_square)
    own_rook = chess.Piece(chess.ROOK, piece.color)
    if piece.piece_type == chess.KING and board.piece_at(move.to_square) == own_rook:
        kingside = chess.square_file(move.to_square) > chess.square_file(move.from_square)
        landing = chess.square(6 if kingside else 2, chess.square_rank(move.from_square))
        return CASTLING_AS_KING(uci=from_name + chess.square_name(landing))
    if move.promotion is None and (plain.uci() + "q") in legal:
        return NEEDS_PROMOTION(uci=plain.uci() + "q")
    if move.promotion is not None and plain.uci() in legal:
        return NO_PROMOTION(uci=plain.uci())
    if piece.piece_type == chess.KING and abs(move.to_square - move.from_square) == 2:
        return NO_CASTLING
    if board.is_pseudo_legal(move):
        return LEAVES_IN_CHECK[board.turn]
    return NOT_LEGAL
