"""The store's contract: every test runs against SQLite and against DynamoDB (moto, the template's table)."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from puzzlebook.chain.results import Solve
from puzzlebook.lessons import stored_size
from puzzlebook.lessons.results import LessonResult, floor_of
from puzzlebook.ratings import NEW_PLAYER, rate_puzzle
from service.accounts import delete_player
from service.games.chain.records import ChainRecords
from service.games.chess.records import ChessRecords
from service.games.lessons.records import (
    LESSON_MAX_BYTES,
    MAX_PARTS,
    LessonHead,
    LessonRecords,
    LessonTooLarge,
)
from service.store.base import Absent, Add, Conflict, Put, Store, make_item, utc_stamp
from service.store.boards import BoardRead
from service.store.items import Gone
from tests.support import STORE_T0
from tests.support import record_test_miss as miss
from tests.support import record_test_solve as solve

T0 = STORE_T0
DAY = dt.date(2026, 11, 2)


def at(minutes: float) -> dt.datetime:
    return T0 + dt.timedelta(minutes=minutes)


# ---- primitives -------------------------------------------------------------------


def test_a_transaction_is_all_or_nothing(store: Store) -> None:
    store.transact([Put(make_item("A", "1", {"x": 1}), expect=0)])
    with pytest.raises(Conflict):
        store.transact([Put(make_item("A", "2", {"x": 2}), expect=0), Absent("A", "1")])
    assert store.get_item("A", "2") is None
    assert store.get_item("A", "1")["doc"] == {"x": 1}
    # An item written over before the failing condition is put back as it was.
    store.transact([Put(make_item("B", "1", {"y": 1}), expect=0)])
    with pytest.raises(Conflict):
        store.transact([Put(make_item("A", "1", {"x": 9})), Put(make_item("A", "3", {"x": 3}), expect=0),
                        Absent("B", "1")])
    assert store.get_item("A", "1")["doc"] == {"x": 1} and store.get_item("A", "3") is None
    assert [it["SK"] for it in store.query_items("A")] == ["1"]


def test_a_versioned_write_refuses_a_stale_version(store: Store) -> None:
    store.transact([Put(make_item("A", "1", {"n": 1}, version=1), expect=0)])
    store.transact([Put(make_item("A", "1", {"n": 2}, version=2), expect=1)])
    with pytest.raises(Conflict):
        store.transact([Put(make_item("A", "1", {"n": 3}, version=2), expect=1)])
    assert store.get_item("A", "1")["doc"] == {"n": 2}


def test_counters_add_up_to_their_ceiling(store: Store) -> None:
    for _ in range(3):
        store.transact([Add("C", "1", {"n": 1, "m": 2}, below=("n", 3))])
    with pytest.raises(Conflict):
        store.transact([Add("C", "1", {"n": 1}, below=("n", 3))])
    item = store.get_item("C", "1")
    assert (item["n"], item["m"]) == (3, 6)


def test_queries_read_in_sort_key_order_with_ranges(store: Store) -> None:
    for sk in ["b", "a", "c#1", "c#2", "d"]:
        store.transact([Put(make_item("Q", sk, {}, index={2: ("I", sk)}))])
    assert [i["SK"] for i in store.query_items("Q")] == ["a", "b", "c#1", "c#2", "d"]
    assert [i["SK"] for i in store.query_items("Q", prefix="c#")] == ["c#1", "c#2"]
    assert [i["SK"] for i in store.query_items("Q", low="b", high="c#2")] == ["b", "c#1", "c#2"]
    assert [i["SK"] for i in store.query_items("I", index=2, limit=2, reverse=True)] == ["d", "c#2"]
    assert [i["SK"] for i in store.query_items("I", index=2, below="c")] == ["a", "b"]
    assert store.query_sort_keys("Q") == ["a", "b", "c#1", "c#2", "d"]
    assert store.query_sort_keys("Q", low="b", high="c#2") == ["b", "c#1", "c#2"]
    assert store.query_sort_keys("Q", low="c") == ["c#1", "c#2", "d"]
    assert store.query_sort_keys("Q", high="b") == ["a", "b"] and store.query_sort_keys("none") == []
    assert not hasattr(store, "count_items")  # nothing counts a board (issue 28)
    assert store.query_items("I", index=1) == []


# ---- players -------------------------------------------------------------------------


def test_players_are_created_renamed_and_deleted(store: Store) -> None:
    ada = store.create_player("Ada", "hash-a", T0)
    bob = store.create_player("Bob", "hash-b", T0)
    assert ada.id != bob.id
    assert store.get_player(ada.id) == ada
    assert store.rename_player(ada.id, "Ada L").name == "Ada L"
    assert store.get_player(ada.id).token_hash == "hash-a"
    solve(store, ada.id, daily=DAY)
    assert store.delete_player(ada.id)
    assert store.get_player(ada.id) is None
    assert store.rename_player(ada.id, "Ghost") is None
    assert not store.delete_player(ada.id)
    assert ChessRecords(store).daily_board(DAY.isoformat(), "Medium").rows == []
    assert store.get_player(bob.id) == bob


def test_a_players_language_is_kept_on_their_profile_and_goes_with_them(store: Store) -> None:
    ada = store.create_player("Ada", "hash-a", T0)
    assert ada.language is None
    kept = store.set_language(ada.id, "es")
    assert kept is not None and kept.language == "es" and kept.name == "Ada"
    assert store.get_player(ada.id).language == "es"
    assert store.rename_player(ada.id, "Ada L").language == "es"  # a rename keeps it
    assert store.set_language(ada.id, "ar").name == "Ada L"  # and it keeps the name
    assert store.get_player(ada.id).language == "ar" and store.get_player(ada.id).token_hash == "hash-a"
    assert store.delete_player(ada.id)
    assert store.get_item(f"P#{ada.id}", "PROFILE") is None
    assert store.set_language(ada.id, "es") is None  # no player, nothing made


# ---- chess results -------------------------------------------------------------------


def test_the_first_solve_stands_and_is_rated_once(store: Store) -> None:
    pid = store.create_player("Ada", "h", T0).id
    first = solve(store, pid)
    assert not first.already and first.rated and first.clean
    assert first.before == NEW_PLAYER
    assert first.after == rate_puzzle(NEW_PLAYER, 1600, "clean")
    again = solve(store, pid, mistakes=3)
    assert again.already and not again.rated
    chess = ChessRecords(store).stats(pid)
    assert (chess.solved, chess.clean, chess.rated) == (1, 1, 1)
    assert chess.rating == first.after


def test_a_miss_is_a_loss_and_forces_a_mistake_on_a_later_solve(store: Store) -> None:
    pid = store.create_player("Ada", "h", T0).id
    lost = miss(store, pid)
    assert lost.rated and lost.after == rate_puzzle(NEW_PLAYER, 1600, "lost")
    assert miss(store, pid).already
    later = solve(store, pid, mistakes=0, hints=0)
    assert not later.already and not later.rated
    assert later.mistakes == 1 and not later.clean
    chess = ChessRecords(store).stats(pid)
    # The wrong move solved since is named "solved after a mistake", no longer "missed".
    assert (chess.solved, chess.clean, chess.missed, chess.after_mistake, chess.rated) == (1, 0, 0, 1, 1)
    assert chess.rating == lost.after
    solve_doc, miss_doc = ChessRecords(store).chess_result(pid, "aB3dE")
    assert solve_doc is not None and miss_doc is not None
    assert solve_doc.mistakes == 1 and miss_doc.how == "wrong"


def test_a_miss_after_a_solve_changes_nothing(store: Store) -> None:
    pid = store.create_player("Ada", "h", T0).id
    first = solve(store, pid)
    assert miss(store, pid).already
    chess = ChessRecords(store).stats(pid)
    assert chess.rating == first.after and chess.missed == 0


def test_hints_count_half_and_mistakes_lose(store: Store) -> None:
    pid = store.create_player("Ada", "h", T0).id
    hinted = solve(store, pid, puzzle="hint1", hints=2)
    assert hinted.after == rate_puzzle(NEW_PLAYER, 1600, "hints") and not hinted.clean
    wrong = solve(store, pid, puzzle="wrng1", mistakes=1)
    assert wrong.after == rate_puzzle(hinted.after, 1600, "lost")


def test_the_daily_board_ranks_clean_then_help_then_time_then_first_posted(store: Store) -> None:
    ChessRecords(store).keep_daily(DAY.isoformat(), "Medium", "aB3dE", 1600)
    entries = [  # name, mistakes, hints, seconds, minutes after T0
        ("slow-clean", 0, 0, 90, 1),
        ("fast-hint", 0, 1, 10, 2),
        ("fast-clean", 0, 0, 20, 3),
        ("tie-later", 0, 0, 20, 4),
        ("two-wrong", 2, 0, 15, 5),
        ("one-wrong", 1, 0, 200, 6),
    ]
    ids = {}
    keys = {}
    for name, mistakes, hints, seconds, minutes in entries:
        ids[name] = pid = store.create_player(name, "h", T0).id
        posted = solve(
            store, pid, mistakes=mistakes, hints=hints, seconds=seconds, daily=DAY, now=at(minutes)
        )
        # Its entry on the day's board: where the board's snapshot is, and its rank key there.
        assert posted.entry is not None and posted.entry.path == f"snapshots/chess/daily/{DAY}/Medium.json"
        keys[name] = posted.entry.key
        assert pid not in posted.entry.key
    endless = store.create_player("endless", "h", T0).id
    solve(store, endless)  # not posted as the daily: not on the board
    board = ChessRecords(store).daily_board(DAY.isoformat(), "Medium", me=ids["one-wrong"])
    assert [r.name for r in board.rows] == [
        "fast-clean",
        "tie-later",
        "slow-clean",
        "fast-hint",
        "one-wrong",
        "two-wrong",
    ]
    assert [r.place for r in board.rows] == [1, 2, 3, 4, 5, 6]
    assert board.rows[3].detail == {"mistakes": 0, "hints": 1, "seconds": 10, "clean": False}
    assert [r.key for r in board.rows] == [keys[r.name] for r in board.rows]  # the post's key is the board's
    assert board.mine is not None and board.mine.place == 5
    assert ChessRecords(store).daily_board(DAY.isoformat(), "Medium", me=endless).mine is None
    assert ChessRecords(store).daily_board(DAY.isoformat(), "Hard").rows == []


@pytest.mark.slow  # 102 players through moto
def test_a_board_is_the_top_100_and_your_place_beyond(store: Store) -> None:
    day = DAY.isoformat()
    ChessRecords(store).keep_daily(day, "Medium", "aB3dE", 1600)
    for k in range(102):
        pid = store.create_player(f"p{k:03d}", "h", T0).id
        solve(store, pid, seconds=10 + k, daily=DAY, now=at(k))
    board = ChessRecords(store).daily_board(day, "Medium", me=pid)
    assert len(board.rows) == 100
    assert board.rows[0].name == "p000" and board.rows[-1].name == "p099"
    assert board.mine.place == 102 and board.mine.name == "p101"


def test_a_board_read_for_its_snapshot_has_the_top_with_rank_keys_and_every_key(store: Store) -> None:
    """read_board: the top in order with names, places, details and rank keys (the sort key without
    the pid), every entry's rank key in order, and the size; no player id anywhere but the rows'."""
    records = ChessRecords(store)
    records.keep_daily(DAY.isoformat(), "Medium", "aB3dE", 1600)
    ids = {}
    for name, seconds, minutes in (("slow", 90, 1), ("fast", 20, 2), ("mid", 40, 3)):
        ids[name] = pid = store.create_player(name, "h", T0).id
        solve(store, pid, seconds=seconds, daily=DAY, now=at(minutes))
    read = store.read_board(records.daily_spec(DAY.isoformat(), "Medium"))
    assert [(r.place, r.name) for r in read.top] == [(1, "fast"), (2, "mid"), (3, "slow")]
    assert read.top[0].detail == {"mistakes": 0, "hints": 0, "seconds": 20, "clean": True}
    assert read.top[0].key == f"0#0000#000020#{utc_stamp(at(2))}"
    assert read.keys == [r.key for r in read.top] and read.sample is None and read.size == 3
    assert not any(pid in key for key in read.keys for pid in ids.values())
    # The board view agrees, and carries the same keys.
    board = records.daily_board(DAY.isoformat(), "Medium", me=ids["mid"])
    assert [r.key for r in board.rows] == read.keys and board.mine.key == read.keys[1]
    empty = store.read_board(records.daily_spec(DAY.isoformat(), "Hard"))
    assert empty == BoardRead([], [], None, 0)


def test_a_board_read_leaves_out_gone_players_and_merges_partitions(store: Store) -> None:
    ids = {}
    for k, name in enumerate(("Ada", "Bob", "Cy")):
        ids[name] = pid = store.create_player(name, "h", T0).id
        for n in range(3 - k):
            solve(store, pid, puzzle=f"{name[0].lower()}{n:04d}", now=at(k * 10 + n))
    store.delete_items([(f"P#{ids['Bob']}", "PROFILE")])  # a deletion under way
    read = store.read_board(ChessRecords(store).alltime_spec(None))
    assert [(r.place, r.name, r.detail["clean"]) for r in read.top] == [(1, "Ada", 3), (2, "Cy", 1)]
    assert read.keys == [r.key for r in read.top] and read.size == 2
    # The streak board is two partitions (today's and yesterday's), read as one board.
    today = DAY + dt.timedelta(days=1)
    solve(store, ids["Ada"], puzzle="ad001", daily=DAY, now=T0)
    solve(store, ids["Ada"], puzzle="ad002", daily=today, now=T0 + dt.timedelta(days=1))
    solve(store, ids["Cy"], puzzle="cy001", daily=today, now=T0 + dt.timedelta(days=1, hours=1))
    streaks = store.read_board(ChessRecords(store).streak_spec(today))
    assert [(r.name, r.detail["streak"]) for r in streaks.top] == [("Ada", 2), ("Cy", 1)]
    assert streaks.size == 2 and streaks.keys == sorted(streaks.keys)


@pytest.mark.slow  # 103 players through moto
def test_a_board_read_has_the_top_100_and_every_key_beyond(store: Store) -> None:
    day = DAY.isoformat()
    records = ChessRecords(store)
    records.keep_daily(day, "Medium", "aB3dE", 1600)
    for k in range(103):
        pid = store.create_player(f"p{k:03d}", "h", T0).id
        solve(store, pid, seconds=10 + k, daily=DAY, now=at(k))
    read = store.read_board(records.daily_spec(day, "Medium"))
    assert [r.name for r in read.top] == [f"p{k:03d}" for k in range(100)]
    assert read.size == 103 and len(read.keys) == 103 and read.keys == sorted(read.keys)
    assert read.keys[:100] == [r.key for r in read.top]


def test_streaks_count_days_in_a_row_ending_today_or_yesterday(store: Store) -> None:
    ada = store.create_player("Ada", "h", T0).id
    bob = store.create_player("Bob", "h", T0).id
    for k in range(3):
        day = DAY + dt.timedelta(days=k)
        solve(store, ada, puzzle=f"ada{k:02d}", daily=day, now=T0 + dt.timedelta(days=k))
    solve(
        store, ada, puzzle="ada99", daily=DAY + dt.timedelta(days=2), now=T0 + dt.timedelta(days=2, hours=1)
    )
    solve(store, bob, puzzle="bob00", daily=DAY + dt.timedelta(days=3), now=T0 + dt.timedelta(days=3))
    chess = ChessRecords(store).stats(ada)
    assert chess.streak.length == 3 and chess.streak.best == 3
    today = DAY + dt.timedelta(days=3)
    assert chess.streak.current(today) == 3  # last solved yesterday: still alive
    assert chess.streak.current(today + dt.timedelta(days=1)) == 0
    board = ChessRecords(store).streak_board(today, me=bob)
    assert [(r.name, r.detail["streak"]) for r in board.rows] == [("Ada", 3), ("Bob", 1)]
    assert board.mine.place == 2
    later = ChessRecords(store).streak_board(today + dt.timedelta(days=2))
    assert later.rows == []
    # A gap starts the run again.
    solve(store, ada, puzzle="ada05", daily=DAY + dt.timedelta(days=5), now=T0 + dt.timedelta(days=5))
    chess = ChessRecords(store).stats(ada)
    assert (chess.streak.length, chess.streak.best) == (1, 3)


def test_alltime_counts_clean_solves_by_band_and_over_all(store: Store) -> None:
    ada = store.create_player("Ada", "h", T0).id
    bob = store.create_player("Bob", "h", T0).id
    cy = store.create_player("Cy", "h", T0).id
    solve(store, ada, puzzle="a0001", band="Easy", now=at(1))
    solve(store, ada, puzzle="a0002", band="Hard", now=at(2))
    solve(store, bob, puzzle="b0001", band="Easy", now=at(3))
    solve(store, bob, puzzle="b0002", band="Easy", now=at(4))
    solve(store, cy, puzzle="c0001", band="Easy", mistakes=1, now=at(5))
    overall = ChessRecords(store).alltime_board(None, me=cy)
    # Ada and Bob both have two clean; Ada got there first.
    assert [(r.name, r.detail["clean"]) for r in overall.rows] == [("Ada", 2), ("Bob", 2)]
    assert overall.mine is None
    easy = ChessRecords(store).alltime_board("Easy", me=ada)
    assert [(r.name, r.detail["clean"]) for r in easy.rows] == [("Bob", 2), ("Ada", 1)]
    assert easy.mine.place == 2
    assert [r.name for r in ChessRecords(store).alltime_board("Hard").rows] == ["Ada"]


def test_the_ratings_board_holds_settled_ratings_of_thirty_results(store: Store) -> None:
    from puzzlebook.standing import RATED_FOR_BOARD

    ada = store.create_player("Ada", "h", T0).id
    bob = store.create_player("Bob", "h", T0).id
    cy = store.create_player("Cy", "h", T0).id
    store.create_player("Never played", "h", T0)
    for n in range(RATED_FOR_BOARD):  # won and lost in turn at her own level: settled by the 23rd
        rating = ChessRecords(store).stats(ada).current_rating.rating
        (solve if n % 2 == 0 else miss)(store, ada, puzzle=f"a{n:04d}", puzzle_rating=round(rating))
    miss(store, bob, puzzle="b0001", puzzle_rating=1200)  # provisional
    for n in range(RATED_FOR_BOARD):  # settled and 30 rated, but a new account's: on no board
        rating = ChessRecords(store).stats(cy).current_rating.rating
        post = solve if n % 2 == 0 else miss
        post(store, cy, puzzle=f"c{n:04d}", puzzle_rating=round(rating), on_boards=False)
    board = ChessRecords(store).ratings_board("chess", me=ada)
    assert [r.name for r in board.rows] == ["Ada"] and board.rows[0].detail["provisional"] is False
    assert board.mine.place == 1
    assert ChessRecords(store).ratings_board("chess", me=bob).mine is None


# ---- chain ---------------------------------------------------------------------------------


def test_chain_first_result_stands_and_the_board_ranks_clean_first(store: Store) -> None:
    day = DAY.isoformat()
    ids = {}
    for name, undos, resets, seconds, minutes in [
        ("undo", 1, 0, 10, 1),
        ("clean-slow", 0, 0, 80, 2),
        ("clean-fast", 0, 0, 40, 3),
        ("resets", 1, 2, 5, 4),
    ]:
        ids[name] = pid = store.create_player(name, "h", T0).id
        posted = ChainRecords(store).record_chain_solve(
            pid, Solve(day, [0, 1, 2], seconds, undos, resets), today=DAY, now=at(minutes)
        )
        assert not posted.already
    records = ChainRecords(store)
    again = records.record_chain_solve(ids["undo"], Solve(day, [0, 1, 2], 1), today=DAY, now=at(9))
    assert again.already
    board = ChainRecords(store).daily_board(day, me=ids["resets"])
    assert [r.name for r in board.rows] == ["clean-fast", "clean-slow", "undo", "resets"]
    assert board.mine.place == 4
    chain = ChainRecords(store).stats(ids["clean-fast"])
    assert (chain.solved, chain.clean, chain.streak.length) == (1, 1, 1)


def test_a_chain_giveup_stands_against_a_later_solve(store: Store) -> None:
    day = DAY.isoformat()
    pid = store.create_player("Ada", "h", T0).id
    assert not ChainRecords(store).record_chain_giveup(pid, day, T0).already
    kept = ChainRecords(store).chain_result(pid, day)
    assert kept is not None and kept.kind == "giveup"
    late = ChainRecords(store).record_chain_solve(pid, Solve(day, [0], 5), today=DAY, now=at(1))
    assert late.already and late.kind == "giveup"
    assert ChainRecords(store).daily_board(day).rows == []
    chain = ChainRecords(store).stats(pid)
    assert (chain.solved, chain.gave_up) == (0, 1)


def test_an_archive_solve_is_kept_but_not_on_the_board_or_the_streak(store: Store) -> None:
    pid = store.create_player("Ada", "h", T0).id
    posted = ChainRecords(store).record_chain_solve(pid, Solve("2026-10-01", [0, 1, 2], 9), today=DAY, now=T0)
    assert posted.entry is None
    assert ChainRecords(store).daily_board("2026-10-01").rows == []
    chain = ChainRecords(store).stats(pid)
    assert (chain.solved, chain.streak.length) == (1, 0)


# ---- site-wide records ----------------------------------------------------------------------


def test_rate_windows_refuse_past_the_limit_and_reopen(store: Store) -> None:
    now = 1_800_000_000 + 100
    for _ in range(3):
        assert store.take_rate("replay", "p1", limit=3, window=3600, now_ts=now) is None
    wait = store.take_rate("replay", "p1", limit=3, window=3600, now_ts=now)
    assert wait is not None and 0 < wait <= 3600
    assert store.take_rate("replay", "p2", limit=3, window=3600, now_ts=now) is None
    assert store.take_rate("replay", "p1", limit=3, window=3600, now_ts=now + wait) is None


def test_kept_dailies_first_pick_stands(store: Store) -> None:
    assert ChessRecords(store).keep_daily("2026-01-01", "Easy", "aaaaa", 1100).id == "aaaaa"
    assert ChessRecords(store).keep_daily("2026-01-01", "Easy", "bbbbb", 1200).id == "aaaaa"
    ChessRecords(store).keep_daily("2026-01-01", "Hard", "ccccc", 1900)
    ChessRecords(store).keep_daily("2026-01-02", "Easy", "ddddd", 1150)
    assert [d.band for d in ChessRecords(store).dailies_on("2026-01-01")] == ["Easy", "Hard"]
    assert [d.id for d in ChessRecords(store).kept_dailies("2026-01-02")] == ["ddddd"]
    assert [d.id for d in ChessRecords(store).kept_dailies(None, "2026-01-01")] == ["aaaaa", "ccccc"]


def test_chain_days_are_stored_once_and_failures_noted(store: Store) -> None:
    row = {"date": "2026-11-03", "level": "easy", "hand": [{"op": "add", "n": 5}], "walkthrough": ["x"]}
    assert ChainRecords(store).put_chain_day("2026-11-03", row)
    assert not ChainRecords(store).put_chain_day("2026-11-03", {**row, "level": "hard"})
    assert ChainRecords(store).chain_day("2026-11-03") == row
    ChainRecords(store).put_chain_day("2026-11-01", {**row, "date": "2026-11-01"})
    assert ChainRecords(store).chain_days() == ["2026-11-01", "2026-11-03"]
    assert ChainRecords(store).chain_days("2026-11-02", "2026-11-30") == ["2026-11-03"]
    assert ChainRecords(store).last_chain_day() == "2026-11-03"
    assert ChainRecords(store).chain_day("2026-11-02") is None
    ChainRecords(store).record_chain_failure("2026-11-02", "spare", "a spare no chain reaches", T0)
    assert ChainRecords(store).chain_failures()["2026-11-02"].code == "spare"


def test_lessons_are_kept_for_their_owner(store: Store) -> None:
    lesson = {
        "title": "Forks",
        "puzzles": [{"fen": "8/8/8/8/8/8/8/8 w - - 0 1", "moves": ["e2e4"]}],
        "note": "é ♞",
    }
    first = LessonRecords(store).save_lesson("owner1", lesson, T0)
    second = LessonRecords(store).save_lesson("owner1", [lesson], at(1))
    LessonRecords(store).save_lesson("owner2", lesson, at(2))
    assert len(first) >= 16 and first != second
    got = LessonRecords(store).get_lesson(first)
    assert got.lesson == lesson and got.owner_id == "owner1"
    assert [x.id for x in LessonRecords(store).list_lessons("owner1")] == [second, first]
    assert not LessonRecords(store).delete_lesson(first, "owner2")
    assert LessonRecords(store).record_lesson_result(first, 0, "guest-1", LessonResult.posted(True, True))
    assert not LessonRecords(store).record_lesson_result(
        first, 0, "guest-1", LessonResult.posted(False, False)
    )
    assert LessonRecords(store).record_lesson_result(first, 0, "guest-2", LessonResult.posted(True, False))
    assert LessonRecords(store).record_lesson_result(first, 2, "guest-2", LessonResult.posted(False, False))
    assert LessonRecords(store).lesson_results(first) == {
        0: {"played": 2, "solved": 2, "clean": 1},
        2: {"played": 1, "solved": 0, "clean": 0},
    }
    assert LessonRecords(store).delete_lesson(first, "owner1")
    assert LessonRecords(store).get_lesson(first) is None
    assert LessonRecords(store).lesson_results(first) == {}
    assert LessonRecords(store).get_lesson("no-such-lesson") is None


def test_the_engines_findings_are_kept_with_the_lesson_and_go_with_it(store: Store) -> None:
    lessons = LessonRecords(store)
    lesson_id = lessons.save_lesson("owner1", {"name": "x", "puzzles": []}, T0)
    assert lessons.engine_check(lesson_id) is None
    found = [{"puzzle": 1, "kind": "loses", "words": "White's 2nd move Nxe5 loses (−3.1) «é»"}]
    assert lessons.keep_check(lesson_id, 1, found, at(1))
    kept = lessons.engine_check(lesson_id)
    assert (kept.version, list(kept.findings), kept.checked) == (1, found, "2026-11-02T09:01:00.000000Z")
    assert lessons.keep_check(lesson_id, 1, [], at(2))  # the next check replaces it whole
    assert lessons.engine_check(lesson_id).findings == ()
    assert lessons.get_lesson(lesson_id).lesson == {"name": "x", "puzzles": []}  # the lesson untouched
    assert lessons.delete_lesson(lesson_id, "owner1")
    assert lessons.engine_check(lesson_id) is None
    assert not lessons.keep_check(lesson_id, 1, found, at(3))  # a lesson gone: nothing written
    assert lessons.engine_check(lesson_id) is None


def test_deleting_a_player_deletes_their_lessons(store: Store) -> None:
    pid = store.create_player("Teacher", "h", T0).id
    lesson_id = LessonRecords(store).save_lesson(pid, {"title": "x"}, T0)
    delete_player(store, pid)
    assert LessonRecords(store).get_lesson(lesson_id) is None


# ---- lessons larger than one DynamoDB item --------------------------------------------------

# Text that crosses part boundaries inside multi-byte characters and JSON escapes.
WORDS = 'Le roi «blanc» joue — "vite" ♞ 王手\\ ok\n'


def _lesson_of(size: int) -> dict:
    """A lesson-shaped value whose compact UTF-8 JSON is exactly `size` bytes."""
    puzzle = {"fen": "6k1/5ppp/8/8/8/6P1/8/R5K1 w - - 0 1", "moves": [{"uci": "a1a8", "comment": WORDS * 40}]}
    lesson = {"version": 1, "name": "Big", "puzzles": [puzzle], "pad": ""}
    more = (size - stored_size(lesson)) // (stored_size(puzzle) + 1)  # each one more, with its comma
    lesson["puzzles"] += [json.loads(json.dumps(puzzle)) for _ in range(more)]
    lesson["pad"] = "x" * (size - stored_size(lesson))
    assert stored_size(lesson) == size
    return lesson


def test_a_lesson_larger_than_a_dynamodb_item_is_kept_whole(store: Store) -> None:
    lesson = _lesson_of(LESSON_MAX_BYTES)  # the largest kept: more than twice DynamoDB's 400 KB
    lessons = LessonRecords(store)
    lesson_id = lessons.save_lesson("owner1", lesson, T0, name="Big «one»", count=len(lesson["puzzles"]))
    assert LessonRecords(store).get_lesson(lesson_id).lesson == lesson
    count = len(lesson["puzzles"])
    floors = tuple(floor_of(p) for p in lesson["puzzles"])  # each puzzle's student moves
    assert LessonRecords(store).lesson_head(lesson_id) == LessonHead(
        lesson_id, "owner1", "Big «one»", count, "2026-11-02T09:00:00.000000Z", 1, (1,) * count, floors=floors
    )
    assert LessonRecords(store).list_lessons("owner1") == [LessonRecords(store).lesson_head(lesson_id)]
    assert len(store.query_items(f"L#{lesson_id}", prefix="PART#")) == MAX_PARTS
    assert LessonRecords(store).delete_lesson(lesson_id, "owner1")
    assert LessonRecords(store).get_lesson(lesson_id) is None and store.query_items(f"L#{lesson_id}") == []


def test_a_lesson_over_the_limit_is_refused_before_anything_is_kept(store: Store) -> None:
    with pytest.raises(LessonTooLarge) as refused:
        too_big = _lesson_of(LESSON_MAX_BYTES + 1)
        LessonRecords(store).save_lesson("owner1", too_big, T0, name="Too big", count=1)
    assert (refused.value.size, refused.value.limit) == (LESSON_MAX_BYTES + 1, LESSON_MAX_BYTES)
    assert LessonRecords(store).list_lessons("owner1") == []


def test_a_lesson_kept_whole_in_one_item_before_the_split_is_still_read(store: Store) -> None:
    lesson = {"version": 1, "name": "Old", "kind": "json", "puzzles": [{"fen": "x", "moves": []}] * 3}
    doc = {"owner": "owner1", "lesson": lesson, "created": "2026-11-02T09:00:00.000000Z"}
    listed = {2: ("LESSONS#owner1", "2026-11-02T09:00:00.000000Z#AAAAAAAAAAAAAAAA")}
    store.transact([Put(make_item("L#AAAAAAAAAAAAAAAA", "LESSON", doc, index=listed), expect=0)])
    assert LessonRecords(store).get_lesson("AAAAAAAAAAAAAAAA").lesson == lesson
    head = LessonHead("AAAAAAAAAAAAAAAA", "owner1", "Old", 3, "2026-11-02T09:00:00.000000Z", 1, (1, 1, 1))
    assert LessonRecords(store).lesson_head("AAAAAAAAAAAAAAAA") == head
    assert LessonRecords(store).list_lessons("owner1") == [head]
    assert LessonRecords(store).delete_lesson("AAAAAAAAAAAAAAAA", "owner1")
    assert LessonRecords(store).get_lesson("AAAAAAAAAAAAAAAA") is None


# ---- plays (service/plays.py) -------------------------------------------------------------


def test_a_new_ticket_is_the_players_current_play_and_closes_the_last(store: Store) -> None:
    from puzzlebook.tickets import TicketRefused, read, ticket_key
    from service.plays import PlayCheck, open_play, play_key

    p1 = store.create_player("Ada", "h", T0).id
    p2 = store.create_player("Bob", "h", T0).id
    first = open_play(store, b"k", p1, "chess", "aB3dE", T0)
    assert read(first.text, ticket_key(b"k")) == first.ticket
    item = store.get_item(*play_key(p1, "chess"))  # the game's state item: the play beside the tallies
    assert play_key(p1, "chess") == (f"P#{p1}", "STATS#chess") and "expires_at" not in item
    assert item["play"]["nonce"] == first.ticket.nonce and item["play"]["closed"] is None
    assert item["play"]["expires"] == int(T0.timestamp()) + 7 * 86_400  # a week: time kept for a puzzle left
    second = open_play(store, b"k", p1, "chess", "zZ9yY", at(1))
    got = store.get_items([play_key(p1, "chess")])
    with pytest.raises(TicketRefused) as closed:
        PlayCheck(p1, first.ticket).is_tie(got)
    assert closed.value.reason == "closed"
    assert PlayCheck(p1, second.ticket).is_tie(got) is False
    # Another game's play, or another player's, is its own.
    open_play(store, b"k", p1, "chain", "2026-11-02", at(2))
    open_play(store, b"k", p2, "chess", "aB3dE", at(2))
    assert PlayCheck(p1, second.ticket).is_tie(store.get_items([play_key(p1, "chess")])) is False
    # Past its week, a play reads as none: its ticket is closed.
    week_on = int(at(2).timestamp()) + 7 * 86_400
    with pytest.raises(TicketRefused):
        PlayCheck(p1, second.ticket, now_ts=week_on).is_tie(store.get_items([play_key(p1, "chess")]))


def test_a_result_ends_its_play_on_the_version_read(store: Store) -> None:
    from service.plays import PlayCheck, open_play, play_key

    p1 = store.create_player("Ada", "h", T0).id
    issued = open_play(store, b"k", p1, "chess", "aB3dE", T0)
    check = PlayCheck(p1, issued.ticket)
    read_before = store.get_items([check.key])
    store.transact(check.onto([], read_before, check.recording(read_before, counted=False, closed="solve")))
    assert store.get_item(*play_key(p1, "chess"))["play"]["closed"] == "solve"
    # A second result decided on the same read loses its write (the version moved on).
    with pytest.raises(Conflict):
        store.transact(check.onto([], read_before,
                                  check.recording(read_before, counted=False, closed="solve")))
    now = store.get_items([check.key])
    assert check.is_tie(now, ties_with="solve") is True  # a miss of the same play: a tie
    # A ticket opened after the read also makes the stale closing lose.
    newer = open_play(store, b"k", p1, "chess", "zZ9yY", at(1))
    with pytest.raises(Conflict):
        store.transact(check.onto([], now, check.recording(now, counted=False, closed="miss")))
    assert store.get_item(*play_key(p1, "chess"))["play"]["nonce"] == newer.ticket.nonce


def test_the_hourly_count_lives_in_the_play_and_outlives_it(store: Store) -> None:
    """A rated result's count against the hourly cap is written with its play, in the player's own
    partition (no item of its own), carried to the next play when a ticket is issued, and refused
    (CapReached) at the cap; a wrong move counts without ending the play."""
    from puzzlebook.rolling import Rolling
    from service.plays import CapReached, PlayCheck, open_play, play_key

    p1 = store.create_player("Ada", "h", T0).id
    rule, now_ts = Rolling(2, 3600), int(T0.timestamp())
    first = open_play(store, b"k", p1, "chess", "aB3dE", T0)
    check = PlayCheck(p1, first.ticket, rule, now_ts)
    got = store.get_items(check.keys)
    store.transact(check.onto([], got, check.recording(got, counted=True, closed=None)))
    play = store.get_item(*play_key(p1, "chess"))["play"]
    assert play["closed"] is None and rule.counted(play["rated"], now_ts) == 1
    assert check.recording(store.get_items(check.keys), counted=False, closed=None) is None
    second = open_play(store, b"k", p1, "chess", "zZ9yY", at(1))
    assert rule.counted(store.get_item(*play_key(p1, "chess"))["play"]["rated"], now_ts + 60) == 1
    check = PlayCheck(p1, second.ticket, rule, now_ts + 60)
    got = store.get_items(check.keys)
    store.transact(check.onto([], got, check.recording(got, counted=True, closed="solve")))
    third = open_play(store, b"k", p1, "chess", "cC4dD", at(2))
    with pytest.raises(CapReached):
        PlayCheck(p1, third.ticket, rule, now_ts + 120).recording(store.get_items(check.keys), counted=True,
                                                                  closed="solve")
    assert [it["SK"] for it in store.query_items(f"RW#rated-chess#{p1}")] == []


def test_a_resumed_play_carries_the_time_it_was_current_and_no_more(store: Store) -> None:
    from puzzlebook.tickets import HELD
    from service.plays import open_play, play_key

    p1 = store.create_player("Ada", "h", T0).id
    first = open_play(store, b"k", p1, "chess", "aB3dE", T0)
    second = open_play(store, b"k", p1, "chess", "zZ9yY", T0 + dt.timedelta(seconds=40))  # left after 40 s
    later = T0 + dt.timedelta(hours=5)
    again = open_play(store, b"k", p1, "chess", "aB3dE", later, resume=first.ticket)
    assert again.ticket.issued == int(later.timestamp() * 1000) - 40_000
    # Taken up, it is current again and no longer held; the one it replaced is held with its time.
    doc = store.get_item(*play_key(p1, "chess"))["play"]
    assert doc["nonce"] == again.ticket.nonce
    assert doc["held"] == [[second.ticket.nonce, 5 * 3600 * 1000 - 40_000]]
    # A ticket taken up twice carries its time once: the old one now opens anew.
    twice = open_play(store, b"k", p1, "chess", "aB3dE", later, resume=first.ticket)
    assert twice.ticket.issued == int(later.timestamp() * 1000)
    # The record holds HELD - 1 plays left part way at most, and stays small.
    for n in range(2 * HELD):
        open_play(store, b"k", p1, "chess", f"x{n}", later + dt.timedelta(seconds=n))
    item = store.get_item(*play_key(p1, "chess"))
    assert len(item["play"]["held"]) == HELD - 1 and len(json.dumps(item["play"])) < 1024


def test_the_tallies_and_the_play_share_one_item_and_keep_each_other(store: Store) -> None:
    """A result writes the game's state item once: its tallies and its play together. A result that
    doesn't touch the play (no ticket) keeps it as it was, and a ticket keeps the tallies."""
    from puzzlebook.tickets import TicketRefused
    from service.plays import PlayCheck, open_play, play_key

    p1 = store.create_player("Ada", "h", T0).id
    first = open_play(store, b"k", p1, "chess", "aB3dE", T0)
    solve(store, p1, "zzzzz", now=at(1), offline=True)  # a result without a ticket meanwhile
    item = store.get_item(*play_key(p1, "chess"))
    assert item["play"]["nonce"] == first.ticket.nonce and item["stats"]["solved"] == 1
    records = ChessRecords(store)
    from puzzlebook.chess.results import SolvePost

    post = SolvePost("aB3dE", "Medium", 1600, ["e2e4"], 0, 0, 30, DAY)
    assert records.record_solve(p1, post, at(2), PlayCheck(p1, first.ticket)).rated
    item = store.get_item(*play_key(p1, "chess"))
    assert item["play"]["closed"] == "solve" and item["stats"]["solved"] == 2 and item["v"] == 3
    open_play(store, b"k", p1, "chess", "cC4dD", at(3))
    assert store.get_item(*play_key(p1, "chess"))["stats"]["solved"] == 2
    with pytest.raises(TicketRefused):
        records.record_solve(p1, post, at(4), PlayCheck(p1, first.ticket))


