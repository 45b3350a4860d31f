"""The store's building blocks: items, the write operations, the errors, and the six primitives.

An item is shaped like a DynamoDB item: a partition key PK, a sort key SK, up
to three sparse index key pairs (GSI1PK/GSI1SK ... GSI3PK/GSI3SK), a version
`v`, an `expires_at`, counters, and the record itself as `doc` (JSON-able).
A backend (sqlite.py, dynamo.py) implements `Primitives`; everything else is
written once on top of them (service/store/base.py assembles the Store).
"""

from __future__ import annotations

import datetime as dt
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any, TypeVar

Item = dict[str, Any]
Key = tuple[str, str]
T = TypeVar("T")
R = TypeVar("R")

INDEXES = (1, 2, 3)
# What each index holds of an item besides its keys (the table's and its own): its record `doc`, and
# `row<n>`, what that index's readers read of an item whose record they don't (a game's state item:
# its tallies are `stats`, and change with every result while its boards' entries mostly don't).
# infra/template.yaml's projections; tests/test_infra_template.py holds the two together.
PROJECTED = {n: ("doc", f"row{n}") for n in INDEXES}


class StoreUnavailable(RuntimeError):
    """The store failed to read or write (locked, throttled, unreachable). Nothing was half-written."""


class StoreGone(StoreUnavailable):
    """The store this process opened isn't there any more (its file was deleted or replaced): nothing
    can be kept until the server is restarted on the right store. Not a passing failure."""


class Conflict(Exception):
    """A conditional write failed: an item changed since it was read, or already exists."""


@dataclass(frozen=True, slots=True)
class Put:
    """Write `item` whole. expect: None writes regardless; 0 only if absent; n only if its version is n.
    same: only if the item there is still exactly `same` (every attribute equal: an item moved by an
    ops command, which must not undo a write made since it was read). older: only over an item there
    of a lower version than `item`'s (or of none: kept before it had one): a copy made from a
    versioned record, written after that record's own write, never over a later copy."""

    item: Item
    expect: int | None = None
    same: Item | None = None
    older: bool = False


@dataclass(frozen=True, slots=True)
class Absent:
    """A condition only: the item (pk, sk) must not exist."""

    pk: str
    sk: str


class Gone(Exception):
    """A write needs an item that isn't there (a `Present` condition failed): for the items kept under
    a player, the player was deleted (service/store/owners.py). Not a race to retry: nothing was
    written, and writing again can't succeed."""


@dataclass(frozen=True, slots=True)
class Present:
    """A condition only: the item (pk, sk) must exist (else Gone, not Conflict)."""

    pk: str
    sk: str


@dataclass(frozen=True, slots=True)
class Delete:
    pk: str
    sk: str


@dataclass(frozen=True, slots=True)
class Add:
    """Add to counters of (pk, sk), creating it at zero; refused (Conflict) when counter `below[0]`
    is already at or over `below[1]`. Sets expires_at when given."""

    pk: str
    sk: str
    counts: dict[str, int]
    below: tuple[str, int] | None = None
    expires_at: int | None = None


Op = Put | Absent | Present | Delete | Add


def make_item(
    pk: str,
    sk: str,
    doc: dict[str, Any] | None = None,
    *,
    version: int | None = None,
    index: dict[int, tuple[str, str]] | None = None,
    expires_at: int | None = None,
    rows: dict[int, dict[str, Any]] | None = None,
) -> Item:
    """An item: keys, optional index keys {n: (pk, sk)} with what each index's readers read of it when
    not its doc ({n: row}: `row<n>`), version, expiry and a JSON-able doc."""
    item: Item = {"PK": pk, "SK": sk}
    for n, (ipk, isk) in (index or {}).items():
        item[f"GSI{n}PK"], item[f"GSI{n}SK"] = ipk, isk
        if rows and n in rows:
            item[f"row{n}"] = rows[n]
    if version is not None:
        item["v"] = version
    if expires_at is not None:
        item["expires_at"] = expires_at
    if doc is not None:
        item["doc"] = doc
    return item


def doc_of(item: Item | None) -> dict[str, Any]:
    """The record an item carries ({} for none)."""
    return (item or {}).get("doc") or {}


def version_of(item: Item | None) -> int:
    """An item's version (0 for none: "absent" to a versioned Put)."""
    return int((item or {}).get("v", 0))


def record_of(item: Item | None, read: Callable[[dict[str, Any], int], R]) -> R:
    """The record an item carries, made by `read(doc, version)` (an empty doc, version 0, for none)."""
    return read(doc_of(item), version_of(item))


def state_of(item: Item | None, read: Callable[[dict[str, Any], int], R]) -> R:
    """A game's state item's tallies (`stats`; kept as `doc` before), made by `read(stats, version)`."""
    if item is not None and "stats" in item:
        return read(item["stats"], version_of(item))
    return record_of(item, read)


def row_of(item: Item, index: int) -> dict[str, Any] | None:
    """What index `index` holds of an item besides its keys and doc (`row<n>`), or None."""
    row: dict[str, Any] | None = item.get(f"row{index}")
    return row


def projected(item: Item, index: int) -> Item:
    """`item` as index `index` holds it: the table's keys, the index's keys and PROJECTED[index]."""
    keep = ("PK", "SK", f"GSI{index}PK", f"GSI{index}SK", *PROJECTED[index])
    return {name: item[name] for name in keep if name in item}


