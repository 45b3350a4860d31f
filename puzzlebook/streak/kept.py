"""What Streak keeps of a player's ranked run, as a typed value: the run as the server scored it. The
settle step (results.py) decides what is kept; the store keeps it as the day's result and, when it is
the player's best, as their best (`to_doc`), and reads it back (`from_doc`). docs/store.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from puzzlebook.streak.tally import Tally


@dataclass(frozen=True, slots=True)
class StreakResult:
    """A scored run: its day, the tally of its verdicts, the seconds it took and when it was posted
    (UTC stamp)."""

    date: str
    tally: Tally
    seconds: int
    posted: str

    @property
    def rank(self) -> tuple[int, int, int]:
        """What orders runs, best first: more solved, then a higher puzzle solved, then less time."""
        return (-self.tally.score, -(self.tally.highest or 0), self.seconds)

    def beats(self, best: StreakResult | None) -> bool:
        """Whether this run beats `best` (None: no best yet)."""
        return best is None or self.rank < best.rank

    def to_doc(self) -> dict[str, Any]:
        """As the store keeps it (docs/store.md): the day, the tally, the seconds, when it was posted;
        also the shape the API answers it in."""
        return {"date": self.date, **self.tally.to_doc(), "seconds": self.seconds, "posted": self.posted}

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> StreakResult:
        return cls(doc["date"], Tally.from_doc(doc), int(doc["seconds"]), doc.get("posted", ""))