def test_a_play_kept_before_plays_moved_into_the_state_item_still_reads(store: Store) -> None:
    """A play kept the old way (its own item, `PLAY#<game>`, with its TTL) is the current play until
    the state item holds one: its result is kept and rated, its hourly count carries on, and a ticket
    taken up carries its time."""
    from puzzlebook.rolling import Rolling
    from puzzlebook.tickets import new_ticket
    from service.plays import PlayCheck, open_play, play_key
    from service.store import keys as K

    p1 = store.create_player("Ada", "h", T0).id
    solve(store, p1, "zzzzz", now=T0)  # tallies kept before, without a play
    rule, now_ts = Rolling(2, 3600), int(at(2).timestamp())
    ticket = new_ticket(p1, "chess", "aB3dE", int(at(1).timestamp() * 1000), "", 0)
    counted = rule.take(None, now_ts - 60)
    old = make_item(K.player(p1), K.play("chess"), {"nonce": ticket.nonce, "target": "aB3dE",
                                                    "issued": ticket.issued, "closed": None, "held": [],
                                                    "rated": counted},
                    version=1, expires_at=int(at(1).timestamp()) + 7 * 86_400)
    store.transact([Put(old)])
    from puzzlebook.chess.results import SolvePost

    post = SolvePost("aB3dE", "Medium", 1600, ["e2e4"], 0, 0, 30, DAY)
    assert ChessRecords(store).record_solve(p1, post, at(2), PlayCheck(p1, ticket, rule, now_ts)).rated
    play = store.get_item(*play_key(p1, "chess"))["play"]
    assert play["closed"] == "solve" and rule.counted(play["rated"], now_ts) == 2
    # Taken up: a play left part way the old way carries its time (a player with no state item yet).
    p2 = store.create_player("Bob", "h", T0).id
    left = new_ticket(p2, "chess", "bB3dE", int(T0.timestamp() * 1000), "", 0)
    held = {"nonce": "other", "issued": 0, "closed": None, "held": [[left.nonce, 30_000]]}
    store.transact([Put(make_item(K.player(p2), K.play("chess"), held, version=1,
                                  expires_at=int(at(1).timestamp()) + 7 * 86_400))])
    again = open_play(store, b"k", p2, "chess", "bB3dE", at(5), resume=left)
    assert again.ticket.issued == int(at(5).timestamp() * 1000) - 30_000


