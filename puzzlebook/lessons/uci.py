"""Reading one UCI move in a position, explaining in plain words why it cannot be played."""

from __future__ import annotations

import re

import chess

from .fen import color_name
from .slips import plain_guess, slip_problem

# The schema's pattern, and the importer's, read the same way by Python's re.search (as the
# jsonschema package applies it) and by an ECMA-262 engine. "(?![\s\S])" is "the end of the
# text": Python's "$" also matches before a final line break, so "a1a8\n" would pass it.
UCI_PATTERN = r"^[a-h][1-8][a-h][1-8][qrbn]?(?![\s\S])"
_UCI = re.compile(UCI_PATTERN)
NOT_LEGAL = "not a legal move in this position"


def is_uci(text: str) -> bool:
    """Whether `text` is one move written as UCI (the schema's pattern)."""
    return _UCI.search(text) is not None


def _promotion_or_square(place: int) -> str:
    return "a–h" if place < 4 else "q, r, b or n"


def uci_shape_problem(uci: str, board: chess.Board | None = None) -> str | None:
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
            return f'{slip}: write "{guess}"'
        rest = uci_shape_problem(guess, board) if guess and slip_problem(guess, "", "") is None else None
        return f"{slip}; also {rest}" if rest else slip
    if is_uci(uci.lower()):
        return f'UCI is written in lower case: "{uci.lower()}"'
    if re.fullmatch(r"[a-h][1-8][-x][a-h][1-8][qrbnQRBN]?", uci):
        return f'write the two squares without "{uci[2]}" between them: "{(uci[:2] + uci[3:]).lower()}"'
    if board is not None:
        san = _as_san(board, uci)
        if san is not None:
            return f'"{uci}" is SAN; write the move in UCI: "{san.uci()}"'
    return (
        "not a move in UCI (the from-square, the to-square and, for a promotion, "
        'the piece letter: like "e2e4" or "e7e8q")'
    )


def _as_san(board: chess.Board, text: str) -> chess.Move | None:
    try:
        return board.parse_san(text)
    except ValueError:
        return None


def resolve_uci(board: chess.Board, uci: str) -> tuple[chess.Move | None, str]:
    """The legal move `uci` in `board`, or None and why not (first of all, when it is not
    written as UCI: `uci_shape_problem`)."""
    shape = uci_shape_problem(uci, board)
    if shape is not None:
        return None, shape
    if uci[:2] == uci[2:4]:  # the shape allows it, but python-chess reads it as no move at all
        return None, f"{NOT_LEGAL}: a move goes to another square, and {uci} stays on {uci[:2]}"
    move = chess.Move.from_uci(uci)
    # python-chess also takes king-takes-own-rook as castling; the format writes the king's move.
    king_takes_rook = board.is_castling(move) and board.piece_type_at(move.to_square) == chess.ROOK
    if board.is_legal(move) and not king_takes_rook:
        return move, ""
    return None, _why_not(board, move)


def _why_not(board: chess.Board, move: chess.Move) -> str:
    if board.is_checkmate():
        return "the game is already over (checkmate), so no move can follow"
    if board.is_stalemate():
        return "the game is already over (stalemate), so no move can follow"
    from_name = chess.square_name(move.from_square)
    piece = board.piece_at(move.from_square)
    if piece is None:
        return f"{NOT_LEGAL}: there is no piece on {from_name}"
    if piece.color != board.turn:
        return (
            f"{NOT_LEGAL}: the piece on {from_name} is {color_name(piece.color)}'s, "
            f"but it is {color_name(board.turn)}'s turn"
        )
    legal = {m.uci(): m for m in board.legal_moves if m.from_square == move.from_square}
    plain = chess.Move(move.from_square, move.to_square)
    own_rook = chess.Piece(chess.ROOK, piece.color)
    if piece.piece_type == chess.KING and board.piece_at(move.to_square) == own_rook:
        kingside = chess.square_file(move.to_square) > chess.square_file(move.from_square)
        landing = chess.square(6 if kingside else 2, chess.square_rank(move.from_square))
        return f'castling is written as the king\'s move: "{from_name}{chess.square_name(landing)}"'
    if move.promotion is None and (plain.uci() + "q") in legal:
        return f'a pawn reaching the last rank needs the piece it becomes: "{plain.uci()}q" for a queen'
    if move.promotion is not None and plain.uci() in legal:
        return f'only a pawn reaching the last rank takes a promotion letter: write "{plain.uci()}"'
    if piece.piece_type == chess.KING and abs(move.to_square - move.from_square) == 2:
        return f"{NOT_LEGAL}: castling is not allowed here"
    if board.is_pseudo_legal(move):
        return f"{NOT_LEGAL}: it would leave the {color_name(board.turn)} king in check"
    return NOT_LEGAL
