"""Every error the API sends is {"error": "message"} in plain words, with the right status.

ApiError is raised by routes; the handlers here turn it, FastAPI's own
validation errors, unknown paths and methods, a failing store and anything
unexpected into that shape. BodyLimit refuses oversized bodies (413) before
anything reads them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from functions.caching import api_routes
from service.store.base import StoreGone, StoreUnavailable
from service.store.items import Gone

log = logging.getLogger("puzzlebook.api")

PLAYER_GONE = (
    "That player was deleted while this request was made: nothing of it was kept. Create a new player."
)
# Both games refuse a solve faster than a second a move (the seed's believable-time floor): the
# chess checks' "too-fast", Chain's "too_fast".
TOO_FAST = "That’s quicker than a real solve: allow at least a second a move."
STORE_DOWN = "The puzzle store is busy or unreachable. Nothing was changed; please try again shortly."
STORE_RETRY_AFTER = "5"
STORE_GONE = (
    "The puzzle store's file was deleted or replaced while the server was running, so nothing can be "
    "saved until the site's operator restarts it. Nothing was changed; please try again later."
)
STORE_GONE_RETRY_AFTER = "60"


class ApiError(Exception):
    """An answer other than success: `status` with {"error": message} and optional headers."""

    def __init__(self, status: int, message: str, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = dict(headers or {})


class ErrorBody(BaseModel):
    """Every error: what was wrong, in plain words."""

    error: str


def error_response(status: int, message: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=dict(headers or {}))


def _field(loc: tuple[Any, ...]) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header")]
    if not parts:
        return "the body"
    out = parts[0]
    for p in parts[1:]:
        out += f"[{p}]" if p.isdigit() else f".{p}"
    return out


# The type of a validation error whose words are already the sentence a client reads (a model's
# own check raises PydanticCustomError(PLAIN, "{words}", {"words": ...})).
PLAIN = "plain"


def plain_words(errors: list[Any]) -> str:
    """The first of pydantic's validation errors as one plain sentence naming the field."""
    if not errors:
        return "The request isn't shaped as expected."
    err = errors[0]
    kind = err.get("type", "")
    field = _field(tuple(err.get("loc", ())))
    ctx = err.get("ctx") or {}
    if kind == "json_invalid":
        return "The body isn't valid JSON."
    if kind == PLAIN:  # a model's own words, as written
        return str(ctx["words"])
    if field == "the body" and kind in ("dict_type", "model_type", "model_attributes_type"):
        return "The body must be a JSON object."
    words = {
        "missing": "is missing",
        "int_type": "must be a whole number",
        "int_parsing": "must be a whole number",
        "int_from_float": "must be a whole number",
        "string_type": "must be text",
        "bool_type": "must be true or false",
        "list_type": "must be a list",
        "dict_type": "must be an object",
        "model_type": "must be an object",
        "greater_than_equal": f"must be at least {ctx.get('ge')}",
        "greater_than": f"must be more than {ctx.get('gt')}",
        "less_than_equal": f"must be at most {ctx.get('le')}",
        "less_than": f"must be less than {ctx.get('lt')}",
        "too_short": f"must have at least {ctx.get('min_length')} item(s)",
        "too_long": f"must have at most {ctx.get('max_length')} item(s)",
        "string_too_short": f"must be at least {ctx.get('min_length')} character(s)",
        "string_too_long": f"must be at most {ctx.get('max_length')} character(s)",
        "literal_error": f"must be one of {ctx.get('expected')}",
        "enum": f"must be one of {ctx.get('expected')}",
        "string_pattern_mismatch": "isn't in the expected form",
    }.get(kind, "isn't valid")
    sentence = f"{field} {words}."
    return sentence[0].upper() + sentence[1:]


def install(app: FastAPI) -> None:
    """Register the handlers that give every error the {"error": ...} shape."""

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return error_response(exc.status, exc.message, exc.headers)

    @app.exception_handler(StoreUnavailable)
    async def _store_down(request: Request, exc: StoreUnavailable) -> JSONResponse:
        log.warning("store unavailable: %s", exc)
        return error_response(503, STORE_DOWN, {"Retry-After": STORE_RETRY_AFTER})

    @app.exception_handler(StoreGone)
    async def _store_gone(request: Request, exc: StoreGone) -> JSONResponse:
        log.error("the store is gone: %s", exc)  # loud: only an operator can fix this
        return error_response(503, STORE_GONE, {"Retry-After": STORE_GONE_RETRY_AFTER})

    @app.exception_handler(Gone)
    async def _player_gone(request: Request, exc: Gone) -> JSONResponse:
        # The player was deleted while this request ran (after its token was read): nothing was kept.
        return error_response(401, PLAYER_GONE, {"WWW-Authenticate": "Bearer"})

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(400, plain_words(list(exc.errors())))

    @app.exception_handler(ValidationError)
    async def _invalid_model(request: Request, exc: ValidationError) -> JSONResponse:
        return error_response(400, plain_words(exc.errors()))

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        headers = dict(exc.headers or {})
        if exc.status_code == 404:
            message = f"There's nothing at {request.url.path}."
        elif exc.status_code == 405:
            # Starlette names only the first matching route's methods; the path may have several routes.
            headers.pop("allow", None)
            message, allow = not_allowed(request)
            headers.update(allow)
        elif exc.status_code == 400:
            message = "The body isn't valid JSON."
        else:
            message = str(exc.detail)
        return error_response(exc.status_code, message, headers)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return error_response(500, "Something went wrong on our side. Nothing was changed; please try again.")


