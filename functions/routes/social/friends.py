"""The friends' boards: a daily game's board of a day, and of its week, of you and the people you follow
who share their results, each with their ranked result as the public board ranks it; and your friend
streaks with those who follow you back (docs/friends.md). Yours alone: a token is needed (401); a
guest's page invites them to make a player.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from functions.bodies import errors
from functions.caching import PRIVATE, cached
from functions.deps import Signed, signed_in
from functions.routes.social.follows import player_out
from functions.routes.social.models import (
    DatePath,
    FriendsBoardOut,
    FriendStreakOut,
    FriendStreaks,
    PlayedOut,
    WeekBoardOut,
)
from functions.routes.social.shapes import THAT_BOARD, THAT_WEEK, day_of, day_out, game_of, week_out
from puzzlebook.friends.played import Played
from puzzlebook.friends.state import social_of
from puzzlebook.messages import msg
from service.social.boards import StreakRow, friend_streaks, friends_day, friends_week
from service.store.records import Player

router = APIRouter(tags=["friends"])

NEEDED = msg("sign_in_for_friends",
             "Sign in to see the people you follow: their boards are kept for players.")
Myself = Annotated[Signed, signed_in(NEEDED)]
Band = Annotated[str | None, Query(max_length=20, description="The chess daily's band, on a day that had "
                                                                "several (its first otherwise).")]


@router.get(
    "/friends/boards/{game}/{date}",
    response_model=FriendsBoardOut,
    responses=errors(400, 401, 404, 503),
    summary="A daily game's board of a day: you and the people you follow, ranked as the public board ranks",
)
@cached(PRIVATE)
async def friends_board(me: Myself, game: str, date: DatePath, band: Band = None) -> FriendsBoardOut:
    ctx = me.ctx
    daily = game_of(game)
    day = day_of(ctx, date, THAT_BOARD)
    board = friends_day(ctx, me.player, daily, day, daily.band_of(ctx.settings, day, band))
    return FriendsBoardOut(**day_out(board).model_dump(), streaks=_streak_rows(me.player, board.streaks))


@router.get(
    "/friends/boards/{game}/week/{date}",
    response_model=WeekBoardOut,
    responses=errors(400, 401, 404, 503),
    summary="A daily game's week (Monday to Sunday) with the people you follow: days played and totals",
)
@cached(PRIVATE)
async def friends_board_week(me: Myself, game: str, date: DatePath) -> WeekBoardOut:
    ctx = me.ctx
    daily = game_of(game)
    return week_out(friends_week(ctx, me.player, daily, day_of(ctx, date, THAT_WEEK)))


def _played(played: Played) -> PlayedOut:
    return PlayedOut(first=played.first, last=played.last, missed=list(played.missed))


def _streak_rows(player: Player, rows: list[StreakRow]) -> list[FriendStreakOut]:
    mine = _played(social_of(player.doc).played)
    return [
        FriendStreakOut(player=player_out(row.someone, True), streak=row.streak.length,
                        freezes_used=row.streak.freezes_used, freezes_held=row.streak.freezes_held,
                        both_today=row.streak.both_today, today=row.streak.today, mine=mine,
                        theirs=_played(row.played))
        for row in rows
    ]


@router.get(
    "/friends/streaks",
    response_model=FriendStreaks,
    responses=errors(401, 503),
    summary="Your friend streaks: with each one you follow who follows back, the days in a row both played",
)
@cached(PRIVATE)
async def my_friend_streaks(me: Myself) -> FriendStreaks:
    return FriendStreaks(streaks=_streak_rows(me.player, friend_streaks(me.ctx, me.player)))
