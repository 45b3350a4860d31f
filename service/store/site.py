"""Site-wide records: rate-limit windows (fixed, and rolling) and the health heartbeat."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from puzzlebook.rolling import Full, Rolling
from service.store import keys as K
from service.store.items import (
    Add,
    Conflict,
    Item,
    Key,
    Op,
    Primitives,
    Put,
    doc_of,
    make_item,
    utc_stamp,
    version_of,
)

# The heartbeat item outlives its last write by a day (then TTL, or SQLite's prune, removes it).
HEARTBEAT_LINGER = 86_400
# A rate-limit window's item lingers a day past its window before TTL may remove it;
# the window's start is in its key, so an item TTL hasn't removed yet is never misread.
RATE_LINGER = 86_400


class SiteRecords(Primitives):
    """Site-wide records (no player): the heartbeat and rate windows."""

    # ---- health ---------------------------------------------------------------------------

    def heartbeat(self, now: dt.datetime) -> None:
        """Write the heartbeat item (one item, overwritten, expiring a day later): proof that the store
        takes writes now. StoreUnavailable (or StoreGone) when it doesn't."""
        stamp = utc_stamp(now)
        expires = int(now.timestamp()) + HEARTBEAT_LINGER
        self.transact([Put(make_item(K.HEALTH, K.HEARTBEAT, {"at": stamp}, expires_at=expires))])

    # ---- rate limits --------------------------------------------------------------------

    def take_rate(self, name: str, who: str, *, limit: int, window: int, now_ts: int) -> int | None:
        """Count one use of `name` by `who` in the current fixed window of `window` seconds.

        None when allowed; when `limit` uses were already counted in this
        window, the seconds until the window ends (for Retry-After).
        """
        try:
            self.transact([rate_count(name, who, window=window, now_ts=now_ts, below=limit)])
        except Conflict:
            return rate_wait(window, now_ts)
        return None

    def take_rolling(self, *caps: RollingCap) -> int | None:
        """Count one use under each rolling limit (`caps`), all or none: None when allowed; when a
        limit is reached, the seconds until one more is allowed under all of them (for Retry-After),
        and nothing counted."""

        def decide(got: dict[Key, Item]) -> tuple[int | None, list[Op]]:
            ops: list[Op] = []
            waits = []
            for cap in caps:
                try:
                    ops += cap.ops(got)
                except Full as full:
                    waits.append(full.wait)
            return (max(waits), []) if waits else (None, ops)

        wait: int | None = self.settle([cap.key for cap in caps], decide)
        return wait


@dataclass(frozen=True, slots=True)
class RollingCap:
    """A rolling limit (puzzlebook.rolling) on `who`'s uses of `name`, kept in one small item. Read
    `key` with whatever else a write reads; `ops(got)` is the write counting one more use, on the
    version read (Full when the limit is reached), so a use and what it pays for are one transaction."""

    name: str
    who: str
    rule: Rolling
    now_ts: int

    @property
    def key(self) -> Key:
        return K.rolling_window(self.name, self.who), K.ROLLING

    def ops(self, got: dict[Key, Item]) -> list[Op]:
        item = got.get(self.key)
        record = self.rule.take(doc_of(item) if item is not None else None, self.now_ts)
        version = version_of(item)
        # Gone once every bucket in it has left the window (TTL, or SQLite's prune).
        expires = self.now_ts + self.rule.window + self.rule.step
        return [Put(make_item(*self.key, record, version=version + 1, expires_at=expires), expect=version)]


def rate_key(name: str, who: str, *, window: int, now_ts: int) -> tuple[str, str]:
    """The key of the item counting uses of `name` by `who` in the window of `window` seconds
    holding `now_ts`: the window's start is in the key, so a new window starts at zero."""
    return K.rate_window(name, who, now_ts - now_ts % window), K.RATE


def rate_count(name: str, who: str, *, window: int, now_ts: int, below: int | None = None) -> Add:
    """The write counting one use in that window (refused, Conflict, with `below` uses counted already)."""
    start = now_ts - now_ts % window
    return Add(
        *rate_key(name, who, window=window, now_ts=now_ts),
        {"n": 1},
        below=("n", below) if below is not None else None,
        expires_at=start + window + RATE_LINGER,
    )


def rate_wait(window: int, now_ts: int) -> int:
    """Seconds until the window holding `now_ts` ends (at least 1): a refusal's Retry-After."""
    return max(1, window - now_ts % window)
