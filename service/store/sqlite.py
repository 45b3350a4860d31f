"""The local store: one SQLite file (WAL), created on first use, holding the same items as DynamoDB.

The table mirrors the DynamoDB item layout (service/store/keys.py): a row per
item, its index keys in their own columns with a partial index each (sparse,
like a GSI), everything else as JSON. A transaction is BEGIN IMMEDIATE: the
conditions are checked and the writes made while holding the write lock, so
concurrent requests (threads or processes) can't both win a condition.

The file is the store: a store that opened it refuses to go on (StoreGone) once the file at its
path is deleted or replaced, rather than keep writing into a file nobody will read again; and a
marker beside the file (`<file>.made`) lets a later start on a vanished file refuse (StoreMissing)
instead of making an empty store in its place. docs/store.md, "Failure".
"""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from contextlib import contextmanager, suppress
from itertools import groupby
from operator import itemgetter
from pathlib import Path
from typing import Any

from pydantic_core import from_json, to_json

from service.store.base import Store
from service.store.items import (
    INDEXES,
    Absent,
    Add,
    Conflict,
    Delete,
    Gone,
    Item,
    Key,
    Op,
    Present,
    Put,
    StoreGone,
    StoreUnavailable,
    projected,
)
from service.store.owners import with_owners

MARKER_SUFFIX = ".made"
MEMORY = ":memory:"
# Commits between two checkpoints, made by the store's own thread rather than SQLite's automatic
# one: that runs inside the COMMIT that crosses 1000 pages of log, so one write in a couple of
# hundred paid for copying them all into the file and for two fsyncs (docs/store.md, "Checkpoints").
CHECKPOINT_EVERY = 200
# How long a checkpoint's truncating step waits for a write under way or a reader on an older
# snapshot before it gives up (and leaves the log to the next one): writers wait for it meanwhile.
TRUNCATE_WAIT_MS = 100
# The log file left after SQLite restarts it from the top (a checkpoint that finds no reader in it):
# bigger than one CHECKPOINT_EVERY's commits (a solve writes about 33 KB of log), so the file is
# reused rather than grown again, and never bigger than this once restarted.
LOG_KEPT_BYTES = 16 * 1024 * 1024


class StoreMissing(ValueError):
    """A start on a store file that was made before (its marker says so) but isn't there now."""


def marker_of(path: Path) -> Path:
    """The marker beside the store file `path`, left when the store was made."""
    return path.with_name(path.name + MARKER_SUFFIX)


