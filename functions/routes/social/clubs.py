"""Clubs: anyone signed in makes one with a name and a join link; members (its owner among them) see
its board of every daily game for each day and each week; the owner renames it, removes members,
draws a new join link and closes it; a member leaves (docs/friends.md, "Clubs"; how a club differs
from a teacher's class: docs/classes.md). Anyone but a member is told there is no such club (404).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter

from functions.bodies import documented, errors
from functions.caching import PRIVATE, cached
from functions.deps import Post, Signed, signed_in, signed_post
from functions.errors import ApiError, named_in_path
from functions.limits import Limit, enforce
from functions.routes.social.follows import refusal
from functions.routes.social.models import (
    CLUB_ID,
    PLAYER_ID,
    ClubChange,
    ClubId,
    ClubList,
    ClubOut,
    ClubSummary,
    DatePath,
    DayBoardOut,
    Done,
    JoinClub,
    Joined,
    MemberOut,
    NewClub,
    PlayerId,
    WeekBoardOut,
)
from functions.routes.social.shapes import THAT_BOARD, THAT_WEEK, day_of, day_out, game_of, week_out
from puzzlebook.friends.clubs import NO_CLUB, NO_JOIN, NO_MEMBER, club_name
from puzzlebook.friends.limits import MAX_CLUB_MEMBERS, MAX_CLUBS, Refused
from puzzlebook.messages import msg
from service.context import Context
from service.social.boards import club_day, club_week
from service.social.clubs import ClubHead, Clubs
from service.store.records import Player

router = APIRouter(tags=["clubs"])

NEEDED = msg("sign_in_for_clubs", "Sign in first: a club's members are players.")
Myself = Annotated[Signed, signed_in(NEEDED)]
Quietly = Annotated[Signed, signed_in(NEEDED, no_body=True)]
Creating = Annotated[Post[NewClub], signed_post(NewClub, NEEDED)]
Renaming = Annotated[Post[ClubChange], signed_post(ClubChange, NEEDED)]
Joining = Annotated[Post[JoinClub], signed_post(JoinClub, NEEDED)]
# Per player: making and joining clubs are rare; these only stop a loop (a join's tries of codes too).
CREATES = Limit("club-create", 20, msg("too_many_clubs_made", "Too many clubs made just now. {retry}"))
JOINS = Limit("club-join", 60, msg("too_many_club_joins", "Too many clubs joined or tried just now. {retry}"))
NOT_OWNER = msg("not_club_owner", "There is no club with that id that you own.")


def join_link(head: ClubHead) -> str:
    return f"/friends/clubs/join/?id={head.id}&code={head.code}"


def _member_of(ctx: Context, club_id: str, player: Player) -> tuple[ClubHead, list[tuple[str, str, str]]]:
    """The club and its members ((id, name, joined)) if `player` is one of them; 404 otherwise (no hint
    that it exists). Whether they are is read consistently (their member item: they may have joined a
    moment ago); the list, eventually (half the units: a club's board reads it at every view)."""
    clubs = Clubs(ctx.store)
    head = clubs.head(club_id) if CLUB_ID.fullmatch(club_id) else None
    if head is None or not clubs.is_member(club_id, player.id):
        raise ApiError(404, NO_CLUB)
    members = {m.pid: m for m in clubs.members(club_id, consistent=False)}
    if player.id not in members:  # the list a moment behind: the viewer is in it all the same
        members = {m.pid: m for m in clubs.members(club_id)}
    return head, [(m.pid, m.name, m.joined) for m in members.values()]


def _out(head: ClubHead, members: list[tuple[str, str, str]], player: Player) -> ClubOut:
    return ClubOut(
        id=head.id, name=head.name, owner=head.owner == player.id, join_link=join_link(head),
        members=[MemberOut(id=pid, name=name, joined=joined, owner=pid == head.owner)
                 for pid, name, joined in members],
        most=MAX_CLUB_MEMBERS, created=head.created,
    )


def _owned(ctx: Context, club_id: str, player: Player) -> ClubHead:
    head = Clubs(ctx.store).head(club_id) if CLUB_ID.fullmatch(club_id) else None
    if head is None or head.owner != player.id:
        raise ApiError(404, NOT_OWNER)
    return head


@router.post(
    "/clubs",
    status_code=201,
    response_model=ClubOut,
    openapi_extra=documented(NewClub),
    responses=errors(400, 401, 413, 422, 429, 503),
    summary="Make a club (you own it, and are its first member): its join link comes back",
)
@cached(PRIVATE)
async def create_club(post: Creating) -> ClubOut:
    player, ctx = post.player, post.ctx
    try:
        name = club_name(post.body.name)
        enforce(ctx, CREATES, player.id)
        head = Clubs(ctx.store).create(player.id, player.name, name, ctx.now(), ctx)
    except Refused as refused:
        raise refusal(refused) from None
    return _out(head, [(player.id, player.name, head.created)], player)


@router.get(
    "/clubs",
    response_model=ClubList,
    responses=errors(401, 503),
    summary="The clubs you are in",
)
@cached(PRIVATE)
async def my_clubs(me: Myself) -> ClubList:
    heads = Clubs(me.ctx.store).clubs_of(me.player.id)
    return ClubList(clubs=[ClubSummary(id=h.id, name=h.name, owner=h.owner == me.player.id) for h in heads],
                    most=MAX_CLUBS)


@router.get(
    "/clubs/{club_id}",
    response_model=ClubOut,
    responses=errors(401, 404, 503),
    summary="A club you are in: its members and join link",
)
@cached(PRIVATE)
async def get_club(me: Myself, club_id: ClubId) -> ClubOut:
    return _out(*_member_of(me.ctx, club_id, me.player), me.player)


@router.patch(
    "/clubs/{club_id}",
    response_model=ClubOut,
    openapi_extra=documented(ClubChange),
    responses=errors(400, 401, 404, 413, 503),
    summary="Rename your club",
)
@cached(PRIVATE)
async def rename_club(post: Renaming, club_id: ClubId) -> ClubOut:
    player, ctx = post.player, post.ctx
    _owned(ctx, club_id, player)
    try:
        name = club_name(post.body.name)
    except Refused as refused:
        raise refusal(refused) from None
    if Clubs(ctx.store).update(club_id, player.id, name=name) is None:
        raise ApiError(404, NOT_OWNER)
    return _out(*_member_of(ctx, club_id, player), player)


@router.post(
    "/clubs/{club_id}/code",
    response_model=ClubOut,
    responses=errors(401, 404, 503),
    summary="A new join link for your club: the old one stops working at once (members stay)",
)
@cached(PRIVATE)
async def new_join_link(me: Quietly, club_id: ClubId) -> ClubOut:
    player, ctx = me.player, me.ctx
    _owned(ctx, club_id, player)
    if Clubs(ctx.store).update(club_id, player.id, new_code=True) is None:
        raise ApiError(404, NOT_OWNER)
    return _out(*_member_of(ctx, club_id, player), player)


@router.post(
    "/clubs/{club_id}/join",
    response_model=Joined,
    openapi_extra=documented(JoinClub),
    responses=errors(400, 401, 404, 413, 422, 429, 503),
    summary="Join a club by its link (404 for a wrong or replaced link, as for no club)",
)
@cached(PRIVATE)
async def join_club(post: Joining, club_id: ClubId) -> Joined:
    player, ctx = post.player, post.ctx
    enforce(ctx, JOINS, player.id)
    named_in_path(club_id, CLUB_ID, NO_JOIN)
    try:
        clubs = Clubs(ctx.store)
        _, new = clubs.join(club_id, post.body.code, player.id, player.name, ctx.now(), ctx)
    except Refused as refused:
        raise refusal(refused) from None
    return Joined(club=_out(*_member_of(ctx, club_id, player), player), already=not new)


@router.post(
    "/clubs/{club_id}/leave",
    response_model=Done,
    responses=errors(401, 404, 422, 503),
    summary="Leave a club (its owner closes it instead)",
)
@cached(PRIVATE)
async def leave_club(me: Quietly, club_id: ClubId) -> Done:
    try:
        left = CLUB_ID.fullmatch(club_id) is not None and Clubs(me.ctx.store).leave(club_id, me.player.id)
    except Refused as refused:
        raise refusal(refused) from None
    if not left:
        raise ApiError(404, NO_CLUB)
    return Done()


@router.delete(
    "/clubs/{club_id}/members/{player_id}",
    response_model=Done,
    responses=errors(401, 404, 422, 503),
    summary="Remove a member from your club: they drop off its boards, and can't join again",
)
@cached(PRIVATE)
async def remove_member(me: Myself, club_id: ClubId, player_id: PlayerId) -> Done:
    player, ctx = me.player, me.ctx
    _owned(ctx, club_id, player)
    try:
        removed = PLAYER_ID.fullmatch(player_id) is not None and Clubs(ctx.store).remove(
            club_id, player.id, player_id, ctx.now())
    except Refused as refused:
        raise refusal(refused) from None
    if not removed:
        raise ApiError(404, NO_MEMBER)
    return Done()


@router.delete(
    "/clubs/{club_id}",
    response_model=Done,
    responses=errors(401, 404, 503),
    summary="Close your club: it is gone for every member at once",
)
@cached(PRIVATE)
async def close_club(me: Myself, club_id: ClubId) -> Done:
    _owned(me.ctx, club_id, me.player)
    if not Clubs(me.ctx.store).close(club_id, me.player.id):
        raise ApiError(404, NOT_OWNER)
    return Done()


@router.get(
    "/clubs/{club_id}/boards/{game}/{date}",
    response_model=DayBoardOut,
    responses=errors(400, 401, 404, 503),
    summary="A club's board of a daily game's day: its members, ranked as the public board ranks",
)
@cached(PRIVATE)
async def club_board(me: Myself, club_id: ClubId, game: str, date: DatePath) -> DayBoardOut:
    ctx = me.ctx
    _, members = _member_of(ctx, club_id, me.player)
    daily = game_of(game)
    day = day_of(ctx, date, THAT_BOARD)
    return day_out(club_day(ctx, club_id, me.player, [(p, n) for p, n, _ in members], daily, day))


@router.get(
    "/clubs/{club_id}/boards/{game}/week/{date}",
    response_model=WeekBoardOut,
    responses=errors(400, 401, 404, 503),
    summary="A club's week of a daily game (Monday to Sunday): each member's days played and totals",
)
@cached(PRIVATE)
async def club_board_week(me: Myself, club_id: ClubId, game: str, date: DatePath) -> WeekBoardOut:
    ctx = me.ctx
    _, members = _member_of(ctx, club_id, me.player)
    daily = game_of(game)
    day = day_of(ctx, date, THAT_WEEK)
    return week_out(club_week(ctx, club_id, me.player, [(p, n) for p, n, _ in members], daily, day))
