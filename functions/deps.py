"""What a route receives from FastAPI's dependencies: the app's Context (store, settings, bundle, clock)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from service.context import Context


def context(request: Request) -> Context:
    """The app's Context, from inside a route."""
    ctx: Context = request.app.state.ctx
    return ctx


async def _context(request: Request) -> Context:
    # async, though it waits for nothing: FastAPI runs a sync dependency in its thread pool, and
    # that hop costs more than the whole of this (docs/operations.md, "Speed").
    return context(request)


# A route's parameter for the app's Context.
Ctx = Annotated[Context, Depends(_context)]
