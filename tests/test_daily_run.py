"""Every run mode's day's run (Storm, Streak: service/games/daily_run/): kept on first need, the
first pick standing, kept by the nightly from the eve of its first day, and published on its day
only, with nothing the shards don't already hold."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from puzzlebook.chess.shards import Bundle
from service import publish
from service.encoding import json_bytes
from service.games.daily_run.hooks import FILE_FORMAT, day_bytes, day_file, day_text, ensure_run, file_made
from service.games.daily_run.mode import RunMode
from service.games.daily_run.records import KeptRun, RunRecords
from service.games.hooks import FillReport, NightlyRun
from service.games.registry import HOOKS
from service.games.storm import STORM
from service.games.streak import STREAK
from service.store.base import Store
from tests.support import settings_for_tests, sqlite_store

ROOT = Path(__file__).resolve().parent.parent / "shards"
# Each mode, on a day of its own (Storm's first tests were of 2026-11-30, Streak's of 2026-12-05).
MODES = [pytest.param(STORM, dt.date(2026, 11, 30), id="storm"),
         pytest.param(STREAK, dt.date(2026, 12, 5), id="streak")]


@pytest.fixture(scope="module")
def bundle() -> Bundle:
    return Bundle(ROOT)


@pytest.mark.parametrize(("mode", "today"), MODES)
def test_kept_on_first_need_and_published_on_its_day_only(
    tmp_path: Path, bundle: Bundle, mode: RunMode[Any], today: dt.date
) -> None:
    settings, hooks, key = settings_for_tests(), HOOKS[mode.key], mode.key
    tomorrow = today + dt.timedelta(days=1)
    with sqlite_store(tmp_path / "s.sqlite3") as store:
        assert hooks.missing_ahead(store, settings, today, tomorrow)
        before = mode.first_day - dt.timedelta(days=2)
        assert not hooks.missing_ahead(store, settings, before, before + dt.timedelta(days=1))
        hooks.keep_through(store, settings, bundle, tomorrow)  # as the site build calls it
        kept = [k.day for k in RunRecords(store, mode).runs(None, None)]
        assert kept[0] == mode.first_day.isoformat() and kept[-1] == today.isoformat()
        # Tomorrow's is missing still: the nightly keeps it the evening before, to stage its file.
        assert hooks.missing_ahead(store, settings, today, tomorrow)
        ensure_run(mode, store, settings, bundle, tomorrow)
        assert not hooks.missing_ahead(store, settings, today, tomorrow)
        # From 10:00 UTC (the site at UTC) the next date to begin is the day after tomorrow: it is
        # staged, so it must be kept too.
        after_tomorrow = tomorrow + dt.timedelta(days=1)
        assert hooks.missing_ahead(store, settings, today, after_tomorrow)
        ensure_run(mode, store, settings, bundle, after_tomorrow)
        assert not hooks.missing_ahead(store, settings, today, after_tomorrow)
        # The build publishes through today only (the nightly stages tomorrow's: tests/test_nightly.py).
        files = publish.daily_files(store, settings, bundle, through=today)
        assert f"daily/{key}/{today.isoformat()}.json" in files
        assert f"daily/{key}/{tomorrow.isoformat()}.json" not in files
        index = json.loads(files[publish.INDEX])
        assert index[key][-1] == today.isoformat()
        body = json.loads(files[f"daily/{key}/{today.isoformat()}.json"])
        run = RunRecords(store, mode).run_of(today.isoformat())
        assert run is not None and body["date"] == today.isoformat()
        assert [row[0] for row in body["puzzles"]] == [p.id for p in run.puzzles]
        for row, p in zip(body["puzzles"], run.puzzles, strict=True):
            shard_row = bundle.row(p.band, p.id)
            assert shard_row is not None
            assert row == [p.id, shard_row[1], shard_row[2], shard_row[3]]  # the shards' own, no themes


@pytest.mark.parametrize(("mode", "today"), MODES)
def test_a_days_file_holds_the_bytes_of_its_run_as_the_api_has_it(
    tmp_path: Path, bundle: Bundle, mode: RunMode[Any], today: dt.date
) -> None:
    """The files are made from the kept records without the objects (day_bytes, a build's thousands
    of days): the same bytes as json_bytes of day_file, which the API answers from; odd ids and
    ratings too (JSON's escapes, a character outside ASCII, a rating kept as a string)."""
    settings = settings_for_tests()
    with sqlite_store(tmp_path / "s.sqlite3") as store:
        HOOKS[mode.key].keep_through(store, settings, bundle, today + dt.timedelta(days=1))
        files = HOOKS[mode.key].daily_files(store, bundle, None, today.isoformat())
        runs = RunRecords(store, mode).runs(None, None)
        assert len(files) == len(runs) > 1
        for kept in runs:
            assert files[mode.path(kept.day)] == json_bytes(day_file(kept, bundle)), kept.day
    odd = _OddBundle(bundle)
    doc = {"bundle": "7", "puzzles": [["a\"b", "Easy", "1200"], ["é\n", "Hard", 2100], ["a\"b", "Easy", 900]]}
    kept = KeptRun.from_item({"SK": "2026-12-01", "doc": doc})
    assert day_bytes("2026-12-01", doc, odd, {}) == json_bytes(day_file(kept, odd))


def test_a_days_file_is_made_as_this_file_format_says() -> None:
    """The bytes a day's file is made of, pinned: a kept text was made by FILE_FORMAT, so a change to
    these bytes (day_file's, day_text's) must raise it, and every text kept before is made again."""
    doc = {"bundle": "7", "puzzles": [["a\"b", "Easy", "1200"], ["é\n", "Hard", 2100]]}
    odd = _OddBundle(Bundle(ROOT))
    text = day_text("2026-12-01", doc, odd, {})  # type: ignore[arg-type]
    fen, moves = '"8/8/{}/8 w - - 0 1 \u00a0"', '"e2e4 \\"e7e5\\""'
    assert FILE_FORMAT == 1 and text == (
        '{"date":"2026-12-01","bundle":7,"puzzles":['
        f'["a\\"b",{fen.format("Easy")},{moves},1200],["\u00e9\\n",{fen.format("Hard")},{moves},2100]]}}'
    )


@pytest.mark.parametrize(("mode", "today"), MODES)
def test_a_days_file_is_kept_with_its_run_as_the_api_answers_it(
    store: Store, bundle: Bundle, mode: RunMode[Any], today: dt.date
) -> None:
    """The first making of a day's file keeps its text with the run (RunKeys.files), the nightly's
    and the build's alike; the kept text is json_bytes(day_file(...)) of the run, which the API
    answers, and what a later build reads and writes as it is."""
    settings, hooks, records = settings_for_tests(), HOOKS[mode.key], RunRecords(store, mode)
    yesterday, tomorrow = today - dt.timedelta(days=1), today + dt.timedelta(days=1)
    ensure_run(mode, store, settings, bundle, yesterday)  # a player's first start: no file made
    assert records.file_texts(None, None, file_made(bundle)) == {}
    now = dt.datetime.combine(today, dt.time(23, 5), tzinfo=dt.UTC)
    hooks.nightly(NightlyRun(store, settings, bundle, today, now, 31, FillReport(today.isoformat())))
    kept = records.file_texts(None, None, file_made(bundle))
    # At 23:05 UTC the next date to begin (at UTC+14) is the day after tomorrow: staged tonight too.
    after = tomorrow + dt.timedelta(days=1)
    assert sorted(kept) == [today.isoformat(), tomorrow.isoformat(), after.isoformat()]
    files = hooks.daily_files(store, bundle, yesterday.isoformat(), after.isoformat())
    kept = records.file_texts(None, None, file_made(bundle))
    assert sorted(kept) == [yesterday.isoformat(), today.isoformat(), tomorrow.isoformat(), after.isoformat()]
    for run in records.runs(None, None):
        assert kept[run.day].encode() == json_bytes(day_file(run, bundle)) == files[mode.path(run.day)]


@pytest.mark.parametrize(("mode", "today"), MODES)
def test_a_store_without_a_days_kept_file_makes_it_and_keeps_it(
    tmp_path: Path, bundle: Bundle, mode: RunMode[Any], today: dt.date
) -> None:
    """A store kept before the files were (or a text made from another bundle or FILE_FORMAT) makes
    the file from the run again, the same bytes, and keeps it in place of any other."""
    settings, hooks = settings_for_tests(), HOOKS[mode.key]
    with sqlite_store(tmp_path / "s.sqlite3") as store:
        records = RunRecords(store, mode)
        hooks.keep_through(store, settings, bundle, today + dt.timedelta(days=1))  # keeps the texts too
        made = file_made(bundle)
        assert sorted(records.file_texts(None, None, made)) == records.days(None, None)
        store.delete_partition(mode.keys.files)
        stale = mode.first_day.isoformat()
        records.keep_files({stale: "another bundle's"}, f"{FILE_FORMAT}:{bundle.version - 1}")
        assert records.file_texts(None, None, made) == {}
        files = hooks.daily_files(store, bundle, None, today.isoformat())
        runs = records.runs(None, None)
        assert sorted(files) == sorted(mode.path(run.day) for run in runs)
        kept = records.file_texts(None, None, made)
        for run in runs:
            assert files[mode.path(run.day)] == json_bytes(day_file(run, bundle)) == kept[run.day].encode()


class _OddBundle:
    """A bundle whose rows are made up for ids it lacks."""

    def __init__(self, real: Bundle) -> None:
        self.real = real

    def row(self, band: str, puzzle_id: str) -> list[Any]:
        return [puzzle_id, f"8/8/{band}/8 w - - 0 1 \u00a0", "e2e4 \"e7e5\"", 1500, "x"]


@pytest.mark.parametrize(("mode", "today"), MODES)
def test_the_first_pick_stands(tmp_path: Path, bundle: Bundle, mode: RunMode[Any], today: dt.date) -> None:
    settings = settings_for_tests()
    with sqlite_store(tmp_path / "s.sqlite3") as store:
        first = mode.pick_run(today, key=b"another key", bundle=bundle)[:3]
        RunRecords(store, mode).keep_run(today.isoformat(), bundle.version, first)
        assert ensure_run(mode, store, settings, bundle, today).puzzles == first
        picked = mode.pick_run(today, key=b"k", bundle=bundle)
        again = RunRecords(store, mode).keep_run(today.isoformat(), bundle.version, picked)
        assert again.puzzles == first


@pytest.mark.parametrize(("mode", "today"), MODES)
def test_the_nightly_keeps_today_through_the_date_it_stages_from_the_first_days_eve(
    tmp_path: Path, bundle: Bundle, mode: RunMode[Any], today: dt.date
) -> None:
    """At the nightly's hour (23:05 at UTC) the next date to begin at UTC+14 is the day after
    tomorrow, which the night stages: it keeps today's run through that one's, none before the
    first day. (Keeping only tomorrow's left that date unstaged every night.)"""
    settings, key = settings_for_tests(), mode.key
    eve = mode.first_day - dt.timedelta(days=1)
    days = dt.timedelta(days=1)
    with sqlite_store(tmp_path / "s.sqlite3") as store:
        for day, kept in ((eve - 2 * days, 0), (eve - days, 1), (eve, 2), (today, 3)):
            report = FillReport(day.isoformat())
            now = dt.datetime.combine(day, dt.time(23, 5), tzinfo=dt.UTC)
            HOOKS[key].nightly(NightlyRun(store, settings, bundle, day, now, 31, report))
            assert (report.games[key].kept if key in report.games else 0) == kept, day
        stored = [k.day for k in RunRecords(store, mode).runs(None, None)]
        first = mode.first_day
        wanted = (first, first + days, today, today + days, today + 2 * days)
        assert stored == sorted({d.isoformat() for d in wanted})


def test_each_mode_keeps_under_its_own_keys() -> None:
    """No two modes share a prefix, a partition or a board (a run mode costs a RunKeys, no copy)."""
    storm, streak = STORM.keys, STREAK.keys
    assert set(storm.item_prefixes).isdisjoint(streak.item_prefixes)
    assert storm.runs != streak.runs and set(storm.boards).isdisjoint(streak.boards)
    assert storm.result("2026-12-01") == "SR#2026-12-01" and streak.started("2026-12-05") == "XS#2026-12-05"
    assert storm.daily_board_path == "/boards/storm/daily/{date}"
