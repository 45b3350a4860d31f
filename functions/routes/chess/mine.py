"""The signed-in player's chess dashboard and history (/api/me/dashboard, /api/me/history): each a
bounded read of the player's partition (service/games/chess/history.py; docs/api.md); and their
results for a day's dailies (/api/me/chess/<date>), which a second device shows."""

from __future__ import annotations

import datetime as dt
from enum import Enum
from typing import Annotated

from fastapi import APIRouter, Query

from functions.bodies import day_from, errors, out_by
from functions.caching import PRIVATE, cached
from functions.deps import Signed, signed_in
from functions.errors import ApiError
from functions.routes.boards import DatePath
from functions.routes.chess.models import Dashboard, HistoryPage, MyChessDay, MyDaily, MyMiss, MySolve
from puzzlebook.calendar import is_date_somewhere
from puzzlebook.chess.dashboard import SPANS
from puzzlebook.messages import msg
from puzzlebook.patterns import whole_text
from service.context import Context
from service.games.chess.history import CURSOR, CURSOR_RE, BadCursor, ChessHistory
from service.games.chess.puzzles import puzzles_of
from service.games.chess.records import ChessRecords

router = APIRouter()
TAGS: list[str | Enum] = ["chess"]
Viewer = Annotated[Signed, signed_in(
    msg("sign_in_for_dashboard", "Sign in to see your dashboard and history."))]
DayViewer = Annotated[Signed, signed_in(
    msg("sign_in_for_results", "Sign in to see your own chess results."))]
Days = Annotated[
    int,
    Query(
        json_schema_extra={"enum": list(SPANS)},
        description="The span: the last 7, 30 or 90 site days, today included.",
    ),
]
Before = Annotated[
    str | None,
    Query(
        json_schema_extra={"pattern": whole_text(CURSOR)},
        description="The `next` of the page before (left out: the newest page).",
    ),
]
Missed = Annotated[
    bool, Query(description="Only the puzzles whose first result was a miss (missed or shown).")
]
BAD_DAYS = msg("bad_days", "The days must be 7, 30 or 90.")
BAD_CURSOR = msg("bad_cursor",
                 "The before cursor must be a page's next, as the history gave it (a time and a puzzle id).")
NOT_A_TIME = msg("bad_cursor_time", "The before cursor must be a page's next, as the history gave it (a time "
                 "and a puzzle id): {time} isn't a time.")
NO_DAILIES = msg("no_chess_dailies", "There are no chess dailies for {day}.")
CHESS_DAILIES = msg("the_chess_dailies", "The chess dailies")


@router.get(
    "/me/dashboard",
    tags=TAGS,
    response_model=Dashboard,
    response_model_by_alias=True,
    responses=errors(400, 401, 503),
    summary="Your puzzle dashboard: played, solved first try, themes weakest first, rating by day",
)
@cached(PRIVATE)
async def my_dashboard(me: Viewer, days: Days = 30) -> Dashboard:
    if days not in SPANS:
        raise ApiError(400, BAD_DAYS)
    ctx = me.ctx
    # The span ends on the player's own date (by their last daily's zone: Streak.own_today).
    today = ChessRecords(ctx.store).stats(me.player.id).streak.own_today(ctx.now(), ctx.today())
    figures = ChessHistory(ctx.store).dashboard(me.player.id, today.isoformat(), days)
    return Dashboard.model_validate(figures)


@router.get(
    "/me/history",
    tags=TAGS,
    response_model=HistoryPage,
    responses=errors(400, 401, 422, 503),
    summary="Every puzzle you played, newest first, a page at a time",
)
@cached(PRIVATE)
async def my_history(me: Viewer, before: Before = None, missed: Missed = False) -> HistoryPage:
    if before is not None and not CURSOR_RE.match(before):
        raise ApiError(400, BAD_CURSOR)
    try:
        page = ChessHistory(me.ctx.store).page(me.player.id, before, missed=missed)
    except BadCursor as error:
        raise ApiError(422, NOT_A_TIME(time=error.time)) from None
    return HistoryPage.model_validate({"lines": [line.to_doc() for line in page.lines], "next": page.next})


@router.get(
    "/me/chess/{date}",
    tags=TAGS,
    response_model=MyChessDay,
    responses=errors(400, 401, 404, 503),
    summary="Your own results for a day's chess dailies, from any device, and your daily streak",
)
@cached(PRIVATE)
async def my_chess_day(me: DayViewer, date: DatePath) -> MyChessDay:
    day = day_from(date)
    out_by(day, me.ctx.now(), CHESS_DAILIES)  # as every dated route: a day not out yet says so
    mine = chess_day_of(me.ctx, me.player.id, day)
    if mine is None:
        raise ApiError(404, NO_DAILIES(day=day.isoformat()))
    return mine


def chess_day_of(ctx: Context, pid: str, day: dt.date, *, consistent: bool = True) -> MyChessDay | None:
    """`pid`'s own results of `day`'s chess dailies (a day out already) and their daily streak; None
    when the day has no dailies (also the home page's, functions/routes/home.py, which reads them
    eventually consistent: `consistent` False)."""
    dailies = puzzles_of(ctx).kept(day, keep=is_date_somewhere(day, ctx.now()))  # in play: kept if need be
    if not dailies:
        return None
    records = ChessRecords(ctx.store)
    kept = records.chess_results(pid, [d.id for d in dailies], consistent=consistent)
    now = records.stats(pid, consistent=consistent).streak.standing_at(ctx.now(), ctx.today())
    mine = []
    for daily in dailies:
        solve, miss = kept[daily.id]
        mine.append(MyDaily(
            band=daily.band,
            id=daily.id,
            solve=None if solve is None else MySolve(
                moves=list(solve.moves), mistakes=solve.mistakes, hints=solve.hints, seconds=solve.seconds,
                clean=solve.clean, on_board=solve.daily == day.isoformat(), offline=solve.offline,
                posted=solve.posted,
            ),
            miss=None if miss is None else MyMiss(
                how=miss.how, moves=list(miss.moves), offline=miss.offline, posted=miss.posted,
            ),
        ))
    return MyChessDay(date=day.isoformat(), dailies=mine, streak=now.length, freezes_used=now.freezes_used)
