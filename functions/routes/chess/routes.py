"""Chess Puzzles: posting a solve and posting a miss (seed 000, "Posting and the referee", "Misses"),
and the chess boards.

A post is read in this order: the player (401), the body's shape (400, in the words of its model:
models.py), the puzzle in the committed bundle (422), a believable claimed time (a second a move),
its play ticket (checks.check_ticket: 422 in the ticket's words; then the hourly cap on rated
results, 429), then the moves. The solution line is
right without running anything; a line left only at its last move goes to the referee
(python-chess), which accepts it only if that move mates, at most REPLAYS_PER_HOUR replays a player
an hour; anything else is 422.
What a counted result changes (the first result stands and is the one rated) is
puzzlebook.chess.results', kept by ChessRecords.
"""

from __future__ import annotations

import datetime as dt
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Query

from functions.auth import OPTIONAL_AUTH
from functions.bodies import day_from, documented, errors, out_by
from functions.caching import BOARD, DAILY, PRIVATE, cached
from functions.deps import Ctx, OnlookerOf, Post, signed_post
from functions.direct import direct
from functions.errors import TOO_FAST, ApiError
from functions.limits import Limit, enforce
from functions.plays import (
    PlayerDate,
    PlayerOffset,
    PlayTicket,
    admitted,
    counts_on,
    issue,
    key_of,
    now_ms,
    on_boards,
    players_day,
    refusing,
)
from functions.routes.boards import DatePath, placed, shown
from functions.routes.chess.models import (
    BAND_WORDS,
    AlltimeBoard,
    ChessDailyBoard,
    ChessDailyRow,
    ChessDay,
    ChessMiss,
    ChessPlay,
    ChessPosted,
    ChessSolve,
    CleanRow,
    RatingChange,
)
from puzzlebook.calendar import is_date_somewhere
from puzzlebook.chess.bands import BANDS
from puzzlebook.chess.daily import EPOCH, bands_of
from puzzlebook.chess.results import MissPost, SolvePost
from puzzlebook.messages import Message, msg
from puzzlebook.results import Posted
from service.context import Context
from service.games.chess.puzzles import puzzles_of
from service.games.chess.records import ChessRecords
from service.social.days import mark_played

if TYPE_CHECKING:
    from puzzlebook.chess.puzzle import Puzzle

# Each route names its tag: the game's own ("chess") or, for its boards, "boards" beside the others.
router = APIRouter()
GAME = "chess"  # the registry's key, as tickets name the game (puzzlebook.chess.checks.GAME)
TAGS: list[str | Enum] = ["chess"]
BOARD_TAGS: list[str | Enum] = ["boards"]

REPLAYS_PER_HOUR = 60
REPLAYS = Limit("replay", REPLAYS_PER_HOUR, msg(
    "too_many_replays", "Too many solves to replay: at most {most} an hour. {retry}")(most=REPLAYS_PER_HOUR))
CHESS_DAILIES = msg("the_chess_dailies", "The chess dailies")
NO_DAILIES = msg("no_chess_dailies", "There are no chess dailies for {day}.")
DAILIES_START = msg("chess_dailies_start", "Chess dailies start on {first}; {day} had none.")
NAME_A_BAND = msg("name_a_band", "Name a band: {day} had {bands} dailies.")
NO_SUCH_DAILY = msg("no_such_daily", "{day} had no {band} daily (its dailies: {bands}).")
NOT_IN_BUNDLE = msg("puzzle_not_in_bundle",
                    "That puzzle isn’t in this game’s collection, so it can’t be checked.")
# What a refused post is told, by the checks' verdict.
REFUSED: dict[str, Message] = {
    "too-fast": TOO_FAST,
    "not-solved": msg("moves_not_solving", "Those moves don’t solve this puzzle."),
    "no-mate": msg("last_move_not_mate",
                   "That last move isn’t the line’s and doesn’t mate, so it doesn’t solve this puzzle."),
    "not-a-wrong-move": msg("not_a_wrong_move", "That isn’t a wrong move in this puzzle."),
}
# The player comes first (401 before the body is read): docs/api.md.
# Each a Post (player, body, Context): functions/deps.py.
Opening = Annotated[Post[ChessPlay], signed_post(
    ChessPlay, msg("sign_in_to_be_rated", "Sign in to have your puzzles rated."))]
Solving = Annotated[Post[ChessSolve], signed_post(
    ChessSolve, msg("sign_in_to_keep_solves", "Sign in to keep your solves and your rating."))]
Missing = Annotated[Post[ChessMiss], signed_post(
    ChessMiss, msg("sign_in_to_keep_rating", "Sign in to keep your rating."))]
