"""PGN games made lessons: each game read by pgn_format's reader becomes one puzzle (or is skipped).

What a game gives, and what the teacher is told (docs/lessons.md, "PGN import"):

- its mainline, the comment before the first move as the intro (a chapter comment over the intro's
  limit is cut, with a warning), each move's comment and `[%hint]`;
- the student's side (pgn_side: the tags, the importer's choice, the result, the line's last move,
  the chapter's words), said in a warning when no tag gave it;
- the variations in place of the student's moves: a refutation where the PGN marks the move worse
  (a ?, ?? or ?! on it, or a comment that says so), or where the teacher keeps it as one on the
  import page once its engine check found it clearly worse (kept_variations.py: a choice naming a
  variation not in the PGN at that move, or one that can't be a refutation, is an error); one
  neither is left out, named in one warning; one that repeats the line's own move, is given twice,
  mates, or has no reply is skipped with a warning;
- a game with no moves (a study's text-only chapter) is skipped with a warning, and its text opens
  the next puzzle's intro;
- a [FEN] whose castling rights name a king or rook not on its square has them dropped (warning);
- one warning a puzzle sums what a puzzle can't show: arrows, marked squares, NAGs, variations of
  the opponent's moves, moves deeper in variations.
"""

from __future__ import annotations

import io

import chess
import chess.pgn

from puzzlebook.messages import Message, msg, msg_plural

from .fen import read_fen
from .kept_variations import KeptVariation
from .limits import MAX_PUZZLES, TEXT_LIMITS
from .line import Answer, Step, lesson_of, pgn_label, play_line, turn_order_problem
from .model import Lesson
from .pgn_format import _Alternative, _Game, _Reader, game_title, join_broken_movetext, split_comment
from .pgn_side import student_side
from .pgn_text import tidy
from .problems import Collector, Problem, shorten
from .texts import CONTROL, SURROGATE, text_problems

