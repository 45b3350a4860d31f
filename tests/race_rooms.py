"""Races made, joined and started through the room interface (service/live/service.py's `Live`), with a
sender that keeps what each connection was told: for the tests of what happens beside a race (its
invites) over the store or the API, without a transport (tests/test_live_contract.py runs those)."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from service.context import Context
from service.live.service import Live


class Told:
    """The messages each connection was sent."""

    def __init__(self) -> None:
        self.sent: dict[str, list[dict[str, Any]]] = defaultdict(list)

    def send(self, conn: str, text: str) -> bool:
        self.sent[conn].append(json.loads(text))
        return True


class Rooms:
    """A player's connection each (its id: the player's), through one `Live` over `ctx`."""

    def __init__(self, ctx: Context) -> None:
        self.told = Told()
        self.live = Live(ctx, self.told)

    def _say(self, pid: str, name: str, message: dict[str, Any]) -> dict[str, Any]:
        if not self.live.hub.conns.get(pid):
            self.live.connect(pid, pid, name)
        self.live.receive(pid, json.dumps(message))
        last = self.told.sent[pid][-1]
        assert last["t"] != "error", last
        return last

    def make(self, pid: str, name: str) -> str:
        """A race by link made by `pid`, who is in it: its id."""
        return str(self._say(pid, name, {"t": "race.make"})["race"])

    def join(self, pid: str, name: str, race_id: str) -> None:
        self._say(pid, name, {"t": "race.join", "race": race_id})

    def start(self, pid: str) -> None:
        self._say(pid, "", {"t": "race.start"})
