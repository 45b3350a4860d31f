"""Routers few requests need, built at the first request for one of their paths.

A cold start builds every router it includes: FastAPI analyses each route's parameters and models
when the route is made. Classes and ways back in (passkeys, recovery codes) are a small share of
requests, and together they were about a sixth of the handler's cold import; lessons (a teacher's
and their class's) another eighth of what remained. So the app lists them by the paths they
answer, and `OnDemand` (outside every other middleware that reads routes) includes a group the
first time a request names one of its paths. `include_all` builds whatever is still waiting: the
OpenAPI document, and anything else that reads every route, calls it first.

    wait_for_use(app, (Group("functions.routes.classes", ("/api/classes",)), ...))
    app.add_middleware(OnDemand)
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

PREFIX = "/api"


@dataclass(frozen=True)
class Group:
    """A module whose `router` answers every path under `paths` (each the whole path or a parent)."""

    module: str
    paths: tuple[str, ...]

    def answers(self, path: str) -> bool:
        return any(path == mine or path.startswith(mine + "/") for mine in self.paths)


def _waiting(app: Any) -> list[Group]:
    if not hasattr(app.state, "routers_waiting"):
        app.state.routers_waiting = []
    waiting: list[Group] = app.state.routers_waiting
    return waiting


def _note_prefixes(app: Any) -> None:
    # Every request passes OnDemand: one str.startswith over this tuple rules most of them out.
    app.state.routers_prefixes = tuple(path for group in _waiting(app) for path in group.paths)


def wait_for_use(app: Any, groups: tuple[Group, ...]) -> None:
    """Leave `groups` out of `app` until a request (or `include_all`) needs them."""
    _waiting(app).extend(groups)
    _note_prefixes(app)


def include(app: Any, group: Group) -> None:
    """Build `group`'s router into `app`, once (a group no longer waiting is left alone)."""
    waiting = _waiting(app)
    if group not in waiting:
        return
    waiting.remove(group)
    _note_prefixes(app)
    app.include_router(importlib.import_module(group.module).router, prefix=PREFIX)
    app.state.routes_version = getattr(app.state, "routes_version", 0) + 1


def include_all(app: Any) -> None:
    """Build every router still waiting (for whatever reads all the routes: the document, tests)."""
    for group in list(_waiting(app)):
        include(app, group)


def include_for(app: Any, path: str) -> None:
    """Build the waiting router that answers `path`, if there is one."""
    for group in list(_waiting(app)):
        if group.answers(path):
            include(app, group)


class OnDemand:
    """ASGI middleware: before a request reaches the routes, build the router its path needs."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        app = scope.get("app")
        if scope["type"] == "http" and app is not None:
            prefixes = getattr(app.state, "routers_prefixes", ())
            if prefixes and scope["path"].startswith(prefixes):
                include_for(app, scope["path"])
        await self.app(scope, receive, send)
