"""A daily game's day as its stats panel counts it (docs/site.md, "Stats"): one result a day, the
player's own. The browser counts the figures (site/static/js/lib/stats.js) from these days merged
with its own records; the server only reads them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

# How far back the panel reads a signed-in player's days: a year of dailies, a bounded read.
STATS_DAYS = 366

Result = Literal["clean", "help", "missed"]


@dataclass(frozen=True, slots=True)
class DayResult:
    """A day's result: `clean` (solved with no mistake, hint, undo or reset), `help` (solved, not
    cleanly) or `missed` (a miss not solved since, Show solution, a give-up); a solve's `seconds`
    and (Chain) `undos`, None otherwise."""

    day: str
    result: Result
    seconds: int | None = None
    undos: int | None = None

    def to_doc(self) -> dict[str, Any]:
        return {"day": self.day, "result": self.result, "seconds": self.seconds, "undos": self.undos}


RANK: dict[Result, int] = {"clean": 0, "help": 1, "missed": 2}


def best_of_day(results: list[DayResult]) -> list[DayResult]:
    """One result a day, by day: the best of a day's (a day with dailies in two bands counts once, as
    its best: clean before help before missed, then the faster)."""
    best: dict[str, DayResult] = {}
    for r in results:
        had = best.get(r.day)
        if had is None or (RANK[r.result], r.seconds or 0) < (RANK[had.result], had.seconds or 0):
            best[r.day] = r
    return [best[day] for day in sorted(best)]
