"""One racer's progress, each move judged as it arrives, on the server's clock (docs/live.md).

A racer plays the race's puzzles in order. Each move names where the racer's browser played it (the
puzzle's index and the move's index in it) and is judged by the chess referee from there
(puzzlebook/chess/runs.py's `verdicts`: the line's move goes on, its reply played at once; the
line's last move, or any mate, solves; any other legal move is wrong and moves the racer on to the
next puzzle, unsolved). Storm's rules add the verdicts up (puzzlebook/storm/clock.py's `step`): the
score is the puzzles solved, a wrong move breaks the combo and costs WRONG_PENALTY seconds, a combo
of 5, 12, 20, 30 … gives seconds back.

The clock is the race's: every racer starts together and the race ends for all at its RACE_SECONDS.
A racer's own clock is the race's less their net penalty (penalties less combo bonuses, never below
nothing): a wrong move takes 10 s off it, a combo buys lost seconds back, never past the race's end.
A racer whose clock reaches zero is out: their moves no longer count.

The floor: a racer's k-th move counts only once k seconds have passed since the race started (less
puzzlebook.tickets' allowance: `floor_wait`), so a script is no quicker than a person at a second a
move; a quicker one is refused with the milliseconds to wait, and the browser sends it again then.
The client's score is never read: what counts is the server's verdict on each move, at its arrival.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import chess

from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.chess.runs import RunRefused, verdicts
from puzzlebook.messages import Message, Refusal, msg
from puzzlebook.racer.race import RACE_MS, Race
from puzzlebook.storm.clock import Tally, step
from puzzlebook.tickets import floor_wait


class MoveRefused(Refusal):
    """A move that doesn't count. `code`: one word for the protocol (docs/api.md, "Live"): not-racing,
    over, left, out-of-time, too-fast (`wait`: ms until it may count), out-of-step (the racer is
    elsewhere: `at`), done (that move was judged already: a retry), illegal, no-puzzle."""

    def __init__(self, code: str, words: Message, *, wait: int = 0,
                 at: tuple[int, int] | None = None) -> None:
        super().__init__(words)
        self.code = code
        self.wait = wait
        self.at = at


NOT_RACING = msg("race_not_racing", "The race hasn't started yet: wait for the countdown.")
OVER = msg("race_move_after_end", "The race is over: that move came after its end.")
LEFT = msg("race_left", "You left this race: your moves no longer count.")
OUT_OF_TIME = msg("race_out_of_time", "Your clock has run out: wait for the others to finish.")
DONE = msg("race_move_counted", "That move was counted already.")
OUT_OF_STEP = msg("race_out_of_step", "That move is ahead of where you are: play on from here.")
# Shared with the live class's answers: the same words wherever a move comes before its second.
TOO_FAST = msg("live_too_fast", "Quicker than a second a move: this one counts in {wait} ms.")
NO_PUZZLE = msg("race_no_puzzle", "You have played every puzzle of this race.")
ILLEGAL = msg("live_illegal", "{uci} can't be played there.")


@dataclass(frozen=True, slots=True)
class Racer:
    """A racer's progress: who, when they joined (ms), the puzzle they are on (its index) and their moves
    in it so far, each ended puzzle's result ("solved" or "missed"), Storm's tally of their verdicts, the
    moves that counted, when their last move and their last solve came (ms), and whether they left the
    race (`left`) or are without a connection to it now (`away`)."""

    pid: str
    name: str
    joined: int
    puzzle: int = 0
    line: tuple[str, ...] = ()
    results: tuple[str, ...] = ()
    tally: Tally = field(default_factory=Tally)
    moves: int = 0
    last: int | None = None
    scored: int | None = None
    left: bool = False
    away: bool = False

    def clock_ends(self, starts: int, race_ms: int = RACE_MS) -> int:
        """When this racer's clock reaches zero (ms): the race's end (`race_ms` after `starts`) less
        their net penalty.

        >>> Racer("p", "P", 0, tally=Tally(penalty=20, bonus=3)).clock_ends(0)
        73000
        >>> Racer("p", "P", 0, tally=Tally(penalty=10, bonus=15)).clock_ends(0)
        90000
        """
        return starts + race_ms - max(0, self.tally.penalty - self.tally.bonus) * 1000

    def out(self, race: Race, now: int) -> bool:
        """Whether the racer's clock has run out at `now`."""
        return race.starts is not None and now >= self.clock_ends(race.starts, race.ms)

    def to_doc(self) -> dict[str, Any]:
        return {"pid": self.pid, "name": self.name, "joined": self.joined, "puzzle": self.puzzle,
                "line": list(self.line), "results": list(self.results), "tally": self.tally.to_doc(),
                "moves": self.moves, "last": self.last, "scored": self.scored, "left": self.left,
                "away": self.away}

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> Racer:
        t = doc.get("tally") or {}
        highest = t.get("highest")
        tally = Tally(int(t.get("score", 0)), int(t.get("mistakes", 0)), int(t.get("combo", 0)),
                      int(t.get("combo_best", 0)), int(t.get("bonus", 0)), int(t.get("penalty", 0)),
                      int(highest) if highest is not None else None, int(t.get("attempted", 0)))
        return cls(str(doc["pid"]), str(doc.get("name", "")), int(doc.get("joined", 0)),
                   int(doc.get("puzzle", 0)), tuple(doc.get("line") or ()), tuple(doc.get("results") or ()),
                   tally, int(doc.get("moves", 0)), doc.get("last"), doc.get("scored"),
                   bool(doc.get("left")), bool(doc.get("away")))


