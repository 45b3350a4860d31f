"""Classes: the keys of their items (docs/store.md, "Items").

A class is its own partition (C#<id>): its head, a counter item, one item per student and one per
assigned lesson, and one per student the teacher removed (until let back). The teacher's index
(GSI2) lists their classes; a student's membership item is also in GSI3 under the student, so their
classes are one query, and so is a removal, under a partition of its own.
"""

from __future__ import annotations


def klass(class_id: str) -> str:
    return f"C#{class_id}"


HEAD = "CLASS"
COUNT = "COUNT"  # counters: students, lessons (kept apart from the head, which a rename rewrites)
MEMBERS = "M#"
LESSONS = "A#"
REMOVED = "R#"  # a student the teacher removed: refused a join until the teacher lets them back


def member(pid: str) -> str:
    return f"{MEMBERS}{pid}"


def removed(pid: str) -> str:
    return f"{REMOVED}{pid}"


def assigned(lesson_id: str) -> str:
    return f"{LESSONS}{lesson_id}"


def classes_of(teacher: str) -> tuple[int, str]:
    return 2, f"CLASSES#{teacher}"


def memberships_of(pid: str) -> tuple[int, str]:
    return 3, f"MEMBER#{pid}"


def removals_of(pid: str) -> tuple[int, str]:
    """Where a player's removals from classes are listed (GSI3), so deleting the player takes them."""
    return 3, f"REMOVED#{pid}"


def teacher_count(teacher: str) -> str:
    """The partition of a teacher's class counter (how many classes they keep)."""
    return f"CT#{teacher}"
