"""Chain's days as an app reads them: a stored day never changes, so each is read from the store once
per app (service/kept.py).

    chain_days_of(ctx).day("2026-12-01")   # the stored row, or None
"""

from __future__ import annotations

from typing import Any

from service.context import Context
from service.games.chain.records import ChainRecords
from service.kept import DayMemo


class ChainDays:
    """The stored Chain days one app (`ctx`) has read."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._days = DayMemo[dict[str, Any]]()

    def day(self, day: str) -> dict[str, Any] | None:
        """The stored row of `day` (shared: never change it), or None when none is stored."""
        return self._days.get(day, lambda: ChainRecords(self.ctx.store).chain_day(day))


def chain_days_of(ctx: Context) -> ChainDays:
    """The app's Chain days."""
    return ctx.part(ChainDays)