def test_a_rolling_limit_counts_any_window_not_the_clock_hour(store: Store) -> None:
    from puzzlebook.rolling import Rolling
    from service.store.site import RollingCap

    rule = Rolling(3, 3600)
    turn = int(dt.datetime(2026, 11, 2, 13, 0, tzinfo=dt.UTC).timestamp())
    assert [store.take_rolling(RollingCap("t", "who", rule, turn - 30 + k)) for k in range(3)] == [None] * 3
    assert store.take_rolling(RollingCap("t", "who", rule, turn + 30)) == 3600 - 60 + 2  # 12:59:32 + 1 h
    assert store.take_rolling(RollingCap("t", "other", rule, turn + 30)) is None  # another who: its own
    assert store.take_rolling(RollingCap("t", "who", rule, turn - 28 + 3600)) is None
    item = store.get_item(*RollingCap("t", "who", rule, turn).key)
    assert item["expires_at"] == turn - 28 + 3600 + 3600 + 60 and len(json.dumps(item["doc"])) < 1024


def test_offline_results_count_for_the_player_but_on_no_board(store: Store) -> None:
    records = ChessRecords(store)
    p1 = store.create_player("Away", "h", T0).id
    p2 = store.create_player("Here", "h", T0).id
    solve(store, p1, "aB3dE", offline=True, daily=DAY)
    solve(store, p2, "aB3dE", daily=DAY)
    stats = records.stats(p1)
    assert (stats.solved, stats.clean, stats.offline_clean, stats.rated) == (1, 1, 1, 0)
    assert stats.streak.current(DAY) == 1 and stats.ranked_streak.current(DAY) == 0
    assert [r.player_id for r in records.daily_board(DAY.isoformat(), "Medium").rows] == [p2]
    assert [r.player_id for r in records.alltime_board().rows] == [p2]
    assert [r.player_id for r in records.alltime_board("Medium").rows] == [p2]
    assert records.ratings_board().rows == []  # nor p2's: one rated result is provisional
    assert [r.player_id for r in records.streak_board(DAY).rows] == [p2]
    chain = ChainRecords(store)
    chain.record_chain_solve(p1, Solve(DAY.isoformat(), [0, 1], 9, offline=True), today=DAY, now=T0)
    assert chain.stats(p1).streak.current(DAY) == 1
    assert chain.daily_board(DAY.isoformat()).rows == [] and chain.streak_board(DAY).rows == []