# Problems as messages (said in the request's language by the API): a move, a tag's value, a number
# are values.
NO_GAMES = msg("lesson_pgn_no_games", "No games found in the PGN")
TOO_MANY_GAMES = msg_plural(
    "lesson_too_many_games",
    "The PGN has {count} game; the limit is {limit}: split it into smaller imports",
    "The PGN has {count} games; the limit is {limit}: split it into smaller imports",
    "count",
)
KEPT_GAME_NO_MOVES = msg(
    "lesson_kept_game_no_moves",
    "The variation {move} can't be kept as a refutation: game {game} has no moves",
)
KEPT_NO_GAME = msg_plural(
    "lesson_kept_no_game",
    "The variation {move} can't be kept as a refutation: game {game} isn't in the PGN, "
    "which has {count} game",
    "The variation {move} can't be kept as a refutation: game {game} isn't in the PGN, "
    "which has {count} games",
    "count",
)
SKIPPED = msg("lesson_game_skipped", "it has no moves, so it is not a puzzle: skipped")
SKIPPED_CARRIED = msg(
    "lesson_game_skipped_text_carried",
    "it has no moves, so it is not a puzzle: skipped, and its text opens the next puzzle's intro",
)
SKIPPED_TEXT_LOST = msg(
    "lesson_game_skipped_text_lost",
    "it has no moves, so it is not a puzzle: skipped (its text is left out: no game with moves follows it)",
)
NO_GAME_HAS_MOVES = msg(
    "lesson_pgn_no_moves_anywhere", "None of the games has moves to play, so there is no puzzle to import"
)
GAME_HAS_NO_MOVES = msg("lesson_pgn_game_no_moves", "The game has no moves, so there is no puzzle to import")
INTRO_CUT = msg_plural(
    "lesson_intro_cut",
    "the text before the first move is {length} character long; the limit is {limit}: "
    "it is cut to its first {limit}",
    "the text before the first move is {length} characters long; the limit is {limit}: "
    "it is cut to its first {limit}",
    "count",
)
NOT_STANDARD = msg("lesson_not_standard_chess", 'only standard chess can be imported, not "{variant}"')
FEN_TAG = msg("lesson_fen_tag", "the [FEN] tag: {problem}")
STRAY_HINT = msg(
    "lesson_hint_before_first_move",
    "a [%hint] before the first move belongs to no move; put it in the comment after that move",
)
CASTLING_DROPPED = msg(
    "lesson_fen_castling_dropped",
    'the [FEN]\'s castling rights "{given}" name a king or rook that is not on its starting square: '
    'read as "{read}"',
)
VARIATION_REPEATS = msg(
    "lesson_variation_repeats_line", "the variation {move} repeats the line's own move, so it is skipped"
)
VARIATION_TWICE = msg("lesson_variation_twice", "the variation {move} is given twice: the second is skipped")
VARIATION_MATES = msg(
    "lesson_variation_mates",
    "the variation {move} mates too, and any mating move solves the puzzle: it is not a refutation, "
    "so it is skipped",
)
VARIATION_NO_REPLY = msg(
    "lesson_variation_no_reply",
    "the variation {move} has no answer from the opponent, so it can't be a refutation (a wrong move and "
    "the reply that punishes it): it is skipped",
)
VARIATION_PROBLEM = msg("lesson_variation_problem", "the variation {move}: {problem}")
KEPT_SKIPPED = msg(
    "lesson_kept_skipped",
    "the variation {move} can't be kept as a refutation: it is skipped, as the warning about it says",
)
KEPT_NOT_HERE = msg(
    "lesson_kept_not_here",
    "the variation {move} can't be kept as a refutation: the PGN has no such variation at this move",
)
KEPT_NOT_LEGAL = msg(
    "lesson_kept_not_legal", "the variation {move} can't be kept as a refutation: it is no legal move here"
)
KEPT_NO_MOVE = msg(
    "lesson_kept_no_move", "the variation {move} can't be kept as a refutation: the game has no move {number}"
)
KEPT_NOT_STUDENTS = msg(
    "lesson_kept_not_students",
    "the variation {move} can't be kept as a refutation: the PGN has no variation of the student's move here",
)
NULL_MOVE = msg("lesson_null_move", "a null move (--) cannot be played in a puzzle")
UNMARKED = msg_plural(
    "lesson_variations_unmarked",
    "{count} variation of the student's moves ({moves}) is not marked as worse than the line's move "
    '(with ?, ?? or ?!, or a comment such as "a mistake"), so left out rather than made wrong moves the '
    "student is answered with: mark one ? to make it one",
    "{count} variations of the student's moves ({moves}) are not marked as worse than the line's move "
    '(with ?, ?? or ?!, or a comment such as "a mistake"), so left out rather than made wrong moves the '
    "student is answered with: mark one ? to make it one",
    "count",
)
AND_MORE = msg("lesson_moves_and_more", "{moves} and {count} more")
LEFT_OUT = msg("lesson_left_out", "left out, as a puzzle shows none of them: {what}")
# What a puzzle leaves out, each counted, and a list of them ("{first}, {rest}").
LISTED = msg("lesson_listed", "{first}, {rest}")
ARROWS = msg_plural("lesson_left_out_arrows", "{count} arrow", "{count} arrows", "count")
MARKS = msg_plural("lesson_left_out_marks", "{count} marked square", "{count} marked squares", "count")
NAGS = msg_plural("lesson_left_out_nags", "{count} NAG (!, ?, $14…)", "{count} NAGs (!, ?, $14…)", "count")
OPPONENT_VARIATIONS = msg_plural(
    "lesson_left_out_opponent_variations",
    "{count} variation of the opponent's moves",
    "{count} variations of the opponent's moves",
    "count",
)
DEEPER = msg_plural(
    "lesson_left_out_deeper",
    "{count} move deeper in a variation",
    "{count} moves deeper in variations",
    "count",
)
BROKEN_VARIATION = msg(
    "lesson_variation_unreadable",
    "a variation in place of this move can't be read ({move}: {problem}), so it is skipped",
)

