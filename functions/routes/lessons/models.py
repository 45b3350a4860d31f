"""Lessons' request and response bodies, and the shapes of what the routes read (the lesson id in the
path, the import's query options, the import body as the document states it). ResultPost is the one
description of a result's body: what the route accepts, what the document says, and the words of
each refusal."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from fastapi import Path, Query
from pydantic import BaseModel, Field

from functions.models import MAX_SECONDS, Request
from puzzlebook.lessons import MAX_PUZZLES
from puzzlebook.lessons.kept_variations import CHOICE, MAX_KEPT
from puzzlebook.patterns import SPACE_RANGES, char_class, whole_text
from puzzlebook.tickets import MAX_TEXT as MAX_TICKET

NAME_MAX = 120
LESSON_ID = re.compile(r"[A-Za-z0-9_-]{16}")  # secrets.token_urlsafe(12)
LessonId = Annotated[str, Path(json_schema_extra={"pattern": whole_text(LESSON_ID.pattern)})]
# The document's words for what the import routes read (the same rules, as patterns): a text with
# something besides whitespace once a leading byte-order mark is off (else 400 "Nothing to import");
# a lesson name without control characters; a lesson id as made.
_SPACE, _TEXT = char_class(list(SPACE_RANGES)), char_class(list(SPACE_RANGES), negated=True)
NOT_EMPTY = rf"^(?:\ufeff|(?!\ufeff)){_SPACE}*{_TEXT}"
NO_CONTROL = whole_text(r"[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*")

ImportBody = {
    "requestBody": {
        "required": True,
        "description": "The import itself: the lesson JSON (see /schema/lesson.json and /lessons/format/) "
        "or PGN. Up to 256 KB. The body is the teacher's text: whatever in it isn't a lesson is answered "
        "as a problem of the import (200 from validate, 422 from import); only a body with no text to "
        "read (empty, or not UTF-8) is a 400.",
        "content": {
            # Any JSON value: one that isn't a puzzle object or an array of them is a problem reported
            # with the others, as the teacher's text (the route's point), not a malformed request.
            "application/json": {
                "schema": {"description": "One puzzle object or an array of them: see /schema/lesson.json"}
            },
            # Not text/plain: another site's page can send that without a preflight (415, docs/lessons.md).
            "application/x-chess-pgn": {"schema": {"type": "string", "pattern": NOT_EMPTY}},
        },
    }
}
StudentColor = Annotated[
    Literal["white", "black"] | None,
    Query(description="The student's side in PGN games that have no [StudentColor] or [Orientation] tag."),
]
Refute = Annotated[
    list[str] | None,
    Query(
        description=(
            "A PGN variation of the student's move, not marked worse, to keep as a refutation (the import "
            "page offers it once its engine check found it clearly worse): the game's number, the move it "
            'stands in for and the variation\'s move in SAN, as "3:12:Rxe5"; repeated for each. Only a '
            "variation in the PGN at that move is taken (422 for any other); it is kept as one marked ? is."
        ),
        json_schema_extra={"items": {"type": "string", "pattern": whole_text(CHOICE)}, "maxItems": MAX_KEPT},
    ),
]
LessonName = Annotated[
    str | None,
    Query(
        max_length=NAME_MAX,
        json_schema_extra={"pattern": NO_CONTROL},
        description="The lesson's name in your list (default: from the import); no control characters.",
    ),
]


class Problem(BaseModel):
    """One problem, located: puzzle and move are 1-based (null when not about one). `message` and
    `text` (where it is, then the message) are in the request's language; `code` is the same in every
    language (`lesson_not_legal`, `lesson_missing_field`, …: docs/api.md, "The codes")."""

    puzzle: int | None
    title: str
    move: int | None
    move_text: str
    message: str
    text: str
    code: str


class Checked(BaseModel):
    """What the import holds. `puzzles` are those without errors (with their `index`)."""

    ok: bool
    kind: Literal["json", "pgn"] | None
    count: int
    errors: list[Problem]
    warnings: list[Problem]
    puzzles: list[dict[str, Any]]


class Created(BaseModel):
    """The stored lesson: its id and the link students open."""

    id: str
    url: str
    name: str
    count: int
    warnings: list[Problem]


class Summary(BaseModel):
    id: str
    url: str
    name: str
    count: int
    created: str


class Mine(BaseModel):
    lessons: list[Summary]


class Played(BaseModel):
    """A lesson to play: each puzzle with its line, who plays each move, comments and hints."""

    id: str
    url: str
    name: str
    count: int
    created: str
    version: int = Field(description="1, then one more each time the teacher edits the lesson.")
    revs: list[int] = Field(description="Each puzzle's revision: the version that last changed its play.")
    puzzles: list[dict[str, Any]]


class PuzzleCounts(BaseModel):
    index: int
    title: str
    played: int
    solved: int
    clean: int


class Results(BaseModel):
    """Per puzzle: how many students finished it, solved it, solved it with no wrong move and no hint;
    and the engine's findings kept with the lesson (its teacher's only)."""

    id: str
    name: str
    puzzles: list[PuzzleCounts]
    engine: EngineChecked


class ResultPost(Request):
    """A student's result on one puzzle, with the play ticket the lesson issued as the puzzle opened
    (POST /api/lessons/<id>/tickets): the ticket names the student, so each counts once per puzzle."""

    puzzle: int = Field(ge=1, le=MAX_PUZZLES)
    solved: bool
    clean: bool
    mistakes: int = Field(default=0, ge=0, le=1000, description="Wrong moves made.")
    hints: int = Field(default=0, ge=0, le=1000, description="Hints asked for.")
    seconds: int = Field(ge=0, le=MAX_SECONDS, description=(
        "Time from the puzzle's opening to its end. With the ticket's issue it places the result when "
        "it was played (a result posted late is judged by that, not by when it came)."))
    ticket: str = Field(min_length=1, max_length=MAX_TICKET, description="The puzzle's play ticket.")


class TicketAsk(Request):
    """Ask for a puzzle's play ticket as it opens. A guest (no token) sends `student`: any earlier
    ticket of this lesson, so they stay the same student; without it the server draws a new guest."""

    puzzle: int = Field(ge=1, le=MAX_PUZZLES)
    student: str | None = Field(default=None, min_length=1, max_length=MAX_TICKET)


class TicketIssued(BaseModel):
    """The play ticket: carry it in the puzzle's result."""

    ticket: str
    issued: int = Field(description="When, in milliseconds since the epoch (the server's clock).")




