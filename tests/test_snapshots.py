"""Boards as snapshots (issue 28): the pure builder, the live boards and their paths, and the publisher
(it writes a board's snapshot only when the board changed, through the site's files)."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from puzzlebook.chess.bands import BANDS
from puzzlebook.chess.daily import bands_of
from puzzlebook.places import standing_in
from service.boards.board import rank_key, snapshot_path
from service.boards.live import board_at, live_boards
from service.boards.publisher import Publisher
from service.boards.snapshot import Snapshots, content_of, place_fields, snapshot_of
from service.context import Context
from service.publish import DirWriter
from tests.support import STORE_T0, record_test_solve, settings_for_tests, sqlite_store

TODAY = dt.date(2026, 12, 2)


@dataclass
class _Row:
    place: int
    name: str
    key: str
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Read:
    top: list[_Row]
    keys: list[str] | None
    sample: list[str] | None
    size: int


def test_a_board_read_whole_carries_its_runs_and_no_player_ids() -> None:
    keys = [f"k{n:05d}" for n in range(350)]
    top = [_Row(n + 1, f"P{n}", k, {"clean": True}) for n, k in enumerate(keys[:100])]
    snap = snapshot_of(_Read(top, keys, None, 350), board="chess/daily", date="2026-12-02",
                       band="Easy", published="2026-12-02T09:00:00.000000Z")
    assert snap["board"] == "chess/daily" and snap["date"] == "2026-12-02" and snap["band"] == "Easy"
    assert snap["size"] == 350 and snap["percentiles"] is None
    assert snap["rows"][0] == {"place": 1, "name": "P0", "key": "k00000", "clean": True}
    assert sum(n for _, n in snap["runs"]) == 350
    # What the places rule reads: exact in the top, close below it.
    assert standing_in(snap, "k00000", "P0").place == 1
    assert standing_in(snap, "k00200x").place in range(200, 206)
    assert "pid" not in json.dumps(snap)


def test_a_sampled_board_carries_percentiles() -> None:
    sample = [f"k{n:06d}" for n in range(0, 100_000, 32)]
    top = [_Row(n + 1, f"P{n}", f"k{n:06d}", {}) for n in range(100)]
    snap = snapshot_of(_Read(top, None, sample, 100_000), board="ratings/chess", date=None, band=None,
                       published="x")
    assert snap["runs"] is None and len(snap["percentiles"]) == 99
    assert place_fields(snap, "k050000") == {"place": None, "about": False, "top": 51}
    assert place_fields(None, "k050000") == {"place": None, "about": False, "top": None}


def test_the_live_boards_of_a_moment_and_their_paths() -> None:
    """At 02:00 UTC on TODAY the dates somewhere on Earth are TODAY (UTC+14 to UTC-2) and the day
    before (UTC-3 to UTC-12); the day before that is live too, for the results still coming in."""
    settings = settings_for_tests()
    now = dt.datetime.combine(TODAY, dt.time(2, 0), dt.UTC)
    with sqlite_store(":memory:") as store:
        paths = [b.path for b in live_boards(Context(store, settings), now)]
    days = [TODAY - dt.timedelta(days=k) for k in range(3)]
    expected = {
        *(f"snapshots/chess/daily/{d}/{band}.json" for d in days for band in bands_of(d, settings.site_key)),
        "snapshots/chess/alltime.json",
        *(f"snapshots/chess/alltime/{band}.json" for band in BANDS),
        "snapshots/ratings/chess.json",
        "snapshots/streaks/chess.json",
        *(f"snapshots/chain/daily/{d}.json" for d in days),
        "snapshots/streaks/chain.json",
        *(f"snapshots/storm/daily/{d}.json" for d in days),
        "snapshots/storm/best.json",
        *(f"snapshots/streak/daily/{d}.json" for d in days),
        "snapshots/streak/best.json",
    }
    assert sorted(paths) == sorted(expected) and len(paths) == len(set(paths))
    # Once 2026-12-03 begins at UTC+14 (10:00 UTC), it is live too: four dates.
    with sqlite_store(":memory:") as store:
        later = [b.path for b in live_boards(Context(store, settings), now + dt.timedelta(hours=8))]
    assert f"snapshots/chain/daily/{TODAY + dt.timedelta(days=1)}.json" in later
    assert f"snapshots/chain/daily/{TODAY - dt.timedelta(days=2)}.json" in later


def test_a_path_names_its_board() -> None:
    settings = settings_for_tests()
    band = bands_of(TODAY, settings.site_key)[0]
    with sqlite_store(":memory:") as store:
        ctx = Context(store, settings)
        found = board_at(ctx, f"chess/daily/{TODAY}/{band}", TODAY, "p1")
        assert found is not None
        assert (found.board, found.date, found.band) == ("chess/daily", str(TODAY), band)
        assert found.path == f"snapshots/chess/daily/{TODAY}/{band}.json"
        hard = board_at(ctx, "chess/alltime/Hard", TODAY)
        assert hard is not None and hard.band == "Hard"
        ratings = board_at(ctx, "ratings/chess", TODAY, "p1")
        assert ratings is not None and ratings.spec.mine is not None
        for nothing in ("chess/daily/2026-12-02", "chess/alltime/Nope", "ratings/chain",
                        "chess/daily/2026-02-30/Easy", "storm/best/Easy", "nope", ""):
            assert board_at(ctx, nothing, TODAY) is None, nothing


def test_snapshot_paths() -> None:
    daily = snapshot_path("/boards/streak/daily/{date}", "2026-12-02")
    assert daily == "snapshots/streak/daily/2026-12-02.json"
    assert rank_key("000#2026-11-02T09:00:00.000000Z#abc") == "000#2026-11-02T09:00:00.000000Z"


class _Counting(DirWriter):
    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.writes: list[str] = []

    def write(self, path: str, data: bytes) -> None:
        self.writes.append(path)
        super().write(path, data)


def test_the_publisher_writes_only_what_changed(tmp_path: Path) -> None:
    settings = settings_for_tests()
    clock = [STORE_T0]
    tick = [0.0]
    with sqlite_store(tmp_path / "s.sqlite3") as store:
        files = _Counting(tmp_path / "dist")
        publisher = Publisher(store, settings, files, clock=lambda: clock[0], monotonic=lambda: tick[0])
        first = publisher.round()
        assert first and first == files.writes  # every live board, once: none was there
        tick[0] += 15
        assert publisher.round() == []  # nothing changed: nothing written
        # A solve goes on the all-time board (and the streak board): those two are written again.
        record_test_solve(store, store.create_player("Ada", "h", STORE_T0).id)
        tick[0] += 15
        changed = publisher.round()
        assert "snapshots/chess/alltime.json" in changed and "snapshots/chess/alltime/Medium.json" in changed
        assert len(changed) < len(first)
        # A new publisher (a cold start) reads what is there, and writes nothing that hasn't changed.
        again = Publisher(store, settings, files, clock=lambda: clock[0], monotonic=lambda: tick[0])
        assert again.round() == []


def test_the_publisher_writes_a_board_at_most_every_15_seconds(tmp_path: Path) -> None:
    settings = settings_for_tests()
    tick = [0.0]
    with sqlite_store(tmp_path / "s.sqlite3") as store:
        files = _Counting(tmp_path / "dist")
        publisher = Publisher(store, settings, files, clock=lambda: STORE_T0, monotonic=lambda: tick[0])
        publisher.round()
        record_test_solve(store, store.create_player("Ada", "h", STORE_T0).id)
        tick[0] += 5
        assert publisher.round() == []  # changed, but written 5 s ago: the next round writes it
        tick[0] += 10
        assert "snapshots/chess/alltime.json" in publisher.round()


def test_a_round_given_some_boards_reads_and_writes_only_those(tmp_path: Path) -> None:
    with sqlite_store(tmp_path / "s.sqlite3") as store:
        files = _Counting(tmp_path / "dist")
        record_test_solve(store, store.create_player("Ada", "h", STORE_T0).id)
        publisher = Publisher(store, settings_for_tests(), files, clock=lambda: STORE_T0)
        only = {"snapshots/chess/alltime.json", "snapshots/ratings/chess.json"}
        assert sorted(publisher.round(only)) == sorted(only) == sorted(files.writes)
        rest = publisher.round()  # the others, left as they were, are written by the next whole round
        assert rest and not only & set(rest)


def test_snapshots_are_read_back_and_kept_at_most_15_seconds(tmp_path: Path) -> None:
    files = DirWriter(tmp_path)
    tick = [0.0]
    snapshots = Snapshots(files, clock=lambda: tick[0])
    path = "snapshots/storm/best.json"
    assert snapshots.get(path) is None
    files.write(path, json.dumps({"rows": [], "size": 0}).encode())
    assert snapshots.get(path) is None  # the absence is kept a moment
    tick[0] += 2
    assert snapshots.get(path) == {"rows": [], "size": 0}
    files.write(path, json.dumps({"rows": [], "size": 1}).encode())
    tick[0] += 14
    assert snapshots.get(path)["size"] == 0  # kept
    tick[0] += 1.5
    assert snapshots.get(path)["size"] == 1  # 15 s on: read again
    files.write(path, b"not json")
    tick[0] += 16
    assert snapshots.get(path) is None


@pytest.mark.parametrize("content", [{"a": 1, "published": "x"}])
def test_content_leaves_out_when(content: dict[str, Any]) -> None:
    assert content_of(content) == {"a": 1}
