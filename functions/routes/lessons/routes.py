"""Lessons: a teacher's import checked, stored under an unguessable id, played by anyone
with the link, and per-puzzle counts for the owner.

The import is the request body itself (imports.py reads and answers it). Options go in the query
string: `student_color` for PGN games that don't say, `name` for the lesson, `refute` (storing only)
for each PGN variation the teacher keeps as a refutation. A teacher's route
finds the lesson and checks it is theirs in one place (`_yours`: 404 either way); a student's post
finds the lesson and its puzzle (`_puzzle_of`), and its ticket is minted where every game's is
(service.plays.mint), to the signed-in player or to a guest the server draws.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Request

from functions.auth import OPTIONAL_AUTH
from functions.bodies import documented, errors
from functions.caching import LESSON, PRIVATE, cached
from functions.clients import client_address
from functions.deps import CallerPost, Ctx, Post, Signed, caller_post, signed_in, signed_post
from functions.errors import TOO_FAST, ApiError, named_in_path
from functions.limits import HOUR, Limit, enforce
from functions.limits import refused as refused_for
from functions.models import Deleted
from functions.plays import key_of, now_ms
from functions.routes.lessons.imports import (
    NOTHING_CHANGED,
    NOTHING_STORED,
    checked,
    lesson_name,
    problems,
    refused,
    stored,
    too_large,
)
from functions.routes.lessons.models import (
    LESSON_ID,
    Checked,
    Counted,
    Created,
    EngineChecked,
    EngineCheckPost,
    Finding,
    ImportBody,
    LessonEdited,
    LessonId,
    LessonName,
    Mine,
    Played,
    PuzzleCounts,
    Refute,
    ResultPost,
    Results,
    Source,
    StudentColor,
    Summary,
    TicketAsk,
    TicketIssued,
)
from puzzlebook.lessons import read_stored
from puzzlebook.lessons.results import (
    GAME,
    LessonResult,
    Play,
    floor_of,
    new_guest,
    puzzle_problem,
    returning_guest,
    student_key,
    student_of,
    ticket_target,
)
from puzzlebook.messages import msg, msg_plural
from puzzlebook.rolling import Full, Rolling
from puzzlebook.tickets import TicketRefused, read
from service.context import Context
from service.games.lessons.records import Lesson, LessonChanged, LessonHead, LessonRecords, LessonTooLarge
from service.plays import mint
from service.store.records import Player
from service.store.site import RollingCap

router = APIRouter(tags=["lessons"])

NEEDED = msg("sign_in_for_lessons",
             "Sign in first: lessons are kept under a teacher's player (Authorization: Bearer …).")
# The teacher comes first (401 before the body, query or path is looked at): docs/api.md.
Teacher = Annotated[Signed, signed_in(NEEDED)]
# A student's post: the body (400 in its model's words), the player looked up only once the lesson
# and the puzzle are found (a token is optional: a guest has none).
Asking = Annotated[CallerPost[TicketAsk], caller_post(TicketAsk)]
Posting = Annotated[CallerPost[ResultPost], caller_post(ResultPost)]
# The engine's findings: the teacher first (401), then the body (400 in its model's words).
Findings = Annotated[Post[EngineCheckPost], signed_post(EngineCheckPost, NEEDED)]
NOT_FOUND = msg("no_such_lesson", "There is no lesson with that id (it may have been deleted).")
NOT_YOURS = msg("not_your_lesson", "None of your lessons has that id.")
UNREADABLE = msg("lesson_unreadable", "This lesson can no longer be read. Please tell the site's operator.")
OLD_FINDINGS = msg("findings_version_old", "These findings are about version {sent} of the lesson; it is at "
                   "version {now} now: check it again. Nothing was kept.")
FINDINGS_BEYOND = msg_plural(
    "findings_beyond_lesson",
    "findings: the lesson has {count} puzzle; there is no puzzle {beyond}. Nothing was kept.",
    "findings: the lesson has {count} puzzles; there is no puzzle {beyond}. Nothing was kept.",
    "count",
)
CHANGED_MEANWHILE = msg("lesson_changed_meanwhile",
                        "The lesson changed while this edit was saved (edited elsewhere, or deleted): "
                        "open it again and redo the edit. Nothing was changed.")
IMPORTS_PER_HOUR = 60
RESULTS_PER_HOUR = 20_000  # per lesson: a class of 100 through 200 puzzles, with room to spare
# Per lesson and client address (docs/classes.md, "Lesson results that can't be inflated"): a class in one
# room shares an address; these leave room for 60 students there, and keep a script on one address
# to 60 made-up students an hour, each counted once per puzzle.
GUESTS_PER_ADDRESS = 60
RESULTS_PER_ADDRESS = 2_000
TICKETS_PER_ADDRESS = 4_000
IMPORTS = Limit("lesson-import", IMPORTS_PER_HOUR, msg(
    "too_many_imports", "Too many imports: at most {most} an hour.")(most=IMPORTS_PER_HOUR))
# Checking an import is anyone's, and up to a few seconds of work: as many an hour as imports, per
# client address (a school's teachers share one), so no one address can keep the server checking.
CHECKS = Limit("lesson-check", IMPORTS_PER_HOUR, msg(
    "too_many_lesson_checks", "Too many lesson checks from your network: at most {most} an hour. {retry}")(
    most=IMPORTS_PER_HOUR))
RESULTS = Limit("lesson-result", RESULTS_PER_HOUR,
                msg("too_many_lesson_results", "Too many results for this lesson just now."))
GUESTS = Limit("lesson-guest", GUESTS_PER_ADDRESS, msg(
    "too_many_lesson_guests", "Too many new students for this lesson from your network just now. {retry}"))
ADDRESS_RESULTS = Limit("lesson-result-at", RESULTS_PER_ADDRESS, msg(
    "too_many_lesson_results_here", "Too many results for this lesson from your network just now. {retry}"))
TICKETS = Limit("lesson-ticket", TICKETS_PER_ADDRESS, msg(
    "too_many_lesson_tickets", "Too many puzzles opened in this lesson from your network just now. {retry}"))
# Results counted on one puzzle (as it is now) from one address in any 60 minutes, guests and
# signed-in players together: what a script there can add to the puzzle's "played" (docs/classes.md).
PLAYED_PER_ADDRESS = 60
PLAYED = Limit("lesson-played", PLAYED_PER_ADDRESS, msg(
    "too_many_lesson_plays",
    "{most} students have played this puzzle from your network in the last hour, more than a class: {retry}")(
    most=PLAYED_PER_ADDRESS))
PLAYED_RULE = Rolling(PLAYED_PER_ADDRESS, HOUR, 60)


def lesson_url(lesson_id: str) -> str:
    """The page that plays the lesson."""
    return f"/lessons/play/?id={lesson_id}"


def _lesson_id(lesson_id: str) -> str:
    return named_in_path(lesson_id, LESSON_ID, NOT_FOUND)


L = TypeVar("L", Lesson, LessonHead)


def _yours(found: L | None, player: Player) -> L:
    """The lesson (whole, or its head) if `player` owns it; 404 otherwise, the same for a lesson
    that isn't there and one that is someone else's (no hint that it exists)."""
    if found is None or found.owner_id != player.id:
        raise ApiError(404, NOT_YOURS)
    return found


def _puzzle_of(ctx: Context, lesson_id: str, puzzle: int) -> LessonHead:
    """The head of the lesson a student's post is about (404), which must have that puzzle (400)."""
    item = LessonRecords(ctx.store).lesson_head(_lesson_id(lesson_id))
    if item is None:
        raise ApiError(404, NOT_FOUND)
    problem = puzzle_problem(item.count, puzzle)
    if problem:
        raise ApiError(400, problem)
    return item


