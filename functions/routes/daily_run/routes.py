"""A run mode's routes, made once for every mode by `run_router` (docs/api.md, "Storm", "Streak"):
starting a run (its play ticket), posting it (scored by the server), the day's run file, the
player's own runs, and the mode's two boards.

A ranked run starts here: POST /<mode>/runs keeps the day's run if nothing had (service/games/
daily_run), issues a play ticket naming the player, the mode and the day with the server's time,
and notes the player's first run of the day; any later run of theirs that day is practice. POST
/<mode>/results checks the run's pace (a second a solver move claimed) and, where the mode says,
its day; reads the ticket (puzzlebook.tickets: the player's own, for this day, no more seconds than
have passed, and a second a move really passed since it); replays every attempted puzzle with the
referee and scores it by the mode's rule (`RunRoutes.score`), then RunRecords keeps it once if it
is the ranked run.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter
from pydantic import BaseModel

from functions.auth import OPTIONAL_AUTH
from functions.bodies import day_from, documented, errors, out_by
from functions.caching import BOARD, DAILY, PRIVATE, cached
from functions.deps import Ctx, OnlookerOf, Post, Signed, signed_in, signed_post
from functions.direct import direct
from functions.errors import ApiError
from functions.limits import Limit, enforce
from functions.plays import PlayerDate, PlayerOffset, key_of, now_ms, on_boards, players_day
from functions.routes.boards import DatePath, placed, shown
from puzzlebook import tickets
from puzzlebook.calendar import is_date_somewhere, oldest_date
from puzzlebook.messages import msg
from service.context import Context
from service.games.chess.puzzles import puzzles_of
from service.games.daily_run.mode import RunMode
from service.games.daily_run.records import RunRecords
from service.games.daily_run.runs import runs_of
from service.plays import mint
from service.social.days import mark_played
from service.store.items import utc_stamp

if TYPE_CHECKING:
    import chess

    from puzzlebook.chess.puzzle import Puzzle

RUNS_PER_HOUR = 60
BOARD_TAGS: list[str | Enum] = ["boards"]


@dataclass(frozen=True, slots=True)
class Scoring:
    """What a mode's scoring rule is given: the day's puzzles and their starting positions, the
    posted body, when its ticket was issued and now (ms)."""

    puzzles: list[Puzzle]
    starts: list[chess.Board]
    run: Any
    issued: int
    now: int


@dataclass(frozen=True)
class RunRoutes:
    """A mode's HTTP side: its service `mode`, its bodies (the request `run`, and the answers), how a
    post is scored (`score`: the tally, RunRefused when it can't stand; it imports python-chess, so
    it is called only on a post), what is checked of a run's day before its ticket (`check_day`:
    RunRefused when refused), and the day file's summary."""

    mode: RunMode[Any]
    run: type[BaseModel]
    day: type[BaseModel]
    start: type[BaseModel]
    result: type[BaseModel]
    posted: type[BaseModel]
    row: type[BaseModel]
    board: type[BaseModel]
    mine: type[BaseModel]
    score: Callable[[Scoring], Any]
    day_summary: str
    check_day: Callable[[dt.date, dt.date], None] | None = None


class PostedRuns:
    """The runs being posted to one app (`ctx`; its part: `ctx.part(PostedRuns)`), each mode's two
    newest days (today's, and yesterday's just after midnight): the run's puzzles and their starting
    positions, which the referee replays every post against. A kept run never changes, so each is
    made once per app."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._runs: dict[tuple[str, str], tuple[list[Puzzle], list[chess.Board]]] = {}

    def of(self, mode: RunMode[Any], day: str) -> tuple[list[Puzzle], list[chess.Board]]:
        """`mode`'s run of `day`: its puzzles and their starting positions (422 when none was kept, or
        a puzzle of it isn't in the bundle)."""
        from puzzlebook.chess.runs import starting_positions

        runs = self._runs
        if (mode.key, day) in runs:
            return runs[mode.key, day]
        kept = runs_of(self.ctx, mode).run(day)
        if kept is None:
            raise ApiError(422, NO_RUN_STARTED(mode=mode.title, day=day))
        chess = puzzles_of(self.ctx)  # a run mode plays the chess bundle's puzzles
        found = [chess.puzzle(p.band, p.id) for p in kept.puzzles]
        puzzles = [p for p in found if p is not None]
        if len(puzzles) != len(found):
            raise ApiError(422, RUN_PUZZLE_GONE)
        runs[mode.key, day] = (puzzles, starting_positions(puzzles))
        for old in sorted(k for k in runs if k[0] == mode.key)[:-2]:
            runs.pop(old)
        return runs[mode.key, day]


