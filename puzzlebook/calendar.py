"""Dates: each player's own, the site's, and the site's seeded numbers.

A player's date is the date in their own zone (the browser's), which a page says as it opens a
puzzle (`players_date` believes it when it can be the date there now). A date is out once it has
begun in the earliest zone (`released`), and over once it has ended in the latest (`ended_everywhere`).
The site day, the date in SITE_TZ, is the operator's: the nightly job and the reports count in it.
Seeds are HMAC-SHA256 of the site key over a few text parts, so nobody
without the key can work out a pick ahead.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import re
from zoneinfo import ZoneInfo

from puzzlebook.messages import Refusal, msg

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


# The zones a date can be in: the earliest (UTC+14, Kiritimati) sees it first, the latest (UTC-12)
# last. A date is "somewhere on Earth" from its midnight at UTC+14 until its midnight at UTC-12 ends
# it: 50 hours in all. Offsets are minutes east of UTC, as the pages send them.
EARLIEST_OFFSET = 14 * 60
LATEST_OFFSET = -12 * 60
# How far a page's clock may be off the server's when it says its date: a date that was or will be
# the page's within this of the server's now is believed (its midnight just passed on a clock ahead).
CLOCK_SLACK = dt.timedelta(minutes=5)


def local_date(now: dt.datetime, offset: int) -> dt.date:
    """The date at `now` (aware) in a zone `offset` minutes east of UTC (the browser's lib/dates.js
    playerDay; tests/vectors/player_dates.json binds the two).

    >>> local_date(dt.datetime(2026, 12, 4, 11, 0, tzinfo=UTC), 14 * 60)
    datetime.date(2026, 12, 5)
    """
    if now.tzinfo is None:
        raise ValueError("local_date needs an aware datetime")
    return (now.astimezone(UTC) + dt.timedelta(minutes=offset)).date()


def newest_date(now: dt.datetime) -> dt.date:
    """The newest date anywhere at `now`: the date at UTC+14, where each date begins first."""
    return local_date(now, EARLIEST_OFFSET)


def next_to_begin(now: dt.datetime) -> dt.date:
    """The date after the newest: the next to begin anywhere, at UTC+14 within the next 24 hours.

    >>> next_to_begin(dt.datetime(2026, 12, 4, 23, 0, tzinfo=UTC)).isoformat()
    '2026-12-06'
    """
    return newest_date(now) + dt.timedelta(days=1)


def oldest_date(now: dt.datetime) -> dt.date:
    """The oldest date still running anywhere at `now`: the date at UTC-12, where each date ends last.
    A date before it has ended everywhere: its boards are final, and a streak that skipped it missed it."""
    return local_date(now, LATEST_OFFSET)


def is_date_somewhere(day: dt.date, now: dt.datetime) -> bool:
    """Whether `day` is the date somewhere on Earth at `now` (UTC-12 to UTC+14).

    >>> now = dt.datetime(2026, 12, 5, 2, 0, tzinfo=UTC)
    >>> [is_date_somewhere(dt.date(2026, 12, d), now) for d in (3, 4, 5, 6)]
    [False, True, True, False]
    """
    return oldest_date(now) <= day <= newest_date(now)


def ended_everywhere(day: dt.date, now: dt.datetime) -> bool:
    """Whether `day` has ended in every zone at `now`: its dated boards are closed from then on."""
    return day < oldest_date(now)


def ends_everywhere(day: dt.date) -> dt.datetime:
    """The moment `day` ends in the last zone (midnight after it at UTC-12), as an aware UTC time.

    >>> ends_everywhere(dt.date(2026, 12, 4)).isoformat()
    '2026-12-05T12:00:00+00:00'
    """
    midnight = dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), UTC)
    return midnight - dt.timedelta(minutes=LATEST_OFFSET)


def open_until(day: dt.date, now: dt.datetime) -> str | None:
    """Until when a board of `day` takes results, as an ISO 8601 UTC time ("...Z"): the moment `day`
    ends everywhere, while it hasn't at `now`; None once it has (the board is final).

    >>> open_until(dt.date(2026, 12, 4), dt.datetime(2026, 12, 5, 11, 59, tzinfo=UTC))
    '2026-12-05T12:00:00Z'
    >>> open_until(dt.date(2026, 12, 4), dt.datetime(2026, 12, 5, 12, 0, tzinfo=UTC)) is None
    True
    """
    if ended_everywhere(day, now):
        return None
    return ends_everywhere(day).strftime("%Y-%m-%dT%H:%M:%SZ")


def begins_somewhere(day: dt.date) -> dt.datetime:
    """The moment `day` begins in the first zone (its midnight at UTC+14), as an aware UTC time.

    >>> begins_somewhere(dt.date(2026, 12, 5)).isoformat()
    '2026-12-04T10:00:00+00:00'
    """
    return dt.datetime.combine(day, dt.time(), UTC) - dt.timedelta(minutes=EARLIEST_OFFSET)


class NotADateHere(Refusal):
    """A player's date or offset the server can't believe at this moment; its message says why."""


NOT_AN_OFFSET = msg("not_a_zone_offset",
                    "A zone's offset is between {latest} and {earliest} minutes (UTC-12 to UTC+14), "
                    "not {offset}.")
NOT_THE_DATE_THERE = msg("not_the_date_there", "{day} isn't the date at {zone} now: it is {there} there.")


def players_date(day: dt.date, offset: int, now: dt.datetime) -> dt.date:
    """`day`, the date a page says is its own, with its zone `offset` (minutes east of UTC), when
    both can be true at `now`; else NotADateHere saying what was wrong. The offset must be a real
    one (UTC-12 to UTC+14), and `day` the date at that offset within CLOCK_SLACK of `now`.

    >>> now = dt.datetime(2026, 12, 4, 10, 2, tzinfo=UTC)  # 00:02 on the 5th at Kiritimati
    >>> players_date(dt.date(2026, 12, 5), 14 * 60, now)
    datetime.date(2026, 12, 5)
    >>> players_date(dt.date(2026, 12, 5), 0, now)
    Traceback (most recent call last):
    puzzlebook.calendar.NotADateHere: 2026-12-05 isn't the date at UTC+00:00 now: it is 2026-12-04 there.
    """
    if not LATEST_OFFSET <= offset <= EARLIEST_OFFSET:
        raise NotADateHere(NOT_AN_OFFSET(latest=LATEST_OFFSET, earliest=EARLIEST_OFFSET, offset=offset))
    if day not in (local_date(now - CLOCK_SLACK, offset), local_date(now + CLOCK_SLACK, offset)):
        raise NotADateHere(NOT_THE_DATE_THERE(day=day.isoformat(), zone=offset_words(offset),
                                              there=local_date(now, offset).isoformat()))
    return day


def offset_words(offset: int) -> str:
    """An offset in minutes east of UTC as people write it.

    >>> offset_words(-570), offset_words(330), offset_words(0)
    ('UTC-09:30', 'UTC+05:30', 'UTC+00:00')
    """
    sign = "-" if offset < 0 else "+"
    hours, minutes = divmod(abs(offset), 60)
    return f"UTC{sign}{hours:02d}:{minutes:02d}"


def released(day: dt.date, now: dt.datetime) -> bool:
    """Whether `day` is out at `now` (aware): it has begun somewhere, in the earliest zone (UTC+14),
    as each player's day begins at their own midnight. Before that, nothing dated `day` is served:
    its files at the CDN (the release function, ops/release.py), on the local server, and the API's
    dated routes.

    >>> now = dt.datetime(2026, 12, 4, 9, 59, 59, tzinfo=UTC)
    >>> released(dt.date(2026, 12, 5), now), released(dt.date(2026, 12, 4), now)
    (False, True)
    >>> released(dt.date(2026, 12, 5), now + dt.timedelta(seconds=1))
    True
    """
    return day <= newest_date(now)


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
