"""A posted Storm run: replayed with the chess referee, checked, and settled against the player's day.

1. Check (`score_run`): every attempted puzzle's moves are replayed on its position with
   puzzlebook.chess.referee (a right move plays the line's reply; any mate solves), giving each
   move's verdict; puzzlebook.storm.clock adds them up. Refused (RunRefused): more puzzles than
   the run has, an illegal move, a move after a puzzle ended, a puzzle left open before the last,
   or a clock that ran out before the run's last move (the run's seconds past the clock's length).
   The client's own score is never read: only its moves and seconds. Before any of it, the run's
   pace (`check_pace`): a run claims at least a second a solver move, as every game's results do.
2. Settle (`settle`): the player's first started run of a day is their ranked one; a post of any
   other run is practice (scored, kept nowhere). A ranked run is kept once: a second post of it
   (a retry, or two at once) answers `already` with what was kept. The player's best of all time
   is replaced only by a better run (`RunResult.beats`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import chess

from puzzlebook.chess.puzzle import Puzzle, position_at
from puzzlebook.chess.referee import judge, play
from puzzlebook.storm.clock import BadRun, Tally, out_of_time, tally_run
from puzzlebook.storm.kept import RunResult


class RunRefused(ValueError):
    """A run that can't be scored. `reason` is one word for the API; str(error) says it plainly."""

    def __init__(self, reason: str, words: str) -> None:
        super().__init__(words)
        self.reason = reason


def solver_moves(moves: Sequence[Sequence[str]]) -> int:
    """How many moves the solver made in a run (right, solving and wrong alike).

    >>> solver_moves([["e2e4", "d2d4"], ["g1f3"], []])
    3
    """
    return sum(len(m) for m in moves)


def check_pace(moves: Sequence[Sequence[str]], seconds: float) -> int:
    """The fewest seconds the run's `moves` take at a second a solver move (the floor every game's
    results keep: puzzlebook.chess.referee.min_seconds), or RunRefused ("too-fast") when the run
    claims fewer `seconds` than that. The caller also holds the run's arrival to it, counted from
    its ticket (puzzlebook.tickets.check's `floor`), so a script can't claim the floor at once.

    >>> check_pace([["e2e4", "d2d4"], ["g1f3"]], 3)
    3
    >>> check_pace([["e2e4", "d2d4"], ["g1f3"]], 2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    puzzlebook.storm.results.RunRefused: That’s quicker than a real run: ...
    """
    floor = solver_moves(moves)
    if seconds < floor:
        raise RunRefused(
            "too-fast",
            f"That’s quicker than a real run: {floor} moves take at least {floor} seconds, a second a move.",
        )
    return floor


def starting_positions(puzzles: Sequence[Puzzle]) -> list[chess.Board]:
    """Each puzzle's position at the solver's first move. A day's run is the same for everyone, so
    the server makes these once and `score_run` replays on copies (a copy costs far less than
    reading a FEN)."""
    return [position_at(p, 1) for p in puzzles]


def verdicts(
    puzzle: Puzzle, moves: Sequence[str], number: int, start: chess.Board | None = None
) -> list[str]:
    """The verdict on each of the solver's `moves` in `puzzle` (the run's puzzle `number`, from 1),
    from `start` (its position at the solver's first move, copied; made here when None).

    RunRefused for an illegal move, or a move after the puzzle was solved or missed.
    """
    board = start.copy(stack=False) if start is not None else position_at(puzzle, 1)
    line = puzzle.line
    out: list[str] = []
    for k, uci in enumerate(moves):
        if out and out[-1] != "right":
            raise RunRefused("after-end", f"Puzzle {number} has a move after it was over.")
        ply = 2 * k + 1
        if not play(board, uci):
            raise RunRefused("illegal", f"Move {k + 1} of puzzle {number} can’t be played there.")
        verdict = judge(puzzle, ply, board, uci)
        if verdict == "wrong":
            out.append("wrong")
        elif verdict == "mate" or ply == len(line) - 1:
            out.append("solved")
        else:
            out.append("right")
            # The line's own reply, checked when the bundle was made: pushed without a legality check.
            board.push(chess.Move.from_uci(line[ply + 1]))
    return out


