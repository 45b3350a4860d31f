"""What a route receives from the request: one parameter, made by one of the dependencies here, whose
type says what the route has. A route never reaches for the app's Context any other way.

    ctx: Ctx                                        the app's Context (a route anyone may call)
    ctx: CtxNoBody                                  the same, for a POST that reads no body (415 for
                                                    a body that isn't JSON: functions.bodies.no_body)
    me: Annotated[Signed, signed_in(needed)]        the signed-in player and the Context: 401 with
                                                    `needed` (why a player is needed) without a token
                                                    (`no_body=True`: then 415 as above)
    post: Annotated[Post[M], signed_post(M, needed)]  the player, the JSON body checked by model M
                                                    (400 in its plain words; M None: the JSON as
                                                    sent, for the route to check in its own words),
                                                    and the Context
    post: OpenPostOf                                the Context and the JSON body as sent (a route
                                                    anyone may post to)
    caller: CallerOf                                the Context, and `caller.player()`: the player the
                                                    token names, or None without one (401 for a token
                                                    that names no player)
    post: Annotated[CallerPost[M], caller_post(M)]  the same, with the body checked by model M
    onlooker: OnlookerOf                            the Context, and `onlooker.me()`: the id of the
                                                    player the token names, if any (a board: a stale
                                                    token is ignored, so it never hides the board)

Each is a single FastAPI dependency: FastAPI's own work for one dependency was about a fortieth of a
whole solve's (docs/operations.md, "Speed"), so a route with a player and a body solves one node, not
three. They keep the order docs/api.md promises: the token first (401 before the body, query or path
is looked at), then the body; where a token is optional, it is looked up only when the route asks
(`player()`, `me()`), after the route's own checks. The ones that read a token are the bearer
scheme itself (the document's "HTTPBearer"), so the document still says which routes take one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Generic, TypeVar

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel

from functions.auth import bearer, player_for
from functions.auth import signed_in as player_signed_in
from functions.bodies import json_body, no_body, read_as
from functions.errors import ApiError
from puzzlebook.messages import Message
from service.context import Context
from service.store.records import Player

M = TypeVar("M", bound=BaseModel)


def _context(request: Request) -> Context:
    ctx: Context = request.app.state.ctx
    return ctx


async def _ctx(request: Request) -> Context:
    # async, though it waits for nothing: FastAPI runs a sync dependency in its thread pool, and
    # that hop costs more than the whole of this (docs/operations.md, "Speed").
    return _context(request)


async def _ctx_no_body(request: Request) -> Context:
    no_body(request)
    return _context(request)


# A route's parameter for the app's Context.
Ctx = Annotated[Context, Depends(_ctx)]
# The same, for a POST, PUT or PATCH that reads no body: one sent must be JSON (or none), as anywhere.
CtxNoBody = Annotated[Context, Depends(_ctx_no_body)]


@dataclass(frozen=True, slots=True)
class Signed:
    """What a signed-in route brings: the player and the app's Context."""

    player: Player
    ctx: Context


@dataclass(frozen=True, slots=True)
class Post(Signed, Generic[M]):
    """What a signed-in post brings: the player, the body checked by its model, and the Context."""

    body: M


@dataclass(frozen=True, slots=True)
class OpenPost:
    """A post anyone may make: the Context and the JSON body as sent."""

    ctx: Context
    body: Any


@dataclass(frozen=True, slots=True)
class Caller:
    """A route where a token is optional: the Context and the request's credentials, if any."""

    ctx: Context
    credentials: HTTPAuthorizationCredentials | None

    def player(self) -> Player | None:
        """The player the token names; None without a token; 401 for one that names no player."""
        return player_for(self.ctx.store, self.credentials, needed=None)


@dataclass(frozen=True, slots=True)
class CallerPost(Caller, Generic[M]):
    """A post where a token is optional: as a Caller, with the body checked by its model."""

    body: M


@dataclass(frozen=True, slots=True)
class Onlooker:
    """A board's request: the Context and the request's credentials, if any."""

    ctx: Context
    credentials: HTTPAuthorizationCredentials | None

    def me(self) -> str | None:
        """The id of the player the token names; None without a token or for one that names no player
        (ignored, not refused: a stale token never hides a board)."""
        player = self.player()
        return player.id if player else None

    def player(self) -> Player | None:
        """The player the token names, as `me` (None without a token or for a stale one)."""
        try:
            return player_for(self.ctx.store, self.credentials, needed=None)
        except ApiError:
            return None