def utc_stamp(now: dt.datetime) -> str:
    """A sortable UTC time stamp with microseconds, e.g. 2026-11-29T23:04:35.123456Z."""
    if now.tzinfo is None:
        raise ValueError("time stamps need an aware datetime")
    # isoformat, not strftime: the same text, without strftime's time-zone lookup on every call.
    return now.astimezone(dt.UTC).replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"


class Primitives(ABC):
    """What each backend implements; the record mixins (players.py, results.py, ...) build on these."""

    retries = 10
    # Whether an eventually consistent read may be a moment behind (DynamoDB), or is always current
    # (SQLite): `settle(..., eventually=True)` reads that way first only where it can lag, and costs less.
    reads_lag = False

    @abstractmethod
    def get_item(self, pk: str, sk: str, *, consistent: bool = True) -> Item | None:
        """The item (pk, sk), or None: read consistently, or, with `consistent` False, eventually so
        (as `get_items`)."""

    @abstractmethod
    def get_items(self, keys: Sequence[Key], *, consistent: bool = True) -> dict[Key, Item]:
        """The items that exist among `keys`, by key: read consistently, or, with `consistent` False,
        eventually so (half the read units on DynamoDB; a moment behind at most: what other players'
        items are read with for a friends' board)."""

    @abstractmethod
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
        """Items of partition `pk` (of the table, or of GSI `index`) in sort-key order.

        Narrowed by one of: `prefix` (begins with), `low`..`high` (inclusive),
        `below` (strictly less). At most `limit` items; `reverse` for descending. A table's partition
        is read consistently unless `consistent` is False (an index's always eventually).
        """

    def query_sort_keys(self, pk: str, *, low: str | None = None, high: str | None = None) -> list[str]:
        """The sort keys of partition `pk`'s items within `low`..`high` (inclusive, when given), in
        order: query_items's, without reading the items (SQLite reads the keys alone; the run modes'
        kept days, a build's every day, each a 3 KB record)."""
        return [item["SK"] for item in self.query_items(pk, low=low, high=high)]

    @abstractmethod
    def scan_index(self, index: int) -> Iterator[Item]:
        """Every item with GSI `index`'s keys, in no order, read page by page (eventually consistent on
        DynamoDB). A Scan: for ops commands only (`python -m ops.shard_boards`), never on a request
        path (tests/test_architecture.py)."""

    @abstractmethod
    def transact(self, ops: Sequence[Op]) -> None:
        """Apply every op or none. Raises Conflict when a condition fails, Gone when a Present one
        does. A write into a player's partition also needs the player to be there
        (service/store/owners.py adds that condition): so a deletion removes everything, even what a
        write racing it would have added."""

    @abstractmethod
    def delete_items(self, keys: Iterable[Key]) -> None:
        """Delete the items (not as one transaction; missing ones are fine)."""

    def prune_expired(self, now_ts: int) -> int:
        """Remove items past their expires_at (DynamoDB's TTL does this itself). How many went."""
        return 0

    def close(self) -> None:  # noqa: B027 - optional: only backends holding connections need it
        """Release connections."""

    def exclusive(self) -> AbstractContextManager[None]:
        """A section whose reads and writes no other writer can interleave with, where the backend
        can give one cheaply (SQLite: one BEGIN IMMEDIATE transaction). Elsewhere (DynamoDB) a
        no-op: the conditions on the writes catch a lost race instead."""
        return nullcontext()

    def settle(self, keys: Sequence[Key], decide: Callable[[dict[Key, Item]], tuple[T, list[Op]]], *,
               eventually: bool = False) -> T:
        """Read `keys`, let `decide` answer and say what to write, and write it all at once.

        When the write's conditions fail (another request changed those items since
        the read), wait a moment and read again: `decide` sees the new state. After
        `retries` lost races, StoreUnavailable.

        `eventually`: read eventually consistent first (half the read units on DynamoDB), for a write
        each of whose items is written on a condition that what was read is still there (a version,
        an absence, the item as read), or is made from such an item only: a read a moment behind then
        loses its conditions, and is read again, consistently. An answer that writes nothing (a
        refusal, "already") is given only from a consistent read: one a moment behind is read again
        first (docs/store.md, "Writes that must not half-happen").
        """
        consistent = not (eventually and self.reads_lag)
        for attempt in range(self.retries):
            try:
                with self.exclusive():
                    got = self.get_items(keys, consistent=consistent)
                    try:
                        answer, ops = decide(got)
                    except Exception:
                        if consistent:
                            raise
                        consistent = True  # refused on a read that may be behind: read it again
                        continue
                    if not ops and not consistent:
                        consistent = True
                        continue
                    if ops:
                        self.transact(ops)
                return answer
            except Conflict:
                consistent = True
                # Jittered backoff, so two requests that collided don't collide again in step.
                time.sleep(random.uniform(0, min(0.2, 0.004 * 2**attempt)))
        raise StoreUnavailable("the same records kept changing under this write")

    def put_fresh(self, draw: Callable[[], tuple[T, Item | list[Item]]], what: str) -> T:
        """Write new items under a freshly drawn random key: `draw` gives (answer, item or items,
        written together); when an item with that key exists already, draw again. After
        `retries` collisions, StoreUnavailable ("could not find a free `what`")."""
        for _ in range(self.retries):
            answer, drawn = draw()
            items = drawn if isinstance(drawn, list) else [drawn]
            try:
                self.transact([Put(item, expect=0) for item in items])
            except Conflict:
                continue
            return answer
        raise StoreUnavailable(f"could not find a free {what}")

    def delete_partition(self, pk: str) -> None:
        """Delete every item of partition `pk` (of the table)."""
        self.delete_items((it["PK"], it["SK"]) for it in self.query_items(pk))
