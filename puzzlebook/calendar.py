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

# A real date written YYYY-MM-DD (ASCII digits, years 0001-9999, leap years by the Gregorian rule),
# as a regular expression that reads the same in Python and in JSON Schema (ECMA-262): the API's
# document states it as the pattern of every date, and parse_day accepts exactly what it matches.
_MONTH_DAY = (
    r"(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])"
    r"|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)"
    r"|02-(?:0[1-9]|1[0-9]|2[0-8])"
)
_LEAP_YEAR = r"[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00"
DATE_PATTERN = rf"(?!0000)[0-9]{{4}}-(?:{_MONTH_DAY})|(?:{_LEAP_YEAR})-02-29"
_DATE = re.compile(DATE_PATTERN)


def site_day(tz: ZoneInfo = UTC, now: dt.datetime | None = None) -> dt.date:
    """The date in `tz` at `now` (an aware datetime; the current time by default)."""
    moment = now or dt.datetime.now(tz=UTC)
    if moment.tzinfo is None:
        raise ValueError("site_day needs an aware datetime")
    return moment.astimezone(tz).date()


def released(day: dt.date, now: dt.datetime, zone: ZoneInfo = UTC) -> bool:
    """Whether `day` is out at `now` (aware): it has begun in `zone`. Before that, nothing dated
    `day` is served: its files at the CDN (the release function, ops/release.py), on the local
    server, and the API's dated routes.

    The zone is the site's today (SITE_TZ). A day that begins at each player's own midnight would
    be released where it begins first, the earliest zone (UTC+14): the same rule, another zone.

    >>> now = dt.datetime(2026, 11, 30, 23, 30, tzinfo=UTC)
    >>> released(dt.date(2026, 12, 1), now), released(dt.date(2026, 11, 30), now)
    (False, True)
    >>> released(dt.date(2026, 12, 1), now, ZoneInfo("Pacific/Kiritimati"))
    True
    """
    return day <= site_day(zone, now)


def local_date(now: dt.datetime, offset: int) -> dt.date:
    """The date at `now` (aware) for a player `offset` minutes east of UTC (the browser's
    lib/dates.js playerDay; tests/vectors/player_dates.json)."""
    if now.tzinfo is None:
        raise ValueError("local_date needs an aware datetime")
    return (now.astimezone(UTC) + dt.timedelta(minutes=offset)).date()


_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December")


def long_date(day: dt.date) -> str:
    """The day as the pages write it in full, in English whatever the machine's locale
    (lib/dates.js longDate; tests/vectors/dates.json).

    >>> long_date(dt.date(2025, 10, 19))
    'Sunday 19 October'
    """
    return f"{_WEEKDAYS[day.weekday()]} {day.day} {_MONTHS[day.month - 1]}"


def zone_offsets(tz: ZoneInfo, start: dt.datetime, end: dt.datetime) -> list[int]:
    """`tz`'s offsets from UTC between `start` and `end` (aware), for the pages' site day
    (lib/dates.js dayIn works it out from these by arithmetic, without a time-zone-aware
    Intl formatter: the costliest single task of a page's opening on a phone).

    Flat, as the page carries it: ``[t0, o0, t1, o1, ..., tn]``, where offset ``oi`` (seconds east
    of UTC) holds from ``ti`` up to ``t(i+1)`` (Unix seconds), ``t0`` is `start` and ``tn`` is `end`.
    Found a day at a time, then to the second: two transitions within a day of each other would
    be missed (no zone has had such a pair this century).

    >>> start, end = dt.datetime(2026, 1, 1, tzinfo=UTC), dt.datetime(2027, 1, 1, tzinfo=UTC)
    >>> zone_offsets(ZoneInfo("Europe/London"), start, end)
    [1767225600, 0, 1774746000, 3600, 1792890000, 0, 1798761600]
    """
    if start.tzinfo is None or end.tzinfo is None:
        raise ValueError("zone_offsets needs aware datetimes")
    first, last = int(start.timestamp()), int(end.timestamp())
    if last <= first:
        raise ValueError(f"zone_offsets: {end.isoformat()} is not after {start.isoformat()}")

    def offset(t: int) -> int:
        moment = dt.datetime.fromtimestamp(t, UTC).astimezone(tz)
        return int(moment.utcoffset().total_seconds())  # type: ignore[union-attr]

    table = [first, offset(first)]
    day, t = 86400, first
    while t < last:
        step = min(t + day, last)
        if offset(step) != table[-1]:
            low, high = t, step  # offset(low) is the last one, offset(high) the new one
            while high - low > 1:
                mid = (low + high) // 2
                low, high = (mid, high) if offset(mid) == table[-1] else (low, mid)
            table += [high, offset(high)]
        t = step
    return [*table, last]


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
    """A real date written YYYY-MM-DD (exactly DATE_PATTERN), or ValueError saying what was wrong.

    The same rule as the pages' parseDay (site/static/js/lib/dates.js), held
    to it by tests/vectors/dates.json.

    >>> parse_day("2028-02-29")
    datetime.date(2028, 2, 29)
    >>> parse_day("2026-09-31")
    Traceback (most recent call last):
    ValueError: '2026-09-31' is not a date written YYYY-MM-DD
    """
    if not isinstance(text, str) or not _DATE.fullmatch(text):
        raise ValueError(f"{text!r} is not a date written YYYY-MM-DD")
    return dt.date.fromisoformat(text)