@dataclass(frozen=True, slots=True)
class Played:
    """A move judged: its verdict ("right", "solved" or "wrong"), the opponent's reply when the line
    goes on, the racer after it, and whether it ended a puzzle (what the room is told: fanout)."""

    verdict: str
    reply: str | None
    racer: Racer
    ended: bool


def play(racer: Racer, race: Race, puzzles: Sequence[Puzzle], at: tuple[int, int], uci: str, now: int,
         start: chess.Board | None = None) -> Played:
    """Judge `racer`'s move `uci`, played in their browser at `at` (puzzle index, move index in it), at
    `now` (ms) on the server's clock. `start`: the puzzle's position at its first solver move, when the
    caller keeps them (copied, never changed). MoveRefused when it doesn't count (module docstring)."""
    phase = race.phase(now)
    if phase in ("waiting", "countdown"):
        raise MoveRefused("not-racing", NOT_RACING)
    if phase == "over":
        raise MoveRefused("over", OVER)
    if racer.left:
        raise MoveRefused("left", LEFT)
    if racer.out(race, now):
        raise MoveRefused("out-of-time", OUT_OF_TIME)
    here = (racer.puzzle, len(racer.line))
    if at != here:
        if at < here:
            raise MoveRefused("done", DONE, at=here)
        raise MoveRefused("out-of-step", OUT_OF_STEP, at=here)
    assert race.starts is not None
    wait = floor_wait(race.starts, now, racer.moves + 1)
    if wait:
        raise MoveRefused("too-fast", TOO_FAST(wait=wait), wait=wait)
    if racer.puzzle >= len(puzzles):
        raise MoveRefused("no-puzzle", NO_PUZZLE)
    puzzle = puzzles[racer.puzzle]
    try:
        verdict = verdicts(puzzle, [*racer.line, uci], racer.puzzle + 1, start)[-1]
    except RunRefused:
        raise MoveRefused("illegal", ILLEGAL(uci=uci), at=here) from None
    tally = step(racer.tally, verdict)
    if verdict == "solved":
        highest = puzzle.rating if tally.highest is None else max(tally.highest, puzzle.rating)
        tally = replace(tally, highest=highest)
    counted = replace(racer, tally=tally, moves=racer.moves + 1, last=now)
    if verdict == "right":
        ply = 2 * len(racer.line) + 1
        return Played(verdict, puzzle.line[ply + 1], replace(counted, line=(*racer.line, uci)), False)
    scored = now if verdict == "solved" else racer.scored
    ended = replace(counted, puzzle=racer.puzzle + 1, line=(), scored=scored,
                    results=(*racer.results, "solved" if verdict == "solved" else "missed"),
                    tally=replace(tally, attempted=tally.attempted + 1))
    return Played(verdict, None, ended, True)


def progress(racer: Racer, race: Race, now: int) -> dict[str, Any]:
    """What the room is told of a racer (docs/api.md, "Live"): their score, the puzzles they missed,
    their mistakes and combo, whether their clock is out, and whether they left or are away."""
    return {"pid": racer.pid, "name": racer.name, "score": racer.tally.score,
            "missed": racer.results.count("missed"), "combo": racer.tally.combo,
            "mistakes": racer.tally.mistakes, "out": racer.out(race, now), "left": racer.left,
            "away": racer.away}
