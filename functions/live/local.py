"""The local transport: the app's WebSocket route `/live` (make serve; the tests' live server).

Each connection gets an id and an outgoing queue on the server's event loop; the rooms' Sender puts a
message on it (sync, never waits) and the connection's writer sends it. A broadcast the fan-out rule
holds is sent by the loop at its due time (`call_later`). The rooms' store calls are plain functions
called from the loop, as the API's routes call it (docs/architecture.md: a store call blocks the loop
for well under a millisecond locally).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import TYPE_CHECKING

from fastapi import FastAPI, WebSocket

from functions.live.auth import PROTOCOL, player_of
from puzzlebook.live.fanout import WINDOW_MS

if TYPE_CHECKING:
    from service.live.hub import Later
    from service.live.service import Live

PATH = "/live"
CONN_BYTES = 12
log = logging.getLogger("puzzlebook.live")


class QueueSender:
    """Sends to the connections of this process: each one's queue, drained by its writer."""

    def __init__(self) -> None:
        self.queues: dict[str, asyncio.Queue[str]] = {}

    def send(self, conn: str, text: str) -> bool:
        queue = self.queues.get(conn)
        if queue is None:
            return False
        queue.put_nowait(text)
        return True


class LocalRooms:
    """The rooms of one app, made at its first connection (the rooms import python-chess and the rules:
    an app that never serves a live room, as the API's Lambda, never loads them)."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app
        self.sender = QueueSender()
        self._live: Live | None = None

    @property
    def live(self) -> Live:
        if self._live is None:
            from service.live.service import Live

            self._live = Live(self.app.state.ctx, self.sender)
        return self._live

    def hold(self, later: Later | None) -> None:
        """Send a held broadcast at its due time, on this loop."""
        if later is None:
            return
        delay = max(0, min(later.due - self.live.hub.now(), WINDOW_MS)) / 1000
        asyncio.get_running_loop().call_later(delay, self._flush, later.room)

    def _flush(self, room: str) -> None:
        try:
            self.live.flush(room)
        except Exception:  # logged: a flush that failed is carried by the room's next change
            log.exception("a held broadcast of %s failed", room)

    async def serve(self, ws: WebSocket) -> None:
        header = ws.headers.get("sec-websocket-protocol")
        player = player_of(self.app.state.ctx.store, header)
        if player is None:
            await ws.close(code=1008)  # before accepting: the handshake is refused (HTTP 403)
            return
        await ws.accept(subprotocol=PROTOCOL)
        conn = secrets.token_urlsafe(CONN_BYTES)
        queue: asyncio.Queue[str] = asyncio.Queue()
        self.sender.queues[conn] = queue
        writer = asyncio.create_task(_write(ws, queue))
        live = self.live
        try:
            live.connect(conn, player.id, player.name)
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    text = (message.get("bytes") or b"").decode("utf-8", "replace")
                for later in live.receive(conn, text):
                    self.hold(later)
        finally:
            self.sender.queues.pop(conn, None)
            writer.cancel()
            self.hold(live.disconnect(conn))


async def _write(ws: WebSocket, queue: asyncio.Queue[str]) -> None:
    try:
        while True:
            await ws.send_text(await queue.get())
    except Exception:  # the connection went: the reader sees it and cleans up
        return


def install(app: FastAPI) -> None:
    """Add the live rooms' WebSocket route to `app`."""
    rooms = LocalRooms(app)
    app.state.live_rooms = rooms

    @app.websocket(PATH)
    async def live_socket(ws: WebSocket) -> None:
        await rooms.serve(ws)
