"""The busiest posts served without FastAPI's routing: the same route, its one dependency and its
answer, called straight from an ASGI layer.

A game's result post (a chess solve or miss, a Chain solve or give-up, a Storm or Streak run) is
most of the API's traffic, and FastAPI's own work for one (matching the route through the included
routers, making the request's scopes, solving the route's dependencies, its exit stacks, checking
the answer) was about a third of a solve's CPU time (docs/operations.md, "Throughput"). A route
marked `@direct` (under its route decorator, beside `@cached`) is served by `DirectRoutes`, the
innermost of the app's middlewares, for its method at its exact path:

- its one dependency (functions/deps.py) is called with the request, as FastAPI calls it: the token
  first (401), then the body (415, 400 in the model's words);
- the route's own function is called with what the dependency gave, as FastAPI calls it;
- the answer is checked and written by the route's own response field, as FastAPI writes it;
- an exception goes to the app's own handler for it (functions/errors.py), as FastAPI's exception
  middleware sends it; one with no handler goes on out, to the server-error handler, as from FastAPI.

So the answers are FastAPI's, byte for byte, and tests hold the two paths to that
(tests/test_api_direct.py). What this reads of FastAPI's and Starlette's insides (a route's
`dependant`, its response field, the path the router matches, how a handler is looked up) is in
functions/framework.py, which tests/test_framework.py holds to what it expects of them.

Every middleware outside this one (Cache-Control, the body limit, the 405 check) still sees the
request: the route is left in the request's scope, as the router leaves it. The route stays a
FastAPI route, so the OpenAPI document names it as before, and a request this layer doesn't take
(another method, a path with a trailing slash) goes to FastAPI as ever.

A route can be marked only if FastAPI would give it nothing but its one dependency: no path, query,
header or cookie parameters, no body parameter of FastAPI's own, no route-level dependencies, the
default response class and status. `DirectRoutes` refuses (at the first request) a marked route
that isn't so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from inspect import iscoroutinefunction
from typing import Any, TypeVar

from fastapi.routing import APIRoute
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from functions.caching import api_routes
from functions.framework import OneDependency, answer, exception_handler, one_dependency, route_path

_MARK = "served_directly"
E = TypeVar("E", bound=Callable[..., Any])


def direct(endpoint: E) -> E:
    """Mark a route's endpoint to be served by `DirectRoutes`: `@direct`, under the route's
    decorator (which must be the outer one, so FastAPI sees the marked function)."""
    setattr(endpoint, _MARK, True)
    return endpoint


def is_direct(route: Any) -> bool:
    return getattr(getattr(route, "endpoint", None), _MARK, False) is True


@dataclass(frozen=True, slots=True)
class Served:
    """A marked route as this layer calls it: the route, and its one dependency as FastAPI calls it."""

    route: APIRoute
    dependency: OneDependency


def served(route: APIRoute) -> Served:
    """How `route` is called without FastAPI; ValueError naming why it can't be."""
    return Served(route, one_dependency(route))


class DirectRoutes:
    """ASGI middleware (the innermost of the app's): a request for a `@direct` route, by its method at
    its exact path, is answered here without FastAPI's routing (the module's docstring says how)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._served: dict[tuple[str, str], Served] | None = None
        self._version: int | None = None

    def _table(self, app: Any) -> dict[tuple[str, str], Served]:
        # Read again when a router built on demand (functions/routers_on_demand.py) has joined.
        version = getattr(app.state, "routes_version", 0)
        if self._served is None or version != self._version:
            table = {}
            for path, route in api_routes(app):
                if is_direct(route):
                    for method in route.methods or ():
                        table[(method, path)] = served(route)
            self._served, self._version = table, version
        return self._served

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            app = scope["app"]
            found = self._table(app).get((scope["method"], route_path(scope)))
            if found is not None:
                await self._serve(app, found, scope, receive, send)
                return
        await self.app(scope, receive, send)

    async def _serve(self, app: Any, found: Served, scope: Scope, receive: Receive, send: Send) -> None:
        route = found.route
        scope["route"] = route  # as the router leaves it: the Cache-Control layer reads its rule
        scope["endpoint"] = route.endpoint
        scope.setdefault("path_params", {})
        request = Request(scope, receive, send)
        response: Response
        try:
            value = await found.dependency.call(request)
            response = await answer(route, await route.endpoint(**{found.dependency.name: value}))
        except Exception as exc:
            handler = exception_handler(app.exception_handlers, exc)
            if handler is None:
                raise
            if iscoroutinefunction(handler):
                response = await handler(request, exc)
            else:  # as Starlette calls a plain function: in the thread pool
                response = await run_in_threadpool(handler, request, exc)
        await response(scope, receive, send)
