"""A daily streak: days in a row with that day's puzzle solved on its own site day, a missed day
forgiven by a streak freeze.

The freeze rule (docs/ratings.md, "Streak freezes"): one freeze is earned each time the streak
reaches a played day 7, 14, 21, …, and at most FREEZE_CAP are held. A missed day uses one held
freeze automatically and the streak lives on; the frozen day adds no day to the streak. Two missed
days in a row need two freezes; with fewer held the streak breaks, and its freezes go with it (they
belong to the streak that earned them). The browser keeps the same rule (site/static/js/lib/dates.js,
`streakRun`), bound to this one by tests/vectors/site.json.

The days are the player's own dates (docs/ratings.md, "Whose day"), so a streak remembers the zone
of its last day's result (`o`, minutes east of UTC), to read where it stands between results. A
streak never passes over a date unless a freeze covers it, whichever zones were claimed: a zone is
the page's word, so a date a move east skipped is a missed date like any other (a player flying east
over the date line spends a freeze on the date that never came for them). Moving west repeats a
date: a date already counted, or one before the streak's last day, adds nothing and breaks nothing.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from puzzlebook.calendar import local_date
from puzzlebook.messages import Message, msg_plural

# A freeze each FREEZE_EVERY played days of a streak; never more than FREEZE_CAP held at once.
FREEZE_EVERY = 7
FREEZE_CAP = 2


@dataclass(frozen=True, slots=True)
class Standing:
    """A streak as it stands on a day: its length (played days), the freezes used within it (the
    days it was forgiven, today's pending ones included) and the freezes still held."""

    length: int = 0
    freezes_used: int = 0
    freezes_held: int = 0


@dataclass(frozen=True, slots=True)
class Streak:
    """Days in a row with a daily solved: the last such day, the run's length, when it got there, the
    best; and, as of that last day, the freezes the run has used (`used`) and those it holds
    (`held`): short names, as the doc keeps them, in a hot item kept under 1 KB
    (tests/test_hot_items.py)."""

    day: str | None = None
    length: int = 0
    at: str | None = None
    best: int = 0
    used: int = 0
    held: int = 0
    o: int | None = None

    def to_doc(self) -> dict[str, Any]:
        """As the store keeps it (what `from_doc` reads back): one-letter keys, since it sits twice in
        a hot item kept under 1 KB (tests/test_hot_items.py), and no zone for a streak of the site's
        days."""
        doc: dict[str, Any] = {"d": self.day, "n": self.length, "t": self.at, "b": self.best,
                               "u": self.used, "h": self.held}
        if self.o is not None:
            doc["o"] = self.o
        return doc

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> Streak:
        """A streak as `to_doc` keeps it, or as kept before (its fields' own names; before freezes,
        none used or held).

        >>> Streak.from_doc(Streak("2026-12-04", 3, "t", 5, 1, 1, -600).to_doc())
        Streak(day='2026-12-04', length=3, at='t', best=5, used=1, held=1, o=-600)
        >>> Streak.from_doc({"day": "2026-12-04", "length": 3, "at": "t", "best": 5})
        Streak(day='2026-12-04', length=3, at='t', best=5, used=0, held=0, o=None)
        """
        if "n" not in doc:
            return cls(**doc)
        return cls(doc["d"], doc["n"], doc["t"], doc["b"], doc.get("u", 0), doc.get("h", 0), doc.get("o"))

    def own_today(self, now: dt.datetime, site_day: dt.date) -> dt.date:
        """The player's own date at `now`, in the zone of their last day's result (`site_day` when the
        streak has none): the day a streak stands on when nothing new says where they are."""
        return site_day if self.o is None else local_date(now, self.o)

    def _missed(self, today: dt.date) -> int:
        """Days missed since the last day played, up to `today` (not counting today itself, which
        can still be played)."""
        if self.day is None:
            return 0
        return max(0, (today - dt.date.fromisoformat(self.day)).days - 1)

    def standing_at(self, now: dt.datetime, site_day: dt.date) -> Standing:
        """The run as it stands on the player's own date at `now` (`own_today`): what a page shows of
        a streak between results."""
        return self.standing(self.own_today(now, site_day))

    def standing(self, today: dt.date) -> Standing:
        """The run as it stands on `today`: alive while the days missed since its last day are no more
        than its freezes held (each missed day uses one), else broken (all zeros).

        >>> run = Streak("2026-11-02", 8, held=1)
        >>> run.standing(dt.date(2026, 11, 3))
        Standing(length=8, freezes_used=0, freezes_held=1)
        >>> run.standing(dt.date(2026, 11, 4))
        Standing(length=8, freezes_used=1, freezes_held=0)
        >>> run.standing(dt.date(2026, 11, 5))
        Standing(length=0, freezes_used=0, freezes_held=0)
        """
        if self.day is None:
            return Standing()
        missed = self._missed(today)
        if missed > self.held:
            return Standing()
        return Standing(self.length, self.used + missed, self.held - missed)

    def current(self, today: dt.date) -> int:
        """The run's length as it stands on `today` (0 once broken).

        >>> run = Streak("2026-11-02", 3)
        >>> run.current(dt.date(2026, 11, 3)), run.current(dt.date(2026, 11, 4))
        (3, 0)
        """
        return self.standing(today).length

    def extended(self, today: dt.date, at: str, offset: int | None = None) -> Streak:
        """The run after a daily solved on the player's date `today` (posted at `at`, in a zone
        `offset` minutes east of UTC); another the same date, or an earlier one (a move west repeats
        dates), changes nothing. Every date missed before it uses a freeze, whatever zone it was
        played from; reaching day 7, 14, … earns one.

        >>> run = Streak("2026-12-04", 3, o=-600)  # Honolulu, then Sydney (UTC+11): the 5th never came
        >>> run.extended(dt.date(2026, 12, 6), "t", 660).length  # and no freeze held covers it
        1
        >>> Streak("2026-12-04", 8, held=1, o=-600).extended(dt.date(2026, 12, 6), "t", 660)
        Streak(day='2026-12-06', length=9, at='t', best=9, used=1, held=0, o=660)
        >>> run.extended(dt.date(2026, 12, 3), "t", -720) is run  # west, a date before: nothing
        True
        """
        if self.day is not None and today.isoformat() <= self.day:
            return self
        now = self.standing(today)
        length = now.length + 1
        earned = 1 if length % FREEZE_EVERY == 0 else 0
        held = min(FREEZE_CAP, now.freezes_held + earned)
        return Streak(today.isoformat(), length, at, max(self.best, length), now.freezes_used, held, offset)

    def covers(self) -> str | None:
        """The last day the run stands through without another play, its held freezes spent: its
        last day moved on by them. A streak board's partition is this day (service/store/boards.py),
        so a board of `today` reads the runs covering yesterday on, and finds only live ones."""
        if self.day is None:
            return None
        return (dt.date.fromisoformat(self.day) + dt.timedelta(days=self.held)).isoformat()


# What a streak line says of the freezes it used, inside its sentence (GET /api/me's lines).
FREEZES_USED = msg_plural("freezes_used", "{n} freeze used", "{n} freezes used", "n")


@dataclass(frozen=True, slots=True)
class StreakWords:
    """A game's words for its streak inside an account line: none, a run of `n` days, and a run that
    used freezes (`n`, and `freezes`: FREEZES_USED's words)."""

    none: Message
    run: Message
    run_freezes: Message


def streak_words(standing: Standing, words: StreakWords) -> Message:
    """The streak's part of an account line: `words` for a run standing as `standing` says."""
    if not standing.length:
        return words.none
    if standing.freezes_used:
        return words.run_freezes(n=standing.length, freezes=FREEZES_USED(n=standing.freezes_used))
    return words.run(n=standing.length)
