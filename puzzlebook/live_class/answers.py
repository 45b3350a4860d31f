"""A student's answer to the puzzle up in a live session, judged on the server move by move.

The student plays the puzzle's line on their own board as in a lesson (the opponent's setup move and
replies played for them): the line's move goes on, any move that mates solves, anything else is
wrong and ends their try, "missed" (one try: it is a question put to the class, and their first move
is their answer). Their result goes into the class's students × puzzles table as any lesson result,
marked live (`result`). The teacher's reveal shows the distribution of first moves (`distribution`)
with the right one marked; a student is shown their own answer and their place (`places`), never
another student's.

Each move is held to the floor of a second a move from the puzzle's going up (puzzlebook/tickets.py's
`floor_wait`), as every game's are.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import chess

from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.chess.referee import judge, play
from puzzlebook.lessons.results import LessonResult
from puzzlebook.messages import Message, Refusal, msg
from puzzlebook.racer.progress import ILLEGAL, TOO_FAST
from puzzlebook.tickets import floor_wait


class AnswerRefused(Refusal):
    """A move that doesn't count: `code` (closed, done, out-of-step, too-fast, illegal) and its message."""

    def __init__(self, code: str, words: Message, *, wait: int = 0) -> None:
        super().__init__(words)
        self.code = code
        self.wait = wait


ANSWERED = msg("class_live_answered", "You have answered this puzzle.")
NOT_NEXT = msg("class_live_out_of_step", "That move isn't your answer's next: play on from your board.")


@dataclass(frozen=True, slots=True)
class Answer:
    """A student's try at puzzle `n` (put up at `opened`, ms): their moves, how it ended ("" while going
    on, "solved", "missed") and when (ms)."""

    pid: str
    n: int = 0
    opened: int | None = None
    moves: tuple[str, ...] = ()
    verdict: str = ""
    ended: int | None = None

    @property
    def first(self) -> str | None:
        return self.moves[0] if self.moves else None

    def to_doc(self) -> dict[str, Any]:
        return {"pid": self.pid, "n": self.n, "opened": self.opened, "moves": list(self.moves),
                "verdict": self.verdict, "ended": self.ended}

    @classmethod
    def from_doc(cls, doc: Mapping[str, Any]) -> Answer:
        moves = tuple(doc.get("moves") or ())
        verdict = str(doc.get("verdict", ""))
        return cls(str(doc["pid"]), int(doc.get("n", 0)), doc.get("opened"), moves, verdict, doc.get("ended"))


@dataclass(frozen=True, slots=True)
class Line:
    """A lesson puzzle as the referee plays it: the position where the student first moves, the whole
    line, and the line's index of the student's first move (1 when the FEN's side to move is the
    opponent's: its first move is a setup move played for the student)."""

    start: chess.Board
    puzzle: Puzzle
    offset: int

    @property
    def student(self) -> chess.Color:
        return self.start.turn


def line_of(puzzle: Mapping[str, Any]) -> Line:
    """A stored lesson puzzle (the seed's JSON: fen, playerColor, moves) as the referee plays it.

    >>> line = line_of({"fen": "6k1/8/8/8/8/8/8/R5K1 w - - 0 1", "playerColor": "black",
    ...                 "moves": [{"uci": "a1a7"}, {"uci": "g8f8"}]})
    >>> line.offset, line.start.turn == chess.BLACK
    (1, True)
    """
    moves = [str(m.get("uci", "")) for m in puzzle.get("moves", []) if isinstance(m, Mapping)]
    board = chess.Board(str(puzzle["fen"]))
    student = chess.WHITE if puzzle.get("playerColor") == "white" else chess.BLACK
    offset = 0
    if board.turn != student and moves:
        board.push(chess.Move.from_uci(moves[0]))
        offset = 1
    return Line(board, Puzzle("", "", str(puzzle["fen"]), moves, 0, []), offset)


def board_at(line: Line, moves: Sequence[str]) -> chess.Board:
    """The position after the student's `moves` (all right so far) and the line's replies to them."""
    board = line.start.copy(stack=False)
    for k, uci in enumerate(moves):
        board.push(chess.Move.from_uci(uci))
        reply = line.offset + 2 * k + 1
        if reply < len(line.puzzle.line):
            board.push(chess.Move.from_uci(line.puzzle.line[reply]))
    return board


