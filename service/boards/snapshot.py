"""A board's snapshot, built from one read of the board (the pure `snapshot_of`), and the API's reader
of the published snapshots (`Snapshots`, kept per app for at most SNAPSHOT_SECONDS).

A snapshot is one JSON object (docs/api.md, "Boards as snapshots"):

    {"board": "chess/daily", "date": "2026-12-02" | null, "band": "Easy" | null,
     "published": "<UTC stamp>", "size": N,
     "rows": [{"place": 1, "name": "Ada", "key": "<rank key>", ...the board's columns}],
     "runs": [[last key, n], ...] | null, "percentiles": [key, ...] | null}

what puzzlebook.places.standing_in reads to place a rank key on it. No player ids.
"""

from __future__ import annotations

import datetime as dt
import json
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from puzzlebook.places import BoardEntry, Standing, percentiles_of, placed, runs_of, standing_in
from service.boards.board import SNAPSHOT_SECONDS, LiveBoard

# Past days' boards built in a container (no snapshot published for them), the newest kept.
PAST_KEPT = 64

if TYPE_CHECKING:
    from service.context import Context
    from service.publish import Reader


class _Row(Protocol):
    @property
    def place(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def key(self) -> str: ...
    @property
    def detail(self) -> dict[str, Any]: ...


class _Read(Protocol):
    """What the store's `read_board` answers (service/store/boards.py, BoardRead)."""

    @property
    def top(self) -> Sequence[_Row]: ...
    @property
    def keys(self) -> Sequence[str] | None: ...
    @property
    def sample(self) -> Sequence[str] | None: ...
    @property
    def size(self) -> int: ...


def snapshot_of(
    read: _Read, *, board: str, date: str | None, band: str | None, published: str,
    open_until: str | None = None,
) -> dict[str, Any]:
    """The snapshot of a board from one read of it: its top rows by name (each with its rank key and
    the board's columns), its size, and the whole board as `runs` (read whole: puzzlebook.places.runs_of)
    or as `percentiles` of an even sample (puzzlebook.places.percentiles_of). A dated board's says
    until when it takes results (`open_until`: puzzlebook.calendar.open_until; null once final)."""
    rows = [{"place": r.place, "name": r.name, "key": r.key, **r.detail} for r in read.top]
    dated = {"open_until": open_until} if date is not None else {}
    return {
        "board": board,
        "date": date,
        "band": band,
        "published": published,
        "size": read.size,
        "rows": rows,
        "runs": [list(run) for run in runs_of(list(read.keys))] if read.keys is not None else None,
        "percentiles": percentiles_of(list(read.sample)) if read.sample is not None else None,
        **dated,
    }


def content_of(snapshot: dict[str, Any]) -> dict[str, Any]:
    """What a snapshot says of its board, without when it was published: two snapshots with the same
    content are the same board."""
    return {k: v for k, v in snapshot.items() if k != "published"}


# A place not known yet: the board has no snapshot (its first seconds), so nothing is claimed.
UNKNOWN: dict[str, Any] = {"place": None, "about": False, "top": None}


def standing_on(snapshot: dict[str, Any] | None, key: str, name: str | None = None) -> Standing | None:
    """Where rank `key` stands on `snapshot` (None: no snapshot, so not known)."""
    return None if snapshot is None else standing_in(snapshot, key, name)


def place_fields(snapshot: dict[str, Any] | None, key: str, name: str | None = None) -> dict[str, Any]:
    """A result's answer fields for where `key` stands ({place, about, top}: puzzlebook.places.placed),
    all empty (UNKNOWN) when the board has no snapshot yet."""
    found = standing_on(snapshot, key, name)
    return dict(UNKNOWN) if found is None else placed(found)


class Snapshots:
    """The published snapshots, read through the site's files (the dist folder locally, the bucket on
    AWS) and kept in memory at most `ttl` seconds each: a post or a board view reads a board's snapshot
    from the site's files at most once per container in `ttl`, and never the board itself. A snapshot
    not there is asked again after `missing_ttl`."""

    def __init__(
        self, reader: Reader, *, ttl: float = SNAPSHOT_SECONDS, missing_ttl: float = 2.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.reader = reader
        self.ttl = ttl
        self.missing_ttl = missing_ttl
        self.clock = clock
        self._kept: dict[str, tuple[float, dict[str, Any] | None]] = {}
        self._past: dict[str, dict[str, Any]] = {}
        self._lock = threading.Lock()

    @classmethod
    def of(cls, ctx: Context) -> Snapshots:
        """The app's snapshots (`ctx.part(Snapshots.of)`): the bucket's when the settings name one, kept
        SNAPSHOT_SECONDS; else the built site's folder (the local server), read afresh each time: a
        file on the same disk costs less than remembering it, and the publisher replaces each whole."""
        from service.publish import site_files

        if ctx.settings.bucket:
            return cls(site_files(ctx.settings))
        return cls(site_files(ctx.settings), ttl=0, missing_ttl=0)

    def get(self, path: str) -> dict[str, Any] | None:
        """The snapshot published at `path` (None when there is none, or it can't be read as one)."""
        now = self.clock()
        kept = self._kept.get(path)
        if kept is not None and now < kept[0]:
            return kept[1]
        data = self.reader.read(path)
        found: dict[str, Any] | None = None
        if data is not None:
            try:
                parsed = json.loads(data)
            except ValueError:
                parsed = None
            found = parsed if isinstance(parsed, dict) and isinstance(parsed.get("rows"), list) else None
        with self._lock:
            self._kept[path] = (now + (self.ttl if found is not None else self.missing_ttl), found)
            if len(self._kept) > 256:  # past days' boards asked for now and then: keep the newest
                for old in sorted(self._kept, key=lambda p: self._kept[p][0])[:128]:
                    del self._kept[old]
        return found

    def forget(self) -> None:
        """Read every snapshot afresh next time (tests, after publishing)."""
        with self._lock:
            self._kept.clear()
            self._past.clear()

    def past(self, board: LiveBoard, read: Callable[[], _Read]) -> dict[str, Any]:
        """The snapshot of a past day's `board` that has none published (a day from before snapshots:
        it no longer changes), built from one `read()` of the board the first time it is asked for
        in this container, and kept (the newest PAST_KEPT of them)."""
        found = self._past.get(board.path)
        if found is None:
            stamp = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
            found = snapshot_of(read(), board=board.board, date=board.date, band=board.band, published=stamp)
            with self._lock:
                self._past[board.path] = found
                while len(self._past) > PAST_KEPT:
                    del self._past[next(iter(self._past))]
        return found

    def placed(self, entry: BoardEntry | None, name: str | None = None) -> dict[str, Any] | None:
        """The answer fields placing `entry` on its board's snapshot; None when there is no entry."""
        if entry is None:
            return None
        return place_fields(self.get(entry.path), entry.key, name)
