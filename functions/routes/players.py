"""Players: create one (name → id and token), read and rename yourself, keep your language, delete
yourself."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request

from functions.auth import BAD_TOKEN, clean_name, new_secret, token_of
from functions.bodies import documented, errors
from functions.caching import PRIVATE, cached
from functions.clients import client_address
from functions.deps import OpenPostOf, Post, Signed, signed_in, signed_post
from functions.errors import NOT_AN_OBJECT, ApiError, words_for
from functions.limits import retry_in
from functions.models import (
    ChainTally,
    ChessTally,
    DailyStats,
    Deleted,
    LanguageChoice,
    LanguageKept,
    Me,
    NewPlayer,
    PlayerCreated,
    RatingInfo,
    Rename,
    StatsDay,
    StreakInfo,
)
from puzzlebook.daily_stats import STATS_DAYS
from puzzlebook.games import Game, streak_games
from puzzlebook.languages import LANGUAGES
from puzzlebook.messages import msg
from puzzlebook.rolling import Rolling
from puzzlebook.streaks import Streak
from service.accounts import account_stats, delete_player
from service.context import Context
from service.games.registry import hooks_of
from service.store.records import Player
from service.store.site import RollingCap

router = APIRouter(tags=["players"])

NEEDED = msg("sign_in_needed", "Sign in first: this needs a player's token (Authorization: Bearer …).")
# The player comes first (401 before the body is read): docs/api.md.
Myself = Annotated[Signed, signed_in(NEEDED)]
# The name as sent: checked by clean_name, whose words are plainer than a model's.
Renaming = Annotated[Post[Any], signed_post(None, NEEDED)]
Choosing = Annotated[Post[LanguageChoice], signed_post(LanguageChoice, NEEDED)]
NOT_A_LANGUAGE = msg("not_a_language", "The site has no language “{given}”: choose one of {codes}.")
# Per client address (functions/clients.py), in any 60 minutes and any 24 hours: room for a class of
# 60 with its teacher joining from one school's address (or two classes of 30 back to back), and a
# school's day of classes, while one machine can't mint players in bulk. docs/api.md.
PLAYERS_PER_HOUR = 80
PLAYERS_PER_DAY = 200
NEW_PLAYERS = "new-player"
HOURLY = Rolling(PLAYERS_PER_HOUR, 3600, 60)
DAILY = Rolling(PLAYERS_PER_DAY, 86_400, 3600)
TOO_MANY = msg(
    "too_many_players",
    "Too many players were made from your network just now: at most {hourly} an hour and {daily} a day. "
    "{retry}",
)(hourly=PLAYERS_PER_HOUR, daily=PLAYERS_PER_DAY)
NAME_MISSING = msg("name_missing", "The name is missing.")
NO_STATS = msg("no_daily_stats", "There are no daily stats for “{game}”: the games with them are {games}.")


def _name_from(body: object) -> str:
    """The body's name, checked by clean_name (its words are plainer than the model's)."""
    if not isinstance(body, dict):
        raise ApiError(400, NOT_AN_OBJECT)
    if "name" not in body:
        raise ApiError(400, NAME_MISSING)
    return clean_name(body["name"])


def streak_info(streak: Streak, now: dt.datetime, site_day: dt.date) -> StreakInfo:
    """A streak as the API gives it: as it stands on the player's own date at `now` (Streak.own_today),
    with its best and its freezes."""
    at = streak.standing_at(now, site_day)
    return StreakInfo(current=at.length, best=streak.best, freezes_used=at.freezes_used,
                      freezes_held=at.freezes_held)


def _streak(ctx: Context, pid: str, game: Game, kept: dict[str, Streak]) -> Streak:
    """A game's streak: as read with the account's tallies, or through the game's hook."""
    return kept[game.key] if game.key in kept else hooks_of(game).streak(ctx.store, pid)


def me_of(ctx: Context, player: Player, request: Request) -> Me:
    chess, chain = account_stats(ctx.store, player.id)
    kept = {"chess": chess.streak, "chain": chain.streak}  # read once: not again through the hooks
    today = ctx.today()
    rating = None
    if chess.rating is not None:
        rating = RatingInfo(
            rating=round(chess.rating.rating),
            rd=round(chess.rating.rd),
            provisional=chess.rating.provisional,
            games=chess.rated,
        )
    return Me(
        id=player.id,
        name=player.name,
        created=player.created,
        line=words_for(request.scope, chess.account_line(chess.streak.own_today(ctx.now(), today)))[0],
        chain_line=words_for(request.scope, chain.account_line(chain.streak.own_today(ctx.now(), today)))[0],
        ratings={"chess": rating},
        streaks={game.key: streak_info(_streak(ctx, player.id, game, kept), ctx.now(), today)
                 for game in streak_games()},
        chess=ChessTally(
            solved=chess.solved, clean=chess.clean, missed=chess.missed,
            after_mistake=chess.after_mistake, shown=chess.shown,
        ),
        chain=ChainTally(solved=chain.solved, clean=chain.clean, gave_up=chain.gave_up),
        language=player.language,
    )


