"""Leaderboards: the top 100 of each, plus the caller's own row when they have a place.

A token is optional here: with one, `mine` is the caller's row (also when it's
outside the top 100) and their rows say `you`. A token that matches no player
is ignored rather than refused, so a stale token never hides a board.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request

from functions.auth import OPTIONAL_AUTH, Credentials, player_for
from functions.bodies import day_from, errors, out_by
from functions.caching import BOARD, cached
from functions.deps import context
from functions.errors import ApiError
from functions.models import (
    DATE_SCHEMA,
    AlltimeBoard,
    ChainDailyBoard,
    ChainDailyRow,
    ChessDailyBoard,
    ChessDailyRow,
    CleanRow,
    RatingRow,
    RatingsBoard,
    StreakRow,
    StreaksBoard,
)
from functions.routes.chain import stored_day
from puzzlebook.chess.bands import BANDS
from puzzlebook.chess.daily import EPOCH, bands_of
from puzzlebook.games import rated_games, streak_games
from service.context import Context
from service.store.records import Board, BoardRow

router = APIRouter(tags=["boards"])

STREAK_GAMES = tuple(game.key for game in streak_games())
RATED_GAMES = tuple(game.key for game in rated_games())
# The parameters as the document states them: what each route checks itself, in its own words.
BAND_SCHEMA: dict = {"enum": list(BANDS)}
DatePath = Annotated[str, Path(json_schema_extra=DATE_SCHEMA, description="A date, YYYY-MM-DD.")]


def _me(ctx: Context, credentials: Credentials) -> str | None:
    try:
        player = player_for(ctx.store, credentials, needed=None)
    except ApiError:
        return None
    return player.id if player else None


def _band(value: str | None) -> str | None:
    if value is None:
        return None
    if value not in BANDS:
        raise ApiError(400, f"The band must be one of {', '.join(BANDS)}.")
    return value


def _rows(board: Board, me: str | None, model: type[Any]) -> tuple[list[Any], Any]:
    def row(r: BoardRow) -> Any:
        return model(place=r.place, name=r.name, you=r.player_id == me, **r.detail)

    return [row(r) for r in board.rows], (row(board.mine) if board.mine else None)


@router.get(
    "/boards/chess/daily/{date}",
    dependencies=[cached(BOARD)],
    openapi_extra=OPTIONAL_AUTH,
    response_model=ChessDailyBoard,
    responses=errors(400, 404, 503),
    summary="A day's chess daily board: clean first, then less help, then time, then who posted first",
)
def chess_daily(
    request: Request,
    date: DatePath,
    credentials: Credentials,
    band: Annotated[
        str | None,
        Query(json_schema_extra=BAND_SCHEMA, description="The daily's band; needed on days with three."),
    ] = None,
) -> ChessDailyBoard:
    ctx = context(request)
    day = day_from(date)
    chosen = _band(band)
    out_by(day, ctx.today(), "The chess dailies")
    if day < EPOCH:
        raise ApiError(404, f"Chess dailies start on {EPOCH.isoformat()}; {day.isoformat()} had none.")
    day_bands = bands_of(day, ctx.settings.site_key)
    if chosen is None:
        if len(day_bands) > 1:
            raise ApiError(400, f"Name a band: {day.isoformat()} had {', '.join(day_bands)} dailies.")
        chosen = day_bands[0]
    elif chosen not in day_bands:
        raise ApiError(404, f"{day.isoformat()} had no {chosen} daily (its dailies: {', '.join(day_bands)}).")
    me = _me(ctx, credentials)
    rows, mine = _rows(ctx.store.chess_daily_board(day.isoformat(), chosen, me=me), me, ChessDailyRow)
    return ChessDailyBoard(date=day.isoformat(), band=chosen, rows=rows, mine=mine)


@router.get(
    "/boards/chess/alltime",
    dependencies=[cached(BOARD)],
    openapi_extra=OPTIONAL_AUTH,
    response_model=AlltimeBoard,
    responses=errors(400, 503),
    summary="Clean solves of all time, by band or over all; ties to whoever got there first",
)
def chess_alltime(
    request: Request,
    credentials: Credentials,
    band: Annotated[
        str | None,
        Query(json_schema_extra=BAND_SCHEMA, description="A band, or none for all bands together."),
    ] = None,
) -> AlltimeBoard:
    ctx = context(request)
    chosen = _band(band)
    me = _me(ctx, credentials)
    rows, mine = _rows(ctx.store.alltime_board(chosen, me=me), me, CleanRow)
    return AlltimeBoard(band=chosen, rows=rows, mine=mine)


@router.get(
    "/boards/ratings/{game}",
    dependencies=[cached(BOARD)],
    openapi_extra=OPTIONAL_AUTH,
    response_model=RatingsBoard,
    responses=errors(404, 503),
    summary="Ratings, highest first; provisional ones (RD 110 or more) marked",
)
def ratings(
    request: Request,
    game: Annotated[str, Path(json_schema_extra={"enum": list(RATED_GAMES)})],
    credentials: Credentials,
) -> RatingsBoard:
    ctx = context(request)
    if game not in RATED_GAMES:
        raise ApiError(404, f"There are ratings for {', '.join(RATED_GAMES)} only, not {game!r}.")
    me = _me(ctx, credentials)
    rows, mine = _rows(ctx.store.ratings_board(game, me=me), me, RatingRow)
    return RatingsBoard(game=game, rows=rows, mine=mine)


@router.get(
    "/boards/chain/daily/{date}",
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
    me = _me(ctx, credentials)
    rows, mine = _rows(ctx.store.chain_daily_board(day.isoformat(), me=me), me, ChainDailyRow)
    return ChainDailyBoard(date=day.isoformat(), rows=rows, mine=mine)


@router.get(
    "/boards/streaks/{game}",
    dependencies=[cached(BOARD)],
    openapi_extra=OPTIONAL_AUTH,
    response_model=StreaksBoard,
    responses=errors(404, 503),
    summary="Current daily streaks (ending today or yesterday), longest first",
)
def streaks(
    request: Request,
    game: Annotated[str, Path(json_schema_extra={"enum": list(STREAK_GAMES)})],
    credentials: Credentials,
) -> StreaksBoard:
    ctx = context(request)
    if game not in STREAK_GAMES:
        raise ApiError(404, f"There are streaks for {' and '.join(STREAK_GAMES)} only, not {game!r}.")
    me = _me(ctx, credentials)
    today = ctx.today()
    rows, mine = _rows(ctx.store.streak_board(game, today, me=me), me, StreakRow)
    return StreaksBoard(game=game, today=today.isoformat(), rows=rows, mine=mine)