# ---- the chess dashboard and history --------------------------------------------------


def test_a_first_result_writes_its_line_into_its_day_in_its_transaction(store: Store) -> None:
    from service.games.chess.history import ChessHistory

    pid = store.create_player("Ada", "h", T0).id
    solve(store, pid, "aaaaa", themes=("fork", "short"), puzzle_rating=1400)
    miss(store, pid, "bbbbb", themes=("fork",), puzzle_rating=1600, now=at(5))
    miss(store, pid, "ccccc", how="gave-up", themes=("pin",), puzzle_rating=1500, now=at(10))
    solve(store, pid, "ddddd", hints=1, themes=("pin",), now=at(15))
    # Not first results: a solve after its miss, a second solve, a second miss.
    solve(store, pid, "bbbbb", themes=("fork",), puzzle_rating=1600, now=at(20))
    solve(store, pid, "aaaaa", themes=("fork", "short"), puzzle_rating=1400, now=at(25))
    miss(store, pid, "ccccc", themes=("pin",), now=at(30))
    history = ChessHistory(store)
    (tally,) = history.day_tallies(pid, DAY.isoformat(), 7)
    assert (tally.played, tally.first, tally.ratings) == (4, 1, 6100)
    assert tally.themes == {"fork": (2, 1, 3000), "pin": (2, 0, 3100), "short": (1, 1, 1400)}
    assert tally.rating == round(ChessRecords(store).stats(pid).rating.rating)
    page = history.page(pid)
    # bbbbb's first result was a miss (it stays one in the tally), but it was solved after: the
    # page reads its solve and says so; ccccc, shown first, stays shown.
    assert [(line.id, line.result) for line in page.lines] == [
        ("ddddd", "help"), ("ccccc", "shown"), ("bbbbb", "mistake"), ("aaaaa", "clean")
    ]
    assert page.next is None
    assert [line.id for line in history.page(pid, missed=True).lines] == ["ccccc", "bbbbb"]
    assert page.lines[-1].before == 1500 and page.lines[-1].themes == ("fork", "short")


