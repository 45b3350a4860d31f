"""A daily game's day as its stats panel counts it (docs/site.md, "Stats"): one result a day, the
player's own. The browser counts the figures (site/static/js/lib/stats.js) from these days merged
with its own records; the server only reads them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

# How far back the panel reads a signed-in player's days: a year of dailies, a bounded read.
STATS_DAYS = 366

# A chess day is named as its first result is (puzzlebook/chess/result_names.py): "mistake" (solved
# after a wrong move) and "shown" (Show solution first) are chess's alone; a Chain give-up is "missed".
Result = Literal["clean", "help", "mistake", "missed", "shown"]


@dataclass(frozen=True, slots=True)
class DayResult:
    """A day's result: `clean` (solved with no mistake, hint, undo or reset), `help` (solved with
    hints, undos or resets), `mistake` (chess: solved after a wrong move), `missed` (chess: a wrong
    move not solved since; Chain: a give-up) or `shown` (chess: Show solution first); a solve's
    `seconds` and (Chain) `undos`, None otherwise."""

    day: str
    result: Result
    seconds: int | None = None
    undos: int | None = None

    def to_doc(self) -> dict[str, Any]:
        return {"day": self.day, "result": self.result, "seconds": self.seconds, "undos": self.undos}


RANK: dict[Result, int] = {"clean": 0, "help": 1, "mistake": 2, "missed": 3, "shown": 4}
SOLVED: frozenset[Result] = frozenset({"clean", "help", "mistake"})


def best_of_day(results: list[DayResult]) -> list[DayResult]:
    """One result a day, by day: the best of a day's (a day with dailies in two bands counts once, as
    its best: clean, help, mistake, missed, shown in that order, then the faster)."""
    best: dict[str, DayResult] = {}
    for r in results:
        had = best.get(r.day)
        if had is None or (RANK[r.result], r.seconds or 0) < (RANK[had.result], had.seconds or 0):
            best[r.day] = r
    return [best[day] for day in sorted(best)]
