"""A race's life: made, waiting for racers, a countdown, racing for RACE_SECONDS, over.

- A race made by a player (`kind` "link": its link is shared) waits until its maker starts it, with
  MIN_RACERS to MAX_RACERS in; the countdown is COUNTDOWN_SECONDS.
- A quick race (`kind` "quick") pairs whoever is waiting: the lobby keeps one open quick race, the
  next player to ask joins it, and its countdown (QUICK_COUNTDOWN_SECONDS) starts by itself as its
  second racer joins. It takes racers until QUICK_CLOSES_MS before its start, or until full; then
  the next to ask gets a new one (`quick_open`).
- Everyone races the same RACE_SECONDS from the same start: the race is over for all at once, so the
  table is final at one moment.

A race keeps its own length and countdown (`ms`, `countdown_ms`), from the Pace it was made with:
the site's is the constants here; a test server shortens them (service/settings.py,
PUZZLEBOOK_RACE_SECONDS and PUZZLEBOOK_RACE_COUNTDOWN), so a browser test races a whole race in
seconds. Whoever reads the race later (any process, on AWS any Lambda) reads its pace from it.

Why 90 seconds (Lichess's too): short enough to race again three times in a coffee break, and at the
floor of a second a move (puzzlebook/tickets.py) no racer can make more than 91 moves, so the race's
100 puzzles (puzzles.py) never run out; Storm's 3 minutes are a solo run's, long for a room to watch.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from puzzlebook.messages import Message, Refusal, msg

MIN_RACERS = 2
MAX_RACERS = 10
RACE_SECONDS = 90
RACE_MS = RACE_SECONDS * 1000
COUNTDOWN_SECONDS = 10
QUICK_COUNTDOWN_SECONDS = 15
QUICK_CLOSES_MS = 3000
# How long after its end a race's items are kept (a racer reviewing the table, "race again").
KEPT_DAYS = 7
# Races a player makes (by link or to race again) in any hour: a race a minute is more than anyone
# plays; each costs a pick of 100 puzzles, so a loop is stopped.
MADE_PER_HOUR = 60

Kind = Literal["link", "quick"]
Phase = Literal["waiting", "countdown", "racing", "over"]


class RaceRefused(Refusal):
    """Something a race can't do now. `code` is one word for the protocol (docs/api.md, "Live");
    `.message` says it in plain words (str(error) in English)."""

    def __init__(self, code: str, words: Message) -> None:
        super().__init__(words)
        self.code = code


STARTED = msg("race_started", "This race has started: ask for the next one, or a quick race.")
FULL = msg("race_full", "This race is full ({most} racers): make another, or a quick race.")
NOT_MAKER = msg("race_not_maker", "Only the player who made this race can start it.")
STARTED_ALREADY = msg("race_started_already", "This race has started already.")
TOO_FEW = msg("race_too_few", "A race needs at least {least} racers: share its link first.")


@dataclass(frozen=True, slots=True)
class Pace:
    """How long a race lasts and counts down, in seconds: the site's unless a test server says
    otherwise (module docstring). `quick_countdown` is a quick race's, which waits for more racers."""

    seconds: int = RACE_SECONDS
    countdown: int = COUNTDOWN_SECONDS
    quick_countdown: int = QUICK_COUNTDOWN_SECONDS


