"""Cache-Control on every /api answer: each route says how its answers may be kept; errors never are.

A route declares its rule with `@cached(RULE)` under its route decorator. `CacheControl` (the
outermost middleware) puts the rule's header on the route's answers, makes every error `no-store`,
and gives `no-store` to an answer whose route forgot to say; `document` says in the OpenAPI document
what the header will be. docs/api.md, "Caching", gives the figures and why.

The rule is a mark on the endpoint, not a dependency: FastAPI's work for one dependency was about a
fortieth of a whole solve's (docs/operations.md, "Speed", "Throughput").

An answer that can name the caller (a board's `mine` and `you`, a walkthrough opened by the
player's own solve) is never kept once the request carries a token: `no-store` then, and
`Vary: Authorization` always, so a cache can't hand the anonymous copy to a signed-in request.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from fastapi.routing import APIRoute, iter_route_contexts
from starlette.datastructures import Headers, MutableHeaders
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

    def header_for(self, request: Headers) -> str:
        if self.per_caller and "authorization" in request:
            return NO_STORE
        return self.anonymous

    def values(self) -> list[str]:
        """Every Cache-Control a successful answer of the route can carry."""
        return list(dict.fromkeys([self.anonymous, NO_STORE] if self.per_caller else [self.anonymous]))

    def apply(self, headers: MutableHeaders, request: Headers) -> None:
        """Set the answer's `headers` for a request with `request` headers."""
        headers["Cache-Control"] = self.header_for(request)
        if self.per_caller:
            headers["Vary"] = "Authorization"


# Per player, or a write, or a live check: never kept anywhere.
PRIVATE = Caching("private", NO_STORE)
# The public boards: a short while, for requests without a token.
BOARD = Caching("board", f"public, max-age={BOARD_SECONDS}", per_caller=True)
WALKTHROUGH = Caching("walkthrough", f"public, max-age={WALKTHROUGH_SECONDS}", per_caller=True)
LESSON = Caching("lesson", f"private, max-age={LESSON_SECONDS}")
DAILY = Caching("daily", f"public, max-age={DAILY_SECONDS}")
# The OpenAPI document and its browsable page: kept, but asked again each time (they change on deploy).
REVALIDATE = Caching("revalidate", "no-cache")


_MARK = "cache_rule"
E = TypeVar("E", bound=Callable[..., Any])


def cached(rule: Caching) -> Callable[[E], E]:
    """Mark a route's endpoint with how its answers may be kept: `@cached(RULE)`, under the route's
    decorator (which must be the outer one, so FastAPI sees the marked function)."""

    def mark(endpoint: E) -> E:
        setattr(endpoint, _MARK, rule)
        return endpoint

    return mark


def rule_of(route: Any) -> Caching | None:
    """The Caching rule `route` declared, or None (and None for what isn't a route)."""
    rule = getattr(getattr(route, "endpoint", None), _MARK, None)
    return rule if isinstance(rule, Caching) else None


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


class CacheControl:
    """Every answer's Cache-Control: the rule its route declared (`cached`) on a success; no-store on
    every error (status 400 and up), whoever made it (a route, an exception handler, the body
    limit, an unknown path), and on a success whose route declared no rule, the safe choice.

    The route is the one the router matched, which Starlette leaves in the request's scope."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_caching(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                rule = rule_of(scope.get("route")) if message["status"] < 400 else None
                if rule is not None:
                    rule.apply(headers, Headers(scope=scope))
                elif message["status"] >= 400 or "cache-control" not in headers:
                    headers["Cache-Control"] = NO_STORE
            await send(message)

        await self.app(scope, receive, send_with_caching)
