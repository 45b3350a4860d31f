"""The production store: one DynamoDB table (infra/template.yaml's `Table`), through boto3.

Items are the layout of service/store/keys.py: string keys, the version `v`
and counters as numbers, `expires_at` (the table's TTL attribute) as epoch
seconds, and the record itself as one JSON string `doc` (no float-to-Decimal
round trips). Writes with conditions go through TransactWriteItems, so a
result and its counters land together or not at all; reads that decide a
write are strongly consistent. docs/store.md lists every item and query.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

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
    StoreUnavailable,
)
from service.store.owners import present_keys, with_owners

# Errors that mean a condition failed or a concurrent transaction touched the same items: read again.
_RACES = {"ConditionalCheckFailed", "TransactionConflict"}
# Errors that are our own mistakes, not the store's: let them surface as such.
_BUGS = {"ValidationException", "SerializationException"}


def _client() -> Any:
    import boto3  # only the DynamoDB store needs boto3; the local server never imports it

    return boto3.client("dynamodb")


# The attributes that hold a record, each one JSON string: an item's `doc`; a game's state item's
# tallies (`stats`) and current `play` (service/plays.py); what an index holds of it (`row<n>`).
_RECORDS = frozenset({"doc", "play", "stats", *(f"row{n}" for n in INDEXES)})


def _encode(item: Item) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for name, value in item.items():
        if name in _RECORDS:
            out[name] = {"S": json.dumps(value, separators=(",", ":"), ensure_ascii=False)}
        elif isinstance(value, bool) or not isinstance(value, (int, str)):
            raise TypeError(f"item attribute {name}={value!r}: only str, int and doc are stored")
        elif isinstance(value, int):
            out[name] = {"N": str(value)}
        else:
            out[name] = {"S": value}
    return out


def _decode(av: dict[str, dict[str, str]]) -> Item:
    item: Item = {}
    for name, value in av.items():
        if "N" in value:
            item[name] = int(value["N"])
        elif name in _RECORDS:
            item[name] = json.loads(value["S"])
        else:
            item[name] = value["S"]
    return item


def _key(pk: str, sk: str) -> dict[str, dict[str, str]]:
    return {"PK": {"S": pk}, "SK": {"S": sk}}


class DynamoStore(Store):
    """The Store over the DynamoDB table `table` (the client made once, at first use, and reused).

    Making a boto3 client reads its service model and endpoint rules: about a quarter of the API's
    cold start (docs/operations.md, "Speed"), so a cold start that never reaches the table doesn't,
    and functions/handler.py makes it before a SnapStart snapshot instead (`warm`)."""

    reads_lag = True  # an eventually consistent read may be a moment behind

    def __init__(self, table: str, client: Any = None) -> None:
        self.table = table
        self._client = client
        self._making = threading.Lock()

    @property
    def client(self) -> Any:
        if self._client is None:
            with self._making:  # two first requests on the thread pool make one client
                if self._client is None:
                    self._client = _client()
        return self._client

    def warm(self) -> None:
        """Make the client now."""
        self.client  # noqa: B018 (made on first use)

    def _call(self, name: str, **kwargs: Any) -> Any:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            return getattr(self.client, name)(**kwargs)
        except ClientError as exc:
            error = exc.response.get("Error", {})
            code = error.get("Code", "")
            if code == "ConditionalCheckFailedException":
                raise Conflict(error.get("Message", code)) from exc
            if code == "TransactionCanceledException":
                reasons = {r.get("Code") for r in exc.response.get("CancellationReasons", [])}
                # moto and older botocore put the reasons only in the message
                message = error.get("Message", "")
                if reasons & _RACES or any(r in message for r in _RACES):
                    raise Conflict(message) from exc
            if code in _BUGS:
                raise
            raise StoreUnavailable(f"DynamoDB {name} failed: {code or exc}") from exc
        except BotoCoreError as exc:
            raise StoreUnavailable(f"DynamoDB {name} failed: {exc}") from exc

    def _batch(self, name: str, request: dict[str, Any], leftover: str, failure: str) -> list[dict[str, Any]]:
        """Every answer of batch operation `name` until DynamoDB has done all of `request`: what it
        hands back undone (under `leftover`) is sent again after a growing pause; still undone after
        8 calls (throttled), StoreUnavailable(`failure`)."""
        answers = []
        for attempt in range(8):
            got = self._call(name, RequestItems=request)
            answers.append(got)
            request = got.get(leftover) or {}
            if not request:
                return answers
            time.sleep(0.02 * 2**attempt)
        raise StoreUnavailable(failure)

    # ---- primitives ----------------------------------------------------------------

    def get_item(self, pk: str, sk: str, *, consistent: bool = True) -> Item | None:
        got = self._call("get_item", TableName=self.table, Key=_key(pk, sk), ConsistentRead=consistent)
        return _decode(got["Item"]) if "Item" in got else None

    def get_items(self, keys: Sequence[Key], *, consistent: bool = True) -> dict[Key, Item]:
        wanted = list(dict.fromkeys(keys))
        out: dict[Key, Item] = {}
        for start in range(0, len(wanted), 100):
            keys_ = [_key(*k) for k in wanted[start : start + 100]]
            request: dict[str, Any] = {self.table: {"Keys": keys_, "ConsistentRead": consistent}}
            unread = "DynamoDB left keys unread (throttled)"
            for got in self._batch("batch_get_item", request, "UnprocessedKeys", unread):
                for av in got.get("Responses", {}).get(self.table, []):
                    item = _decode(av)
                    out[(item["PK"], item["SK"])] = item
        return out

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
        kwargs = self._key_condition(pk, index, prefix=prefix, low=low, high=high, below=below)
        kwargs["ScanIndexForward"] = not reverse
        if index is None:
            kwargs["ConsistentRead"] = consistent
        out: list[Item] = []
        while True:
            if limit is not None:
                kwargs["Limit"] = limit - len(out)
            got = self._call("query", **kwargs)
            out += [_decode(av) for av in got.get("Items", [])]
            last = got.get("LastEvaluatedKey")
            if not last or (limit is not None and len(out) >= limit):
                return out[:limit] if limit is not None else out
            kwargs["ExclusiveStartKey"] = last

    def scan_index(self, index: int) -> Iterator[Item]:
        kwargs: dict[str, Any] = {"TableName": self.table, "IndexName": f"GSI{index}"}
        while True:
            got = self._call("scan", **kwargs)
            yield from (_decode(av) for av in got.get("Items", []))
            last = got.get("LastEvaluatedKey")
            if not last:
                return
            kwargs["ExclusiveStartKey"] = last

    def _key_condition(
        self,
        pk: str,
        index: int | None,
        *,
        prefix: str | None = None,
        low: str | None = None,
        high: str | None = None,
        below: str | None = None,
    ) -> dict[str, Any]:
        pk_name, sk_name = ("PK", "SK") if index is None else (f"GSI{index}PK", f"GSI{index}SK")
        names = {"#pk": pk_name}
        values: dict[str, Any] = {":pk": {"S": pk}}
        condition = "#pk = :pk"
        ranges = [prefix is not None, low is not None or high is not None, below is not None]
        if sum(ranges) > 1:
            raise ValueError("one sort-key condition at a time: prefix, low/high, or below")
        if prefix is not None:
            condition += " AND begins_with(#sk, :a)"
            values[":a"] = {"S": prefix}
        elif low is not None and high is not None:
            condition += " AND #sk BETWEEN :a AND :b"
            values[":a"], values[":b"] = {"S": low}, {"S": high}
        elif low is not None:
            condition += " AND #sk >= :a"
            values[":a"] = {"S": low}
        elif high is not None:
            condition += " AND #sk <= :b"
            values[":b"] = {"S": high}
        elif below is not None:
            condition += " AND #sk < :a"
            values[":a"] = {"S": below}
        if ":a" in values or ":b" in values:
            names["#sk"] = sk_name
        kwargs: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": condition,
            "ExpressionAttributeNames": names,
            "ExpressionAttributeValues": values,
        }
        if index is None:
            kwargs["ConsistentRead"] = True
        else:
            kwargs["IndexName"] = f"GSI{index}"
        return kwargs

    def transact(self, ops: Sequence[Op]) -> None:
        ops = with_owners(ops)
        requests = [self._request(op) for op in ops]
        if len(requests) == 1:
            # One item: the plain call (half the write cost of a transaction) with the same condition.
            ((kind, body),) = requests[0].items()
            call = {"Put": "put_item", "Update": "update_item", "Delete": "delete_item"}.get(kind)
            if call:
                self._call(call, **body)
                return
        try:
            self._call("transact_write_items", TransactItems=requests)
        except Conflict:
            # Which condition failed is only in the cancellation reasons (moto: in the message); a
            # consistent read of what had to be there says whether it was that one.
            required = present_keys(ops)
            if required and len(self.get_items(required)) < len(set(required)):
                raise Gone(", ".join(" ".join(key) for key in required)) from None
            raise

    def _request(self, op: Op) -> dict[str, Any]:
        if isinstance(op, Put):
            body: dict[str, Any] = {"TableName": self.table, "Item": _encode(op.item)}
            if op.expect == 0:
                body["ConditionExpression"] = "attribute_not_exists(PK)"
            elif op.expect is not None:
                body["ConditionExpression"] = "#v = :v"
                body["ExpressionAttributeNames"] = {"#v": "v"}
                body["ExpressionAttributeValues"] = {":v": {"N": str(op.expect)}}
            if op.older:
                body["ConditionExpression"] = "attribute_exists(PK) AND (attribute_not_exists(#v) OR #v < :v)"
                body["ExpressionAttributeNames"] = {"#v": "v"}
                body["ExpressionAttributeValues"] = {":v": {"N": str(op.item["v"])}}
            if op.same is not None:
                # Every attribute as read (moved by an ops command: a write since then refuses it).
                same = _encode(op.same)
                names = {f"#s{k}": name for k, name in enumerate(same)}
                values = {f":s{k}": value for k, value in enumerate(same.values())}
                body["ConditionExpression"] = " AND ".join(f"#s{k} = :s{k}" for k in range(len(same)))
                body["ExpressionAttributeNames"] = names
                body["ExpressionAttributeValues"] = values
            return {"Put": body}
        if isinstance(op, Absent | Present):
            return {
                "ConditionCheck": {
                    "TableName": self.table,
                    "Key": _key(op.pk, op.sk),
                    "ConditionExpression": f"attribute_{'not_' if isinstance(op, Absent) else ''}exists(PK)",
                }
            }
        if isinstance(op, Delete):
            return {"Delete": {"TableName": self.table, "Key": _key(op.pk, op.sk)}}
        if isinstance(op, Add):
            names, values, adds = {}, {}, []
            for k, (name, by) in enumerate(op.counts.items()):
                names[f"#c{k}"] = name
                values[f":c{k}"] = {"N": str(by)}
                adds.append(f"#c{k} :c{k}")
            expression = "ADD " + ", ".join(adds)
            if op.expires_at is not None:
                names["#e"] = "expires_at"
                values[":e"] = {"N": str(op.expires_at)}
                expression += " SET #e = :e"
            body = {
                "TableName": self.table,
                "Key": _key(op.pk, op.sk),
                "UpdateExpression": expression,
                "ExpressionAttributeNames": names,
                "ExpressionAttributeValues": values,
            }
            if op.below is not None:
                names["#lim"] = op.below[0]
                values[":lim"] = {"N": str(op.below[1])}
                body["ConditionExpression"] = "attribute_not_exists(#lim) OR #lim < :lim"
            return {"Update": body}
        raise TypeError(f"not a store operation: {op!r}")

    def delete_items(self, keys: Iterable[Key]) -> None:
        wanted = list(dict.fromkeys(keys))
        for start in range(0, len(wanted), 25):
            request = {self.table: [{"DeleteRequest": {"Key": _key(*k)}} for k in wanted[start : start + 25]]}
            undone = "DynamoDB left items undeleted (throttled)"
            self._batch("batch_write_item", request, "UnprocessedItems", undone)
