"""Chain's part of the service layer: its days stored ahead, its daily files, its health.

Stored days begin at FIRST_DAY (the archive has the autumn of 2026 from the start)
and never change, so a new engine version only reaches days not yet stored. A day that
failed generation or re-verification is recorded by its failure code, never stored, so
never published.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from puzzlebook.daily_stats import DayResult
from service.encoding import json_bytes
from service.games.chain import keys as CK
from service.games.chain.records import ChainRecords, daily_entry_of
from service.games.hooks import GameHooks, NightlyRun
from service.settings import Settings
from service.store.base import Store
from service.store.records import Board

if TYPE_CHECKING:
    from puzzlebook.chess.shards import Bundle
    from puzzlebook.places import BoardEntry
    from puzzlebook.streaks import Streak
    from service.context import Context
    from service.store.boards import BoardSpec

KEY = "chain"
FIRST_DAY = dt.date(2026, 9, 1)
# `make serve` fills first when any of the next SERVE_AHEAD days is missing.
SERVE_AHEAD = 7
GENERATION_FAILED = "generation_failed"


def path(day: str) -> str:
    return f"daily/chain/{day}.json"


class ChainHooks(GameHooks):
    """Chain's hooks: its days stored ahead, its daily files, its health, its streak board."""

    key = KEY
    item_prefixes = CK.ITEM_PREFIXES
    board_prefixes = CK.BOARDS
    board_paths: ClassVar[Mapping[str, str]] = {
        "chain/daily": CK.DAILY_BOARD_PATH,
        "chain/streaks": "/boards/streaks/chain",
    }

    def nightly(self, run: NightlyRun) -> None:
        """Store every day from FIRST_DAY to `run.ahead` days after today that is neither stored nor
        failed."""
        from puzzlebook.chain.generate import GenerationError, VerifyError, generate, verify

        store, done_report = run.store, run.report.game(KEY)
        through = run.today + dt.timedelta(days=run.ahead)
        done = set(ChainRecords(store).chain_days(FIRST_DAY.isoformat(), through.isoformat()))
        done |= set(ChainRecords(store).chain_failures())
        day = FIRST_DAY
        while day <= through:
            text = day.isoformat()
            if text not in done:
                try:
                    row = generate(day)
                    verify(row)
                except GenerationError as exc:
                    ChainRecords(store).record_chain_failure(text, GENERATION_FAILED, str(exc), run.now)
                    done_report.failed[text] = GENERATION_FAILED
                except VerifyError as exc:
                    ChainRecords(store).record_chain_failure(text, exc.code, str(exc), run.now)
                    done_report.failed[text] = exc.code
                else:
                    if ChainRecords(store).put_chain_day(text, row):
                        done_report.stored.append(text)
            day += dt.timedelta(days=1)

    def missing_ahead(self, store: Store, settings: Settings, today: dt.date, through: dt.date) -> bool:
        ahead = max(SERVE_AHEAD, (through - today).days)
        wanted = {(today + dt.timedelta(days=k)).isoformat() for k in range(1, ahead + 1)}
        last = (today + dt.timedelta(days=ahead)).isoformat()
        records = ChainRecords(store)
        have = set(records.chain_days(today.isoformat(), last)) | set(records.chain_failures())
        return not wanted <= have

    def daily_files(self, store: Store, bundle: Bundle, first: str | None, last: str) -> dict[str, bytes]:
        """Each stored day's public file: exactly generate.public(row), nothing of its answer."""
        from puzzlebook.chain.generate import public

        rows = ChainRecords(store).chain_rows(first, last)
        return {path(day): json_bytes(public(row)) for day, row in rows}

    def published(self, store: Store, last: str) -> list[str]:
        return ChainRecords(store).chain_days(None, last)

    def health(self, store: Store, today: dt.date) -> str | None:
        tomorrow = (today + dt.timedelta(days=1)).isoformat()
        if ChainRecords(store).chain_day(tomorrow) is None:
            last = ChainRecords(store).last_chain_day()
            return (
                f"Tomorrow’s Chain ({tomorrow}) isn’t stored (last stored day: {last or 'none'}); "
                "run the nightly fill (python build.py fill)."
            )
        return None

    def streak(self, store: Store, pid: str) -> Streak:
        return ChainRecords(store).stats(pid).streak

    def daily_results(self, ctx: Context, pid: str, first: dt.date, last: dt.date) -> list[DayResult]:
        return ChainRecords(ctx.store).daily_results(pid, first.isoformat(), last.isoformat())

    def streak_board(self, store: Store, today: dt.date, me: str | None) -> Board:
        return ChainRecords(store).streak_board(today, me)

    def daily_entry(self, pid: str, item: dict[str, Any]) -> BoardEntry | None:
        return daily_entry_of(pid, item)

    def board_spec(
        self, ctx: Context, board: str, day: str | None, band: str | None, me: str | None, today: dt.date
    ) -> BoardSpec | None:
        if band is not None:
            return None
        if board == "chain/daily" and day:
            return ChainRecords(ctx.store).daily_spec(day, me)
        if board == "chain/streaks":
            return ChainRecords(ctx.store).streak_spec(today, me)
        return None
