"""The live rooms' connections: who each is (its player, from the token it opened with) and which
room it is in (docs/store.md, "Live rooms"). A connection is in at most one room at a time; a room
lists its connections (C#<connection> items in its partition), which is whom it sends to.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlebook.languages import SOURCE
from service.live import keys as K
from service.store.base import Delete, Put, Store
from service.store.items import doc_of, make_item

# API Gateway closes a WebSocket connection after two hours at most: an item outlives that a little,
# and goes with DynamoDB's TTL should its $disconnect never have come.
CONNECTION_SECONDS = 3 * 3600


@dataclass(frozen=True, slots=True)
class Connection:
    """A connection: its id, player and their name, the room it is in ("" for none) and its role there
    ("racer", "teacher", "student"), and the language its refusals are said in (a BCP 47 code of
    puzzlebook.languages, from its handshake: docs/live.md, "Connecting")."""

    id: str
    pid: str
    name: str
    room: str = ""
    role: str = ""
    lang: str = SOURCE


@dataclass(frozen=True, slots=True)
class Member:
    """A connection in a room: its id, player and role."""

    conn: str
    pid: str
    role: str


class Connections:
    def __init__(self, store: Store) -> None:
        self.store = store

    def opened(self, conn: str, pid: str, name: str, now: int, lang: str = SOURCE) -> None:
        """Keep a new connection of player `pid` speaking `lang` (at $connect, or as the local route
        accepts it)."""
        doc = {"pid": pid, "name": name, "room": "", "role": "", "lang": lang}
        item = make_item(K.connection(conn), K.CONNECTION, doc, expires_at=now // 1000 + CONNECTION_SECONDS)
        self.store.transact([Put(item)])

    def get(self, conn: str) -> Connection | None:
        item = self.store.get_item(K.connection(conn), K.CONNECTION)
        if item is None:
            return None
        doc = doc_of(item)
        return Connection(conn, str(doc["pid"]), str(doc.get("name", "")), str(doc.get("room", "")),
                          str(doc.get("role", "")), str(doc.get("lang", SOURCE)))

    def enter(self, conn: Connection, room: str, role: str, now: int, expires: int) -> Connection:
        """Put `conn` in `room` as `role` (out of the room it was in, if another); `expires`: when the
        room's items go (epoch seconds)."""
        if conn.room and conn.room != room:
            self.store.delete_items([(conn.room, K.conn_in(conn.id))])
        doc = {"pid": conn.pid, "name": conn.name, "room": room, "role": role, "lang": conn.lang}
        # Two plain writes, not a transaction (which bills each item twice), the room's list first: a
        # connection is told the room's news before its messages act in it. Should the second fail,
        # the join is answered with an error and the page joins again (docs/store.md, "Live rooms").
        self.store.transact([Put(make_item(room, K.conn_in(conn.id), {"pid": conn.pid, "role": role},
                                           expires_at=expires))])
        self.store.transact([Put(make_item(K.connection(conn.id), K.CONNECTION, doc,
                                           expires_at=now // 1000 + CONNECTION_SECONDS))])
        return Connection(conn.id, conn.pid, conn.name, room, role, conn.lang)

    def left(self, conn: Connection, now: int) -> None:
        """Take `conn` out of its room (it stays open)."""
        if conn.room:
            doc = {"pid": conn.pid, "name": conn.name, "room": "", "role": "", "lang": conn.lang}
            self.store.transact([
                Delete(conn.room, K.conn_in(conn.id)),
                Put(make_item(K.connection(conn.id), K.CONNECTION, doc,
                              expires_at=now // 1000 + CONNECTION_SECONDS)),
            ])

    def closed(self, conn: str, room: str) -> None:
        """Forget connection `conn` (closed, or found gone), and take it out of `room`."""
        keys = [(K.connection(conn), K.CONNECTION)] + ([(room, K.conn_in(conn))] if room else [])
        self.store.delete_items(keys)

    def members(self, room: str) -> list[Member]:
        """The connections in `room`."""
        return [Member(it["SK"][len(K.CONNS):], str(doc_of(it)["pid"]), str(doc_of(it).get("role", "")))
                for it in self.store.query_items(room, prefix=K.CONNS)]