def answer(
    prior: Answer, line: Line, at: int, uci: str, now: int, opened: int
) -> tuple[Answer, str, str | None]:
    """The student's move `uci`, played as their move number `at` (0-based), judged at `now` (ms; the
    puzzle went up at `opened`): (their answer after it, the verdict "right", "solved" or "wrong", the
    opponent's reply when the line goes on). AnswerRefused when it doesn't count.

    >>> line = line_of({"fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "playerColor": "white",
    ...                 "moves": [{"uci": "a1a8"}]})
    >>> answer(Answer("p"), line, 0, "a1a8", 2_000, 0)[1]
    'solved'
    >>> answer(Answer("p"), line, 0, "a1a2", 2_000, 0)[0].verdict
    'missed'
    """
    if prior.verdict:
        raise AnswerRefused("done", ANSWERED)
    if at != len(prior.moves):
        raise AnswerRefused("out-of-step", NOT_NEXT)
    wait = floor_wait(opened, now, len(prior.moves) + 1)
    if wait:
        raise AnswerRefused("too-fast", TOO_FAST(wait=wait), wait=wait)
    board = board_at(line, prior.moves)
    ply = line.offset + 2 * len(prior.moves)
    if ply >= len(line.puzzle.line) or not play(board, uci):
        raise AnswerRefused("illegal", ILLEGAL(uci=uci))
    verdict = judge(line.puzzle, ply, board, uci)
    moves = (*prior.moves, uci)
    if verdict == "wrong":
        return replace(prior, moves=moves, verdict="missed", ended=now), "wrong", None
    if verdict == "mate" or ply + 2 >= len(line.puzzle.line):
        return replace(prior, moves=moves, verdict="solved", ended=now), "solved", None
    return replace(prior, moves=moves), "right", line.puzzle.line[ply + 1]


def result(ans: Answer, opened: int, rev: int, session_id: str) -> LessonResult | None:
    """What the class's table keeps of an ended answer (None while it goes on): solved first try or
    missed, its seconds from the puzzle going up, marked live (the session's id)."""
    if not ans.verdict or ans.ended is None:
        return None
    solved = ans.verdict == "solved"
    seconds = max(1, math.ceil((ans.ended - opened) / 1000))
    mistakes = 0 if solved else 1
    return LessonResult(solved, solved, mistakes=mistakes, seconds=seconds, rev=rev, live=session_id)


def san_of(line: Line, uci: str) -> str:
    """`uci` as the student's first move in SAN ("" when it can't be played there)."""
    board = line.start.copy(stack=False)
    try:
        move = chess.Move.from_uci(uci)
    except ValueError:
        return ""
    return board.san(move) if move in board.legal_moves else ""


def right_first(line: Line, uci: str) -> bool:
    """Whether `uci` is a right first move: the line's, or one that mates."""
    board = line.start.copy(stack=False)
    return play(board, uci) and judge(line.puzzle, line.offset, board, uci) != "wrong"


def distribution(line: Line, answers: Iterable[Answer]) -> list[dict[str, Any]]:
    """The class's first moves, most played first (then the right one, then by SAN): each its UCI,
    SAN, how many played it and whether it is right. The line's own first move is always listed, if
    no one played it, so the teacher can show it.

    >>> line = line_of({"fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "playerColor": "white",
    ...                 "moves": [{"uci": "a1a8"}]})
    >>> wrong = [Answer(p, 1, 0, ("a1a2",), "missed") for p in "ab"]
    >>> rows = distribution(line, wrong)
    >>> [(r["san"], r["count"], r["right"]) for r in rows]
    [('Ra2', 2, False), ('Ra8#', 0, True)]
    """
    counts = Counter(a.first for a in answers if a.first)
    expected = line.puzzle.line[line.offset] if line.offset < len(line.puzzle.line) else None
    if expected is not None:
        counts.setdefault(expected, 0)
    rows = [{"uci": uci, "san": san_of(line, uci), "count": n, "right": right_first(line, uci)}
            for uci, n in counts.items()]
    return sorted(rows, key=lambda r: (-r["count"], not r["right"], r["san"]))


def scores(answers: Iterable[Answer]) -> dict[str, tuple[int, int]]:
    """Each student's (puzzles solved, whole seconds those took from going up) over `answers`.

    >>> scores([Answer("a", 1, 0, ("e2e4",), "solved", 4_500), Answer("a", 2, 0, ("e2e4",), "missed", 1_000)])
    {'a': (1, 4)}
    """
    out: dict[str, tuple[int, int]] = {}
    for ans in answers:
        solved, seconds = out.get(ans.pid, (0, 0))
        if ans.verdict == "solved" and ans.ended is not None and ans.opened is not None:
            solved, seconds = solved + 1, seconds + (ans.ended - ans.opened) // 1000
        out[ans.pid] = (solved, seconds)
    return out


def places(scores: Mapping[str, tuple[int, int]]) -> dict[str, int]:
    """Each student's place in the session from their (puzzles solved, seconds those took): more solved
    first, then fewer seconds; equal scores share a place.

    >>> places({"a": (2, 30), "b": (3, 50), "c": (2, 30), "d": (1, 5)})
    {'b': 1, 'a': 2, 'c': 2, 'd': 4}
    """
    order = sorted(scores, key=lambda p: (-scores[p][0], scores[p][1], p))
    out: dict[str, int] = {}
    for k, pid in enumerate(order):
        same = k and scores[order[k - 1]] == scores[pid]
        out[pid] = out[order[k - 1]] if same else k + 1
    return out