@pytest.mark.parametrize("late", [False, True], ids=["same day", "after midnight"])
def test_a_miss_that_wins_a_tie_takes_the_solves_line_and_its_days_tally(store: Store, late: bool) -> None:
    """The solve's line goes and the miss's takes its place, counted on the solve's day, whatever the
    miss's own day holds (after midnight: nothing yet; the solve's line used to stay beside it)."""
    from puzzlebook.chess.results import MissPost, SolvePost
    from service.games.chess.history import ChessHistory
    from service.plays import PlayCheck, open_play

    pid = store.create_player("Tied", "h", T0).id
    evening = dt.datetime.combine(DAY, dt.time(23, 59), tzinfo=dt.UTC)
    play = PlayCheck(pid, open_play(store, b"k", pid, "chess", "aB3dE", evening).ticket)
    solved_at = evening + dt.timedelta(seconds=30)
    missed_at = solved_at + dt.timedelta(seconds=60 if late else 10)
    records = ChessRecords(store)
    solve = SolvePost("aB3dE", "Medium", 1600, ["e2e4"], 0, 0, 30, solved_at.date(), themes=("fork",))
    assert records.record_solve(pid, solve, solved_at, play).rated
    miss = MissPost("aB3dE", "Medium", 1600, "wrong", ["e2e4"], missed_at.date(), themes=("fork",))
    assert records.record_miss(pid, miss, missed_at, play).rated
    history = ChessHistory(store)
    (line,) = history.page(pid).lines
    # The solve stayed (as one after a miss): the line reads "solved after a mistake".
    assert (line.result, line.day, line.posted) == ("mistake", DAY.isoformat(), utc_stamp(missed_at))
    assert [m.id for m in history.page(pid, missed=True).lines] == ["aB3dE"]
    tallies = history.day_tallies(pid, (DAY + dt.timedelta(days=1)).isoformat(), 2)
    assert [(t.day, t.played, t.first, t.themes) for t in tallies] == [
        (DAY.isoformat(), 1, 0, {"fork": (1, 0, 1600)})
    ]
    assert tallies[0].rating == round(rate_puzzle(NEW_PLAYER, 1600, "lost").rating)


