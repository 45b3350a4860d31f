"""Reading requests: JSON bodies parsed once, checked by a model, described in the OpenAPI document.

A route's one dependency (functions/deps.py) reads the JSON (`json_body`) and checks it by the
route's model (`read_as`), or hands it over as sent for the route to check itself (`parse`), so
every complaint is in plain words (a model may carry its own words: functions/words.py); a date in
a path or a body by `day_from`. `documented(Model)` puts the model in the OpenAPI document as the
request body.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable
from typing import Any, TypeVar

from fastapi import Request
from pydantic import BaseModel, TypeAdapter, ValidationError

from functions.errors import NOT_A_DATE, ApiError, plain_words
from puzzlebook.calendar import parse_day, released
from puzzlebook.messages import Message, msg

M = TypeVar("M", bound=BaseModel)
ERROR_REF = {"$ref": "#/components/schemas/ErrorBody"}


JSON_MEDIA = "application/json"
AS_JSON = msg("as_json", "JSON, with Content-Type: application/json")
AS_JSON_OR_NOTHING = msg("as_json_or_nothing", "JSON (Content-Type: application/json), or send no body")
WRONG_TYPE = msg("unsupported_media_type", "Send the body as {accepted} (this one said {media}).")
NO_TYPE = msg("no_media_type", "Send the body as {accepted} (this one named no Content-Type).")
NO_BODY = msg("body_missing", "The request needs a JSON body.")
TOO_DEEP = msg("body_too_deep", "The body is nested too deeply.")
BAD_JSON = msg("body_bad_json", "The body isn't valid JSON ({why} at character {position}).")
BAD_BYTES = msg("body_bad_bytes", "The body isn't valid JSON ({why}).")
NOT_OUT_YET = msg("day_not_out_yet", "{what} of {day} isn’t out yet.")


def media_type(request: Request) -> str:
    """The request's Content-Type without its parameters, lower-cased ("" when it names none)."""
    return request.headers.get("content-type", "").split(";")[0].strip().lower()


def unreadable_type(media: str, accepted: Message | str = AS_JSON) -> ApiError:
    """The 415 for a body of type `media` (or none) where `accepted` is what the route reads."""
    if media:
        return ApiError(415, WRONG_TYPE(accepted=accepted, media=media))
    return ApiError(415, NO_TYPE(accepted=accepted))


def json_only(request: Request) -> None:
    """415 unless the request says its body is JSON. A browser sends a page's cross-site POST without
    asking first (CORS's preflight) only with no type or a form's (text/plain, a form type,
    multipart/form-data): refusing those means no other site can post to this API through its
    visitors' browsers (docs/api.md, "Bodies are JSON")."""
    media = media_type(request)
    if media != JSON_MEDIA:
        raise unreadable_type(media)


async def json_body(request: Request) -> Any:
    """The request's body as JSON; 415 when it doesn't say it is, 400 when it's missing, not JSON, or
    nested absurdly deep."""
    json_only(request)
    return _loaded(await request.body())


def _loaded(raw: bytes) -> Any:
    """`raw` as JSON (the standard library's reading: any of JSON's encodings); 400 as `json_body` says."""
    if not raw.strip():
        raise ApiError(400, NO_BODY)
    try:
        return json.loads(raw)
    except RecursionError:
        raise ApiError(400, TOO_DEEP) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ApiError(400, _why(exc)) from None


def _why(exc: Exception) -> Message:
    """The decoder's own reason (its English) in the message."""
    if isinstance(exc, json.JSONDecodeError):
        return BAD_JSON(why=exc.msg, position=exc.pos)
    return BAD_BYTES(why=str(exc).split("\n")[0][:120])


def parse(model: type[M], data: Any) -> M:
    """`data` checked by `model`; 400 naming the first field that's wrong (or in the model's own words)."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ApiError(400, plain_words(exc.errors())) from None


async def read_as(model: type[M], request: Request) -> M:
    """The request's JSON body checked by `model`: 400 in plain words when it isn't JSON or doesn't fit.

    Read and checked in one pass by pydantic-core (`model_validate_json`), which takes only what the
    two steps below take, as the same values (tests/test_api_bodies.py holds every model to it); a
    body it refuses goes through those steps, `json.loads` then the model, so a refusal says what it
    said before and what the standard library alone reads (a byte order mark, UTF-16, a lone
    surrogate's escape, nesting past pydantic-core's depth) is taken as before."""
    json_only(request)
    raw = await request.body()
    try:
        return model.model_validate_json(raw)
    except ValidationError:
        return parse(model, _loaded(raw))


def no_body(request: Request) -> None:
    """For a route that reads no body: a request may send none, or a JSON one (ignored). A body of
    another type, or one that names no type, is refused 415, as anywhere else (json_only says why).
    The route's dependency calls it (functions/deps.py: `signed_in(..., no_body=True)`, `CtxNoBody`)."""
    media = media_type(request)
    headers = request.headers
    sent = headers.get("content-length", "0") not in ("", "0") or "transfer-encoding" in headers
    if media != JSON_MEDIA and (media or sent):
        raise unreadable_type(media, AS_JSON_OR_NOTHING)


