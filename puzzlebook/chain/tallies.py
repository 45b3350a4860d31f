"""A player's Chain tallies, as the store keeps them."""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict, dataclass, field
from typing import Any

from puzzlebook.messages import Message, msg, msg_plural
from puzzlebook.streaks import Streak, StreakWords, streak_words

# The account page's line for Chain (GET /api/me's `chain_line`), said in the request's language.
ACCOUNT_LINE = msg_plural("account_line_chain", "{n} Chain solved, {clean} cleanly · {streak}",
                          "{n} Chains solved, {clean} cleanly · {streak}", "n")
NO_CHAIN_STREAK = msg("account_no_chain_streak", "no Chain streak")
CHAIN_STREAK = msg_plural("account_chain_streak", "{n}-day Chain streak", "{n}-day Chain streak", "n")
CHAIN_STREAK_FREEZES = msg_plural("account_chain_streak_freezes", "{n}-day Chain streak · {freezes}",
                                  "{n}-day Chain streak · {freezes}", "n")
CHAIN_WORDS = StreakWords(NO_CHAIN_STREAK, CHAIN_STREAK, CHAIN_STREAK_FREEZES)

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

    def account_line(self, today: dt.date) -> Message:
        """The account page's line for Chain, e.g. "5 Chains solved, 4 cleanly · 2-day Chain streak"."""
        streak = streak_words(self.streak.standing(today), CHAIN_WORDS)
        return ACCOUNT_LINE(n=self.solved, clean=self.clean, streak=streak)

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
