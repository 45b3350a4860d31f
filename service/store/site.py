"""Site-wide records: rate-limit windows, kept chess dailies, stored Chain days and their failures."""

from __future__ import annotations

import datetime as dt
from typing import Any

from service.store import keys as K
from service.store.items import (
    Add,
    Conflict,
    Item,
    Primitives,
    Put,
    StoreUnavailable,
    doc_of,
    make_item,
    utc_stamp,
)
from service.store.records import KeptDaily

# The heartbeat item outlives its last write by a day (then TTL, or SQLite's prune, removes it).
HEARTBEAT_LINGER = 86_400
# A rate-limit window's item lingers a day past its window before TTL may remove it;
# the window's start is in its key, so an item TTL hasn't removed yet is never misread.
RATE_LINGER = 86_400


class SiteRecords(Primitives):
    """Site-wide records (no player): rate windows, dailies, Chain days."""

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
        start = now_ts - now_ts % window
        op = Add(
            K.rate_window(name, who, start),
            K.RATE,
            {"n": 1},
            below=("n", limit),
            expires_at=start + window + RATE_LINGER,
        )
        try:
            self.transact([op])
        except Conflict:
            return max(1, start + window - now_ts)
        return None

    # ---- chess dailies --------------------------------------------------------------------

    def keep_daily(self, day: str, band: str, puzzle_id: str, rating: int) -> KeptDaily:
        """Keep `puzzle_id` as `band`'s daily on `day` unless one is kept already; the kept one stands."""
        doc = {"id": puzzle_id, "rating": rating}
        try:
            self.transact([Put(make_item(K.CHESS_DAILIES, K.chess_daily(day, band), doc), expect=0)])
        except Conflict:
            item = self.get_item(K.CHESS_DAILIES, K.chess_daily(day, band))
            if item is None:  # pragma: no cover - a kept daily is never deleted
                raise StoreUnavailable("a kept daily vanished") from None
            doc = doc_of(item)
        return KeptDaily(day, band, doc["id"], doc["rating"])

    def dailies_on(self, day: str) -> list[KeptDaily]:
        """The chess dailies kept for `day`, by band name."""
        return [_kept(it) for it in self.query_items(K.CHESS_DAILIES, prefix=f"{day}#")]

    def kept_dailies(self, first: str | None = None, last: str | None = None) -> list[KeptDaily]:
        """Every kept chess daily from `first` to `last` (inclusive; open-ended when None), by date."""
        low = first or "0000"
        high = f"{last}#~" if last else "9999"
        return [_kept(it) for it in self.query_items(K.CHESS_DAILIES, low=low, high=high)]

    # ---- chain days ------------------------------------------------------------------------

    def put_chain_day(self, day: str, row: dict[str, Any]) -> bool:
        """Store the generated row for `day`; False (and nothing changed) if that day is stored already."""
        try:
            self.transact([Put(make_item(K.CHAIN_DAYS, day, row), expect=0)])
        except Conflict:
            return False
        return True

    def chain_day(self, day: str) -> dict[str, Any] | None:
        """The stored row for `day`, or None."""
        item = self.get_item(K.CHAIN_DAYS, day)
        return doc_of(item) if item else None

    def chain_days(self, first: str | None = None, last: str | None = None) -> list[str]:
        """The dates with a stored Chain day, ascending, within `first`..`last` when given."""
        items = self.query_items(K.CHAIN_DAYS, low=first or "0000", high=last or "9999")
        return [it["SK"] for it in items]

    def chain_rows(
        self, first: str | None = None, last: str | None = None
    ) -> list[tuple[str, dict[str, Any]]]:
        """(date, row) of every stored Chain day within `first`..`last` when given, ascending."""
        items = self.query_items(K.CHAIN_DAYS, low=first or "0000", high=last or "9999")
        return [(it["SK"], doc_of(it)) for it in items]

    def last_chain_day(self) -> str | None:
        """The latest stored Chain date, or None."""
        items = self.query_items(K.CHAIN_DAYS, limit=1, reverse=True)
        return items[0]["SK"] if items else None

    def record_chain_failure(self, day: str, code: str, detail: str, now: dt.datetime) -> None:
        """Note that `day` failed generation or re-verification with `code` (the latest note stands)."""
        doc = {"code": code, "detail": detail, "at": utc_stamp(now)}
        self.transact([Put(make_item(K.CHAIN_FAILURES, day, doc))])

    def chain_failures(self) -> dict[str, dict[str, Any]]:
        """Every failed day: {date: {code, detail, at}}."""
        return {it["SK"]: doc_of(it) for it in self.query_items(K.CHAIN_FAILURES)}


def _kept(item: Item) -> KeptDaily:
    day, band = item["SK"].split("#", 1)
    doc = doc_of(item)
    return KeptDaily(day, band, doc["id"], doc["rating"])
