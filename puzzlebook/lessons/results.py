"""A student's result on a lesson puzzle, decided: whether it counts, and what it adds to the counts.

Nothing here reads or writes (lila's PuzzleFinisher decides; PuzzleApi persists):
service/games/lessons/records.py reads whether the student has a result for the puzzle, calls
`settle`, and writes what it says. The teacher sees counts only, per puzzle: played, solved, and
solved cleanly (no wrong move, no hint). Each student counts once per puzzle: their first result.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

NO_STUDENT = "Send a student key (a random string the browser keeps) or sign in."


@dataclass(frozen=True, slots=True)
class LessonResult:
    """A student's result on one puzzle: solved (reached the end of the line; not after Show solution)
    and clean (solved with no wrong move and no hint)."""

    solved: bool
    clean: bool

    @classmethod
    def posted(cls, solved: bool, clean: bool) -> LessonResult:
        """The result a post describes: clean only when solved (a shown solution is never clean).

        >>> LessonResult.posted(False, True)
        LessonResult(solved=False, clean=False)
        """
        return cls(solved, solved and clean)

    def counts(self) -> dict[str, int]:
        """What it adds to the puzzle's counts."""
        return {"played": 1, "solved": int(self.solved), "clean": int(self.clean)}

    def to_doc(self) -> dict[str, Any]:
        return {"solved": self.solved, "clean": self.clean}


@dataclass(frozen=True, slots=True)
class Settled:
    """counted: the result counts (the student's first on that puzzle); then `result` is what to keep."""

    counted: bool
    result: LessonResult | None = None


def settle(prior: Mapping[str, Any] | None, result: LessonResult) -> Settled:
    """Count `result` unless the student already has one for the puzzle (`prior`, as kept): the first
    result stands, so a student's retries never change the teacher's counts.

    >>> first = settle(None, LessonResult.posted(True, True))
    >>> first.counted, first.result.counts()
    (True, {'played': 1, 'solved': 1, 'clean': 1})
    >>> settle(first.result.to_doc(), LessonResult.posted(True, False)).counted
    False
    """
    if prior is not None:
        return Settled(False)
    return Settled(True, result)


def puzzle_problem(count: int, puzzle: int) -> str | None:
    """Why puzzle number `puzzle` (1-based) isn't one of a lesson of `count` puzzles, or None.

    >>> puzzle_problem(3, 4)
    'This lesson has 3 puzzles, not 4.'
    """
    if puzzle > count:
        return f"This lesson has {count} puzzle{'s' if count != 1 else ''}, not {puzzle}."
    return None


def student_key(lesson_id: str, who: str) -> str:
    """The key a student's results are kept under: a hash of the lesson id and the student (a player's id
    or the browser's random key), so it can't be linked to a player or across lessons.

    >>> len(student_key("AAAAAAAAAAAAAAAA", "a" * 22))
    32
    """
    return hashlib.sha256(f"{lesson_id}:{who}".encode()).hexdigest()[:32]
