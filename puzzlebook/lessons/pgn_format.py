"""PGN import (a Lichess study's chapters, or any games) into the lesson model.

Each game is one puzzle: its mainline only (variations ignored), the comment before
the first move as the intro, each move's comment after it, `[%hint …]` inside a
comment as that move's hint, every other `[%…]` command (arrows, circles, clocks,
evaluations) dropped from the text. The student's side comes from a [StudentColor]
tag, else an [Orientation] tag (Lichess exports one per chapter), else the caller's
`student_color`, else, in a game set up from a [FEN], the side to move there (said in a
warning); a game from the initial position with none of them is an error.
"""

from __future__ import annotations

import io
import re

import chess
import chess.pgn

from .fen import color_name, read_fen
from .limits import MAX_PUZZLES
from .line import Step, lesson_of, pgn_label, play_line, turn_order_problem
from .model import Lesson
from .problems import Collector, Problem, shorten
from .texts import text_problems

_COMMAND = re.compile(r"\[%(\w+)([^\]]*)\]")
_COMMAND_WITH_SPACE = re.compile(r"[ \t]*\[%\w+[^\]]*\][ \t]*")
_TERMINATION = re.compile(r"(1-0|0-1|1/2-1/2|\*)\s*$")
_COLORS = {"white": chess.WHITE, "black": chess.BLACK}


def split_comment(comment: str) -> tuple[str, str]:
    """(text, hint) of a PGN comment: the `[%hint …]` command's text, and the comment
    with every `[%…]` command taken out (the text otherwise as written)."""
    hints = [body.strip() for name, body in _COMMAND.findall(comment) if name == "hint"]
    text = _COMMAND_WITH_SPACE.sub(" ", comment).strip()
    return text, " ".join(hints)


_GENERIC_EVENT = re.compile(r"(rated|casual)\b.*\bgame", re.IGNORECASE)


def game_title(headers: chess.pgn.Headers) -> str:
    """The puzzle's title: [ChapterName]; else [Event] (without a leading
    "<StudyName>: "), unless it is a site's generic "Rated blitz game" and the
    players are named; else "White – Black"; else none. "?" counts as no value."""

    def tag(name: str) -> str:
        value = headers.get(name, "").strip()
        return "" if value == "?" else value

    players = f"{tag('White')} – {tag('Black')}" if tag("White") and tag("Black") else ""
    event, study = tag("Event"), tag("StudyName")
    if tag("ChapterName"):
        return tag("ChapterName")
    if event and not (players and _GENERIC_EVENT.fullmatch(event)):
        return event[len(study) + 2 :] if study and event.startswith(study + ": ") else event
    return players


def join_broken_movetext(text: str) -> str:
    """`text` with the blank lines that would cut a game's movetext in two removed.

    A blank line ends a game in PGN, so a hand-written file with blank lines between
    its moves would otherwise fall apart into headerless phantom games. A blank line
    is kept when tags follow it, when the text before it ended with a result (1-0,
    0-1, 1/2-1/2, *), or when it is inside a comment.
    """
    lines = text.split("\n")
    kept: list[str] = []
    in_comment = False
    last_content = ""
    for number, line in enumerate(lines):
        if not in_comment and not line.strip():
            upcoming = next((later for later in lines[number + 1 :] if later.strip()), "")
            if upcoming.lstrip().startswith("[") or _TERMINATION.search(last_content) or not upcoming:
                kept.append(line)
            continue
        kept.append(line)
        in_comment = _still_in_comment(line, in_comment)
        if line.strip():
            last_content = line
    return "\n".join(kept)


def _still_in_comment(line: str, in_comment: bool) -> bool:
    for char in line:
        if in_comment:
            in_comment = char != "}"
        elif char == "{":
            in_comment = True
        elif char == ";":  # a rest-of-line comment
            break
    return in_comment


class _Game(chess.pgn.Game):
    """A game that also knows the first SAN of its mainline that could not be read:
    (its 1-based place in the line, "12... Nf6", what is wrong)."""

    bad_san: tuple[int, str, str] | None = None


class _Builder(chess.pgn.GameBuilder[_Game]):
    """Builds mainlines quietly, remembering the first SAN that could not be read."""

    def __init__(self) -> None:
        super().__init__(Game=_Game)

    # python-chess's visitor protocol lets begin_variation return SKIP; its GameBuilder
    # stub says None only.
    def begin_variation(self) -> chess.pgn.SkipType:  # type: ignore[override]
        # Variations are not played, so they are not read. (This also sidesteps
        # python-chess 1.11 reading the mainline on from a broken variation's board.)
        return chess.pgn.SKIP

    def end_variation(self) -> None:
        pass  # nothing was pushed for a skipped variation

    def parse_san(self, board: chess.Board, san: str) -> chess.Move:
        try:
            move = board.parse_san(san)
        except ValueError as error:
            self._remember(board, san, _san_words(error))
            raise
        if "x" in san and not board.is_capture(move):
            # python-chess reads "Kxe7" onto an empty square as "Ke7"; a capture that takes
            # nothing means the teacher saw another position, so the line stops here.
            target = chess.square_name(move.to_square)
            words = f"written as a capture, but there is nothing to capture on {target}"
            self._remember(board, san, words)
            raise ValueError(words)
        return move

    def _remember(self, board: chess.Board, san: str, words: str) -> None:
        """Keep the first unreadable SAN of the mainline (only it is reported)."""
        if self.game.bad_san is None:
            dots = "." if board.turn == chess.WHITE else "..."
            label = f"{board.fullmove_number}{dots} {san}"
            self.game.bad_san = (len(board.move_stack) + 1, label, words)

    def handle_error(self, error: Exception) -> None:
        self.game.errors.append(error)  # reported by read_pgn, not logged


