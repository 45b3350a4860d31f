"""Following: your follow code and link, following by code, unfollowing, your follows and followers,
removing a follower, blocking and unblocking, and allowing being followed (docs/friends.md; the
refusals in docs/api.md, "Friends and clubs"). A route about another player answers 404 when there is
nothing between you and them (nothing reveals that a player exists).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter

from functions.bodies import documented, errors
from functions.caching import PRIVATE, cached
from functions.deps import Post, Signed, signed_in, signed_post
from functions.errors import ApiError, named_in_path
from functions.limits import Limit, enforce
from functions.routes.social.models import (
    PLAYER_ID,
    BlockList,
    BlockSomeone,
    CodePath,
    Done,
    FollowByCode,
    Followed,
    FollowerList,
    FollowList,
    FollowSetting,
    FollowState,
    PlayerId,
    PlayerOut,
)
from puzzlebook.friends.codes import follow_link, grouped
from puzzlebook.friends.limits import MAX_FOLLOWS, Refused
from puzzlebook.messages import msg
from service.social.follows import CodeState, Follows, Someone

router = APIRouter(tags=["friends"])

NEEDED = msg("sign_in_to_follow", "Sign in first: you follow people, and they follow you, as a player.")
Myself = Annotated[Signed, signed_in(NEEDED)]
Quietly = Annotated[Signed, signed_in(NEEDED, no_body=True)]
Following = Annotated[Post[FollowByCode], signed_post(FollowByCode, NEEDED)]
Setting = Annotated[Post[FollowSetting], signed_post(FollowSetting, NEEDED)]
Blocking = Annotated[Post[BlockSomeone], signed_post(BlockSomeone, NEEDED)]
# Per player: a code is 50 random bits, so tries by the thousand find no one; these stop a script's loop
# (every look-up of a code counts, followed or not).
LOOKUPS = Limit("follow-code", 120,
                msg("too_many_code_lookups", "Too many follow codes tried just now. {retry}"))
CHANGES = Limit("follow-change", 300,
                msg("too_many_follow_changes", "Too many changes to your follows just now. {retry}"))
NOT_FOLLOWING = msg("not_following", "You don’t follow anyone with that id.")
NOT_FOLLOWER = msg("not_a_follower", "No one with that id follows you.")
NOT_BLOCKED = msg("not_blocked", "You haven’t blocked anyone with that id.")
NO_RELATION = msg("no_follow_relation", "No one with that id follows you or is followed by you.")
DELETED_NOW = msg("player_deleted_now", "That player was deleted just now.")


def refusal(refused: Refused) -> ApiError:
    return ApiError(refused.status, refused.message)


def player_out(someone: Someone, you_follow: bool = False) -> PlayerOut:
    return PlayerOut(id=someone.pid, name=someone.name, since=someone.since or None, sharing=someone.sharing,
                     follows_you=someone.follows_you, you_follow=you_follow)


def _state(state: CodeState | None) -> FollowState:
    if state is None:  # deleted between the sign-in and now
        raise ApiError(401, DELETED_NOW)
    return FollowState(code=grouped(state.code), link=follow_link(state.code), allowed=state.allowed,
                       following=state.following, most=MAX_FOLLOWS)



@router.get(
    "/me/follow",
    response_model=FollowState,
    responses=errors(401, 503),
    summary="Your follow code and link (made the first time you ask), and whether you allow being followed",
)
@cached(PRIVATE)
async def my_follow_code(me: Myself) -> FollowState:
    return _state(Follows(me.ctx.store).code_state(me.player.id))


@router.post(
    "/me/follow/code",
    response_model=FollowState,
    responses=errors(401, 503),
    summary="A new follow code: the old one and its link stop finding you at once (those following stay)",
)
@cached(PRIVATE)
async def new_follow_code(me: Quietly) -> FollowState:
    enforce(me.ctx, CHANGES, me.player.id)
    return _state(Follows(me.ctx.store).code_state(me.player.id, new_code=True))


@router.put(
    "/me/follow",
    response_model=FollowState,
    openapi_extra=documented(FollowSetting),
    responses=errors(400, 401, 413, 503),
    summary="Allow being followed, or not: off hides your results from everyone following you",
)
@cached(PRIVATE)
async def set_following(post: Setting) -> FollowState:
    return _state(Follows(post.ctx.store).code_state(post.player.id, allowed=post.body.allowed))


@router.get(
    "/follow-codes/{code}",
    response_model=Followed,
    responses=errors(400, 401, 404, 422, 429, 503),
    summary="Whom a follow code finds, before you follow them (404: no one you can follow)",
)
@cached(PRIVATE)
async def look_up_code(me: Myself, code: CodePath) -> Followed:
    ctx = me.ctx
    enforce(ctx, LOOKUPS, me.player.id)
    try:
        someone, new = Follows(ctx.store).follow(me.player.id, code, ctx.now(), write=False)
    except Refused as refused:
        raise refusal(refused) from None
    return Followed(player=player_out(someone), already=not new)


@router.post(
    "/follows",
    response_model=Followed,
    openapi_extra=documented(FollowByCode),
    responses=errors(400, 401, 404, 413, 422, 429, 503),
    summary="Follow someone by their follow code: it asks nothing of them",
)
@cached(PRIVATE)
async def follow(post: Following) -> Followed:
    ctx = post.ctx
    enforce(ctx, LOOKUPS, post.player.id)
    try:
        someone, new = Follows(ctx.store).follow(post.player.id, post.body.code, ctx.now())
    except Refused as refused:
        raise refusal(refused) from None
    return Followed(player=player_out(someone), already=not new)


@router.get(
    "/follows",
    response_model=FollowList,
    responses=errors(401, 503),
    summary="The people you follow, whether each shares their results now and follows you back",
)
@cached(PRIVATE)
async def my_follows(me: Myself) -> FollowList:
    follows = Follows(me.ctx.store)
    pids = follows.followed(me.player.id)
    profiles = follows.profiles(pids)
    back = follows.following_back(me.player.id, pids)
    out = [player_out(follows.someone(p, profiles[p], follows_you=p in back), True)
           for p in pids if p in profiles]
    return FollowList(follows=out, most=MAX_FOLLOWS)


@router.delete(
    "/follows/{player_id}",
    response_model=Done,
    responses=errors(401, 404, 429, 503),
    summary="Stop following someone",
)
@cached(PRIVATE)
async def unfollow(me: Myself, player_id: PlayerId) -> Done:
    enforce(me.ctx, CHANGES, me.player.id)
    if not Follows(me.ctx.store).unfollow(me.player.id, named_in_path(player_id, PLAYER_ID, NOT_FOLLOWING)):
        raise ApiError(404, NOT_FOLLOWING)
    return Done()


@router.get(
    "/followers",
    response_model=FollowerList,
    responses=errors(401, 503),
    summary="Who follows you, newest first",
)
@cached(PRIVATE)
async def my_followers(me: Myself) -> FollowerList:
    follows = Follows(me.ctx.store)
    found, more = follows.followers(me.player.id)
    profiles = follows.profiles([pid for pid, _ in found])
    mine = set(follows.followed(me.player.id))
    out = [player_out(follows.someone(pid, profiles[pid], since=since, follows_you=True), pid in mine)
           for pid, since in found if pid in profiles]
    return FollowerList(followers=out, more=more)


@router.delete(
    "/followers/{player_id}",
    response_model=Done,
    responses=errors(401, 404, 429, 503),
    summary="Remove a follower (they may follow again with your code: block them, or make a new code)",
)
@cached(PRIVATE)
async def remove_follower(me: Myself, player_id: PlayerId) -> Done:
    enforce(me.ctx, CHANGES, me.player.id)
    follower = named_in_path(player_id, PLAYER_ID, NOT_FOLLOWER)
    if not Follows(me.ctx.store).remove_follower(me.player.id, follower):
        raise ApiError(404, NOT_FOLLOWER)
    return Done()


@router.get(
    "/blocks",
    response_model=BlockList,
    responses=errors(401, 503),
    summary="Whom you blocked",
)
@cached(PRIVATE)
async def my_blocks(me: Myself) -> BlockList:
    return BlockList(blocked=[player_out(s) for s in Follows(me.ctx.store).blocked(me.player.id)])


@router.post(
    "/blocks",
    response_model=PlayerOut,
    openapi_extra=documented(BlockSomeone),
    responses=errors(400, 401, 404, 413, 429, 503),
    summary="Block a follower, or someone you follow: both follows end, and neither can follow the other",
)
@cached(PRIVATE)
async def block(post: Blocking) -> PlayerOut:
    ctx = post.ctx
    enforce(ctx, CHANGES, post.player.id)
    me, them = post.player.id, post.body.id
    blocked = None if them == me else Follows(ctx.store).block(me, them, ctx.now())
    if blocked is None:
        raise ApiError(404, NO_RELATION)
    return player_out(blocked)


@router.delete(
    "/blocks/{player_id}",
    response_model=Done,
    responses=errors(401, 404, 429, 503),
    summary="Lift a block (neither follows the other again until one follows by code)",
)
@cached(PRIVATE)
async def unblock(me: Myself, player_id: PlayerId) -> Done:
    enforce(me.ctx, CHANGES, me.player.id)
    if not Follows(me.ctx.store).unblock(me.player.id, named_in_path(player_id, PLAYER_ID, NOT_BLOCKED)):
        raise ApiError(404, NOT_BLOCKED)
    return Done()


