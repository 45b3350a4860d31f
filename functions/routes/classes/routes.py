"""Classes: a teacher (any player) makes a class and shares its join link; students join with a
display name; the teacher renames or removes students (a removed student can't join again until the
teacher lets them back), closes joining or makes a new join link (the old one stops working), assigns
their lessons and reads each student's results per lesson. A student reads the class's lessons and
only their own results, and may leave the class. Anyone else is told there is no such class (404: no
hint that it exists). docs/classes.md.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Annotated

from fastapi import APIRouter

from functions.auth import clean_name
from functions.bodies import documented, errors
from functions.caching import PRIVATE, cached
from functions.deps import Post, Signed, signed_in, signed_post
from functions.errors import ApiError, named_in_path
from functions.limits import Limit, enforce
from functions.models import Deleted
from functions.routes.classes.models import (
    CLASS_ID,
    PLAYER_ID,
    Cell,
    ClassChange,
    Classes,
    ClassId,
    ClassOut,
    ClassSummary,
    DueChange,
    DueItem,
    DueList,
    Join,
    Joined,
    LessonOut,
    MemberName,
    NewClass,
    NewSet,
    PlayerId,
    PuzzleOut,
    RemovedOut,
    Row,
    StudentOut,
    Table,
)
from functions.routes.lessons.imports import stored
from functions.routes.lessons.models import LESSON_ID, LessonId
from functions.routes.lessons.routes import IMPORTS
from puzzlebook.classes import (
    MAX_CLASSES,
    MAX_LESSONS,
    MAX_STUDENTS,
    ClassRefused,
    cell,
    class_name,
    day_of,
    done_at,
    is_late,
    may_assign,
    may_set_due,
)
from puzzlebook.lessons.importer import check
from puzzlebook.lessons.results import student_key
from puzzlebook.messages import msg
from puzzlebook.puzzle_sets import as_lesson, bands_for, check_spec, draw
from service.classes.records import ClassHead, ClassRecords, Klass, Member
from service.context import Context
from service.games.chess.puzzles import puzzles_of
from service.games.lessons.records import Lesson, LessonRecords
from service.store.records import Player

router = APIRouter(tags=["classes"])

NEEDED = msg("sign_in_for_classes",
             "Sign in first: a class is kept under its teacher's player, and a student is a player too.")
Someone = Annotated[Signed, signed_in(NEEDED)]
# The same for a POST or PUT that reads no body (one sent must be JSON, or none: 415).
Quietly = Annotated[Signed, signed_in(NEEDED, no_body=True)]
# A signed-in post of each body: the player (401), then the body (400 in its model's words).
Creating = Annotated[Post[NewClass], signed_post(NewClass, NEEDED)]
Changing = Annotated[Post[ClassChange], signed_post(ClassChange, NEEDED)]
Joining = Annotated[Post[Join], signed_post(Join, NEEDED)]
Renaming = Annotated[Post[MemberName], signed_post(MemberName, NEEDED)]
Dating = Annotated[Post[DueChange], signed_post(DueChange, NEEDED)]
Drawing = Annotated[Post[NewSet], signed_post(NewSet, NEEDED)]
NO_CLASS = msg("no_such_class", "There is no class with that id that you teach or belong to.")
NOT_MEMBER = msg("not_class_member", "There is no class with that id that you belong to.")
NOT_TEACHER = msg("not_class_teacher", "There is no class with that id that you teach.")
NO_STUDENT = msg("no_such_student", "There is no student with that id in this class.")
NO_LESSON = msg("not_your_lesson", "None of your lessons has that id.")
NOT_ASSIGNED = msg("lesson_not_assigned", "That lesson isn't assigned to this class.")
WRONG_JOIN = msg("class_join_link_wrong",
                 "That join link isn't right: ask your teacher for the class's link again.")
NOT_REMOVED = msg("no_removed_student", "There is no student with that id removed from this class.")
SET_FAILED = msg("puzzle_set_failed", "The puzzles drawn couldn't be made into a set just now: try again.")
LESSON_DELETED = msg("lesson_deleted", "That lesson was deleted by its teacher.")
# Per player: making classes and joining are rare; these only stop a loop.
CREATES = Limit("class-create", 30, msg("too_many_classes_made", "Too many classes made just now. {retry}"))
JOINS = Limit("class-join", 60, msg("too_many_class_joins", "Too many joins just now. {retry}"))


def class_url(class_id: str) -> str:
    return f"/classes/class/?id={class_id}"


def join_url(head: ClassHead) -> str:
    return f"/classes/join/?id={head.id}&code={head.code}"


def lesson_url(lesson_id: str) -> str:
    return f"/lessons/play/?id={lesson_id}"


def _refusal(refused: ClassRefused) -> ApiError:
    return ApiError(refused.status, refused.message)


def _class(ctx: Context, class_id: str) -> Klass | None:
    return ClassRecords(ctx.store).get(class_id) if CLASS_ID.fullmatch(class_id) else None


def _taught(ctx: Context, class_id: str, player: Player) -> Klass:
    """The class if `player` teaches it; 404 otherwise (no hint that it exists)."""
    klass = _class(ctx, class_id)
    if klass is None or klass.head.teacher != player.id:
        raise ApiError(404, NOT_TEACHER)
    return klass


def _seen(ctx: Context, class_id: str, player: Player) -> Klass:
    """The class if `player` teaches it or is one of its students; 404 otherwise."""
    klass = _class(ctx, class_id)
    if klass is None or (klass.head.teacher != player.id and klass.member(player.id) is None):
        raise ApiError(404, NO_CLASS)
    return klass


def _summary(head: ClassHead) -> ClassSummary:
    return ClassSummary(
        id=head.id, name=head.name, url=class_url(head.id), open=head.open, created=head.created
    )


def _out(ctx: Context, klass: Klass, player: Player) -> ClassOut:
    heads = {a.id: LessonRecords(ctx.store).lesson_head(a.id) for a in klass.lessons}
    sets = {a.id for a in klass.lessons if a.set}
    lessons = [
        LessonOut(
            id=a.id, name=head.name, count=head.count, url=lesson_url(a.id), assigned=a.assigned, due=a.due,
            set=a.id in sets,
        )
        for a in klass.lessons
        if (head := heads[a.id]) is not None
    ]
    teacher = klass.head.teacher == player.id
    me = klass.member(player.id)
    return ClassOut(
        id=klass.head.id,
        name=klass.head.name,
        role="teacher" if teacher else "student",
        open=klass.head.open,
        url=class_url(klass.head.id),
        join_url=join_url(klass.head) if teacher else None,
        you=None if teacher or me is None else me.name,
        students=[StudentOut(id=m.pid, name=m.name, joined=m.joined) for m in klass.members]
        if teacher
        else [],
        removed=[RemovedOut(id=m.pid, name=m.name, removed=m.joined) for m in klass.removed]
        if teacher
        else [],
        lessons=lessons,
        most_students=MAX_STUDENTS,
        most_lessons=MAX_LESSONS,
    )


@router.post(
    "/classes",
    status_code=201,
    response_model=ClassOut,
    openapi_extra=documented(NewClass),
    responses=errors(400, 401, 422, 429, 503),
    summary="Make a class (you teach it): its join link comes back",
)
@cached(PRIVATE)
async def create_class(post: Creating) -> ClassOut:
    player, ctx, body = post.player, post.ctx, post.body
    try:
        name = class_name(body.name)
        enforce(ctx, CREATES, player.id)
        head = ClassRecords(ctx.store).create(player.id, name, ctx.now())
    except ClassRefused as refused:
        raise _refusal(refused) from None
    return _out(ctx, Klass(head), player)


@router.get(
    "/classes",
    response_model=Classes,
    responses=errors(401, 503),
    summary="The classes you teach and those you are a student of",
)
@cached(PRIVATE)
async def my_classes(me: Someone) -> Classes:
    player, ctx = me.player, me.ctx
    records = ClassRecords(ctx.store)
    return Classes(
        teaching=[_summary(h) for h in records.teaching(player.id)],
        joined=[_summary(h) for h, _ in records.joined(player.id)],
        most=MAX_CLASSES,
    )


# Before /classes/{class_id}, which would take "due" for a class's id.
@router.get(
    "/classes/due",
    response_model=DueList,
    responses=errors(401, 503),
    summary="Your assigned lessons with a due date that you haven't gone through yet, soonest first",
)
@cached(PRIVATE)
async def my_due(me: Someone) -> DueList:
    return due_of(me.ctx, me.player)


def due_of(ctx: Context, player: Player) -> DueList:
    """`player`'s assigned lessons with a due date and a puzzle left to play, soonest due first (also
    the home page's, functions/routes/home.py)."""
    records, lessons = ClassRecords(ctx.store), LessonRecords(ctx.store)
    out = []
    for head, member in records.joined(player.id):
        klass = records.get(head.id)
        if klass is None:
            continue
        for assignment in klass.lessons:
            if assignment.due is None:
                continue
            lesson = lessons.get_lesson(assignment.id)
            if lesson is None:
                continue
            (row,) = _rows(ctx, assignment.id, lesson, [member], assignment.due)
            # Listed while a puzzle is left to play: a solution shown is gone through, though not done.
            if any(c.outcome == "none" for c in row.results):
                out.append(DueItem(
                    class_id=head.id, class_name=head.name, class_url=class_url(head.id),
                    lesson_id=assignment.id, lesson=lesson.lesson["name"], url=lesson_url(assignment.id),
                    count=len(lesson.lesson["puzzles"]), due=assignment.due,
                ))
    out.sort(key=lambda item: (item.due, item.class_name, item.lesson))
    return DueList(due=out)


