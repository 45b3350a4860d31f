"""Lessons: the keys of its items (service/store/keys.py has the shared layout; docs/store.md).

A lesson is its own partition (L#<id>); its owner's index lists it.
"""

from __future__ import annotations


def lessons_of(owner_id: str) -> tuple[int, str]:
    return 2, f"LESSONS#{owner_id}"


def lesson(lesson_id: str) -> str:
    return f"L#{lesson_id}"


LESSON = "LESSON"
LESSON_CHECK = "CHECK"  # the engine's findings, as its teacher's browser last sent them


def lesson_part(number: int) -> str:
    """The sort key of the `number`th (0-based) slice of a lesson's JSON text."""
    return f"PART#{number:03d}"


LESSON_PARTS = "PART#"


def lesson_parts(version: int) -> str:
    """The sort-key prefix of a lesson's parts as of `version` (an edit writes its parts beside the
    ones before, switches the head, then removes the old: a reader never sees half of each)."""
    return LESSON_PARTS if version <= 1 else f"PARTV#{version:04d}#"


def lesson_part_of(version: int, number: int) -> str:
    return f"{lesson_parts(version)}{number:03d}"


def lesson_answer(index: int, player_key: str) -> str:
    return f"R#{index:04d}#{player_key}"


def lesson_answers(index: int) -> str:
    return f"R#{index:04d}#"


def lesson_pace(player_key: str) -> str:
    """A student's pace through the lesson: when their last counted result was played (their next
    result's ticket must be issued after it: puzzlebook.lessons.results.one_at_a_time)."""
    return f"PACE#{player_key}"


def lesson_tally(index: int, rev: int = 1) -> str:
    """A puzzle's counts on one revision (the first revision's key is the one kept before revisions)."""
    return f"T#{index:04d}" if rev <= 1 else f"T#{index:04d}#{rev:04d}"