@dataclass(frozen=True, slots=True)
class Race:
    """A race: its id, kind, maker (a player id; "" for a quick race), when it was made and when it
    starts (ms; None until started), how many racers joined, the race made to race again with the
    same people (its id, once someone asked), whether its table was sent to the room, and its pace:
    how long it races (`ms`) and counts down (`countdown_ms`)."""

    id: str
    kind: Kind
    owner: str
    made: int
    starts: int | None = None
    racers: int = 0
    again: str | None = None
    told: bool = False
    ms: int = RACE_MS
    countdown_ms: int = COUNTDOWN_SECONDS * 1000

    @property
    def ends(self) -> int | None:
        """When the race is over (ms), once it has a start."""
        return None if self.starts is None else self.starts + self.ms

    def phase(self, now: int) -> Phase:
        """The race's phase at `now` (ms).

        >>> race = Race("r", "link", "p1", 0, starts=10_000, racers=2)
        >>> [race.phase(t) for t in (0, 9_999, 10_000, 99_999, 100_000)]
        ['countdown', 'countdown', 'racing', 'racing', 'over']
        >>> Race("r", "link", "p1", 0).phase(5)
        'waiting'
        """
        if self.starts is None:
            return "waiting"
        if now < self.starts:
            return "countdown"
        return "racing" if now < self.starts + self.ms else "over"

    def to_doc(self) -> dict[str, Any]:
        return {"kind": self.kind, "owner": self.owner, "made": self.made, "starts": self.starts,
                "racers": self.racers, "again": self.again, "told": self.told, "ms": self.ms,
                "countdown_ms": self.countdown_ms}

    @classmethod
    def from_doc(cls, race_id: str, doc: dict[str, Any]) -> Race:
        starts = doc.get("starts")
        kind: Kind = "quick" if doc.get("kind") == "quick" else "link"
        countdown = QUICK_COUNTDOWN_SECONDS if kind == "quick" else COUNTDOWN_SECONDS
        return cls(race_id, kind, str(doc.get("owner", "")), int(doc.get("made", 0)),
                   int(starts) if isinstance(starts, int) else None, int(doc.get("racers", 0)),
                   doc.get("again") or None, bool(doc.get("told")), int(doc.get("ms", RACE_MS)),
                   int(doc.get("countdown_ms", countdown * 1000)))


def made(race_id: str, kind: Kind, owner: str, now: int, pace: Pace | None = None) -> Race:
    """A new race, no one in it yet (its maker joins it next, as anyone does), at `pace`.

    >>> made("r", "quick", "p1", 0, Pace(20, 3, 5)).countdown_ms
    5000
    """
    pace = pace or Pace()
    countdown = pace.quick_countdown if kind == "quick" else pace.countdown
    return Race(race_id, kind, owner if kind == "link" else "", now, ms=pace.seconds * 1000,
                countdown_ms=countdown * 1000)


def joined(race: Race, now: int, *, already: bool) -> Race:
    """The race once a player joins at `now`; `already`: they are one of its racers (joining again
    after a dropped connection: nothing changes). RaceRefused when they can't.

    >>> quick = joined(made("q", "quick", "", 0), 1_000, already=False)
    >>> joined(quick, 2_000, already=False).starts   # the second racer starts the countdown
    17000
    >>> joined(Race("r", "link", "p1", 0, starts=5), 10, already=False)
    Traceback (most recent call last):
    ...
    puzzlebook.racer.race.RaceRefused: This race has started: ask for the next one, or a quick race.
    """
    if already:
        return race
    if race.starts is not None and (race.kind == "link" or now >= race.starts - QUICK_CLOSES_MS):
        raise RaceRefused("started", STARTED)
    if race.racers >= MAX_RACERS:
        raise RaceRefused("full", FULL(most=MAX_RACERS))
    race = replace(race, racers=race.racers + 1)
    if race.kind == "quick" and race.starts is None and race.racers >= MIN_RACERS:
        race = replace(race, starts=now + race.countdown_ms)
    return race


def started(race: Race, pid: str, now: int) -> Race:
    """The race once its maker starts it at `now`: its countdown begins. RaceRefused otherwise.

    >>> started(Race("r", "link", "p1", 0, racers=2), "p1", 1_000).starts
    11000
    >>> started(Race("r", "link", "p1", 0, racers=1), "p1", 1_000)
    Traceback (most recent call last):
    ...
    puzzlebook.racer.race.RaceRefused: A race needs at least 2 racers: share its link first.
    """
    if race.kind != "link" or race.owner != pid:
        raise RaceRefused("not-yours", NOT_MAKER)
    if race.starts is not None:
        raise RaceRefused("started", STARTED_ALREADY)
    if race.racers < MIN_RACERS:
        raise RaceRefused("too-few", TOO_FEW(least=MIN_RACERS))
    return replace(race, starts=now + race.countdown_ms)


def quick_open(race: Race | None, now: int) -> bool:
    """Whether the lobby's quick race `race` still takes racers at `now` (else a new one is made).

    >>> quick_open(Race("q", "quick", "", 0, starts=10_000, racers=3), 6_999)
    True
    >>> quick_open(Race("q", "quick", "", 0, starts=10_000, racers=3), 7_000)
    False
    >>> quick_open(Race("q", "quick", "", 0, racers=10), 0), quick_open(None, 0)
    (False, False)
    """
    if race is None or race.kind != "quick" or race.racers >= MAX_RACERS:
        return False
    return race.starts is None or now < race.starts - QUICK_CLOSES_MS
