"""A posted Storm run: replayed with the chess referee and checked (its settling: puzzlebook.daily_run).

1. Check (`score_run`): every attempted puzzle's moves are replayed on its position with
   puzzlebook.chess.referee (a right move plays the line's reply; any mate solves), giving each
   move's verdict; puzzlebook.storm.clock adds them up. Refused (RunRefused): more puzzles than
   the run has, an illegal move, a move after a puzzle ended, a puzzle left open before the last,
   or a clock that ran out before the run's last move (the run's seconds past the clock's length).
   The client's own score is never read: only its moves and seconds. Before any of it, the run's
   pace (`check_pace`): a run claims at least a second a solver move, as every game's results do;
   and its day (`check_late`): a run arrives while its ticket lives, by the end of the day after
   its own, everywhere (a post that failed is sent again from the browser's outbox).
2. Settle: every run mode's (puzzlebook.daily_run.settle), the best replaced only by a better run
   (puzzlebook.storm.kept's `RunResult.beats`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

import chess

from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.chess.runs import (
    LATE,
    TOO_MANY_PUZZLES,
    RunRefused,
    check_pace,
    solver_moves,
    starting_positions,
    verdicts,
)
from puzzlebook.daily_run import ticket_lives
from puzzlebook.messages import msg
from puzzlebook.storm.clock import BadRun, Tally, out_of_time, tally_run

# The replay and the pace are every run's (puzzlebook.chess.runs); named here too, for Storm's callers.
__all__ = [
    "RunRefused", "check_late", "check_pace", "score_run", "solver_moves", "starting_positions",
    "verdicts",
]


OUT_OF_TIME = msg("run_out_of_time",
                  "The run’s clock ran out at {length} seconds, before its last move ({seconds} seconds).")

def score_run(puzzles: Sequence[Puzzle], moves: Sequence[Sequence[str]], seconds: float,
              starts: Sequence[chess.Board] | None = None) -> Tally:
    """The tally of a run whose attempted puzzles were `puzzles[:len(moves)]`, each with the
    solver's `moves`, lasting `seconds`; RunRefused when it can't stand (module docstring).
    `starts`: the puzzles' starting_positions, when the caller keeps them."""
    if len(moves) > len(puzzles):
        raise RunRefused("too-many", TOO_MANY_PUZZLES(puzzles=len(puzzles), moves=len(moves)))
    replayed = [
        (p.rating, verdicts(p, m, k + 1, starts[k] if starts is not None else None))
        for k, (p, m) in enumerate(zip(puzzles, moves, strict=False))
    ]
    try:
        tally = tally_run(replayed)
    except BadRun as exc:
        raise RunRefused("unfinished", exc.message) from None
    if out_of_time(tally, seconds):
        raise RunRefused("out-of-time", OUT_OF_TIME(length=tally.length, seconds=f"{seconds:g}"))
    return tally


def check_late(day: dt.date, today: dt.date) -> None:
    """RunRefused ("late") when a run of `day` arrives on `today` (the oldest date anywhere), after
    its ticket's life (puzzlebook.daily_run.ticket_lives): the end of the day after its own.

    A run's clock ends minutes after its ticket, always within that life, so a post that failed and
    is sent again later is taken as the run was played (its moves and seconds, which the replay
    holds to the clock). The arrival alone can't tell such a retry from a run played on past its
    time, so it no longer refuses one (docs/storm.md, "Ranked runs, posting and scoring").

    >>> check_late(dt.date(2026, 11, 30), dt.date(2026, 12, 1))
    >>> check_late(dt.date(2026, 11, 30), dt.date(2026, 12, 2))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    puzzlebook.chess.runs.RunRefused: This run of 2026-11-30 arrived on 2026-12-02: ...
    """
    if not ticket_lives(day, today):
        raise RunRefused("late", LATE(day=day.isoformat(), today=today.isoformat(), mode="Storm"))
