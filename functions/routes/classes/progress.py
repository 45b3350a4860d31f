"""A class's progress, to its teacher only (issue 30, part 1): a student's puzzle dashboard and history,
the same figures and lines the student reads of their own (/api/me/dashboard, /api/me/history), and
the class's heatmap of students × themes, as JSON and as CSV. Anyone but the class's teacher (a
stranger, a student of the class, a student reading themselves here) is told there is no such class
(404), and a student who left the class or was removed is no longer there to read (404, in plain
words). Each read is the class's partition, then the student's own items (service/classes/
progress.py). docs/classes.md, "A student's progress, to their teacher".
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from functions.bodies import errors
from functions.caching import PRIVATE, cached
from functions.errors import ApiError
from functions.routes.chess.mine import BAD_CURSOR, BAD_DAYS, Before, Days, Missed
from functions.routes.chess.models import Dashboard, HistoryPage
from functions.routes.classes.models import CLASS_ID, PLAYER_ID, ClassId, Heatmap, PlayerId
from functions.routes.classes.routes import NOT_TEACHER, Someone
from puzzlebook.chess.dashboard import SPANS
from puzzlebook.chess.themes import is_theme, theme
from puzzlebook.class_progress import to_csv
from puzzlebook.messages import msg
from service.classes.progress import ClassProgress
from service.classes.records import ClassRecords, Klass, Member
from service.context import Context
from service.games.chess.history import CURSOR_RE
from service.store.records import Player

router = APIRouter(tags=["classes"])

GONE = msg(
    "student_gone",
    "There is no student with that id in this class: a student who left the class, or whom you "
    "removed, no longer shows you their progress.",
)


def _taught(ctx: Context, class_id: str, player: Player) -> Klass:
    """The class if `player` teaches it (read now, so a student who just left is gone); 404 otherwise,
    the same answer as for no such class."""
    klass = ClassRecords(ctx.store).get(class_id) if CLASS_ID.fullmatch(class_id) else None
    if klass is None or klass.head.teacher != player.id:
        raise ApiError(404, NOT_TEACHER)
    return klass


def _student(ctx: Context, class_id: str, student_id: str, player: Player) -> Member:
    klass = _taught(ctx, class_id, player)
    member = klass.member(student_id) if PLAYER_ID.fullmatch(student_id) else None
    if member is None:
        raise ApiError(404, GONE)
    return member


def _days(days: int) -> int:
    if days not in SPANS:
        raise ApiError(400, BAD_DAYS)
    return days


def _names(figures: dict[str, Any]) -> dict[str, str]:
    """Each column's theme in words, as the themes page names it (the key, for one it doesn't know)."""
    keys = [c["theme"] for c in figures["themes"]]
    return {key: theme(key).name if is_theme(key) else key for key in keys}


@router.get(
    "/classes/{class_id}/students/{student_id}/dashboard",
    response_model=Dashboard,
    response_model_by_alias=True,
    responses=errors(400, 401, 404, 503),
    summary="A student's puzzle dashboard, to their teacher: as the student sees their own",
)
@cached(PRIVATE)
async def student_dashboard(
    me: Someone, class_id: ClassId, student_id: PlayerId, days: Days = 30
) -> Dashboard:
    ctx = me.ctx
    _days(days)
    member = _student(ctx, class_id, student_id, me.player)
    figures = ClassProgress(ctx.store).dashboard(member, ctx.today().isoformat(), days)
    return Dashboard.model_validate(figures)


@router.get(
    "/classes/{class_id}/students/{student_id}/history",
    response_model=HistoryPage,
    responses=errors(400, 401, 404, 503),
    summary="A student's puzzle history, to their teacher: newest first, a page at a time",
)
@cached(PRIVATE)
async def student_history(
    me: Someone, class_id: ClassId, student_id: PlayerId, before: Before = None, missed: Missed = False
) -> HistoryPage:
    if before is not None and not CURSOR_RE.match(before):
        raise ApiError(400, BAD_CURSOR)
    member = _student(me.ctx, class_id, student_id, me.player)
    page = ClassProgress(me.ctx.store).page(member, before, missed=missed)
    return HistoryPage.model_validate({"lines": [line.to_doc() for line in page.lines], "next": page.next})


def _heatmap(me: Someone, class_id: str, days: int) -> dict[str, Any]:
    ctx = me.ctx
    _days(days)
    klass = _taught(ctx, class_id, me.player)
    figures = ClassProgress(ctx.store).heatmap(klass, ctx.today().isoformat(), days)
    names = _names(figures)
    for column in figures["themes"]:
        column["name"] = names[column["theme"]]
    return {"class_id": klass.head.id, **figures}


@router.get(
    "/classes/{class_id}/progress",
    response_model=Heatmap,
    response_model_by_alias=True,
    responses=errors(400, 401, 404, 503),
    summary="Your class's heatmap: students × themes, each cell the share solved first try and its count",
)
@cached(PRIVATE)
async def class_heatmap(me: Someone, class_id: ClassId, days: Days = 30) -> Heatmap:
    return Heatmap.model_validate(_heatmap(me, class_id, days))


@router.get(
    "/classes/{class_id}/progress.csv",
    response_class=Response,
    responses={
        200: {"description": "The heatmap as CSV (UTF-8 with a byte-order mark).",
              "content": {"text/csv": {"schema": {"type": "string"}}}},
        **errors(400, 401, 404, 503),
    },
    summary="Your class's heatmap as CSV: a row per student, three columns per theme",
)
@cached(PRIVATE)
async def class_heatmap_csv(me: Someone, class_id: ClassId, days: Days = 30) -> Response:
    figures = _heatmap(me, class_id, days)
    name = f"class-{figures['class_id']}-{days}-days.csv"
    # The byte-order mark makes spreadsheets read the names as UTF-8, as the lesson table's CSV does.
    return Response(
        "\ufeff" + to_csv(figures, _names(figures)),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
