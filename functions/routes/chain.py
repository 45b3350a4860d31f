"""Chain: posting a solve or a give-up, and the walkthrough.

A solve is checked against the stored day by puzzlebook.chain.generate.check_solve.
The first result for a day (solve or give-up) stands. A solve posted on its own
site day goes on that day's board and counts for the Chain streak; an archive
solve is kept but ranks nowhere. The walkthrough opens after the player's own
solve or give-up, or for everyone once the day is past.
"""

from __future__ import annotations

import datetime as dt
from enum import Enum
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request

from functions.auth import OPTIONAL_AUTH, Credentials, SignedIn, player_for
from functions.bodies import JsonBody, day_from, documented, errors, out_by, parse
from functions.caching import BOARD, PRIVATE, WALKTHROUGH, cached
from functions.deps import context
from functions.errors import TOO_FAST, ApiError
from functions.models import (
    DATE_SCHEMA,
    ChainDailyBoard,
    ChainDailyRow,
    ChainGiveup,
    ChainPosted,
    ChainSolve,
    Walkthrough,
)
from functions.routes.boards import DatePath, board_rows, me_on_board
from puzzlebook.results import Posted
from service.context import Context
from service.games.chain.records import ChainRecords
from service.store.records import Player

# Each route names its tag: the game's own ("chain") or, for its boards, "boards" beside the others.
router = APIRouter()
TAGS: list[str | Enum] = ["chain"]
BOARD_TAGS: list[str | Enum] = ["boards"]

NEEDED = "Sign in to keep your Chain results."
CHAIN_OF = "The Chain"
# The player comes first (401 before the body is read): docs/api.md.
ChainPlayer = Annotated[Player, Depends(SignedIn(NEEDED))]


def stored_day(ctx: Context, day: dt.date) -> dict[str, Any]:
    """The stored Chain day `day`: 404 when it isn't out yet (after the site day) or isn't stored."""
    out_by(day, ctx.today(), CHAIN_OF)
    row = ChainRecords(ctx.store).chain_day(day.isoformat())
    if row is None:
        raise ApiError(404, f"There’s no Chain puzzle for {day.isoformat()}.")
    return row


def _answer(posted: Posted, streak: int | None = None) -> ChainPosted:
    kept = posted.kind if posted.kind in ("solve", "giveup") else None
    if posted.already:
        return ChainPosted(already=True, kept=kept)  # type: ignore[arg-type]  # narrowed just above
    return ChainPosted(
        already=False,
        kept=kept,  # type: ignore[arg-type]
        clean=posted.clean if kept == "solve" else None,
        daily=posted.daily,
        place=posted.place,
        streak=streak,
    )


@router.post(
    "/chain/solves",
    tags=TAGS,
    dependencies=[cached(PRIVATE)],
    response_model=ChainPosted,
    openapi_extra=documented(ChainSolve),
    responses=errors(400, 401, 404, 413, 422, 503),
    summary="Post a Chain solve: hand indices in the order played, checked against the stored day",
)
def post_solve(request: Request, player: ChainPlayer, body: JsonBody) -> ChainPosted:
    ctx = context(request)
    solve = parse(ChainSolve, body)
    day = day_from(solve.date)
    row = stored_day(ctx, day)
    from puzzlebook.chain.generate import check_solve

    checked = check_solve(row, solve.tiles)
    if not checked.ok:
        reason = checked.reason or "those tiles don’t solve it"
        raise ApiError(422, reason[0].upper() + reason[1:] + ".")
    if solve.seconds < len(solve.tiles):
        raise ApiError(422, TOO_FAST)
    today = ctx.today()
    posted = ChainRecords(ctx.store).record_chain_solve(
        player.id,
        day.isoformat(),
        tiles=solve.tiles,
        seconds=solve.seconds,
        undos=solve.undos,
        resets=solve.resets,
        on_board=day == today,
        now=ctx.now(),
    )
    streak = None
    if posted.daily and not posted.already:
        streak = ChainRecords(ctx.store).stats(player.id).streak.current(today)
    return _answer(posted, streak)


@router.post(
    "/chain/giveups",
    tags=TAGS,
    dependencies=[cached(PRIVATE)],
    response_model=ChainPosted,
    openapi_extra=documented(ChainGiveup),
    responses=errors(400, 401, 404, 413, 422, 503),
    summary="Give up a Chain day: kept as your result, and its walkthrough opens",
)
def post_giveup(request: Request, player: ChainPlayer, body: JsonBody) -> ChainPosted:
    ctx = context(request)
    day = day_from(parse(ChainGiveup, body).date)
    stored_day(ctx, day)
    return _answer(ChainRecords(ctx.store).record_chain_giveup(player.id, day.isoformat(), ctx.now()))


@router.get(
    "/chain/{date}/walkthrough",
    tags=TAGS,
    dependencies=[cached(WALKTHROUGH)],
    openapi_extra=OPTIONAL_AUTH,
    response_model=Walkthrough,
    responses=errors(400, 401, 403, 404, 503),
    summary="How a day is solved: after your own solve or give-up, or for any past day",
)
def get_walkthrough(
    request: Request,
    date: Annotated[str, Path(json_schema_extra=DATE_SCHEMA, description="A date, YYYY-MM-DD.")],
    credentials: Credentials,
) -> Walkthrough:
    ctx = context(request)
    day = day_from(date)
    row = stored_day(ctx, day)
    if day == ctx.today():
        player = player_for(ctx.store, credentials, needed=None)
        if player is None or ChainRecords(ctx.store).chain_result(player.id, day.isoformat()) is None:
            raise ApiError(
                403, "The walkthrough opens once you’ve solved today’s Chain or given up (or tomorrow)."
            )
    return Walkthrough(date=day.isoformat(), solution=row["solution"], walkthrough=row["walkthrough"])


@router.get(
    "/boards/chain/daily/{date}",
    tags=BOARD_TAGS,
    dependencies=[cached(BOARD)],
    openapi_extra=OPTIONAL_AUTH,
    response_model=ChainDailyBoard,
    responses=errors(400, 404, 503),
    summary="A day's Chain board: clean first, then fewer undos and resets, then time, then who posted first",
)
def chain_daily(request: Request, date: DatePath, credentials: Credentials) -> ChainDailyBoard:
    ctx = context(request)
    day = day_from(date)
    stored_day(ctx, day)  # a day not out yet, or with no Chain, has no board: 404
    me = me_on_board(ctx, credentials)
    rows, mine = board_rows(ChainRecords(ctx.store).daily_board(day.isoformat(), me=me), me, ChainDailyRow)
    return ChainDailyBoard(date=day.isoformat(), rows=rows, mine=mine)
