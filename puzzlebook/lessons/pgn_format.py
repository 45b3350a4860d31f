"""PGN import (a Lichess study's chapters, or any games) into the lesson model.

Each game is one puzzle: its mainline, the comment before the first move as the intro,
each move's comment after it, `[%hint …]` inside a comment as that move's hint, every
other `[%…]` command (arrows, circles, clocks, evaluations) dropped from the text. A
variation in place of one of the student's moves is a refutation: its first move the
wrong move, its second the opponent's reply, their comments why it fails (deeper moves
and variations inside variations are not read). The student's side comes from a [StudentColor]
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
from .line import Answer, Step, lesson_of, pgn_label, play_line, turn_order_problem
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
    after = 0  # the first line after the blank lines being passed that is not blank (or the end)
    for number, line in enumerate(lines):
        if not in_comment and not line.strip():
            # Found once for a run of blank lines: looking ahead from each of them took time that
            # grew with the square of their number (a 256 KB import of line breaks: minutes).
            if after <= number:
                after = number + 1
                while after < len(lines) and not lines[after].strip():
                    after += 1
            upcoming = lines[after] if after < len(lines) else ""
            if upcoming.lstrip().startswith("[") or _TERMINATION.search(last_content) or not upcoming:
                kept.append(line)
            continue
        kept.append(line)
        in_comment = _still_in_comment(line, in_comment)
        if line.strip():
            last_content = line
    return "\n".join(kept)


_OPENING = re.compile(r"[{;]")


def _still_in_comment(line: str, in_comment: bool) -> bool:
    """Whether a {comment} is still open at the end of `line` (one was at its start: `in_comment`);
    a ";" outside one comments out the rest of the line."""
    at = 0
    while True:
        if in_comment:
            end = line.find("}", at)
            if end < 0:
                return True
            in_comment, at = False, end + 1
        else:
            found = _OPENING.search(line, at)
            if found is None or found.group() == ";":
                return False
            in_comment, at = True, found.end()


class _Game(chess.pgn.Game):
    """A game that also knows the first SAN of its mainline that could not be read:
    (its 1-based place in the line, "12... Nf6", what is wrong), and the variations that could
    not be read: (the place in the line of the move they stand in for, the SAN as written, what
    is wrong), and their first nodes' ids."""

    bad_san: tuple[int, str, str] | None = None

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.broken: list[tuple[int, str, str]] = []
        self.broken_nodes: set[int] = set()
        # The mainline's SAN as python-chess writes it, each written on the reader's own board as
        # the move was read (reading it parsed and played every move anyway), and the FEN that
        # board started from ("" when it was Chess960): the line trusts them only from that FEN.
        self.sans: list[str] = []
        self.start_fen: str | None = None


class _Builder(chess.pgn.GameBuilder[_Game]):
    """Builds mainlines quietly, remembering the first SAN that could not be read."""

    def __init__(self) -> None:
        super().__init__(Game=_Game)
        self.opened: list[bool] = []  # the variations open, inner last: True for one being read

    def begin_game(self) -> None:
        super().begin_game()
        self.opened = []
        self.broken_here = False  # the variation being read had a move that could not be read
        self.branch = 1
        self.first: chess.pgn.GameNode | None = None  # its first node, once made
        self.written: str | None = None  # a mainline move's SAN before its "+" or "#" (visit_board)

    # python-chess's visitor protocol lets begin_variation return SKIP; its GameBuilder
    # stub says None only.
    def begin_variation(self) -> chess.pgn.SkipType | None:  # type: ignore[override]
        # A variation of the mainline is read (it may be a refutation); one inside a variation
        # is not.
        if self.opened:
            self.opened.append(False)
            return chess.pgn.SKIP
        self.opened.append(True)
        self.broken_here = False
        self.first = None
        parent = self.variation_stack[-1].parent
        self.branch = parent.ply() + 1 if parent is not None else 1  # the place of the move it stands in for
        super().begin_variation()
        return None

    def end_variation(self) -> None:
        # python-chess also calls this at the ")" that ends what it skipped after a mainline move it
        # couldn't read, where no variation was begun: nothing to close then.
        if self.opened and self.opened.pop():
            super().end_variation()

    # A mainline move's SAN is written in two halves around the reader's own push, as
    # Board.san_and_push writes it (pinned python-chess; a test holds the two equal): the move as
    # written before it is played, then "+" or "#" seen on the board after it. Board.san would
    # play the move and take it back once more.
    def visit_board(self, board: chess.Board) -> None:
        if self.game.start_fen is None:  # the first call: the starting position, before any move
            self.game.start_fen = "" if board.chess960 else board.fen()
        elif self.written is not None:  # just after a mainline move, played
            san, self.written = self.written, None
            if san != "--" and board.is_check():
                san += "#" if board.is_checkmate() else "+"
            self.game.sans.append(san)

    def visit_move(self, board: chess.Board, move: chess.Move) -> None:
        super().visit_move(board, move)
        if not self.opened:
            self.written = board._algebraic_without_suffix(move)
        elif self.first is None:
            self.first = self.variation_stack[-1]
            if self.broken_here:
                self.game.broken_nodes.add(id(self.first))

    def parse_san(self, board: chess.Board, san: str) -> chess.Move:
        if self.opened and self.broken_here:
            return chess.Move.null()
        try:
            move = board.parse_san(san)
        except ValueError as error:
            return self._unread(board, san, _san_words(error), error)
        if "x" in san and not board.is_capture(move):
            # python-chess reads "Kxe7" onto an empty square as "Ke7"; a capture that takes
            # nothing means the teacher saw another position, so the line stops here.
            target = chess.square_name(move.to_square)
            words = f"written as a capture, but there is nothing to capture on {target}"
            return self._unread(board, san, words, ValueError(words))
        return move

    def _unread(self, board: chess.Board, san: str, words: str, error: ValueError) -> chess.Move:
        """A SAN that could not be read. In the mainline: remembered, and raised (the line stops).
        In a variation: that variation is marked broken and read on with null moves, never raised
        (python-chess 1.11 would read the mainline on from the broken variation's board)."""
        if not self.opened:
            self._remember(board, san, words)
            raise error
        if not self.broken_here:
            self.broken_here = True
            dots = "." if board.turn == chess.WHITE else "..."
            self.game.broken.append((self.branch, f"{board.fullmove_number}{dots} {san}", words))
            if self.first is not None:
                self.game.broken_nodes.add(id(self.first))
        return chess.Move.null()

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


