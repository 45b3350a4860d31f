"""DynamoDB specifics: the second conditional write is refused, a lost race is read again, not doubled
(a chess solve, a Chain solve, a lesson result), and what a throttled batch leaves undone is sent again.

moto isn't safe under threads, so the race is staged: a competing write lands
between this request's reads and its TransactWriteItems, exactly where a
concurrent Lambda's would.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
from botocore.exceptions import ClientError

from ops.template import dynamodb_table_kwargs, dynamodb_ttl_attribute
from puzzlebook.chain.results import Solve
from puzzlebook.lessons.results import LessonResult
from puzzlebook.ratings import NEW_PLAYER, rate_puzzle
from service.games.chain.records import ChainRecords
from service.games.chess.records import ChessRecords
from service.games.lessons.records import LESSON_MAX_BYTES, MAX_PARTS, PART_BYTES, LessonRecords
from service.store.base import Conflict, Put, StoreUnavailable, make_item
from service.store.dynamo import DynamoStore
from tests.support import STORE_T0, dynamo_store, record_test_solve

T0 = STORE_T0
DAY = dt.date(2026, 11, 2)


@pytest.fixture
def store() -> Iterator[DynamoStore]:
    with dynamo_store() as s:
        yield s


def test_the_second_conditional_put_is_refused_by_dynamodb(store: DynamoStore) -> None:
    item = {"PK": {"S": "T#x"}, "SK": {"S": "CS#aaaaa"}}
    store.client.put_item(TableName=store.table, Item=item, ConditionExpression="attribute_not_exists(PK)")
    with pytest.raises(ClientError) as refused:
        store.client.put_item(
            TableName=store.table, Item=item, ConditionExpression="attribute_not_exists(PK)"
        )
    assert refused.value.response["Error"]["Code"] == "ConditionalCheckFailedException"
    # Through the store, the same refusal is a Conflict, in a transaction as in a single put.
    with pytest.raises(Conflict):
        store.transact([Put(make_item("T#x", "CS#aaaaa", {}), expect=0)])
    with pytest.raises(Conflict):
        store.transact([Put(make_item("T#x", "CS#aaaaa", {}), expect=0), Put(make_item("T#x", "OTHER", {}))])
    assert store.get_item("T#x", "OTHER") is None


def test_a_solve_that_loses_the_race_is_read_again_and_not_doubled(store: DynamoStore) -> None:
    pid = store.create_player("Racer", "h", T0).id
    rival = DynamoStore(store.table, store.client)
    events = store.client.meta.events
    refusals = []

    def compete(**_: object) -> None:
        # Once: another request's solve lands after our reads, before our write.
        events.unregister("before-call.dynamodb.TransactWriteItems", compete)
        refusals.append(record_test_solve(rival, pid))

    def watch(http_response: object, parsed: dict, **_: object) -> None:
        if parsed.get("Error", {}).get("Code") == "TransactionCanceledException":
            refusals.append(parsed["Error"]["Code"])

    events.register("before-call.dynamodb.TransactWriteItems", compete)
    events.register("after-call.dynamodb.TransactWriteItems", watch)
    ours = record_test_solve(store, pid)
    events.unregister("after-call.dynamodb.TransactWriteItems", watch)
    assert refusals[0].already is False  # the rival's write stood
    assert "TransactionCanceledException" in refusals[1:]  # ours was refused by DynamoDB ...
    assert ours.already is True  # ... and, read again, answered as already solved
    chess = ChessRecords(store).stats(pid)
    assert (chess.solved, chess.rated) == (1, 1)
    assert chess.rating == rate_puzzle(NEW_PLAYER, 1600, "clean")


def _rival_first(store: DynamoStore, rival_write) -> list:
    """Stage the race: `rival_write(rival)` lands once, after this request's reads and before its
    TransactWriteItems. What it answered comes first in the list, then DynamoDB's refusals of ours."""
    rival = DynamoStore(store.table, store.client)
    events = store.client.meta.events
    seen: list = []

    def compete(**_: object) -> None:
        events.unregister("before-call.dynamodb.TransactWriteItems", compete)
        seen.append(rival_write(rival))

    def watch(http_response: object, parsed: dict, **_: object) -> None:
        if parsed.get("Error", {}).get("Code") == "TransactionCanceledException":
            seen.append(parsed["Error"]["Code"])

    events.register("before-call.dynamodb.TransactWriteItems", compete)
    events.register("after-call.dynamodb.TransactWriteItems", watch)
    return seen