def _identity(path: Path) -> tuple[int, int] | None:
    """The file at `path` as (device, inode), or None when there is none."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    return found.st_dev, found.st_ino

_KEY_COLUMNS = ("PK", "SK", *(f"GSI{n}{part}" for n in INDEXES for part in ("PK", "SK")), "expires_at")
_SCHEMA = [
    """CREATE TABLE IF NOT EXISTS items (
        PK TEXT NOT NULL, SK TEXT NOT NULL,
        GSI1PK TEXT, GSI1SK TEXT, GSI2PK TEXT, GSI2SK TEXT, GSI3PK TEXT, GSI3SK TEXT,
        expires_at INTEGER,
        body TEXT NOT NULL,
        PRIMARY KEY (PK, SK)
    ) WITHOUT ROWID""",
    *(
        f"CREATE INDEX IF NOT EXISTS gsi{n} ON items (GSI{n}PK, GSI{n}SK) WHERE GSI{n}PK IS NOT NULL"
        for n in INDEXES
    ),
    "CREATE INDEX IF NOT EXISTS expiring ON items (expires_at) WHERE expires_at IS NOT NULL",
]
_OPTIONAL_COLUMNS = _KEY_COLUMNS[2:]
_COLUMN_ORDER = {name: n for n, name in enumerate(_KEY_COLUMNS)}


def _upsert_sql(columns: tuple[str, ...]) -> str:
    """The upsert of an item whose key columns other than PK and SK are `columns`, those it lacks
    written as NULL by the statement itself: a NULL parameter costs sqlite3 an adapter lookup (a type
    lookup and an AttributeError made and dropped, twice), seven of them an item without index keys.
    It updates in place, not INSERT OR REPLACE (a delete and an insert: every index entry of the row
    rewritten, where an update touches only the indexes whose columns changed)."""
    places = ", ".join("?" * (len(columns) + 3))
    sets = [f"{c} = excluded.{c}" if c in columns else f"{c} = NULL" for c in _OPTIONAL_COLUMNS]
    return (
        f"INSERT INTO items (PK, SK, {''.join(c + ', ' for c in columns)}body) VALUES ({places}) "
        f"ON CONFLICT (PK, SK) DO UPDATE SET {', '.join([*sets, 'body = excluded.body'])}"
    )


# The upsert by the key columns an item has besides PK and SK (in _KEY_COLUMNS' order), made once each.
_UPSERTS: dict[tuple[str, ...], str] = {}
_DELETE = "DELETE FROM items WHERE PK = ? AND SK = ?"
# A write a transaction makes once every condition has held: (statement, values, key, the item
# left at the key or None).
_Write = tuple[str, tuple[Any, ...], Key, "Item | None"]
_SELECT = f"SELECT {', '.join(_KEY_COLUMNS)}, body FROM items"


class _Guard:
    """SqliteStore._guard's context manager: a class, not a generator, since every statement
    passes through one and a generator's is several times dearer."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: Any) -> None:
        if isinstance(exc, sqlite3.Error):
            raise StoreUnavailable(f"the database failed: {exc}") from exc


_GUARD = _Guard()


def _to_json(body: dict[str, Any]) -> str:
    """An item's body as compact JSON text (pydantic-core's encoder: the same JSON as the standard
    library's, UTF-8 rather than escapes, in half the time; a solve writes six)."""
    return to_json(body).decode()


# Every item read or written passes one of these two (a solve: ten): plain loops over a set, not a
# comprehension testing each key against the tuple, and no generator (a third of their time).
_KEY_SET = frozenset(_KEY_COLUMNS)


def _row_to_item(row: Sequence[Any]) -> Item:
    item: Item = {}
    for name, value in zip(_KEY_COLUMNS, row, strict=False):
        if value is not None:
            item[name] = value
    item.update(from_json(row[-1]))
    return item


def _upsert(item: Item) -> tuple[str, tuple[Any, ...]]:
    """The statement writing `item` whole and its values: its key columns that aren't None, then its
    body (every other attribute) as JSON."""
    body = {}
    keys = []
    for name, value in item.items():
        if name not in _KEY_SET:
            body[name] = value
        elif value is not None and name != "PK" and name != "SK":
            keys.append(name)
    if len(keys) > 1:
        keys.sort(key=_COLUMN_ORDER.__getitem__)
    columns = tuple(keys)
    sql = _UPSERTS.get(columns)
    if sql is None:
        sql = _UPSERTS[columns] = _upsert_sql(columns)
    return sql, (item["PK"], item["SK"], *[item[name] for name in columns], _to_json(body))


def _condition_key(op: Op) -> Key | None:
    """The key whose item `op`'s condition reads (SqliteStore._checked), None if it reads none."""
    if isinstance(op, Put):
        conditioned = op.expect is not None or op.same is not None or op.older
        return (op.item["PK"], op.item["SK"]) if conditioned else None
    if isinstance(op, (Absent, Present, Add)):
        return op.pk, op.sk
    return None