def test_a_day_written_since_it_was_read_makes_the_result_lose(store: Store) -> None:
    """The day's item is written on the version read: a result that read it before another result
    wrote it is refused whole, so no line is lost."""
    from service.games.chess import keys as CK
    from service.games.chess.history import ChessHistory
    from service.store import keys as K

    pid = store.create_player("Ada", "h", T0).id
    solve(store, pid, "aaaaa")
    day = store.get_item(K.player(pid), CK.chess_day(DAY.isoformat()))
    assert day is not None and day["v"] == 1
    with pytest.raises(Conflict):
        store.transact([
            Put(make_item(K.player(pid), "CS#bbbbb", {"x": 1}), expect=0),
            Put(make_item(K.player(pid), CK.chess_day(DAY.isoformat()), {"day": DAY.isoformat(), "lines": []},
                          version=1), expect=0),
        ])
    assert store.get_item(K.player(pid), "CS#bbbbb") is None
    assert [line.id for line in ChessHistory(store).page(pid).lines] == ["aaaaa"]


def test_a_busy_day_keeps_its_item_under_a_kilobyte_in_pages_of_lines(store: Store) -> None:
    """Fifty results in a day: the day's own item stays under 1 KB (one write unit), its older lines
    in pages of their own; the dashboard and the history read every one. A miss that wins a tie
    against a solve whose line went to a page takes its place there."""
    import json

    from puzzlebook.chess.results import MissPost, SolvePost
    from service.games.chess import keys as CK
    from service.games.chess.history import PAGE, ChessHistory
    from service.plays import PlayCheck, open_play
    from service.store import keys as K

    pid = store.create_player("Busy", "h", T0).id
    records = ChessRecords(store)
    opened = at(0)
    play = PlayCheck(pid, open_play(store, b"k", pid, "chess", "tie00", opened).ticket)
    tied = SolvePost("tie00", "Medium", 1600, ["e2e4"], 0, 0, 30, DAY, themes=("fork",))
    assert records.record_solve(pid, tied, at(1), play).rated
    for n in range(1, 50):  # offline results meanwhile (no ticket): the play stays the current one
        themes = ("fork", "middlegame", "short", "advantage")
        if n % 5:
            solve(store, pid, f"p{n:04d}", themes=themes, now=at(1 + n / 100), offline=True)
        else:
            miss(store, pid, f"p{n:04d}", themes=themes, now=at(1 + n / 100), offline=True)
    items = [store.get_item(K.player(pid), CK.chess_day(DAY.isoformat())),
             *store.query_items(K.player(pid), prefix=CK.CHESS_DAY_PAGE)]
    assert len(items) > 5 and items[0]["doc"]["pages"] == len(items) - 1  # the day's own item and its pages
    for item in items:
        assert len(json.dumps(item["doc"], separators=(",", ":"))) < 1000
    late = MissPost("tie00", "Medium", 1600, "wrong", ["e2e4"], DAY, themes=("fork",))
    assert records.record_miss(pid, late, at(2), play).rated  # wins the tie
    history = ChessHistory(store)
    (tally,) = history.day_tallies(pid, DAY.isoformat(), 7)
    assert (tally.played, tally.first) == (50, 40)  # 40 offline clean solves; the tie's solve lost it
    seen: list[str] = []
    cursor = None
    while True:
        page = history.page(pid, cursor)
        assert len(page.lines) <= PAGE
        seen += [line.id for line in page.lines]
        if (cursor := page.next) is None:
            break
    assert seen == ["tie00", *(f"p{n:04d}" for n in range(49, 0, -1))]
    missed = [line.id for line in history.page(pid, missed=True).lines]
    assert missed == ["tie00", *(f"p{n:04d}" for n in range(45, 0, -5))]


