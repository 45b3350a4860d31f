"""The day's Storm run: picked by the site key from the bundle, climbing (kept on first need and
published on its day only: tests/test_daily_run.py)."""

from __future__ import annotations

import datetime as dt
import hashlib
from pathlib import Path

import pytest

from puzzlebook.calendar import seeded_digest
from puzzlebook.chess.bands import BANDS
from puzzlebook.chess.shards import Bundle
from puzzlebook.storm.run import FIRST_DAY, RUN_LENGTH, band_of_rating, pick_run, steps

ROOT = Path(__file__).resolve().parent.parent / "shards"
TODAY = dt.date(2026, 11, 30)


@pytest.fixture(scope="module")
def bundle() -> Bundle:
    return Bundle(ROOT)


def test_a_run_climbs_in_steps_from_800_and_has_150_puzzles(bundle: Bundle) -> None:
    run = pick_run(TODAY, key=b"k", bundle=bundle)
    assert len(run) == RUN_LENGTH == sum(take for _, _, take in steps())
    assert len({p.id for p in run}) == RUN_LENGTH
    k = 0
    for low, high, take in steps():
        part = run[k:k + take]
        assert all(low <= p.rating < high for p in part), (low, high)
        assert [p.rating for p in part] == sorted(p.rating for p in part)
        k += take
    assert run[0].rating >= 800 and all(BANDS[p.band][0] <= p.rating < BANDS[p.band][1] for p in run)
    assert not {p.id for p in run} & bundle.retired


def test_the_site_key_and_the_day_pick_the_run(bundle: Bundle) -> None:
    one = pick_run(TODAY, key=b"k", bundle=bundle)
    assert pick_run(TODAY, key=b"k", bundle=bundle) == one
    assert pick_run(TODAY, key=b"other", bundle=bundle) != one
    assert pick_run(TODAY + dt.timedelta(days=1), key=b"k", bundle=bundle) != one
    with pytest.raises(ValueError, match="Storm runs start on 2026-11-01"):
        pick_run(FIRST_DAY - dt.timedelta(days=1), key=b"k", bundle=bundle)


def test_each_step_takes_the_puzzles_first_in_the_days_hash_order(bundle: Bundle) -> None:
    """The rule as the module's docstring gives it, worked out here from the whole bundle: a step's
    puzzles are the first of its ratings (none retired) sorted by SHA-256 of the day's seed and the id."""
    seed = seeded_digest(b"k", "storm", "run", TODAY.isoformat())
    run, k = pick_run(TODAY, key=b"k", bundle=bundle), 0
    for low, high, take in steps():
        band = band_of_rating(low)
        pool = [str(row[0]) for row in bundle.rows(band)
                if low <= int(row[3]) < high and row[0] not in bundle.retired]
        first = sorted(pool, key=lambda pid: hashlib.sha256(seed + pid.encode()).digest())[:take]
        assert {p.id for p in run[k:k + take]} == set(first), (low, high)
        k += take
