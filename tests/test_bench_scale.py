"""The scale model's parts (bench/scale/): DynamoDB's capacity-unit rules on real item shapes, the
recorder on moto (which index partitions a write touches, what a COUNT reads), and the traffic
model's arithmetic (per-player keys spread, a counted place grows with the board). The whole bench on
a tiny day is tests/test_bench.py's."""

from __future__ import annotations

import datetime as dt
from collections import Counter

import pytest

from bench.scale.day import Census, DayTrace
from bench.scale.model import Assumptions, LambdaSpec, Model, key_class, per_player
from bench.scale.trace import Call, Recorder, Request, Touch
from bench.scale.units import (
    IndexEntry,
    IndexSpec,
    index_entry,
    index_writes,
    item_size,
    query_units,
    read_units,
    write_units,
)
from tests.support import dynamo_store

# ---------------------------------------------------------------- the capacity-unit rules


def test_an_items_size_is_its_names_and_values() -> None:
    assert item_size({"PK": {"S": "P#ab"}, "SK": {"S": "PROFILE"}}) == 2 + 4 + 2 + 7
    assert item_size({"v": {"N": "12345"}}) == 1 + 3 + 1  # 1 + ceil(5 digits / 2) + 1
    assert item_size({"n": {"N": "100"}}) == 1 + 2  # trailing zeros don't count: 1 digit
    assert item_size({"doc": {"S": "é"}}) == 3 + 2  # UTF-8 bytes
    assert item_size({"m": {"M": {"a": {"BOOL": True}}}}) == 1 + 3 + 1 + 1 + 1
    assert item_size(None) == 0


def test_writes_cost_a_kb_each_and_double_in_a_transaction() -> None:
    assert [write_units(s) for s in (0, 1, 1024, 1025, 3000)] == [1, 1, 1, 2, 3]
    assert write_units(1057, transaction=True) == 4  # the veteran's STATS#chess of issue 28


def test_reads_cost_4_kb_each_half_when_eventual() -> None:
    assert read_units(100, consistent=True) == 1
    assert read_units(100, consistent=False) == 0.5
    assert read_units(4097, consistent=True) == 2
    assert read_units(100, consistent=True, transaction=True) == 2


def test_a_query_rounds_once_a_page_of_a_megabyte() -> None:
    assert query_units(0, consistent=False) == (0.5, 1)
    assert query_units(10 * 1024, consistent=True) == (3, 1)
    mb = 1024 * 1024
    assert query_units(mb, consistent=False) == (128, 1)
    assert query_units(mb + 1, consistent=False) == (128.5, 2)
    assert query_units(689 * mb, consistent=False)[1] == 689


INDEX = IndexSpec("GSI1", "GSI1PK", "GSI1SK")
KEYS = ("PK", "SK")


def _stats(rating: str, partition: str = "RATING#chess") -> dict:
    return {"PK": {"S": "P#a"}, "SK": {"S": "STATS#chess"}, "GSI1PK": {"S": partition},
            "GSI1SK": {"S": f"{rating}#a"}, "doc": {"S": '{"rating": ' + rating + "}"}}


def test_an_index_holds_only_items_with_its_key_attributes() -> None:
    assert index_entry({"PK": {"S": "P#a"}, "SK": {"S": "PROFILE"}}, INDEX, KEYS) is None
    entry = index_entry(_stats("1500"), INDEX, KEYS)
    assert entry is not None and entry.partition == "RATING#chess" and entry.size == item_size(_stats("1500"))
    keys_only = index_entry(_stats("1500"), IndexSpec("GSI1", "GSI1PK", "GSI1SK", "KEYS_ONLY"), KEYS)
    assert keys_only is not None and keys_only.size < entry.size  # the doc isn't projected


