"""Sharded boards (docs/store.md, "Boards at scale"), on both stores: each entry in its player's shard,
a board read merging the shards (whole, or sampled by its sample shard when big), the partition of
entries from before sharding read as one more shard, and `python -m ops.shard_boards` moving them."""

from __future__ import annotations

import hashlib
from collections.abc import Collection
from pathlib import Path
from typing import Any

import pytest

from ops.shard_boards import main as shard_main
from ops.shard_boards import move_entries, resharded
from service.boards.live import board_at
from service.context import Context
from service.games.chess.records import ChessRecords
from service.store import boards
from service.store import keys as K
from service.store.base import Conflict, Put, Store, make_item
from service.store.boards import BoardSpec
from tests.support import STORE_T0, settings_for_tests, sqlite_store
from tests.support import record_test_solve as solve

# Players of the 1/1,024 sample (`#sa`), found once.
SAMPLED = [pid for pid in (f"x{n:05d}" for n in range(20_000)) if K.shard_suffix(pid) == "a"][:4]
BOARD = "CD#2099-01-01#Test"  # a chess daily board's partition (a board prefix the command knows)


def test_a_players_shard_is_a_stable_hash_of_their_id() -> None:
    digest = hashlib.blake2b(b"ada", digest_size=8).digest()
    assert K.shard_of("ada") == int.from_bytes(digest, "big") % K.SHARDS
    board = (1, "CD#2026-11-02#Medium")
    assert K.board_entry(board, "ada") == f"CD#2026-11-02#Medium#s{K.shard_of('ada'):02d}"
    shards = {K.shard_of(f"p{n:04d}") for n in range(2000)}
    assert shards == set(range(K.SHARDS))  # every shard used
    assert K.unsharded("AT#all") and not K.unsharded("AT#all#s07") and not K.unsharded("AT#all#sa")
    assert K.board_partitions("AT#all") == [f"AT#all#s{n:02d}" for n in range(K.SHARDS)] + [
        "AT#all#sb", "AT#all#sa", "AT#all"]
    # The finer samples: of shard 0's players, the hash's multiples of 1,024 (and of 32,768).
    finer = [pid for pid in SAMPLED if K.shard_suffix(pid) == "a"]
    assert finer and all(K.shard_of(pid) == 0 for pid in finer)
    assert all(int.from_bytes(hashlib.blake2b(p.encode(), digest_size=8).digest(), "big") % 1024 == 0
               for p in finer)
    assert K.board_entry(board, finer[0]) == "CD#2026-11-02#Medium#sa"


def _spec() -> BoardSpec:
    return BoardSpec(1, [BOARD], lambda it: {"score": it["doc"]["score"]})


def _player(store: Store, pid: str) -> None:
    store.transact([Put(make_item(K.player(pid), K.PROFILE, {"name": pid.upper(), "created": "x"}))])


def _entry(store: Store, pid: str, score: int, *, sharded: bool = True) -> str:
    """An entry of `pid` on the test board (its sort key by score, best first); the rank key."""
    rank = f"{9999 - score:04d}"
    pk = K.board_entry((1, BOARD), pid) if sharded else BOARD
    entry = make_item(K.player(pid), "ENTRY", {"score": score}, index={1: (pk, f"{rank}#{pid}")})
    store.transact([Put(entry)])
    return rank


def _board(store: Store, n: int, *, unsharded: Collection[int] = ()) -> dict[str, Any]:
    """n players on the test board, pid p0000 best; those numbered in `unsharded` written before
    sharding. The rank keys in order, and those of the sample shard."""
    keys, sample = [], []
    for k in range(n):
        pid = f"p{k:04d}"
        _player(store, pid)
        keys.append(_entry(store, pid, 9000 - k, sharded=k not in unsharded))
        if K.shard_of(pid) == K.SAMPLE_SHARD:
            sample.append(keys[-1])
    return {"keys": keys, "sample": sample}


