"""A class's progress, read for its teacher: a student's dashboard and history (the reads the student's
own /api/me/dashboard and /api/me/history make: service/games/chess/history.py), and the class's
heatmap (puzzlebook.class_progress). Every read is of the class's own partition (who is in it) and
each student's own partition (their day tallies, their history lines): nothing global is scanned,
and a student no longer in the class (left or removed) is never read. docs/classes.md, "A student's
progress, to their teacher", gives the cost.
"""

from __future__ import annotations

from typing import Any

from puzzlebook.class_progress import Student, heatmap
from service.classes.records import Klass, Member
from service.games.chess.history import ChessHistory, HistoryPage
from service.store.base import Store


class ClassProgress:
    """The teacher's reads of their students' progress, in `store`. The caller has checked that the
    reader teaches `klass` (read just before, so a student who left is no longer among its members)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.history = ChessHistory(store)

    def dashboard(self, member: Member, today: str, days: int) -> dict[str, Any]:
        """The student's dashboard, as they see their own."""
        return self.history.dashboard(member.pid, today, days)

    def page(self, member: Member, before: str | None, *, missed: bool) -> HistoryPage:
        """A page of the student's history, as they see their own."""
        return self.history.page(member.pid, before, missed=missed)

    def heatmap(self, klass: Klass, today: str, days: int) -> dict[str, Any]:
        """The class's heatmap of the `days` days ending `today`: one query per student of their
        day tallies in the span (at most `days` items each), the students in the class's order."""
        students = [
            Student(m.pid, m.name, self.history.day_tallies(m.pid, today, days)) for m in klass.members
        ]
        return heatmap(students, today, days)