def test_a_chain_solve_that_loses_the_race_to_a_giveup_is_decided_again(store: DynamoStore) -> None:
    pid = store.create_player("Racer", "h", T0).id
    day = "2026-11-02"
    seen = _rival_first(store, lambda rival: ChainRecords(rival).record_chain_giveup(pid, day, T0))
    ours = ChainRecords(store).record_chain_solve(pid, Solve(day, [0, 1, 2], 9), today=DAY, now=T0)
    assert seen[0].already is False and "TransactionCanceledException" in seen[1:]
    assert (ours.already, ours.kind, ours.entry) == (True, "giveup", None)  # read again: the give-up stands
    chain = ChainRecords(store).stats(pid)
    assert (chain.solved, chain.gave_up, chain.streak.length) == (0, 1, 0)
    assert ChainRecords(store).daily_board(day).rows == []


def test_a_lesson_result_that_loses_the_race_is_not_counted_twice(store: DynamoStore) -> None:
    lesson_id = LessonRecords(store).save_lesson("owner", {"name": "x", "puzzles": []}, T0)
    seen = _rival_first(
        store,
        lambda rival: LessonRecords(rival).record_lesson_result(
            lesson_id, 1, "k", LessonResult.posted(True, True)
        ),
    )
    lost = LessonRecords(store).record_lesson_result(lesson_id, 1, "k", LessonResult.posted(True, False))
    assert lost is False
    assert seen[0] is True and "TransactionCanceledException" in seen[1:]
    assert LessonRecords(store).lesson_results(lesson_id) == {1: {"played": 1, "solved": 1, "clean": 1}}


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


def _held_back(store: DynamoStore, operation: str, times: int) -> list[int]:
    """Make DynamoDB hand back part of the next `times` batch calls undone, as it does when throttled:
    one key of a BatchGetItem, or one delete of a BatchWriteItem. Answers the list of calls seen."""
    calls: list[int] = []

    def hold_back(parsed: dict, **_: object) -> None:
        calls.append(1)
        if len(calls) > times:
            return
        if operation == "BatchGetItem":
            got = parsed["Responses"][store.table]
            if got:
                held = got.pop()
                keys = {"Keys": [{"PK": held["PK"], "SK": held["SK"]}], "ConsistentRead": True}
                parsed["UnprocessedKeys"] = {store.table: keys}
        else:
            undone = {"DeleteRequest": {"Key": {"PK": {"S": "T#x"}, "SK": {"S": "K#0"}}}}
            parsed["UnprocessedItems"] = {store.table: [undone]}

    store.client.meta.events.register(f"after-call.dynamodb.{operation}", hold_back)
    return calls


def test_keys_dynamodb_leaves_unread_are_asked_for_again(store: DynamoStore, monkeypatch) -> None:
    import service.store.dynamo as dynamo

    waits: list[float] = []
    monkeypatch.setattr(dynamo.time, "sleep", waits.append)
    keys = [("T#x", f"K#{n}") for n in range(3)]
    store.transact([Put(make_item(pk, sk, {"sk": sk})) for pk, sk in keys])
    calls = _held_back(store, "BatchGetItem", times=2)
    assert set(store.get_items(keys)) == set(keys)
    assert len(calls) == 3 and waits == [0.02, 0.04]
    # Throttled for good: unavailable, not a silently short answer.
    _held_back(store, "BatchGetItem", times=99)
    with pytest.raises(StoreUnavailable, match="unread"):
        store.get_items(keys)


def test_deletes_dynamodb_leaves_undone_are_sent_again(store: DynamoStore, monkeypatch) -> None:
    import service.store.dynamo as dynamo

    monkeypatch.setattr(dynamo.time, "sleep", lambda seconds: None)
    keys = [("T#x", f"K#{n}") for n in range(3)]
    store.transact([Put(make_item(pk, sk, {"sk": sk})) for pk, sk in keys])
    calls = _held_back(store, "BatchWriteItem", times=1)
    store.delete_items(keys)
    assert len(calls) == 2 and store.get_items(keys) == {}
    store.transact([Put(make_item(pk, sk, {"sk": sk})) for pk, sk in keys])
    _held_back(store, "BatchWriteItem", times=99)
    with pytest.raises(StoreUnavailable, match="undeleted"):
        store.delete_items(keys)


