"""Lessons: stored under an unguessable id with their owner, and each player's first result per puzzle."""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Any

from service.store import keys as K
from service.store.items import (
    Add,
    Conflict,
    Item,
    Primitives,
    Put,
    doc_of,
    make_item,
    utc_stamp,
)
from service.store.records import Lesson


class Lessons(Primitives):
    """Lessons and their per-puzzle counts."""

    def save_lesson(self, owner_id: str, lesson_json: Any, now: dt.datetime | None = None) -> str:
        """Store a lesson (any JSON-able value, as the lessons route validated it) for `owner_id`.

        Returns its new unguessable id (16 URL-safe characters, 96 random bits).
        """
        created = utc_stamp(now or dt.datetime.now(dt.UTC))
        index, owner_pk = K.lessons_of(owner_id)
        doc = {"owner": owner_id, "lesson": lesson_json, "created": created}

        def draw() -> tuple[str, Item]:
            lesson_id = secrets.token_urlsafe(12)
            sort = f"{created}#{lesson_id}"
            return lesson_id, make_item(K.lesson(lesson_id), K.LESSON, doc, index={index: (owner_pk, sort)})

        return self.put_fresh(draw, "lesson id")

    def get_lesson(self, lesson_id: str) -> Lesson | None:
        """The lesson with that id, or None."""
        item = self.get_item(K.lesson(lesson_id), K.LESSON)
        if item is None:
            return None
        doc = doc_of(item)
        return Lesson(lesson_id, doc["owner"], doc["lesson"], doc["created"])

    def list_lessons(self, owner_id: str) -> list[Lesson]:
        """The owner's lessons, newest first."""
        index, owner_pk = K.lessons_of(owner_id)
        items = self.query_items(owner_pk, index=index, reverse=True)
        return [
            Lesson(it["PK"][2:], doc_of(it)["owner"], doc_of(it)["lesson"], doc_of(it)["created"])
            for it in items
        ]

    def delete_lesson(self, lesson_id: str, owner_id: str) -> bool:
        """Delete the lesson and its results if `owner_id` owns it; False if no such lesson is theirs."""
        lesson = self.get_lesson(lesson_id)
        if lesson is None or lesson.owner_id != owner_id:
            return False
        self.delete_items([(K.lesson(lesson_id), K.LESSON)])
        self.delete_partition(K.lesson(lesson_id))
        return True

    def record_lesson_result(
        self, lesson_id: str, puzzle_index: int, player_key: str, solved: bool, clean: bool
    ) -> bool:
        """Count a player's result on one puzzle of a lesson; only their first per puzzle counts.

        `player_key` names the player (an id, or any stable key for a guest).
        True if counted, False if they already had a result for that puzzle.
        """
        counts = {"played": 1, "solved": 1 if solved else 0, "clean": 1 if solved and clean else 0}
        try:
            self.transact(
                [
                    Put(
                        make_item(
                            K.lesson(lesson_id),
                            K.lesson_answer(puzzle_index, player_key),
                            {"solved": solved, "clean": clean},
                        ),
                        expect=0,
                    ),
                    Add(K.lesson(lesson_id), K.lesson_tally(puzzle_index), counts),
                ]
            )
        except Conflict:
            return False
        return True

    def lesson_results(self, lesson_id: str) -> dict[int, dict[str, int]]:
        """Per puzzle index that has results: {played, solved, clean}."""
        out = {}
        for it in self.query_items(K.lesson(lesson_id), prefix="T#"):
            out[int(it["SK"][2:])] = {name: int(it.get(name, 0)) for name in ("played", "solved", "clean")}
        return out
