"""Leaderboards: the top 100 of each, plus the caller's own row when they have a place.

The ratings and streak boards are here, alike for every game the registry marks as rated or with
a streak (each game's service hooks read its own: service/games/<key>/); a game's own boards (its
daily board, say) are among its routes (functions/routes/<key>), built with the helpers below.

A token is optional here: with one, `mine` is the caller's row (also when it's
outside the top 100) and their rows say `you`. A token that matches no player
is ignored rather than refused, so a stale token never hides a board.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from functions.auth import OPTIONAL_AUTH
from functions.bodies import errors
from functions.caching import BOARD, cached
from functions.deps import OnlookerOf
from functions.errors import ApiError
from functions.models import (
    DATE_SCHEMA,
    RatingRow,
    RatingsBoard,
    StreakRow,
    StreaksBoard,
)
from puzzlebook.games import find_game, rated_games, streak_games
from service.games.registry import hooks_of
from service.store.records import Board, BoardRow

router = APIRouter(tags=["boards"])

STREAK_GAMES = tuple(game.key for game in streak_games())
RATED_GAMES = tuple(game.key for game in rated_games())
# A date in a path as the document states it (each route checks it itself, in its own words).
DatePath = Annotated[str, Path(json_schema_extra=DATE_SCHEMA, description="A date, YYYY-MM-DD.")]


def board_rows(board: Board, me: str | None, model: type[Any]) -> tuple[list[Any], Any]:
    def row(r: BoardRow) -> Any:
        return model(place=r.place, name=r.name, you=r.player_id == me, **r.detail)

    return [row(r) for r in board.rows], (row(board.mine) if board.mine else None)


@router.get(
    "/boards/ratings/{game}",
    openapi_extra=OPTIONAL_AUTH,
    response_model=RatingsBoard,
    responses=errors(404, 503),
    summary="Ratings, highest first; provisional ones (RD 110 or more) marked",
)
@cached(BOARD)
async def ratings(
    onlooker: OnlookerOf,
    game: Annotated[str, Path(json_schema_extra={"enum": list(RATED_GAMES)})],
) -> RatingsBoard:
    if game not in RATED_GAMES:
        raise ApiError(404, f"There are ratings for {', '.join(RATED_GAMES)} only, not {game!r}.")
    me = onlooker.me()
    rows, mine = board_rows(hooks_of(find_game(game)).ratings_board(onlooker.ctx.store, me), me, RatingRow)
    return RatingsBoard(game=game, rows=rows, mine=mine)


@router.get(
    "/boards/streaks/{game}",
    openapi_extra=OPTIONAL_AUTH,
    response_model=StreaksBoard,
    responses=errors(404, 503),
    summary="Current daily streaks (ending today or yesterday), longest first",
)
@cached(BOARD)
async def streaks(
    onlooker: OnlookerOf,
    game: Annotated[str, Path(json_schema_extra={"enum": list(STREAK_GAMES)})],
) -> StreaksBoard:
    ctx = onlooker.ctx
    if game not in STREAK_GAMES:
        raise ApiError(404, f"There are streaks for {' and '.join(STREAK_GAMES)} only, not {game!r}.")
    me = onlooker.me()
    today = ctx.today()
    rows, mine = board_rows(hooks_of(find_game(game)).streak_board(ctx.store, today, me), me, StreakRow)
    return StreaksBoard(game=game, today=today.isoformat(), rows=rows, mine=mine)
