"""Lessons' part of the service layer. Lessons keep no days (nothing runs nightly, nothing is
published a day at a time); what they keep outside a player's partition is the teacher's lessons,
removed with the player."""

from __future__ import annotations

from service.store.base import Store


def forget_player(store: Store, pid: str) -> None:
    """Delete every lesson `pid` owns, with its results."""
    from service.games.lessons.records import LessonRecords

    LessonRecords(store).delete_owned(pid)