class Counted(BaseModel):
    counted: bool




class LessonEdited(BaseModel):
    """The lesson after an edit: the same id and link; `changed` lists the puzzles (1-based) whose play
    changed, whose earlier results are now marked as on an earlier version."""

    id: str
    url: str
    name: str
    count: int
    version: int
    changed: list[int]
    warnings: list[Problem]


class Source(BaseModel):
    """The lesson as its owner edits it: the stored JSON, one puzzle after another."""

    id: str
    name: str
    version: int
    text: str


FINDINGS_MAX = 400  # 200 puzzles, two findings each, is far past any lesson the engine flags
WORDS_MAX = 300  # the longest finding engine_check.js writes is under 120 characters
FindingKind = Literal["loses", "also", "unwon", "reply", "refutation", "variation"]


SAID_CODE = r"^[a-z][a-z_]{0,39}$"
SaidKey = Annotated[str, Field(pattern=r"^[a-z][a-z_]{0,19}$")]
SaidText = Annotated[str, Field(max_length=40, pattern=NO_CONTROL)]
SaidNumber = Annotated[int, Field(ge=-1000, le=1000)]
# The document's keys by SaidKey's pattern (patternProperties) and no others: JSON Schema lets any other
# key through unless it says so, and the API refuses one, so a client the document guides isn't refused.
ONLY_SAID_KEYS: dict[str, Any] = {"additionalProperties": False}


class SaidLeaf(Request):
    """A word inside a finding, by its code ("standing_white_piece": "White is up a piece")."""

    code: str = Field(pattern=SAID_CODE)
    values: dict[SaidKey, SaidText | SaidNumber] = Field(default_factory=dict, max_length=4,
                                                         json_schema_extra=ONLY_SAID_KEYS)


class Said(Request):
    """A finding as its code and values (site/static/js/lessons/finding_words.js), so the Lessons page
    says it in the language it is read in; a value is a move, a figure, a number or a word by its code."""

    code: str = Field(pattern=SAID_CODE, examples=["loses_white_after"])
    values: dict[SaidKey, SaidText | SaidNumber | SaidLeaf] = Field(default_factory=dict, max_length=8,
                                                                    json_schema_extra=ONLY_SAID_KEYS)


class Finding(Request):
    """One of the engine's warnings on a puzzle (site/static/js/lessons/engine_check.js): what kind,
    its plain words as the teacher saw them (in their page's language), and the same said as a code
    and values (absent on findings kept before there were codes: their words are shown)."""

    puzzle: int = Field(ge=1, le=MAX_PUZZLES, description="The puzzle (1-based) it is about.")
    kind: FindingKind
    words: str = Field(min_length=1, max_length=WORDS_MAX, pattern=NO_CONTROL,
                       examples=["White's 2nd move Nxe5 loses: after …Qxe5 Black is up a piece (−3.1)"])
    said: Said | None = None


class EngineCheckPost(Request):
    """The engine's findings on the lesson as `version` stands, as the teacher's browser made them:
    kept with the lesson for its teacher (never shown to students), replacing any before."""

    version: int = Field(ge=1, description="The lesson's version the engine checked (an import's is 1).")
    findings: list[Finding] = Field(max_length=FINDINGS_MAX)


class EngineChecked(BaseModel):
    """The engine's findings last kept on the lesson; `current` is false once the lesson was edited
    since (they were about an earlier version). None kept: `checked` is null and no findings."""

    version: int | None
    current: bool
    checked: str | None
    findings: list[Finding]
Results.model_rebuild()
