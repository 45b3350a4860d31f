"""The local transport: the app's WebSocket route `/live` (make serve; the tests' live server).

The event loop only reads and writes the sockets. The rooms' work (the store, the rules: making a
race picks its puzzles, a tenth of a second of CPU) runs on one worker thread of its own, one message
after another, so a busy room never holds up another's sending, and a connection's messages are
handled in the order they came. Each connection has an outgoing queue on the loop; the rooms' Sender
puts a message on it from the worker (thread-safely) and the connection's writer sends it. A broadcast
the fan-out rule holds is sent at its due time: the loop's timer hands it to the worker.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from fastapi import FastAPI, WebSocket

from functions.live.auth import PROTOCOL, language_offered, player_of
from puzzlebook.live.fanout import WINDOW_MS

if TYPE_CHECKING:
    from service.live.hub import Later
    from service.live.service import Live

T = TypeVar("T")
PATH = "/live"
CONN_BYTES = 12
log = logging.getLogger("puzzlebook.live")


class QueueSender:
    """Sends to the connections of this process: each one's queue on the loop, drained by its writer.
    Called from the rooms' worker thread."""

    def __init__(self) -> None:
        self.queues: dict[str, asyncio.Queue[str]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None

    def send(self, conn: str, text: str) -> bool:
        queue = self.queues.get(conn)
        if queue is None or self.loop is None:
            return False
        self.loop.call_soon_threadsafe(queue.put_nowait, text)
        return True


class LocalRooms:
    """The rooms of one app, made at its first connection (the rooms import python-chess and the rules:
    an app that never serves a live room, as the API's Lambda, never loads them)."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app
        self.sender = QueueSender()
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="live-rooms")
        self._live: Live | None = None
        self._timers: set[asyncio.TimerHandle] = set()
        self.closed = False

    def close(self) -> None:
        """The server stops: no held broadcast goes out any more, and the worker's work is done before
        the store closes."""
        self.closed = True
        for timer in self._timers:
            timer.cancel()
        self._timers.clear()
        self.worker.shutdown(wait=True)

    @property
    def live(self) -> Live:
        if self._live is None:
            from service.live.service import Live

            self._live = Live(self.app.state.ctx, self.sender)
        return self._live

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` on the rooms' worker thread."""
        return await asyncio.get_running_loop().run_in_executor(self.worker, work, *args)

    def hold(self, later: Later | None) -> None:
        """Send a held broadcast at its due time (the loop's timer, the worker's work)."""
        if later is None or self.closed:
            return
        loop = asyncio.get_running_loop()
        delay = max(0, min(later.due - self.live.hub.now(), WINDOW_MS)) / 1000

        def due() -> None:
            self._timers.discard(timer)
            if not self.closed:
                loop.run_in_executor(self.worker, self._flush, later)

        timer = loop.call_later(delay, due)
        self._timers.add(timer)

    def _flush(self, later: Later) -> None:
        if self.closed:
            return
        try:
            self.live.flush(later)
        except Exception:  # logged: a flush that failed is carried by the room's next change
            log.exception("a held broadcast of %s failed", later.room)

    async def serve(self, ws: WebSocket) -> None:
        header = ws.headers.get("sec-websocket-protocol")
        player = player_of(self.app.state.ctx.store, header)
        if player is None:
            await ws.close(code=1008)  # before accepting: the handshake is refused (HTTP 403)
            return
        await ws.accept(subprotocol=PROTOCOL)
        conn = secrets.token_urlsafe(CONN_BYTES)
        queue: asyncio.Queue[str] = asyncio.Queue()
        self.sender.loop = asyncio.get_running_loop()
        self.sender.queues[conn] = queue
        writer = asyncio.create_task(_write(ws, queue))
        live = self.live
        try:
            lang = language_offered(header, ws.headers.get("accept-language"))
            await self.run(live.connect, conn, player.id, player.name, lang)
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    text = (message.get("bytes") or b"").decode("utf-8", "replace")
                for later in await self.run(live.receive, conn, text):
                    self.hold(later)
        finally:
            self.sender.queues.pop(conn, None)
            writer.cancel()
            if not self.closed:  # a server stopping takes its connections' items with its store as it is
                self.hold(await self.run(live.disconnect, conn))


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
    app.router.on_shutdown.append(rooms.close)

    @app.websocket(PATH)
    async def live_socket(ws: WebSocket) -> None:
        await rooms.serve(ws)
