"""PGN import (a Lichess study's chapters, or any games) into the lesson model.

Each game is one puzzle: its mainline, the comment before the first move as the intro,
each move's comment after it, `[%hint …]` inside a comment as that move's hint, every
other `[%…]` command (arrows, circles, clocks, evaluations) dropped from the text. A
variation in place of one of the student's moves is a refutation when the PGN says its move is
worse (a ?, ?? or ?! on it, or a comment that says so): its first move the wrong move, its second
the opponent's reply, their comments why it fails; a variation not so marked is left out, said in
a warning (the import page's engine check says whether it is worse). Deeper moves and variations
inside variations are not read. The student's side: pgn_side. A game with no moves (a study's
text-only chapter) is skipped with a warning, its text opening the next puzzle's intro. What a
puzzle can't show (arrows, marks, NAGs, the other variations) is summed in one warning a puzzle.
"""

from __future__ import annotations

import re

import chess
import chess.pgn

from puzzlebook.messages import Message, msg

from .pgn_text import still_in_comment
from .uci import NOT_LEGAL

_COMMAND = re.compile(r"\[%(\w+)([^\]]*)\]")
_COMMAND_WITH_SPACE = re.compile(r"[ \t]*\[%\w+[^\]]*\][ \t]*")
_TERMINATION = re.compile(r"(1-0|0-1|1/2-1/2|\*)\s*$")
_ARROWS = re.compile(r"\[%cal\s([^\]]*)\]")
_MARKS = re.compile(r"\[%csl\s([^\]]*)\]")
# NAGs that say a move is worse: ? (2), ?? (4), ?! (6); and words in a variation's comments that do.
_WORSE_NAGS = {2, 4, 6}
_WORSE_WORDS = re.compile(
    r"\b(?:mistake|blunder|inaccuracy|inaccurate|dubious|worse|wrong|loses|losing|fails|bad|weak|error"
    r"|refuted|refutes|refutation|trap)\b",
    re.IGNORECASE,
)
# A move number as a line's first word ("1.", not "1..."), and any move number in a line.
_FIRST_NUMBER = re.compile(r"\s*(\d+)\s*\.(?!\s*\.)")
_NUMBERS = re.compile(r"(?<![\w.])(\d+)\s*\.")
# Why a SAN can't be read, as messages (said in the request's language by the API).
AMBIGUOUS = msg(
    "lesson_san_ambiguous",
    "ambiguous: more than one piece can make this move (add the file or rank it comes from)",
)
NOT_SAN = msg("lesson_not_san", "not a move in SAN")
NOTHING_TO_CAPTURE = msg(
    "lesson_san_nothing_to_capture", "written as a capture, but there is nothing to capture on {square}"
)


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
    0-1, 1/2-1/2, *), when the line after it opens with a White move number no greater than one
    already seen since the last tags ("1. d4" after "12. Nf3": a second game without a result
    between them, which python-chess reads as two games), or when it is inside a comment.
    """
    lines = text.split("\n")
    kept: list[str] = []
    in_comment = False
    last_content = ""
    after = 0  # the first line after the blank lines being passed that is not blank (or the end)
    seen = 0  # the greatest move number since the last tags
    for number, line in enumerate(lines):
        if not in_comment and not line.strip():
            # Found once for a run of blank lines: looking ahead from each of them took time that
            # grew with the square of their number (a 256 KB import of line breaks: minutes).
            if after <= number:
                after = number + 1
                while after < len(lines) and not lines[after].strip():
                    after += 1
            upcoming = lines[after] if after < len(lines) else ""
            restart = _FIRST_NUMBER.match(upcoming) if seen else None
            if (
                upcoming.lstrip().startswith("[")
                or _TERMINATION.search(last_content)
                or not upcoming
                or (restart is not None and int(restart.group(1)) <= seen)
            ):
                kept.append(line)
                seen = 0
            continue
        kept.append(line)
        if not in_comment and line.lstrip().startswith("["):
            seen = 0
        elif "." in line:
            seen = max([seen, *(int(found) for found in _NUMBERS.findall(line))])
        in_comment = still_in_comment(line, in_comment)
        if line.strip():
            last_content = line
    return "\n".join(kept)


class _Alternative:
    """A variation of the mainline, in place of one of its moves: its first move (the wrong move,
    when it is a refutation) and second (the reply), their comments, and whether a move in it could
    not be read. Its deeper moves are read (python-chess plays them) but not kept."""

    __slots__ = ("broken", "comment", "move", "nags", "reply", "reply_comment", "starting_comment")

    def __init__(self, move: chess.Move, starting_comment: str, broken: bool) -> None:
        self.move = move
        self.starting_comment = starting_comment
        self.comment = ""
        self.reply: chess.Move | None = None
        self.reply_comment = ""
        self.broken = broken
        self.nags: set[int] = set()  # on its first move

    def marked_worse(self) -> bool:
        """Whether the PGN says this variation's move is worse than the line's: a ?, ?? or ?! on it,
        or a comment around it that says so ("a mistake", "loses", "wrong"…)."""
        if self.nags & _WORSE_NAGS:
            return True
        words = " ".join((self.starting_comment, self.comment, self.reply_comment))
        return bool(_WORSE_WORDS.search(split_comment(words)[0]))


class _Game:
    """One game as read: what a lesson is made of, without python-chess's tree of GameNodes.

    `moves`, `comments` and `sans` are the mainline, a move each: the move, the comment after it,
    and its SAN as python-chess writes it, written on the reader's own board as the move was read
    (reading parsed and played every move anyway) and trusted only from the FEN that board started
    from (`start_fen`, "" when it was Chess960). `alternatives` holds the variations in place of a
    mainline move, by its 0-based place in the line. `bad_san` is the first SAN of the mainline
    that could not be read: (its 1-based place in the line, "12... Nf6", what is wrong); `broken`
    the variations that could not be read: (the place in the line of the move they stand in for,
    the SAN as written, what is wrong). What is wrong is a message.
    """

    __slots__ = (
        "alternatives",
        "arrows",
        "bad_san",
        "broken",
        "comment",
        "comments",
        "deeper",
        "headers",
        "marks",
        "moves",
        "nags",
        "null_at",
        "sans",
        "start_fen",
        "start_ply",
    )

    def __init__(self) -> None:
        self.headers = chess.pgn.Headers()  # the Seven Tag Roster's "?" until the tags say, as Game's
        self.comment = ""  # before the first move
        self.moves: list[chess.Move] = []
        self.comments: list[str] = []
        self.sans: list[str] = []
        self.null_at = -1  # the place of the mainline's first null move (--), if any
        self.alternatives: dict[int, list[_Alternative]] = {}
        self.bad_san: tuple[int, str, Message] | None = None
        self.broken: list[tuple[int, str, Message]] = []
        self.start_fen: str | None = None
        self.start_ply = 0  # Game.ply(): the [FEN]'s ply, else 0
        # What a puzzle can't show, counted for the teacher: arrows and marked squares in comments,
        # NAGs, and the moves of variations past their first two (or inside other variations).
        self.arrows = 0
        self.marks = 0
        self.nags = 0
        self.deeper = 0


def _joined(before: str, comment: str) -> str:
    """Two comments on one node, as chess.pgn.GameBuilder joins them."""
    return " ".join(filter(None, (before, comment)))


class _Reader(chess.pgn.BaseVisitor[_Game]):
    """Reads a game into a _Game, quietly, remembering the first SAN that could not be read.

    Every comment, move and variation lands where chess.pgn.GameBuilder would put it in its tree
    (the game's comment before the first move, a move's comment after it, a variation's "starting
    comment" before its first move, GameBuilder's `in_variation` and pending starting comment kept
    as it keeps them), but no tree is built: a GameNode is several objects a move, each later walked
    by the garbage collector, and building and walking them was a fifth of an import's time.
    tests/test_lessons_golden.py holds every import's output to what the tree gave.
    """

    def begin_game(self) -> None:
        self.game = _Game()
        self.opened: list[bool] = []  # the variations open, inner last: True for one being read
        self.alternative: _Alternative | None = None  # the variation being read, once it has a move
        self.depth = 0  # the moves read in that variation
        self.parent = 0  # the place in the line of the move it stands in for (0-based)
        self.starting_comment = ""  # a comment waiting for the next move (GameBuilder's)
        self.in_variation = False  # GameBuilder's: a move was read since the last "("
        self.broken_here = False  # the variation being read had a move that could not be read
        self.branch = 1  # that move's place in the game (as Game.ply() counts, from the [FEN]'s ply)
        self.written: str | None = None  # a mainline move's SAN before its "+" or "#" (visit_board)
        # The mainline's board as the reader plays it, the pieces giving check there and how many
        # moves it had then (see _read_san), and the SAN whose "+" may yet be a "#" (visit_board).
        self.board: chess.Board | None = None
        self.checkers = 0
        self.checked_at = -1
        self.unsure: int | None = None

    def begin_headers(self) -> chess.pgn.Headers:
        return self.game.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def visit_result(self, result: str) -> None:
        if self.game.headers.get("Result", "*") == "*":
            self.game.headers["Result"] = result

    def visit_nag(self, nag: int) -> None:
        self.game.nags += 1
        if self.opened and self.opened[-1] and self.depth == 1 and self.alternative is not None:
            self.alternative.nags.add(nag)

    def visit_comment(self, comment: str) -> None:
        game = self.game
        if "[%c" in comment:
            game.arrows += sum(len(found.split(",")) for found in _ARROWS.findall(comment))
            game.marks += sum(len(found.split(",")) for found in _MARKS.findall(comment))
        if not self.in_variation:
            if not self.opened and not game.moves:  # before the first move: the game's own
                game.comment = _joined(game.comment, comment)
            else:  # after "(" or before a move: the next move's starting comment
                self.starting_comment = _joined(self.starting_comment, comment)
        elif not self.opened:  # after a mainline move
            game.comments[-1] = _joined(game.comments[-1], comment)
        elif self.alternative is not None:  # after a variation's first or second move
            if self.depth == 1:
                self.alternative.comment = _joined(self.alternative.comment, comment)
            elif self.depth == 2:
                self.alternative.reply_comment = _joined(self.alternative.reply_comment, comment)

    def begin_variation(self) -> chess.pgn.SkipType | None:
        # A variation of the mainline is read (it may be a refutation); one inside a variation
        # is not.
        if self.opened:
            self.opened.append(False)
            self.game.deeper += 1  # a variation inside a variation, counted as one
            return chess.pgn.SKIP
        self.opened.append(True)
        self.broken_here = False
        self.alternative = None
        self.depth = 0
        # python-chess begins one only after a move, so the line has one to stand in for.
        self.parent = len(self.game.moves) - 1
        self.branch = self.game.start_ply + self.parent + 1
        self.in_variation = False
        return None

    def end_variation(self) -> None:
        # python-chess also calls this at the ")" that ends what it skipped after a mainline move it
        # couldn't read, where no variation was begun: nothing to close then.
        if self.opened and self.opened.pop():
            self.alternative = None  # back on the mainline (GameBuilder leaves in_variation as it is)

    def visit_move(self, board: chess.Board, move: chess.Move) -> None:
        if not self.opened:
            if self.unsure is not None:  # the last move gave check, and `board` is after it
                if not move and board.is_checkmate():  # a null move proves nothing: look
                    self.game.sans[self.unsure] = self.game.sans[self.unsure][:-1] + "#"
                self.unsure = None  # else a legal move follows, so it was no mate
            self.game.moves.append(move)
            self.game.comments.append("")
        else:
            self.depth += 1
            if self.depth == 1:
                self.alternative = _Alternative(move, self.starting_comment, self.broken_here)
                self.game.alternatives.setdefault(self.parent, []).append(self.alternative)
            elif self.depth == 2 and self.alternative is not None:
                self.alternative.reply = move
            elif self.depth > 2 and move:
                self.game.deeper += 1
        self.starting_comment = ""
        self.in_variation = True

    # A mainline move's SAN is written in two halves around the reader's own push, as
    # Board.san_and_push writes it (pinned python-chess; the tests hold the two equal): the move as
    # written before it is played (parse_san), then "+" or "#" seen on the board after it.
    # Board.san would play the move and take it back once more. The pieces giving check are kept
    # for reading the next move there (_read_san), and a check is a mate only if no legal move
    # follows: that is looked for only when none is read (visit_move, result).
    def visit_board(self, board: chess.Board) -> None:
        game = self.game
        if game.start_fen is None:  # the first call: the starting position, before any move
            if board.chess960:
                game.start_fen = ""
            elif "FEN" in game.headers or type(board) is not chess.Board:
                game.start_fen = board.fen()
            else:  # chess.Board's own start: its FEN is known (Board.fen takes a tenth of a game's reading)
                game.start_fen = chess.STARTING_FEN
            game.start_ply = board.ply() if "FEN" in game.headers else 0
            self._look(board)
        elif self.written is not None:  # just after a mainline move, played (_look, inline)
            san, self.written = self.written, None
            self.board, self.checked_at = board, len(board.move_stack)
            self.checkers = board.checkers_mask()
            if self.checkers and san != "--":
                self.unsure = len(game.sans)
                san += "+"
            game.sans.append(san)

    def _look(self, board: chess.Board) -> int:
        """The pieces giving check on the mainline's `board`, kept for reading its next move."""
        self.board = board
        self.checked_at = len(board.move_stack)
        self.checkers = board.checkers_mask()
        return self.checkers

    def parse_san(self, board: chess.Board, san: str) -> chess.Move:
        if not self.opened and board is self.board and len(board.move_stack) == self.checked_at:
            move = self._read_san(board, san)
            if move is not None:
                return move
        if self.opened and self.broken_here:
            return chess.Move.null()
        try:
            move = board.parse_san(san)
        except ValueError as error:
            return self._unread(board, san, _san_words(error), error)
        if "x" in san and not board.is_capture(move):
            # python-chess reads "Kxe7" onto an empty square as "Ke7"; a capture that takes
            # nothing means the teacher saw another position, so the line stops here.
            words = NOTHING_TO_CAPTURE(square=chess.square_name(move.to_square))
            return self._unread(board, san, words, ValueError(str(words)))
        if not self.opened:  # a SAN _read_san leaves to python-chess ("Nbd2", "O-O", "e2e4", "--")
            self.written = board._algebraic_without_suffix(move)
            if not move and self.game.null_at < 0:
                self.game.null_at = len(self.game.moves)
        return move

    def _unread(self, board: chess.Board, san: str, words: Message, error: ValueError) -> chess.Move:
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
            if self.alternative is not None:
                self.alternative.broken = True
        return chess.Move.null()

    def _remember(self, board: chess.Board, san: str, words: Message) -> None:
        """Keep the first unreadable SAN of the mainline (only it is reported)."""
        if self.game.bad_san is None:
            dots = "." if board.turn == chess.WHITE else "..."
            label = f"{board.fullmove_number}{dots} {san}"
            self.game.bad_san = (len(board.move_stack) + 1, label, words)

    def handle_error(self, error: Exception) -> None:
        pass  # a SAN that could not be read is reported by read_game (bad_san); the rest stop the game

    def _read_san(self, board: chess.Board, san: str) -> chess.Move | None:
        """The mainline move `san` in `board`, read as Board.parse_san reads it, and its SAN written
        (self.written), with the work the two share done once: or None to leave it to them.

        Board.parse_san finds the legal moves of the piece named that reach the square named, by
        Board.generate_legal_moves: the pieces giving check (which visit_board has just looked for
        to write the last move's "+"), the pinned pieces, then each move of that piece there made
        and checked. This makes the same search with the same python-chess methods, its checkers
        taken from visit_board; it reads only a SAN without a file or rank for a piece (any pawn's
        is its own file), where the one move found also needs no file or rank in its SAN
        (_algebraic_without_suffix's search for another piece is the same search). None when that
        search finds no move, or two: python-chess then reads it and says what is wrong.
        """
        try:
            shape = _SHAPES[san]
        except KeyError:
            shape = _shape(san)
            if len(_SHAPES) < 4096:  # any SAN is a token: the cache is kept to the usual ones
                _SHAPES[san] = shape
        if shape is None or type(board) is not chess.Board:
            return None
        piece, to, files, promotion, letter = shape
        turn = board.turn
        ours = board.occupied_co[turn]
        king_mask = board.kings & ours
        if not king_mask:
            return None
        king = chess.msb(king_mask)
        to_mask = chess.BB_SQUARES[to] & ~ours
        from_mask = board.pawns & files if piece == chess.PAWN else board.pieces_mask(piece, turn)
        blockers = board._slider_blockers(king)
        checkers = self.checkers
        moves = (
            board._generate_evasions(king, checkers, from_mask, to_mask)
            if checkers
            else board.generate_pseudo_legal_moves(from_mask, to_mask)
        )
        found = None
        for move in moves:
            if move.promotion == promotion and board._is_safe(king, blockers, move):
                if found is not None:
                    return None  # ambiguous
                found = move
        if found is None:
            return None
        name = chess.SQUARE_NAMES[to]
        if piece == chess.PAWN:
            if found.from_square & 7 != to & 7:  # a pawn leaves its file only to take
                name = chess.FILE_NAMES[found.from_square & 7] + "x" + name
            elif "x" in san:
                return None  # nothing taken: python-chess reads it and it is refused
            self.written = name + "=" + chess.piece_symbol(promotion).upper() if promotion else name
        elif board.occupied_co[not turn] & chess.BB_SQUARES[to]:
            self.written = letter + "x" + name
        elif "x" in san or (piece == chess.KING and board.is_castling(found)):
            return None
        else:
            self.written = letter + name
        return found

    def result(self) -> _Game:
        if self.unsure is not None and self.board is not None and self.board.is_checkmate():
            self.game.sans[self.unsure] = self.game.sans[self.unsure][:-1] + "#"
        return self.game