class SqliteStore(Store):
    """The Store over one SQLite file; a connection per thread."""

    def __init__(self, path: str | Path, *, timeout: float = 5.0) -> None:
        in_memory = str(path) == MEMORY
        # Absolute, so a later change of working directory can't look like the file vanishing.
        self.path = Path(path) if in_memory else Path(os.path.abspath(path))
        self.timeout = timeout
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._writing = threading.Lock()  # a turn to write (see `exclusive`)
        self._in_memory = in_memory
        self._commits = 0  # since the last checkpoint was asked for
        self._checkpointer: ThreadPoolExecutor | None = None
        self._checkpointing: Future[None] | None = None  # the last one asked for
        # (device, inode) of the file this store opened; None until then (and for :memory:).
        self._identity: tuple[int, int] | None = None
        if not in_memory:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._refuse_a_vanished_file()
        with self._guard():
            conn = self._conn()
            for statement in _SCHEMA:
                conn.execute(statement)
        if not in_memory:
            self._identity = _identity(self.path)
            self._leave_marker()

    def _refuse_a_vanished_file(self) -> None:
        marker = marker_of(self.path)
        if self.path.exists() or not marker.exists():
            return
        raise StoreMissing(
            f"the store {self.path} is missing, but a store was made there before ({marker} says so). "
            f"Puzzle Book won't start an empty store in its place: restore {self.path} from a backup, "
            f"or, to start a new, empty store on purpose, delete {marker}."
        )

    def _leave_marker(self) -> None:
        marker = marker_of(self.path)
        if marker.exists():
            return
        made = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
        marker.write_text(
            f"A Puzzle Book store was made at {self.path} (this marker was left {made}).\n"
            "If that file goes missing, Puzzle Book refuses to start rather than make an empty store in\n"
            "its place: restore the file from a backup, or delete this marker to start a new, empty store.\n",
            encoding="utf-8",
        )

    def _check_file(self) -> None:
        """StoreGone when the file at the store's path isn't the one this store opened (deleted, or
        replaced): what this store would read or write there is no longer the store."""
        if self._identity is None or _identity(self.path) == self._identity:
            return
        raise StoreGone(
            f"the store's file {self.path} was deleted or replaced while this process had it open; "
            "restart to open it again (restore it from a backup first if it was deleted)"
        )

    def _conn(self) -> sqlite3.Connection:
        if not getattr(self._local, "exclusive", False):  # an exclusive section checks as it begins and ends
            self._check_file()
        conn = getattr(self._local, "conn", None)
        if conn is None:
            # Once the store is open, a new connection must find the file: mode=rw never makes one.
            target: str | Path = self.path
            uri = False
            if self._identity is not None:
                target, uri = self.path.as_uri() + "?mode=rw", True
            conn = sqlite3.connect(
                target, timeout=self.timeout, isolation_level=None, check_same_thread=False, uri=uri
            )
            conn.execute("PRAGMA journal_mode=WAL")
            # WAL with synchronous=NORMAL is durable against a crashed process; a power cut may lose
            # the last commits, never corrupt the file.
            conn.execute("PRAGMA synchronous=NORMAL")
            # The log is copied into the file by `_checkpoint`, off the writes' path.
            conn.execute("PRAGMA wal_autocheckpoint=0")
            conn.execute(f"PRAGMA journal_size_limit={LOG_KEPT_BYTES}")
            self._local.conn = conn
            with self._lock:
                self._all.append(conn)
        return conn

    @staticmethod
    def _guard() -> _Guard:
        """Turn any SQLite failure (locked past the timeout, disk full, corrupt) into StoreUnavailable."""
        return _GUARD

    def close(self) -> None:
        """Copy the write-ahead log into the file and let go of every connection: afterwards the
        .sqlite3 file alone holds every commit (a plain copy of it is a whole backup), even while
        another process still has the store open, when closing isn't SQLite's last close; and the
        log is left empty."""
        if self._checkpointer is not None:
            self._checkpointer.shutdown(wait=True)  # a checkpoint under way finishes first
            self._checkpointer = None
        with self._lock:
            if self._all and not self._in_memory:
                # TRUNCATE: waits (up to the busy timeout) for a reader still on an older snapshot,
                # copies the whole log in, and empties the log file.
                with suppress(sqlite3.Error):
                    self._all[0].execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
            for conn in self._all:
                conn.close()
            self._all.clear()
        self._local = threading.local()

    # ---- primitives -------------------------------------------------------------

    def get_item(self, pk: str, sk: str, *, consistent: bool = True) -> Item | None:
        # One file: every read is consistent.
        with self._guard():
            row = self._conn().execute(f"{_SELECT} WHERE PK = ? AND SK = ?", (pk, sk)).fetchone()
        item = _row_to_item(row) if row else None
        self._saw({(pk, sk): item})
        return item

    def get_items(self, keys: Sequence[Key], *, consistent: bool = True) -> dict[Key, Item]:
        # One file: every read is consistent.
        wanted = list(dict.fromkeys(keys))
        if not wanted:
            return {}
        out: dict[Key, Item] = {}
        with self._guard():
            conn = self._conn()
            for start in range(0, len(wanted), 200):
                chunk = wanted[start : start + 200]
                where = " OR ".join("(PK = ? AND SK = ?)" for _ in chunk)
                args = [part for key in chunk for part in key]
                for row in conn.execute(f"{_SELECT} WHERE {where}", args):
                    item = _row_to_item(row)
                    out[(item["PK"], item["SK"])] = item
        self._saw({key: out.get(key) for key in wanted})
        return out

    def _saw(self, items: dict[Key, Item | None]) -> None:
        """Remember what an exclusive section read (None: absent). Nobody else can write until it
        ends, so a write's condition on an item read there is checked against what was read, not
        read again (`_current`); the section's own writes keep it up to date."""
        seen = getattr(self._local, "seen", None)
        if seen is not None:
            seen.update(items)

    def _current(self, conn: sqlite3.Connection, pk: str, sk: str) -> Item | None:
        """The item at (pk, sk) now, for a write's condition: as this exclusive section read or
        wrote it, else from the file."""
        seen = getattr(self._local, "seen", None)
        if seen is not None and (pk, sk) in seen:
            found: Item | None = seen[(pk, sk)]
            return found
        row = conn.execute(f"{_SELECT} WHERE PK = ? AND SK = ?", (pk, sk)).fetchone()
        return _row_to_item(row) if row else None

    def query_items(
        self,
        pk: str,
        *,
        index: int | None = None,
        prefix: str | None = None,
        low: str | None = None,
        high: str | None = None,
        below: str | None = None,
        limit: int | None = None,
        reverse: bool = False,
        consistent: bool = True,
    ) -> list[Item]:
        pk_col, sk_col = ("PK", "SK") if index is None else (f"GSI{index}PK", f"GSI{index}SK")
        where: list[str] = [f"{pk_col} = ?"]
        args: list[str | int] = [pk]
        if prefix is not None:
            # A range rather than LIKE, so the index serves it and % or _ in a key mean nothing.
            where.append(f"{sk_col} >= ? AND {sk_col} < ?")
            args += [prefix, prefix + "\U0010ffff"]
        if low is not None:
            where.append(f"{sk_col} >= ?")
            args.append(low)
        if high is not None:
            where.append(f"{sk_col} <= ?")
            args.append(high)
        if below is not None:
            where.append(f"{sk_col} < ?")
            args.append(below)
        sql = f"{_SELECT} WHERE {' AND '.join(where)} ORDER BY {sk_col} {'DESC' if reverse else 'ASC'}"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        with self._guard():
            rows = self._conn().execute(sql, args).fetchall()
        if index is not None:  # what the index holds of each item, as DynamoDB's does (its projection)
            return [projected(_row_to_item(r), index) for r in rows]
        return [_row_to_item(r) for r in rows]

    def query_sort_keys(self, pk: str, *, low: str | None = None, high: str | None = None) -> list[str]:
        where, args = ["PK = ?"], [pk]
        if low is not None:
            where.append("SK >= ?")
            args.append(low)
        if high is not None:
            where.append("SK <= ?")
            args.append(high)
        with self._guard():
            rows = self._conn().execute(f"SELECT SK FROM items WHERE {' AND '.join(where)} ORDER BY SK", args)
            return [row[0] for row in rows.fetchall()]

    def scan_index(self, index: int) -> Iterator[Item]:
        if index not in INDEXES:
            raise ValueError(f"no index GSI{index}")
        with self._guard():
            rows = self._conn().execute(f"{_SELECT} WHERE GSI{index}PK IS NOT NULL").fetchall()
        yield from (projected(_row_to_item(r), index) for r in rows)

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        """Hold the write lock (BEGIN IMMEDIATE) from the first read to the last write: requests for
        the same player queue here instead of racing; everything in it commits or none of it. This
        process's writers take turns on `_writing` first (as they would on SQLite's lock, but woken
        in turn rather than polling), which a checkpoint's truncating step takes too."""
        if getattr(self._local, "exclusive", False):
            yield
            return
        if not self._writing.acquire(timeout=self.timeout):
            raise StoreUnavailable(f"the database failed: no turn to write within {self.timeout:g} s")
        try:
            with self._guard():
                conn = self._conn()
                conn.execute("BEGIN IMMEDIATE")
            self._local.exclusive = True
            self._local.seen = {}
            try:
                yield
                with self._guard():
                    conn.execute("COMMIT")
                # Deleted while this write ran: it went into a file nobody will read, so it didn't happen.
                self._check_file()
            except BaseException:
                with self._guard():
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                raise
            finally:
                self._local.exclusive = False
                self._local.seen = None
        finally:
            self._writing.release()
        self._committed()  # after the turn is given up: it may wait for a checkpoint, which takes it

    def _committed(self) -> None:
        """Count a commit; every CHECKPOINT_EVERY, have the checkpoint thread copy the log into the
        file and empty it. One at a time: a commit that finds the last one still under way after
        another CHECKPOINT_EVERY commits waits for it, so the log never holds much more than two
        CHECKPOINT_EVERY's commits however fast writes come (docs/store.md, "Checkpoints")."""
        if self._in_memory:
            return
        with self._lock:
            self._commits += 1
            if self._commits < CHECKPOINT_EVERY:
                return
            behind = self._ask_for_checkpoint()
        if behind is not None:
            wait([behind])
            with self._lock:
                if self._commits >= CHECKPOINT_EVERY:  # unless another waiting writer asked first
                    self._ask_for_checkpoint()

    def _ask_for_checkpoint(self) -> Future[None] | None:
        """(Holding self._lock.) Hand the checkpoint thread a checkpoint, unless the last one is still
        under way: then that one, for the caller to wait for."""
        if self._checkpointing is not None and not self._checkpointing.done():
            return self._checkpointing
        if self._checkpointer is None:
            self._checkpointer = ThreadPoolExecutor(1, thread_name_prefix="sqlite-checkpoint")
        try:
            self._checkpointing = self._checkpointer.submit(self._checkpoint)
        except RuntimeError:  # the store is closing: the last close checkpoints instead
            return None
        self._commits = 0
        return None

    def _checkpoint(self) -> None:
        """Copy the write-ahead log into the file and empty it. First PASSIVE, which copies what no
        reader still needs and never waits for, nor blocks, a reader or a writer; then TRUNCATE,
        which copies the few commits made meanwhile and, once no reader is in the log, truncates it
        to nothing. That step holds writers off while it waits, so it waits TRUNCATE_WAIT_MS at most
        and gives up (as PASSIVE) past that: the log is then emptied by a later one. A failure is
        left for the next one too: the log keeps every commit until then, and readers read it."""
        with suppress(StoreUnavailable, StoreGone), self._guard():
            conn = self._conn()
            conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            # Between two of this process's writes (SQLite's busy polling alone lost the race to a
            # writer going again at once, every time, and the log never emptied under steady writes).
            if not self._writing.acquire(timeout=self.timeout):
                return
            try:
                conn.execute(f"PRAGMA busy_timeout={TRUNCATE_WAIT_MS}")  # this thread's connection only
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
            finally:
                self._writing.release()

    def transact(self, ops: Sequence[Op]) -> None:
        ops = with_owners(ops)
        with self.exclusive(), self._guard():
            conn = self._conn()
            self._read_conditions(ops)
            writes = [write for op in ops if (write := self._checked(conn, op)) is not None]
            # In order, a run of the same statement at a time: one call into SQLite for the run.
            for sql, run in groupby(writes, key=itemgetter(0)):
                made = list(run)
                conn.executemany(sql, [values for _, values, _, _ in made])
                self._saw({key: item for _, _, key, item in made})

    def _read_conditions(self, ops: Sequence[Op]) -> None:
        """(In an exclusive section.) Read in one statement every item `ops`' conditions look at that
        the section hasn't read: a solve's history line (new: expect 0) and its player's profile
        (with_owners' Present) were two reads of their own. Nothing is written before the conditions
        are checked (`transact`), so what is read here is what each check would read."""
        seen = self._local.seen
        unread = [key for op in ops if (key := _condition_key(op)) is not None and key not in seen]
        if len(unread) > 1:
            self.get_items(unread)

    def _checked(self, conn: sqlite3.Connection, op: Op) -> _Write | None:
        """Check `op`'s condition (raising Conflict) and return the write to make once all have
        passed: (statement, its values, the key, the item it leaves there or None), or None."""
        if isinstance(op, Put):
            key = (op.item["PK"], op.item["SK"])
            if op.expect is not None:
                found = self._current(conn, *key)
                version = found.get("v", 0) if found is not None else None
                if (op.expect == 0 and found is not None) or (op.expect != 0 and version != op.expect):
                    raise Conflict(f"{op.item['PK']} {op.item['SK']}")
            if op.same is not None and self._current(conn, *key) != op.same:
                raise Conflict(f"{op.item['PK']} {op.item['SK']} changed")
            if op.older:
                there = self._current(conn, *key)
                if there is None or int(there.get("v", 0)) >= int(op.item["v"]):
                    raise Conflict(f"{op.item['PK']} {op.item['SK']}: not older")
            return (*_upsert(op.item), key, op.item)
        if isinstance(op, Absent):
            if self._current(conn, op.pk, op.sk) is not None:
                raise Conflict(f"{op.pk} {op.sk}")
            return None
        if isinstance(op, Present):
            if self._current(conn, op.pk, op.sk) is None:
                raise Gone(f"{op.pk} {op.sk}")
            return None
        if isinstance(op, Delete):
            return _DELETE, (op.pk, op.sk), (op.pk, op.sk), None
        if isinstance(op, Add):
            found = self._current(conn, op.pk, op.sk)
            item: Item = dict(found) if found is not None else {"PK": op.pk, "SK": op.sk}
            if op.below is not None and int(item.get(op.below[0], 0)) >= op.below[1]:
                raise Conflict(f"{op.pk} {op.sk}: {op.below[0]} at {op.below[1]}")
            for name, by in op.counts.items():
                item[name] = int(item.get(name, 0)) + by
            if op.expires_at is not None:
                item["expires_at"] = op.expires_at
            return self._checked(conn, Put(item))
        raise TypeError(f"not a store operation: {op!r}")

    def delete_items(self, keys: Iterable[Key]) -> None:
        keys = list(keys)
        if not keys:
            return
        with self.exclusive(), self._guard():
            self._conn().executemany(_DELETE, keys)
            self._saw({(pk, sk): None for pk, sk in keys})

    def prune_expired(self, now_ts: int) -> int:
        with self._guard():
            cur = self._conn().execute(
                "DELETE FROM items WHERE expires_at IS NOT NULL AND expires_at < ?", (now_ts,)
            )
        return cur.rowcount