def test_index_writes_follow_the_entry() -> None:
    old, new = index_entry(_stats("1500"), INDEX, KEYS), index_entry(_stats("1549"), INDEX, KEYS)
    assert index_writes(None, None) == []
    assert [w.kind for w in index_writes(None, new)] == ["put"]
    assert [w.kind for w in index_writes(old, None)] == ["delete"]
    moved = index_writes(old, new)  # the sort key changed: a delete and a put, both in RATING#chess
    assert [(w.kind, w.partition) for w in moved] == [("delete", "RATING#chess"), ("put", "RATING#chess")]
    elsewhere = index_entry(_stats("1500", "STREAK#chess#2026-11-30"), INDEX, KEYS)
    assert [w.partition for w in index_writes(old, elsewhere)] == ["RATING#chess", "STREAK#chess#2026-11-30"]
    assert index_writes(old, old) == []
    changed = IndexEntry(old.partition, old.sort, old.size, "another doc")  # type: ignore[union-attr]
    assert [w.kind for w in index_writes(old, changed)] == ["update"]


# ---------------------------------------------------------------- the recorder on moto


def _item(pk: str, sk: str, index: tuple[str, str] | None = None, **attrs: str) -> dict:
    item = {"PK": {"S": pk}, "SK": {"S": sk}, **{k: {"S": v} for k, v in attrs.items()}}
    if index:
        item["GSI1PK"], item["GSI1SK"] = {"S": index[0]}, {"S": index[1]}
    return item


def _touches(rec: Recorder) -> list[tuple[str, str, float]]:
    return [(t.target, t.key, t.wcu or t.rcu) for call in rec.requests[-1].calls for t in call.touches]


def test_a_transaction_is_billed_twice_and_its_index_writes_where_the_entries_go() -> None:
    with dynamo_store() as store, Recorder() as rec:
        client, table = store.client, store.table
        stats = _item("P#a", "STATS#chess", ("RATING#chess", "1500#a"), doc="{}")
        with rec.request("test", "first"):
            client.transact_write_items(TransactItems=[
                {"Put": {"TableName": table, "Item": stats}},
                {"Put": {"TableName": table, "Item": _item("P#a", "PROFILE", doc="{}")}},
            ])
        assert _touches(rec) == [("table", "P#a", 2), ("GSI1", "RATING#chess", 1), ("table", "P#a", 2)]
        with rec.request("test", "rated"):  # the sort key moves: a delete and a put in the partition
            client.put_item(TableName=table, Item=_item("P#a", "STATS#chess", ("RATING#chess", "1549#a")))
        assert _touches(rec) == [("table", "P#a", 1), ("GSI1", "RATING#chess", 1),
                                 ("GSI1", "RATING#chess", 1)]
        with rec.request("test", "the next day"):  # another partition: the old entry goes, a new one comes
            client.put_item(TableName=table, Item=_item("P#a", "STATS#chess", ("STREAK#2", "1#a")))
        moved = [t[:2] for t in _touches(rec)]
        assert moved == [("table", "P#a"), ("GSI1", "RATING#chess"), ("GSI1", "STREAK#2")]
        with rec.request("test", "refused"), pytest.raises(client.exceptions.ConditionalCheckFailedException):
            client.put_item(TableName=table, Item=stats, ConditionExpression="attribute_not_exists(PK)")
        assert _touches(rec) == [("table", "P#a", 1)]  # billed, and nothing reaches the index
        assert rec.requests[-1].calls[0].refused == "ConditionalCheckFailedException"


def test_a_count_is_billed_for_every_entry_it_counts() -> None:
    with dynamo_store() as store, Recorder() as rec:
        client, table = store.client, store.table
        for n in range(30):
            item = _item(f"P#{n}", "CS#x", ("CD#day", f"{n:04d}"), doc="x" * 500)  # doc: the index holds it
            client.put_item(TableName=table, Item=item)
        with rec.request("test", "count"):
            got = client.query(TableName=table, IndexName="GSI1", Select="COUNT",
                               KeyConditionExpression="#pk = :pk AND #sk < :a",
                               ExpressionAttributeNames={"#pk": "GSI1PK", "#sk": "GSI1SK"},
                               ExpressionAttributeValues={":pk": {"S": "CD#day"}, ":a": {"S": "0020"}})
        assert got["Count"] == 20
        (touch,) = rec.requests[-1].calls[0].touches
        assert (touch.target, touch.key, touch.read, touch.items) == ("GSI1", "CD#day", "count", 20)
        assert touch.bounded and not touch.consistent
        assert touch.size > 20 * 500 and touch.rcu == read_units(touch.size, consistent=False)