def test_a_history_kept_before_days_kept_their_lines_still_reads(store: Store) -> None:
    """Days kept the old way (a day's tally, and each line an item of its own, missed ones twice) read
    beside the new: the dashboard adds a day's kept tally to the lines it has since, the history lists
    the old lines after the new, and a miss that wins a tie against an old line's solve takes its
    place (the line goes, the day's tally no longer counts it first try)."""
    from puzzlebook.chess.dashboard import add_result
    from puzzlebook.chess.kept import HistoryLine
    from puzzlebook.chess.results import MissPost, SolvePost
    from service.games.chess import keys as CK
    from service.games.chess.history import ChessHistory
    from service.plays import PlayCheck, open_play
    from service.store import keys as K

    pid = store.create_player("Old", "h", T0).id
    records = ChessRecords(store)
    yesterday = (DAY - dt.timedelta(days=1)).isoformat()
    # What the code before kept: yesterday's two lines and tally; today's solve of a play still open.
    play = PlayCheck(pid, open_play(store, b"k", pid, "chess", "old02", at(0)).ticket)
    assert records.record_solve(pid, SolvePost("old02", "Medium", 1600, ["e2e4"], 0, 0, 30, DAY,
                                               themes=("pin",)), at(1), play).rated
    lines = [
        HistoryLine("old00", "Medium", 1500, ("fork",), "clean", yesterday, f"{yesterday}T09:00:00.000000Z",
                    1500, 1560),
        HistoryLine("old01", "Medium", 1700, ("pin",), "missed", yesterday, f"{yesterday}T09:05:00.000000Z",
                    1560, 1500),
    ]
    today_line = HistoryLine("old02", "Medium", 1600, ("pin",), "clean", DAY.isoformat(),
                             utc_stamp(at(1)), 1500, 1580)
    kept = None
    for line in lines:
        kept = add_result(kept, yesterday, line.themes, line.rating, line.result == "clean", line.after)
    today_kept = add_result(None, DAY.isoformat(), ("pin",), 1600, True, 1580)
    old_items = [
        make_item(K.player(pid), CK.chess_day(yesterday), kept.to_doc() if kept else {}),
        make_item(K.player(pid), CK.chess_day(DAY.isoformat()), today_kept.to_doc()),
        *(make_item(K.player(pid), CK.chess_history(line.posted, line.id), line.to_doc())
          for line in [*lines, today_line]),
        make_item(K.player(pid), CK.chess_history(lines[1].posted, "old01", missed=True), lines[1].to_doc()),
    ]
    store.delete_items([(K.player(pid), CK.chess_day(DAY.isoformat()))])
    store.transact([Put(item) for item in old_items])
    history = ChessHistory(store)
    assert [line.id for line in history.page(pid).lines] == ["old02", "old01", "old00"]
    # New results today beside the old tally, and a miss that wins the tie against old02's solve.
    solve(store, pid, "new00", themes=("fork",), puzzle_rating=1400, now=at(2))
    late = MissPost("old02", "Medium", 1600, "wrong", ["e2e4"], DAY, themes=("pin",))
    assert records.record_miss(pid, late, at(3), play).rated
    assert [line.id for line in history.page(pid).lines] == ["old02", "new00", "old01", "old00"]
    assert history.page(pid).lines[0].result == "mistake"  # solved, after the miss that won the tie
    assert [line.id for line in history.page(pid, missed=True).lines] == ["old02", "old01"]
    tallies = {t.day: t for t in history.day_tallies(pid, DAY.isoformat(), 7)}
    assert (tallies[yesterday].played, tallies[yesterday].first) == (2, 1)
    today = tallies[DAY.isoformat()]
    assert (today.played, today.first, today.themes) == (2, 1, {"fork": (1, 1, 1400), "pin": (1, 0, 1600)})
    assert store.get_item(K.player(pid), CK.chess_history(today_line.posted, "old02")) is None


def test_the_dashboard_reads_only_its_days_and_the_history_pages_by_cursor(store: Store) -> None:
    from service.games.chess.history import PAGE, ChessHistory

    pid = store.create_player("Ada", "h", T0).id
    n = 45
    for i in range(n):  # one a day, for 45 days ending on DAY
        day = DAY - dt.timedelta(days=n - 1 - i)
        when = dt.datetime.combine(day, dt.time(9), tzinfo=dt.UTC)
        solve(store, pid, f"p{i:04d}", themes=("fork",), now=when, mistakes=i % 2)
    history = ChessHistory(store)
    assert [t.day for t in history.day_tallies(pid, DAY.isoformat(), 7)] == [
        (DAY - dt.timedelta(days=k)).isoformat() for k in range(6, -1, -1)
    ]
    figures = history.dashboard(pid, DAY.isoformat(), 30)
    assert (figures["played"], figures["first"]) == (30, 15)
    ids: list[str] = []
    cursor = None
    while True:
        page = history.page(pid, cursor)
        assert len(page.lines) <= PAGE
        ids += [line.id for line in page.lines]
        cursor = page.next
        if cursor is None:
            break
    assert ids == [f"p{i:04d}" for i in range(n - 1, -1, -1)]


def test_a_copy_is_written_only_over_an_older_copy(store: Store) -> None:
    """`Put(older=True)`: a copy made from a versioned record (the band's tally from the tallies) goes
    over an older copy, or one kept before copies had versions; never over a later one, nor where none
    is (its player deleted meanwhile)."""
    pk = "P#" + store.create_player("Ada", "h", T0).id

    def copy(version: int, n: int) -> Put:
        return Put(make_item(pk, "TALLY#chess#Easy", {"clean": n}, version=version), older=True)

    with pytest.raises(Conflict):
        store.transact([copy(3, 3)])  # none there
    store.transact([Put(make_item(pk, "TALLY#chess#Easy", {"clean": 1}))])  # kept before versions
    store.transact([copy(3, 3)])
    with pytest.raises(Conflict):
        store.transact([copy(2, 2)])  # a copy of an earlier version, come late
    with pytest.raises(Conflict):
        store.transact([copy(3, 9)])
    store.transact([copy(5, 5)])
    assert store.get_item(pk, "TALLY#chess#Easy")["doc"] == {"clean": 5}


def test_the_bands_tally_follows_the_tallies_and_is_made_with_the_first_clean_solve(store: Store) -> None:
    from service.games.chess import keys as CK

    pid = store.create_player("Ada", "h", T0).id
    solve(store, pid, "aaaaa", hints=1)  # not clean: no band tally
    assert store.get_item(f"P#{pid}", CK.chess_tally("Medium")) is None
    for n, puzzle in enumerate(("bbbbb", "ccccc", "ddddd")):
        solve(store, pid, puzzle, now=at(n + 1))
    tally = store.get_item(f"P#{pid}", CK.chess_tally("Medium"))
    stats = store.get_item(f"P#{pid}", CK.CHESS_STATS)
    assert tally["doc"]["clean"] == 3 and tally["v"] == stats["v"]
    assert [r.detail for r in ChessRecords(store).alltime_board("Medium").rows] == [{"clean": 3}]


# ---- what the indexes hold --------------------------------------------------------------------


