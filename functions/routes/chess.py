"""Chess Puzzles: posting a solve and posting a miss (seed 000, "Posting and the referee", "Misses").

A solve: its shape (puzzlebook.chess.shapes), the puzzle in the committed
bundle, a believable time (a second a move), then the moves: the solution
line is right without running anything; a line left only at its last move
goes to the referee (python-chess), which accepts it only if that move mates,
at most REPLAYS_PER_HOUR replays a player an hour; anything else is 422. The
first result for a puzzle stands and is the one rated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Depends, Request

from functions.auth import SignedIn
from functions.bodies import JsonBody, documented, errors
from functions.caching import PRIVATE, cached
from functions.deps import context
from functions.errors import TOO_FAST, ApiError
from functions.limits import Limit, enforce
from functions.models import ChessMiss, ChessPosted, ChessSolve, RatingChange
from puzzlebook.chess import shapes
from service.context import Context
from service.store.records import Player, Posted

if TYPE_CHECKING:
    from puzzlebook.chess.puzzle import Puzzle

router = APIRouter(tags=["chess"])

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
    posted = ctx.store.record_chess_solve(
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
    posted = ctx.store.record_chess_miss(
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
