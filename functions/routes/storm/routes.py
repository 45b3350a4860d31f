"""Storm's routes: a run mode's (functions/routes/daily_run/), with Storm's bodies and its scoring:
the run replayed and its clock and score recomputed (puzzlebook.storm.results), and its day checked
first: a run is taken while its ticket lives, until the end of the day after its own (docs/api.md,
"Storm")."""

from __future__ import annotations

import datetime as dt
from typing import Any

from functions.routes.daily_run.routes import RunRoutes, Scoring, run_router
from functions.routes.storm.models import (
    StormBoard,
    StormDay,
    StormMine,
    StormPosted,
    StormResult,
    StormRow,
    StormRun,
    StormStart,
)
from service.games.storm import STORM


def score(given: Scoring) -> Any:
    """The run's tally; RunRefused when it can't stand."""
    from puzzlebook.storm.results import score_run  # python-chess: on first post

    return score_run(given.puzzles, given.run.moves, given.run.seconds, given.starts)


def check_day(day: dt.date, today: dt.date) -> None:
    """RunRefused when the run of `day` arrives after its ticket's life (storm.results.check_late)."""
    from puzzlebook.storm.results import check_late

    check_late(day, today)


ROUTES = RunRoutes(
    mode=STORM, run=StormRun, day=StormDay, start=StormStart, result=StormResult, posted=StormPosted,
    row=StormRow, board=StormBoard, mine=StormMine, score=score, check_day=check_day,
    day_summary="for the minutes before the site's copy is out",
)
router = run_router(ROUTES)
