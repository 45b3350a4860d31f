"""Chain: posting a solve or a give-up, the walkthrough, and the day's board.

The routes only read the request and answer: puzzlebook.chain.results decides whether a
solve counts (the tiles against the stored day, a second a tile) and what keeping it
changes (the first result for a day stands; a solve posted on its own site day goes on
that day's board and counts for the Chain streak; an archive solve is kept but ranks
nowhere), and ChainRecords keeps it. The walkthrough opens after the player's own solve
or give-up, or for everyone once the day is past.
"""

from __future__ import annotations

import datetime as dt
from enum import Enum
from typing import Annotated, Any

from fastapi import APIRouter, Path

from functions.auth import OPTIONAL_AUTH
from functions.bodies import day_from, documented, errors, out_by
from functions.caching import BOARD, DAILY, PRIVATE, WALKTHROUGH, cached
from functions.deps import CallerOf, Ctx, OnlookerOf, Post, Signed, signed_in, signed_post
from functions.direct import direct
from functions.errors import TOO_FAST, ApiError
from functions.models import DATE_SCHEMA
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
from functions.routes.chain.models import (
    ChainDailyBoard,
    ChainDailyRow,
    ChainGiveup,
    ChainPlay,
    ChainPosted,
    ChainPuzzle,
    ChainSolve,
    MyChainResult,
    Walkthrough,
)
from puzzlebook.calendar import ended_everywhere
from puzzlebook.chain import results
from puzzlebook.chain.kept import KeptSolve
from puzzlebook.messages import Message, msg
from puzzlebook.results import Posted
from service.context import Context
from service.games.chain.days import chain_days_of
from service.games.chain.records import ChainRecords
from service.social.days import mark_played

# Each route names its tag: the game's own ("chain") or, for its boards, "boards" beside the others.
router = APIRouter()
TAGS: list[str | Enum] = ["chain"]
BOARD_TAGS: list[str | Enum] = ["boards"]

NEEDED = msg("sign_in_for_chain", "Sign in to keep your Chain results.")
CHAIN_OF = msg("the_chain", "The Chain")
NO_CHAIN = msg("no_chain_that_day", "There’s no Chain puzzle for {day}.")
NOT_SOLVING = msg("tiles_not_solving", "Those tiles don’t solve it.")
WALKTHROUGH_CLOSED = msg("walkthrough_not_yet", "The walkthrough opens once you’ve solved this Chain or "
                         "given up (or once its date has ended everywhere, at UTC−12).")
# The player comes first (401 before the body is read): docs/api.md.
# Each a Post (player, body, Context): functions/deps.py.
Opening = Annotated[Post[ChainPlay], signed_post(ChainPlay, NEEDED)]
Solving = Annotated[Post[ChainSolve], signed_post(ChainSolve, NEEDED)]
GivingUp = Annotated[Post[ChainGiveup], signed_post(ChainGiveup, NEEDED)]
Viewer = Annotated[Signed, signed_in(
    msg("sign_in_for_chain_results", "Sign in to see your own Chain results."))]


def stored_day(ctx: Context, day: dt.date) -> dict[str, Any]:
    """The stored Chain day `day` (read once per app: a stored day never changes): 404 when it isn't
    out yet (after the site day) or isn't stored."""
    out_by(day, ctx.now(), CHAIN_OF)
    row = chain_days_of(ctx).day(day.isoformat())
    if row is None:
        raise ApiError(404, NO_CHAIN(day=day.isoformat()))
    return row


def refusal(verdict: results.Verdict) -> Message:
    """What a refused solve is told: the time floor, else the rules' message of why the tiles fail."""
    if verdict.code == results.TOO_FAST_CODE:
        return TOO_FAST
    return verdict.message or NOT_SOLVING


