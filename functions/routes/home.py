"""The signed-in home page's one request, GET /api/me/home (docs/api.md, "Your dashboard and history
(chess)"): what the home shows of the player's own beside the day's files, each as its own route
answers it: their results of a day's chess dailies (`/api/me/chess/<date>`, when `day` is given: the
page gives its day while one of its dailies is open on this device), what their classes have due
(`/api/classes/due`), their invites to races (`/api/me/invites`) and their review
(`/api/chess/review`). One request, not four: each request reads the player's profile first (their
token), and a player-day opens the home at least once (docs/operations.md, "The scale model"). The
player's own items are read eventually consistent here (half the read units): what the page shows
of another device's last second, at most, waits for the next visit.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from functions.bodies import day_from, errors
from functions.caching import PRIVATE, cached
from functions.deps import Signed, signed_in
from functions.models import DATE_SCHEMA
from functions.routes.chess.mine import chess_day_of
from functions.routes.chess.models import MyChessDay
from functions.routes.chess.review import ChessReviewKept, review_of
from functions.routes.classes.models import DueItem
from functions.routes.classes.routes import due_of
from functions.routes.social.invites import invites_of
from functions.routes.social.models import InviteOut
from puzzlebook.calendar import released
from puzzlebook.messages import msg

router = APIRouter(tags=["players"])
SIGN_IN = msg("sign_in_for_home", "Sign in to see what is yours on the home page.")
Homeowner = Annotated[Signed, signed_in(SIGN_IN)]
Day = Annotated[str | None, Query(json_schema_extra=DATE_SCHEMA, description=(
    "A date, YYYY-MM-DD: your results of its chess dailies are answered too (the page gives its day "
    "while one of them is open on this device)."))]


class Home(BaseModel):
    """What the home page shows of yours: `chess` as GET /api/me/chess/<date> answers it for `day`
    (null without one, or for a day not out yet or without dailies: the rest is answered all the
    same), `due` as GET /api/classes/due, `invites` as GET /api/me/invites, `review` as GET
    /api/chess/review."""

    chess: MyChessDay | None
    due: list[DueItem]
    invites: list[InviteOut]
    review: ChessReviewKept


@router.get(
    "/me/home",
    response_model=Home,
    responses=errors(400, 401, 503),
    summary="What the home page shows of yours: a day's chess dailies' results, lessons due, invites, review",
)
@cached(PRIVATE)
async def my_home(me: Homeowner, day: Day = None) -> Home:
    ctx, player = me.ctx, me.player
    date = day_from(day) if day is not None else None
    # A day not out yet (a device's clock ahead): no results to give, and nothing said of the day.
    # Eventually consistent (half the read units): the page asks only while a daily is unfinished on
    # this device, for what another device posted, which a moment's lag at most leaves for the next visit.
    chess = None
    if date is not None and released(date, ctx.now()):
        chess = chess_day_of(ctx, player.id, date, consistent=False)
    review = await run_in_threadpool(review_of, ctx, player.id, consistent=False)
    return Home(chess=chess, due=due_of(ctx, player).due, invites=invites_of(ctx, player.id).invites,
                review=review)
