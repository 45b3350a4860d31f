"""A lesson import read from its request and answered: the body checked as JSON or PGN (415 for another
type, 413 over the limit), the lesson's name, what is kept of it, and the 422 that lists every problem.

The import is the request body itself (the teacher's JSON or PGN, up to 256 KB), so the size limit
and every line and column in an error are the teacher's own text; what is stored is the seed's JSON
of every puzzle (normalised), never the raw text.
"""

from __future__ import annotations

import unicodedata
from functools import partial
from typing import Any, Literal

from fastapi import Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from functions.bodies import JSON_MEDIA, media_type, unreadable_type
from functions.clients import client_address
from functions.errors import ApiError, words_for
from functions.limits import Limit, enforce
from functions.routes.lessons.models import Problem
from puzzlebook.lessons import MAX_BYTES, Report, check
from puzzlebook.lessons.importer import too_big_message
from puzzlebook.lessons.kept_variations import BadChoice, read_kept
from puzzlebook.lessons.texts import CONTROL
from puzzlebook.messages import Message, msg, msg_plural
from service.context import Context
from service.games.lessons.records import LessonTooLarge

STORED_VERSION = 1


PGN_MEDIA = ("application/x-chess-pgn", "application/vnd.chess-pgn")
# The 413 of an import over the size limit: the importer's own words as a sentence, under the status's
# code (too_large) as before they were a message.
TOO_LARGE = msg("too_large", "{problem}.")
LESSON_TEXT = msg("as_lesson_text", "a lesson's text, with Content-Type: {json} or {pgn}")
NAME_CONTROL = msg("lesson_name_control", "The lesson's name can't contain control characters.")
STORED_TOO_BIG = msg("lesson_stored_too_big", "Stored, this lesson would take {size} KB; the limit is "
                     "{limit} KB: split it into smaller imports. {nothing}")
NOTHING_CHANGED = msg("nothing_changed", "Nothing was changed.")
NOTHING_STORED = msg("nothing_stored", "Nothing was stored.")


def kind_of(request: Request) -> Literal["pgn"] | None:
    """PGN for a PGN type; None (found from the text: JSON unless it is plainly PGN) for JSON, which is
    what the import page sends whatever was pasted. Any other type is refused 415: a form's types
    need no CORS preflight, so another site's page could send them (docs/lessons.md, "The API")."""
    media = media_type(request)
    if media in PGN_MEDIA:
        return "pgn"
    if media != JSON_MEDIA:
        raise unreadable_type(media, LESSON_TEXT(json=JSON_MEDIA, pgn=PGN_MEDIA[0]))
    return None


async def checked(
    request: Request, student_color: str | None, *, counted: tuple[Context, Limit] | None = None,
    refute: list[str] | None = None,
) -> Report:
    """The import in the body, checked: 415 for a type it can't be, then (when `counted`: the check
    route's Context and limit) 429 past the limit for the client's address, then 413 over the size
    limit. A text refused unread (empty, or not UTF-8) comes back with kind None: the routes answer
    it 400 through `refused`.

    The check runs in the thread pool, not on the event loop: a big import takes seconds of
    python-chess, and on the loop it held every other request of the process (one uvicorn worker
    locally) until it was done. `refute`: the PGN's variations the teacher keeps as refutations
    (puzzlebook/lessons/kept_variations.py), 400 when one can't be read."""
    kind = kind_of(request)
    try:
        keep = read_kept(refute or [])
    except BadChoice as error:
        raise ApiError(400, error.message) from None
    if counted is not None:
        enforce(*counted, client_address(request))
    raw = await request.body()
    if len(raw) > MAX_BYTES:  # the body limit stops most; this keeps the rule here too
        raise ApiError(413, TOO_LARGE(problem=too_big_message(len(raw))))
    return await run_in_threadpool(partial(check, raw, student_color=student_color, kind=kind, keep=keep))


def problems(items: tuple[Any, ...], request: Request) -> list[Problem]:
    """The checker's problems (puzzlebook.lessons.problems) as the API answers them: each one's words
    and its whole text in the request's language, with its code."""
    return [Problem(**said(item, request)) for item in items]


def said(item: Any, request: Request) -> dict[str, Any]:
    """A problem's fields, its message and text in the request's language."""
    return {**item.as_dict(), "message": words_for(request.scope, item.said)[0],
            "text": words_for(request.scope, item.whole())[0]}


def lesson_name(given: str | None, report: Report) -> str:
    if given is not None:
        # Checked as given (the document's pattern says the same), then trimmed.
        if CONTROL.search(given):
            raise ApiError(400, NAME_CONTROL)
        name = unicodedata.normalize("NFC", given).strip()
        if name:
            return name
    if report.name:
        return report.name
    first = report.lessons[0].title if report.lessons else ""
    count = len(report.lessons)
    plural = "puzzle" if count == 1 else "puzzles"
    return f"{first} ({count} {plural})" if first and count > 1 else first or f"Lesson of {count} {plural}"


def stored(title: str, report: Report) -> dict[str, Any]:
    """What is kept of a checked import: the seed's JSON of every puzzle (normalised), never the text."""
    return {
        "version": STORED_VERSION,
        "name": title,
        "kind": report.kind,
        "puzzles": [lesson.to_seed() for lesson in report.lessons],
    }


def too_large(too_big: LessonTooLarge, nothing: Message) -> ApiError:
    # The importer's own limit keeps below this; said plainly all the same.
    size, limit = f"{too_big.size / 1024:,.0f}", f"{too_big.limit // 1024:,}"
    return ApiError(413, STORED_TOO_BIG(size=size, limit=limit, nothing=nothing))


ONE_OF_MORE = msg_plural("lesson_problem_and_more", "{first}; and {n} more problem. Nothing was stored.",
                         "{first}; and {n} more problems. Nothing was stored.", "n")
PROBLEMS = msg_plural("lesson_problems", "The import has {n} problem; nothing was stored.",
                      "The import has {n} problems; nothing was stored.", "n")


def refused(report: Report, request: Request) -> JSONResponse:
    """422 with every problem (400 when the text was refused unread: empty, not UTF-8), in the
    request's language."""
    count = len(report.errors)
    general = [problem for problem in report.errors if problem.puzzle is None]
    if count == 1:
        summary = report.errors[0].whole()
    elif general:  # what is wrong with the whole import first: the puzzles may all be fine
        summary = ONE_OF_MORE(first=general[0].whole(), n=count - 1)
    else:
        summary = PROBLEMS(n=count)
    words, language = words_for(request.scope, summary)
    body = {
        "error": words,
        "code": "lesson_text_unread" if report.kind is None else "lesson_has_problems",
        "errors": [said(p, request) for p in report.errors],
        "warnings": [said(p, request) for p in report.warnings],
    }
    return JSONResponse(body, status_code=400 if report.kind is None else 422,
                        headers={"Content-Language": language.code})
