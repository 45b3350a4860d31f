"""The fan-out rule: how often a room tells everyone in it what changed (docs/live.md, "Fan-out").

A room sends at most one broadcast a WINDOW_MS. A change that comes when none went out in the last
window goes out at once; one that comes sooner is held until the window ends, and the one change
that holds it sends, then, everything the room holds at that moment (the changes after it ride on
it: batched). So a room sends at most 1000 / WINDOW_MS broadcasts a second however busy it is, and
nothing waits longer than WINDOW_MS. What a room counts as a change is its own: a race's puzzle
ended (solved or missed) and its joins, leaves and start, never a racer's move inside a puzzle; a
live class's answers reach the teacher alone.

The state is two times a room keeps (ms): `sent`, when its last broadcast went out, and `held`, when
the held one is due (None: none held). A holder that never sent (its process died) doesn't hold the
room for ever: a hold more than a window past due is treated as none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

WINDOW_MS = 200

Plan = Literal["send", "hold", "ride"]


@dataclass(frozen=True, slots=True)
class Fan:
    """A room's fan-out state: when its last broadcast went out and when a held one is due (ms)."""

    sent: int | None = None
    held: int | None = None

    def to_doc(self) -> dict[str, int | None]:
        return {"sent": self.sent, "held": self.held}

    @classmethod
    def from_doc(cls, doc: dict[str, object]) -> Fan:
        sent, held = doc.get("sent"), doc.get("held")
        return cls(sent if isinstance(sent, int) else None, held if isinstance(held, int) else None)


def plan(fan: Fan, now: int) -> tuple[Plan, Fan]:
    """What a change at `now` does, and the room's state after: "send" (a broadcast now), "hold"
    (this change's sender broadcasts at the new state's `held`), or "ride" (a held one will carry it).

    >>> plan(Fan(), 1000)
    ('send', Fan(sent=1000, held=None))
    >>> plan(Fan(sent=1000), 1150)
    ('hold', Fan(sent=1000, held=1200))
    >>> plan(Fan(sent=1000, held=1200), 1190)
    ('ride', Fan(sent=1000, held=1200))
    >>> plan(Fan(sent=1000, held=1200), 1500)   # the holder never sent: taken over
    ('send', Fan(sent=1500, held=None))
    """
    held = fan.held if fan.held is not None and now <= fan.held + WINDOW_MS else None
    if held is not None:
        return "ride", fan
    if fan.sent is None or now >= fan.sent + WINDOW_MS:
        return "send", Fan(now, None)
    return "hold", Fan(fan.sent, fan.sent + WINDOW_MS)


def flushed(fan: Fan, now: int) -> Fan:
    """The state once the held broadcast went out at `now` (or its due time, if the clock lags).

    >>> flushed(Fan(sent=1000, held=1200), 1201)
    Fan(sent=1201, held=None)
    """
    return Fan(max(now, fan.held or now), None)
