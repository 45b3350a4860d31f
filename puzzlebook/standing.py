"""Who goes on the boards: the rules, pure, so they carry over wherever boards are kept.

A board ranks players against each other, so it shows what is believable of each (docs/ratings.md,
"Who goes on the boards"), with Lichess's leaderboards as the anchor: they list no provisional
rating, and only players with 30 rated games or more.

- **A new account's results go on no board until the account is established**: `NEW_ACCOUNT_DAYS`
  days old (`established`). It keeps them, counts them in its own tallies and streak, and rates
  them; the boards show what it posts once it is established (each board's entry is written with
  the result, so a board shows what came after). A script's fresh accounts, made in a second,
  can't fill a board that day.
- **The ratings board holds no provisional rating**, and none with fewer than `RATED_FOR_BOARD`
  rated results (`on_ratings_board`), of an established account.
"""

from __future__ import annotations

import datetime as dt

from puzzlebook.ratings import Rating

NEW_ACCOUNT_DAYS = 3
RATED_FOR_BOARD = 30  # Lichess's leaderboards: at least 30 rated games


def established(created: str, now: dt.datetime, days: int = NEW_ACCOUNT_DAYS) -> bool:
    """Whether an account made at `created` (a UTC stamp, as the store keeps it) is `days` days
    old at `now`, so its results go on the boards.

    >>> now = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)
    >>> established("2026-11-27T12:00:00.000000Z", now), established("2026-11-27T12:00:01.000000Z", now)
    (True, False)
    >>> established("2026-11-30T11:59:00.000000Z", now, days=0)
    True
    """
    made = dt.datetime.fromisoformat(created.removesuffix("Z")).replace(tzinfo=dt.UTC)
    return now - made >= dt.timedelta(days=days)


def age_days(created: str, now: dt.datetime) -> int:
    """An account's age at `now` in whole days (0 on its first), from its `created` stamp.

    >>> age_days("2026-11-27T12:00:01.000000Z", dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC))
    2
    """
    made = dt.datetime.fromisoformat(created.removesuffix("Z")).replace(tzinfo=dt.UTC)
    return max(0, (now - made).days)


def on_ratings_board(rating: Rating | None, rated: int, *, established: bool) -> bool:
    """Whether a player's rating goes on the ratings board: an established account's, settled (not
    provisional), from at least RATED_FOR_BOARD rated results.

    >>> settled = Rating(1700, 80, 0.06)
    >>> on_ratings_board(settled, 30, established=True), on_ratings_board(settled, 29, established=True)
    (True, False)
    >>> on_ratings_board(Rating(2987, 120, 0.09), 40, established=True)  # provisional
    False
    """
    return established and rating is not None and not rating.provisional and rated >= RATED_FOR_BOARD