# ---------------------------------------------------------------- the model

TODAY, YESTERDAY = "2026-11-30", "2026-11-29"


def _day(requests: list[Request], sessions: Counter[str], after: dict) -> DayTrace:
    return DayTrace(players=10, today=TODAY, yesterday=YESTERDAY, pids={"ab12"}, requests=requests,
                    yesterdays=[], sessions=sessions, before=Census({}), after=Census(after))


def test_keys_are_classed_by_player_and_day() -> None:
    day = _day([], Counter(), {})
    assert key_class("P#ab12", day) == "P#<pid>" and per_player("P#<pid>")
    assert key_class(f"CD#{TODAY}#Easy", day) == "CD#<today>#Easy" and not per_player("CD#<today>#Easy")
    assert key_class(f"STREAK#chess#{YESTERDAY}", day) == "STREAK#chess#<yesterday>"
    assert key_class("RL#rated-chess#ab12#1796040000", day) == "RL#rated-chess#<pid>#<n>"


def test_a_counted_place_grows_with_the_board_and_a_players_key_does_not() -> None:
    post = Request("chess daily", "POST /api/chess/solves", calls=[Call("dynamodb", "TransactWriteItems", [
        Touch("table", "P#ab12", wcu=6),
        Touch("GSI1", f"CD#{TODAY}#Easy", wcu=1),
    ]), Call("dynamodb", "Query", [
        Touch("GSI1", f"CD#{TODAY}#Easy", rcu=0.5, items=4, size=2000, read="count", bounded=True,
              consistent=False),
    ])])
    day = _day([post], Counter({"chess daily": 1}), {("GSI1", f"CD#{TODAY}#Easy"): (10, 5000)})
    model = Model(day, Assumptions(), LambdaSpec())
    board = ("GSI1", "CD#<today>#Easy")
    small, large = model.loads(1_000_000, "peak"), model.loads(10_000_000, "peak")
    # 10 times the players: 10 times the posts, each counting 10 times the entries ahead
    assert large[board].rcu == pytest.approx(100 * small[board].rcu, rel=0.01)
    assert large[board].wcu == pytest.approx(10 * small[board].wcu)
    # the posts a second at the peak: 60% of the players, 15% of the day in an hour
    assert small[board].wcu == pytest.approx(1_000_000 * 0.6 * 0.15 / 3600)
    # the entries ahead: half of a board holding 60% of the players, half the day's posts in
    (read,) = model.kinds[0].sized
    assert model.at_scale(read, 1_000_000, "peak").entries == pytest.approx(1_000_000 * 0.6 * 0.5 / 2)
    hottest, load = model.hottest_per_player()
    assert hottest == ("table", "P#<pid>") and load.wcu == pytest.approx(6 / 600)


def test_the_midnight_burst_holds_the_dailies_and_the_fallbacks() -> None:
    a = Assumptions()
    burst = a.sessions_per_second("chess daily", 10_000_000, "burst")
    assert burst == pytest.approx(10_000_000 * 0.6 * 0.05 / 300)
    assert a.sessions_per_second("endless", 10_000_000, "burst") == pytest.approx(10_000_000 * 0.2 / 86_400)
    # A night the staging failed: every opener asks the API's copy, and the edge keeps it, so the API
    # sees a request a page from each edge location in a cache lifetime.
    assert a.sessions_per_second("fallback: chess page", 10_000_000, "burst") == pytest.approx(600 / 300)
    few = a.sessions_per_second("fallback: chess page", 1_000, "burst")
    assert few == pytest.approx(1_000 * 0.6 * 0.05 / 300), "fewer than the edge would pass"
    assert a.sessions_per_second("fallback: chess page", 10_000_000, "peak") == 0
    assert a.sessions_per_second("fallback: storm page", 10_000_000, "burst") == pytest.approx(600 / 300)
    assert dt.timedelta(seconds=a.burst_seconds) == dt.timedelta(minutes=5)


