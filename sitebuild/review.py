"""The /review/ page's worked example: one puzzle's results day by day and the day it comes back,
worked out by the review's own rule (puzzlebook/review/) when the site is built, so the page can
never say what the schedule doesn't do."""

from __future__ import annotations

import datetime as dt

from puzzlebook.chess.result_names import NAMES
from puzzlebook.review.schedule import CLEAN, HELP, MISS, Result, due_day

START = dt.date(2026, 12, 1)  # any day: the page speaks of day 1, day 2...
# Missed twice, then solved with a hint each time it comes back (once a few days late), then cleanly.
STORY = ((1, MISS), (2, MISS), (3, HELP), (4, HELP), (6, HELP), (9, HELP), (13, CLEAN))
WORDS = {MISS: NAMES["missed"], HELP: NAMES["help"], CLEAN: NAMES["clean"]}  # the results' one name each


def _day(n: int) -> str:
    return (START + dt.timedelta(days=n - 1)).isoformat()


def review_example() -> list[dict[str, str]]:
    """The rows: {day: "Day 1", result: its words, back: when it comes back}."""
    rows: list[dict[str, str]] = []
    results: list[Result] = []
    for n, grade in STORY:
        results.append((_day(n), grade))
        due = due_day(results)
        if due is None:
            back = "Never: it leaves your review"
        else:
            gap = (dt.date.fromisoformat(due) - dt.date.fromisoformat(_day(n))).days
            back = f"Day {n + gap} ({'the next day' if gap == 1 else f'{gap} days later'})"
        rows.append({"day": f"Day {n}", "result": WORDS[grade], "back": back})
    return rows