def test_an_index_holds_its_keys_the_doc_and_its_row_only(store: Store) -> None:
    """As DynamoDB's projections hold them (infra/template.yaml), SQLite's reads of an index too: a
    game's state item on a board gives its keys and that board's row, never its tallies, its play or
    its version, and no other index's keys."""
    from service.games.chess import keys as CK
    from service.plays import open_play

    pid = store.create_player("Ada", "h", T0).id
    open_play(store, b"k", pid, "chess", "aB3dE", T0)
    solve(store, pid, "aB3dE", daily=DAY)
    (entry,) = store.query_items(CK.alltime_entry(None, pid), index=3)
    assert set(entry) == {"PK", "SK", "GSI3PK", "GSI3SK"}
    (streak,) = store.query_items(store.get_item(f"P#{pid}", CK.CHESS_STATS)["GSI2PK"], index=2)
    assert set(streak) == {"PK", "SK", "GSI2PK", "GSI2SK", "row2"}
    (daily,) = store.query_items(CK.chess_daily_entry(DAY.isoformat(), "Medium", pid), index=1)
    assert set(daily) == {"PK", "SK", "GSI1PK", "GSI1SK", "doc"}


def test_tallies_kept_before_they_moved_out_of_doc_still_read(store: Store) -> None:
    """A state item kept before its tallies were `stats` (its `doc`, each index holding it whole): its
    tallies read, its boards show it, and the next result writes it the new way."""
    from puzzlebook.chess.tallies import ChessStats
    from puzzlebook.streaks import Streak
    from service.games.chess import keys as CK
    from service.store import keys as K
    from service.store.boards import streak_index

    pid = store.create_player("Old", "h", T0).id
    streak = Streak(DAY.isoformat(), 4, utc_stamp(T0), 4)
    stats = ChessStats(version=7, solved=9, clean=5, rated=9, rating=NEW_PLAYER, clean_at=utc_stamp(T0),
                       streak=streak)
    index = {2: streak_index("chess", streak, pid),
             3: (CK.alltime_entry(None, pid), K.count_rank(5, utc_stamp(T0), pid))}
    store.transact([Put(make_item(K.player(pid), CK.CHESS_STATS, stats.to_doc(), version=7, index=index))])
    records = ChessRecords(store)
    assert records.stats(pid) == stats
    assert [(r.player_id, r.detail) for r in records.alltime_board().rows] == [(pid, {"clean": 5})]
    assert [r.detail for r in records.streak_board(DAY).rows] == [{"streak": 4, "freezes_used": 0}]
    solve(store, pid, "aaaaa", now=at(1))
    item = store.get_item(K.player(pid), CK.CHESS_STATS)
    assert "doc" not in item and item["stats"]["solved"] == 10 and item["v"] == 8
    assert [r.detail for r in records.alltime_board().rows] == [{"clean": 6}]
    assert [r.detail for r in records.streak_board(DAY).rows] == [{"streak": 4, "freezes_used": 0}]


# ---- deleting a player ----------------------------------------------------------------------


def test_a_result_for_a_player_deleted_meanwhile_keeps_nothing(store: Store) -> None:
    """Issue 26, item 9: the result's token was read, then the player was deleted (on another server)
    before the result was kept. Its own transaction needs the player to be there: nothing is added
    after the deletion swept the partition, not even a board row."""
    pid = store.create_player("Ada", "h", T0).id
    solve(store, pid, puzzle="a0001", now=at(1))
    delete_player(store, pid)
    with pytest.raises(Gone):
        solve(store, pid, puzzle="a0002", now=at(2))
    with pytest.raises(Gone):
        miss(store, pid, puzzle="a0003", now=at(3))
    assert store.query_items(f"P#{pid}") == []
    assert ChessRecords(store).alltime_board(None).rows == []


def test_a_write_into_a_players_partition_needs_the_player(store: Store) -> None:
    pid = store.create_player("Ada", "h", T0).id
    store.transact([Put(make_item(f"P#{pid}", "NOTE", {"x": 1}))])
    store.delete_items([(f"P#{pid}", "PROFILE")])
    with pytest.raises(Gone):
        store.transact([Put(make_item(f"P#{pid}", "NOTE2", {"x": 2}))])
    with pytest.raises(Gone):
        store.transact([Add(f"P#{pid}", "TALLY", {"n": 1})])
    assert store.get_item(f"P#{pid}", "NOTE2") is None and store.get_item(f"P#{pid}", "TALLY") is None
    # Deleting under a gone player is fine; so is a write elsewhere.
    store.transact([Put(make_item("A", "1", {"x": 1}))])


def test_a_board_never_counts_a_row_it_wont_show(store: Store) -> None:
    """A deletion under way (the profile gone, the rest not yet): its row is neither shown nor counted,
    so the places run on without a gap (they went 1 … 11, 13) and the caller's place leaves it out."""
    ids = {}
    for k, name in enumerate(("Ada", "Bob", "Cy")):
        ids[name] = pid = store.create_player(name, "h", T0).id
        for n in range(3 - k):
            solve(store, pid, puzzle=f"{name[0].lower()}{n:04d}", now=at(k * 10 + n))
    store.delete_items([(f"P#{ids['Bob']}", "PROFILE")])
    board = ChessRecords(store).alltime_board(None, me=ids["Cy"])
    assert [(r.place, r.name) for r in board.rows] == [(1, "Ada"), (2, "Cy")]
    assert board.mine is not None and board.mine.place == 2


def test_a_review_merges_into_the_players_own_item_and_an_unchanged_one_writes_nothing(store: Store) -> None:
    from puzzlebook.review.queue import Queue, add
    from service.games.chess.review import ChessReview
    from service.store import keys as K

    reviews = ChessReview(store)
    p1, p2 = store.create_player("Ada", "h", T0).id, store.create_player("Bob", "h2", T0).id
    phone = add(Queue(), "Easy", "aaaaa", "2026-11-01", "miss")
    laptop = add(Queue(), "Hard", "bbbbb", "2026-11-02", "help")
    reviews.merge(p1, phone, "2026-11-02")
    both = reviews.merge(p1, laptop, "2026-11-02")
    assert [c.key for c in both.cards] == ["Easy/aaaaa", "Hard/bbbbb"] and reviews.mine(p1) == both
    item = store.get_item(K.player(p1), "REVIEW#chess")
    assert item is not None and item["v"] == 2
    reviews.merge(p1, phone, "2026-11-02")
    assert store.get_item(K.player(p1), "REVIEW#chess") == item  # nothing new: not written
    assert reviews.mine(p2) == Queue()


def test_a_reviews_posts_are_counted_in_its_own_item_and_refused_at_the_hours_cap(store: Store) -> None:
    """The hour's count of posts is the review item's (`syncs`): each post counts in the write that keeps
    it, one that changes nothing writes the count alone, and one at the cap is refused with the seconds
    to the hour's end, nothing written; the next hour starts at zero (puzzlebook/review/syncs.py)."""
    from puzzlebook.review.queue import Queue, add
    from puzzlebook.review.syncs import Full, Hourly
    from service.games.chess.review import ChessReview
    from service.store import keys as K

    reviews, cap = ChessReview(store), Hourly(2)
    pid = store.create_player("Ada", "h", T0).id
    now = int(T0.timestamp()) - int(T0.timestamp()) % 3600 + 600  # ten minutes into an hour
    phone = add(Queue(), "Easy", "aaaaa", "2026-11-01", "miss")
    reviews.merge(pid, phone, "2026-11-02", cap=cap, now_ts=now)
    reviews.merge(pid, phone, "2026-11-02", cap=cap, now_ts=now + 1)  # nothing new: counted
    item = store.get_item(K.player(pid), "REVIEW#chess")
    assert item is not None and item["v"] == 2 and item["doc"]["syncs"] == {"w": now - 600, "n": 2}
    with pytest.raises(Full) as full:
        reviews.merge(pid, add(Queue(), "Easy", "bbbbb", "2026-11-02", "miss"), "2026-11-02", cap=cap,
                      now_ts=now + 2)
    assert full.value.wait == 3600 - 602
    assert store.get_item(K.player(pid), "REVIEW#chess") == item
    later = reviews.merge(pid, add(Queue(), "Easy", "bbbbb", "2026-11-02", "miss"), "2026-11-02", cap=cap,
                          now_ts=now + 3000)
    assert [c.id for c in later.cards] == ["aaaaa", "bbbbb"]
    again = store.get_item(K.player(pid), "REVIEW#chess")
    assert again is not None and again["doc"]["syncs"] == {"w": now - 600 + 3600, "n": 1}
