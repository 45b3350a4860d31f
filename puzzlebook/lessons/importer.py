"""One import, JSON or PGN: limits, format detection, and the report of what was found.

The readers (json_format, pgn_format: python-chess, difflib) are imported when a lesson is
read, not with this module: the API imports it at start-up for its size limit's words, and a
Lambda cold start shouldn't pay for python-chess before a lesson is asked for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from puzzlebook.messages import Message, msg

from .kept_variations import KeptVariation
from .limits import MAX_BYTES, MAX_STORED_BYTES, stored_list_size
from .model import Lesson
from .problems import Problem

Kind = Literal["json", "pgn"]

_TAG_PAIR = re.compile(r'\[\s*[A-Za-z0-9_]+\s+"')
_OBJECT_START = re.compile(r"""\{\s*(["'}]|\w+\s*:|\Z)""")  # {"key", {'key', {key:, {}
_MOVE_NUMBER = re.compile(r"\d+\s*\.")
# "[^\S\n]*", white space within the line, where "\s*" (the same matches, a line later) made findall try
# each blank line against all the blank lines after it: minutes for a 256 KB import of line breaks.
_STUDY_NAME = re.compile(r'^[^\S\n]*\[StudyName\s+"(.*)"\s*\]\s*$', re.MULTILINE)
_FENCE = re.compile(r"\A\s*```[^\n]*\n(?P<body>.*?)\n\s*```\s*\Z", re.DOTALL)


@dataclass(frozen=True)
class Report:
    """What an import holds.

    `lessons` are the puzzles that passed every check (with their `index` in the
    import); `errors` block the import (store nothing while there are any);
    `warnings` do not. `kind` is the format read ("json" or "pgn"; None when the
    text was refused before reading). `name` is a name the import gives itself (a
    PGN's [StudyName] when every game has the same), else "".
    """

    kind: Kind | None
    lessons: tuple[Lesson, ...]
    errors: tuple[Problem, ...]
    warnings: tuple[Problem, ...]
    name: str = ""

    @property
    def ok(self) -> bool:
        """True when the whole import is valid and can be stored."""
        return not self.errors and bool(self.lessons)


def detect(text: str) -> Kind:
    """Which format `text` is in: PGN when it opens with a tag pair, a move number or a
    comment; JSON otherwise (so that prose and other slips get JSON's error message)."""
    start = text.lstrip()
    if start.startswith("["):
        return "pgn" if _TAG_PAIR.match(start) else "json"
    if start.startswith("{"):
        return "json" if _OBJECT_START.match(start) else "pgn"
    return "pgn" if _MOVE_NUMBER.match(start) else "json"


# The import's own problems, as messages (said in the request's language by the API).
NOT_UTF8 = msg("lesson_not_utf8", "The file is not UTF-8 text (an undecodable byte at position {position})")
EMPTY = msg("lesson_empty", "Nothing to import: the text is empty")
FENCE_REMOVED = msg("lesson_fence_removed", "Removed the Markdown code fence (```) around the text")
FORUM_REMOVED = msg(
    "lesson_forum_wrapper_removed", "Removed the forum's [pgn]…[/pgn] wrapper around the text"
)
KEPT_FROM_JSON = msg(
    "lesson_kept_from_json",
    "Variations are kept as refutations only from a PGN's; this import is JSON, whose puzzles give their "
    "wrong moves as refutations",
)


def _refused(message: Message) -> Report:
    return Report(None, (), (Problem(message),), ())


def check(
    text: str | bytes,
    *,
    student_color: str | None = None,
    kind: Kind | None = None,
    keep: tuple[KeptVariation, ...] = (),
) -> Report:
    """Everything about the import `text` (JSON in the seed's format, or PGN).

    Every problem is reported at once. `student_color` ("white"/"black") is the
    student's side for PGN games whose tags do not say. `kind` forces the format
    (otherwise detected). `keep`: a PGN's variations the teacher keeps as refutations
    (kept_variations.py); a choice a JSON import can't have is an error. Bytes must be
    UTF-8. Refused outright: more than MAX_BYTES, empty text. A Markdown code fence
    around the whole text is removed (with a warning): LLMs add one despite being asked
    not to.
    """
    if student_color not in (None, "white", "black"):
        raise ValueError(f"student_color must be 'white', 'black' or None, not {student_color!r}")
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            return _refused(_too_big(len(text)))
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            return _refused(NOT_UTF8(position=error.start))
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        return _refused(_too_big(size))
    text = text.removeprefix("\ufeff")
    if not text.strip():
        return _refused(EMPTY)
    warnings: list[Problem] = []
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group("body")
        warnings.append(Problem(FENCE_REMOVED))
    from .pgn_text import unwrap_forum_pgn

    unwrapped = unwrap_forum_pgn(text)
    if unwrapped is not None:
        text = unwrapped
        kind = kind or "pgn"
        warnings.append(Problem(FORUM_REMOVED))
    kind = kind or detect(text)
    name = ""
    if kind == "pgn":
        from .pgn_lesson import read_pgn

        lessons, errors, more = read_pgn(text, student_color, keep)
        studies = set(_STUDY_NAME.findall(text))
        name = studies.pop().strip() if len(studies) == 1 else ""
    else:
        from .json_format import read_json

        lessons, errors, more = read_json(text)
        if keep:
            errors = [Problem(KEPT_FROM_JSON), *errors]
    size = stored_list_size(lesson.to_seed() for lesson in lessons)
    if size > MAX_STORED_BYTES:
        # Too big to keep, so no puzzle is given back either: played out they would be
        # several times larger again (more than an answer may carry).
        return Report(kind, (), (Problem(_too_big_stored(size)), *errors), tuple(warnings + more), name)
    return Report(kind, tuple(lessons), tuple(errors), tuple(warnings + more), name)


# The size limits' words, in KB, or in bytes when KB would round to the limit's own number; the
# numbers written as English writes them (docs/languages.md, "The API's language").
OVER_LIMIT = msg(
    "lesson_too_big_over", "The import is over the limit of {limit} KB: split it into smaller imports"
)
TOO_BIG_KB = msg(
    "lesson_too_big", "The import is {size} KB; the limit is {limit} KB: split it into smaller imports"
)
TOO_BIG_BYTES = msg(
    "lesson_too_big_bytes",
    "The import is {size} bytes; the limit is {limit} bytes ({kb} KB): split it into smaller imports",
)
STORED_KB = msg(
    "lesson_too_big_stored",
    "Stored, this lesson would take {size} KB (every move is kept written out in full, which takes more "
    "room than PGN); the limit is {limit} KB: split it into smaller imports",
)
STORED_BYTES = msg(
    "lesson_too_big_stored_bytes",
    "Stored, this lesson would take {size} bytes (every move is kept written out in full, which takes more "
    "room than PGN); the limit is {limit} bytes ({kb} KB): split it into smaller imports",
)


def _sized(size: int, limit: int, in_kb: Message, in_bytes: Message) -> Message:
    """`in_kb` with the two sizes in KB ('1,180', '256'), or `in_bytes` when KB would round to the
    limit's own number."""
    if round(size / 1024) <= limit // 1024:
        return in_bytes(size=f"{size:,}", limit=f"{limit:,}", kb=limit // 1024)
    return in_kb(size=f"{size / 1024:,.0f}", limit=f"{limit // 1024:,}")


def too_big_message(size: int | None) -> Message:
    """What to tell a teacher whose import is `size` bytes, over MAX_BYTES (None: a size not
    known, only that it is over). The API's 413 says the same."""
    if size is None:
        return OVER_LIMIT(limit=MAX_BYTES // 1024)
    return _sized(size, MAX_BYTES, TOO_BIG_KB, TOO_BIG_BYTES)


def _too_big(size: int) -> Message:
    return too_big_message(size)


def _too_big_stored(size: int) -> Message:
    return _sized(size, MAX_STORED_BYTES, STORED_KB, STORED_BYTES)


def read_stored(puzzles: list[Any]) -> tuple[list[Lesson], list[Problem]]:
    """The lessons of stored puzzles (each one's `to_seed()`, as the site keeps them), and the
    problems found: none, for what the importer passed under today's rules.

    Read puzzle by puzzle, not as an import: the import's byte limit is on the teacher's text,
    and a stored lesson is often larger than the PGN it came from.
    """
    from .json_format import read_puzzle

    lessons, errors = [], []
    for index, puzzle in enumerate(puzzles, 1):
        lesson, problems = read_puzzle(puzzle, index)
        errors.extend(problems.errors)
        if lesson is not None:
            lessons.append(lesson)
    return lessons, errors


def parse(text: str | bytes, *, student_color: str | None = None) -> tuple[list[Lesson], list[Problem]]:
    """(lessons, errors) for the import `text`, JSON or PGN (see `check`).

    Store the lessons only when `errors` is empty: with errors, the lessons are just
    the puzzles that passed. Each error reads like
    'Puzzle 3 "Win the queen", move 2 (c6d4): not a legal move in this position'.
    """
    report = check(text, student_color=student_color)
    return list(report.lessons), list(report.errors)