def test_every_board_entry_sits_in_its_players_shard(store: Store) -> None:
    records = ChessRecords(store)
    day = STORE_T0.date()
    records.keep_daily(day.isoformat(), "Medium", "aB3dE", 1600)
    pid = store.create_player("Ada", "h", STORE_T0).id
    posted = solve(store, pid, daily=day, now=STORE_T0)
    # The post's entry on the day's board (the API places it on the board's snapshot): its rank key.
    assert posted.entry is not None and pid not in posted.entry.key
    shard = f"#s{K.shard_of(pid):02d}"
    solved = store.get_item(K.player(pid), "CS#aB3dE")
    stats = store.get_item(K.player(pid), "STATS#chess")
    tally = store.get_item(K.player(pid), "TALLY#chess#Medium")
    assert solved["GSI1PK"] == f"CD#{day.isoformat()}#Medium{shard}"
    assert stats["GSI2PK"] == f"STREAK#chess#{day.isoformat()}{shard}" and stats["GSI3PK"] == f"AT#all{shard}"
    assert tally["GSI3PK"] == f"AT#Medium{shard}"
    board = records.daily_board(day.isoformat(), "Medium", me=pid)
    assert [r.name for r in board.rows] == ["Ada"] and board.mine.place == 1


@pytest.mark.parametrize("whole", [True, False])
def test_a_board_read_merges_its_shards_whole_or_sampled(store: Store, monkeypatch, whole: bool) -> None:
    made = _board(store, 140)
    s00 = len(made["sample"])
    assert s00 >= 2
    # Read whole while SHARDS × the sample shard's entries is within WHOLE_BOARD; sampled past it.
    monkeypatch.setattr(boards, "WHOLE_BOARD", K.SHARDS * s00 if whole else K.SHARDS * s00 - 1)
    read = store.read_board(_spec())
    assert [r.key for r in read.top] == made["keys"][:100]
    assert [r.name for r in read.top][:2] == ["P0000", "P0001"] and read.top[99].place == 100
    if whole:
        assert read.keys == made["keys"] and read.sample is None and read.size == 140
    else:
        assert read.keys is None and read.sample == made["sample"] and read.size == K.SHARDS * s00


def test_a_big_board_is_sampled_by_its_finer_sample(store: Store, monkeypatch) -> None:
    """A board whose 1/1,024 sample holds SAMPLE_MIN entries is sampled by it: its size 1,024 times
    that, and its top still the whole board's (every shard's top 100 merged)."""
    assert len(SAMPLED) >= 3
    keys = {}
    for k, pid in enumerate(["p0000", SAMPLED[0], "p0001", SAMPLED[1], SAMPLED[2], "p0002"]):
        _player(store, pid)
        keys[pid] = _entry(store, pid, 9000 - k, sharded=pid != SAMPLED[2])  # one from before sharding
    monkeypatch.setattr(boards, "SAMPLE_MIN", 3)
    read = store.read_board(_spec())
    assert [r.key for r in read.top] == sorted(keys.values())
    assert read.keys is None and read.sample == sorted(keys[p] for p in SAMPLED[:3])
    assert read.size == 3 * K.SHARDS**2
    monkeypatch.setattr(boards, "SAMPLE_MIN", 4)  # too few: the 1/32 sample, and this board is small
    assert store.read_board(_spec()).keys == sorted(keys.values())


def test_a_board_read_takes_entries_from_before_sharding_and_the_command_moves_them(
    store: Store, monkeypatch, capsys
) -> None:
    made = _board(store, 60, unsharded=set(range(0, 60, 3)))
    s00 = len(made["sample"])
    before = store.read_board(_spec())
    assert before.keys == made["keys"] and [r.key for r in before.top] == made["keys"]
    monkeypatch.setattr(boards, "WHOLE_BOARD", K.SHARDS * s00 - 1)
    sampled = store.read_board(_spec())
    assert sampled.sample == made["sample"] and [r.key for r in sampled.top] == made["keys"]
    monkeypatch.undo()
    assert len(store.query_items(BOARD, index=1)) == 20

    assert move_entries(store, dry_run=True).entries == 20 and len(store.query_items(BOARD, index=1)) == 20
    moved = move_entries(store)
    assert (moved.items, moved.entries) == (20, 20)
    assert store.query_items(BOARD, index=1) == []
    for k in range(0, 60, 3):
        pid = f"p{k:04d}"
        assert store.get_item(K.player(pid), "ENTRY")["GSI1PK"] == K.board_entry((1, BOARD), pid)
    assert store.read_board(_spec()) == before
    assert move_entries(store).entries == 0  # a second run finds nothing


