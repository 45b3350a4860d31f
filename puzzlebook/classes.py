"""Teachers' classes, decided: a class's name, who may join, and each student's result in the
teacher's table. Nothing here reads or writes: service/classes/records.py reads the class, calls
these and writes what they say; functions/routes/classes/ answers.

A class is a teacher's (any player's): a name, a join code, whether joining is open, its students
(players, each with the display name they joined with) and the lessons assigned to it. Only the
teacher reads every student's results; a student reads only their own.
"""

from __future__ import annotations

import datetime as dt
import hmac
from collections.abc import Sequence
from typing import Any
from zoneinfo import ZoneInfo

from puzzlebook.lessons.results import LessonResult, outcome
from puzzlebook.messages import Message, Refusal, msg, uncatalogued
from puzzlebook.names import BadName, check_name

# Limits (docs/classes.md, "Limits"): why these numbers is written there.
MAX_CLASSES = 20  # classes a teacher keeps at once
MAX_STUDENTS = 60  # students in one class
MAX_LESSONS = 50  # lessons assigned to one class
NAME_MAX = 60  # characters of a class's name


class ClassRefused(Refusal):
    """A class action that can't be done. `status` is the HTTP status the API answers; its message the
    words (English text not yet catalogued is said under its status's code: functions.errors)."""

    def __init__(self, status: int, words: Message | str) -> None:
        super().__init__(words if isinstance(words, Message) else uncatalogued(words))
        self.status = status


TOO_MANY_CLASSES = msg("too_many_classes", "You have {kept} classes; the limit is {most}: delete one first.")


def class_name(value: object) -> str:
    """A class's name as kept: a display name's rule (puzzlebook.names: trimmed, NFC, no control or
    invisible characters) with room for up to 60 characters.

    >>> class_name("  Year 7 — Tuesday club ")
    'Year 7 — Tuesday club'
    >>> class_name("\u202eevil")
    Traceback (most recent call last):
    ...
    puzzlebook.classes.ClassRefused: The name can't contain control or invisible characters (it has U+202E).
    """
    try:
        return check_name(value, NAME_MAX)
    except BadName as bad:
        raise ClassRefused(400, bad.message) from None


def may_create(kept: int) -> None:
    """Whether a teacher keeping `kept` classes may make one more (422 otherwise)."""
    if kept >= MAX_CLASSES:
        raise ClassRefused(422, TOO_MANY_CLASSES(kept=kept, most=MAX_CLASSES))


REMOVED_WORDS = "Your teacher removed you from this class: ask them to let you back in."


def may_join(
    *, open_: bool, code: str, given: str, students: int, member: bool, removed: bool = False
) -> bool:
    """Whether a player may join: True to join, False when they are in the class already (their
    name is then left as it was); ClassRefused when the code is wrong (an old link, after the
    teacher made a new one), the teacher removed them and hasn't let them back, joining is closed
    or the class is full.

    >>> may_join(open_=True, code="abc", given="abc", students=3, member=False)
    True
    >>> may_join(open_=False, code="abc", given="abc", students=3, member=True)
    False
    >>> may_join(open_=True, code="abc", given="abc", students=3, member=False, removed=True)
    Traceback (most recent call last):
    ...
    puzzlebook.classes.ClassRefused: Your teacher removed you from this class: ask them to let you back in.
    """
    if member:
        return False
    if not _same(code, given):
        raise ClassRefused(404, "That join link isn't right: ask your teacher for the class's link again.")
    if removed:
        raise ClassRefused(403, REMOVED_WORDS)
    if not open_:
        raise ClassRefused(403, "This class isn't taking new students: ask your teacher to open joining.")
    if students >= MAX_STUDENTS:
        raise ClassRefused(422, f"This class is full ({MAX_STUDENTS} students): ask your teacher.")
    return True


def may_assign(assigned: int) -> None:
    if assigned >= MAX_LESSONS:
        raise ClassRefused(
            422, f"This class has {assigned} lessons; the limit is {MAX_LESSONS}: remove one first."
        )


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


