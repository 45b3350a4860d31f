"""What a race's messages write, on both stores (docs/store.md, "Live rooms"): a move writes its racer's
item and nothing more, a broadcast one write more (the room's fan-out state, recorded as it goes out),
so a move held for a broadcast writes one item and its broadcast one; each a single item, never a
transaction (which DynamoDB bills twice). The live Lambda's DynamoDB bill is these writes
(infra/README.md, "Live play")."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from service.live import keys as K
from service.live.hub import Later
from service.live.service import Live
from service.store.base import Store
from service.store.items import Op
from tests.live_transports import T0, make_player
from tests.support import World, served
from tests.test_live_contract import solution, wrong_move


@dataclass
class Collected:
    """A sender that keeps what each connection is sent."""

    got: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def send(self, conn: str, text: str) -> bool:
        self.got.setdefault(conn, []).append(json.loads(text))
        return True

    def last(self, conn: str, kind: str) -> dict[str, Any]:
        return next(m for m in reversed(self.got.get(conn, [])) if m["t"] == kind)


@dataclass
class Writes:
    """Each store write (a `transact` call) as the sort keys of the items it writes."""

    calls: list[list[str]] = field(default_factory=list)

    def taken(self) -> list[list[str]]:
        out, self.calls = self.calls, []
        return out


@pytest.fixture
def room(store: Store, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[World, Live, Collected, Writes]]:
    writes = Writes()
    transact = store.transact

    def counted(ops: Sequence[Op]) -> None:
        writes.calls.append([_sort_key(op) for op in ops])
        transact(ops)

    monkeypatch.setattr(store, "transact", counted)
    with served(store, T0) as world:
        sender = Collected()
        yield world, Live(world.ctx, sender, wait=lambda _: None), sender, writes


def _sort_key(op: Op) -> str:
    item = getattr(op, "item", None)
    sk = str(item["SK"]) if item is not None else str(getattr(op, "sk", "?"))
    return sk.split("#")[0] + "#" if "#" in sk else sk


def _say(live: Live, conn: str, message: dict[str, Any]) -> list[Later]:
    return live.receive(conn, json.dumps(message))


def _race(world: World, live: Live, sender: Collected) -> list[list[Any]]:
    """Ada makes a race, Bo joins it, Ada starts it; its countdown run. Its puzzles."""
    for conn, name in (("a", "Ada"), ("b", "Bo")):
        pid, _ = make_player(world.store, name, world.clock())
        live.connect(conn, pid, name)
    _say(live, "a", {"t": "race.make"})
    race = sender.last("a", "race.hello")["race"]
    _say(live, "b", {"t": "race.join", "race": race})
    _say(live, "a", {"t": "race.start"})
    state = sender.last("b", "race.state")
    world.clock.advance(milliseconds=state["starts_in"])
    rows: list[list[Any]] = state["puzzles"]
    return rows


def test_a_move_writes_its_racers_item_and_a_broadcast_one_write_more(
        room: tuple[World, Live, Collected, Writes]) -> None:
    world, live, sender, writes = room
    rows = _race(world, live, sender)
    # Making, joining and starting it: single items but each racer's joining (the race's count of
    # racers and their item: the count caps the race at ten, so the two are one transaction).
    assert [w for w in writes.taken() if len(w) > 1] == [[K.HEAD, K.RACERS], [K.HEAD, K.RACERS]]

    # Ada misses the first puzzle: her item, and the broadcast (none went out in the last 200 ms).
    world.clock.advance(seconds=1.1)
    assert _say(live, "a", {"t": "race.move", "puzzle": 0, "move": 0, "uci": wrong_move(rows[0])}) == []
    assert writes.taken() == [[K.RACERS], [K.FAN]]
    assert {r["name"]: r["missed"] for r in sender.last("b", "race.state")["racers"]} == {"Ada": 1, "Bo": 0}

    # Bo misses it 50 ms later: his item alone, his broadcast held to the window's end...
    world.clock.advance(milliseconds=50)
    (later,) = _say(live, "b", {"t": "race.move", "puzzle": 0, "move": 0, "uci": wrong_move(rows[0])})
    assert writes.taken() == [[K.RACERS]]
    # ...and when it goes out, one write: the room's fan-out state, recorded as it is sent.
    told = len(sender.got["a"])
    world.clock.advance(milliseconds=150)
    live.flush(later)
    assert writes.taken() == [[K.FAN]]
    assert len(sender.got["a"]) == told + 1
    assert {r["name"]: r["missed"] for r in sender.last("a", "race.state")["racers"]} == {"Ada": 1, "Bo": 1}

    # A move inside a puzzle changes nothing the room is told: one write, Ada's item.
    k = next(k for k in range(1, len(rows)) if len(solution(rows[k])) >= 2)
    for skipped in range(1, k):
        world.clock.advance(seconds=1.1)
        _say(live, "a", {"t": "race.move", "puzzle": skipped, "move": 0, "uci": wrong_move(rows[skipped])})
    writes.taken()
    world.clock.advance(seconds=1.1)
    assert _say(live, "a", {"t": "race.move", "puzzle": k, "move": 0, "uci": solution(rows[k])[0]}) == []
    assert writes.taken() == [[K.RACERS]]
    assert sender.got["a"][-1]["t"] != "error"


Room = tuple[World, Live, Collected, Writes]


def test_a_held_broadcast_another_sent_first_is_carried_by_it(room: Room) -> None:
    """Two changes held for the same time: the first to go out sends one broadcast carrying both; the
    second finds it recorded and sends nothing (the rule: at most one a window)."""
    world, live, sender, writes = room
    rows = _race(world, live, sender)
    world.clock.advance(seconds=1.1)
    _say(live, "a", {"t": "race.move", "puzzle": 0, "move": 0, "uci": wrong_move(rows[0])})
    world.clock.advance(milliseconds=50)
    (first,) = _say(live, "b", {"t": "race.move", "puzzle": 0, "move": 0, "uci": wrong_move(rows[0])})
    world.clock.advance(milliseconds=50)
    (second,) = _say(live, "a", {"t": "race.leave"})
    assert first.due == second.due
    before = {conn: len(sender.got[conn]) for conn in ("a", "b")}
    world.clock.advance(milliseconds=100)
    writes.taken()
    live.flush(second)
    live.flush(first)
    assert writes.taken() == [[K.FAN], [K.FAN]]  # the second tried, found it recorded
    assert len(sender.got["b"]) == before["b"] + 1  # one broadcast, carrying both
    state = sender.last("b", "race.state")
    assert {r["name"]: (r["missed"], r["left"]) for r in state["racers"]} == {"Ada": (1, True),
                                                                              "Bo": (1, False)}
