"""The site day and the site's seeded numbers.

The site day is the date in SITE_TZ: a daily belongs to it, a streak counts in
it. Seeds are HMAC-SHA256 of the site key over a few text parts, so nobody
without the key can work out a pick ahead.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import re
from zoneinfo import ZoneInfo

UTC = ZoneInfo("UTC")

# Only YYYY-MM-DD in ASCII digits: fromisoformat alone also takes ISO week
# dates ("2026-W40-1") and other forms the browser's parseDay refuses.
_DAY_FORM = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


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
    """A real day written YYYY-MM-DD, or ValueError saying what was wrong.

    The same rule as the pages' parseDay (site/static/js/lib/dates.js), held
    to it by tests/vectors/dates.json.
    """
    try:
        if not _DAY_FORM.fullmatch(text):
            raise ValueError
        return dt.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise ValueError(f"{text!r} is not a date written YYYY-MM-DD") from None
