"""Sending a race to the people you follow: a racer invites a mutual follow to a race waiting for its
start; the invited player reads their invites (their own key) and dismisses one (docs/live.md, "Sending
a race to the people you follow"; the refusals in docs/api.md, "Friends and clubs").
"""

from __future__ import annotations

from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter

from functions.bodies import documented, errors
from functions.caching import PRIVATE, cached
from functions.deps import Post, Signed, signed_in, signed_post
from functions.errors import ApiError, named_in_path
from functions.limits import Limit, enforce
from functions.routes.social.models import RACE_ID, Done, InviteList, InviteOut, InviteSent, InviteTo, RaceId
from puzzlebook.messages import msg
from puzzlebook.racer.invites import NO_RACE, InviteRefused
from service.context import Context
from service.live.invites import Invites

router = APIRouter(tags=["friends"])

NEEDED = msg("sign_in_for_invites", "Sign in first: invites to a race go between players.")
Myself = Annotated[Signed, signed_in(NEEDED)]
Inviting = Annotated[Post[InviteTo], signed_post(InviteTo, NEEDED)]
# Per player, across races: ten races' worth of invites an hour; a race's own cap is its racers'.
SENDS = Limit("race-invite", 90, msg("too_many_invites", "Too many invites sent just now. {retry}"))
NO_INVITE = msg("invite_none", "You have no invite to a race with that id.")


def race_link(race_id: str) -> str:
    return f"/race/?id={quote(race_id)}"



@router.post(
    "/races/{race_id}/invites",
    response_model=InviteSent,
    openapi_extra=documented(InviteTo),
    responses=errors(400, 401, 403, 404, 409, 413, 429, 503),
    summary="Invite a player you follow who follows you back to a race you are in, before it starts",
)
@cached(PRIVATE)
async def invite(post: Inviting, race_id: RaceId) -> InviteSent:
    ctx, me = post.ctx, post.player
    race = named_in_path(race_id, RACE_ID, NO_RACE)
    enforce(ctx, SENDS, me.id)
    try:
        new = Invites(ctx.store).send(race, me.id, me.name, post.body.to, ctx.now())
    except InviteRefused as refused:
        raise ApiError(refused.status, refused.message) from None
    return InviteSent(to=post.body.to, already=not new)


@router.get(
    "/me/invites",
    response_model=InviteList,
    responses=errors(401, 503),
    summary="Your invites to races that still take you (not started, not full, not past their life)",
)
@cached(PRIVATE)
async def my_invites(me: Myself) -> InviteList:
    return invites_of(me.ctx, me.player.id)


def invites_of(ctx: Context, pid: str) -> InviteList:
    """The invites `pid` sees now (also the home page's, functions/routes/home.py)."""
    found = Invites(ctx.store).mine(pid, ctx.now())
    return InviteList(invites=[InviteOut(race=i.race, link=race_link(i.race), name=i.name, made=i.made)
                               for i in found])


@router.delete(
    "/me/invites/{race_id}",
    response_model=Done,
    responses=errors(401, 404, 503),
    summary="Dismiss your invite to a race",
)
@cached(PRIVATE)
async def dismiss(me: Myself, race_id: RaceId) -> Done:
    if not RACE_ID.fullmatch(race_id) or not Invites(me.ctx.store).dismiss(me.player.id, race_id):
        raise ApiError(404, NO_INVITE)
    return Done()
