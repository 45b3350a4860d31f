"""A run mode's runs as an app reads them: a kept run never changes, so each day's is read from the
store once per app (service/kept.py), and its public file made once.

    runs = runs_of(ctx, STORM)
    runs.ensure(ctx.today())   # today's run, kept now if nothing had
    runs.run("2026-12-01")     # a kept run, or None
    runs.file(ctx.today())     # the run's public file (daily/<mode>/<date>.json's content), or None
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from service.context import Context
from service.games.chess.puzzles import puzzles_of
from service.games.daily_run.hooks import day_file, ensure_run
from service.games.daily_run.mode import RunMode
from service.games.daily_run.records import KeptRun, RunRecords
from service.kept import DayMemo


class DailyRuns:
    """The kept runs of `mode` one app (`ctx`) has read, and their files."""

    def __init__(self, ctx: Context, mode: RunMode[Any]) -> None:
        self.ctx = ctx
        self.mode = mode
        self._runs = DayMemo[KeptRun]()
        self._files = DayMemo[dict[str, Any]]()

    def run(self, day: str) -> KeptRun | None:
        """The kept run of `day`, or None."""
        return self._runs.get(day, lambda: RunRecords(self.ctx.store, self.mode).run_of(day))

    def ensure(self, day: dt.date) -> KeptRun:
        """The run of `day`, picked and kept now if nothing had (ValueError before the first day)."""
        found = self._runs.known(day.isoformat())
        if found is None:  # read, and kept if nothing was (ensure_run reads it once)
            found = ensure_run(self.mode, self.ctx.store, self.ctx.settings, puzzles_of(self.ctx).bundle, day)
            self._runs.put(found.day, found)
        return found

    def file(self, day: str) -> dict[str, Any] | None:
        """The public file of `day`'s kept run (shared: never change it), or None when none is kept."""

        def made() -> dict[str, Any] | None:
            kept = self.run(day)
            return day_file(kept, puzzles_of(self.ctx).bundle) if kept else None

        return self._files.get(day, made)


# One maker per mode, so that Context.part (keyed by its maker) keeps one DailyRuns per mode.
_MAKERS: dict[str, Callable[[Context], DailyRuns]] = {}


def runs_of(ctx: Context, mode: RunMode[Any]) -> DailyRuns:
    """The app's runs of `mode`."""
    make = _MAKERS.setdefault(mode.key, lambda c: DailyRuns(c, mode))
    return ctx.part(make)
