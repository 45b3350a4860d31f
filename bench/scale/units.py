"""DynamoDB's capacity-unit rules, as its developer guide states them, on items in the wire format
(attribute values as {"S": ...}, {"N": ...}).

- An item's size is the UTF-8 bytes of its attribute names plus its values: a string its UTF-8
  bytes, a number about one byte per two significant digits plus one, binary its bytes, a boolean or
  null one byte, a list or map 3 bytes plus one a member plus the members.
- A write costs one WCU per KB (1,024 bytes) of the item, rounded up, at least one; twice that in a
  transaction. A Put, Update or Delete of an item that was there costs by the larger of the item
  before and after.
- A read costs one RCU per 4 KB, rounded up, at least one, for a strongly consistent read; half
  that eventually consistent (every index read); twice that in a transaction. A Query (or a COUNT,
  which reads every item it counts) adds up the sizes of the items it reads in each page and rounds
  once per page.
- An index entry costs a write of its projected size: one when it appears, one when it goes, one
  when its projected attributes change, and two (a delete and a put) when its key changes.
"""

from __future__ import annotations

import base64
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

KB = 1024
READ_BLOCK = 4 * KB
PAGE_BYTES = 1024 * KB  # a Query answers at most 1 MB a page

AttributeValue = Mapping[str, Any]
WireItem = Mapping[str, AttributeValue]


def _number_size(text: str) -> int:
    digits = text.lstrip("+-").replace(".", "").split("e")[0].split("E")[0].strip("0") or "0"
    return math.ceil(len(digits) / 2) + 1


def value_size(value: AttributeValue) -> int:
    """The bytes one attribute value takes (without its name)."""
    ((kind, body),) = value.items()
    if kind == "S":
        return len(body.encode("utf-8"))
    if kind == "N":
        return _number_size(body)
    if kind == "B":
        return len(body) if isinstance(body, bytes | bytearray) else len(base64.b64decode(body))
    if kind in ("BOOL", "NULL"):
        return 1
    if kind == "SS":
        return sum(len(s.encode("utf-8")) for s in body)
    if kind == "NS":
        return sum(_number_size(n) for n in body)
    if kind == "BS":
        return sum(value_size({"B": b}) for b in body)
    if kind == "L":
        return 3 + sum(1 + value_size(v) for v in body)
    if kind == "M":
        return 3 + sum(1 + len(k.encode("utf-8")) + value_size(v) for k, v in body.items())
    raise ValueError(f"not a DynamoDB attribute value: {value!r}")


def item_size(item: WireItem | None) -> int:
    """An item's size in bytes (0 for no item)."""
    if not item:
        return 0
    return sum(len(name.encode("utf-8")) + value_size(value) for name, value in item.items())


def write_units(size: int, *, transaction: bool = False) -> int:
    """WCU of one item write of `size` bytes (the larger of before and after): a KB each, rounded up,
    at least one; doubled in a transaction."""
    units = max(1, math.ceil(size / KB))
    return 2 * units if transaction else units


def read_units(size: int, *, consistent: bool, transaction: bool = False) -> float:
    """RCU of reading `size` bytes in one go (an item, or one page of a Query): 4 KB each, rounded up,
    at least one; half when eventually consistent, double in a transaction."""
    units = max(1, math.ceil(size / READ_BLOCK))
    if transaction:
        return 2.0 * units
    return units if consistent else units / 2


def query_units(total: int, *, consistent: bool) -> tuple[float, int]:
    """(RCU, pages) of a Query or COUNT that reads `total` bytes of items, page by page of 1 MB, each
    page rounded up on its own."""
    pages = max(1, math.ceil(total / PAGE_BYTES))
    full, last = divmod(total, PAGE_BYTES)
    if last == 0 and full:
        full, last = full - 1, PAGE_BYTES
    rcu = full * read_units(PAGE_BYTES, consistent=consistent) + read_units(last, consistent=consistent)
    return rcu, pages


@dataclass(frozen=True)
class IndexSpec:
    """One global secondary index of the table: its name, key attributes and projection."""

    name: str
    pk: str
    sk: str | None
    projection: str = "ALL"  # ALL, KEYS_ONLY or INCLUDE
    included: tuple[str, ...] = ()


@dataclass(frozen=True)
class IndexEntry:
    """An item's entry in one index: the partition it sits in, its sort key and its projected size."""

    partition: str
    sort: str | None
    size: int
    digest: str = ""  # the projected attributes themselves: an entry rewritten unchanged costs nothing


def index_entry(item: WireItem | None, index: IndexSpec, table_keys: tuple[str, ...]) -> IndexEntry | None:
    """`item`'s entry in `index`, or None when it has none (the index is sparse: an item without the
    index's key attributes isn't in it)."""
    if not item or index.pk not in item or (index.sk is not None and index.sk not in item):
        return None
    keys = {*table_keys, index.pk, *([index.sk] if index.sk else [])}
    if index.projection == "ALL":
        projected: WireItem = item
    else:
        wanted = keys | (set(index.included) if index.projection == "INCLUDE" else set())
        projected = {k: v for k, v in item.items() if k in wanted}
    sort = str(next(iter(item[index.sk].values()))) if index.sk else None
    digest = json.dumps(projected, sort_keys=True, default=str)
    return IndexEntry(str(next(iter(item[index.pk].values()))), sort, item_size(projected), digest)


@dataclass(frozen=True)
class IndexWrite:
    """One write an index takes for a table write: in `partition`, `wcu` units for an entry of `size`
    bytes, `kind` put, delete or update, and the bytes its storage grows by (negative when an entry
    goes; the per-entry overhead not included)."""

    partition: str
    wcu: int
    kind: str
    size: int
    grows: int


def index_writes(before: IndexEntry | None, after: IndexEntry | None) -> list[IndexWrite]:
    """What an index writes when an item's entry goes from `before` to `after` (the developer guide's
    rules: nothing, a put, a delete, an update of the projected attributes, or a delete and a put
    when the entry's key changes). Index writes are ordinary writes, also for a transaction's items:
    DynamoDB propagates them after the table's write."""
    if before is None and after is None:
        return []
    if before is None:
        assert after is not None
        return [IndexWrite(after.partition, write_units(after.size), "put", after.size, after.size)]
    if after is None:
        return [IndexWrite(before.partition, write_units(before.size), "delete", before.size, -before.size)]
    if (before.partition, before.sort) != (after.partition, after.sort):
        return [
            IndexWrite(before.partition, write_units(before.size), "delete", before.size, -before.size),
            IndexWrite(after.partition, write_units(after.size), "put", after.size, after.size),
        ]
    if before == after:
        return []
    size = max(before.size, after.size)
    return [IndexWrite(after.partition, write_units(size), "update", size, after.size - before.size)]
