"""What the API and the jobs work with: the store, the settings, the chess bundle, the clock and the site day.

One Context per app (functions.app.create_app makes it; routes get it through the
dependency in functions/deps.py). The clock is injectable so tests can post "on" any site day.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from puzzlebook.calendar import site_day
from service.settings import Settings

if TYPE_CHECKING:
    from puzzlebook.chess.puzzle import Puzzle
    from puzzlebook.chess.shards import Bundle
    from service.store.base import Store

def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


@dataclass
class Context:
    """The store, settings, bundle and clock one app works with."""

    store: Store
    settings: Settings
    clock: Callable[[], dt.datetime] = utc_now
    bundle_root: Path | None = None  # default: settings.shards
    _bundle: Bundle | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _dailies: dict[str, dict[str, str]] = field(default_factory=dict)

    def now(self) -> dt.datetime:
        """The current time (aware)."""
        return self.clock()

    def today(self) -> dt.date:
        """The site day: today's date in SITE_TZ."""
        return site_day(self.settings.site_tz, self.clock())

    @property
    def bundle(self) -> Bundle:
        """The chess bundle, opened on first use."""
        if self._bundle is None:
            from puzzlebook.chess.shards import Bundle

            with self._lock:
                if self._bundle is None:
                    self._bundle = Bundle(self.bundle_root or self.settings.shards)
        return self._bundle

    def puzzle(self, band: str, puzzle_id: str) -> Puzzle | None:
        """The puzzle `puzzle_id` of `band` in the bundle, or None."""
        from puzzlebook.chess.puzzle import Puzzle

        row = self.bundle.row(band, puzzle_id)
        return Puzzle.from_row(row, band) if row else None

    def dailies(self, day: dt.date) -> dict[str, str]:
        """{band: puzzle id} of `day`'s chess dailies, picking and keeping them if the nightly hasn't.

        Kept dailies never change, so a day's answer is remembered once complete.
        """
        key = day.isoformat()
        known = self._dailies.get(key)
        if known is not None:
            return known
        from service.games.chess.dailies import ensure_dailies

        kept = ensure_dailies(self.store, self.settings, self.bundle, day)
        found = {d.band: d.id for d in kept}
        self._dailies[key] = found
        if len(self._dailies) > 8:  # only today and yesterday matter; keep the memo small
            self._dailies.pop(next(iter(self._dailies)))
        return found
