"""Streak's runs as an app reads them, as Storm's (service/games/storm/runs.py): a kept run never
changes, so each day's is read from the store once per app (service/kept.py), and its public file
made once.

    runs = streak_runs_of(ctx)
    runs.ensure(ctx.today())   # today's run, kept now if nothing had
    runs.run("2026-12-01")     # a kept run, or None
    runs.file(ctx.today())     # the run's public file (daily/streak/<date>.json's content), or None
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from service.context import Context
from service.games.chess.puzzles import puzzles_of
from service.games.streak import day_file, ensure_run
from service.games.streak.records import KeptStreakRun, StreakRecords
from service.kept import DayMemo


class StreakRuns:
    """The kept Streak runs one app (`ctx`) has read, and their files."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._runs = DayMemo[KeptStreakRun]()
        self._files = DayMemo[dict[str, Any]]()

    def run(self, day: str) -> KeptStreakRun | None:
        """The kept run of `day`, or None."""
        return self._runs.get(day, lambda: StreakRecords(self.ctx.store).run_of(day))

    def ensure(self, day: dt.date) -> KeptStreakRun:
        """The run of `day`, picked and kept now if nothing had (ValueError before FIRST_DAY)."""
        found = self._runs.known(day.isoformat())
        if found is None:  # read, and kept if nothing was (ensure_run reads it once)
            found = ensure_run(self.ctx.store, self.ctx.settings, puzzles_of(self.ctx).bundle, day)
            self._runs.put(found.day, found)
        return found

    def file(self, day: str) -> dict[str, Any] | None:
        """The public file of `day`'s kept run (shared: never change it), or None when none is kept."""

        def made() -> dict[str, Any] | None:
            kept = self.run(day)
            return day_file(kept, puzzles_of(self.ctx).bundle) if kept else None

        return self._files.get(day, made)


def streak_runs_of(ctx: Context) -> StreakRuns:
    """The app's Streak runs."""
    return ctx.part(StreakRuns)
