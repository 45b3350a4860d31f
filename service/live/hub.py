"""What every live room works with (the Hub): the store, the clock, the connections, the fan-out state
and the transport's sender; and the refusal every room answers with (docs/api.md, "Live").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from puzzlebook.messages import Message, Refusal
from service.context import Context
from service.live.connections import Connection, Connections, Member
from service.live.fan import Decided, Fan, Sender, encode
from service.store.base import Put, Store
from service.store.items import Item, make_item, version_of


class Refused(Refusal):
    """A message a room can't act on: `code` (one word, the protocol's) and its message (said in the
    connection's language: service.py), with anything else the protocol gives the browser to act on
    (`extra`: e.g. `wait`, `at`)."""

    def __init__(self, code: str, words: Message, **extra: Any) -> None:
        super().__init__(words)
        self.code = code
        self.extra = extra


@dataclass(frozen=True, slots=True)
class Later:
    """A held broadcast: room `room` (its partition key) is due to be told at `due` (ms), by whoever
    got this: the transport waits until then and calls Live.flush with it. `version`: the room's
    fan-out state as the change read it (fan.py: the broadcast is recorded on it, or was carried)."""

    room: str
    due: int
    version: int


@dataclass
class Hub:
    """The store and clock (the app's Context), the connections, the fan-out state and the sender."""

    ctx: Context
    sender: Sender
    wait: Callable[[float], None]

    def __post_init__(self) -> None:
        self.conns = Connections(self.ctx.store)
        self.fan = Fan(self.ctx.store)

    @property
    def store(self) -> Store:
        return self.ctx.store

    def now(self) -> int:
        """The server's clock, in ms since the epoch."""
        return int(self.ctx.clock().timestamp() * 1000)

    def send(self, conn: str, message: dict[str, Any], room: str = "") -> bool:
        """Send `message` to `conn`; a connection found gone is forgotten (and taken out of `room`)."""
        if self.sender.send(conn, encode(message)):
            return True
        self.conns.closed(conn, room)
        return False

    def tell(self, room: str, members: list[Member],
             message: Callable[[Member], dict[str, Any] | None]) -> None:
        """Send each member of `room` its `message` (None: nothing for that one)."""
        for member in members:
            text = message(member)
            if text is not None:
                self.send(member.conn, text, room)

    def changed(self, room: str, now: int, tell: Callable[[], None]) -> Later | None:
        """A change in `room`, under the fan-out rule: told now, or held (a Later: sent then, or carried
        by another's broadcast)."""
        decided = self.fan.changed(room, now)
        if decided.due <= now:
            tell()
            return None
        return Later(room, decided.due, decided.version)

    def flush(self, later: Later, tell: Callable[[], None]) -> None:
        """The broadcast `later` held, at its due time: told, unless another broadcast carried it."""
        if self.fan.flush(later.room, Decided(later.due, later.version), self.now()):
            tell()


def need_room(conn: Connection, prefix: str, words: Message) -> str:
    """The room `conn` is in, of the kind `prefix` names, or Refused."""
    if not conn.room.startswith(prefix):
        raise Refused("no-room", words)
    return conn.room


def rewrite(item: Item, doc: dict[str, Any]) -> Put:
    """Write `doc` over the versioned `item` read a moment ago (its keys and expiry kept): refused,
    Conflict, if anyone wrote it since."""
    version = version_of(item)
    return Put(make_item(item["PK"], item["SK"], doc, version=version + 1, expires_at=item.get("expires_at")),
               expect=version)
