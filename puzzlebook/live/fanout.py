"""The fan-out rule: how often a room tells everyone in it what changed (docs/live.md, "Fan-out").

A room sends at most one broadcast a WINDOW_MS. A change that comes when none went out in the last
window goes out at once; one that comes sooner is held until the window ends, and then one broadcast
sends everything the room holds at that moment (every change held for that time rides on it:
batched). So a room sends at most 1000 / WINDOW_MS broadcasts a second however busy it is, and
nothing waits longer than WINDOW_MS. What a room counts as a change is its own: a race's puzzle
ended (solved or missed) and its joins, leaves and start, never a racer's move inside a puzzle; a
live class's answers reach the teacher alone.

The state is one time a room keeps (ms): `sent`, when its last broadcast went out. It changes only
when a broadcast goes out: a change that is held writes nothing, and each change held for the same
time tries to send the broadcast then; the first to record it sends, the others ride on it
(service/live/fan.py: the record is a write on the state's version). `held`, a held broadcast's due
time, was kept by the rooms before (a hold wrote it); it is read and ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

WINDOW_MS = 200

Plan = Literal["send", "hold"]


@dataclass(frozen=True, slots=True)
class Fan:
    """A room's fan-out state: when its last broadcast went out (ms); `held` only as kept before."""

    sent: int | None = None
    held: int | None = None

    def to_doc(self) -> dict[str, int | None]:
        return {"sent": self.sent, "held": self.held}

    @classmethod
    def from_doc(cls, doc: dict[str, object]) -> Fan:
        sent, held = doc.get("sent"), doc.get("held")
        return cls(sent if isinstance(sent, int) else None, held if isinstance(held, int) else None)


def plan(fan: Fan, now: int) -> tuple[Plan, int]:
    """What a change at `now` does, and when: "send" (a broadcast now, `now`) or "hold" (a broadcast at
    the time given, the window's end, by whichever change held for it records it first).

    >>> plan(Fan(), 1000)
    ('send', 1000)
    >>> plan(Fan(sent=1000), 1150)
    ('hold', 1200)
    >>> plan(Fan(sent=1000), 1190)       # held for the same time: one broadcast carries both
    ('hold', 1200)
    >>> plan(Fan(sent=1000, held=1200), 1250)   # a hold kept before is no broadcast: only `sent` counts
    ('send', 1250)
    """
    if fan.sent is None or now >= fan.sent + WINDOW_MS:
        return "send", now
    return "hold", fan.sent + WINDOW_MS


def sent_at(due: int, now: int) -> Fan:
    """The state once a broadcast held for `due` went out at `now` (its due time, if the clock lags).

    >>> sent_at(1200, 1201)
    Fan(sent=1201, held=None)
    >>> sent_at(1200, 1199)
    Fan(sent=1200, held=None)
    """
    return Fan(max(now, due), None)