@router.post(
    "/lessons/validate",
    response_model=Checked,
    openapi_extra=ImportBody,
    responses=errors(400, 413, 429, 503),
    summary="Check an import (JSON or PGN) without storing it: every problem at once",
)
@cached(PRIVATE)
async def validate(request: Request, ctx: Ctx, student_color: StudentColor = None) -> Any:
    report = await checked(request, student_color, counted=(ctx, CHECKS))
    if report.kind is None:  # nothing that could be read: empty, or not UTF-8
        return refused(report, request)
    return Checked(
        ok=report.ok,
        kind=report.kind,
        count=len(report.lessons),
        errors=problems(report.errors, request),
        warnings=problems(report.warnings, request),
        puzzles=[lesson.to_dict() for lesson in report.lessons],
    )


@router.post(
    "/lessons",
    status_code=201,
    response_model=Created,
    openapi_extra=ImportBody,
    responses={
        **errors(400, 401, 413, 429, 503),
        422: {"description": "The import has problems; nothing was stored. Body: {error, code, errors, "
                    "warnings} (code: lesson_has_problems)."},
    },
    summary="Import a lesson (signed in): stored only when every puzzle is valid",
)
@cached(PRIVATE)
async def create_lesson(
    me: Teacher, request: Request, student_color: StudentColor = None, name: LessonName = None,
    refute: Refute = None,
) -> Any:
    player, ctx = me.player, me.ctx
    report = await checked(request, student_color, refute=refute)
    if not report.ok:
        return refused(report, request)
    enforce(ctx, IMPORTS, player.id)
    title = lesson_name(name, report)
    try:
        lesson_id = LessonRecords(ctx.store).save_lesson(
            player.id, stored(title, report), ctx.now(), name=title, count=len(report.lessons)
        )
    except LessonTooLarge as too_big:
        raise too_large(too_big, NOTHING_STORED) from None
    return Created(
        id=lesson_id,
        url=lesson_url(lesson_id),
        name=title,
        count=len(report.lessons),
        warnings=problems(report.warnings, request),
    )