@router.get(
    "/classes/{class_id}",
    response_model=ClassOut,
    responses=errors(401, 404, 503),
    summary="A class: to its teacher with students and join link, to a student with their lessons",
)
@cached(PRIVATE)
async def get_class(me: Someone, class_id: ClassId) -> ClassOut:
    player, ctx = me.player, me.ctx
    return _out(ctx, _seen(ctx, class_id, player), player)


@router.patch(
    "/classes/{class_id}",
    response_model=ClassOut,
    openapi_extra=documented(ClassChange),
    responses=errors(400, 401, 404, 503),
    summary="Rename your class, or open or close joining",
)
@cached(PRIVATE)
async def change_class(post: Changing, class_id: ClassId) -> ClassOut:
    player, ctx, body = post.player, post.ctx, post.body
    _taught(ctx, class_id, player)
    try:
        name = None if body.name is None else class_name(body.name)
    except ClassRefused as refused:
        raise _refusal(refused) from None
    if ClassRecords(ctx.store).update(class_id, player.id, name=name, open_=body.open) is None:
        raise ApiError(404, NOT_TEACHER)
    return _out(ctx, _taught(ctx, class_id, player), player)


@router.post(
    "/classes/{class_id}/code",
    response_model=ClassOut,
    responses=errors(401, 404, 503),
    summary="Make a new join link for your class: the old link stops working at once",
)
@cached(PRIVATE)
async def new_join_link(me: Quietly, class_id: ClassId) -> ClassOut:
    player, ctx = me.player, me.ctx
    _taught(ctx, class_id, player)
    if ClassRecords(ctx.store).update(class_id, player.id, new_code=True) is None:
        raise ApiError(404, NOT_TEACHER)
    return _out(ctx, _taught(ctx, class_id, player), player)


