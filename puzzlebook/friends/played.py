"""A player's days with a daily played: what the friend streak reads (puzzlebook.friends.streak), and
which games they played on their last few dates (what a friends' board reads their result of).

A day counts when the player has a ranked result of a daily game on it (one the game's daily board
ranks: the chess daily solved with its ticket, Chain solved, the day's first Storm or Streak run), on
their own date (the ticket's: docs/ratings.md, "Whose day"). The record keeps the days since the last
gap of more than FREEZE_CAP days in a row: no streak outlives such a gap (it would need more freezes
than anyone holds), so a day before it can never count in any friend streak, whoever the friend
(docs/friends.md, "The friend streak"). It keeps them as a run from `first` to `last` and the days
missed in between, as day numbers after the first, at most MISSED_KEPT of them; past that the run's
start moves up past the oldest (a friend streak could then read shorter than it is: only one that
outlived some 20 missed days, so some 140 days long).

The player's own walk is no guide to where a friend streak may begin: a pair's streak that began later
earns its freezes on other days, and may live through a day the player's own streak broke on.

Kept in the player's profile (puzzlebook.friends.state), written at most once a date and game.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from puzzlebook.streaks import FREEZE_CAP, Streak

# Dates whose games are kept (newest first): a week and a day, for the week view.
RECENT = 8
# Days missed inside the run kept: a run that used more freezes (at least 140 days played) starts later.
MISSED_KEPT = 20


def _day(text: str) -> dt.date:
    return dt.date.fromisoformat(text)


def walk(days: Iterable[dt.date]) -> tuple[Streak, dt.date | None]:
    """The streak (puzzlebook.streaks' rule) over `days` in order, and the first day of its last run
    (None for no days): the day it last began again.

    >>> d = dt.date(2026, 12, 1)
    >>> walk([d, d + dt.timedelta(days=4)])[1]  # three days missed with no freeze held: a new run
    datetime.date(2026, 12, 5)
    """
    streak, start = Streak(), None
    for day in sorted(set(days)):
        streak = streak.extended(day, "")
        if streak.length == 1:
            start = day
    return streak, start


def _missed(run: list[dt.date]) -> list[int]:
    """The day numbers after the first of `run` (in order) that aren't in it."""
    held = set(run)
    return [n for n in range((run[-1] - run[0]).days + 1) if run[0] + dt.timedelta(days=n) not in held]


@dataclass(frozen=True, slots=True)
class Played:
    """The run of days a player played a daily (`first` to `last`, but for the `missed` day numbers
    after `first`), the games of their RECENT newest dates played (`recent`: (date, games), newest
    first), and the zone of their last result (`o`, minutes east of UTC)."""

    first: str | None = None
    last: str | None = None
    missed: tuple[int, ...] = ()
    recent: tuple[tuple[str, tuple[str, ...]], ...] = ()
    o: int | None = None

    def to_doc(self) -> dict[str, Any]:
        """Short keys: it sits in the player's profile, read at every sign-in."""
        doc: dict[str, Any] = {"f": self.first, "l": self.last, "m": list(self.missed),
                               "r": {day: list(games) for day, games in self.recent}}
        if self.o is not None:
            doc["o"] = self.o
        return doc

    @classmethod
    def from_doc(cls, doc: dict[str, Any] | None) -> Played:
        """As `to_doc` keeps it (nothing kept: no days).

        >>> kept = Played("2026-12-01", "2026-12-03", (1,), (("2026-12-03", ("chain",)),), 60)
        >>> Played.from_doc(kept.to_doc()) == kept
        True
        """
        if not doc:
            return cls()
        recent = tuple(sorted(((d, tuple(g)) for d, g in (doc.get("r") or {}).items()), reverse=True))
        missed = tuple(int(n) for n in doc.get("m") or ())
        return cls(doc.get("f"), doc.get("l"), missed, recent, doc.get("o"))

    def days(self) -> list[dt.date]:
        """The days of the run played, in order.

        >>> [d.day for d in Played("2026-12-01", "2026-12-04", (2,)).days()]
        [1, 2, 4]
        """
        if self.first is None or self.last is None:
            return []
        first, missed = _day(self.first), set(self.missed)
        span = (_day(self.last) - first).days
        return [first + dt.timedelta(days=n) for n in range(span + 1) if n not in missed]

    def games_on(self, day: str) -> tuple[str, ...]:
        """The games the player has a ranked result of on `day`, when it is one of their recent dates."""
        return next((games for d, games in self.recent if d == day), ())

    def has(self, day: str, game: str) -> bool:
        """Whether `day`'s result of `game` is marked already."""
        return game in self.games_on(day)

    def marked(self, day: dt.date, game: str, offset: int | None = None) -> Played:
        """The record with a ranked result of `game` on the player's date `day` (in a zone `offset`
        minutes east of UTC) added; itself when that is marked already.

        >>> p = Played()
        >>> for n in range(1, 8):  # a week played: a freeze earned
        ...     p = p.marked(dt.date(2026, 12, n), "chess")
        >>> p = p.marked(dt.date(2026, 12, 9), "chain")  # the 8th missed, forgiven
        >>> p.first, p.last, p.missed, p.recent[:2]
        ('2026-12-01', '2026-12-09', (7,), (('2026-12-09', ('chain',)), ('2026-12-07', ('chess',))))
        >>> p.marked(dt.date(2026, 12, 8), "storm").missed  # a late result of the 8th: played after all
        ()
        >>> p.marked(dt.date(2026, 12, 13), "chess").first  # three days missed in a row: none outlives it
        '2026-12-13'
        """
        text = day.isoformat()
        if self.has(text, game):
            return self
        games = dict(self.recent)
        games[text] = tuple(sorted({*games.get(text, ()), game}))
        recent = tuple(sorted(games.items(), reverse=True))[:RECENT]
        run = sorted({*self.days(), day})
        gaps = [k for k in range(1, len(run)) if (run[k] - run[k - 1]).days - 1 > FREEZE_CAP]
        run = run[gaps[-1]:] if gaps else run
        missed = _missed(run)
        if len(missed) > MISSED_KEPT:
            cut = run[0] + dt.timedelta(days=missed[-MISSED_KEPT - 1])
            run = [d for d in run if d > cut]
            missed = _missed(run)
        first, last = run[0], run[-1]
        latest = self.last is None or text >= self.last
        return Played(first.isoformat(), last.isoformat(), tuple(missed), recent,
                      offset if latest and offset is not None else self.o)
