"""The nightly fill: Chain days stored ahead, chess dailies kept, the public daily files written.

    report = fill(store, settings, bundle, writer=DirWriter("dist"))

1. Chain: every day from CHAIN_FROM to AHEAD days after today is stored once:
   generated, re-verified, and kept; a day that fails generation or
   re-verification is recorded by its failure code and skipped (never
   published; an operator clears the record to try it again). Stored days
   never change, so a new engine version only reaches days not yet stored.
2. Chess: every day from EPOCH to tomorrow has its dailies picked and kept
   (the first pick stands).
3. The public files of yesterday, today and tomorrow, and the index, are
   written (service/publish.py), when a writer is given.

`python build.py fill` runs it locally; functions/handler.nightly on AWS;
`fill_if_needed` at `make serve` start-up.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from puzzlebook.calendar import site_day
from puzzlebook.chess.daily import EPOCH
from service.dailies import fill_dailies
from service.publish import Writer, publish_days
from service.settings import Settings
from service.store.base import Store

# Where stored Chain days begin: the archive has the autumn of 2026 from the start.
CHAIN_FROM = dt.date(2026, 9, 1)
AHEAD = 31
SERVE_AHEAD = 7
GENERATION_FAILED = "generation_failed"


@dataclass
class FillReport:
    """What one fill did: Chain days stored and failed, chess dailies kept, files written."""

    today: str
    chain_stored: list[str] = field(default_factory=list)
    chain_failed: dict[str, str] = field(default_factory=dict)
    dailies: int = 0
    published: list[str] = field(default_factory=list)
    pruned: int = 0

    def summary(self) -> str:
        failed = ", ".join(f"{d} ({c})" for d, c in sorted(self.chain_failed.items())) or "none"
        return (
            f"site day {self.today}: stored {len(self.chain_stored)} Chain day(s), failed: {failed}; "
            f"{self.dailies} chess daily slot(s) kept through tomorrow; wrote {len(self.published)} file(s)"
        )


def fill_chain(store: Store, through: dt.date, now: dt.datetime, report: FillReport) -> None:
    """Store every Chain day from CHAIN_FROM to `through` that is neither stored nor failed."""
    from puzzlebook.chain.generate import GenerationError, VerifyError, generate, verify

    done = set(store.chain_days(CHAIN_FROM.isoformat(), through.isoformat()))
    done |= set(store.chain_failures())
    day = CHAIN_FROM
    while day <= through:
        text = day.isoformat()
        if text not in done:
            try:
                row = generate(day)
                verify(row)
            except GenerationError as exc:
                store.record_chain_failure(text, GENERATION_FAILED, str(exc), now)
                report.chain_failed[text] = GENERATION_FAILED
            except VerifyError as exc:
                store.record_chain_failure(text, exc.code, str(exc), now)
                report.chain_failed[text] = exc.code
            else:
                if store.put_chain_day(text, row):
                    report.chain_stored.append(text)
        day += dt.timedelta(days=1)


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
    fill_chain(store, today + dt.timedelta(days=ahead), now, report)
    tomorrow = today + dt.timedelta(days=1)
    report.dailies = len(fill_dailies(store, settings, bundle, EPOCH, tomorrow))
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
    """For `make serve`: run `fill` when any of the next SERVE_AHEAD days is missing, else None."""
    now = now or dt.datetime.now(dt.UTC)
    today = site_day(settings.site_tz, now)
    wanted = {(today + dt.timedelta(days=k)).isoformat() for k in range(1, SERVE_AHEAD + 1)}
    last = (today + dt.timedelta(days=SERVE_AHEAD)).isoformat()
    have = set(store.chain_days(today.isoformat(), last)) | set(store.chain_failures())
    tomorrow = today + dt.timedelta(days=1)
    dailies_kept = {d.day for d in store.kept_dailies(today.isoformat(), tomorrow.isoformat())}
    if wanted <= have and tomorrow.isoformat() in dailies_kept:
        return None
    return fill(store, settings, bundle, writer=writer, now=now)