@router.delete(
    "/classes/{class_id}",
    response_model=Deleted,
    responses=errors(401, 404, 503),
    summary="Delete your class (its lessons and results stay)",
)
@cached(PRIVATE)
async def delete_class(me: Someone, class_id: ClassId) -> Deleted:
    player, ctx = me.player, me.ctx
    if not CLASS_ID.fullmatch(class_id) or not ClassRecords(ctx.store).delete(class_id, player.id):
        raise ApiError(404, NOT_TEACHER)
    return Deleted()


@router.post(
    "/classes/{class_id}/students",
    response_model=Joined,
    openapi_extra=documented(Join),
    responses=errors(400, 401, 403, 404, 422, 429, 503),
    summary="Join a class with its join link's code, under a display name",
)
@cached(PRIVATE)
async def join_class(post: Joining, class_id: ClassId) -> Joined:
    player, ctx, body = post.player, post.ctx, post.body
    name = clean_name(body.name)
    named_in_path(class_id, CLASS_ID, NO_CLASS)
    enforce(ctx, JOINS, player.id)
    try:
        got = ClassRecords(ctx.store).join(class_id, body.code, player.id, name, ctx.now())
    except ClassRefused as refused:
        raise _refusal(refused) from None
    if got is None:
        raise ApiError(404, WRONG_JOIN)
    klass, joined = got
    return Joined(id=klass.head.id, name=klass.head.name, url=class_url(klass.head.id), joined=joined)


