"""Every error the API sends is {"error": "words", "code": "code"}, with the right status: the words
in the request's language (Accept-Language, puzzlebook.languages.negotiate), the code the same in
every language (docs/api.md, "Errors").

ApiError is raised by routes with a message (puzzlebook.messages); the handlers here turn it,
FastAPI's own validation errors, unknown paths and methods, a failing store and anything
unexpected into that shape. BodyLimit refuses oversized bodies (413) before anything reads them.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.types import Message as AsgiMessage

from functions.caching import api_routes
from puzzlebook.languages import Language, negotiate, spoken
from puzzlebook.messages import Message, msg, msg_plural, uncatalogued
from service.speech import Speech
from service.store.base import StoreGone, StoreUnavailable
from service.store.items import Gone

log = logging.getLogger("puzzlebook.api")

PLAYER_GONE = msg(
    "player_gone",
    "That player was deleted while this request was made: nothing of it was kept. Create a new player.",
)
# Both games refuse a solve faster than a second a move (the seed's believable-time floor): the
# chess checks' "too-fast", Chain's "too_fast".
TOO_FAST = msg("too_fast", "That’s quicker than a real solve: allow at least a second a move.")
STORE_DOWN = msg(
    "store_unavailable",
    "The puzzle store is busy or unreachable. Nothing was changed; please try again shortly.",
)
STORE_RETRY_AFTER = "5"
STORE_GONE = msg(
    "store_gone",
    "The puzzle store's file was deleted or replaced while the server was running, so nothing can be "
    "saved until the site's operator restarts it. Nothing was changed; please try again later.",
)
STORE_GONE_RETRY_AFTER = "60"
NOTHING_HERE = msg("no_such_path", "There's nothing at {path}.")
NOT_ALLOWED = msg("method_not_allowed", "{method} isn't allowed at {path}; use {methods}.")
NOT_JSON = msg("body_not_json", "The body isn't valid JSON.")
NOT_AN_OBJECT = msg("body_not_object", "The body must be a JSON object.")
BAD_LENGTH = msg("bad_content_length", "The Content-Length header isn't a number.")
TOO_BIG = msg("body_too_large", "That request is too large: the limit here is {limit} KB.")
UNEXPECTED = msg("server_error", "Something went wrong on our side. Nothing was changed; please try again.")
BAD_SHAPE = msg("bad_request_shape", "The request isn't shaped as expected.")
# A date in a path, a query or a body that isn't a real date (puzzlebook.calendar.parse_day's rule).
NOT_A_DATE = msg("not_a_date", "{text} is not a date written YYYY-MM-DD.")
# The status's own words, for an HTTPException a framework raised with no message of ours.
HTTP_STATUS = msg("http_error", "The request was refused ({status}).")


# The code of an error whose words are not yet a catalogued message (plain English text): its status's.
# docs/api.md, "Errors", lists them; such words are said in English whatever the request asks.
STATUS_CODES = {400: "bad_request", 401: "not_signed_in", 403: "forbidden", 404: "not_found", 409: "conflict",
                413: "too_large", 415: "unsupported_media_type", 422: "not_acceptable",
                429: "too_many_requests", 500: "server_error", 503: "unavailable"}


def message_of(status: int, words: Message | str) -> Message:
    """`words` as a message: as it is, or English text (uncatalogued) under its status's code."""
    message = words if isinstance(words, Message) else uncatalogued(words)
    return message if message.code else replace(message, code=STATUS_CODES.get(status, "error"))