def read_pgn(
    text: str, student_color: str | None = None, keep: tuple[KeptVariation, ...] = ()
) -> tuple[list[Lesson], list[Problem], list[Problem]]:
    """Lessons, errors and warnings for the PGN `text` (one or more games).

    `student_color` ("white" or "black") is the side the student plays in games whose
    tags do not say. `keep`: the variations the teacher keeps as refutations though the PGN
    doesn't mark them worse (each must be one in the PGN at its move). The lessons are those
    of the games without errors.
    """
    wanted: dict[int, list[KeptVariation]] = {}
    for choice in keep:
        wanted.setdefault(choice.puzzle, []).append(choice)
    text = tidy(text.replace("\r\n", "\n").replace("\r", "\n"))
    handle = io.StringIO(join_broken_movetext(text))
    errors: list[Problem] = []
    warnings: list[Problem] = []
    lessons = []
    count = 0
    # The texts of the chapters skipped since the last puzzle, for the next one's intro, with the
    # place of each one's warning (said again if no puzzle follows).
    carried: list[tuple[int, str]] = []
    # Each game is made a lesson as it is read, so that only one game's moves are kept at a time.
    while (game := chess.pgn.read_game(handle, Visitor=_Reader)) is not None:
        count += 1
        if _no_moves(game):
            text = _carried_text(game)
            if text:
                carried.append((len(warnings), text))
            warnings.append(_skipped(game, count, bool(text)))
            continue
        chosen = tuple(wanted.pop(count, ()))
        lesson, problems = read_game(game, count, student_color, [text for _, text in carried], chosen)
        carried = []
        errors.extend(problems.errors)
        warnings.extend(problems.warnings)
        if lesson is not None:
            lessons.append(lesson)
    if not count:
        return [], [Problem(NO_GAMES)], []
    for number, choices in sorted(wanted.items()):  # a game without moves, or none at all
        for choice in choices:
            errors.append(Problem(
                KEPT_GAME_NO_MOVES(move=choice.san, game=number) if number <= count
                else KEPT_NO_GAME(move=choice.san, game=number, count=count)
            ))
    for at, _ in carried:  # the last chapters had no moves: their text opens no puzzle
        said = warnings[at]
        warnings[at] = Problem(
            SKIPPED_TEXT_LOST,
            said.puzzle,
            said.title,
            unit="Game",
        )
    if count > MAX_PUZZLES:
        errors.insert(
            0,
            Problem(TOO_MANY_GAMES(count=count, limit=MAX_PUZZLES)),
        )
    if not lessons and not errors:
        errors.append(Problem(NO_GAME_HAS_MOVES if count > 1 else GAME_HAS_NO_MOVES))
    return lessons, errors, warnings


def _no_moves(game: _Game) -> bool:
    """A game with no move at all: not one that stopped at a move that could not be read."""
    return not any(game.moves) and game.bad_san is None


def _carried_text(game: _Game) -> str:
    """The text of a game without moves that can open the next puzzle's intro ("" for none, or for
    one with a character no text may hold)."""
    text = split_comment(game.comment)[0]
    return "" if CONTROL.search(text) or SURROGATE.search(text) else text


def _skipped(game: _Game, index: int, carried: bool) -> Problem:
    """The warning for a game with no moves, skipped (`carried`: its text opens the next puzzle's
    intro)."""
    return Problem(SKIPPED_CARRIED if carried else SKIPPED, index, game_title(game.headers), unit="Game")


def _texts(problems: Collector, field: str, value: str) -> None:
    for message in text_problems(value, field):
        problems.error(message)


def _intro(problems: Collector, carried: list[str], comment: str) -> str:
    """The puzzle's intro: the texts of the chapters without moves before it, then its own comment
    before the first move, cut to the intro's limit with a warning."""
    intro = "\n\n".join([*carried, comment]) if carried else comment
    limit = TEXT_LIMITS["intro"]
    if len(intro) > limit:
        # Numbers written as English writes them (docs/languages.md, "The API's language").
        problems.warn(INTRO_CUT(length=f"{len(intro):,}", limit=f"{limit:,}", count=len(intro)))
        intro = intro[: limit - 1] + "…"
    _texts(problems, "intro", intro)
    return intro