_Shape = tuple[int, int, int, int | None, str]
_SHAPES: dict[str, _Shape | None] = {}
"""SANs as python-chess's tokenizer gives them, each read once: (the piece, the square it goes to,
the files it may come from, the promotion, the SAN's piece letter) for a SAN _Reader._read_san
reads, None for one it leaves to Board.parse_san."""


def _shape(san: str) -> _Shape | None:
    """`san` read as Board.parse_san reads it (the same pattern), or None when it names a piece's
    file or rank, a pawn's rank, castling or a null move."""
    match = chess.SAN_REGEX.match(san)
    if not match:
        return None
    letter, file, rank, square, promoted = match.groups()
    to = chess.SQUARE_NAMES.index(square)
    promotion = chess.PIECE_SYMBOLS.index(promoted[-1].lower()) if promoted else None
    if letter:
        if file or rank or promotion:
            return None
        return chess.PIECE_SYMBOLS.index(letter.lower()), to, chess.BB_ALL, None, letter
    if rank:
        return None
    return chess.PAWN, to, chess.BB_FILES[chess.FILE_NAMES.index(file) if file else to & 7], promotion, ""


def _san_words(error: ValueError) -> Message:
    if isinstance(error, chess.AmbiguousMoveError):
        return AMBIGUOUS
    if isinstance(error, chess.InvalidMoveError):
        return NOT_SAN
    return NOT_LEGAL