class ApiError(Exception):
    """An answer other than success: `status` with {"error": words, "code": code} and optional headers.
    `message` is a catalogued message (puzzlebook.messages), or English text not yet catalogued."""

    def __init__(self, status: int, message: Message | str, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(str(message))
        self.status = status
        self.message = message_of(status, message)
        self.headers = dict(headers or {})


def named_in_path(value: str, shape: re.Pattern[str], missing: Message) -> str:
    """`value`, a path's id, when it has `shape`; else ApiError 404 with `missing`'s words: an address
    that can't name one is as missing as one that names none, and the store is never asked."""
    if not shape.fullmatch(value):
        raise ApiError(404, missing)
    return value


class ErrorBody(BaseModel):
    """Every error: what was wrong, in plain words in the request's language, and its code."""

    error: str = Field(description="What was wrong, in plain words, in the language Accept-Language "
                       "asks for (English when the site has none of them).")
    code: str = Field(description="The error's stable name, the same in every language "
                      "(docs/api.md, \"Errors\"): what a client acts on.", examples=["no_such_path"])


def language_of_request(scope: Scope, pseudo: bool = False) -> Language:
    """The language an answer to this request speaks: the first of Accept-Language's the site has
    (the pseudo-locale among them when the app's settings say so: docs/languages.md)."""
    for name, value in scope.get("headers", ()):
        if name == b"accept-language":
            return negotiate(value.decode("latin-1"), among=spoken(pseudo))
    return negotiate(None)


def words_for(scope: Scope, message: Message) -> tuple[str, Language]:
    """`message` in the request's language, and that language."""
    app = scope.get("app")
    ctx = getattr(getattr(app, "state", None), "ctx", None)
    language = language_of_request(scope, pseudo=ctx is not None and ctx.settings.pseudo_locale)
    speech = ctx.part(Speech) if ctx is not None else Speech()
    return speech.say(message, language), language


def error_response(
    scope: Scope, status: int, message: Message, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    """The error answer: `message` in the request's language with its code."""
    words, language = words_for(scope, message)
    sent = {**dict(headers or {}), "Content-Language": language.code}
    return JSONResponse({"error": words, "code": message.code}, status_code=status, headers=sent)


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


# A field out of shape, by pydantic's error type: the field's name (as the JSON has it) and the rule.
# pydantic's error kinds that mean the same thing to a client share one message.
NOT_WHOLE = msg("field_not_whole_number", "{field} must be a whole number.", capital=True)
NOT_OBJECT = msg("field_not_object", "{field} must be an object.", capital=True)
NOT_ONE_OF = msg("field_not_one_of", "{field} must be one of {choices}.", capital=True)
FIELD_WORDS: dict[str, Message] = {
    "missing": msg("field_missing", "{field} is missing.", capital=True),
    "int_type": NOT_WHOLE,
    "int_parsing": NOT_WHOLE,
    "int_from_float": NOT_WHOLE,
    "string_type": msg("field_not_text", "{field} must be text.", capital=True),
    "bool_type": msg("field_not_boolean", "{field} must be true or false.", capital=True),
    "list_type": msg("field_not_list", "{field} must be a list.", capital=True),
    "dict_type": NOT_OBJECT,
    "model_type": NOT_OBJECT,
    "greater_than_equal": msg("field_too_small", "{field} must be at least {limit}.", capital=True),
    "greater_than": msg("field_not_above", "{field} must be more than {limit}.", capital=True),
    "less_than_equal": msg("field_too_large", "{field} must be at most {limit}.", capital=True),
    "less_than": msg("field_not_below", "{field} must be less than {limit}.", capital=True),
    "too_short": msg_plural("list_too_short", "{field} must have at least {count} item.",
                            "{field} must have at least {count} items.", "count", capital=True),
    "too_long": msg_plural("list_too_long", "{field} must have at most {count} item.",
                           "{field} must have at most {count} items.", "count", capital=True),
    "string_too_short": msg_plural("text_too_short", "{field} must be at least {count} character.",
                                   "{field} must be at least {count} characters.", "count", capital=True),
    "string_too_long": msg_plural("text_too_long", "{field} must be at most {count} character.",
                                  "{field} must be at most {count} characters.", "count", capital=True),
    "literal_error": NOT_ONE_OF,
    "enum": NOT_ONE_OF,
    "string_pattern_mismatch": msg("field_bad_form", "{field} isn't in the expected form.", capital=True),
}
FIELD_INVALID = msg("field_invalid", "{field} isn't valid.", capital=True)
# What fills the rule's number, by error type.
_LIMITS = {"greater_than_equal": "ge", "greater_than": "gt", "less_than_equal": "le", "less_than": "lt",
           "too_short": "min_length", "too_long": "max_length", "string_too_short": "min_length",
           "string_too_long": "max_length"}


def plain_words(errors: list[Any]) -> Message:
    """The first of pydantic's validation errors as one plain sentence naming the field."""
    if not errors:
        return BAD_SHAPE
    err = errors[0]
    kind = err.get("type", "")
    field = _field(tuple(err.get("loc", ())))
    ctx = err.get("ctx") or {}
    if kind == "json_invalid":
        return NOT_JSON
    if kind == PLAIN:  # a model's own words, as written
        return message_of(400, ctx["words"])
    if field == "the body" and kind in ("dict_type", "model_type", "model_attributes_type"):
        return NOT_AN_OBJECT
    if field == "the body":
        return BAD_SHAPE
    found = FIELD_WORDS.get(kind, FIELD_INVALID)
    limit = ctx.get(_LIMITS.get(kind, ""))
    if kind in ("too_short", "too_long", "string_too_short", "string_too_long"):
        return found(field=field, count=limit)
    return found(field=field, limit=limit, choices=ctx.get("expected"))


def install(app: FastAPI) -> None:
    """Register the handlers that give every error the {"error": ...} shape."""

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return error_response(request.scope, exc.status, exc.message, exc.headers)

    @app.exception_handler(StoreUnavailable)
    async def _store_down(request: Request, exc: StoreUnavailable) -> JSONResponse:
        log.warning("store unavailable: %s", exc)
        return error_response(request.scope, 503, STORE_DOWN, {"Retry-After": STORE_RETRY_AFTER})

    @app.exception_handler(StoreGone)
    async def _store_gone(request: Request, exc: StoreGone) -> JSONResponse:
        log.error("the store is gone: %s", exc)  # loud: only an operator can fix this
        return error_response(request.scope, 503, STORE_GONE, {"Retry-After": STORE_GONE_RETRY_AFTER})

    @app.exception_handler(Gone)
    async def _player_gone(request: Request, exc: Gone) -> JSONResponse:
        # The player was deleted while this request ran (after its token was read): nothing was kept.
        return error_response(request.scope, 401, PLAYER_GONE, {"WWW-Authenticate": "Bearer"})

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(request.scope, 400, plain_words(list(exc.errors())))

    @app.exception_handler(ValidationError)
    async def _invalid_model(request: Request, exc: ValidationError) -> JSONResponse:
        return error_response(request.scope, 400, plain_words(exc.errors()))

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        headers = dict(exc.headers or {})
        message: Message
        if exc.status_code == 404:
            message = NOTHING_HERE(path=request.url.path)
        elif exc.status_code == 405:
            # Starlette names only the first matching route's methods; the path may have several routes.
            headers.pop("allow", None)
            message, allow = not_allowed(request)
            headers.update(allow)
        elif exc.status_code == 400:
            message = NOT_JSON
        else:
            message = HTTP_STATUS(status=exc.status_code)
        return error_response(request.scope, exc.status_code, message, headers)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return error_response(request.scope, 500, UNEXPECTED)


def not_allowed(request: Request) -> tuple[Message, dict[str, str]]:
    """The 405's message and Allow header for `request`'s method at its path."""
    methods = ", ".join(_methods_at(request))
    return NOT_ALLOWED(method=request.method, path=request.url.path, methods=methods), {"Allow": methods}


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
                await error_response(scope, 405, message, allow)(scope, receive, send)
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
        words: Mapping[str, Callable[[int | None], Message | str]] | None = None,
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

    def refusal(self, path: str, size: int | None) -> Message:
        """What the 413 for a body of `size` bytes at `path` says."""
        for prefix, say in self.words:
            if path.startswith(prefix):
                return message_of(413, say(size))
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
                    await _send_error(scope, send, 400, BAD_LENGTH)
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

        async def replay() -> AsgiMessage:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def _too_big(limit: int) -> Message:
    return TOO_BIG(limit=limit // 1024)


async def _send_error(scope: Scope, send: Send, status: int, message: Message) -> None:
    await error_response(scope, status, message)(scope, _nothing, send)


async def _nothing() -> AsgiMessage:  # pragma: no cover - a response never reads the request
    return {"type": "http.disconnect"}