def _standard(headers: chess.pgn.Headers) -> bool:
    try:
        return headers.variant() is chess.Board and not headers.is_chess960()
    except ValueError:  # a variant python-chess does not know
        return False


def _position(fen: str, problems: Collector) -> tuple[chess.Board | None, list[Message]]:
    """The [FEN]'s position; castling rights that name a king or rook not on its starting square
    are dropped with a warning (a study's position set up by hand often keeps "KQkq")."""
    board, reasons = read_fen(fen)
    if board is not None:
        return board, reasons
    try:
        loose = chess.Board(fen)
    except ValueError:
        return board, reasons
    if loose.status() != chess.STATUS_BAD_CASTLING_RIGHTS:
        return board, reasons
    before = fen.split()[2]
    loose.castling_rights = loose.clean_castling_rights()
    after = loose.castling_xfen()
    problems.warn(CASTLING_DROPPED(given=before, read=after))
    return read_fen(loose.fen())


def _refutations(
    alternatives: list[_Alternative],
    line_move: chess.Move,
    running: chess.Board,
    number: int,
    problems: Collector,
    unmarked: list[str],
    chosen: tuple[KeptVariation, ...] = (),
) -> tuple[tuple[Answer, ...], tuple[Answer, ...]]:
    """The variations standing in for the student's move `line_move`: (the refutations, those marked
    worse or `chosen` by the teacher: the wrong move, the reply, their comments; the variations
    neither, which are left out and named in `unmarked`). One that can't be either (unreadable, the
    line's own move again, given twice, a mate, which solves the puzzle anyway, or no reply) is skipped
    with a warning; a choice of one skipped, or of a move no variation here plays, is an error."""
    marked: list[Answer] = []
    others: list[Answer] = []
    seen: set[chess.Move] = set()
    where = pgn_label(running, line_move)
    keep = _chosen_moves(chosen, running, number, where, problems)
    for alternative in alternatives:
        if alternative.broken or not alternative.move:
            continue  # reported by read_game
        label = pgn_label(running, alternative.move)
        if alternative.move == line_move:
            problems.warn(VARIATION_REPEATS(move=label), number, where)
            continue
        if alternative.move in seen:
            problems.warn(VARIATION_TWICE(move=label), number, where)
            continue
        seen.add(alternative.move)
        after = running.copy(stack=False)
        after.push(alternative.move)
        if after.is_checkmate():
            problems.warn(VARIATION_MATES(move=label), number, where)
            continue
        reply = alternative.reply
        if not alternative.marked_worse() and alternative.move not in keep:
            unmarked.append(label)
            if reply:  # for the engine's check (the validator's answer), never played nor stored
                comment = _comment(alternative)
                if not text_problems(comment, "comment"):
                    others.append(Answer(move=alternative.move, reply_move=reply, comment=comment))
            continue
        if not reply:
            problems.warn(VARIATION_NO_REPLY(move=label), number, where)
            continue
        comment = _comment(alternative)
        for message in text_problems(comment, "comment"):
            problems.error(VARIATION_PROBLEM(move=label, problem=message), number, where)
        marked.append(Answer(move=alternative.move, reply_move=reply, comment=comment))
    kept = {answer.move for answer in marked}
    for move in keep:
        if move not in kept:
            label = pgn_label(running, move)
            why = KEPT_SKIPPED if move in seen or move == line_move else KEPT_NOT_HERE
            problems.error(why(move=label), number, where)
    return tuple(marked), tuple(others)


def _chosen_moves(
    chosen: tuple[KeptVariation, ...], running: chess.Board, number: int, where: str, problems: Collector
) -> set[chess.Move]:
    """The moves of the variations the teacher keeps at this move; a SAN that is no legal move here is
    an error."""
    moves: set[chess.Move] = set()
    for choice in chosen:
        try:
            moves.add(running.parse_san(choice.san))
        except ValueError:
            problems.error(KEPT_NOT_LEGAL(move=choice.san), number, where)
    return moves


