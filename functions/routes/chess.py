"""Chess Puzzles: posting a solve and posting a miss (seed 000, "Posting and the referee", "Misses").

A solve: its shape (puzzlebook.chess.shapes), the puzzle in the committed
bundle, a believable time (a second a move), then the moves: the solution
line is right without running anything; a line left only at its last move
goes to the referee (python-chess), which accepts it only if that move mates,
at most REPLAYS_PER_HOUR replays a player an hour; anything else is 422. The
first result for a puzzle stands and is the one rated.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Depends, Query, Request

from functions.auth import OPTIONAL_AUTH, Credentials, SignedIn
from functions.bodies import JsonBody, day_from, documented, errors, out_by
from functions.caching import BOARD, PRIVATE, cached
from functions.deps import context
from functions.errors import TOO_FAST, ApiError
from functions.limits import Limit, enforce
from functions.models import (
    AlltimeBoard,
    ChessDailyBoard,
    ChessDailyRow,
    ChessMiss,
    ChessPosted,
    ChessSolve,
    CleanRow,
    RatingChange,
)
from functions.routes.boards import BAND_SCHEMA, DatePath, band_of, board_rows, me_on_board
from puzzlebook.chess import shapes
from puzzlebook.chess.daily import EPOCH, bands_of
from puzzlebook.results import Posted
from service.context import Context
from service.games.chess.records import ChessRecords
from service.store.records import Player

if TYPE_CHECKING:
    from puzzlebook.chess.puzzle import Puzzle

# Each route names its tag: the game's own ("chess") or, for its boards, "boards" beside the others.
router = APIRouter()
TAGS: list[str | Enum] = ["chess"]
BOARD_TAGS: list[str | Enum] = ["boards"]

REPLAYS_PER_HOUR = 60
REPLAYS = Limit(
    "replay", REPLAYS_PER_HOUR, f"Too many solves to replay: at most {REPLAYS_PER_HOUR} an hour. {{retry}}"
)
NOT_IN_BUNDLE = "That puzzle isn’t in this game’s collection, so it can’t be checked."
NOT_A_WRONG_MOVE = "That isn’t a wrong move in this puzzle."
NOT_SOLVED = "Those moves don’t solve this puzzle."
NO_MATE = "That last move isn’t the line’s and doesn’t mate, so it doesn’t solve this puzzle."
# The player comes first (401 before the body is read): docs/api.md.
Solver = Annotated[Player, Depends(SignedIn("Sign in to keep your solves and your rating."))]
Misser = Annotated[Player, Depends(SignedIn("Sign in to keep your rating."))]


def _shape(check: Any, body: Any) -> Any:
    try:
        return check(body)
    except shapes.ShapeError as exc:
        raise ApiError(400, str(exc)) from None


def _puzzle(ctx: Context, band: str, puzzle_id: str) -> Puzzle:
    found = ctx.puzzle(band, puzzle_id)
    if found is None:
        raise ApiError(422, NOT_IN_BUNDLE)
    return found


def _change(posted: Posted) -> RatingChange | None:
    if not posted.rated or posted.before is None or posted.after is None:
        return None
    before, after = round(posted.before.rating), round(posted.after.rating)
    return RatingChange(
        before=before,
        after=after,
        change=after - before,
        rd=round(posted.after.rd),
        provisional=posted.after.provisional,
    )


def _answer(posted: Posted) -> ChessPosted:
    if posted.already:
        return ChessPosted(already=True, rated=False)
    return ChessPosted(
        already=False,
        rated=posted.rated,
        clean=posted.clean,
        mistakes=posted.mistakes,
        rating=_change(posted),
        daily=posted.daily,
        place=posted.place,
    )


def _daily(ctx: Context, band: str, puzzle_id: str) -> Any:
    """The site day, if `puzzle_id` is one of its dailies (so this post goes on its board)."""
    today = ctx.today()
    return today if ctx.dailies(today).get(band) == puzzle_id else None


@router.post(
    "/chess/solves",
    tags=TAGS,
    dependencies=[cached(PRIVATE)],
    response_model=ChessPosted,
    openapi_extra=documented(ChessSolve),
    responses=errors(400, 401, 413, 422, 429, 503),
    summary="Post a solve: checked, kept if it's your first result for the puzzle, rated",
)
def post_solve(request: Request, player: Solver, body: JsonBody) -> ChessPosted:
    from puzzlebook.chess import referee  # python-chess: loaded on the first post, not at cold start

    ctx = context(request)
    solve = _shape(shapes.solve_request, body)
    puzzle = _puzzle(ctx, solve.band, solve.id)
    if solve.seconds < referee.min_seconds(solve.moves):
        raise ApiError(422, TOO_FAST)
    if solve.moves != puzzle.solution:
        if not referee.needs_referee(puzzle, solve.moves):
            raise ApiError(422, NOT_SOLVED)
        enforce(ctx, REPLAYS, player.id)
        if not referee.solves(puzzle, solve.moves):
            raise ApiError(422, NO_MATE)
    posted = ChessRecords(ctx.store).record_chess_solve(
        player.id,
        puzzle_id=solve.id,
        band=solve.band,
        moves=solve.moves,
        mistakes=solve.mistakes,
        hints=solve.hints,
        seconds=solve.seconds,
        puzzle_rating=puzzle.rating,
        daily=_daily(ctx, solve.band, solve.id),
        now=ctx.now(),
    )
    return _answer(posted)


@router.post(
    "/chess/misses",
    tags=TAGS,
    dependencies=[cached(PRIVATE)],
    response_model=ChessPosted,
    openapi_extra=documented(ChessMiss),
    responses=errors(400, 401, 413, 422, 503),
    summary="Post a miss (the first wrong move, or Show solution): a loss against your rating",
)
def post_miss(request: Request, player: Misser, body: JsonBody) -> ChessPosted:
    from puzzlebook.chess import referee

    ctx = context(request)
    miss = _shape(shapes.miss_request, body)
    puzzle = _puzzle(ctx, miss.band, miss.id)
    # A wrong move leaves the line where it goes on (another mate would be a solve, posted as one).
    if miss.how == "wrong" and not referee.needs_referee(puzzle, miss.moves):
        raise ApiError(422, NOT_A_WRONG_MOVE)
    posted = ChessRecords(ctx.store).record_chess_miss(
        player.id,
        puzzle_id=miss.id,
        band=miss.band,
        how=miss.how,
        moves=miss.moves,
        puzzle_rating=puzzle.rating,
        daily=_daily(ctx, miss.band, miss.id),
        now=ctx.now(),
    )
    return _answer(posted)


@router.get(
    "/boards/chess/daily/{date}",
    tags=BOARD_TAGS,
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
    chosen = band_of(band)
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
    me = me_on_board(ctx, credentials)
    board = ChessRecords(ctx.store).daily_board(day.isoformat(), chosen, me=me)
    rows, mine = board_rows(board, me, ChessDailyRow)
    return ChessDailyBoard(date=day.isoformat(), band=chosen, rows=rows, mine=mine)


@router.get(
    "/boards/chess/alltime",
    tags=BOARD_TAGS,
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
    chosen = band_of(band)
    me = me_on_board(ctx, credentials)
    rows, mine = board_rows(ChessRecords(ctx.store).alltime_board(chosen, me=me), me, CleanRow)
    return AlltimeBoard(band=chosen, rows=rows, mine=mine)
