"""A signed-in player's post as one dependency: the player, the body checked by its model, the Context.

The busiest routes (a game's plays and results) take all three. As three dependencies FastAPI
solves three nodes a request, and its work for one was about a fortieth of a whole solve's; as one
it solves one (docs/operations.md, "Speed", "Throughput"). The order stays the one docs/api.md promises:
the token first (401 before the body is read), then the body (400 in its model's words).

    Solving = Annotated[Post[ChessSolve], signed_post(ChessSolve, "Sign in to keep your solves.")]

    async def post_solve(signed: Solving) -> ChessPosted:
        player, solve, ctx = signed
"""

from __future__ import annotations

from typing import Any, Generic, NamedTuple, TypeVar

from fastapi import Depends, Request
from pydantic import BaseModel

from functions.auth import SignedIn
from functions.bodies import read_as
from functions.deps import context
from service.context import Context
from service.store.records import Player

M = TypeVar("M", bound=BaseModel)


class Post(NamedTuple, Generic[M]):
    """What a signed-in post brings a route."""

    player: Player
    body: M
    ctx: Context


class SignedPost(SignedIn):
    """The bearer scheme (so the document still says the route needs a token), then the body."""

    def __init__(self, needed: str, model: type[BaseModel]) -> None:
        super().__init__(needed)
        self.body_model = model  # not `model`: the bearer scheme has its own

    async def __call__(self, request: Request) -> Post[Any]:  # type: ignore[override]
        player = await super().__call__(request)
        return Post(player, await read_as(self.body_model, request), context(request))


def signed_post(model: type[M], needed: str) -> Any:
    """A route parameter's dependency: the player (401 with `needed` without a token), then the JSON
    body checked by `model` (400 in plain words), and the app's Context, as a Post."""
    return Depends(SignedPost(needed, model))
