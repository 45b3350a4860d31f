"""What every request needs: the store, the settings, the chess bundle, the clock and the site day.

One Context per app (create_app makes it; routes get it with `context(request)`).
The clock is injectable so tests can post "on" any site day.
"""

from __future__ import annotations

import datetime as dt
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import Request

from puzzlebook.calendar import site_day
from puzzlebook.settings import Settings

if TYPE_CHECKING:
    from functions.store.base import Store
    from puzzlebook.chess.puzzle import Puzzle
    from puzzlebook.chess.shards import Bundle

ROOT = Path(__file__).resolve().parent.parent


def shards_root() -> Path:
    """The committed chess bundle: PUZZLEBOOK_SHARDS if set, else the project's shards/."""
    return Path(os.environ.get("PUZZLEBOOK_SHARDS") or ROOT / "shards")


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


@dataclass
class Context:
    """The store, settings, bundle and clock one app works with."""

    store: Store
    settings: Settings
    clock: Callable[[], dt.datetime] = utc_now
    bundle_root: Path = field(default_factory=shards_root)
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
                    self._bundle = Bundle(self.bundle_root)
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
        from functions.dailies import ensure_dailies

        kept = ensure_dailies(self.store, self.settings, self.bundle, day)
        found = {d.band: d.id for d in kept}
        self._dailies[key] = found
        if len(self._dailies) > 8:  # only today and yesterday matter; keep the memo small
            self._dailies.pop(next(iter(self._dailies)))
        return found


def context(request: Request) -> Context:
    """The app's Context, from inside a route."""
    ctx: Any = request.app.state.ctx
    return ctx
