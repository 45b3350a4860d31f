"""Cache-Control on every /api answer: each route says how its answers may be kept; errors never are.

A route declares its rule with `dependencies=[cached(RULE)]`; the rule sets the header on the
route's answer, says in the OpenAPI document what the header will be, and `NoStoreErrors` (the
outermost middleware) makes every error `no-store` and gives `no-store` to an answer whose route
forgot to say. docs/api.md, "Caching", gives the figures and why.

An answer that can name the caller (a board's `mine` and `you`, a walkthrough opened by the
player's own solve) is never kept once the request carries a token: `no-store` then, and
`Vary: Authorization` always, so a cache can't hand the anonymous copy to a signed-in request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi import Depends, Request, Response
from fastapi.routing import APIRoute, iter_route_contexts
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

NO_STORE = "no-store"
# Boards change with every post, and a player who just posted looks at once (with a token, so
# never from a cache); a guest's board a quarter of a minute old is as good as a live one.
BOARD_SECONDS = 15
# A past day's walkthrough never changes (today's opens only to a player, with a token).
WALKTHROUGH_SECONDS = 24 * 60 * 60
# A day's public puzzle, from the API while the CDN hasn't the day's file yet: as the file is kept.
DAILY_SECONDS = 300
# A lesson can be deleted by its teacher: a student's browser may keep it a minute, no shared cache.
LESSON_SECONDS = 60


@dataclass(frozen=True)
class Caching:
    """How a route's successful answers may be kept.

    `anonymous`: the Cache-Control of an answer to a request without a token. `per_caller`: the
    answer may name the caller, so with a token it is no-store, and it varies by Authorization.
    """

    name: str
    anonymous: str
    per_caller: bool = False

    def header_for(self, request: Request) -> str:
        if self.per_caller and "authorization" in request.headers:
            return NO_STORE
        return self.anonymous

    def values(self) -> list[str]:
        """Every Cache-Control a successful answer of the route can carry."""
        return list(dict.fromkeys([self.anonymous, NO_STORE] if self.per_caller else [self.anonymous]))

    async def __call__(self, request: Request, response: Response) -> None:
        # async, though it waits for nothing: FastAPI runs a sync dependency in its thread pool, and
        # that hop cost more than the whole of this on every request (docs/operations.md, "Speed").
        response.headers["Cache-Control"] = self.header_for(request)
        if self.per_caller:
            response.headers["Vary"] = "Authorization"


# Per player, or a write, or a live check: never kept anywhere.
PRIVATE = Caching("private", NO_STORE)
# The public boards: a short while, for requests without a token.
BOARD = Caching("board", f"public, max-age={BOARD_SECONDS}", per_caller=True)
WALKTHROUGH = Caching("walkthrough", f"public, max-age={WALKTHROUGH_SECONDS}", per_caller=True)
LESSON = Caching("lesson", f"private, max-age={LESSON_SECONDS}")
DAILY = Caching("daily", f"public, max-age={DAILY_SECONDS}")
# The OpenAPI document and its browsable page: kept, but asked again each time (they change on deploy).
REVALIDATE = Caching("revalidate", "no-cache")


def cached(rule: Caching) -> Any:
    """The route's `dependencies` entry that applies `rule` (and marks the route as having decided)."""
    return Depends(rule)


def rule_of(route: APIRoute) -> Caching | None:
    """The Caching rule `route` declared, or None."""
    for dependency in route.dependencies:
        if isinstance(dependency.dependency, Caching):
            return dependency.dependency
    return None


def api_routes(app: Any) -> list[tuple[str, APIRoute]]:
    """(full path, route) of every route of `app`, those of included routers too."""
    found = []
    for context in iter_route_contexts(app.routes):
        route = context.original_route
        if isinstance(route, APIRoute):
            found.append((context.path_format or route.path_format, route))
    return found


def document(app: Any, doc: dict[str, Any]) -> None:
    """Say in the OpenAPI document which Cache-Control each answer carries: every success its
    route's values, every error no-store."""
    rules = {}
    for path, route in api_routes(app):
        for method in route.methods or ():
            rules[(path, method.lower())] = rule_of(route)
    for path, operations in doc.get("paths", {}).items():
        for method, operation in operations.items():
            rule = rules.get((path, method))
            if rule is None:
                continue
            operation["x-cache"] = rule.name
            for status, response in operation.get("responses", {}).items():
                values = rule.values() if str(status).startswith("2") else [NO_STORE]
                header = {
                    "description": "How long the answer may be kept (docs/api.md, Caching).",
                    "required": True,
                    "schema": {"type": "string", "enum": values},
                }
                response.setdefault("headers", {})["Cache-Control"] = header


class NoStoreErrors:
    """Every error answer (status 400 and up) is Cache-Control: no-store, whoever made it (a route,
    an exception handler, the body limit, an unknown path); a success without a Cache-Control
    (a route that declared no rule) gets no-store too, the safe choice."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_caching(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if message["status"] >= 400 or "cache-control" not in headers:
                    headers["Cache-Control"] = NO_STORE
            await send(message)

        await self.app(scope, receive, send_with_caching)