def score_run(puzzles: Sequence[Puzzle], moves: Sequence[Sequence[str]], seconds: float,
              starts: Sequence[chess.Board] | None = None) -> Tally:
    """The tally of a run whose attempted puzzles were `puzzles[:len(moves)]`, each with the
    solver's `moves`, lasting `seconds`; RunRefused when it can't stand (module docstring).
    `starts`: the puzzles' starting_positions, when the caller keeps them."""
    if len(moves) > len(puzzles):
        raise RunRefused("too-many", f"The run has {len(puzzles)} puzzles, not {len(moves)}.")
    replayed = [
        (p.rating, verdicts(p, m, k + 1, starts[k] if starts is not None else None))
        for k, (p, m) in enumerate(zip(puzzles, moves, strict=False))
    ]
    try:
        tally = tally_run(replayed)
    except BadRun as exc:
        raise RunRefused("unfinished", f"{str(exc)[0].upper()}{str(exc)[1:]}.") from None
    if out_of_time(tally, seconds):
        raise RunRefused(
            "out-of-time",
            f"The run’s clock ran out at {tally.length} seconds, before its last move ({seconds:g} seconds).",
        )
    return tally


@dataclass(frozen=True, slots=True)
class RunAnswer:
    """What a posted run is told: whether it is the player's ranked run of its day, whether that run
    was kept before (a retry: `result` is then what was kept), the run, and its place on the day's
    board (the store counts it once kept)."""

    ranked: bool
    already: bool
    result: RunResult
    place: int | None = None


@dataclass(frozen=True, slots=True)
class Settled:
    """What a post comes to: the answer, and what to write: the day's result (None: nothing) and the
    new best (None: the best stands)."""

    answer: RunAnswer
    result: RunResult | None
    best: RunResult | None


def settle(*, ranked: bool, kept: RunResult | None, best: RunResult | None, run: RunResult) -> Settled:
    """Settle a scored `run`: `ranked` when its ticket is the player's first started run of its day;
    `kept`: the player's result kept for that day, if any; `best`: their best.

    >>> run = RunResult("2026-11-30", Tally(score=7, highest=990), 180, "t")
    >>> settle(ranked=False, kept=None, best=None, run=run).answer.ranked
    False
    >>> worse = RunResult("2026-11-29", Tally(score=5, highest=1200), 100, "u")
    >>> s = settle(ranked=True, kept=None, best=worse, run=run)
    >>> s.result is run, s.best is run
    (True, True)
    >>> again = RunResult("2026-11-30", Tally(score=9), 90, "v")
    >>> settle(ranked=True, kept=run, best=run, run=again).answer.already
    True
    """
    if not ranked:
        return Settled(RunAnswer(False, False, run), None, None)
    if kept is not None:
        return Settled(RunAnswer(True, True, kept), None, None)
    return Settled(RunAnswer(True, False, run), run, run if run.beats(best) else None)


# How long after its clock's end a ranked run may still arrive (a slow network, a retry).
POST_GRACE = 120


def check_late(tally: Tally, issued_ms: int, now_ms: int) -> None:
    """RunRefused ("late") when a ranked run arrives more than POST_GRACE seconds after its clock,
    started at its ticket (`issued_ms`), would have reached zero: it was played on past its time.

    >>> check_late(tally_run([]), 0, 300_000)
    >>> check_late(tally_run([]), 0, 301_000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    puzzlebook.storm.results.RunRefused: This run arrived 301 seconds after it started, ...
    """
    if now_ms - issued_ms > (tally.length + POST_GRACE) * 1000:
        raise RunRefused(
            "late",
            f"This run arrived {(now_ms - issued_ms) // 1000} seconds after it started, "
            f"but its clock gave it {tally.length}.",
        )
