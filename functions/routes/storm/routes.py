"""Storm's routes: a run mode's (functions/routes/daily_run/), with Storm's bodies and its scoring:
the run replayed and its clock and score recomputed (puzzlebook.storm.results), refused when it
arrives after its clock, started at its ticket, would have run out (docs/api.md, "Storm")."""

from __future__ import annotations

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
    """The run's tally; RunRefused when it can't stand or arrives after its clock's end."""
    from puzzlebook.storm.results import check_late, score_run  # python-chess: on first post

    tally = score_run(given.puzzles, given.run.moves, given.run.seconds, given.starts)
    check_late(tally, given.issued, given.now)
    return tally


ROUTES = RunRoutes(
    mode=STORM, run=StormRun, day=StormDay, start=StormStart, result=StormResult, posted=StormPosted,
    row=StormRow, board=StormBoard, mine=StormMine, score=score,
    day_summary="for the minutes before the site's copy is out",
)
router = run_router(ROUTES)