def _comment(alternative: _Alternative) -> str:
    """A variation's comments, before and after its move and after the reply, as one text."""
    texts = (alternative.starting_comment, alternative.comment, alternative.reply_comment)
    return " ".join(text for text in (split_comment(text)[0] for text in texts) if text)


class _Replay:
    """The positions of a mainline, each made only when asked for: a line asks only to name a
    problem or to read a variation, and playing every move again for those cost a push a move."""

    def __init__(self, board: chess.Board, moves: list[chess.Move]) -> None:
        self.board = board.copy(stack=False)
        self.moves = moves
        self.played = 0

    def before(self, ply: int) -> chess.Board:
        """The position before the line's move `ply` (0-based), not to be changed."""
        while self.played < ply:
            self.board.push(self.moves[self.played])
            self.played += 1
        return self.board


class _LeftOut:
    """What a puzzle leaves out of the PGN, for one warning: the variations of the student's moves
    not marked worse (by name), and the variations of the opponent's moves (counted)."""

    def __init__(self) -> None:
        self.unmarked: list[str] = []
        self.opponent = 0


def _steps(
    game: _Game, board: chess.Board, fen: str, problems: Collector, student: chess.Color, left: _LeftOut,
    keep: dict[int, tuple[KeptVariation, ...]],
) -> list[Step | None]:
    """The mainline's moves with their comments and hints (texts checked on the way), and the
    variations in place of the student's moves as refutations. Each move carries the SAN the
    reader wrote for it when the reader started from `board`'s very position, `fen` (so the line
    needn't check the move or write its SAN again). `keep`: the teacher's chosen refutations by ply,
    each ply's taken out as it is read (what is left had no variations of the student's there)."""
    steps: list[Step | None] = []
    replay = _Replay(board, game.moves)
    sans = game.sans if game.start_fen == fen else None
    alternatives, comments, null_at = game.alternatives, game.comments, game.null_at
    first = board.turn
    for ply, move in enumerate(game.moves):
        if ply == null_at:
            running = replay.before(ply)
            dots = "." if running.turn == chess.WHITE else "..."
            label = f"{running.fullmove_number}{dots} --"
            problems.error(NULL_MOVE, ply + 1, label)
            steps.append(None)
            break
        san = sans[ply] if sans else ""
        comment, hint = comments[ply], ""
        if comment:
            comment, hint = split_comment(comment)
            if comment or hint:
                # The move's label (its SAN) only for a problem to name: SAN is an import's costliest step.
                found = text_problems(comment, "comment") + text_problems(hint, "hint")
                if found:
                    label = pgn_label(replay.before(ply), move, san)
                    for message in found:
                        problems.error(message, ply + 1, label)
        refutations: tuple[Answer, ...] = ()
        others: tuple[Answer, ...] = ()
        if ply in alternatives:
            if (first if ply % 2 == 0 else not first) == student:
                refutations, others = _refutations(
                    alternatives[ply], move, replay.before(ply), ply + 1, problems, left.unmarked,
                    keep.pop(ply, ()),
                )
            else:
                left.opponent += sum(1 for alternative in alternatives[ply] if alternative.move)
        steps.append(Step("", move, san, comment, hint, refutations, others))
    return steps


def _listed(parts: list[Message]) -> Message:
    """`parts` as one message, "first, second, third"."""
    said = parts[-1]
    for part in reversed(parts[:-1]):
        said = LISTED(first=part, rest=said)
    return said


def _left_out(problems: Collector, game: _Game, left: _LeftOut) -> None:
    """The warnings of what the puzzle leaves out: the variations of the student's moves not marked
    worse (named), then one sum of what a puzzle can't show."""
    if left.unmarked:
        count = len(left.unmarked)
        # The moves are SAN (values), one list.
        names: str | Message = ", ".join(left.unmarked[:6])
        if count > 6:
            names = AND_MORE(moves=names, count=count - 6)
        problems.warn(UNMARKED(count=count, moves=names))
    counted = (
        (ARROWS, game.arrows), (MARKS, game.marks), (NAGS, game.nags), (OPPONENT_VARIATIONS, left.opponent),
        (DEEPER, game.deeper),
    )
    shown = [message(count=count) for message, count in counted if count]
    if shown:
        problems.warn(LEFT_OUT(what=_listed(shown)))


