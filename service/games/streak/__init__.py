"""Streak's part of the service layer: a ticketed daily run mode (service/games/daily_run/ keeps,
publishes and ranks it), with Streak's pick and Streak's kept result (puzzlebook.streak)."""

from __future__ import annotations

from puzzlebook.streak.kept import StreakResult
from puzzlebook.streak.run import FIRST_DAY, pick_run
from service.games.daily_run.hooks import RunHooks
from service.games.daily_run.mode import RunKeys, RunMode

KEY = "streak"

STREAK: RunMode[StreakResult] = RunMode(
    key=KEY,
    title="Streak",
    keys=RunKeys(KEY, "X", runs="STREAKRUN"),
    first_day=FIRST_DAY,
    pick_run=pick_run,
    result_of=StreakResult.from_doc,
    make_result=StreakResult,
)


class StreakHooks(RunHooks):
    """Streak's hooks: a run mode's (RunHooks)."""

    mode = STREAK