@router.patch(
    "/classes/{class_id}/students/{student_id}",
    response_model=StudentOut,
    openapi_extra=documented(MemberName),
    responses=errors(400, 401, 404, 503),
    summary="Rename a student of your class",
)
@cached(PRIVATE)
async def rename_student(post: Renaming, class_id: ClassId, student_id: PlayerId) -> StudentOut:
    player, ctx, body = post.player, post.ctx, post.body
    name = clean_name(body.name)
    klass = _taught(ctx, class_id, player)
    member = klass.member(student_id) if PLAYER_ID.fullmatch(student_id) else None
    if member is None or not ClassRecords(ctx.store).rename_member(class_id, student_id, name):
        raise ApiError(404, NO_STUDENT)
    return StudentOut(id=student_id, name=name, joined=member.joined)


@router.delete(
    "/classes/{class_id}/students/{student_id}",
    response_model=Deleted,
    responses=errors(401, 404, 503),
    summary="Remove a student from your class (their results stay with the lessons)",
)
@cached(PRIVATE)
async def remove_student(me: Someone, class_id: ClassId, student_id: PlayerId) -> Deleted:
    player, ctx = me.player, me.ctx
    _taught(ctx, class_id, player)
    records = ClassRecords(ctx.store)
    if not PLAYER_ID.fullmatch(student_id) or not records.remove_member(class_id, student_id, ctx.now()):
        raise ApiError(404, NO_STUDENT)
    return Deleted()


@router.delete(
    "/classes/{class_id}/membership",
    response_model=Deleted,
    responses=errors(401, 404, 503),
    summary="Leave a class you are a student of: your teacher no longer sees your progress",
)
@cached(PRIVATE)
async def leave_class(me: Someone, class_id: ClassId) -> Deleted:
    """The student's own membership ends: no mark is left (unlike a removal, they may join again with
    the link), their results stay with the lessons, and the teacher's reads of their progress end at
    once (functions/routes/classes/progress.py reads the class's students first). Not a student of
    it (its teacher included): 404, as for no such class."""
    player, ctx = me.player, me.ctx
    if not CLASS_ID.fullmatch(class_id) or not ClassRecords(ctx.store).remove_member(class_id, player.id):
        raise ApiError(404, NOT_MEMBER)
    return Deleted()


@router.delete(
    "/classes/{class_id}/removed/{student_id}",
    response_model=ClassOut,
    responses=errors(401, 404, 503),
    summary="Let a student you removed join again, with the class's join link",
)
@cached(PRIVATE)
async def let_back(me: Someone, class_id: ClassId, student_id: PlayerId) -> ClassOut:
    player, ctx = me.player, me.ctx
    _taught(ctx, class_id, player)
    if not PLAYER_ID.fullmatch(student_id) or not ClassRecords(ctx.store).let_back(class_id, student_id):
        raise ApiError(404, NOT_REMOVED)
    return _out(ctx, _taught(ctx, class_id, player), player)


