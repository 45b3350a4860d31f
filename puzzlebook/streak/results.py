"""A posted Streak run: replayed with the chess referee and checked (its settling: puzzlebook.daily_run).

1. Check (`score_run`): every attempted puzzle's moves are replayed on its position
   (puzzlebook.chess.runs: a right move plays the line's reply; any mate solves), the skip added
   where the run says it was taken, and puzzlebook.streak.tally adds them up. Refused (RunRefused):
   more puzzles than the run has, an illegal move, a move after a puzzle ended, a puzzle after the
   wrong move that ended the run, a puzzle left open before the last, a skip where no puzzle was
   open. The client's own score is never read: only its moves, its skip and its seconds. Before any
   of it, the run's pace (`check_pace`): a second a solver move, as every game's results; and its
   day (`check_late`): a run arrives by the end of the day after its own.
2. Settle: every run mode's (puzzlebook.daily_run.settle), the best replaced only by a better run
   (puzzlebook.streak.kept's `StreakResult.beats`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

import chess

from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.chess.runs import LATE, TOO_MANY_PUZZLES, RunRefused, check_pace, starting_positions, verdicts
from puzzlebook.daily_run import LATE_DAYS, ticket_lives
from puzzlebook.messages import msg
from puzzlebook.streak.tally import BadRun, Tally, tally_run

__all__ = [
    "LATE_DAYS", "RunRefused", "check_late", "check_pace", "score_run", "starting_positions",
]


SKIP_OUTSIDE = msg("run_skip_outside",
                   "The skip can’t be in puzzle {skipped}: the run attempted {attempted} puzzles.")

def score_run(puzzles: Sequence[Puzzle], moves: Sequence[Sequence[str]], skipped: int | None,
              starts: Sequence[chess.Board] | None = None) -> Tally:
    """The tally of a run whose attempted puzzles were `puzzles[:len(moves)]`, each with the
    solver's `moves`, the puzzle numbered `skipped` (from 1; None: no skip) passed after its moves;
    RunRefused when it can't stand (module docstring). `starts`: the puzzles' starting_positions,
    when the caller keeps them."""
    if len(moves) > len(puzzles):
        raise RunRefused("too-many", TOO_MANY_PUZZLES(puzzles=len(puzzles), moves=len(moves)))
    if skipped is not None and not 1 <= skipped <= len(moves):
        raise RunRefused("skip", SKIP_OUTSIDE(skipped=skipped, attempted=len(moves)))
    replayed = []
    for k, (puzzle, made) in enumerate(zip(puzzles, moves, strict=False)):
        said = verdicts(puzzle, made, k + 1, starts[k] if starts is not None else None)
        replayed.append((puzzle.rating, [*said, "skip"] if skipped == k + 1 else said))
    try:
        return tally_run(replayed)
    except BadRun as exc:
        raise RunRefused("unplayable", exc.message) from None


def check_late(day: dt.date, today: dt.date) -> None:
    """RunRefused ("late") when a run of `day` arrives on `today` (the oldest date anywhere), after
    its ticket's life (puzzlebook.daily_run.ticket_lives): more than LATE_DAYS later.

    >>> check_late(dt.date(2026, 12, 5), dt.date(2026, 12, 6))
    >>> check_late(dt.date(2026, 12, 5), dt.date(2026, 12, 7))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    puzzlebook.chess.runs.RunRefused: This run of 2026-12-05 arrived on 2026-12-07: ...
    """
    if not ticket_lives(day, today):
        raise RunRefused("late", LATE(day=day.isoformat(), today=today.isoformat(), mode="Streak"))
