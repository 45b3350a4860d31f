"""The publisher: each live board's snapshot, written through the site's files when it changed, at
most every SNAPSHOT_SECONDS.

    publisher = Publisher(store, settings, site_files(settings))
    publisher.round()            # one round: the paths written
    publisher.rounds(4)          # the AWS job (functions/handler.snapshots): 4 rounds 15 s apart

A round reads every live board once (service/boards/live.py; the store's `read_board`: its top 100
with names, and its keys or an even sample of them), builds its snapshot (`snapshot_of`) and writes
it only when what it says differs from the snapshot published last: the one this publisher wrote,
or, the first time it meets a board, the one in the site's files (read back once). So a board nobody
posted to costs its read and nothing else, and a cold start writes nothing that hasn't changed.
`make serve` runs it in a thread of the local server (ops/server.py, SnapshotLoop); on AWS a
function scheduled every minute runs four rounds (infra/template.yaml, SnapshotFunction).
"""

from __future__ import annotations

import datetime as dt
import json
import time
from collections.abc import Callable, Collection
from typing import Any

from puzzlebook.calendar import open_until
from service.boards.board import SNAPSHOT_SECONDS
from service.boards.live import live_boards
from service.boards.snapshot import content_of, snapshot_of
from service.context import Context
from service.encoding import json_bytes
from service.publish import SiteFiles
from service.settings import Settings
from service.store.base import Store
from service.store.items import utc_stamp

# A round may come this much early (a sleep's or a schedule's jitter) and still write.
EARLY = 0.5


def _utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Publisher:
    """Publishes the live boards' snapshots of `store` through `files`, on `clock`'s site day. Its
    Context (`ctx`: the store, the settings and the clock) is the job's, whose parts the games' hooks
    may keep for the publisher's life."""

    def __init__(
        self, store: Store, settings: Settings, files: SiteFiles, *,
        clock: Callable[[], dt.datetime] = _utc_now, every: float = SNAPSHOT_SECONDS,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ctx = Context(store, settings, clock)
        self.store = store
        self.settings = settings
        self.files = files
        self.clock = clock
        self.every = every
        self.monotonic = monotonic
        # By path: what the snapshot published last says (its content, as bytes), and when it was written.
        self._published: dict[str, tuple[bytes, float | None]] = {}

    def round(self, only: Collection[str] | None = None) -> list[str]:
        """Read every live board once and write each snapshot that changed (and wasn't written in the
        last `every` seconds: the next round writes it); the paths written. `only`: the snapshot paths
        of the boards to read, the rest left as they are (one board published now, without reading
        every other)."""
        now = self.clock()
        stamp = utc_stamp(now)
        written = []
        for board in live_boards(self.ctx, now):
            if only is not None and board.path not in only:
                continue
            snapshot = snapshot_of(
                self.store.read_board(board.spec),
                board=board.board, date=board.date, band=board.band, published=stamp,
                open_until=open_until(dt.date.fromisoformat(board.date), now) if board.date else None,
            )
            content = json_bytes(content_of(snapshot))
            last = self._last(board.path)
            if last is not None and last[0] == content:
                continue
            at = self.monotonic()
            if last is not None and last[1] is not None and at - last[1] < self.every - EARLY:
                continue
            self.files.write(board.path, json_bytes(snapshot))
            self._published[board.path] = (content, at)
            written.append(board.path)
        return written

    def _last(self, path: str) -> tuple[bytes, float | None] | None:
        """What the snapshot at `path` said when last published (read from the site's files the first
        time), or None when there is none."""
        if path not in self._published:
            data = self.files.read(path)
            if data is None:
                return None
            try:
                doc: Any = json.loads(data)
            except ValueError:
                return None  # not a snapshot: written over
            if not isinstance(doc, dict):
                return None
            self._published[path] = (json_bytes(content_of(doc)), None)
        return self._published[path]

    def rounds(
        self, count: int, *, sleep: Callable[[float], None] = time.sleep,
        go_on: Callable[[], bool] = lambda: True,
    ) -> list[str]:
        """`count` rounds, `every` seconds apart (from the start of the first), the last one's end not
        waited for: the AWS job's minute (4 rounds of 15 s). A round is begun only while `go_on()`
        (the run has time left for one). Every path written, in order."""
        written: list[str] = []
        start = self.monotonic()
        for n in range(count):
            if n:
                sleep(max(0.0, start + n * self.every - self.monotonic()))
            if not go_on():
                break
            written += self.round()
        return written