def _unplaced(
    chosen: dict[int, tuple[KeptVariation, ...]], game: _Game, board: chess.Board | None, problems: Collector
) -> None:
    """The teacher's choices at a move with no variation of the student's to keep (an opponent's
    move, a move with none, or past the line's end): errors, each naming the move."""
    for ply, choices in sorted(chosen.items()):
        number = ply + 1
        for choice in choices:
            if board is None or ply >= len(game.moves):
                problems.error(KEPT_NO_MOVE(move=choice.san, number=number))
                continue
            running = _Replay(board, game.moves).before(ply)
            problems.error(KEPT_NOT_STUDENTS(move=choice.san), number, pgn_label(running, game.moves[ply]))


def _last_move(game: _Game, board: chess.Board) -> tuple[chess.Color, str] | None:
    """The side that plays the mainline's last move, and its label ("27. Rh8#")."""
    if not game.moves or game.null_at >= 0:
        return None
    plies = len(game.moves) - 1
    color = board.turn if plies % 2 == 0 else not board.turn
    number = board.fullmove_number + (plies + (board.turn == chess.BLACK)) // 2
    san = game.sans[-1] if game.sans and len(game.sans) == len(game.moves) else game.moves[-1].uci()
    return color, f"{number}{'.' if color == chess.WHITE else '...'} {san}"


def read_game(
    game: _Game, index: int, student_color: str | None, carried: list[str] | None = None,
    keep: tuple[KeptVariation, ...] = (),
) -> tuple[Lesson | None, Collector]:
    """The lesson of one PGN game (None when it has errors) and its problems. `carried`: the texts
    of the chapters without moves just before it, which open its intro; `keep`: the variations the
    teacher keeps as refutations in it."""
    headers = game.headers
    title = game_title(headers)
    problems = Collector(index, title, unit="Game")
    _texts(problems, "title", title)
    variant = headers.get("Variant", "Standard")
    if not _standard(headers):
        problems.error(NOT_STANDARD(variant=shorten(variant, 30)))
        return None, problems
    board, reasons = _position(headers["FEN"], problems) if "FEN" in headers else (chess.Board(), [])
    for reason in reasons:
        problems.error(FEN_TAG(problem=reason))
    comment, stray_hint = split_comment(game.comment)
    intro = _intro(problems, carried or [], comment)
    if stray_hint:
        problems.warn(STRAY_HINT)
    texts = [title, comment, *(split_comment(text)[0] for text in game.comments[:2] if text)]
    side = student_side(headers, student_color, _last_move(game, board) if board else None, texts)
    student = side.color
    if side.error:
        problems.error(side.error)
    if board is None:  # the moves cannot be read without a position
        return None, problems
    if side.warning:
        problems.warn(side.warning)
    fen = board.fen() if "FEN" in headers else chess.STARTING_FEN  # chess.Board()'s, known
    left = _LeftOut()
    chosen: dict[int, tuple[KeptVariation, ...]] = {}
    for choice in keep:
        chosen[choice.move - 1] = (*chosen.get(choice.move - 1, ()), choice)
    steps = _steps(game, board, fen, problems, student, left, chosen) if student is not None else []
    _unplaced(chosen, game, board, problems)
    for number, label, words in game.broken:
        # Only a variation in place of the student's move could have been a refutation.
        if student is not None and (board.turn == student) == (number % 2 == 1):
            problems.warn(BROKEN_VARIATION(move=label, problem=words), number)
    if game.bad_san is not None:
        number, label, words = game.bad_san
        problems.error(words, number, label)

    if student is None or not steps or game.bad_san is not None:
        return None, problems
    order = turn_order_problem(board, student, len(steps))
    if order:
        problems.error(order)
    played, complete = play_line(board, student, steps, problems)
    if problems.errors or not complete:
        return None, problems
    _left_out(problems, game, left)
    return lesson_of(index, title, intro, board, student, played, fen), problems
