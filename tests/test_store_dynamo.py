"""DynamoDB specifics: the second conditional write is refused, and a lost race is read again, not doubled.

moto isn't safe under threads, so the race is staged: a competing write lands
between this request's reads and its TransactWriteItems, exactly where a
concurrent Lambda's would.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
from botocore.exceptions import ClientError

from functions.store.base import Conflict, Put, make_item
from functions.store.dynamo import DynamoStore
from functions.testing import dynamo_store
from puzzlebook.ratings import NEW_PLAYER, rate_puzzle
from sitebuild.template import dynamodb_table_kwargs, dynamodb_ttl_attribute

T0 = dt.datetime(2026, 11, 2, 9, 0, tzinfo=dt.UTC)


@pytest.fixture
def store() -> Iterator[DynamoStore]:
    with dynamo_store() as s:
        yield s


def test_the_second_conditional_put_is_refused_by_dynamodb(store: DynamoStore) -> None:
    item = {"PK": {"S": "P#x"}, "SK": {"S": "CS#aaaaa"}}
    store.client.put_item(TableName=store.table, Item=item, ConditionExpression="attribute_not_exists(PK)")
    with pytest.raises(ClientError) as refused:
        store.client.put_item(
            TableName=store.table, Item=item, ConditionExpression="attribute_not_exists(PK)"
        )
    assert refused.value.response["Error"]["Code"] == "ConditionalCheckFailedException"
    # Through the store, the same refusal is a Conflict, in a transaction as in a single put.
    with pytest.raises(Conflict):
        store.transact([Put(make_item("P#x", "CS#aaaaa", {}), expect=0)])
    with pytest.raises(Conflict):
        store.transact([Put(make_item("P#x", "CS#aaaaa", {}), expect=0), Put(make_item("P#x", "OTHER", {}))])
    assert store.get_item("P#x", "OTHER") is None


def _solve(store: DynamoStore, pid: str) -> object:
    return store.record_chess_solve(
        pid,
        puzzle_id="aB3dE",
        band="Medium",
        moves=["e2e4"],
        mistakes=0,
        hints=0,
        seconds=9,
        puzzle_rating=1600,
        daily=None,
        now=T0,
    )


def test_a_solve_that_loses_the_race_is_read_again_and_not_doubled(store: DynamoStore) -> None:
    pid = store.create_player("Racer", "h", T0).id
    rival = DynamoStore(store.table, store.client)
    events = store.client.meta.events
    refusals = []

    def compete(**_: object) -> None:
        # Once: another request's solve lands after our reads, before our write.
        events.unregister("before-call.dynamodb.TransactWriteItems", compete)
        refusals.append(_solve(rival, pid))

    def watch(http_response: object, parsed: dict, **_: object) -> None:
        if parsed.get("Error", {}).get("Code") == "TransactionCanceledException":
            refusals.append(parsed["Error"]["Code"])

    events.register("before-call.dynamodb.TransactWriteItems", compete)
    events.register("after-call.dynamodb.TransactWriteItems", watch)
    ours = _solve(store, pid)
    events.unregister("after-call.dynamodb.TransactWriteItems", watch)
    assert refusals[0].already is False  # the rival's write stood
    assert "TransactionCanceledException" in refusals[1:]  # ours was refused by DynamoDB ...
    assert ours.already is True  # ... and, read again, answered as already solved
    chess, _ = store.player_stats(pid)
    assert (chess.solved, chess.rated) == (1, 1)
    assert chess.rating == rate_puzzle(NEW_PLAYER, 1600, "clean")


def test_the_moto_table_is_the_templates(store: DynamoStore) -> None:
    described = store.client.describe_table(TableName=store.table)["Table"]
    wanted = dynamodb_table_kwargs(store.table)
    assert described["KeySchema"] == wanted["KeySchema"]
    assert sorted(i["IndexName"] for i in described["GlobalSecondaryIndexes"]) == sorted(
        i["IndexName"] for i in wanted["GlobalSecondaryIndexes"]
    )
    ttl = store.client.describe_time_to_live(TableName=store.table)["TimeToLiveDescription"]
    assert ttl["AttributeName"] == dynamodb_ttl_attribute() == "expires_at"


def test_rate_windows_carry_a_ttl_but_never_rely_on_it(store: DynamoStore) -> None:
    now = 1_800_000_000
    assert store.take_rate("replay", "p1", limit=1, window=3600, now_ts=now) is None
    window = now - now % 3600
    item = store.get_item(f"RL#replay#p1#{window}", "WINDOW")
    assert item["expires_at"] > window + 3600
    # An expired window that TTL hasn't removed yet is a different key from the next window's.
    assert store.take_rate("replay", "p1", limit=1, window=3600, now_ts=now + 3600) is None