@router.get(
    "/lessons",
    response_model=Mine,
    responses=errors(401, 503),
    summary="Your lessons, newest first",
)
@cached(PRIVATE)
async def list_mine(me: Teacher) -> Mine:
    player, ctx = me.player, me.ctx
    return Mine(
        lessons=[
            Summary(
                id=item.id, url=lesson_url(item.id), name=item.name, count=item.count, created=item.created
            )
            for item in LessonRecords(ctx.store).list_lessons(player.id)
        ]
    )


def _replayed(stored: dict[str, Any]) -> list[dict[str, Any]]:
    """The stored seed JSON read back into the full model (SAN, who plays each move)."""
    lessons, errors = read_stored(stored["puzzles"])
    if errors:  # a stored lesson always passed; a rule made stricter since needs a migration
        raise ApiError(500, UNREADABLE)
    return [lesson.to_dict() for lesson in lessons]


@router.get(
    "/lessons/{lesson_id}",
    response_model=Played,
    responses=errors(404, 503),
    summary="A lesson to play (anyone with the link)",
)
@cached(LESSON)
async def get_lesson(ctx: Ctx, lesson_id: LessonId) -> Played:
    item = LessonRecords(ctx.store).get_lesson(_lesson_id(lesson_id))
    if item is None:
        raise ApiError(404, NOT_FOUND)
    puzzles = _replayed(item.lesson)
    return Played(
        version=item.version,
        revs=list(item.revs or (1,) * len(puzzles)),
        id=item.id,
        url=lesson_url(item.id),
        name=item.lesson["name"],
        count=len(puzzles),
        created=item.created,
        puzzles=puzzles,
    )


@router.delete(
    "/lessons/{lesson_id}",
    response_model=Deleted,
    responses=errors(401, 404, 503),
    summary="Delete one of your lessons and its results",
)
@cached(PRIVATE)
async def delete_lesson(me: Teacher, lesson_id: LessonId) -> Deleted:
    player, ctx = me.player, me.ctx
    if not LessonRecords(ctx.store).delete_lesson(_lesson_id(lesson_id), player.id):
        raise ApiError(404, NOT_YOURS)
    return Deleted()


@router.get(
    "/lessons/{lesson_id}/results",
    response_model=Results,
    responses=errors(401, 404, 503),
    summary="Per-puzzle counts for one of your lessons: played, solved, solved cleanly",
)
@cached(PRIVATE)
async def lesson_results(me: Teacher, lesson_id: LessonId) -> Results:
    records = LessonRecords(me.ctx.store)
    item = _yours(records.get_lesson(_lesson_id(lesson_id)), me.player)
    counts = records.lesson_results(item.id, item.revs)
    zero = {"played": 0, "solved": 0, "clean": 0}
    return Results(
        id=item.id,
        name=item.lesson["name"],
        engine=_engine_checked(records, item.id, item.version),
        puzzles=[
            PuzzleCounts(index=index, title=puzzle.get("title", ""), **counts.get(index, zero))
            for index, puzzle in enumerate(item.lesson["puzzles"], 1)
        ],
    )


