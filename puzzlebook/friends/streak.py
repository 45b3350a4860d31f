"""The friend streak: with someone you follow who follows you back, the days in a row you both played a
daily, by puzzlebook.streaks' rules (a freeze earned each 7 days of it, at most 2 held, one spent on each
day missed; each player's own dates). The browser's copy is site/static/js/friends/streak.js (on
lib/dates.js's `streakRun`, bound to puzzlebook.streaks by tests/vectors/site.json); both are held to
tests/vectors/friends.json.

Each player's record (puzzlebook.friends.played) keeps their days since the last gap no streak outlives,
so the days both played are the days in both records; the walk over them is the friend streak.
It stands on the pair's today: the earlier of the two players' own dates, so a day isn't missed
until it is over for both.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from puzzlebook.calendar import local_date
from puzzlebook.friends.played import Played, walk
from puzzlebook.streaks import Standing


@dataclass(frozen=True, slots=True)
class FriendStreak:
    """A friend streak as it stands on the pair's `today`: its length, the freezes used within it and
    held, and whether both played on `today` already (`both_today`)."""

    length: int
    freezes_used: int
    freezes_held: int
    both_today: bool
    today: str


def both_played(a: Played, b: Played) -> list[dt.date]:
    """The days both players played (each on their own date), in order.

    >>> a = Played("2026-12-01", "2026-12-04", (1,))
    >>> b = Played("2026-12-02", "2026-12-04")
    >>> [d.day for d in both_played(a, b)]
    [3, 4]
    """
    return sorted(set(a.days()) & set(b.days()))


def friend_streak(a: Played, b: Played, today: dt.date) -> FriendStreak:
    """The friend streak of two players' records as it stands on `today` (the pair's: `pair_today`).

    >>> a = Played("2026-12-01", "2026-12-04")
    >>> friend_streak(a, Played("2026-12-01", "2026-12-03"), dt.date(2026, 12, 4))
    FriendStreak(length=3, freezes_used=0, freezes_held=0, both_today=False, today='2026-12-04')
    >>> friend_streak(a, Played("2026-12-01", "2026-12-02"), dt.date(2026, 12, 4)).length  # the 3rd missed
    0
    """
    days = [d for d in both_played(a, b) if d <= today]
    streak, _ = walk(days)
    standing: Standing = streak.standing(today)
    return FriendStreak(standing.length, standing.freezes_used, standing.freezes_held,
                        bool(days) and days[-1] == today, today.isoformat())


def own_today(played: Played, now: dt.datetime, site_day: dt.date) -> dt.date:
    """A player's own date at `now`: in the zone of their last result, else the site's day."""
    return site_day if played.o is None else local_date(now, played.o)


def pair_today(a: Played, b: Played, now: dt.datetime, site_day: dt.date) -> dt.date:
    """The pair's today: the earlier of the two players' own dates at `now` (a day is missed only once
    it is over for both).

    >>> now = dt.datetime(2026, 12, 4, 23, 0, tzinfo=dt.UTC)
    >>> pair_today(Played(o=60), Played(o=-300), now, dt.date(2026, 12, 4))
    datetime.date(2026, 12, 4)
    """
    return min(own_today(a, now, site_day), own_today(b, now, site_day))
