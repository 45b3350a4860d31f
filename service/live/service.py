"""The room interface both transports call (docs/live.md, docs/api.md "Live").

    live = Live(ctx, sender)                    # sender: the transport's (fan.py's Sender)
    live.connect(conn, pid, name)               # the player, from the token the connection opened with
    later = live.receive(conn, text)            # a message: [] or the held broadcasts to send later
    live.flush(later)                           # ...at later.due: the transport waits, then calls this
    live.disconnect(conn)

Every message is one JSON object with its type in `t`; what a room can't do is answered to the sender
alone as {"t": "error", "code", "words", "of": the message's type, ...}, the words in the connection's
language (docs/live.md, "Connecting"). Nothing here knows the
transport: the local route (functions/live/local.py) and the Lambda (functions/live/aws.py) call the
same methods with the same store.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

from puzzlebook.languages import BY_CODE, SOURCE, language_of
from puzzlebook.messages import msg
from puzzlebook.patterns import UCI
from service.context import Context
from service.live import keys as K
from service.live.connections import Connection
from service.live.fan import Sender
from service.live.hub import Hub, Later, Refused
from service.live.klass import ClassRooms
from service.live.racer import RaceRooms
from service.speech import Speech

MAX_MESSAGE = 2048  # characters: the largest message a browser sends is well under 200
_UCI = re.compile(UCI)
_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")

UNKNOWN_CONNECTION = msg("live_no_connection", "This connection isn't known: connect again.")
NO_SUCH_MESSAGE = msg("live_unknown", "There is no message {kind}: see the protocol (docs/api.md, “Live”).")
TOO_LONG = msg("live_too_long", "A message is at most {most} characters.")
NOT_JSON = msg("live_not_json", "A message is one JSON object.")
NO_TYPE = msg("live_no_type", "A message is a JSON object with its type in “t”.")
NOT_AN_ID = msg("live_not_an_id", "“{field}” is missing or isn't an id.")
NOT_A_COUNT = msg("live_not_a_count", "“{field}” is missing or isn't a whole number from 0.")
NOT_UCI = msg("live_not_uci", "“uci” is missing or isn't a move in UCI (e.g. e2e4).")


class Live:
    """The live rooms over `ctx` (store, settings, clock), sending through `sender`. `wait(seconds)`:
    how a message waits for one sent before it (a move ahead of the racer: on AWS two messages of one
    connection may arrive in either order); `patience_ms`: how long it waits in all (locally a
    connection's messages arrive in order: no waiting)."""

    def __init__(self, ctx: Context, sender: Sender, *, wait: Callable[[float], None] = time.sleep,
                 patience_ms: int = 0) -> None:
        self.hub = Hub(ctx, sender, wait)
        self.races = RaceRooms(self.hub)
        self.classes = ClassRooms(self.hub)
        self.patience_ms = patience_ms
        self.speech = ctx.part(Speech)

    def connect(self, conn: str, pid: str, name: str, lang: str = SOURCE) -> None:
        """A new connection of player `pid`, its refusals said in `lang` (a code of LANGUAGES)."""
        self.hub.conns.opened(conn, pid, name, self.hub.now(), lang)

    def disconnect(self, conn: str) -> Later | None:
        """The connection closed: out of its room (a racer marked away), forgotten."""
        found = self.hub.conns.get(conn)
        if found is None:
            return None
        self.hub.conns.closed(conn, found.room)
        if found.room.startswith(K.RACE_ROOM):
            return self.races.away(found, self.hub.now())
        return None

    def flush(self, later: Later) -> None:
        """Send the broadcast `later` held (unless another broadcast carried it)."""
        if later.room.startswith(K.RACE_ROOM):
            self.races.flush(later)
        elif later.room.startswith(K.CLASS_ROOM):
            self.classes.flush(later)

    def receive(self, conn: str, text: str) -> list[Later]:
        """Act on one message from `conn`. A refusal is answered to `conn`; what is returned are the
        broadcasts this message holds (the transport sends each at its due time, through `flush`)."""
        kind, lang = "?", SOURCE
        try:
            message = _parse(text)
            kind = str(message["t"])
            found = self.hub.conns.get(conn)
            if found is None:
                raise Refused("no-connection", UNKNOWN_CONNECTION)
            lang = found.lang
            later = self._act(found, kind, message)
        except Refused as refused:
            words = self.speech.say(refused.message, language_of(lang) or BY_CODE[SOURCE])
            self.hub.send(conn, {"t": "error", "code": refused.code, "words": words, "of": kind,
                                 **refused.extra})
            return []
        return [later] if later is not None else []

    def _act(self, conn: Connection, kind: str, m: dict[str, Any]) -> Later | None:
        races, classes = self.races, self.classes
        if kind == "ping":
            self.hub.send(conn.id, {"t": "pong", "at": m.get("at")})
            return None
        if kind == "race.make":
            return races.make(conn)
        if kind == "race.quick":
            return races.quick(conn)
        if kind == "race.join":
            return races.join(conn, _id(m, "race"))
        if kind == "race.start":
            return races.start(conn)
        if kind == "race.move":
            return races.move(conn, (_count(m, "puzzle"), _count(m, "move")), _uci(m), self.patience_ms)
        if kind == "race.over":
            races.over(conn)
            return None
        if kind == "race.leave":
            return races.leave(conn)
        if kind == "race.again":
            return races.again(conn)
        if kind == "class.open":
            classes.open(conn, _id(m, "class"), _id(m, "lesson"), m.get("seconds", 60))
            return None
        if kind == "class.join":
            return classes.join(conn, _id(m, "class"))
        if kind == "class.next":
            classes.next(conn)
            return None
        if kind == "class.reveal":
            classes.reveal(conn)
            return None
        if kind == "class.close":
            classes.close(conn)
            return None
        if kind == "class.move":
            return classes.move(conn, _count(m, "n"), _count(m, "move"), _uci(m))
        raise Refused("unknown", NO_SUCH_MESSAGE(kind=repr(kind)))


def _parse(text: str) -> dict[str, Any]:
    if len(text) > MAX_MESSAGE:
        raise Refused("too-long", TOO_LONG(most=MAX_MESSAGE))
    try:
        message = json.loads(text)
    except ValueError:
        raise Refused("not-json", NOT_JSON) from None
    if not isinstance(message, dict) or not isinstance(message.get("t"), str):
        raise Refused("no-type", NO_TYPE)
    return message


def _id(m: dict[str, Any], field: str) -> str:
    value = m.get(field)
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise Refused("bad-field", NOT_AN_ID(field=field))
    return value


def _count(m: dict[str, Any], field: str) -> int:
    value = m.get(field)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 10_000:
        raise Refused("bad-field", NOT_A_COUNT(field=field))
    return value


def _uci(m: dict[str, Any]) -> str:
    value = m.get("uci")
    if not isinstance(value, str) or not _UCI.fullmatch(value):
        raise Refused("bad-field", NOT_UCI)
    return value
