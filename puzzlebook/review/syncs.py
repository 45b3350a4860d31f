"""How many times a player posted their review this hour, counted in the review itself (docs/review.md,
"Posts an hour").

A post is counted in the review's own item, in the write that keeps what the post changed: one write,
where a rate window's item of its own made it two (issue 45). The rule is the one the store's rate
windows keep (service/store/site.py, `take_rate`): a **fixed** window of `window` seconds (the clock
hour), whose count starts again at zero when the next one begins; a post past `most` in a window is
refused until then. The record is {"w": the window's start (epoch seconds), "n": the posts counted in
it}; none (a review kept before the count was) or an earlier window's counts 0. Pure: the store keeps
the record (service/games/chess/review.py).

    >>> rule = Hourly(2)
    >>> r = rule.take(rule.take(None, 7000), 7100)
    >>> r, rule.counted(r, 7199)
    ({'w': 3600, 'n': 2}, 2)
    >>> rule.take(r, 7150)                      # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    puzzlebook.rolling.Full: 50
    >>> rule.take(r, 7200)                      # the next hour starts at zero
    {'w': 7200, 'n': 1}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from puzzlebook.rolling import Full

HOUR = 3600


@dataclass(frozen=True, slots=True)
class Hourly:
    """At most `most` uses in each fixed window of `window` seconds (windows start at multiples of it)."""

    most: int
    window: int = HOUR

    def start(self, now_ts: int) -> int:
        """The start of the window holding `now_ts`."""
        return now_ts - now_ts % self.window

    def counted(self, record: Mapping[str, Any] | None, now_ts: int) -> int:
        """The uses `record` holds in the window of `now_ts` (a record of a later window, written by a
        clock a moment ahead of this one, counts too: its uses are not over)."""
        if not record or int(record.get("w", 0)) < self.start(now_ts):
            return 0
        return int(record.get("n", 0))

    def take(self, record: Mapping[str, Any] | None, now_ts: int) -> dict[str, Any]:
        """The record with one more use at `now_ts`; Full(wait) when `most` are counted in its window
        already (`wait`: the seconds until that window ends, at least 1: a refusal's Retry-After)."""
        start = self.start(now_ts)
        n = self.counted(record, now_ts)
        if n:
            start = max(start, int(record.get("w", 0)) if record else 0)
        if n >= self.most:
            raise Full(max(1, start + self.window - now_ts))
        return {"w": start, "n": n + 1}


__all__ = ["HOUR", "Full", "Hourly"]
