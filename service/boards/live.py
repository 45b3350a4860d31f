"""Which boards are live, from the game registry, and the board a snapshot's path names.

Live at a moment: every board of every game (puzzlebook.games: each game's `boards`), a dated one of
every date still someone's somewhere (UTC-12 to UTC+14: each player's results count on their own
date, docs/ratings.md "Whose day") and of the date before those (a date's board still takes the
results posted as it ends: a puzzle opened before its midnight, a late Streak; so it is published
until the date after it has ended everywhere too, and its snapshot published last is its final
one), in each band the game's hooks publish it in (`board_bands`: the chess daily's
band of the day; all time over all bands and in each). How the store reads each is the game's hook
(`board_spec`); where its snapshot goes is its API path (`board_paths`: service/boards/board.py).
"""

from __future__ import annotations

import datetime as dt
import re

from puzzlebook.calendar import newest_date, oldest_date, parse_day, site_day
from service.boards.board import LiveBoard, snapshot_path
from service.context import Context
from service.games.registry import every_game


def live_dates(now: dt.datetime) -> list[dt.date]:
    """The dates whose boards are live at `now` (aware): every date somewhere on Earth, and the one
    before the oldest, newest first (three or four).

    >>> [d.isoformat() for d in live_dates(dt.datetime(2026, 12, 5, 2, 0, tzinfo=dt.UTC))]
    ['2026-12-05', '2026-12-04', '2026-12-03']
    """
    newest, oldest = newest_date(now), oldest_date(now) - dt.timedelta(days=1)
    return [newest - dt.timedelta(days=k) for k in range((newest - oldest).days + 1)]


def live_boards(ctx: Context, now: dt.datetime) -> list[LiveBoard]:
    """Every board to publish at `now` (aware), in the registry's order, read from `ctx.store`."""
    settings = ctx.settings
    today = site_day(settings.site_tz, now)
    found: list[LiveBoard] = []
    for game, hooks in every_game():
        for board in game.boards:
            api = hooks.board_paths[board.id]
            days: list[dt.date | None] = (
                list(live_dates(now)) if board.dated else [None]
            )
            for day in days:
                date = day.isoformat() if day else None
                for band in hooks.board_bands(board.id, day, settings):
                    spec = hooks.board_spec(ctx, board.id, date, band, None, today)
                    if spec is not None:
                        found.append(LiveBoard(board.id, date, band, snapshot_path(api, date, band), spec))
    return found


_DATE = r"(?P<date>[0-9]{4}-[0-9]{2}-[0-9]{2})"
_BAND = r"(?:/(?P<band>[A-Za-z]{1,20}))?"


def board_at(ctx: Context, path: str, today: dt.date, me: str | None = None) -> LiveBoard | None:
    """The board whose snapshot is at `snapshots/<path>.json` (`path`: "chess/daily/2026-12-02/Easy",
    "ratings/chess", "chess/alltime/Hard"), read from `ctx.store` with `me`'s own item; None when no
    board is there. Any day is named (a past day's board too); a day not out yet is the caller's to
    refuse."""
    settings = ctx.settings
    for game, hooks in every_game():
        for board in game.boards:
            api = hooks.board_paths[board.id]
            rest = api.removeprefix("/boards/").strip("/")
            pattern = re.escape(rest).replace(re.escape("{date}"), _DATE) + _BAND
            matched = re.fullmatch(pattern, path)
            if matched is None:
                continue
            date = matched.groupdict().get("date")
            day = None
            if date is not None:
                try:
                    day = parse_day(date)
                except ValueError:
                    return None
            band = matched.group("band")
            if band not in hooks.board_bands(board.id, day, settings):
                return None
            spec = hooks.board_spec(ctx, board.id, date, band, me, today)
            if spec is None:
                return None
            return LiveBoard(board.id, date, band, snapshot_path(api, date, band), spec)
    return None
