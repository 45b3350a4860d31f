"""Sending to connections, and the fan-out rule's state in the store (puzzlebook/live/fanout.py).

A transport gives the rooms a `Sender`: locally each connection's queue on the server's event loop,
on AWS the Management API's `post_to_connection`. `Fan` keeps a room's fan-out state (its FAN item)
and says, for each change, whether to broadcast now, to hold (the caller broadcasts at the time it
is given: the transport waits for it) or nothing (a held broadcast will carry the change).
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from puzzlebook.live.fanout import Fan as FanState
from puzzlebook.live.fanout import flushed, plan
from service.live import keys as K
from service.store.base import Put, Store
from service.store.items import Item, Key, Op, doc_of, make_item, version_of


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


class Fan:
    """A room's fan-out state in the store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def _item(self, room: str, state: FanState, version: int, now: int) -> Item:
        return make_item(room, K.FAN, state.to_doc(), version=version, expires_at=now // 1000 + KEPT_SECONDS)

    def changed(self, room: str, now: int) -> int | None:
        """A change in `room` at `now` (ms): `now` when the caller broadcasts at once, a later time
        when it holds the broadcast until then, None when a held one carries it."""
        key: Key = (room, K.FAN)

        def decide(got: dict[Key, Item]) -> tuple[int | None, list[Op]]:
            item = got.get(key)
            what, after = plan(FanState.from_doc(doc_of(item)), now)
            if what == "ride":
                return None, []
            due = now if what == "send" else after.held
            return due, [Put(self._item(room, after, version_of(item) + 1, now), expect=version_of(item))]

        return self.store.settle([key], decide)

    def sent(self, room: str, now: int) -> None:
        """A broadcast went out at `now` outside the rule (a race's start: once a race, at once)."""
        key: Key = (room, K.FAN)

        def decide(got: dict[Key, Item]) -> tuple[None, list[Op]]:
            item = got.get(key)
            return None, [Put(self._item(room, FanState(now, None), version_of(item) + 1, now),
                              expect=version_of(item))]

        self.store.settle([key], decide)

    def flush(self, room: str, now: int) -> None:
        """The held broadcast goes out now: the state says so (the caller then broadcasts)."""
        key: Key = (room, K.FAN)

        def decide(got: dict[Key, Item]) -> tuple[None, list[Op]]:
            item = got.get(key)
            after = flushed(FanState.from_doc(doc_of(item)), now)
            return None, [Put(self._item(room, after, version_of(item) + 1, now), expect=version_of(item))]

        self.store.settle([key], decide)