@router.post(
    "/players",
    status_code=201,
    response_model=PlayerCreated,
    openapi_extra=documented(NewPlayer),
    responses=errors(400, 413, 429, 503),
    summary="Create a player: a display name in, an id and a bearer token out",
)
@cached(PRIVATE)
async def create_player(post: OpenPostOf, request: Request) -> PlayerCreated:
    ctx = post.ctx
    name = _name_from(post.body)
    address, now_ts = client_address(request), int(ctx.now().timestamp())
    caps = [RollingCap(f"{NEW_PLAYERS}-{rule.window}", address, rule, now_ts) for rule in (HOURLY, DAILY)]
    wait = ctx.store.take_rolling(*caps)
    if wait is not None:
        raise ApiError(429, TOO_MANY(retry=retry_in(wait)), {"Retry-After": str(wait)})
    secret, hashed = new_secret()
    player = ctx.store.create_player(name, hashed, ctx.now())
    return PlayerCreated(id=player.id, name=player.name, token=token_of(player.id, secret))


@router.get(
    "/me",
    response_model=Me,
    responses=errors(401, 503),
    summary="Yourself: the account line, ratings with their RD, and streaks",
)
@cached(PRIVATE)
async def get_me(me: Myself, request: Request) -> Me:
    return me_of(me.ctx, me.player, request)


@router.patch(
    "/me",
    response_model=Me,
    openapi_extra=documented(Rename),
    responses=errors(400, 401, 413, 503),
    summary="Change your display name",
)
@cached(PRIVATE)
async def patch_me(post: Renaming, request: Request) -> Me:
    name = _name_from(post.body)
    renamed = post.ctx.store.rename_player(post.player.id, name)
    if renamed is None:  # deleted between the two reads
        raise ApiError(401, BAD_TOKEN)
    return me_of(post.ctx, renamed, request)


@router.put(
    "/me/language",
    response_model=LanguageKept,
    openapi_extra=documented(LanguageChoice),
    responses=errors(400, 401, 413, 422, 503),
    summary="Keep a language as yours: your pages and answers follow you to every device",
)
@cached(PRIVATE)
async def put_my_language(post: Choosing) -> LanguageKept:
    code = post.body.language
    language = next((lang for lang in LANGUAGES if lang.code == code), None)
    if language is None:
        raise ApiError(422, NOT_A_LANGUAGE(given=code, codes=", ".join(lang.code for lang in LANGUAGES)))
    if post.ctx.store.set_language(post.player.id, language.code) is None:  # deleted between the two reads
        raise ApiError(401, BAD_TOKEN)
    return LanguageKept(language=language.code)


@router.delete(
    "/me",
    response_model=Deleted,
    responses=errors(401, 503),
    summary="Delete yourself: your results leave every board, your lessons go, your token stops working",
)
@cached(PRIVATE)
async def delete_me(me: Myself) -> Deleted:
    delete_player(me.ctx.store, me.player.id)
    return Deleted()


STATS_GAMES = [game.key for game in streak_games()]
StatsGame = Annotated[
    str, Path(json_schema_extra={"enum": STATS_GAMES}, description="A daily game with a streak.")
]


@router.get(
    "/me/stats/{game}",
    response_model=DailyStats,
    responses=errors(401, 404, 503),
    summary="Your days of a daily game over the last year, and your streak: its stats panel",
)
@cached(PRIVATE)
async def my_stats(me: Myself, game: StatsGame) -> DailyStats:
    found = [g for g in streak_games() if g.key == game]
    if not found:
        raise ApiError(404, NO_STATS(game=game, games=", ".join(STATS_GAMES)))
    hooks = hooks_of(found[0])
    streak = hooks.streak(me.ctx.store, me.player.id)
    today = streak.own_today(me.ctx.now(), me.ctx.today())  # the player's own date, by their last daily
    since = today - dt.timedelta(days=STATS_DAYS - 1)
    days = hooks.daily_results(me.ctx, me.player.id, since, today)
    return DailyStats(
        game=game, since=since.isoformat(), today=today.isoformat(),
        days=[StatsDay.model_validate(d.to_doc()) for d in days],
        streak=streak_info(streak, me.ctx.now(), me.ctx.today()),
    )