def _engine_checked(records: LessonRecords, lesson_id: str, version: int) -> EngineChecked:
    kept = records.engine_check(lesson_id)
    if kept is None:
        return EngineChecked(version=None, current=False, checked=None, findings=[])
    return EngineChecked(version=kept.version, current=kept.version == version, checked=kept.checked,
                         findings=[Finding.model_validate(f) for f in kept.findings])


@router.put(
    "/lessons/{lesson_id}/check",
    response_model=EngineChecked,
    openapi_extra=documented(EngineCheckPost),
    responses=errors(400, 401, 404, 409, 413, 503),
    summary="Keep the engine's findings on one of your lessons (warnings its teacher sees, never students)",
)
@cached(PRIVATE)
async def keep_engine_check(post: Findings, lesson_id: LessonId) -> EngineChecked:
    player, ctx, body = post.player, post.ctx, post.body
    records = LessonRecords(ctx.store)
    head = _yours(records.lesson_head(_lesson_id(lesson_id)), player)
    if body.version != head.version:
        raise ApiError(409, OLD_FINDINGS(sent=body.version, now=head.version))
    beyond = sorted({f.puzzle for f in body.findings if f.puzzle > head.count})
    if beyond:
        raise ApiError(400, FINDINGS_BEYOND(count=head.count, beyond=", ".join(map(str, beyond))))
    findings = [f.model_dump(exclude_none=True) for f in body.findings]
    if not records.keep_check(head.id, head.version, findings, ctx.now()):
        raise ApiError(404, NOT_YOURS)
    return _engine_checked(records, head.id, head.version)


@router.post(
    "/lessons/{lesson_id}/tickets",
    response_model=TicketIssued,
    openapi_extra=documented(TicketAsk, OPTIONAL_AUTH),
    responses=errors(400, 401, 404, 413, 429, 503),
    summary="A puzzle's play ticket, asked as it opens: its result counts only with it",
)
@cached(PRIVATE)
async def issue_ticket(post: Asking, request: Request, lesson_id: LessonId) -> TicketIssued:
    ctx, body = post.ctx, post.body
    item = _puzzle_of(ctx, lesson_id, body.puzzle)
    player = post.player()
    where = f"{item.id}#{client_address(request)}"
    # A signed-in student, or a guest this lesson drew before (its earlier ticket), or a new guest.
    student = player.id if player is not None else returning_guest(body.student, item.id, key_of(ctx))
    enforce(ctx, TICKETS, where)
    if student is None:
        enforce(ctx, GUESTS, where)
        student = new_guest()
    issued = mint(ctx.settings.site_key, student, GAME, ticket_target(item.id, body.puzzle), now_ms(ctx))
    return TicketIssued(ticket=issued.text, issued=issued.ticket.issued)


@router.post(
    "/lessons/{lesson_id}/results",
    response_model=Counted,
    openapi_extra=documented(ResultPost, OPTIONAL_AUTH),
    responses=errors(400, 401, 404, 413, 422, 429, 503),
    summary="A student's result on one puzzle, with its play ticket (each student counts once per puzzle)",
)
@cached(PRIVATE)
async def post_result(post: Posting, request: Request, lesson_id: LessonId) -> Counted:
    ctx, body = post.ctx, post.body
    item = _puzzle_of(ctx, lesson_id, body.puzzle)
    player = post.player()
    # A solve takes at least a second a student move, claimed and really passed since its ticket, as
    # in every game (docs/classes.md); Show solution claims no such floor, as a chess miss doesn't.
    floor = _floor(ctx, item, body.puzzle) if body.solved else 0
    if body.seconds < floor:
        raise ApiError(422, TOO_FAST)
    now = now_ms(ctx)
    try:
        ticket = read(body.ticket, key_of(ctx))
        who = student_of(ticket, lesson_id=item.id, puzzle=body.puzzle,
                         player_id=player.id if player is not None else None,
                         seconds=body.seconds, now=now, floor=floor)
    except TicketRefused as refused:
        raise _refused(refused) from None
    enforce(ctx, RESULTS, item.id)
    address = client_address(request)
    enforce(ctx, ADDRESS_RESULTS, f"{item.id}#{address}")
    rev = item.rev(body.puzzle)
    posted = LessonResult.posted(body.solved, body.clean, mistakes=body.mistakes, hints=body.hints,
                                 seconds=body.seconds, rev=rev)
    key = student_key(item.id, who)  # hashed: it can't be linked to a player or across lessons
    # Each counted result, a guest's or a signed-in player's alike, against the puzzle's "played"
    # from this address (issue 26: 59 guests and 40 signed-in sybils made 99 from one address).
    cap = RollingCap(PLAYED.name, f"{item.id}#{body.puzzle}#{rev}#{address}", PLAYED_RULE,
                     int(ctx.now().timestamp()))
    play = Play(ticket, body.seconds, floor, now)  # placed after the student's last result here
    try:
        counted = LessonRecords(ctx.store).record_lesson_result(item.id, body.puzzle, key, posted, ctx.now(),
                                                                cap=cap, play=play)
    except Full as full:
        raise ApiError(429, refused_for(PLAYED.refusal, full.wait),
                       {"Retry-After": str(full.wait)}) from None
    except TicketRefused as refused:  # sooner than its floor after the student's last result here
        raise _refused(refused) from None
    return Counted(counted=counted)


