"""Playing a puzzle's line through from its start: turn order, legality, SAN, who moves."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import chess

from puzzlebook.messages import Message, msg

from .fen import color_name
from .model import Color, Lesson, LessonMove, Refutation
from .problems import Collector
from .uci import NOT_LEGAL, resolve_uci

# The line's problems, as messages (said in the request's language by the API).
TURN_ORDER = {  # by the side to move in the FEN (the student plays the other)
    chess.WHITE: msg(
        "lesson_turn_order_white",
        "white is to move in the FEN but the student plays black, so the first move is the opponent's "
        "setup move and the line needs at least 2 moves for the student to get a turn (it has {count})",
    ),
    chess.BLACK: msg(
        "lesson_turn_order_black",
        "black is to move in the FEN but the student plays white, so the first move is the opponent's "
        "setup move and the line needs at least 2 moves for the student to get a turn (it has {count})",
    ),
}
HINT_ON_OPPONENT = msg(
    "lesson_hint_on_opponent",
    "this hint is on the opponent's move, so it is never shown (hints are for the student's moves)",
)
REFUTATIONS_ON_OPPONENT = msg(
    "lesson_refutations_on_opponent",
    "refutations are for the student's moves (a wrong move the student might play instead); these are on "
    "the opponent's move, so they are ignored",
)
ENDS_ON_OPPONENT = msg(
    "lesson_line_ends_on_opponent",
    "the line ends with the opponent's move: it is played for the student and the puzzle ends",
)
# A refutation's problems, each naming it by its place among the move's and its move as written.
REFUTATION_WHY = msg("lesson_refutation_problem", 'refutation {place} ("{move}"): {problem}')
REPLY_WHY = msg(
    "lesson_refutation_reply_problem",
    'refutation {place} ("{move}"), its reply "{reply}": {problem}',
)
REFUTATION_IS_LINE = msg(
    "lesson_refutation_is_line_move",
    'refutation {place} ("{move}") is the line\'s own move: a refutation is a wrong move the student '
    "might play instead",
)
REFUTATION_TWICE = msg("lesson_refutation_twice", 'refutation {place} ("{move}") is given twice on this move')
REFUTATION_MATES = msg(
    "lesson_refutation_mates",
    'refutation {place} ("{move}") mates, and any mating move solves the puzzle: it isn\'t a wrong move',
)

_COLOR_NAMES: tuple[Color, Color] = ("black", "white")  # color_name's, by chess.Color (False, True)


@dataclass(frozen=True)
class Answer:
    """One refutation as the import gave it: the wrong move and the opponent's reply, each a UCI
    string (JSON) or a parsed move (PGN), with why the wrong move fails."""

    uci: str = ""
    reply: str = ""
    move: chess.Move | None = None
    reply_move: chess.Move | None = None
    comment: str = ""


@dataclass(slots=True)
class Step:
    """One move as the import gave it: a UCI string (JSON) or a parsed move (PGN), with its SAN
    when python-chess read and wrote it in the position the line plays it from (PGN, `san`).
    Made once a move and read once by play_line, so not frozen: a frozen dataclass is made field by
    field through object.__setattr__, three times as long."""

    uci: str = ""
    move: chess.Move | None = None
    san: str = ""
    comment: str = ""
    hint: str = ""
    refutations: tuple[Answer, ...] = ()
    variations: tuple[Answer, ...] = ()  # PGN: other variations, not marked worse (never played)


def pgn_label(board: chess.Board, move: chess.Move, san: str | None = None) -> str:
    """'12. Nf3' or '12... Nf6' for `move` played in `board` (`san`: its SAN, when already known)."""
    dots = "." if board.turn == chess.WHITE else "..."
    return f"{board.fullmove_number}{dots} {san or board.san(move)}"


def turn_order_problem(board: chess.Board, student: chess.Color, count: int) -> Message | None:
    """Why a line of `count` moves cannot give the student a turn, or None.

    When the FEN's side to move is the opponent, the first move is the opponent's
    setup move, so the student needs a second move to play.
    """
    if board.turn == student or count >= 2:
        return None
    return TURN_ORDER[board.turn](count=count)


def play_line(
    board: chess.Board, student: chess.Color, steps: Sequence[Step | None], problems: Collector
) -> tuple[tuple[LessonMove, ...], bool]:
    """The moves of `steps` played from `board` (left unchanged), and whether all were played.

    Every move must be written as UCI and be legal from the running position; the
    first that is not is reported to `problems` and the line stops there (the moves
    after it cannot be checked). A None step (a move already reported as malformed)
    stops the line silently. Also warns about hints on the opponent's moves and a
    line that ends on the opponent's move.
    """
    board = board.copy(stack=False)
    pgn = problems.unit == "Game"
    played: list[LessonMove] = []
    # A move read from SAN in this very position (`step.san`: python-chess proved it legal and
    # wrote its SAN there) is neither checked nor written again, and waits in `unplayed` until
    # `board` is needed (a move that is not, or refutations): most PGN lines never need it. The
    # side to move and the move number are kept by hand meanwhile, as Board.push keeps them.
    unplayed: list[chess.Move] = []
    turn, fullmove = board.turn, board.fullmove_number
    for number, step in enumerate(steps, 1):
        if step is None:
            return tuple(played), False
        move = step.move
        san = step.san
        trusted = move is not None and bool(san)
        if move is None or not san:
            _play(board, unplayed)
            if move is None:
                move, why = resolve_uci(board, step.uci)
                if move is None:
                    problems.error(why or NOT_LEGAL, number, step.uci)
                    return tuple(played), False
            elif not board.is_legal(move):  # python-chess read it in another mode (Chess960 castling)
                problems.error(NOT_LEGAL, number, move.uci())
                return tuple(played), False
            # SAN is most of an import's time (it plays the move to look for check and mate): once a
            # move, and the move it played kept (san_and_push) rather than played again.
            san = board.san_and_push(move)
        by_student = turn == student
        refutations: tuple[Refutation, ...] = ()
        variations: tuple[Refutation, ...] = ()
        if (step.hint or step.refutations) and not by_student:
            where = f"{fullmove}{'.' if turn == chess.WHITE else '...'} {san}" if pgn else move.uci()
            if step.hint:
                problems.warn(HINT_ON_OPPONENT, number, where)
            if step.refutations:
                problems.warn(REFUTATIONS_ON_OPPONENT, number, where)
        elif step.refutations or step.variations:
            where = f"{fullmove}{'.' if turn == chess.WHITE else '...'} {san}" if pgn else move.uci()
            # The position the refutations stand in: before this move.
            if trusted:
                _play(board, unplayed)
            else:
                board.pop()
            refutations = play_refutations(board, move, step.refutations, problems, number, where)
            # Checked by the PGN reader before (legal, not the line's move, no mate, a reply).
            variations = play_refutations(board, move, step.variations, Collector(None), number, where)
            if not trusted:
                board.push(move)
        if trusted:
            unplayed.append(move)
        # The move's record; made positionally, once a move (a frozen dataclass's keywords cost).
        played.append(
            LessonMove(
                move.uci(), san, _COLOR_NAMES[turn], by_student, step.comment, step.hint, refutations,
                variations,
            )
        )
        fullmove += turn == chess.BLACK
        turn = not turn
    if played and not played[-1].by_student and any(move.by_student for move in played):
        problems.warn(ENDS_ON_OPPONENT)
    return tuple(played), True


def _play(board: chess.Board, unplayed: list[chess.Move]) -> None:
    """Play the moves waiting in `unplayed` on `board`, emptying it."""
    for move in unplayed:
        board.push(move)
    unplayed.clear()


def play_refutations(
    board: chess.Board,
    line_move: chess.Move,
    answers: Sequence[Answer],
    problems: Collector,
    number: int,
    where: str,
) -> tuple[Refutation, ...]:
    """The refutations of the student's move `line_move` in `board` (left unchanged), each checked:
    a legal move that is not the line's own, doesn't mate (any mate solves the puzzle) and is given
    once, with a legal reply. Every problem is reported to `problems` (at move `number`, shown as
    `where`); only the refutations without one are given back."""
    out: list[Refutation] = []
    seen: set[str] = set()
    for place, answer in enumerate(answers, 1):
        written = answer.move.uci() if answer.move is not None else answer.uci
        name = {"place": place, "move": written}
        wrong = answer.move
        if wrong is None:
            wrong, why = resolve_uci(board, answer.uci)
            if wrong is None:
                problems.error(REFUTATION_WHY(**name, problem=why or NOT_LEGAL), number, where)
                continue
        elif not board.is_legal(wrong):
            problems.error(REFUTATION_WHY(**name, problem=NOT_LEGAL), number, where)
            continue
        if wrong == line_move:
            problems.error(REFUTATION_IS_LINE(**name), number, where)
            continue
        if wrong.uci() in seen:
            problems.error(REFUTATION_TWICE(**name), number, where)
            continue
        seen.add(wrong.uci())
        san = board.san(wrong)
        after = board.copy(stack=False)
        after.push(wrong)
        if after.is_checkmate():
            problems.error(REFUTATION_MATES(**name), number, where)
            continue
        reply = answer.reply_move
        if reply is None:
            reply, why = resolve_uci(after, answer.reply)
            if reply is None:
                problems.error(REPLY_WHY(**name, reply=answer.reply, problem=why or NOT_LEGAL), number, where)
                continue
        elif not after.is_legal(reply):
            problems.error(REPLY_WHY(**name, reply=reply.uci(), problem=NOT_LEGAL), number, where)
            continue
        out.append(
            Refutation(
                uci=wrong.uci(),
                san=san,
                reply=reply.uci(),
                reply_san=after.san(reply),
                comment=answer.comment,
            )
        )
    return tuple(out)


def lesson_of(
    index: int,
    title: str,
    intro: str,
    board: chess.Board,
    student: chess.Color,
    played: tuple[LessonMove, ...],
    fen: str | None = None,
) -> Lesson:
    """The puzzle a whole line makes: `played` (from play_line) from the starting position `board`
    (its FEN `fen`, when already known), whose side to move tells whether the opponent moves first.
    JSON and PGN imports end here alike."""
    return Lesson(
        index=index,
        title=title,
        intro=intro,
        fen=board.fen() if fen is None else fen,
        student=color_name(student),
        opponent_first=board.turn != student,
        moves=played,
    )
