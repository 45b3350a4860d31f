"""Rolling limits: at most so many uses in any stretch of so many seconds, not per clock hour.

A fixed window starts again at every turn of the hour, so a client can use a whole hour's allowance
in the last minute before it and another in the first minute after (issue 26: 300 rated results in
41 s across hh:59:20, against a cap of 150 an hour). A `Rolling` rule counts uses in small buckets of
`step` seconds, each with the time of its latest use, and at each use adds up every bucket whose
latest use is within the last `window` seconds: so in no stretch of `window` seconds are there more
than `most` uses, wherever it starts. A bucket leaves the count once its latest use is `window`
seconds old, so the rule is exact but for a bucket whose uses straddle that edge (counted whole: at
most `step` seconds more wait). The record holds window / step + 1 buckets at most (61 for an hour
in minutes: a few hundred bytes).

The record is {"t": the first bucket's number, "n": [a count per bucket from it], "l": [each bucket's
latest use, in seconds from its start]}, a bucket's number being seconds // step. Pure: the store
keeps the record (service/store/site.py, `RollingCap`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


class Full(Exception):
    """The rule's limit is reached: the next use is allowed in `wait` seconds (at least 1)."""

    def __init__(self, wait: int) -> None:
        super().__init__(wait)
        self.wait = wait


@dataclass(frozen=True, slots=True)
class Rolling:
    """At most `most` uses in any `window` seconds, counted in buckets of `step` seconds."""

    most: int
    window: int
    step: int = 60

    def _buckets(self, record: Mapping[str, Any] | None, now_ts: int) -> tuple[int, list[int], list[int]]:
        """(first bucket, counts, latest uses) of the buckets up to the current one that still have a
        use within the last `window` seconds (the others are left out, as zeros)."""
        first = (now_ts - self.window) // self.step
        current = now_ts // self.step
        counts = [0] * (current - first + 1)
        latest = [0] * (current - first + 1)
        if record:
            start = int(record.get("t", 0))
            lasts = list(record.get("l") or [])
            for k, n in enumerate(record.get("n") or []):
                bucket = start + k
                last = int(lasts[k]) if k < len(lasts) else self.step - 1
                if first <= bucket <= current and bucket * self.step + last > now_ts - self.window:
                    counts[bucket - first] = int(n)
                    latest[bucket - first] = last
        return first, counts, latest

    def counted(self, record: Mapping[str, Any] | None, now_ts: int) -> int:
        """The uses `record` holds in buckets whose latest use is within the last `window` seconds.

        >>> rule = Rolling(3, 3600)
        >>> r = {"t": 0, "n": [2, 1], "l": [0, 30]}  # two at 0 s, one at 90 s
        >>> rule.counted(r, 3599), rule.counted(r, 3600), rule.counted(r, 3690)
        (3, 1, 0)
        """
        return sum(self._buckets(record, now_ts)[1])

    def take(self, record: Mapping[str, Any] | None, now_ts: int) -> dict[str, Any]:
        """The record with one more use at `now_ts`; Full(wait) when `most` are counted already
        (`wait`: the seconds until enough of them are `window` seconds old for one more).

        >>> rule = Rolling(2, 3600)
        >>> r = rule.take(rule.take(None, 3599), 3599)  # two at the end of one clock hour
        >>> rule.take(r, 3601)                          # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        puzzlebook.rolling.Full: 3598
        >>> rule.counted(rule.take(r, 7199), 7199)      # an hour after them, they have left it
        1
        """
        first, counts, latest = self._buckets(record, now_ts)
        total = sum(counts)
        if total >= self.most:
            for k, n in enumerate(counts):
                total -= n
                if n and total < self.most:
                    # Bucket first + k leaves the count once its latest use is `window` seconds old.
                    raise Full(max(1, (first + k) * self.step + latest[k] + self.window - now_ts))
        counts[-1] += 1
        latest[-1] = now_ts % self.step
        # Keep the record short: no empty buckets first (the last has this use). One slice, not a
        # pop(0) per empty bucket: a player's first use of the hour had 60 of each to drop. The first
        # bucket with a use is found in C (the first count that isn't 0, then where it first is), not
        # by a generator stepping over up to 60 empty ones.
        skip = counts.index(next(filter(None, counts)))
        return {"t": first + skip, "n": counts[skip:], "l": latest[skip:]}