# A band in a board's query, as the document states it (the route checks it in its own words).
BAND_SCHEMA: dict[str, Any] = {"enum": list(BANDS)}


def band_of(value: str | None) -> str | None:
    """A board's band from its query: None for all bands; 400 for a name that isn't a band."""
    if value is not None and value not in BANDS:
        raise ApiError(400, BAND_WORDS)
    return value


def _puzzle(ctx: Context, band: str, puzzle_id: str) -> Puzzle:
    found = puzzles_of(ctx).puzzle(band, puzzle_id)
    if found is None:
        raise ApiError(422, NOT_IN_BUNDLE)
    return found


def _daily_of(ctx: Context, today: dt.date, band: str, puzzle_id: str) -> dt.date | None:
    """`today` (the player's date the result counts for) if `puzzle_id` is one of its dailies (the
    only day a post can count for), else None."""
    return today if puzzles_of(ctx).dailies(today).get(band) == puzzle_id else None


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


def _answer(ctx: Context, posted: Posted, name: str) -> ChessPosted:
    if posted.already:
        return ChessPosted(already=True, rated=False)
    return ChessPosted(
        already=False,
        rated=posted.rated,
        clean=posted.clean,
        mistakes=posted.mistakes,
        rating=_change(posted),
        daily=posted.daily,
        streak=posted.streak,
        freezes_used=posted.freezes_used,
        offline=posted.offline,
        **placed(ctx, posted.entry, name),
    )


@router.post(
    "/chess/plays",
    tags=TAGS,
    response_model=PlayTicket,
    openapi_extra=documented(ChessPlay),
    responses=errors(400, 401, 413, 422, 503),
    summary="Open a puzzle: the play ticket its solve or miss carries (your current chess puzzle now)",
)
@cached(PRIVATE)
async def open_puzzle(post: Opening, date: PlayerDate = None, offset: PlayerOffset = None) -> PlayTicket:
    opening, ctx = post.body, post.ctx
    _puzzle(ctx, opening.band, opening.id)
    return issue(ctx, post.player, GAME, opening.id, players_day(ctx, date, offset), opening.resume)


@router.post(
    "/chess/solves",
    tags=TAGS,
    response_model=ChessPosted,
    openapi_extra=documented(ChessSolve),
    responses=errors(400, 401, 409, 413, 422, 429, 503),
    summary="Post a solve: checked, kept if it's your first result for the puzzle, rated",
)
@cached(PRIVATE)
@direct
async def post_solve(post: Solving) -> ChessPosted:
    from puzzlebook.chess import checks  # python-chess: loaded on the first post, not at cold start

    player, solve, ctx = post.player, post.body, post.ctx

    puzzle = _puzzle(ctx, solve.band, solve.id)
    verdict = checks.check_solve(puzzle, solve.moves, solve.seconds)
    if verdict == "too-fast":  # the claimed time's floor first: the same answer with or without a ticket
        raise ApiError(422, REFUSED[verdict])
    key = key_of(ctx)
    play = admitted(ctx, player, GAME, lambda: checks.check_ticket(
        solve.ticket, offline=solve.offline, key=key, player=player.id, puzzle_id=solve.id,
        seconds=solve.seconds, now=now_ms(ctx), moves=solve.moves,
    ))
    if verdict == "replay":
        enforce(ctx, REPLAYS, player.id)
        verdict = checks.check_replay(puzzle, solve.moves)
    if verdict != "solved":
        raise ApiError(422, REFUSED[verdict])
    when = counts_on(ctx, play.ticket if play else None)
    kept = SolvePost(
        puzzle_id=solve.id,
        band=solve.band,
        puzzle_rating=puzzle.rating,
        themes=tuple(puzzle.themes),
        moves=solve.moves,
        mistakes=solve.mistakes,
        hints=solve.hints,
        seconds=solve.seconds,
        on=when.day,
        daily_of=_daily_of(ctx, when.day, solve.band, solve.id),
        offline=play is None,
        offset=when.offset,
    )
    with refusing():
        posted = ChessRecords(ctx.store).record_solve(player.id, kept, ctx.now(), play,
                                                      on_boards=on_boards(ctx, player))
    if kept.daily_of is not None and play is not None:  # the day's ranked daily, now or kept before
        mark_played(ctx, player, GAME, when.day, when.offset, solve.band)
    return _answer(ctx, posted, player.name)


