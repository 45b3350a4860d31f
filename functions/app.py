"""The FastAPI app: every route under /api, errors always {"error": "...", "code": "..."}.

    from functions.app import create_app
    app = create_app(settings)    # the store from settings.store_url unless one is given

Locally `build.py serve` mounts it beside the static site (uvicorn, SQLite);
on AWS functions/handler.py wraps it with Mangum (DynamoDB). The OpenAPI
document is at /api/openapi.json, a browsable version at /api/docs.
"""

from __future__ import annotations

import datetime as dt
import importlib
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, PlainTextResponse

from functions import apidocs, caching, errors
from functions.bodies import fill_documented
from functions.direct import DirectRoutes
from functions.live import local as live
from functions.routers_on_demand import Group, OnDemand, include_all, wait_for_use
from functions.routes import boards, health, players
from puzzlebook.games import GAMES
from puzzlebook.messages import Message
from service.context import Context, utc_now
from service.settings import Settings
from service.store import Store, open_store

BODY_LIMIT = 16 * 1024
# A lesson import may hold many puzzles with their comments: more room there.
LESSON_BODY_LIMIT = 256 * 1024
# A passkey's answer is under 10 KB, but its fields' lengths are counted in characters (the OpenAPI
# document's maxLength), and a character may take 12 bytes of JSON (an escaped surrogate pair): room
# for any one field a character over its length to be refused for that (400), not for size (413).
PASSKEY_BODY_LIMIT = 64 * 1024
# A player's whole review, posted to be merged (functions/routes/chess/review.py): the largest the rule
# allows (400 cards, 4,000 results: under 125 KB with the widest fields, spaced JSON) and a card or a
# result too many, refused in words, not for size.
REVIEW_BODY_LIMIT = 192 * 1024
OPENAPI_URL = "/api/openapi.json"
# Routers a small share of requests need, built at the first request for one of their paths, so a
# cold start doesn't build them (functions/routers_on_demand.py; docs/architecture.md).
ON_DEMAND = (
    Group("functions.routes.classes", ("/api/classes",)),
    Group("functions.routes.accounts", ("/api/me/passkeys", "/api/me/recovery-codes", "/api/signin",
                                        "/api/me/token", "/api/me/other-tokens")),
    # Lessons are a teacher's and their class's: few requests, and the heaviest game's router to build
    # (its import, PGN and checking routes: an eighth of a cold start's own work).
    Group("functions.routes.lessons", ("/api/lessons",)),
    # Playing together: the friends' boards after a daily, follows and clubs now and then (a few
    # requests a player-day beside the dozens of plays and results).
    Group("functions.routes.social", ("/api/me/follow", "/api/follow-codes", "/api/follows", "/api/followers",
                                      "/api/blocks", "/api/friends", "/api/clubs", "/api/races",
                                      "/api/me/invites")),
    # The signed-in home page's one request: it reads what the classes' and playing together's routes
    # do, so it waits with them.
    Group("functions.routes.home", ("/api/me/home",)),
)