def test_a_boards_shards_are_one_class_each_taking_a_share_and_the_job_reads_a_sample() -> None:
    from bench.scale.model import FINER, SAMPLE, SHARD, read_whole, sharded
    from service.store import keys as K
    from service.store.boards import SAMPLE_MIN, WHOLE_BOARD

    day = _day([], Counter(), {})
    assert key_class(f"CD#{TODAY}#Easy#s07", day) == f"CD#<today>#Easy{SHARD}"
    assert key_class("AT#all#sa", day) == "AT#all#s<a>" and key_class("AT#all#sb", day) == "AT#all#s<b>"
    assert sharded("AT#all#s<nn>") and sharded("AT#all#s<a>") and not sharded("AT#all")
    assert set(FINER) == {"#s<a>", "#s<b>"}
    # A post writes its player's shard; the snapshot job reads the sample shard whole (its own class).
    post = Request("chess daily", "POST /api/chess/solves", calls=[Call("dynamodb", "TransactWriteItems", [
        Touch("table", "P#ab12", wcu=6), Touch("GSI1", f"CD#{TODAY}#Easy#s07", wcu=1)])])
    job = Request("snapshot job", "read_board chess/daily/<today>/Easy", calls=[Call("dynamodb", "Query", [
        Touch("GSI1", f"CD#{TODAY}#Easy#s00", rcu=0.5, items=1, size=500, read="query", consistent=False),
        Touch("GSI1", f"CD#{TODAY}#Easy#s07", rcu=0.5, items=1, size=500, read="query", consistent=False),
    ])])
    census = {("GSI1", f"CD#{TODAY}#Easy#s{n:02d}"): (1, 500) for n in range(10)}
    sessions = Counter({"chess daily": 1, "snapshot job": 1})
    model = Model(_day([post, job], sessions, census), Assumptions(), LambdaSpec())
    loads = model.loads(10_000_000, "peak")
    one = model.per_partition(loads, 10_000_000)
    shards, sample = ("GSI1", f"CD#<today>#Easy{SHARD}"), ("GSI1", f"CD#<today>#Easy{SAMPLE}")
    assert one[shards].wcu == pytest.approx(loads[shards].wcu / K.SHARDS)
    assert one[sample].rcu > loads[sample].rcu - 1e-9 and one[sample].wcu == pytest.approx(one[shards].wcu)
    # The job: each board read once every 15 s, whatever the players; not the API's requests.
    assert model.rate(model.kinds[1], 1, "peak") == pytest.approx(1 / 15)
    api = model.rate(model.kinds[0], 10_000_000, "peak")
    assert model.request_rate(10_000_000, "peak") == pytest.approx(api)
    # read_board's rule: the finest sample always, a coarser one while the finer hold too few, the
    # rest whole only for a small board.
    assert read_whole("X#s<b>", 1e9, K.SHARDS)
    assert read_whole("X#s<a>", SAMPLE_MIN * K.SHARDS**3 - 1, K.SHARDS)
    assert not read_whole("X#s<a>", SAMPLE_MIN * K.SHARDS**3, K.SHARDS)
    assert read_whole(f"X{SHARD}", WHOLE_BOARD, K.SHARDS)
    assert not read_whole(f"X{SHARD}", WHOLE_BOARD + 1, K.SHARDS)
    # Board pages read their snapshots from the CDN: S3 sees at most one GET an edge location in 15 s.
    assert loads[("s3", "snapshots/chess/daily/<today>/<band>")].rcu == pytest.approx(600 / 15)
    assert loads[("s3", "snapshots/chess/alltime")].rcu == pytest.approx(10_000_000 * 0.05 * 0.15 / 3600)
