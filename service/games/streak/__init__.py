"""Streak's part of the service layer: each day's run kept on first need, and published on its day.

As Storm's (service/games/storm/): a day's run is picked by puzzlebook.streak.run.pick_run and kept
by the store the first time anything needs it (the nightly fill the evening before, the site build,
a player starting a run); the first pick stands. Its public file, daily/streak/<date>.json, is
staged by that nightly (service/publish.py: the CDN refuses it until its day begins,
ops/release.py). The site build calls `daily_files` through today and `keep_through` through
tomorrow, so Streak keeps runs a day short of that `last`. The file holds the run's puzzles as the
shards hold them ([id, fen, moves, rating]: nothing the shards don't already publish, themes left
out); only which puzzles, in which order, is new, and that only on its day.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from puzzlebook.streak.run import FIRST_DAY, pick_run
from service.encoding import json_bytes
from service.games.hooks import GameHooks, NightlyRun
from service.games.streak import keys as XK
from service.games.streak.records import KeptStreakRun, StreakRecords
from service.settings import Settings
from service.store.base import Store

if TYPE_CHECKING:
    from puzzlebook.chess.shards import Bundle
    from service.store.boards import BoardSpec

KEY = "streak"


def ensure_run(store: Store, settings: Settings, bundle: Bundle, day: dt.date) -> KeptStreakRun:
    """The run of `day`, picked and kept now if it wasn't (ValueError before FIRST_DAY)."""
    records = StreakRecords(store)
    kept = records.run_of(day.isoformat())
    if kept is not None:
        return kept
    puzzles = pick_run(day, key=settings.site_key, bundle=bundle)
    return records.keep_run(day.isoformat(), bundle.version, puzzles)


def path(day: str) -> str:
    return f"daily/streak/{day}.json"


def day_file(kept: KeptStreakRun, bundle: Bundle) -> dict[str, Any]:
    """{date, bundle, puzzles: [[id, fen, moves, rating], ...]}: the run in order, as the shards have it."""
    rows = []
    for p in kept.puzzles:
        row = bundle.row(p.band, p.id)
        if row is None:  # a kept run's puzzles are the bundle's: a bundle only ever adds puzzles
            raise ValueError(f"the bundle no longer has {p.band} puzzle {p.id} of the {kept.day} Streak run")
        rows.append([p.id, row[1], row[2], p.rating])
    return {"date": kept.day, "bundle": kept.bundle, "puzzles": rows}


class StreakHooks(GameHooks):
    """Streak's hooks: each day's run kept the evening before (and through the day before the
    build's `last`), and its daily files."""

    key = KEY
    item_prefixes = XK.ITEM_PREFIXES
    board_paths: ClassVar[Mapping[str, str]] = {
        "streak/daily": XK.DAILY_BOARD_PATH,
        "streak/best": "/boards/streak/best",
    }

    def nightly(self, run: NightlyRun) -> None:
        """Keep today's run and tomorrow's (its file is staged tonight)."""
        for day in (run.today, run.today + dt.timedelta(days=1)):
            if day >= FIRST_DAY:
                ensure_run(run.store, run.settings, run.bundle, day)
                run.report.game(KEY).kept += 1

    def keep_through(self, store: Store, settings: Settings, bundle: Bundle, last: dt.date) -> None:
        """Keep every day's run from FIRST_DAY up to the day before `last` (today, for the build)."""
        day, end = FIRST_DAY, last - dt.timedelta(days=1)
        while day <= end:
            ensure_run(store, settings, bundle, day)
            day += dt.timedelta(days=1)

    def missing_ahead(self, store: Store, settings: Settings, today: dt.date) -> bool:
        days = (today, today + dt.timedelta(days=1))
        return any(day >= FIRST_DAY and StreakRecords(store).run_of(day.isoformat()) is None for day in days)

    def daily_files(self, store: Store, bundle: Bundle, first: str | None, last: str) -> dict[str, bytes]:
        """Each kept run's public file, from `first` through `last` (today: module docstring)."""
        return {path(k.day): json_bytes(day_file(k, bundle)) for k in StreakRecords(store).runs(first, last)}

    def published(self, store: Store, last: str) -> list[str]:
        return [k.day for k in StreakRecords(store).runs(None, last)]

    def board_spec(
        self, store: Store, board: str, day: str | None, band: str | None, me: str | None, today: dt.date
    ) -> BoardSpec | None:
        if band is not None:
            return None
        if board == "streak/daily" and day:
            return StreakRecords(store).daily_spec(day, me)
        if board == "streak/best":
            return StreakRecords(store).best_spec(me)
        return None