def test_moto_refuses_an_item_over_dynamodbs_400_kb_as_dynamodb_does(store: DynamoStore) -> None:
    """The contract suite's big lessons mean something only if moto keeps DynamoDB's item limit."""
    store.transact([Put(make_item("BIG", "fits", {"x": "a" * 399_000}))])
    over = make_item("BIG", "over", {"x": "a" * 410_000})
    for ops in ([Put(over)], [Put(over), Put(make_item("BIG", "other", {}))]):
        with pytest.raises(ClientError) as refused:
            store.transact(ops)
        assert refused.value.response["Error"]["Code"] == "ValidationException"
        assert "Item size has exceeded the maximum allowed size" in refused.value.response["Error"]["Message"]
    assert store.get_item("BIG", "over") is None


def test_every_lesson_the_store_keeps_fits_dynamodbs_limits() -> None:
    """moto does not check a transaction's total (4 MB, 100 items), so the sizes are checked here:
    the largest part with its keys is under the 400 KB item limit, and the largest lesson (its
    head and MAX_PARTS parts) is one transaction within both of DynamoDB's transaction limits."""
    item_limit, transaction_bytes = 400 * 1024, 4 * 1024 * 1024
    keys = len("PK") + len("L#") + 16 + len("SK") + len("PART#000") + len("text")
    assert PART_BYTES + keys < item_limit
    assert (MAX_PARTS - 1) * (PART_BYTES - 3) < LESSON_MAX_BYTES <= MAX_PARTS * (PART_BYTES - 3)
    assert MAX_PARTS + 1 <= 100  # items in one transaction, the head included
    assert MAX_PARTS * (PART_BYTES + keys) + 4096 < transaction_bytes


@pytest.mark.parametrize("first", ["miss", "solve"])
def test_a_miss_and_a_solve_of_one_play_racing_the_miss_stands_and_is_rated(
    store: DynamoStore, first: str
) -> None:
    # The race staged both ways: the other result lands between this one's reads and its write.
    from puzzlebook.chess.results import MissPost, SolvePost
    from service.plays import PlayCheck, open_play

    pid = store.create_player("Tied", "h", T0).id
    play = PlayCheck(pid, open_play(store, b"k", pid, "chess", "aB3dE", T0).ticket)
    solve = SolvePost("aB3dE", "Medium", 1600, ["e2e4"], 0, 0, 30, DAY)
    miss = MissPost("aB3dE", "Medium", 1600, "wrong", ["e2e4"], DAY)
    later = T0 + dt.timedelta(seconds=30)
    if first == "miss":
        seen = _rival_first(store, lambda rival: ChessRecords(rival).record_miss(pid, miss, later, play))
        ours = ChessRecords(store).record_solve(pid, solve, later, play)
        assert seen[0].rated is True and ours.rated is False  # the solve, read again, came after a miss
    else:
        seen = _rival_first(store, lambda rival: ChessRecords(rival).record_solve(pid, solve, later, play))
        ours = ChessRecords(store).record_miss(pid, miss, later, play)
        assert seen[0].rated is True and ours.rated is True  # the miss, read again, won the tie
    assert "TransactionCanceledException" in seen[1:]
    chess = ChessRecords(store).stats(pid)
    # By name: the wrong move, with the solve standing, is solved after a mistake (result_names.py).
    assert (chess.solved, chess.clean, chess.missed, chess.after_mistake) == (1, 0, 0, 1)
    assert chess.rating == rate_puzzle(NEW_PLAYER, 1600, "lost")
    kept_solve, kept_miss = ChessRecords(store).chess_result(pid, "aB3dE")
    assert kept_miss is not None and kept_solve is not None
    assert kept_miss.after is not None and kept_solve.after is None and kept_solve.mistakes >= 1


class _Behind(DynamoStore):
    """A DynamoStore whose eventually consistent reads answer what the table held when `freeze()` was
    last called (a replica a moment behind), counting the reads of each kind."""

    def freeze(self) -> None:
        self.frozen = {(it["PK"], it["SK"]): it for it in self._scan()}

    def _scan(self) -> list[dict]:
        from service.store.dynamo import _decode

        return [_decode(av) for av in self.client.scan(TableName=self.table)["Items"]]

    def get_items(self, keys, *, consistent=True):  # type: ignore[no-untyped-def]
        self.reads = [*getattr(self, "reads", []), consistent]
        if consistent or not hasattr(self, "frozen"):
            return super().get_items(keys, consistent=consistent)
        return {k: self.frozen[k] for k in keys if k in self.frozen}

    def get_item(self, pk, sk, *, consistent=True):  # type: ignore[no-untyped-def]
        self.reads = [*getattr(self, "reads", []), consistent]
        if consistent or not hasattr(self, "frozen"):
            return super().get_item(pk, sk, consistent=consistent)
        return self.frozen.get((pk, sk))


