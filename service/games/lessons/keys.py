"""Lessons: the keys of its items (service/store/keys.py has the shared layout; docs/store.md).

A lesson is its own partition (L#<id>); its owner's index lists it.
"""

from __future__ import annotations


def lessons_of(owner_id: str) -> tuple[int, str]:
    return 2, f"LESSONS#{owner_id}"


def lesson(lesson_id: str) -> str:
    return f"L#{lesson_id}"


LESSON = "LESSON"


def lesson_part(number: int) -> str:
    """The sort key of the `number`th (0-based) slice of a lesson's JSON text."""
    return f"PART#{number:03d}"


LESSON_PARTS = "PART#"


def lesson_answer(index: int, player_key: str) -> str:
    return f"R#{index:04d}#{player_key}"


def lesson_tally(index: int) -> str:
    return f"T#{index:04d}"
