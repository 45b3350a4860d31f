"""The trace recorder: every AWS call the app makes, with the partition keys it touches on the table
and on every index, and the capacity units its real item sizes cost (units.py).

It wraps botocore's `BaseClient._make_api_call` for the duration (`with Recorder() as rec:`), so it
sees every client of every service, whoever made it, and nothing in the product changes for it.
Around each DynamoDB write it reads the items the write names before and after (with recording
paused, on the same client), so an index's writes come from the items' own index attributes: which
entry appeared, went, changed or moved, in which partition. A COUNT's items are read again the same
way (its answer holds none) to know the bytes it read. S3 puts and gets are kept with their sizes.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from bench.scale.units import (
    IndexSpec,
    index_entry,
    index_writes,
    item_size,
    query_units,
    read_units,
    write_units,
)

STORAGE_OVERHEAD = 100  # bytes DynamoDB adds to each item and index entry it stores
TTL_ATTRIBUTE = "expires_at"  # items with it expire: they don't pile up in storage


@dataclass
class Touch:
    """What one call did in one partition: `target` is "table", an index's name or "s3"; `key` the
    partition key value (an S3 object's bucket/key); the WCU and RCU spent there; the items and bytes
    read or written; and, for a read, how: `read` is get, query, count or scan, with the query's
    `limit`, whether its key condition `bounded` the sort key (a place's COUNT: the entries ahead),
    and whether it was `consistent`. `grows`: the bytes the stored data grew by."""

    target: str
    key: str
    wcu: float = 0.0
    rcu: float = 0.0
    items: int = 0
    size: int = 0
    read: str = ""
    limit: int | None = None
    bounded: bool = False
    consistent: bool = True
    grows: int = 0
    sort: str = ""  # a table item's sort key (a get's or a write's; a query's first item's)


@dataclass
class Call:
    """One AWS call: its service and operation, what it touched, the CPU seconds it took (moto's,
    which stand in for AWS's latency and are taken off the app's time), and the error code if
    refused."""

    service: str
    operation: str
    touches: list[Touch] = field(default_factory=list)
    seconds: float = 0.0
    refused: str | None = None


@dataclass
class Request:
    """One HTTP request of the scripted day: its session and step, the player making it (their id;
    None for a request without a token), status, CPU seconds (the process's: steadier than wall time
    on a shared machine, and all of it the app's, the client's and moto's work, there being no I/O to
    wait for), and calls."""

    session: str
    step: str
    player: str | None = None
    status: int = 0
    seconds: float = 0.0
    calls: list[Call] = field(default_factory=list)
    overhead: float = 0.0  # the recorder's own reads and arithmetic, inside `seconds`

    @property
    def app_seconds(self) -> float:
        """The request's CPU time in the app itself: less the AWS calls' and the recorder's."""
        return max(0.0, self.seconds - self.overhead - sum(c.seconds for c in self.calls))


def _s(value: dict[str, Any]) -> str:
    return str(next(iter(value.values())))


class Recorder:
    """Records AWS calls made inside `request(...)` blocks while installed (`with Recorder() as rec`).

    `requests` holds every Request recorded; calls made outside a request block are not kept."""

    def __init__(self) -> None:
        self.requests: list[Request] = []
        self._current: Request | None = None
        self._paused = 0
        self._original: Any = None
        self._tables: dict[str, tuple[tuple[str, ...], dict[str, IndexSpec]]] = {}

    # ---- installing ----------------------------------------------------------------

    def __enter__(self) -> Recorder:
        from botocore.client import BaseClient

        self._original = BaseClient._make_api_call
        recorder = self

        def traced(client: Any, operation: str, params: dict[str, Any]) -> Any:
            return recorder._call(client, operation, params)

        BaseClient._make_api_call = traced
        return self

    def __exit__(self, *exc: object) -> None:
        from botocore.client import BaseClient

        BaseClient._make_api_call = self._original

    @contextmanager
    def request(self, session: str, step: str, player: str | None = None) -> Iterator[Request]:
        """Record the calls made inside the block as one Request (its CPU time included)."""
        req = Request(session, step, player)
        self._current = req
        start = time.process_time()
        try:
            yield req
        finally:
            req.seconds = time.process_time() - start
            self._current = None
            self.requests.append(req)

    def raw(self, client: Any, operation: str, params: dict[str, Any]) -> Any:
        """Make a call without recording it (the recorder's own reads, the bench's set-up)."""
        self._paused += 1
        try:
            return self._original(client, operation, params)
        finally:
            self._paused -= 1

    # ---- recording -----------------------------------------------------------------

    def _call(self, client: Any, operation: str, params: dict[str, Any]) -> Any:
        if self._paused or self._current is None:
            return self._original(client, operation, params)
        request = self._current
        begun = time.process_time()
        service = client.meta.service_model.service_name
        call = Call(service, operation)
        before = self._before(client, operation, params) if service == "dynamodb" else None
        start = time.process_time()
        try:
            answer = self._original(client, operation, params)
        except Exception as exc:
            done = time.process_time()
            call.refused = getattr(exc, "response", {}).get("Error", {}).get("Code", type(exc).__name__)
            self._finish(client, call, params, before, None)
            call.seconds = done - start
            request.overhead += (start - begun) + (time.process_time() - done)
            raise
        done = time.process_time()
        self._finish(client, call, params, before, answer)
        call.seconds = done - start
        request.overhead += (start - begun) + (time.process_time() - done)
        return answer

    def _finish(self, client: Any, call: Call, params: dict[str, Any], before: Any, answer: Any) -> None:
        self._paused += 1
        try:
            if call.service == "dynamodb":
                call.touches = self._dynamodb(client, call, params, before, answer)
            elif call.service == "s3":
                call.touches = _s3(call.operation, params, answer)
        finally:
            self._paused -= 1
        assert self._current is not None
        self._current.calls.append(call)

    # ---- DynamoDB ------------------------------------------------------------------

    def schema(self, client: Any, table: str) -> tuple[tuple[str, ...], dict[str, IndexSpec]]:
        """The table's key attributes and its indexes by name, from DescribeTable (read once)."""
        if table not in self._tables:
            described = self.raw(client, "DescribeTable", {"TableName": table})["Table"]
            keys = tuple(k["AttributeName"] for k in described["KeySchema"])
            indexes = {}
            for gsi in described.get("GlobalSecondaryIndexes", []):
                schema = {k["KeyType"]: k["AttributeName"] for k in gsi["KeySchema"]}
                projection = gsi.get("Projection", {})
                indexes[gsi["IndexName"]] = IndexSpec(
                    gsi["IndexName"], schema["HASH"], schema.get("RANGE"),
                    projection.get("ProjectionType", "ALL"), tuple(projection.get("NonKeyAttributes", ())),
                )
            self._tables[table] = (keys, indexes)
        return self._tables[table]

    def _item(self, client: Any, table: str, key: dict[str, Any]) -> dict[str, Any] | None:
        got = self.raw(client, "GetItem", {"TableName": table, "Key": key, "ConsistentRead": True})
        item: dict[str, Any] | None = got.get("Item")
        return item

    def _key_of(self, client: Any, table: str, item_or_key: dict[str, Any]) -> dict[str, Any]:
        keys, _ = self.schema(client, table)
        return {k: item_or_key[k] for k in keys}

    def _written(self, client: Any, operation: str,
                 params: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
        """(table, how, key) of every item a write names: how is put, update, delete or check."""
        if operation in ("PutItem", "UpdateItem", "DeleteItem"):
            table = params["TableName"]
            how = {"PutItem": "put", "UpdateItem": "update", "DeleteItem": "delete"}[operation]
            return [(table, how, self._key_of(client, table, params.get("Item") or params["Key"]))]
        if operation == "TransactWriteItems":
            out = []
            for entry in params["TransactItems"]:
                ((kind, body),) = entry.items()
                how = {"Put": "put", "Update": "update", "Delete": "delete", "ConditionCheck": "check"}[kind]
                table = body["TableName"]
                out.append((table, how, self._key_of(client, table, body.get("Item") or body["Key"])))
            return out
        if operation == "BatchWriteItem":
            out = []
            for table, entries in params["RequestItems"].items():
                for entry in entries:
                    if "PutRequest" in entry:
                        out.append((table, "put", self._key_of(client, table, entry["PutRequest"]["Item"])))
                    else:
                        key = self._key_of(client, table, entry["DeleteRequest"]["Key"])
                        out.append((table, "delete", key))
            return out
        return []

    def _before(self, client: Any, operation: str, params: dict[str, Any]) -> Any:
        self._paused += 1
        try:
            return [(t, how, key, self._item(client, t, key)) for t, how, key in
                    self._written(client, operation, params)]
        finally:
            self._paused -= 1

    def _dynamodb(self, client: Any, call: Call, params: dict[str, Any], before: Any,
                  answer: Any) -> list[Touch]:
        op = call.operation
        if before:
            return self._writes(client, call, params, before, answer)
        if op == "GetItem":
            return [self._get(client, params["TableName"], params["Key"], params,
                              answer.get("Item") if answer else None)]
        if op in ("BatchGetItem", "TransactGetItems"):
            return self._gets(client, op, params, answer)
        if op in ("Query", "Scan"):
            return self._query(client, op, params, answer)
        return []

    def _get(self, client: Any, table: str, key: dict[str, Any], params: dict[str, Any], got: Any,
             transaction: bool = False) -> Touch:
        if got is not None and ("ProjectionExpression" in params or "AttributesToGet" in params):
            got = self._item(client, table, key)  # a read is billed by the whole item
        size = item_size(got)
        consistent = bool(params.get("ConsistentRead"))
        pk, sk = self.schema(client, table)[0][:2]
        return Touch("table", _s(key[pk]), rcu=read_units(size, consistent=consistent or transaction,
                                                          transaction=transaction),
                     items=1 if got else 0, size=size, read="get", consistent=consistent or transaction,
                     sort=_s(key[sk]))

    def _gets(self, client: Any, op: str, params: dict[str, Any], answer: Any) -> list[Touch]:
        touches = []
        if op == "TransactGetItems":
            for entry in params["TransactItems"]:
                body = entry["Get"]
                got = self._item(client, body["TableName"], body["Key"])
                touches.append(self._get(client, body["TableName"], body["Key"], body, got, transaction=True))
            return touches
        undone = (answer or {}).get("UnprocessedKeys", {}) if answer is not None else params["RequestItems"]
        for table, wanted in params["RequestItems"].items():
            keys, _ = self.schema(client, table)
            left = {tuple(_s(k[a]) for a in keys) for k in undone.get(table, {}).get("Keys", [])}
            found = {tuple(_s(it[a]) for a in keys): it
                     for it in (answer or {}).get("Responses", {}).get(table, [])}
            for key in wanted["Keys"]:
                ident = tuple(_s(key[a]) for a in keys)
                if ident not in left:
                    touches.append(self._get(client, table, key, wanted, found.get(ident)))
        return touches

    def _query(self, client: Any, op: str, params: dict[str, Any], answer: Any) -> list[Touch]:
        table = params["TableName"]
        keys, indexes = self.schema(client, table)
        index = indexes.get(params.get("IndexName", ""))
        items = (answer or {}).get("Items")
        if items is None or "ProjectionExpression" in params or "FilterExpression" in params:
            again = {k: v for k, v in params.items()
                     if k not in ("Select", "ProjectionExpression", "FilterExpression")}
            items = self.raw(client, op, again).get("Items", [])  # what it read, not what it answered
        sizes = [index_entry(it, index, keys).size if index else item_size(it) for it in items]  # type: ignore[union-attr]
        consistent = bool(params.get("ConsistentRead")) and index is None
        rcu, _ = query_units(sum(sizes), consistent=consistent)
        if op == "Scan":
            return [Touch(index.name if index else "table", "(scan)", rcu=rcu, items=len(items),
                          size=sum(sizes), read="scan", consistent=consistent)]
        pk_name = index.pk if index else keys[0]
        value, bounded = _partition_of(params, pk_name)
        return [Touch(index.name if index else "table", value, rcu=rcu, items=len(items), size=sum(sizes),
                      read="count" if params.get("Select") == "COUNT" else "query",
                      limit=params.get("Limit"), bounded=bounded, consistent=consistent,
                      sort=_s(items[0][keys[1]]) if items and index is None else "")]

    def _writes(self, client: Any, call: Call, params: dict[str, Any], before: Any,
                answer: Any) -> list[Touch]:
        transaction = call.operation == "TransactWriteItems"
        refused = call.refused is not None
        undone: set[tuple[str, ...]] = set()
        if call.operation == "BatchWriteItem" and answer is not None:
            for table, entries in answer.get("UnprocessedItems", {}).items():
                for entry in entries:
                    body = entry.get("PutRequest", {}).get("Item") or entry["DeleteRequest"]["Key"]
                    undone.add((table, *(_s(v) for v in self._key_of(client, table, body).values())))
        touches = []
        for table, how, key, old in before:
            if (table, *(_s(v) for v in key.values())) in undone:
                continue
            keys, indexes = self.schema(client, table)
            new = old if refused or how == "check" else self._item(client, table, key)
            asked = _asked_item(params, call.operation, key) if refused else None
            size = max(item_size(old), item_size(new), item_size(asked))
            grows = 0 if _expires(old) or _expires(new) else _stored(old, new)
            touches.append(Touch("table", _s(key[keys[0]]), wcu=write_units(size, transaction=transaction),
                                 items=1, size=size, grows=grows, sort=_s(key[keys[1]])))
            if refused or how == "check":
                continue
            for index in indexes.values():
                for w in index_writes(index_entry(old, index, keys), index_entry(new, index, keys)):
                    grows = w.grows + STORAGE_OVERHEAD * {"put": 1, "delete": -1}.get(w.kind, 0)
                    touches.append(Touch(index.name, w.partition, wcu=w.wcu, items=1, size=w.size,
                                         grows=0 if _expires(new) or _expires(old) else grows))
        return touches


def _expires(item: dict[str, Any] | None) -> bool:
    return item is not None and TTL_ATTRIBUTE in item


def _stored(old: dict[str, Any] | None, new: dict[str, Any] | None) -> int:
    """The bytes the table's storage grows by when `old` becomes `new` (overhead included)."""

    def size(item: dict[str, Any] | None) -> int:
        return item_size(item) + STORAGE_OVERHEAD if item else 0

    return size(new) - size(old)


def _asked_item(params: dict[str, Any], operation: str, key: dict[str, Any]) -> dict[str, Any] | None:
    """The item a refused Put asked to write (a refused write is billed by the larger item)."""
    if operation == "PutItem":
        item: dict[str, Any] | None = params.get("Item")
        return item
    for entry in params.get("TransactItems", []):
        put = entry.get("Put")
        if put and all(put["Item"].get(k) == v for k, v in key.items()):
            found: dict[str, Any] = put["Item"]
            return found
    return None


_EQUALS = re.compile(r"(#?\w+)\s*=\s*(:\w+)")


def _partition_of(params: dict[str, Any], pk_name: str) -> tuple[str, bool]:
    """The partition key value a Query names, and whether its key condition also bounds the sort key."""
    if "KeyConditions" in params:  # the legacy form
        cond = params["KeyConditions"]
        return _s(cond[pk_name]["AttributeValueList"][0]), len(cond) > 1
    expression = params["KeyConditionExpression"]
    names = params.get("ExpressionAttributeNames", {})
    values = params.get("ExpressionAttributeValues", {})
    for name, placeholder in _EQUALS.findall(expression):
        if names.get(name, name) == pk_name:
            return _s(values[placeholder]), " and " in expression.lower()
    raise ValueError(f"no partition key in {expression!r}")


def _s3(operation: str, params: dict[str, Any], answer: Any) -> list[Touch]:
    """An S3 put or get as a touch of its object (bucket/key) with its bytes."""
    where = f"{params.get('Bucket', '')}/{params.get('Key', '')}"
    if operation == "PutObject":
        body = params.get("Body", b"")
        size = len(body) if isinstance(body, bytes | bytearray | str) else int(params.get("ContentLength", 0))
        return [Touch("s3", where, wcu=1, items=1, size=size, grows=size)]
    if operation == "GetObject":
        size = int((answer or {}).get("ContentLength", 0))
        return [Touch("s3", where, rcu=1, items=1, size=size, read="get")]
    return []
