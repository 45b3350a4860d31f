"""A posted Storm run: replayed with the chess referee and checked (its settling: puzzlebook.daily_run).

1. Check (`score_run`): every attempted puzzle's moves are replayed on its position with
   puzzlebook.chess.referee (a right move plays the line's reply; any mate solves), giving each
   move's verdict; puzzlebook.storm.clock adds them up. Refused (RunRefused): more puzzles than
   the run has, an illegal move, a move after a puzzle ended, a puzzle left open before the last,
   or a clock that ran out before the run's last move (the run's seconds past the clock's length).
   The client's own score is never read: only its moves and seconds. Before any of it, the run's
   pace (`check_pace`): a run claims at least a second a solver move, as every game's results do.
2. Settle: every run mode's (puzzlebook.daily_run.settle), the best replaced only by a better run
   (puzzlebook.storm.kept's `RunResult.beats`).
"""

from __future__ import annotations

from collections.abc import Sequence

import chess

from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.chess.runs import RunRefused, check_pace, solver_moves, starting_positions, verdicts
from puzzlebook.storm.clock import BadRun, Tally, out_of_time, tally_run

# The replay and the pace are every run's (puzzlebook.chess.runs); named here too, for Storm's callers.
__all__ = [
    "POST_GRACE", "RunRefused", "check_late", "check_pace", "score_run", "solver_moves", "starting_positions",
    "verdicts",
]


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


# How long after its clock's end a ranked run may still arrive (a slow network, a retry).
POST_GRACE = 120


def check_late(tally: Tally, issued_ms: int, now_ms: int) -> None:
    """RunRefused ("late") when a ranked run arrives more than POST_GRACE seconds after its clock,
    started at its ticket (`issued_ms`), would have reached zero: it was played on past its time.

    >>> check_late(tally_run([]), 0, 300_000)
    >>> check_late(tally_run([]), 0, 301_000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    puzzlebook.chess.runs.RunRefused: This run arrived 301 seconds after it started, ...
    """
    if now_ms - issued_ms > (tally.length + POST_GRACE) * 1000:
        raise RunRefused(
            "late",
            f"This run arrived {(now_ms - issued_ms) // 1000} seconds after it started, "
            f"but its clock gave it {tally.length}.",
        )