@router.put(
    "/classes/{class_id}/lessons/{lesson_id}",
    response_model=ClassOut,
    responses=errors(401, 404, 422, 503),
    summary="Assign one of your lessons to your class",
)
@cached(PRIVATE)
async def assign_lesson(me: Quietly, class_id: ClassId, lesson_id: LessonId) -> ClassOut:
    player, ctx = me.player, me.ctx
    _taught(ctx, class_id, player)
    head = LessonRecords(ctx.store).lesson_head(lesson_id) if LESSON_ID.fullmatch(lesson_id) else None
    if head is None or head.owner_id != player.id:
        raise ApiError(404, NO_LESSON)
    try:
        ClassRecords(ctx.store).assign(class_id, lesson_id, ctx.now())
    except ClassRefused as refused:
        raise _refusal(refused) from None
    return _out(ctx, _taught(ctx, class_id, player), player)


@router.patch(
    "/classes/{class_id}/lessons/{lesson_id}",
    response_model=ClassOut,
    openapi_extra=documented(DueChange),
    responses=errors(400, 401, 404, 422, 503),
    summary="Give an assigned lesson a due date (today or later), change it, or clear it (null)",
)
@cached(PRIVATE)
async def set_due(post: Dating, class_id: ClassId, lesson_id: LessonId) -> ClassOut:
    player, ctx, body = post.player, post.ctx, post.body
    klass = _taught(ctx, class_id, player)
    if not LESSON_ID.fullmatch(lesson_id) or klass.assignment(lesson_id) is None:
        raise ApiError(404, NOT_ASSIGNED)
    try:
        if body.due is not None:
            may_set_due(dt.date.fromisoformat(body.due), ctx.today())
    except ClassRefused as refused:
        raise _refusal(refused) from None
    if not ClassRecords(ctx.store).set_due(class_id, lesson_id, body.due):
        raise ApiError(404, NOT_ASSIGNED)
    return _out(ctx, _taught(ctx, class_id, player), player)


@router.post(
    "/classes/{class_id}/sets",
    status_code=201,
    response_model=ClassOut,
    openapi_extra=documented(NewSet),
    responses=errors(400, 401, 404, 422, 429, 503),
    summary="Draw a puzzle set from the bundle (themes, a rating range, up to 50) and assign it",
)
@cached(PRIVATE)
async def make_set(post: Drawing, class_id: ClassId) -> ClassOut:
    player, ctx, body = post.player, post.ctx, post.body
    klass = _taught(ctx, class_id, player)
    try:
        spec = check_spec(body.themes, body.low, body.high, body.count)
        may_assign(len(klass.lessons))
        if body.due is not None:
            may_set_due(dt.date.fromisoformat(body.due), ctx.today())
        bundle = puzzles_of(ctx).bundle
        rows = [row for band in bands_for(spec, bundle.index["bands"]) for row in bundle.rows(band)]
        drawn = draw(spec, rows, bundle.retired)
    except ClassRefused as refused:
        raise _refusal(refused) from None
    enforce(ctx, IMPORTS, player.id)  # a set is a lesson of the teacher's, made as an import is
    report = check(json.dumps(as_lesson(spec, drawn)))
    if not report.ok:  # the bundle's puzzles are lessons by construction (tests/test_puzzle_sets.py)
        raise ApiError(503, SET_FAILED)
    name = spec.name()
    lesson = stored(name, report) | {
        "kind": "set",
        "set": {"themes": list(spec.themes), "low": spec.low, "high": spec.high, "count": spec.count,
                "bundle": bundle.version, "ids": [str(row[0]) for row in drawn]},
    }
    lesson_id = LessonRecords(ctx.store).save_lesson(
        player.id, lesson, ctx.now(), name=name, count=spec.count
    )
    records = ClassRecords(ctx.store)
    try:
        records.assign(class_id, lesson_id, ctx.now(), set_=True)
    except ClassRefused as refused:  # another assignment took the last place meanwhile
        LessonRecords(ctx.store).delete_lesson(lesson_id, player.id)
        raise _refusal(refused) from None
    if body.due is not None:
        records.set_due(class_id, lesson_id, body.due)
    return _out(ctx, _taught(ctx, class_id, player), player)


