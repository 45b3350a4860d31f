"""Sending to connections, and the fan-out rule's state in the store (puzzlebook/live/fanout.py).

A transport gives the rooms a `Sender`: locally each connection's queue on the server's event loop,
on AWS the Management API's `post_to_connection`. `Fan` keeps a room's fan-out state (its FAN item)
and says, for each change, whether to broadcast now or to hold (the caller tries to send the held
broadcast at the time it is given: the transport waits for it, then `Fan.flush` says whether it is
this change's to send or another's has carried it).

The FAN item is written only when a broadcast goes out, one write a broadcast: a change sent at once
writes it, on the version read; a held change writes nothing until its due time, and then writes on
the version it read. Of the changes held for one time the first to write sends; a later one finds
the version moved (Conflict): someone wrote it after this change's read, and whoever writes it reads
the room after, so that broadcast carries this change (its racer's item was written before the read).
A hold is decided on a consistent read only (a read a moment behind could miss a broadcast that went
out before this change was written): Store.settle gives an answer that writes nothing from a
consistent read only. A change sent at once may read eventually (half the read units): its write is
on the version, so a read behind loses it and is read again, consistently.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Protocol

from puzzlebook.live.fanout import Fan as FanState
from puzzlebook.live.fanout import plan, sent_at
from service.live import keys as K
from service.store.base import Put, Store
from service.store.items import Conflict, Item, Key, Op, doc_of, make_item, version_of


class Sender(Protocol):
    """How a transport sends to one connection."""

    def send(self, conn: str, text: str) -> bool:
        """Send `text` (one JSON message) to connection `conn`; False when it is gone."""
        ...


def encode(message: dict[str, Any]) -> str:
    """A message as it goes on the wire: compact JSON."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


# How long a room's FAN item is kept (its room's items go with their own expiry; docs/store.md).
KEPT_SECONDS = 7 * 86_400


@dataclass(frozen=True, slots=True)
class Decided:
    """A change's place under the rule: broadcast at `due` (now: at once), and the FAN item's version
    the change read (a held broadcast is recorded on it)."""

    due: int
    version: int


class Fan:
    """A room's fan-out state in the store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def _put(self, room: str, state: FanState, version: int, now: int) -> Put:
        item = make_item(room, K.FAN, state.to_doc(), version=version + 1,
                         expires_at=now // 1000 + KEPT_SECONDS)
        return Put(item, expect=version)

    def changed(self, room: str, now: int) -> Decided:
        """A change in `room` at `now` (ms): when to broadcast it (`now`: at once, recorded here; later:
        held, recorded by `flush` then)."""
        key: Key = (room, K.FAN)

        def decide(got: dict[Key, Item]) -> tuple[Decided, list[Op]]:
            item = got.get(key)
            what, due = plan(FanState.from_doc(doc_of(item)), now)
            if what == "hold":
                return Decided(due, version_of(item)), []
            return Decided(now, version_of(item)), [self._put(room, sent_at(now, now), version_of(item), now)]

        decided: Decided = self.store.settle([key], decide, eventually=True)
        return decided

    def sent(self, room: str, now: int) -> None:
        """A broadcast goes out at `now` outside the rule (a race's start: once a race, at once): recorded
        before it is sent, so a change held across it is carried by it."""
        key: Key = (room, K.FAN)

        def decide(got: dict[Key, Item]) -> tuple[None, list[Op]]:
            item = got.get(key)
            return None, [self._put(room, FanState(now, None), version_of(item), now)]

        self.store.settle([key], decide, eventually=True)

    def flush(self, room: str, held: Decided, now: int) -> bool:
        """The broadcast held for `held.due`, at `now`: True when this change records it (the caller
        then broadcasts), False when another broadcast went out since the change's read and carried it."""
        try:
            self.store.transact([self._put(room, sent_at(held.due, now), held.version, now)])
        except Conflict:
            return False
        return True