def _san_words(error: ValueError) -> str:
    if isinstance(error, chess.AmbiguousMoveError):
        return "ambiguous: more than one piece can make this move (add the file or rank it comes from)"
    if isinstance(error, chess.InvalidMoveError):
        return "not a move in SAN"
    return "not a legal move in this position"


def read_pgn(
    text: str, student_color: str | None = None
) -> tuple[list[Lesson], list[Problem], list[Problem]]:
    """Lessons, errors and warnings for the PGN `text` (one or more games).

    `student_color` ("white" or "black") is the side the student plays in games whose
    tags do not say. The lessons are those of the games without errors.
    """
    handle = io.StringIO(join_broken_movetext(text.replace("\r\n", "\n").replace("\r", "\n")))
    games = []
    while (game := chess.pgn.read_game(handle, Visitor=_Builder)) is not None:
        games.append(game)
    if not games:
        return [], [Problem("No games found in the PGN")], []
    errors: list[Problem] = []
    warnings: list[Problem] = []
    if len(games) > MAX_PUZZLES:
        errors.append(
            Problem(
                f"The PGN has {len(games)} games; the limit is {MAX_PUZZLES}: split it into smaller imports"
            )
        )
    lessons = []
    for index, game in enumerate(games, 1):
        lesson, problems = read_game(game, index, student_color)
        errors.extend(problems.errors)
        warnings.extend(problems.warnings)
        if lesson is not None:
            lessons.append(lesson)
    return lessons, errors, warnings


def _student(
    headers: chess.pgn.Headers, fallback: str | None, set_up: chess.Board | None, problems: Collector
) -> chess.Color | None:
    """The student's side: the tags, else the importer's choice, else the side to move in the
    game's [FEN] (`set_up`, None without a readable one), said in a warning."""
    for tag in ("StudentColor", "Orientation"):
        if tag in headers:
            value = headers[tag]
            if value.strip().lower() in _COLORS:
                return _COLORS[value.strip().lower()]
            problems.error(f'the [{tag}] tag must be "white" or "black", not "{shorten(value, 20)}"')
            return None
    if fallback is not None:
        return _COLORS[fallback]
    if set_up is not None:
        # A position set up for a puzzle: the side to move is the one asked to find the move.
        side = color_name(set_up.turn).capitalize()
        problems.warn(
            f"no [StudentColor] tag: the student plays {side}, the side to move in the [FEN] "
            f'(add [StudentColor "{"black" if set_up.turn == chess.WHITE else "white"}"] for the other side)'
        )
        return set_up.turn
    problems.error(
        'no side for the student: add a [StudentColor "white"] (or "black") tag, '
        "or choose the student's side when importing"
    )
    return None


def _texts(problems: Collector, field: str, value: str) -> None:
    for message in text_problems(value, field):
        problems.error(message)


def _standard(headers: chess.pgn.Headers) -> bool:
    try:
        return headers.variant() is chess.Board and not headers.is_chess960()
    except ValueError:  # a variant python-chess does not know
        return False


def _steps(game: _Game, board: chess.Board, problems: Collector) -> list[Step | None]:
    """The mainline's moves with their comments and hints (texts checked on the way)."""
    steps: list[Step | None] = []
    running = board.copy(stack=False)
    for node in game.mainline():
        comment, hint = split_comment(node.comment)
        if not node.move:
            dots = "." if running.turn == chess.WHITE else "..."
            label = f"{running.fullmove_number}{dots} --"
            problems.error("a null move (--) cannot be played in a puzzle", len(steps) + 1, label)
            steps.append(None)
            break
        # The move's label (its SAN) only for a problem to name: SAN is an import's costliest step.
        found = text_problems(comment, "comment") + text_problems(hint, "hint")
        if found:
            label = pgn_label(running, node.move)
            for message in found:
                problems.error(message, len(steps) + 1, label)
        steps.append(Step(move=node.move, comment=comment, hint=hint))
        running.push(node.move)
    return steps


def read_game(game: _Game, index: int, student_color: str | None) -> tuple[Lesson | None, Collector]:
    """The lesson of one PGN game (None when it has errors) and its problems."""
    headers = game.headers
    title = game_title(headers)
    problems = Collector(index, title, unit="Game")
    _texts(problems, "title", title)
    variant = headers.get("Variant", "Standard")
    if not _standard(headers):
        problems.error(f'only standard chess can be imported, not "{shorten(variant, 30)}"')
        return None, problems
    board, reasons = read_fen(headers["FEN"]) if "FEN" in headers else (chess.Board(), [])
    student = _student(headers, student_color, board if "FEN" in headers else None, problems)
    for reason in reasons:
        problems.error(f"the [FEN] tag: {reason}")
    intro, stray_hint = split_comment(game.comment)
    _texts(problems, "intro", intro)
    if stray_hint:
        problems.warn(
            "a [%hint] before the first move belongs to no move; put it in the comment after that move"
        )

    if board is None:  # the moves cannot be read without a position
        return None, problems
    steps = _steps(game, board, problems)
    if game.bad_san is not None:
        number, label, words = game.bad_san
        problems.error(words, number, label)
    elif not steps:
        problems.error("the game has no moves")

    if student is None or not steps or game.bad_san is not None:
        return None, problems
    order = turn_order_problem(board, student, len(steps))
    if order:
        problems.error(order)
    played, complete = play_line(board, student, steps, problems)
    if problems.errors or not complete:
        return None, problems
    return lesson_of(index, title, intro, board, student, played), problems