def _refused(refused: TicketRefused) -> ApiError:
    """A result's ticket refused: 422 in the ticket rules' words, its reason in X-Ticket-Refused."""
    return ApiError(422, refused.message, {"X-Ticket-Refused": refused.reason})


def _floor(ctx: Context, head: LessonHead, puzzle: int) -> int:
    """Puzzle number `puzzle`'s student moves: from the lesson's head, or, for a lesson kept before
    heads held them, from the lesson itself."""
    floor = head.floor(puzzle)
    if floor is not None:
        return floor
    lesson = LessonRecords(ctx.store).get_lesson(head.id)
    puzzles = lesson.lesson.get("puzzles", []) if lesson is not None else []
    return floor_of(puzzles[puzzle - 1]) if 0 < puzzle <= len(puzzles) else 0


@router.get(
    "/lessons/{lesson_id}/source",
    response_model=Source,
    responses=errors(401, 404, 503),
    summary="One of your lessons as JSON, to edit",
)
@cached(PRIVATE)
async def lesson_source(me: Teacher, lesson_id: LessonId) -> Source:
    item = _yours(LessonRecords(me.ctx.store).get_lesson(_lesson_id(lesson_id)), me.player)
    text = json.dumps(item.lesson["puzzles"], indent=2, ensure_ascii=False)
    return Source(id=item.id, name=item.lesson["name"], version=item.version, text=text)


@router.put(
    "/lessons/{lesson_id}",
    response_model=LessonEdited,
    openapi_extra=ImportBody,
    responses={
        **errors(400, 401, 404, 409, 413, 429, 503),
        422: {"description": "The edit has problems; nothing was changed. Body: {error, errors, warnings}."},
    },
    summary="Edit one of your lessons in place: the same link, results on unchanged puzzles kept",
)
@cached(PRIVATE)
async def edit_lesson(
    me: Teacher, request: Request, lesson_id: LessonId,
    student_color: StudentColor = None, name: LessonName = None, refute: Refute = None,
) -> Any:
    player, ctx = me.player, me.ctx
    records = LessonRecords(ctx.store)
    head = _yours(records.lesson_head(_lesson_id(lesson_id)), player)
    report = await checked(request, student_color, refute=refute)
    if not report.ok:
        return refused(report, request)
    enforce(ctx, IMPORTS, player.id)
    title = lesson_name(name, report) if name is not None else head.name
    try:
        edited = records.edit_lesson(
            head.id, player.id, stored(title, report), ctx.now(), name=title, count=len(report.lessons)
        )
    except LessonTooLarge as too_big:
        raise too_large(too_big, NOTHING_CHANGED) from None
    except LessonChanged:
        raise ApiError(409, CHANGED_MEANWHILE) from None
    if edited is None:
        raise ApiError(404, NOT_YOURS)
    return LessonEdited(
        id=edited.id, url=lesson_url(edited.id), name=title, count=edited.count, version=edited.version,
        changed=[n for n, rev in enumerate(edited.revs, 1) if rev == edited.version],
        warnings=problems(report.warnings, request),
    )
