"""The boards of playing together as the API answers them (service/social/boards.py reads them)."""

from __future__ import annotations

import datetime as dt

from functions.bodies import day_from, out_by
from functions.errors import ApiError
from functions.routes.social.models import BoardRow, DayBoardOut, Public, Waiting, WeekBoardOut, WeekRowOut
from puzzlebook.messages import Message, msg
from service.context import Context
from service.social.boards import DayBoard, WeekBoard
from service.social.reads import DailyGame, daily_game, daily_games

NO_GAME = msg("no_such_daily_game", "There is no daily game “{game}”: the daily games are {games}.")
THAT_BOARD = msg("that_board", "That board")
THAT_WEEK = msg("that_week", "That week")


def game_of(key: str) -> DailyGame:
    """The daily game `key`; 404 naming those there are otherwise."""
    found = daily_game(key)
    if found is None:
        games = ", ".join(g.key for g in daily_games())
        raise ApiError(404, NO_GAME(game=key, games=games))
    return found


def day_of(ctx: Context, text: str, what: Message) -> dt.date:
    """The date a path names, out somewhere already (404 before it is)."""
    day = day_from(text)
    out_by(day, ctx.now(), what)
    return day


def day_out(board: DayBoard) -> DayBoardOut:
    rows = [
        BoardRow(place=row.placed.place, id=row.placed.entry.pid, name=row.placed.entry.name,
                 you=row.placed.entry.you, columns=row.placed.entry.row,
                 public=Public.model_validate(row.public) if row.public is not None else None)
        for row in board.rows
    ]
    waiting = [Waiting(id=s.pid, name=s.name) for s in board.waiting]
    return DayBoardOut(game=board.game, date=board.date, band=board.band, rows=rows, people=board.people,
                       played=board.played, waiting=waiting)


def week_out(board: WeekBoard) -> WeekBoardOut:
    rows = [
        WeekRowOut(place=row.place, id=row.person.pid, name=row.person.name, you=row.person.you,
                   days=[None if e is None else e.row for e in row.days], played=row.played,
                   totals=row.totals)
        for row in board.rows
    ]
    return WeekBoardOut(game=board.game, days=board.days, rows=rows)
