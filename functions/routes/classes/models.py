"""Classes' request and response bodies (the OpenAPI document states them; docs/classes.md)."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from fastapi import Path
from pydantic import BaseModel, Field

from functions.models import Day, NewPlayer, Request
from puzzlebook.classes import NAME_MAX
from puzzlebook.names import name_pattern
from puzzlebook.patterns import whole_text

CLASS_ID = re.compile(r"[A-Za-z0-9_-]{16}")  # secrets.token_urlsafe(12)
PLAYER_ID = re.compile(r"[0-9a-f]{16}")
ClassId = Annotated[str, Path(json_schema_extra={"pattern": whole_text(CLASS_ID.pattern)})]
PlayerId = Annotated[str, Path(json_schema_extra={"pattern": whole_text(PLAYER_ID.pattern)})]


CLASS_NAME: dict[str, Any] = {"pattern": name_pattern(NAME_MAX)}
NAME_WORDS = (
    f"A display name's rule with up to {NAME_MAX} characters: trimmed, no control or invisible characters."
)


class NewClass(Request):
    name: str = Field(json_schema_extra=CLASS_NAME, examples=["Year 7 chess club"], description=NAME_WORDS)


class ClassChange(Request):
    """Rename the class, or open or close joining (either or both)."""

    name: str | None = Field(default=None, json_schema_extra=CLASS_NAME, description=NAME_WORDS)
    open: bool | None = None


class Join(NewPlayer):
    """The join link's code, and the name the student is known by in the class (a display name)."""

    code: str = Field(min_length=1, max_length=64, description="The code in the class's join link.")


class MemberName(NewPlayer):
    """The student's new name in the class."""


class StudentOut(BaseModel):
    id: str
    name: str
    joined: str


class RemovedOut(BaseModel):
    """A student the teacher removed: refused a join until the teacher lets them back."""

    id: str
    name: str
    removed: str


class DueChange(Request):
    """An assigned lesson's due date: a day in the site's zone, from today up to a year ahead, due by
    its end; null clears it."""

    due: Day | None = Field(description="YYYY-MM-DD (today or later, at most 366 days ahead), or null.")


class NewSet(Request):
    """A puzzle set drawn once from the bundle: puzzles with any of `themes`, rated `low` to `high`,
    `count` of them (easiest first), assigned to the class at once, with an optional due date."""

    themes: list[Annotated[str, Field(min_length=1, max_length=40)]] = Field(
        min_length=1, max_length=5, examples=[["fork", "pin"]], description="Theme keys (/themes/)."
    )
    low: int = Field(ge=600, le=2599, examples=[1400])
    high: int = Field(ge=600, le=2599, examples=[1799])
    count: int = Field(ge=1, le=50, examples=[10])
    due: Day | None = Field(default=None, description="A due date, as for any assigned lesson.")


class LessonOut(BaseModel):
    id: str
    name: str
    count: int
    url: str
    assigned: str
    due: str | None = Field(default=None, description="Due by the end of this day in the site's zone.")
    set: bool = Field(default=False, description="A puzzle set drawn from the bundle, not an import.")


class ClassOut(BaseModel):
    """A class as its teacher sees it (role "teacher": students, join link) or a student does (role
    "student": only their own name, no other student, no join link)."""

    id: str
    name: str
    role: Literal["teacher", "student"]
    open: bool
    url: str
    join_url: str | None = None
    you: str | None = Field(default=None, description="A student's name in the class.")
    students: list[StudentOut] = Field(default_factory=list)
    removed: list[RemovedOut] = Field(
        default_factory=list,
        description="To the teacher: the students removed, who can't join again until let back.",
    )
    lessons: list[LessonOut]
    most_students: int
    most_lessons: int


class ClassSummary(BaseModel):
    id: str
    name: str
    url: str
    open: bool
    created: str


class Classes(BaseModel):
    """Your classes: those you teach (newest first) and those you are a student of."""

    teaching: list[ClassSummary]
    joined: list[ClassSummary]
    most: int


class Joined(BaseModel):
    id: str
    name: str
    url: str
    joined: bool = Field(description="False when you were in the class already.")


class Cell(BaseModel):
    outcome: Literal["clean", "helped", "shown", "none"] = Field(
        description="Solved first try, solved with help, the solution shown (gone through, not solved), "
                    "or not started.")
    seconds: int | None
    mistakes: int
    hints: int
    earlier: bool = Field(description="Played on an earlier version of a puzzle changed since.")
    live: bool = Field(default=False, description="Answered in a live session of the class (docs/live.md).")


class Row(BaseModel):
    id: str
    name: str
    results: list[Cell]
    done: str | None = Field(
        default=None,
        description="When the last puzzle was solved, every puzzle solved (UTC: when it was played), or null "
                    "(a puzzle not started, or its solution shown).",
    )
    done_day: str | None = Field(default=None, description="The site day of `done`.")
    late: bool = Field(default=False, description="Done after the end of the due day.")


class PuzzleOut(BaseModel):
    index: int
    title: str


class Table(BaseModel):
    """Students × puzzles of one assigned lesson (a student sees only their own row)."""

    class_id: str
    lesson_id: str
    lesson: str
    url: str
    due: str | None = Field(default=None, description="The lesson's due date in this class, if any.")
    puzzles: list[PuzzleOut]
    students: list[Row]


class DueItem(BaseModel):
    """An assigned lesson with a due date that you haven't gone through yet (a puzzle with no result)."""

    class_id: str
    class_name: str
    class_url: str
    lesson_id: str
    lesson: str
    url: str
    count: int
    due: str


class DueList(BaseModel):
    """Your assigned lessons with a due date that you haven't done yet, soonest due first."""

    due: list[DueItem]




# ---- a class's progress, to its teacher (functions/routes/classes/progress.py) ----------------


class HeatCell(BaseModel):
    """A student's puzzles of one theme over the span (or the class's, heading a column): played,
    solved first try, and that share in whole per cent (null: none played)."""

    played: int
    first: int
    first_rate: int | None


class HeatColumn(HeatCell):
    """A theme the class played at least `min_plays` times over the span, with the class's figures."""

    theme: str
    name: str = Field(description="The theme in words, as the themes page names it.")


class HeatRow(HeatCell):
    """A student: their figures over every puzzle of the span, and a cell per column, in order."""

    id: str
    name: str
    cells: list[HeatCell]


class Heatmap(BaseModel):
    """Students × themes of the `days` days from `from` to `to` (site days, both included): the
    columns weakest first (the class's first-try share, lowest first), a row per student by join."""

    class_id: str
    days: int
    from_: str = Field(alias="from")
    to: str
    min_plays: int
    themes: list[HeatColumn]
    students: list[HeatRow]

    model_config = {"populate_by_name": True, "serialize_by_alias": True}

