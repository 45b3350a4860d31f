"""What the API and the jobs work with: the store, the settings, the clock and the site day.

One Context per app (functions.app.create_app makes it; routes get it through their one
dependency in functions/deps.py). The clock is injectable so tests can post "on" any site day.
It names no game: what a game keeps for the app's life (chess: its bundle, its dailies
remembered) is the game's own part, made on first use by `part` (service/games/chess/puzzles.py).
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from puzzlebook.calendar import site_day
from service.settings import Settings

if TYPE_CHECKING:
    from service.store.base import Store

T = TypeVar("T")


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


@dataclass
class Context:
    """The store, settings and clock one app works with, and the parts its games keep for its life."""

    store: Store
    settings: Settings
    clock: Callable[[], dt.datetime] = utc_now
    _parts: dict[Any, Any] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def now(self) -> dt.datetime:
        """The current time (aware)."""
        return self.clock()

    def today(self) -> dt.date:
        """The site day: today's date in SITE_TZ."""
        return site_day(self.settings.site_tz, self.clock())

    def part(self, make: Callable[[Context], T]) -> T:
        """The app's one `make(self)` (a game's part, by its class), made on first use and kept."""
        found = self._parts.get(make)
        if found is None:
            with self._lock:
                found = self._parts.get(make)
                if found is None:
                    found = self._parts[make] = make(self)
        result: T = found
        return result