def _answer(ctx: Context, posted: Posted, name: str) -> ChainPosted:
    kept = posted.kind if posted.kind in ("solve", "giveup") else None
    if posted.already:
        return ChainPosted(already=True, kept=kept)  # type: ignore[arg-type]  # narrowed just above
    return ChainPosted(
        already=False,
        kept=kept,  # type: ignore[arg-type]
        clean=posted.clean if kept == "solve" else None,
        daily=posted.daily,
        streak=posted.streak,
        freezes_used=posted.freezes_used,
        offline=posted.offline,
        **placed(ctx, posted.entry, name),
    )


@router.post(
    "/chain/plays",
    tags=TAGS,
    response_model=PlayTicket,
    openapi_extra=documented(ChainPlay),
    responses=errors(400, 401, 404, 413, 422, 503),
    summary="Open a Chain day: the play ticket its solve or give-up carries (your current Chain now)",
)
@cached(PRIVATE)
async def open_day(post: Opening, date: PlayerDate = None, offset: PlayerOffset = None) -> PlayTicket:
    body, ctx = post.body, post.ctx
    stored_day(ctx, body.day)
    return issue(ctx, post.player, results.GAME, body.date, players_day(ctx, date, offset), body.resume)


@router.post(
    "/chain/solves",
    tags=TAGS,
    response_model=ChainPosted,
    openapi_extra=documented(ChainSolve),
    responses=errors(400, 401, 404, 409, 413, 422, 429, 503),
    summary="Post a Chain solve: hand indices in the order played, checked against the stored day",
)
@cached(PRIVATE)
@direct
async def post_solve(post: Solving) -> ChainPosted:
    player, body, ctx = post.player, post.body, post.ctx
    row = stored_day(ctx, body.day)
    key = key_of(ctx)
    play = admitted(ctx, player, results.GAME, lambda: results.check_ticket(
        body.ticket, offline=body.offline, key=key, player=player.id, day=body.date,
        seconds=body.seconds, now=now_ms(ctx), tiles=len(body.tiles),
    ))
    verdict = results.check(row, body.tiles, body.seconds)
    if not verdict.ok:
        raise ApiError(422, refusal(verdict))
    records = ChainRecords(ctx.store)
    solve = body.solve(offline=play is None)
    when = counts_on(ctx, play.ticket if play else None)
    with refusing():
        posted = records.record_chain_solve(player.id, solve, today=when.day, now=ctx.now(), play=play,
                                            on_boards=on_boards(ctx, player), offset=when.offset)
    if play is not None:  # the day's ranked solve, now or kept before (marked only if it is one)
        mark_played(ctx, player, results.GAME, body.day, when.offset)
    return _answer(ctx, posted, player.name)


@router.post(
    "/chain/giveups",
    tags=TAGS,
    response_model=ChainPosted,
    openapi_extra=documented(ChainGiveup),
    responses=errors(400, 401, 404, 409, 413, 422, 429, 503),
    summary="Give up a Chain day: kept as your result, and its walkthrough opens",
)
@cached(PRIVATE)
@direct
async def post_giveup(post: GivingUp) -> ChainPosted:
    player, body, ctx = post.player, post.body, post.ctx
    stored_day(ctx, body.day)
    key = key_of(ctx)
    play = admitted(ctx, player, results.GAME, lambda: results.check_ticket(
        body.ticket, offline=body.offline, key=key, player=player.id, day=body.date,
        seconds=None, now=now_ms(ctx),
    ))
    records = ChainRecords(ctx.store)
    with refusing():
        posted = records.record_chain_giveup(player.id, body.date, ctx.now(), play, offline=play is None,
                                             on_boards=on_boards(ctx, player))
    return _answer(ctx, posted, player.name)


@router.get(
    "/chain/daily/{date}",
    tags=TAGS,
    response_model=ChainPuzzle,
    responses=errors(400, 404, 503),
    summary="A day's public puzzle, as its file: for the minutes before the site's copy is out",
)
@cached(DAILY)
async def get_day(ctx: Ctx, date: DatePath) -> ChainPuzzle:
    from puzzlebook.chain.generate import public  # the generator: only on this route, not at cold start

    return ChainPuzzle.model_validate(public(stored_day(ctx, day_from(date))))


