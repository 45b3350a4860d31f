"""When a puzzle in review comes back: FSRS (the `fsrs` package, the same scheduler as ts-fsrs in the
browser) over the puzzle's results, one a day, in whole days.

A result is one of GRADES: `miss` (a wrong move, or the solution shown) is FSRS's Again, `help`
(solved with hints and no wrong move) its Hard, and `clean` (solved with neither) graduates the puzzle:
it leaves the review. FSRS's learning steps (minutes) are off, and so is its fuzz: a puzzle comes back
on a whole day, the same in every browser and on the server.

    >>> due_day([("2026-12-01", "miss")])
    '2026-12-02'
    >>> due_day([("2026-12-01", "miss"), ("2026-12-02", "help"), ("2026-12-03", "clean")]) is None
    True
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from fsrs import Card, Rating, Scheduler

MISS, HELP, CLEAN = "miss", "help", "clean"
GRADES = (MISS, HELP, CLEAN)  # worst first: the same day's worse result is the one that stands
RATINGS = {MISS: Rating.Again, HELP: Rating.Hard}

# FSRS-6's default parameters and 90% retention; no learning steps and no fuzz, so whole days.
SCHEDULER = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)

Result = tuple[str, str]  # (day YYYY-MM-DD, grade)


def worse(a: str, b: str) -> str:
    """The worse of two grades (a miss is worse than help, help than clean)."""
    return a if GRADES.index(a) <= GRADES.index(b) else b


def _midnight(day: str) -> dt.datetime:
    return dt.datetime.combine(dt.date.fromisoformat(day), dt.time(), tzinfo=dt.UTC)


def _new_card() -> Card:
    # An id of our own: left out, fsrs makes one from the clock and then sleeps a millisecond so the
    # next can't be the same (fsrs/card.py), which blocked the server a millisecond a card, 400 a post.
    return Card(card_id=0)


def memory(results: Sequence[Result]) -> tuple[float, float] | None:
    """FSRS's (stability in days, difficulty 1-10) after `results` (sorted, one a day, no clean), or
    None for none."""
    card = _new_card()
    for day, grade in results:
        card, _ = SCHEDULER.review_card(card, RATINGS[grade], review_datetime=_midnight(day))
    if card.stability is None or card.difficulty is None:
        return None
    return card.stability, card.difficulty


def due_day(results: Sequence[Result]) -> str | None:
    """The day the puzzle comes back after `results` (sorted, one a day), or None once graduated
    (its last result clean) or with no results."""
    if not results or results[-1][1] == CLEAN:
        return None
    card = _new_card()
    for day, grade in results:
        card, _ = SCHEDULER.review_card(card, RATINGS[grade], review_datetime=_midnight(day))
    return card.due.date().isoformat()