@router.post(
    "/chess/misses",
    tags=TAGS,
    response_model=ChessPosted,
    openapi_extra=documented(ChessMiss),
    responses=errors(400, 401, 409, 413, 422, 429, 503),
    summary="Post a miss (the first wrong move, or Show solution): a loss against your rating",
)
@cached(PRIVATE)
@direct
async def post_miss(post: Missing) -> ChessPosted:
    from puzzlebook.chess import checks

    player, ctx = post.player, post.ctx
    miss = post.body.root
    puzzle = _puzzle(ctx, miss.band, miss.id)
    key = key_of(ctx)
    play = admitted(ctx, player, GAME, lambda: checks.check_ticket(
        miss.ticket, offline=miss.offline, key=key, player=player.id, puzzle_id=miss.id,
        seconds=None, now=now_ms(ctx),
    ))
    verdict = checks.check_miss(puzzle, miss.how, miss.moves)
    if verdict != "missed":
        raise ApiError(422, REFUSED[verdict])
    when = counts_on(ctx, play.ticket if play else None)
    kept = MissPost(
        puzzle_id=miss.id,
        band=miss.band,
        puzzle_rating=puzzle.rating,
        themes=tuple(puzzle.themes),
        how=miss.how,
        moves=miss.moves,
        on=when.day,
        daily_of=_daily_of(ctx, when.day, miss.band, miss.id),
        offline=play is None,
    )
    with refusing():
        posted = ChessRecords(ctx.store).record_miss(player.id, kept, ctx.now(), play,
                                                     on_boards=on_boards(ctx, player))
    return _answer(ctx, posted, player.name)


@router.get(
    "/chess/daily/{date}",
    tags=TAGS,
    response_model=ChessDay,
    responses=errors(400, 404, 503),
    summary="A day's dailies, as its public file: for the minutes before the site's copy is out",
)
@cached(DAILY)
async def chess_day(ctx: Ctx, date: DatePath) -> ChessDay:
    from service.games.chess import day_file

    day = day_from(date)
    out_by(day, ctx.now(), CHESS_DAILIES)
    puzzles = puzzles_of(ctx)
    kept = puzzles.kept(day, keep=is_date_somewhere(day, ctx.now()))  # in play: kept now, if not yet
    if not kept:
        raise ApiError(404, NO_DAILIES(day=day.isoformat()))
    return ChessDay.model_validate(day_file(day.isoformat(), kept, puzzles.bundle))


@router.get(
    "/boards/chess/daily/{date}",
    tags=BOARD_TAGS,
    openapi_extra=OPTIONAL_AUTH,
    response_model=ChessDailyBoard,
    responses=errors(400, 404, 503),
    summary="A day's chess daily board: clean first, then less help, then time, then who posted first",
)
@cached(BOARD)
async def chess_daily(
    onlooker: OnlookerOf,
    date: DatePath,
    band: Annotated[
        str | None,
        Query(json_schema_extra=BAND_SCHEMA, description="The daily's band; needed on days with three."),
    ] = None,
) -> ChessDailyBoard:
    ctx = onlooker.ctx
    day = day_from(date)
    chosen = band_of(band)
    out_by(day, ctx.now(), CHESS_DAILIES)
    if day < EPOCH:
        raise ApiError(404, DAILIES_START(first=EPOCH.isoformat(), day=day.isoformat()))
    day_bands = bands_of(day, ctx.settings.site_key)
    if chosen is None:
        if len(day_bands) > 1:
            raise ApiError(400, NAME_A_BAND(day=day.isoformat(), bands=", ".join(day_bands)))
        chosen = day_bands[0]
    elif chosen not in day_bands:
        raise ApiError(404, NO_SUCH_DAILY(day=day.isoformat(), band=chosen, bands=", ".join(day_bands)))
    board = shown(onlooker, f"chess/daily/{day.isoformat()}/{chosen}", ChessDailyRow)
    return ChessDailyBoard(date=day.isoformat(), band=chosen, rows=board.rows, mine=board.mine,
                           published=board.published, open_until=board.open_until)


@router.get(
    "/boards/chess/alltime",
    tags=BOARD_TAGS,
    openapi_extra=OPTIONAL_AUTH,
    response_model=AlltimeBoard,
    responses=errors(400, 503),
    summary="Clean solves of all time, by band or over all; ties to whoever got there first",
)
@cached(BOARD)
async def chess_alltime(
    onlooker: OnlookerOf,
    band: Annotated[
        str | None,
        Query(json_schema_extra=BAND_SCHEMA, description="A band, or none for all bands together."),
    ] = None,
) -> AlltimeBoard:
    chosen = band_of(band)
    board = shown(onlooker, "chess/alltime" + (f"/{chosen}" if chosen else ""), CleanRow)
    return AlltimeBoard(band=chosen, rows=board.rows, mine=board.mine, published=board.published)