def cell(result: LessonResult | None, rev: int) -> dict[str, Any]:
    """One student's result on one puzzle for the table: outcome ("clean" solved first try, "helped"
    solved after a wrong move or hint, "shown" the solution shown, "none" not started), its seconds,
    mistakes, hints, `earlier`: played on an earlier version of a puzzle the teacher has changed since,
    and `live`: answered in a live session (docs/live.md), not on the lesson's page.

    >>> cell(None, 1)["outcome"]
    'none'
    >>> cell(LessonResult(True, False, mistakes=1, seconds=40, rev=1), 2)
    {'outcome': 'helped', 'seconds': 40, 'mistakes': 1, 'hints': 0, 'earlier': True, 'live': False}
    """
    if result is None:
        return {"outcome": "none", "seconds": None, "mistakes": 0, "hints": 0, "earlier": False,
                "live": False}
    return {
        "outcome": outcome(result),
        "seconds": result.seconds,
        "mistakes": result.mistakes,
        "hints": result.hints,
        "earlier": result.rev < rev,
        "live": result.live is not None,
    }


# Due dates (docs/classes.md, "Due dates"): a day in the site's zone, due by its end.
DUE_AHEAD_DAYS = 366  # a school year and then some: further ahead is a slip of the year


def may_set_due(due: dt.date, today: dt.date) -> None:
    """Whether `due` may be set as an assignment's due date on `today` (the site day): today or
    later, at most DUE_AHEAD_DAYS ahead (422 otherwise, saying which and the days allowed).

    >>> may_set_due(dt.date(2026, 11, 2), dt.date(2026, 11, 2))
    >>> may_set_due(dt.date(2026, 11, 1), dt.date(2026, 11, 2))
    Traceback (most recent call last):
    ...
    puzzlebook.classes.ClassRefused: 2026-11-01 has passed (today is 2026-11-02): give today or a later day.
    """
    if due < today:
        raise ClassRefused(
            422, f"{due.isoformat()} has passed (today is {today.isoformat()}): give today or a later day."
        )
    latest = today + dt.timedelta(days=DUE_AHEAD_DAYS)
    if due > latest:
        raise ClassRefused(
            422,
            f"{due.isoformat()} is more than {DUE_AHEAD_DAYS} days ahead: "
            f"give a day up to {latest.isoformat()}.",
        )


def done_at(results: Sequence[LessonResult | None]) -> str | None:
    """When a student's work on an assignment was done: every puzzle solved (first try or with help;
    one on an earlier version counts, it was the puzzle as assigned then), and then the latest of
    those results' moments of play (`LessonResult.when`: when each was played, not when it reached
    the server); None while a puzzle has no result or only its solution shown (Show solution is
    gone through, not done). A result kept without a stamp (before stamps were kept) counts as done
    long ago.

    >>> done_at([LessonResult(True, True, at="2026-11-02T10:00:00Z"),
    ...          LessonResult(True, False, at="2026-11-04T09:00:00Z", played="2026-11-03T09:00:00Z")])
    '2026-11-03T09:00:00Z'
    >>> done_at([LessonResult(True, True, at="2026-11-02T10:00:00Z"), None]) is None
    True
    >>> done_at([LessonResult(True, True, at="2026-11-02T10:00:00Z"), LessonResult(False, False)]) is None
    True
    """
    if not results or any(r is None or not r.solved for r in results):
        return None
    return max((r.when for r in results if r is not None), default="")


def day_of(stamp: str, zone: ZoneInfo) -> dt.date:
    """The site day (in `zone`) of a UTC stamp as the store writes it ("…Z"); an empty stamp (a
    result kept before stamps) is the first day there is.

    >>> day_of("2026-11-02T23:30:00.000000Z", ZoneInfo("Europe/Paris"))
    datetime.date(2026, 11, 3)
    """
    if not stamp:
        return dt.date.min
    return dt.datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone(zone).date()


def is_late(done_day: dt.date | None, due: dt.date | None) -> bool:
    """Done after the end of its due day (in the site's zone): late. Not done, or no due date: not.

    >>> tuesday = dt.date(2026, 11, 3)
    >>> is_late(dt.date(2026, 11, 4), tuesday), is_late(tuesday, tuesday), is_late(None, tuesday)
    (True, False, False)
    """
    return done_day is not None and due is not None and done_day > due
