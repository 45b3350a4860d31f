"""Lessons' part of the service layer. Lessons keep no days (nothing runs nightly, nothing is
published a day at a time); what they keep outside a player's partition is the teacher's lessons,
removed with the player."""

from __future__ import annotations

from service.games.hooks import GameHooks
from service.store.base import Store


class LessonsHooks(GameHooks):
    """Lessons' one hook: a teacher's lessons go with the teacher."""

    key = "lessons"

    def forget_player(self, store: Store, pid: str) -> None:
        """Delete every lesson `pid` owns, with its results."""
        from service.games.lessons.records import LessonRecords

        LessonRecords(store).delete_owned(pid)
