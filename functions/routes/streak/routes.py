"""Streak: starting a run (its play ticket), posting it (scored by the server), the boards, and the
player's own runs (docs/api.md, "Streak").

As Storm's (functions/routes/storm/): POST /streak/runs keeps the day's run if nothing had
(service/games/streak), issues a play ticket naming the player, "streak" and the day with the
server's time, and notes the player's first run of the day; any later run of theirs that day is
practice. POST /streak/results checks the run's pace (a second a solver move claimed) and its day
(by the end of the next), reads the ticket (puzzlebook.tickets: the player's own, for this day, no
more seconds than have passed, and a second a move really passed since it), replays every attempted
puzzle with the referee and works out the score (puzzlebook.streak.results), then StreakRecords
keeps it once if it is the ranked run.
"""

from __future__ import annotations

import weakref
from enum import Enum
from typing import TYPE_CHECKING, Annotated

from fastapi import APIRouter

from functions.auth import OPTIONAL_AUTH
from functions.bodies import day_from, documented, errors, out_by
from functions.caching import BOARD, DAILY, PRIVATE, cached
from functions.deps import Ctx, OnlookerOf, Post, Signed, signed_in, signed_post
from functions.errors import ApiError
from functions.limits import Limit, enforce
from functions.plays import key_of, now_ms, on_boards
from functions.routes.boards import DatePath, placed, shown
from functions.routes.streak.models import (
    StreakBoard,
    StreakDay,
    StreakMine,
    StreakPosted,
    StreakResult,
    StreakRow,
    StreakRun,
    StreakStart,
)
from puzzlebook import tickets
from puzzlebook.streak.kept import StreakResult as KeptResult
from puzzlebook.streak.run import FIRST_DAY
from service.context import Context
from service.games.chess.puzzles import puzzles_of
from service.games.streak.records import StreakRecords
from service.games.streak.runs import streak_runs_of
from service.plays import mint
from service.store.base import Store
from service.store.items import utc_stamp

if TYPE_CHECKING:
    import chess

    from puzzlebook.chess.puzzle import Puzzle

router = APIRouter()
TAGS: list[str | Enum] = ["streak"]
BOARD_TAGS: list[str | Enum] = ["boards"]
GAME = "streak"

RUNS_PER_HOUR = 60
STARTS = Limit("streak-start", RUNS_PER_HOUR, f"Too many runs: at most {RUNS_PER_HOUR} an hour. {{retry}}")
POSTS = Limit("streak-post", RUNS_PER_HOUR, f"Too many posts: at most {RUNS_PER_HOUR} an hour. {{retry}}")

# Starting reads no body: one sent must be JSON, or none (415).
Starter = Annotated[Signed, signed_in("Sign in to play a ranked Streak run.", no_body=True)]
Me = Annotated[Signed, signed_in("Sign in to see your Streak runs.")]
Running = Annotated[Post[StreakRun], signed_post(StreakRun, "Sign in to keep your Streak runs.")]


# The runs being posted (today's, and yesterday's for a run left part way), per store: {day: (puzzles,
# their starting positions)}. A kept run never changes, so each is made once per process.
_RUNS: weakref.WeakKeyDictionary[Store, dict[str, tuple[list[Puzzle], list[chess.Board]]]] = (
    weakref.WeakKeyDictionary()
)


def _run(ctx: Context, day: str) -> tuple[list[Puzzle], list[chess.Board]]:
    from puzzlebook.streak.results import starting_positions

    runs = _RUNS.setdefault(ctx.store, {})
    if day in runs:
        return runs[day]
    kept = streak_runs_of(ctx).run(day)
    if kept is None:
        raise ApiError(422, f"No Streak run was started on {day}.")
    chess = puzzles_of(ctx)  # Streak plays the chess bundle's puzzles
    found = [chess.puzzle(p.band, p.id) for p in kept.puzzles]
    puzzles = [p for p in found if p is not None]
    if len(puzzles) != len(found):
        raise ApiError(422, "A puzzle of this run isn’t in the game’s collection, so it can’t be checked.")
    runs[day] = (puzzles, starting_positions(puzzles))
    while len(runs) > 2:
        runs.pop(min(runs))
    return runs[day]


def _result(run: KeptResult) -> StreakResult:
    return StreakResult.model_validate(run.to_doc())


@router.post(
    "/streak/runs",
    tags=TAGS,
    response_model=StreakStart,
    responses=errors(401, 404, 429, 503),
    summary="Start today's Streak run: a play ticket with the start time; ranked if it's your first today",
)
@cached(PRIVATE)
async def start_run(me: Starter) -> StreakStart:
    player, ctx = me.player, me.ctx
    today = ctx.today()
    if today < FIRST_DAY:
        raise ApiError(404, f"Streak starts on {FIRST_DAY.isoformat()}.")
    enforce(ctx, STARTS, player.id)
    streak_runs_of(ctx).ensure(today)
    issued = mint(ctx.settings.site_key, player.id, GAME, today.isoformat(), now_ms(ctx))
    ticket = issued.ticket
    ranked = StreakRecords(ctx.store).start(player.id, today.isoformat(), ticket.nonce, ticket.issued)
    return StreakStart(date=today.isoformat(), ticket=issued.text, issued=ticket.issued, ranked=ranked)


