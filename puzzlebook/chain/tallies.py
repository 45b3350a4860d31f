"""A player's Chain tallies, as the store keeps them."""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict, dataclass, field
from typing import Any

from puzzlebook.streaks import Streak, freezes_words, plural


@dataclass(frozen=True, slots=True)
class ChainStats:
    """A player's Chain tallies: solved, clean (no undo or reset), given up, and the streak."""

    version: int = 0
    solved: int = 0
    clean: int = 0
    gave_up: int = 0
    streak: Streak = field(default_factory=Streak)
    # The streak the streak board sees, extended only by solves posted with a ticket (None: `streak`,
    # as kept before offline results existed); offline solves count in `streak` alone.
    board_streak: Streak | None = None

    @property
    def ranked_streak(self) -> Streak:
        """The streak the streak board sees."""
        return self.board_streak or self.streak

    def to_doc(self) -> dict[str, Any]:
        doc = asdict(self)
        doc.pop("version")
        return doc

    def account_line(self, today: dt.date) -> str:
        """The account page's line for Chain, e.g. "5 Chains solved, 4 cleanly · 2-day Chain streak"."""
        now = self.streak.standing(today)
        tail = "no Chain streak"
        if now.length:
            tail = f"{now.length}-day Chain streak{freezes_words(now.freezes_used)}"
        return f"{plural(self.solved, 'Chain')} solved, {self.clean} cleanly · {tail}"

    @classmethod
    def from_doc(cls, doc: dict[str, Any] | None, version: int) -> ChainStats:
        if not doc:
            return cls(version=version)
        return cls(
            version=version,
            solved=doc["solved"],
            clean=doc["clean"],
            gave_up=doc["gave_up"],
            streak=Streak.from_doc(doc["streak"]),
            board_streak=Streak.from_doc(doc["board_streak"]) if doc.get("board_streak") else None,
        )