NO_RUN_STARTED = msg("no_run_started", "No {mode} run was started on {day}.")
RUN_PUZZLE_GONE = msg("run_puzzle_not_in_bundle",
                      "A puzzle of this run isn’t in the game’s collection, so it can’t be checked.")
TOO_MANY_RUNS = msg("too_many_runs", "Too many runs: at most {most} an hour. {retry}")
TOO_MANY_RUN_POSTS = msg("too_many_run_posts", "Too many posts: at most {most} an hour. {retry}")
SIGN_IN_TO_PLAY = msg("sign_in_to_play_run", "Sign in to play a ranked {mode} run.")
SIGN_IN_TO_KEEP = msg("sign_in_to_keep_runs", "Sign in to keep your {mode} runs.")
SIGN_IN_TO_SEE = msg("sign_in_to_see_runs", "Sign in to see your {mode} runs.")
THE_RUN = msg("the_run", "The {mode} run")
STARTS_ON_NO_RUN = msg("run_mode_starts_no_run", "{mode} starts on {first}; {day} had no run.")
STARTS_ON = msg("run_mode_starts", "{mode} starts on {first}.")
NO_RUN = msg("no_run_that_day", "There’s no {mode} run for {day}.")


def run_router(routes: RunRoutes) -> APIRouter:
    """The routes of the run mode `routes` describes."""
    mode, key, title = routes.mode, routes.mode.key, routes.mode.title
    router = APIRouter()
    tags: list[str | Enum] = [key]
    starts = Limit(f"{key}-start", RUNS_PER_HOUR, TOO_MANY_RUNS(most=RUNS_PER_HOUR))
    posts = Limit(f"{key}-post", RUNS_PER_HOUR, TOO_MANY_RUN_POSTS(most=RUNS_PER_HOUR))
    # A route's parameters' dependencies (functions/deps.py), in the mode's words.
    starter = signed_in(SIGN_IN_TO_PLAY(mode=title), no_body=True)
    poster = signed_post(routes.run, SIGN_IN_TO_KEEP(mode=title))
    reader = signed_in(SIGN_IN_TO_SEE(mode=title))
    first_day = mode.first_day.isoformat()
    the_run = THE_RUN(mode=title)

    def result(run: Any) -> Any:
        return routes.result.model_validate(run.to_doc())

    def check_out(day: dt.date, ctx: Context) -> None:
        out_by(day, ctx.now(), the_run)
        if day < mode.first_day:
            raise ApiError(404, STARTS_ON_NO_RUN(mode=title, first=first_day, day=day.isoformat()))

    @router.post(
        f"/{key}/runs",
        tags=tags,
        name="start_run",
        response_model=routes.start,
        responses=errors(400, 401, 404, 422, 429, 503),
        summary=f"Start today's {title} run: a play ticket with the start time; "
        "ranked if it's your first today",
    )
    @cached(PRIVATE)
    async def start_run(
        me: Signed = starter, date: PlayerDate = None, offset: PlayerOffset = None
    ) -> BaseModel:
        player, ctx = me.player, me.ctx
        when = players_day(ctx, date, offset)  # the run of the player's own date
        today = when.day
        if today < mode.first_day:
            raise ApiError(404, STARTS_ON(mode=title, first=first_day))
        enforce(ctx, starts, player.id)
        runs_of(ctx, mode).ensure(today)
        issued = mint(ctx.settings.site_key, player.id, key, today.isoformat(), now_ms(ctx),
                      day=today.isoformat(), offset=when.offset)
        ticket = issued.ticket
        ranked = RunRecords(ctx.store, mode).start(player.id, today.isoformat(), ticket.nonce, ticket.issued)
        return routes.start(date=today.isoformat(), ticket=issued.text, issued=ticket.issued, ranked=ranked)

    @router.post(
        f"/{key}/results",
        tags=tags,
        name="post_run",
        response_model=routes.posted,
        openapi_extra=documented(routes.run),
        responses=errors(400, 401, 404, 413, 422, 429, 503),
        summary=f"Post a {title} run: replayed and scored by the server; kept if it's your ranked run",
    )
    @cached(PRIVATE)
    @direct
    async def post_run(post: Post[Any] = poster) -> BaseModel:
        from puzzlebook.chess.runs import RunRefused, check_pace  # python-chess: on first post

        player, run, ctx = post.player, post.body, post.ctx
        day = day_from(run.date)
        out_by(day, ctx.now(), the_run)  # a day not out yet: 404, as every dated route
        now = now_ms(ctx)
        try:
            floor = check_pace(run.moves, run.seconds)  # a second a move claimed, as every game's results
            if routes.check_day is not None:
                routes.check_day(day, oldest_date(ctx.now()))  # late once the day after has ended everywhere
        except RunRefused as exc:
            raise ApiError(422, exc.message) from None
        try:
            ticket = tickets.read(run.ticket, key_of(ctx))
            # ... and as much really passed since the run's ticket: the floor can't be claimed at once.
            tickets.check(ticket, player=player.id, game=key, target=run.date, seconds=run.seconds, now=now,
                          floor=floor)
        except tickets.TicketRefused as exc:
            raise ApiError(422, exc.message, {"X-Ticket-Refused": exc.reason}) from None
        enforce(ctx, posts, player.id)
        try:
            puzzles, positions = ctx.part(PostedRuns).of(mode, run.date)
            tally = routes.score(Scoring(puzzles, positions, run, ticket.issued, now))
        except RunRefused as exc:
            raise ApiError(422, exc.message) from None
        answer = RunRecords(ctx.store, mode).record_run(
            player.id, run.date, ticket.nonce, tally, run.seconds, utc_stamp(ctx.now()),
            on_boards=on_boards(ctx, player),
        )
        if answer.ranked or answer.already:  # the day's ranked run, now or kept before
            mark_played(ctx, player, key, day, ticket.offset)
        return routes.posted(
            ranked=answer.ranked, already=answer.already, result=result(answer.result),
            boarded=answer.entry is not None,
            **placed(ctx, answer.entry, player.name),
        )

    @router.get(
        f"/{key}/daily/{{date}}",
        tags=tags,
        name=f"{key}_day",
        response_model=routes.day,
        responses=errors(400, 404, 503),
        summary=f"A day's {title} run, as its public file: {routes.day_summary}",
    )
    @cached(DAILY)
    async def run_day(ctx: Ctx, date: DatePath) -> BaseModel:
        day = day_from(date)
        check_out(day, ctx)
        runs = runs_of(ctx, mode)
        if is_date_somewhere(day, ctx.now()):
            runs.ensure(day)  # a date in play is kept now if the nightly hasn't yet
        found = runs.file(day.isoformat())
        if found is None:
            raise ApiError(404, NO_RUN(mode=title, day=day.isoformat()))
        return routes.day.model_validate(found)

    @router.get(
        f"/{key}/me",
        tags=tags,
        name="my_runs",
        response_model=routes.mine,
        responses=errors(401, 503),
        summary=f"Your best ranked {title} run and your ranked runs, newest first",
    )
    @cached(PRIVATE)
    async def my_runs(me: Signed = reader) -> BaseModel:
        records = RunRecords(me.ctx.store, mode)
        best = records.best(me.player.id)
        runs = [result(r) for r in records.history(me.player.id)]
        return routes.mine(best=result(best) if best else None, runs=runs)

    @router.get(
        f"/boards/{key}/daily/{{date}}",
        tags=BOARD_TAGS,
        name=f"{key}_daily",
        openapi_extra=OPTIONAL_AUTH,
        response_model=routes.board,
        responses=errors(400, 404, 503),
        summary=f"A day's {title} board: more solved first, then a higher puzzle solved, then less time",
    )
    @cached(BOARD)
    async def daily_board(onlooker: OnlookerOf, date: DatePath) -> BaseModel:
        day = day_from(date)
        check_out(day, onlooker.ctx)
        board = shown(onlooker, f"{key}/daily/{day.isoformat()}", routes.row)
        return routes.board(date=day.isoformat(), rows=board.rows, mine=board.mine, published=board.published,
                            open_until=board.open_until)

    @router.get(
        f"/boards/{key}/best",
        tags=BOARD_TAGS,
        name=f"{key}_best",
        openapi_extra=OPTIONAL_AUTH,
        response_model=routes.board,
        responses=errors(503),
        summary=f"Each player's best ranked {title} run of all time, ranked as a day's board",
    )
    @cached(BOARD)
    async def best_board(onlooker: OnlookerOf) -> BaseModel:
        board = shown(onlooker, f"{key}/best", routes.row)
        return routes.board(rows=board.rows, mine=board.mine, published=board.published)

    return router