@router.post(
    "/streak/results",
    tags=TAGS,
    response_model=StreakPosted,
    openapi_extra=documented(StreakRun),
    responses=errors(400, 401, 404, 413, 422, 429, 503),
    summary="Post a Streak run: replayed and scored by the server; kept if it's your ranked run",
)
@cached(PRIVATE)
async def post_run(post: Running) -> StreakPosted:
    from puzzlebook.streak.results import (  # python-chess: on first post
        RunRefused,
        check_late,
        check_pace,
        score_run,
    )

    player, run, ctx = post.player, post.body, post.ctx

    day = day_from(run.date)
    out_by(day, ctx.today(), "The Streak run")  # a day not out yet: 404, as every dated route
    now = now_ms(ctx)
    try:
        check_late(day, ctx.today())
        floor = check_pace(run.moves, run.seconds)  # a second a move claimed, as every game's results
    except RunRefused as exc:
        raise ApiError(422, str(exc)) from None
    try:
        ticket = tickets.read(run.ticket, key_of(ctx))
        # ... and as much really passed since the run's ticket: the floor can't be claimed at once.
        tickets.check(ticket, player=player.id, game=GAME, target=run.date, seconds=run.seconds, now=now,
                      floor=floor)
    except tickets.TicketRefused as exc:
        raise ApiError(422, str(exc), {"X-Ticket-Refused": exc.reason}) from None
    enforce(ctx, POSTS, player.id)
    try:
        puzzles, starts = _run(ctx, run.date)
        tally = score_run(puzzles, run.moves, run.skipped, starts)
    except RunRefused as exc:
        raise ApiError(422, str(exc)) from None
    answer = StreakRecords(ctx.store).record_run(
        player.id, run.date, ticket.nonce, tally, run.seconds, utc_stamp(ctx.now()),
        on_boards=on_boards(ctx, player),
    )
    return StreakPosted(
        ranked=answer.ranked, already=answer.already, result=_result(answer.result),
        boarded=answer.entry is not None,
        **placed(ctx, answer.entry, player.name),
    )


@router.get(
    "/streak/daily/{date}",
    tags=TAGS,
    response_model=StreakDay,
    responses=errors(400, 404, 503),
    summary="A day's Streak run, as its public file: for a night the site hasn't the day's copy",
)
@cached(DAILY)
async def streak_day(ctx: Ctx, date: DatePath) -> StreakDay:
    day = day_from(date)
    out_by(day, ctx.today(), "The Streak run")
    if day < FIRST_DAY:
        raise ApiError(404, f"Streak starts on {FIRST_DAY.isoformat()}; {day.isoformat()} had no run.")
    runs = streak_runs_of(ctx)
    if day == ctx.today():
        runs.ensure(day)  # today's is kept now if the nightly hasn't yet
    found = runs.file(day.isoformat())
    if found is None:
        raise ApiError(404, f"There’s no Streak run for {day.isoformat()}.")
    return StreakDay.model_validate(found)


@router.get(
    "/streak/me",
    tags=TAGS,
    response_model=StreakMine,
    responses=errors(401, 503),
    summary="Your best ranked Streak run and your ranked runs, newest first",
)
@cached(PRIVATE)
async def my_runs(me: Me) -> StreakMine:
    records = StreakRecords(me.ctx.store)
    best = records.best(me.player.id)
    runs = [_result(r) for r in records.history(me.player.id)]
    return StreakMine(best=_result(best) if best else None, runs=runs)


@router.get(
    "/boards/streak/daily/{date}",
    tags=BOARD_TAGS,
    openapi_extra=OPTIONAL_AUTH,
    response_model=StreakBoard,
    responses=errors(400, 404, 503),
    summary="A day's Streak board: more solved first, then a higher puzzle solved, then less time",
)
@cached(BOARD)
async def streak_daily(onlooker: OnlookerOf, date: DatePath) -> StreakBoard:
    ctx = onlooker.ctx
    day = day_from(date)
    out_by(day, ctx.today(), "The Streak run")
    if day < FIRST_DAY:
        raise ApiError(404, f"Streak starts on {FIRST_DAY.isoformat()}; {day.isoformat()} had no run.")
    board = shown(onlooker, f"streak/daily/{day.isoformat()}", StreakRow)
    return StreakBoard(date=day.isoformat(), rows=board.rows, mine=board.mine, published=board.published)


@router.get(
    "/boards/streak/best",
    tags=BOARD_TAGS,
    openapi_extra=OPTIONAL_AUTH,
    response_model=StreakBoard,
    responses=errors(503),
    summary="Each player's best ranked Streak run of all time, ranked as a day's board",
)
@cached(BOARD)
async def streak_best(onlooker: OnlookerOf) -> StreakBoard:
    board = shown(onlooker, "streak/best", StreakRow)
    return StreakBoard(rows=board.rows, mine=board.mine, published=board.published)
