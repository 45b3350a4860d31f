"""What never changes once kept, read from the store once per app and day: an app is a Lambda
container or the local server, so at midnight each container reads the new day's item once, not
every request (a Chain day, a Storm run, the chess dailies: docs/operations.md, "Midnight").

    memo = DayMemo[KeptRun]()
    memo.get("2026-12-01", lambda: records.run_of("2026-12-01"))   # the store once; then the memo

Only what was found is remembered (None, "not kept yet", is asked again next time), and only the
newest days: a request is about today, yesterday just after midnight, or now and then an archive day.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

V = TypeVar("V")

# Today and yesterday are what posts need; the rest is room for archive days read meanwhile.
DAYS_REMEMBERED = 8


class DayMemo(Generic[V]):
    """Values by day (YYYY-MM-DD) that never change once found; at most `days` of them, the newest."""

    def __init__(self, days: int = DAYS_REMEMBERED) -> None:
        self.days = days
        self._found: dict[str, V] = {}
        self._lock = threading.Lock()

    def known(self, day: str) -> V | None:
        """The value remembered for `day`, or None."""
        return self._found.get(day)

    def get(self, day: str, read: Callable[[], V | None]) -> V | None:
        """The value of `day`: remembered, else `read()` (remembered when it isn't None)."""
        found = self._found.get(day)
        if found is not None:
            return found
        value = read()
        if value is not None:
            self.put(day, value)
        return value

    def put(self, day: str, value: V) -> None:
        """Remember `value` as `day`'s (the oldest day goes when there are more than `days`)."""
        with self._lock:
            self._found[day] = value
            while len(self._found) > self.days:
                del self._found[min(self._found)]