@router.get(
    "/chain/{date}/walkthrough",
    tags=TAGS,
    openapi_extra=OPTIONAL_AUTH,
    response_model=Walkthrough,
    responses=errors(400, 401, 403, 404, 503),
    summary="How a day is solved: after your own solve or give-up, or for any past day",
)
@cached(WALKTHROUGH)
async def get_walkthrough(
    caller: CallerOf,
    date: Annotated[str, Path(json_schema_extra=DATE_SCHEMA, description="A date, YYYY-MM-DD.")],
) -> Walkthrough:
    ctx = caller.ctx
    day = day_from(date)
    row = stored_day(ctx, day)
    if not ended_everywhere(day, ctx.now()):  # still someone's date: shown to those who have played it
        player = caller.player()
        if player is None or ChainRecords(ctx.store).chain_result(player.id, day.isoformat()) is None:
            raise ApiError(403, WALKTHROUGH_CLOSED)
    # Each spare's `like` too for a day stored before it was kept: the page says the notes in its own
    # language from the numbers and tiles (site/static/js/chain/walk_words.js). Imported here, as the
    # generator is: the solver's modules, not at cold start.
    from puzzlebook.chain.tiles import parse_tile
    from puzzlebook.chain.walkthrough import with_likes

    walk = with_likes(row["walkthrough"], [parse_tile(tile) for tile in row["hand"]], row["solution"])
    return Walkthrough(date=day.isoformat(), solution=row["solution"], walkthrough=walk)


@router.get(
    "/boards/chain/daily/{date}",
    tags=BOARD_TAGS,
    openapi_extra=OPTIONAL_AUTH,
    response_model=ChainDailyBoard,
    responses=errors(400, 404, 503),
    summary="A day's Chain board: clean first, then fewer undos and resets, then time, then who posted first",
)
@cached(BOARD)
async def chain_daily(onlooker: OnlookerOf, date: DatePath) -> ChainDailyBoard:
    ctx = onlooker.ctx
    day = day_from(date)
    stored_day(ctx, day)  # a day not out yet, or with no Chain, has no board: 404
    board = shown(onlooker, f"chain/daily/{day.isoformat()}", ChainDailyRow)
    return ChainDailyBoard(date=day.isoformat(), rows=board.rows, mine=board.mine, published=board.published,
                           open_until=board.open_until)


@router.get(
    "/me/chain/{date}",
    tags=TAGS,
    response_model=MyChainResult,
    responses=errors(400, 401, 404, 503),
    summary="Your own result for a Chain day, whatever device it came from, and your Chain streak",
)
@cached(PRIVATE)
async def my_chain_day(me: Viewer, date: DatePath) -> MyChainResult:
    ctx = me.ctx
    day = day_from(date)
    out_by(day, ctx.now(), CHAIN_OF)  # a day not out yet has no result, and says so as every dated route
    records = ChainRecords(ctx.store)
    kept = records.chain_result(me.player.id, day.isoformat())
    now = records.stats(me.player.id).streak.standing_at(ctx.now(), ctx.today())
    mine = MyChainResult(date=day.isoformat(), streak=now.length, freezes_used=now.freezes_used)
    if isinstance(kept, KeptSolve):
        return mine.model_copy(update={
            "kept": "solve", "played": list(kept.tiles), "seconds": kept.seconds, "undos": kept.undos,
            "resets": kept.resets, "clean": kept.clean, "on_board": kept.on_board, "offline": kept.offline,
            "posted": kept.posted,
        })
    if kept is not None:
        return mine.model_copy(update={"kept": "giveup", "offline": kept.offline, "posted": kept.posted})
    return mine