@router.delete(
    "/classes/{class_id}/lessons/{lesson_id}",
    response_model=ClassOut,
    responses=errors(401, 404, 503),
    summary="Take a lesson off your class (its results stay with the lesson)",
)
@cached(PRIVATE)
async def unassign_lesson(me: Someone, class_id: ClassId, lesson_id: LessonId) -> ClassOut:
    player, ctx = me.player, me.ctx
    _taught(ctx, class_id, player)
    if not LESSON_ID.fullmatch(lesson_id) or not ClassRecords(ctx.store).unassign(class_id, lesson_id):
        raise ApiError(404, NOT_ASSIGNED)
    return _out(ctx, _taught(ctx, class_id, player), player)


@router.get(
    "/classes/{class_id}/lessons/{lesson_id}/results",
    response_model=Table,
    responses=errors(401, 404, 503),
    summary="Students × puzzles of an assigned lesson: to the teacher every student, to a student their own",
)
@cached(PRIVATE)
async def class_results(me: Someone, class_id: ClassId, lesson_id: LessonId) -> Table:
    player, ctx = me.player, me.ctx
    klass = _seen(ctx, class_id, player)
    if klass.assignment(lesson_id) is None:
        raise ApiError(404, NOT_ASSIGNED)
    lessons = LessonRecords(ctx.store)
    lesson = lessons.get_lesson(lesson_id)
    if lesson is None:
        raise ApiError(404, LESSON_DELETED)
    students = (
        klass.members if klass.head.teacher == player.id else [m for m in klass.members if m.pid == player.id]
    )
    puzzles = lesson.lesson["puzzles"]
    assignment = klass.assignment(lesson_id)
    due = assignment.due if assignment is not None else None
    return Table(
        class_id=klass.head.id,
        lesson_id=lesson_id,
        lesson=lesson.lesson["name"],
        url=lesson_url(lesson_id),
        due=due,
        puzzles=[
            PuzzleOut(index=n, title=p.get("title", "") or f"Puzzle {n}") for n, p in enumerate(puzzles, 1)
        ],
        students=_rows(ctx, lesson_id, lesson, students, due),
    )


def _rows(ctx: Context, lesson_id: str, lesson: Lesson, students: list[Member], due: str | None) -> list[Row]:
    """Each student's row of an assigned lesson: a cell per puzzle, and when their work was done (every
    puzzle solved: puzzlebook.classes.done_at, when played), on which site day, and whether after `due`."""
    puzzles = lesson.lesson["puzzles"]
    revs = lesson.revs or (1,) * len(puzzles)
    keys = {m.pid: student_key(lesson_id, m.pid) for m in students}
    kept = LessonRecords(ctx.store).answers(lesson_id, len(puzzles), list(keys.values()))
    zone = ctx.settings.site_tz
    due_day = dt.date.fromisoformat(due) if due else None
    rows = []
    for m in students:
        results = [kept.get((n, keys[m.pid])) for n in range(1, len(puzzles) + 1)]
        done = done_at(results)
        day = day_of(done, zone) if done is not None else None
        rows.append(Row(
            id=m.pid,
            name=m.name,
            results=[Cell(**cell(r, revs[n])) for n, r in enumerate(results)],
            done=done,
            done_day=day.isoformat() if day is not None and day != dt.date.min else None,
            late=is_late(day, due_day),
        ))
    return rows
