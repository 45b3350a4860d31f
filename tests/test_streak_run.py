"""The day's Streak run: picked by the site key from the bundle, climbing from 800 in steps that
grow longer, kept on first need, and published on its day only, with nothing the shards don't
already hold."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from pathlib import Path

import pytest

from puzzlebook.calendar import seeded_digest
from puzzlebook.chess.bands import BANDS
from puzzlebook.chess.ladder import band_of_rating
from puzzlebook.chess.shards import Bundle
from puzzlebook.storm.run import pick_run as pick_storm
from puzzlebook.streak.run import FIRST_DAY, RUN_LENGTH, STEPS, pick_run, steps
from service import publish
from service.games import streak
from service.games.registry import HOOKS
from service.games.streak.records import StreakRecords
from tests.support import settings_for_tests, sqlite_store

ROOT = Path(__file__).resolve().parent.parent / "shards"
TODAY = dt.date(2026, 12, 5)


@pytest.fixture(scope="module")
def bundle() -> Bundle:
    return Bundle(ROOT)


def test_a_run_climbs_from_800_to_2599_in_100_puzzles(bundle: Bundle) -> None:
    run = pick_run(TODAY, key=b"k", bundle=bundle)
    assert len(run) == RUN_LENGTH == 100 == sum(take for _, take in STEPS)
    assert len({p.id for p in run}) == RUN_LENGTH
    k = 0
    for low, high, take in steps():
        part = run[k:k + take]
        assert all(low <= p.rating < high for p in part), (low, high)
        assert [p.rating for p in part] == sorted(p.rating for p in part)
        k += take
    assert [p.rating for p in run] == sorted(p.rating for p in run)  # rising all the way
    assert run[0].rating >= 800 and run[-1].rating >= 2500
    # Short steps while it is easy, longer ones as it gets hard.
    takes = [take for _, take in STEPS]
    assert takes == sorted(takes) and takes[0] < takes[-1]
    assert all(BANDS[p.band][0] <= p.rating < BANDS[p.band][1] for p in run)
    assert not {p.id for p in run} & bundle.retired


def test_the_site_key_and_the_day_pick_the_run_and_it_is_not_storms(bundle: Bundle) -> None:
    one = pick_run(TODAY, key=b"k", bundle=bundle)
    assert pick_run(TODAY, key=b"k", bundle=bundle) == one
    assert pick_run(TODAY, key=b"other", bundle=bundle) != one
    assert pick_run(TODAY + dt.timedelta(days=1), key=b"k", bundle=bundle) != one
    storm_ids = {p.id for p in pick_storm(TODAY, key=b"k", bundle=bundle)}
    assert len(storm_ids & {p.id for p in one}) < 10  # its own seed: not Storm's run again
    with pytest.raises(ValueError, match="Streak runs start on 2026-11-01"):
        pick_run(FIRST_DAY - dt.timedelta(days=1), key=b"k", bundle=bundle)


def test_each_step_takes_the_puzzles_first_in_the_days_hash_order(bundle: Bundle) -> None:
    """The rule as the docstrings give it, worked out here from the whole bundle: a step's puzzles are
    the first of its ratings (none retired) sorted by SHA-256 of the day's seed and the id."""
    seed = seeded_digest(b"k", "streak", "run", TODAY.isoformat())
    run, k = pick_run(TODAY, key=b"k", bundle=bundle), 0
    for low, high, take in steps():
        band = band_of_rating(low)
        pool = [str(row[0]) for row in bundle.rows(band)
                if low <= int(row[3]) < high and row[0] not in bundle.retired]
        first = sorted(pool, key=lambda pid: hashlib.sha256(seed + pid.encode()).digest())[:take]
        assert {p.id for p in run[k:k + take]} == set(first), (low, high)
        k += take


def test_kept_on_first_need_and_published_on_its_day_only(tmp_path, bundle: Bundle) -> None:
    settings = settings_for_tests()
    tomorrow = TODAY + dt.timedelta(days=1)
    with sqlite_store(tmp_path / "s.sqlite3") as store:
        assert HOOKS["streak"].missing_ahead(store, settings, TODAY)
        assert not HOOKS["streak"].missing_ahead(store, settings, FIRST_DAY - dt.timedelta(days=2))
        HOOKS["streak"].keep_through(store, settings, bundle, tomorrow)  # as the site build calls it
        kept = [k.day for k in StreakRecords(store).runs(None, None)]
        assert kept[0] == FIRST_DAY.isoformat() and kept[-1] == TODAY.isoformat()
        # Tomorrow's is missing still: the nightly keeps it the evening before, to stage its file.
        assert HOOKS["streak"].missing_ahead(store, settings, TODAY)
        streak.ensure_run(store, settings, bundle, tomorrow)
        assert not HOOKS["streak"].missing_ahead(store, settings, TODAY)
        # The build publishes through today only (the nightly stages tomorrow's: tests/test_nightly.py).
        files = publish.daily_files(store, settings, bundle, through=TODAY)
        assert f"daily/streak/{TODAY.isoformat()}.json" in files
        assert f"daily/streak/{tomorrow.isoformat()}.json" not in files
        index = json.loads(files[publish.INDEX])
        assert index["streak"][-1] == TODAY.isoformat()
        body = json.loads(files[f"daily/streak/{TODAY.isoformat()}.json"])
        run = StreakRecords(store).run_of(TODAY.isoformat())
        assert run is not None and body["date"] == TODAY.isoformat()
        assert [row[0] for row in body["puzzles"]] == [p.id for p in run.puzzles]
        for row, p in zip(body["puzzles"], run.puzzles, strict=True):
            shard_row = bundle.row(p.band, p.id)
            assert row == [p.id, shard_row[1], shard_row[2], shard_row[3]]  # the shards' own, no themes


def test_the_first_pick_stands(tmp_path, bundle: Bundle) -> None:
    settings = settings_for_tests()
    with sqlite_store(tmp_path / "s.sqlite3") as store:
        first = pick_run(TODAY, key=b"another key", bundle=bundle)[:3]
        StreakRecords(store).keep_run(TODAY.isoformat(), bundle.version, first)
        assert streak.ensure_run(store, settings, bundle, TODAY).puzzles == first
        picked = pick_run(TODAY, key=b"k", bundle=bundle)
        again = StreakRecords(store).keep_run(TODAY.isoformat(), bundle.version, picked)
        assert again.puzzles == first


def test_the_nightly_keeps_today_and_tomorrow_from_the_first_days_eve(tmp_path, bundle: Bundle) -> None:
    from service.games.hooks import FillReport, NightlyRun

    settings = settings_for_tests()
    eve = FIRST_DAY - dt.timedelta(days=1)
    with sqlite_store(tmp_path / "s.sqlite3") as store:
        for day, kept in ((eve - dt.timedelta(days=1), 0), (eve, 1), (TODAY, 2)):
            report = FillReport(day.isoformat())
            now = dt.datetime.combine(day, dt.time(23, 5), tzinfo=dt.UTC)
            HOOKS["streak"].nightly(NightlyRun(store, settings, bundle, day, now, 31, report))
            assert (report.games["streak"].kept if "streak" in report.games else 0) == kept
        tomorrow = TODAY + dt.timedelta(days=1)
        days = [k.day for k in StreakRecords(store).runs(None, None)]
        assert days == [FIRST_DAY.isoformat(), TODAY.isoformat(), tomorrow.isoformat()]