def create_app(
    settings: Settings,
    store: Store | None = None,
    *,
    clock: Callable[[], dt.datetime] | None = None,
    direct_routes: bool = True,
) -> FastAPI:
    """The API with `settings`, over `store` (default: the one settings.store_url names).

    `clock` (an aware "now") is for tests; so is `direct_routes` False: every request through
    FastAPI's routing, the `@direct` routes too (functions/direct.py), to hold the two to one answer.
    """
    app = FastAPI(
        title="Puzzle Book API",
        version="1",
        description="Solves, misses, ratings, leaderboards, lessons and Chain for Puzzle Book. "
        'Every error is {"error": "words", "code": "code"}: the words in the language Accept-Language '
        "asks for, the code the same in every language. See docs/api.md.",
        # Served by our own routes below (each with its Cache-Control); FastAPI's would have none.
        openapi_url=None,
        docs_url=None,
        redoc_url=None,
        # No OpenTelemetry here: otherwise FastAPI asks its global providers on every request whether
        # to trace it (docs/operations.md, "Throughput").
        telemetry={"tracing": False, "metrics": False, "logs": False},
    )
    app.state.ctx = Context(
        store=store or open_store(settings.store_url),
        settings=settings,
        clock=clock or utc_now,
    )
    errors.install(app)
    # Each game registers its own routes (functions/routes/<key>: `router`): puzzlebook/games.py lists them.
    # The games first: FastAPI tries routes in order, and their plays and results are the busiest.
    # A game's router in ON_DEMAND (lessons) waits with the others.
    waiting = {group.module for group in ON_DEMAND}
    for name in (f"functions.routes.{game.key}" for game in GAMES):
        if name not in waiting:
            app.include_router(importlib.import_module(name).router, prefix="/api")
    for module in (players, boards, health):
        app.include_router(module.router, prefix="/api")
    wait_for_use(app, ON_DEMAND)
    live.install(app)  # the live rooms' WebSocket route (/live): the local transport (docs/live.md)
    _serve_the_document(app)
    if direct_routes:  # the innermost: every layer below sees its requests as any other's
        app.add_middleware(DirectRoutes)
    app.add_middleware(errors.DocumentedMethods)
    # Outside DocumentedMethods, which reads the routes a request's path may reach.
    app.add_middleware(OnDemand)
    app.add_middleware(
        errors.BodyLimit,
        default=BODY_LIMIT,
        limits={
            "/api/lessons": LESSON_BODY_LIMIT,
            "/api/me/passkeys": PASSKEY_BODY_LIMIT,
            "/api/signin/passkey": PASSKEY_BODY_LIMIT,
            "/api/chess/review": REVIEW_BODY_LIMIT,
        },
        words={"/api/lessons": _lesson_too_big},
    )
    # Outermost, so every answer passes it, the body limit's 413 included.
    app.add_middleware(caching.CacheControl)
    _document_errors_as_sent(app)
    return app


def _lesson_too_big(size: int | None) -> Message:
    """The 413 for a lesson import, in the importer's words (imported when one is refused)."""
    from functions.routes.lessons.imports import TOO_LARGE
    from puzzlebook.lessons.importer import too_big_message

    return TOO_LARGE(problem=too_big_message(size))


class JavaScriptResponse(PlainTextResponse):
    media_type = "text/javascript"


def _serve_the_document(app: FastAPI) -> None:
    """/api/openapi.json and its browsable page /api/docs (functions/apidocs.py), revalidated on every
    use (they change with a deploy)."""
    revalidated = caching.cached(caching.REVALIDATE)

    @app.get(OPENAPI_URL, include_in_schema=False)
    @revalidated
    async def openapi_document() -> dict[str, Any]:
        return app.openapi()

    @app.get(apidocs.DOCS_URL, include_in_schema=False, response_class=HTMLResponse)
    @revalidated
    async def docs_page() -> str:
        return apidocs.page_html()

    script = JavaScriptResponse

    @app.get(apidocs.START_URL, include_in_schema=False, response_class=script)
    @revalidated
    async def docs_start() -> str:
        return apidocs.START_JS


def _document_errors_as_sent(app: FastAPI) -> None:
    """FastAPI documents a 422 "HTTPValidationError" on every route with parameters; this API answers
    such errors with 400 {"error": ...} instead (functions/errors.py), so the document says that."""
    make_document = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        include_all(app)  # the document names every route
        # The request bodies, left until now (functions/bodies.py).
        fill_documented(route for _, route in caching.api_routes(app))
        doc = make_document()
        error_ref = {"$ref": "#/components/schemas/ErrorBody"}
        for operations in doc.get("paths", {}).values():
            for method, operation in operations.items():
                responses = operation.get("responses", {})
                if method in ("post", "put", "patch"):  # every body is JSON (functions/bodies.py)
                    responses.setdefault("415", {
                        "description": "The body isn't of a type this route reads (JSON: application/json).",
                        "content": {"application/json": {"schema": error_ref}},
                    })
                default = (
                    responses.get("422", {}).get("content", {}).get("application/json", {}).get("schema")
                )
                if default == {"$ref": "#/components/schemas/HTTPValidationError"}:
                    del responses["422"]
                    responses.setdefault(
                        "400",
                        {
                            "description": "The request isn't shaped as expected.",
                            "content": {"application/json": {"schema": error_ref}},
                        },
                    )
        schemas = doc.setdefault("components", {}).setdefault("schemas", {})
        for name in ("HTTPValidationError", "ValidationError"):
            schemas.pop(name, None)
        schemas["ErrorBody"] = errors.ErrorBody.model_json_schema()
        caching.document(app, doc)
        app.openapi_schema = doc
        return doc

    app.openapi = openapi  # type: ignore[method-assign]