class _Bearer(HTTPBearer):
    """The bearer scheme as the document names it, reading the token without refusing its absence."""

    def __init__(self) -> None:
        super().__init__(auto_error=False, scheme_name="HTTPBearer", description=bearer.model.description)


class _SignedIn(_Bearer):
    """The player a route needs: 401 with `needed` (why) without a token, or with one that matches no
    player. The lookup is a blocking read, yet this is async: a sync dependency costs a hop to
    FastAPI's thread pool and back, more than the read (one point read; SQLite's WAL readers never
    wait, and a Lambda container serves one request at a time). docs/operations.md, "Speed"."""

    def __init__(self, needed: Message | str, *, reads_no_body: bool = False) -> None:
        super().__init__()
        self.needed = needed
        self.reads_no_body = reads_no_body

    async def __call__(self, request: Request) -> Signed:  # type: ignore[override]
        ctx = _context(request)
        signed = Signed(player_signed_in(ctx.store, await super().__call__(request), self.needed), ctx)
        if self.reads_no_body:  # after the player: no token is still 401 first
            no_body(request)
        return signed


class _SignedPost(_SignedIn):
    """The player first (401 before the body is read), then the body checked by its model."""

    def __init__(self, needed: Message | str, model: type[BaseModel] | None) -> None:
        super().__init__(needed)
        self.body_model = model  # not `model`: the bearer scheme has its own

    async def __call__(self, request: Request) -> Post[Any]:  # type: ignore[override]
        me = await super().__call__(request)
        model = self.body_model
        body = await json_body(request) if model is None else await read_as(model, request)
        return Post(me.player, me.ctx, body)


class _Caller(_Bearer):
    async def __call__(self, request: Request) -> Caller:  # type: ignore[override]
        return Caller(_context(request), await super().__call__(request))


class _CallerPost(_Bearer):
    def __init__(self, model: type[BaseModel]) -> None:
        super().__init__()
        self.body_model = model

    async def __call__(self, request: Request) -> CallerPost[Any]:  # type: ignore[override]
        credentials = await super().__call__(request)
        return CallerPost(_context(request), credentials, await read_as(self.body_model, request))


class _Onlooker(_Bearer):
    async def __call__(self, request: Request) -> Onlooker:  # type: ignore[override]
        return Onlooker(_context(request), await super().__call__(request))


def signed_in(needed: Message | str, *, no_body: bool = False) -> Any:
    """A route parameter's dependency: the player (401 with `needed` without a token) and the Context,
    as a Signed. Declared as the route's first parameter, before its path and query. `no_body`: the
    route (a POST, PUT or PATCH) reads no body, so one sent must be JSON or nothing (415)."""
    return Depends(_SignedIn(needed, reads_no_body=no_body))


def signed_post(model: type[M] | None, needed: Message | str) -> Any:
    """A route parameter's dependency: the player (401 with `needed` without a token), then the JSON
    body checked by `model` (400 in plain words; None: the JSON as sent, 400 only when it isn't
    JSON), and the app's Context, as a Post."""
    return Depends(_SignedPost(needed, model))


async def _open_post(request: Request) -> OpenPost:
    return OpenPost(_context(request), await json_body(request))


def caller_post(model: type[M]) -> Any:
    """A route parameter's dependency where a token is optional: the JSON body checked by `model` (400
    in plain words) and the Context, as a CallerPost (its player looked up when asked)."""
    return Depends(_CallerPost(model))


# A route's parameter where a token is optional, and a wrong one is refused (401) when looked up.
CallerOf = Annotated[Caller, Depends(_Caller())]
# A post anyone may make: the Context and the JSON body as sent (400 when it isn't JSON).
OpenPostOf = Annotated[OpenPost, Depends(_open_post)]
# A board's parameter: a token is optional, and a wrong one is ignored.
OnlookerOf = Annotated[Onlooker, Depends(_Onlooker())]
