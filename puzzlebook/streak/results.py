"""A posted Streak run: replayed with the chess referee, checked, and settled against the player's day.

1. Check (`score_run`): every attempted puzzle's moves are replayed on its position
   (puzzlebook.chess.runs: a right move plays the line's reply; any mate solves), the skip added
   where the run says it was taken, and puzzlebook.streak.tally adds them up. Refused (RunRefused):
   more puzzles than the run has, an illegal move, a move after a puzzle ended, a puzzle after the
   wrong move that ended the run, a puzzle left open before the last, a skip where no puzzle was
   open. The client's own score is never read: only its moves, its skip and its seconds. Before any
   of it, the run's pace (`check_pace`): a second a solver move, as every game's results; and its
   day (`check_late`): a run arrives by the end of the day after its own.
2. Settle (`settle`): the player's first started run of a day is their ranked one; a post of any
   other run is practice (scored, kept nowhere). A ranked run is kept once: a second post of it
   (a retry, or two at once) answers `already` with what was kept. The player's best of all time
   is replaced only by a better run (`StreakResult.beats`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

import chess

from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.chess.runs import RunRefused, check_pace, starting_positions, verdicts
from puzzlebook.places import BoardEntry
from puzzlebook.streak.kept import StreakResult
from puzzlebook.streak.tally import BadRun, Tally, tally_run

__all__ = [
    "LATE_DAYS", "RunRefused", "Settled", "StreakAnswer", "check_late", "check_pace", "score_run", "settle",
    "starting_positions",
]


def score_run(puzzles: Sequence[Puzzle], moves: Sequence[Sequence[str]], skipped: int | None,
              starts: Sequence[chess.Board] | None = None) -> Tally:
    """The tally of a run whose attempted puzzles were `puzzles[:len(moves)]`, each with the
    solver's `moves`, the puzzle numbered `skipped` (from 1; None: no skip) passed after its moves;
    RunRefused when it can't stand (module docstring). `starts`: the puzzles' starting_positions,
    when the caller keeps them."""
    if len(moves) > len(puzzles):
        raise RunRefused("too-many", f"The run has {len(puzzles)} puzzles, not {len(moves)}.")
    if skipped is not None and not 1 <= skipped <= len(moves):
        raise RunRefused(
            "skip", f"The skip can’t be in puzzle {skipped}: the run attempted {len(moves)} puzzles."
        )
    replayed = []
    for k, (puzzle, made) in enumerate(zip(puzzles, moves, strict=False)):
        said = verdicts(puzzle, made, k + 1, starts[k] if starts is not None else None)
        replayed.append((puzzle.rating, [*said, "skip"] if skipped == k + 1 else said))
    try:
        return tally_run(replayed)
    except BadRun as exc:
        raise RunRefused("unplayable", f"{str(exc)[0].upper()}{str(exc)[1:]}.") from None


# How many days after its own a ranked run may still arrive (a run left part way, posted next day).
LATE_DAYS = 1


def check_late(day: dt.date, today: dt.date) -> None:
    """RunRefused ("late") when a run of `day` arrives on `today`, more than LATE_DAYS later.

    >>> check_late(dt.date(2026, 12, 5), dt.date(2026, 12, 6))
    >>> check_late(dt.date(2026, 12, 5), dt.date(2026, 12, 7))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    puzzlebook.chess.runs.RunRefused: This run of 2026-12-05 arrived on 2026-12-07: ...
    """
    if (today - day).days > LATE_DAYS:
        raise RunRefused(
            "late",
            f"This run of {day.isoformat()} arrived on {today.isoformat()}: "
            "a Streak run is taken until the end of the day after its own.",
        )


@dataclass(frozen=True, slots=True)
class StreakAnswer:
    """What a posted run is told: whether it is the player's ranked run of its day, whether that run
    was kept before (a retry: `result` is then what was kept), the run, and its entry on the day's
    board (its snapshot's path and rank key: the answer's place is found on the snapshot)."""

    ranked: bool
    already: bool
    result: StreakResult
    entry: BoardEntry | None = None


@dataclass(frozen=True, slots=True)
class Settled:
    """What a post comes to: the answer, and what to write: the day's result (None: nothing) and the
    new best (None: the best stands)."""

    answer: StreakAnswer
    result: StreakResult | None
    best: StreakResult | None


def settle(
    *, ranked: bool, kept: StreakResult | None, best: StreakResult | None, run: StreakResult
) -> Settled:
    """Settle a scored `run`: `ranked` when its ticket is the player's first started run of its day;
    `kept`: the player's result kept for that day, if any; `best`: their best.

    >>> run = StreakResult("2026-12-05", Tally(score=7, highest=990), 180, "t")
    >>> settle(ranked=False, kept=None, best=None, run=run).answer.ranked
    False
    >>> worse = StreakResult("2026-12-04", Tally(score=5, highest=1200), 100, "u")
    >>> s = settle(ranked=True, kept=None, best=worse, run=run)
    >>> s.result is run, s.best is run
    (True, True)
    >>> again = StreakResult("2026-12-05", Tally(score=9), 90, "v")
    >>> settle(ranked=True, kept=run, best=run, run=again).answer.already
    True
    """
    if not ranked:
        return Settled(StreakAnswer(False, False, run), None, None)
    if kept is not None:
        return Settled(StreakAnswer(True, True, kept), None, None)
    return Settled(StreakAnswer(True, False, run), run, run if run.beats(best) else None)