def not_allowed(request: Request) -> tuple[str, dict[str, str]]:
    """The 405's message and Allow header for `request`'s method at its path."""
    methods = _methods_at(request)
    choices = " or ".join([", ".join(methods[:-1]), methods[-1]] if len(methods) > 1 else methods)
    message = f"{request.method} isn't allowed at {request.url.path}; use {choices}."
    return message, {"Allow": ", ".join(methods)}


def _methods_at(request: Request) -> list[str]:
    """Every method some route serves at this request's path (HEAD left out).

    A path the OpenAPI document names literally is that resource: its methods are the ones the
    document lists there, not also those of a template that happens to match it too
    (GET /api/lessons/{lesson_id} at /api/lessons/validate, which answers 404).
    """
    methods = ("DELETE", "GET", "PATCH", "POST", "PUT")
    documented = request.app.openapi().get("paths", {}).get(request.url.path)
    if documented:
        return [method for method in methods if method.lower() in documented]
    found = []
    for method in methods:
        scope = {**request.scope, "method": method}
        if any(route.matches(scope)[0] == Match.FULL for route in request.app.router.routes):
            found.append(method)
    return found


class DocumentedMethods:
    """405 at a path the OpenAPI document names literally, for a method the document doesn't list
    there, even when a templated route would take it (GET /api/lessons/validate is not a lesson
    called "validate"): the document's methods are that resource's (docs/api.md, 405).

    The literal paths come from the app's documented routes (what the document is made of), read
    once (and again when a router built on demand joins), so no request waits for the whole
    document to be generated.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._literal: dict[str, set[str]] | None = None
        self._version: int | None = None

    def _literal_paths(self, app: Any) -> dict[str, set[str]]:
        # Read again when a router built on demand (functions/routers_on_demand.py) has joined.
        version = getattr(app.state, "routes_version", 0)
        if self._literal is None or version != self._version:
            self._version = version
            found: dict[str, set[str]] = {}
            for path, route in api_routes(app):
                if route.include_in_schema and "{" not in path:
                    found.setdefault(path, set()).update(route.methods or ())
            self._literal = found
        return self._literal

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in ("HEAD", "OPTIONS"):
            methods = self._literal_paths(scope["app"]).get(scope["path"])
            if methods and scope["method"] not in methods:
                message, allow = not_allowed(Request(scope))
                await error_response(405, message, allow)(scope, receive, send)
                return
        await self.app(scope, receive, send)


class BodyLimit:
    """Refuse request bodies over the limit (413) before the app reads them.

    `limits` maps a path prefix to its own limit (the longest matching prefix
    wins); other paths get `default`. `words` maps a prefix to what its refusal
    says, given the body's size (None when it came in chunks, so only "over" is
    known). Chunked bodies are counted as they come.
    """

    def __init__(
        self,
        app: ASGIApp,
        default: int,
        limits: Mapping[str, int] | None = None,
        words: Mapping[str, Callable[[int | None], str]] | None = None,
    ) -> None:
        self.app = app
        self.default = default
        self.limits = sorted((limits or {}).items(), key=lambda kv: -len(kv[0]))
        self.words = sorted((words or {}).items(), key=lambda kv: -len(kv[0]))

    def limit_for(self, path: str) -> int:
        for prefix, limit in self.limits:
            if path.startswith(prefix):
                return limit
        return self.default

    def refusal(self, path: str, size: int | None) -> str:
        """What the 413 for a body of `size` bytes at `path` says."""
        for prefix, say in self.words:
            if path.startswith(prefix):
                return say(size)
        return _too_big(self.limit_for(path))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS", "DELETE"):
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope["path"])
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await _send_error(scope, send, 400, "The Content-Length header isn't a number.")
                    return
                if declared > limit:
                    await _send_error(scope, send, 413, self.refusal(scope["path"], declared))
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body = message.get("body", b"")
            size += len(body)
            if size > limit:
                await _send_error(scope, send, 413, self.refusal(scope["path"], None))
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        whole = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def _too_big(limit: int) -> str:
    return f"That request is too large: the limit here is {limit // 1024} KB."


async def _send_error(scope: Scope, send: Send, status: int, message: str) -> None:
    await error_response(status, message)(scope, _nothing, send)


async def _nothing() -> Message:  # pragma: no cover - a response never reads the request
    return {"type": "http.disconnect"}
