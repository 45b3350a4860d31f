"""The nightly fill: every game keeps its days ahead, then the public daily files are written.

    report = fill(store, settings, bundle, writer=DirWriter("dist"))

1. Each game with a `nightly` hook (service/games/__init__.py) keeps its days
   ahead, as far as it needs (a game that makes its days keeps them through
   `ahead` days from now; its hook's docstring says what it keeps).
2. The public files of yesterday and today, and the index, are written
   (service/publish.py), when a writer is given: never tomorrow's (the job runs
   at the turn of the site day, so today's appear as the day begins).
3. Expired rate-limit windows are pruned (DynamoDB's TTL does it there).

`python build.py fill` runs it locally; functions/handler.nightly on AWS;
`fill_if_needed` at `make serve` start-up.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from puzzlebook.calendar import site_day
from service.games import with_hook
from service.publish import Writer, publish_days
from service.settings import Settings
from service.store.base import Store

AHEAD = 31


@dataclass
class GameFill:
    """What the fill did for one game: days stored, days that failed (by failure code), slots kept."""

    stored: list[str] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)
    kept: int = 0


@dataclass
class FillReport:
    """What one fill did: per game, then the files written and the windows pruned."""

    today: str
    games: dict[str, GameFill] = field(default_factory=dict)
    published: list[str] = field(default_factory=list)
    pruned: int = 0

    def game(self, key: str) -> GameFill:
        """The figures of game `key` (made on first use)."""
        return self.games.setdefault(key, GameFill())

    def summary(self) -> str:
        parts = []
        for key, done in self.games.items():
            failed = ", ".join(f"{d} ({c})" for d, c in sorted(done.failed.items())) or "none"
            stored, kept = len(done.stored), done.kept
            parts.append(f"{key}: stored {stored} day(s), kept {kept} slot(s), failed: {failed}")
        games = "; ".join(parts) or "nothing to keep"
        return f"site day {self.today}: {games}; wrote {len(self.published)} file(s)"


@dataclass(frozen=True)
class NightlyRun:
    """What a game's nightly hook works with; it adds its figures to `report.game(key)`."""

    store: Store
    settings: Settings
    bundle: Any
    today: dt.date
    now: dt.datetime
    ahead: int
    report: FillReport


def fill(
    store: Store,
    settings: Settings,
    bundle: Any,
    *,
    writer: Writer | None = None,
    now: dt.datetime | None = None,
    ahead: int = AHEAD,
) -> FillReport:
    """Run the nightly job at `now` (default: the current time). Safe to run again: it only adds."""
    now = now or dt.datetime.now(dt.UTC)
    today = site_day(settings.site_tz, now)
    report = FillReport(today=today.isoformat())
    run = NightlyRun(store, settings, bundle, today, now, ahead, report)
    for _, hooks in with_hook("nightly"):
        hooks.nightly(run)
    if writer is not None:
        report.published = publish_days(store, settings, bundle, writer, today)
    report.pruned = store.prune_expired(int(now.timestamp()))
    return report


def fill_if_needed(
    store: Store,
    settings: Settings,
    bundle: Any,
    *,
    writer: Writer | None = None,
    now: dt.datetime | None = None,
) -> FillReport | None:
    """For `make serve`: run `fill` when any game misses the days it needs ahead, else None."""
    now = now or dt.datetime.now(dt.UTC)
    today = site_day(settings.site_tz, now)
    if not any(hooks.missing_ahead(store, settings, today) for _, hooks in with_hook("missing_ahead")):
        return None
    return fill(store, settings, bundle, writer=writer, now=now)
