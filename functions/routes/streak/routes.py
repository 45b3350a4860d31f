"""Streak's routes: a run mode's (functions/routes/daily_run/), with Streak's bodies and its
scoring: the run replayed with its skip and its score worked out (puzzlebook.streak.results), and
its day checked first: a run is taken until the end of the day after its own (docs/api.md,
"Streak")."""

from __future__ import annotations

import datetime as dt
from typing import Any

from functions.routes.daily_run.routes import RunRoutes, Scoring, run_router
from functions.routes.streak.models import (
    StreakBoard,
    StreakDay,
    StreakMine,
    StreakPosted,
    StreakResult,
    StreakRow,
    StreakRun,
    StreakStart,
)
from service.games.streak import STREAK


def score(given: Scoring) -> Any:
    """The run's tally; RunRefused when it can't stand."""
    from puzzlebook.streak.results import score_run  # python-chess: on first post

    return score_run(given.puzzles, given.run.moves, given.run.skipped, given.starts)


def check_day(day: dt.date, today: dt.date) -> None:
    """RunRefused when the run of `day` arrives too late (puzzlebook.streak.results.check_late)."""
    from puzzlebook.streak.results import check_late

    check_late(day, today)


ROUTES = RunRoutes(
    mode=STREAK, run=StreakRun, day=StreakDay, start=StreakStart, result=StreakResult, posted=StreakPosted,
    row=StreakRow, board=StreakBoard, mine=StreakMine, score=score, check_day=check_day,
    day_summary="for a night the site hasn't the day's copy",
)
router = run_router(ROUTES)
