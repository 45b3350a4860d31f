"""The site day and the site's seeded numbers.

The site day is the date in SITE_TZ: a daily belongs to it, a streak counts in
it. Seeds are HMAC-SHA256 of the site key over a few text parts, so nobody
without the key can work out a pick ahead.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
from zoneinfo import ZoneInfo

UTC = ZoneInfo("UTC")


def site_day(tz: ZoneInfo = UTC, now: dt.datetime | None = None) -> dt.date:
    """The date in `tz` at `now` (an aware datetime; the current time by default)."""
    moment = now or dt.datetime.now(tz=UTC)
    if moment.tzinfo is None:
        raise ValueError("site_day needs an aware datetime")
    return moment.astimezone(tz).date()


def seed(key: bytes, *parts: str) -> int:
    """A 64-bit number from HMAC-SHA256(key, parts joined by ':').

    The same key and parts always give the same number; another key gives
    another, unguessable one.
    """
    digest = hmac.new(key, ":".join(parts).encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


def seeded_digest(key: bytes, *parts: str) -> bytes:
    """The whole HMAC-SHA256 digest, for orders that sort by it."""
    return hmac.new(key, ":".join(parts).encode(), hashlib.sha256).digest()


def parse_day(text: str) -> dt.date:
    """A YYYY-MM-DD date, or ValueError saying what was wrong."""
    try:
        if len(text) != 10:
            raise ValueError
        return dt.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise ValueError(f"{text!r} is not a date written YYYY-MM-DD") from None