def test_a_token_is_checked_on_an_eventually_consistent_read_and_again_before_a_refusal() -> None:
    """Every signed-in request reads the player's profile (functions/auth.py): eventually consistent,
    half the read units. A token that read doesn't take is read again consistently before a 401: a
    player made a moment ago is taken; a token ended is refused once a read shows it ended."""
    from fastapi.security import HTTPAuthorizationCredentials

    from functions.auth import hash_secret, new_secret, player_for, token_of
    from functions.errors import ApiError
    from tests.support import make_table, mocked_aws

    def bearer(token: str) -> HTTPAuthorizationCredentials:
        return HTTPAuthorizationCredentials(scheme="Bearer", credentials=token)

    with mocked_aws() as client:
        make_table(client, "behind")
        store = _Behind("behind", client)
        store.freeze()  # before the player is made: the replica doesn't have them yet
        secret, hashed = new_secret()
        pid = store.create_player("Ada", hashed, T0).id
        token = token_of(pid, secret)
        store.reads = []
        player = player_for(store, bearer(token), needed="sign in")
        assert player is not None and player.id == pid
        assert store.reads == [False, True], "missed by the replica, then read consistently"
        store.freeze()
        store.reads = []
        assert player_for(store, bearer(token), needed="sign in") == player
        assert store.reads == [False], "one eventually consistent read, half a unit"
        # A device's token (a passkey sign-in's): the profile eventually, the token's own item.
        device, device_hash = new_secret()
        store.add_token(pid, device_hash, T0, "passkey")
        store.reads = []
        assert player_for(store, bearer(token_of(pid, device)), needed="sign in") == player
        assert store.reads == [False, True]
        # A wrong secret is refused, from consistent reads.
        store.reads = []
        with pytest.raises(ApiError) as refused:
            player_for(store, bearer(token_of(pid, new_secret()[0])), needed="sign in")
        assert refused.value.status == 401 and store.reads[-1] is True
        # The first token ended (signed out): refused as soon as a read shows it.
        assert store.end_token(pid, hash_secret(secret))
        store.freeze()
        with pytest.raises(ApiError):
            player_for(store, bearer(token), needed="sign in")


def test_a_result_read_eventually_a_moment_behind_is_decided_again_from_a_consistent_read() -> None:
    """A result's first read is eventually consistent (half the read units). Read a moment behind, a
    write it decides loses its conditions and is decided again from a consistent read; a refusal is
    never answered from such a read; a read that is current costs one eventually consistent read."""
    from puzzlebook.chess.results import MissPost
    from puzzlebook.tickets import TicketRefused
    from service.plays import PlayCheck, open_play
    from tests.support import make_table, mocked_aws

    def shown(puzzle: str) -> MissPost:
        return MissPost(puzzle, "Medium", 1600, "gave-up", [], DAY)

    def minute(n: int) -> dt.datetime:
        return T0 + dt.timedelta(minutes=n)

    with mocked_aws() as client:
        make_table(client, "behind")
        store = _Behind("behind", client)
        pid = store.create_player("Ada", "h", T0).id
        records = ChessRecords(store)
        store.freeze()  # before anything of the player's chess
        record_test_solve(store, pid, "aaaaa", now=minute(0))
        store.reads = []
        record_test_solve(store, pid, "bbbbb", now=minute(1))  # read behind: no tallies yet
        # Its write lost its conditions (DynamoDB's cancellation is read to tell a gone player from a
        # race), and it was decided again from a consistent read.
        assert store.reads[0] is False and store.reads[-1] is True
        assert records.stats(pid).solved == 2
        store.freeze()
        store.reads = []
        record_test_solve(store, pid, "ccccc", now=minute(2))
        assert store.reads == [False]  # read current: one eventually consistent read
        # A ticket opened after the replica's moment: read behind, the play is not there (refused
        # "closed"); read again, it is the current one, and the result is kept.
        ticket = open_play(store, b"k", pid, "chess", "ddddd", minute(3)).ticket
        store.reads = []
        assert records.record_miss(pid, shown("ddddd"), minute(4), PlayCheck(pid, ticket)).rated
        assert store.reads == [False, True]  # refused on the first read, which was behind
        # An old ticket (another opened since): refused, from a consistent read.
        store.freeze()
        open_play(store, b"k", pid, "chess", "eeeee", minute(5))
        store.reads = []
        with pytest.raises(TicketRefused):
            records.record_miss(pid, shown("ddddd"), minute(6), PlayCheck(pid, ticket))
        assert store.reads[-1] is True