def test_moving_an_entry_never_undoes_a_write_made_since_it_was_read(store: Store) -> None:
    _player(store, "ada")
    _entry(store, "ada", 10, sharded=False)
    read = store.get_item(K.player("ada"), "ENTRY")
    _entry(store, "ada", 20, sharded=False)  # a result posted meanwhile (by a server of before)
    with pytest.raises(Conflict):
        store.transact([Put(resharded(read), same=read)])
    assert store.get_item(K.player("ada"), "ENTRY")["doc"] == {"score": 20}
    moved = move_entries(store)  # reads it again and moves it as it is now
    assert moved.entries == 1
    now = store.get_item(K.player("ada"), "ENTRY")
    assert now["doc"] == {"score": 20} and now["GSI1PK"] == K.board_entry((1, BOARD), "ada")


def test_the_command_moves_the_boards_only_and_says_what_it_did(tmp_path, capsys) -> None:
    path = tmp_path / "var" / "puzzlebook.sqlite3"
    with sqlite_store(path) as store:
        pid = store.create_player("Ada", "h", STORE_T0).id
        index = {1: ("RATING#chess", f"1#{pid}"), 2: ("LESSONS#x", "2"), 3: ("AT#all", f"3#{pid}")}
        old = make_item(K.player(pid), "STATS#chess", {"x": 1}, index=index)
        store.transact([Put(old)])
    assert shard_main(["--store", f"sqlite:///{path}"]) == 0
    assert "moved 2 board entries of 1 items" in capsys.readouterr().out
    with sqlite_store(path) as store:
        item = store.get_item(K.player(pid), "STATS#chess")
    shard = f"#s{K.shard_of(pid):02d}"
    moved = (item["GSI1PK"], item["GSI2PK"], item["GSI3PK"])
    assert moved == (f"RATING#chess{shard}", "LESSONS#x", f"AT#all{shard}")
    assert shard_main(["--store", "nowhere://x"]) == 2


def test_nothing_but_an_ops_command_scans() -> None:
    """A Scan reads the whole index: only operators' commands (ops/) may, never a request path."""
    root = Path(__file__).resolve().parent.parent
    backends = {"service/store/items.py", "service/store/sqlite.py", "service/store/dynamo.py"}
    callers = []
    for package in ("service", "functions", "puzzlebook", "sitebuild"):
        for path in (root / package).rglob("*.py"):
            rel = path.relative_to(root).as_posix()
            text = path.read_text(encoding="utf-8")
            if rel not in backends and ("scan_index(" in text or "\"scan\"" in text):
                callers.append(rel)
    assert callers == []


def test_the_daily_boards_views_read_the_kept_daily_once(store: Store, monkeypatch) -> None:
    """A kept daily never changes: the signed-in views of the chess daily board name the caller's solve
    by it, read once an app (its part: service/games/chess/puzzles.py; else each view reads the
    site-wide DAILY#chess: a shared key at 100 M)."""
    ctx = Context(store, settings_for_tests())
    day = STORE_T0.date()  # a Monday: its one daily is Easy
    path = f"chess/daily/{day}/Easy"
    none_yet = board_at(ctx, path, day, "ada")
    assert none_yet is not None and none_yet.spec.mine is None  # none kept yet: asked again later
    ChessRecords(store).keep_daily(day.isoformat(), "Easy", "aB3dE", 1600)
    reads = []
    real_get, real_query = store.get_item, store.query_items

    def got(pk: str, sk: str, **kw: Any) -> Any:
        reads.append(pk)
        return real_get(pk, sk, **kw)

    def queried(pk: str, *args: Any, **kw: Any) -> Any:
        reads.append(pk)
        return real_query(pk, *args, **kw)

    monkeypatch.setattr(store, "get_item", got)
    monkeypatch.setattr(store, "query_items", queried)
    for pid in ("ada", "bob", "cy"):
        live = board_at(ctx, path, day, pid)
        assert live is not None and live.spec.mine == (K.player(pid), "CS#aB3dE")
    assert reads.count("DAILY#chess") == 1
    # Without an app, the records read it themselves, each time.
    mine = ChessRecords(store).daily_spec(day.isoformat(), "Easy", me="ada").mine
    assert mine == (K.player("ada"), "CS#aB3dE")
    assert reads.count("DAILY#chess") == 2
