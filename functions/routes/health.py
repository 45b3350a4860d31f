"""Health: 200 with the bundle's version and the last stored Chain day when tomorrow's Chain is stored,
the bundle can be read and the store takes a write (the heartbeat item); 503 saying which isn't."""

from __future__ import annotations

import datetime as dt

from fastapi import APIRouter

from functions.bodies import errors
from functions.caching import PRIVATE, cached
from functions.deps import Ctx
from functions.errors import ApiError
from functions.models import Health
from service.games.chain.records import ChainRecords
from service.games.chess.puzzles import puzzles_of
from service.games.registry import every_game
from service.store import StoreGone, StoreUnavailable

router = APIRouter(tags=["health"])


@router.get(
    "/health",
    response_model=Health,
    responses=errors(503),
    summary="Healthy when tomorrow's Chain is stored, the bundle is readable and the store takes a write",
)
@cached(PRIVATE)
async def health(ctx: Ctx) -> Health:
    today = ctx.today()
    tomorrow = (today + dt.timedelta(days=1)).isoformat()
    for _, hooks in every_game():
        problem = hooks.health(ctx.store, today)
        if problem:
            raise ApiError(503, problem, {"Retry-After": "60"})
    last = ChainRecords(ctx.store).last_chain_day()
    try:
        version = puzzles_of(ctx).bundle.version
    except (OSError, ValueError, KeyError) as exc:
        raise ApiError(503, f"The chess bundle can’t be read: {exc}.", {"Retry-After": "60"}) from None
    try:
        # A real write, the cheapest there is: reads alone pass on a read-only or vanished store.
        ctx.store.heartbeat(ctx.now())
    except StoreGone:
        raise  # its own 503, saying the operator must restart
    except StoreUnavailable as exc:
        raise ApiError(503, f"The store can’t be written: {exc}.", {"Retry-After": "60"}) from None
    return Health(bundle=version, last_chain_day=last or tomorrow, today=today.isoformat())