def day_from(text: str) -> dt.date:
    """The date `text` names (YYYY-MM-DD); 400 saying what is wrong with it otherwise."""
    try:
        return parse_day(text)
    except ValueError:
        raise ApiError(400, NOT_A_DATE(text=repr(text))) from None


def out_by(day: dt.date, now: dt.datetime, what: Message | str) -> None:
    """404 "`what` of <day> isn’t out yet." for a date not yet begun anywhere at `now` (at UTC+14:
    puzzlebook.calendar.released): every dated route says so the same way, rather than answering an
    empty board or "no such puzzle"."""
    if not released(day, now):
        raise ApiError(404, NOT_OUT_YET(what=what, day=day.isoformat()))


class DocumentedBody(dict[str, Any]):
    """A route's openapi_extra naming its JSON request body: empty until `fill`, which the document
    calls (functions/app.py) before it is made. A body's schema is made from its model, which builds
    the model's validator: done at import for every route, that was a tenth of a cold start's own
    work (docs/operations.md, "Cold start"), and only the document needs it."""

    def __init__(self, shape: Any, extra: dict[str, Any]) -> None:
        super().__init__()
        self.shape = shape
        self.extra = extra

    def fill(self) -> None:
        """Write the body's schema (and the extra entries) in, once."""
        if self:
            return
        shape = self.shape
        if isinstance(shape, type) and issubclass(shape, BaseModel):
            schema = shape.model_json_schema()
        else:
            schema = TypeAdapter(shape).json_schema()
        body = {"required": True, "content": {"application/json": {"schema": inlined(schema)}}}
        self.update({"requestBody": body, **self.extra})


def documented(shape: Any, extra: dict[str, Any] | None = None) -> DocumentedBody:
    """openapi_extra describing `shape` (a model, or an annotated union of models) as the required
    JSON request body, with its definitions written in place (the document has no $defs of its own),
    and `extra`'s entries; made when the document is (`fill_documented`)."""
    return DocumentedBody(shape, extra or {})


def fill_documented(routes: Iterable[Any]) -> None:
    """Make the request bodies `documented` left for the document, on every route of `routes`."""
    for route in routes:
        extra = getattr(route, "openapi_extra", None)
        if isinstance(extra, DocumentedBody):
            extra.fill()


def inlined(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` with every "#/$defs/…" reference replaced by its definition. A union's discriminator
    goes too: its mapping names the definitions, and each branch's `const` already tells them apart."""
    definitions = schema.get("$defs", {})

    def walk(node: Any) -> Any:
        if isinstance(node, list):
            return [walk(item) for item in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref", "")
        if ref.startswith("#/$defs/"):
            rest = {k: v for k, v in node.items() if k != "$ref"}
            return walk({**definitions[ref.removeprefix("#/$defs/")], **rest})
        return {k: walk(v) for k, v in node.items() if k not in ("$defs", "discriminator")}

    out: dict[str, Any] = walk(schema)
    return out


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The `responses` entry documenting each error status with the {"error", "code"} body."""
    words = {
        400: "The request isn't shaped as expected.",
        401: "No token, or one that matches no player.",
        403: "Not yet allowed.",
        404: "No such thing.",
        409: "Conflicts with what's stored.",
        413: "The body is too large.",
        422: "Well shaped, but not acceptable (e.g. the moves don't solve the puzzle).",
        429: "Too many; Retry-After says when to try again.",
        503: "The store is unavailable; nothing was changed.",
    }
    # A $ref rather than `"model": ErrorBody`: FastAPI would build a validator per route and status
    # at import (a cold start cost); functions/app.py puts ErrorBody in the document's components.
    return {
        status: {"description": words[status], "content": {"application/json": {"schema": ERROR_REF}}}
        for status in statuses
    }