def _refutations(
    game: _Game, node: chess.pgn.ChildNode, running: chess.Board, number: int, problems: Collector
) -> tuple[Answer, ...]:
    """The variations standing in for the student's move `node` (its parent's other children) as
    refutations: the wrong move, the reply, their comments. One that can't be (unreadable, no reply,
    a mate, which solves the puzzle anyway) is skipped with a warning."""
    parent = node.parent
    answers: list[Answer] = []
    for alternative in parent.variations[1:] if parent is not None else ():
        if id(alternative) in game.broken_nodes or not alternative.move:
            continue  # reported by read_game
        label = pgn_label(running, alternative.move)
        after = running.copy(stack=False)
        after.push(alternative.move)
        if after.is_checkmate():
            problems.warn(
                f"the variation {label} mates too, and any mating move solves the puzzle: "
                "it is not a refutation, so it is skipped",
                number,
                pgn_label(running, node.move),
            )
            continue
        reply = alternative.variations[0] if alternative.variations else None
        if reply is None or not reply.move:
            problems.warn(
                f"the variation {label} has no answer from the opponent, so it can't be a refutation "
                "(a wrong move and the reply that punishes it): it is skipped",
                number,
                pgn_label(running, node.move),
            )
            continue
        texts = [
            split_comment(alternative.starting_comment)[0],
            split_comment(alternative.comment)[0],
            split_comment(reply.comment)[0],
        ]
        comment = " ".join(text for text in texts if text)
        for message in text_problems(comment, "comment"):
            problems.error(f"the variation {label}: {message}", number, pgn_label(running, node.move))
        answers.append(Answer(move=alternative.move, reply_move=reply.move, comment=comment))
    return tuple(answers)


class _Replay:
    """The positions of a mainline, each made only when asked for: a line asks only to name a
    problem or to read a variation, and playing every move again for those cost a push a move."""

    def __init__(self, board: chess.Board, moves: list[chess.Move]) -> None:
        self.board = board.copy(stack=False)
        self.moves = moves  # the line's moves as far as read (the caller appends)
        self.played = 0

    def before(self, ply: int) -> chess.Board:
        """The position before the line's move `ply` (0-based), not to be changed."""
        while self.played < ply:
            self.board.push(self.moves[self.played])
            self.played += 1
        return self.board


def _steps(
    game: _Game, board: chess.Board, problems: Collector, student: chess.Color | None = None
) -> list[Step | None]:
    """The mainline's moves with their comments and hints (texts checked on the way), and the
    variations in place of the student's moves as refutations. Each move carries the SAN the
    reader wrote for it when the reader started from `board`'s very position (so the line needn't
    check the move or write its SAN again)."""
    steps: list[Step | None] = []
    moves: list[chess.Move] = []
    replay = _Replay(board, moves)
    sans = game.sans if game.start_fen == board.fen() else []
    for ply, node in enumerate(game.mainline()):
        comment, hint = split_comment(node.comment) if node.comment else ("", "")
        if not node.move:
            running = replay.before(ply)
            dots = "." if running.turn == chess.WHITE else "..."
            label = f"{running.fullmove_number}{dots} --"
            problems.error("a null move (--) cannot be played in a puzzle", len(steps) + 1, label)
            steps.append(None)
            break
        moves.append(node.move)
        san = sans[ply] if ply < len(sans) else ""
        if comment or hint:
            # The move's label (its SAN) only for a problem to name: SAN is an import's costliest step.
            found = text_problems(comment, "comment") + text_problems(hint, "hint")
            if found:
                label = pgn_label(replay.before(ply), node.move, san)
                for message in found:
                    problems.error(message, len(steps) + 1, label)
        turn = board.turn if ply % 2 == 0 else not board.turn
        parent = node.parent
        refutations = (
            _refutations(game, node, replay.before(ply), len(steps) + 1, problems)
            if turn == student and parent is not None and len(parent.variations) > 1
            else ()
        )
        steps.append(Step(move=node.move, san=san, comment=comment, hint=hint, refutations=refutations))
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
    steps = _steps(game, board, problems, student)
    for number, label, words in game.broken:
        # Only a variation in place of the student's move could have been a refutation.
        if student is not None and (board.turn == student) == (number % 2 == 1):
            problems.warn(
                f"a variation in place of this move can't be read ({label}: {words}), so it is skipped",
                number,
            )
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
