"""The nightly fill: every game keeps its days ahead, then the public daily files are written.

    report = fill(store, settings, bundle, writer=DirWriter("dist"))

1. Each game's `nightly` hook (service/games/hooks.py) keeps its days ahead,
   as far as it needs (a game that makes its days keeps them through `ahead`
   days from now; its hook's docstring says what it keeps).
2. The public files of every date in play (somewhere on Earth, and the one before), and of the
   next date to begin, with the index through the newest date begun, are written
   (service/publish.py, `publish_days`), when a writer is given. On AWS the job runs at 23:00
   in the site's zone (again at 23:30); the next date begins at UTC+14 within a day of it, so it
   is staged before then: the CDN's release function refuses it until it begins (ops/release.py),
   and serves it from its first second. The report names the daily games whose next date isn't
   staged (`unstaged`), which the Lambda entry turns into the metric an alarm watches.
3. Expired rate-limit windows are pruned (DynamoDB's TTL does it there).

`python build.py fill` runs it locally; functions/handler.nightly on AWS;
`fill_if_needed` at `make serve` start-up.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from puzzlebook.calendar import next_to_begin, site_day
from service.games.hooks import FillReport, GameFill, NightlyRun, kept_through
from service.games.registry import every_game
from service.publish import Writer, publish_days, unstaged
from service.settings import Settings
from service.store.base import Store

if TYPE_CHECKING:
    from puzzlebook.chess.shards import Bundle

__all__ = [
    "AHEAD", "NIGHTLY_AT", "FillReport", "GameFill", "NightlyRun", "fill", "fill_if_needed", "next_nightly",
]

AHEAD = 31
# When the nightly runs, in the site's zone: infra/template.yaml's NightlySchedule on AWS (its
# default, which tests/test_infra_template.py holds to this), and `make serve`'s own loop
# (ops/server.py, NightlyLoop) while it runs.
NIGHTLY_AT = dt.time(23, 0)


def next_nightly(now: dt.datetime, tz: ZoneInfo) -> dt.datetime:
    """The first NIGHTLY_AT in zone `tz` after `now` (aware), as an aware UTC time.

    >>> next_nightly(dt.datetime(2026, 12, 5, 10, 0, tzinfo=dt.UTC), ZoneInfo("UTC")).isoformat()
    '2026-12-05T23:00:00+00:00'
    >>> next_nightly(dt.datetime(2026, 12, 5, 23, 0, tzinfo=dt.UTC), ZoneInfo("UTC")).isoformat()
    '2026-12-06T23:00:00+00:00'
    """
    local = now.astimezone(tz)
    at = dt.datetime.combine(local.date(), NIGHTLY_AT, tz)
    if at <= local:
        at = dt.datetime.combine(local.date() + dt.timedelta(days=1), NIGHTLY_AT, tz)
    return at.astimezone(dt.UTC)


def fill(
    store: Store,
    settings: Settings,
    bundle: Bundle,
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
    for _, hooks in every_game():
        hooks.nightly(run)
    if writer is not None:
        report.published = publish_days(store, settings, bundle, writer, now)
        report.unstaged = unstaged(report.published, next_to_begin(now))
    report.pruned = store.prune_expired(int(now.timestamp()))
    return report


def fill_if_needed(
    store: Store,
    settings: Settings,
    bundle: Bundle,
    *,
    writer: Writer | None = None,
    now: dt.datetime | None = None,
) -> FillReport | None:
    """For `make serve`: run `fill` when any game misses the days it needs ahead, else None."""
    now = now or dt.datetime.now(dt.UTC)
    today = site_day(settings.site_tz, now)
    through = kept_through(today, now)
    if not any(hooks.missing_ahead(store, settings, today, through) for _, hooks in every_game()):
        return None
    return fill(store, settings, bundle, writer=writer, now=now)
