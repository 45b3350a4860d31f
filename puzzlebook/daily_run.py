"""A ticketed daily run's settle step, shared by every run mode (Storm, Streak): what a scored post
comes to against the player's day; and how long a run's ticket lives (`ticket_lives`).

The player's first started run of a day is their ranked one; a post of any other run is practice
(scored, kept nowhere). A ranked run is kept once: a second post of it (a retry, or two at once)
answers `already` with what was kept. The player's best of all time is replaced only by a better
run (the mode's own `beats`: its scoring rule says what better is). A mode's kept result is any
value with a `beats`; puzzlebook.storm.kept and puzzlebook.streak.kept are the two.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Generic, Protocol, Self, TypeVar

from puzzlebook.places import BoardEntry


class Kept(Protocol):
    """A mode's scored run, as its kept.py has it."""

    def beats(self, best: Self | None, /) -> bool: ...


R = TypeVar("R", bound=Kept)


@dataclass(frozen=True, slots=True)
class RunAnswer(Generic[R]):
    """What a posted run is told: whether it is the player's ranked run of its day, whether that run
    was kept before (a retry: `result` is then what was kept), the run, and its entry on the day's
    board (its snapshot's path and rank key: the answer's place is found on the snapshot)."""

    ranked: bool
    already: bool
    result: R
    entry: BoardEntry | None = None


@dataclass(frozen=True, slots=True)
class Settled(Generic[R]):
    """What a post comes to: the answer, and what to write: the day's result (None: nothing) and the
    new best (None: the best stands)."""

    answer: RunAnswer[R]
    result: R | None
    best: R | None


def settle(*, ranked: bool, kept: R | None, best: R | None, run: R) -> Settled[R]:
    """Settle a scored `run`: `ranked` when its ticket is the player's first started run of its day;
    `kept`: the player's result kept for that day, if any; `best`: their best.

    >>> from puzzlebook.storm.clock import Tally
    >>> from puzzlebook.storm.kept import RunResult
    >>> run = RunResult("2026-11-30", Tally(score=7, highest=990), 180, "t")
    >>> settle(ranked=False, kept=None, best=None, run=run).answer.ranked
    False
    >>> worse = RunResult("2026-11-29", Tally(score=5, highest=1200), 100, "u")
    >>> s = settle(ranked=True, kept=None, best=worse, run=run)
    >>> s.result is run, s.best is run
    (True, True)
    >>> again = RunResult("2026-11-30", Tally(score=9), 90, "v")
    >>> settle(ranked=True, kept=run, best=run, run=again).answer.already
    True
    """
    if not ranked:
        return Settled(RunAnswer(False, False, run), None, None)
    if kept is not None:
        return Settled(RunAnswer(True, True, kept), None, None)
    return Settled(RunAnswer(True, False, run), run, run if run.beats(best) else None)


# How many days after its own a run may still arrive: its ticket's life. A Streak run left part way
# is posted on the next visit; a run whose post failed (no connection, a 503) is sent again from the
# browser's outbox, on any page, maybe the next day.
LATE_DAYS = 1


def ticket_lives(day: dt.date, oldest: dt.date) -> bool:
    """Whether the ticket of a run of `day` still lives when the oldest date anywhere is `oldest`
    (puzzlebook.calendar.oldest_date): until the end of the day after the run's own, everywhere.
    That is as long as the day's board is still published (service/boards/live.py: every date in
    play and the one before), so a run taken then goes on its own day's board.

    >>> ticket_lives(dt.date(2026, 12, 5), dt.date(2026, 12, 6))
    True
    >>> ticket_lives(dt.date(2026, 12, 5), dt.date(2026, 12, 7))
    False
    """
    return (oldest - day).days <= LATE_DAYS
