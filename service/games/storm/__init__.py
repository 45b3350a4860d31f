"""Storm's part of the service layer: a ticketed daily run mode (service/games/daily_run/ keeps,
publishes and ranks it), with Storm's pick and Storm's kept result (puzzlebook.storm)."""

from __future__ import annotations

from puzzlebook.storm.kept import RunResult
from puzzlebook.storm.run import FIRST_DAY, pick_run
from service.games.daily_run.hooks import RunHooks
from service.games.daily_run.mode import RunKeys, RunMode

KEY = "storm"

STORM: RunMode[RunResult] = RunMode(
    key=KEY,
    title="Storm",
    keys=RunKeys(KEY, "S", runs="STORM"),
    first_day=FIRST_DAY,
    pick_run=pick_run,
    result_of=RunResult.from_doc,
    make_result=RunResult,
)


class StormHooks(RunHooks):
    """Storm's hooks: a run mode's (RunHooks)."""

    mode = STORM
