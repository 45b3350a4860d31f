"""The chess daily: the calendar's three eras, the order, and the pick.

Picks run on small bundles written in the real layout from rows of the
committed bundle (so the numbers are easy to reason about), read through the
real Bundle class.
"""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter
from pathlib import Path

import pytest

from puzzlebook.chess.daily import (
    BAND_WEIGHTS,
    EPOCH,
    NO_REPEAT,
    band_of,
    bands_of,
    daily_pool,
    order,
    pick,
    recent_ids,
)
from puzzlebook.chess.shards import Bundle, shard_of, shard_path

KEY = b"test-site-key"
ROOT = Path(__file__).resolve().parent.parent / "shards"
DAY = dt.timedelta(days=1)


def make_bundle(root: Path, rows_by_band: dict[str, list[list]], *, retired=(), version: int = 1) -> Bundle:
    """A bundle on disk in the committed layout, two shards a band."""
    bands = {}
    for band, rows in rows_by_band.items():
        shards: list[list] = [[], []]
        for row in rows:
            shards[shard_of(row[0], 2)].append(row)
        for k, shard in enumerate(shards):
            path = shard_path(root, band, k)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(shard))
        bands[band] = {"low": 0, "high": 0, "shards": 2, "count": len(rows)}
    first = next(iter(rows_by_band.values()))[0][0]
    index = {"version": version, "bands": bands, "duplicates": {pid: first for pid in retired}, "made": {}}
    (root / "index.json").write_text(json.dumps(index))
    return Bundle(root)


def committed_rows(band: str, count: int, *, longer: bool = True) -> list[list]:
    rows = [r for r in Bundle(ROOT).rows(band) if (len(r[2].split()) >= 4) == longer]
    return sorted(rows)[:count]


# ---- the calendar ----------------------------------------------------------

def test_three_dailies_a_day_until_october_20():
    for day in (EPOCH, dt.date(2026, 5, 17), dt.date(2026, 10, 19)):
        assert bands_of(day, KEY) == ["Easy", "Medium", "Hard"]


def test_one_drawn_daily_from_october_20_to_25():
    for n in range(6):
        day = dt.date(2026, 10, 20) + n * DAY
        bands = bands_of(day, KEY)
        assert len(bands) == 1 and bands[0] in ("Easy", "Medium", "Hard")
        assert bands == [band_of(day, KEY)]


def test_the_week_climbs_from_october_26():
    monday = dt.date(2026, 10, 26)
    assert monday.weekday() == 0
    week = [band_of(monday + n * DAY, KEY) for n in range(7)]
    assert week == ["Easy", "Easy", "Medium", "Medium", "Medium", "Medium", "Hard"]
    assert band_of(dt.date(2030, 3, 3)) == "Hard"  # a Sunday; no key needed for the week's band


def test_the_drawn_band_is_weighted_30_45_25():
    draws = Counter(band_of(dt.date(2026, 10, 20) + (k % 6) * DAY, f"key {k}".encode()) for k in range(3000))
    for band, weight in BAND_WEIGHTS.items():
        assert abs(draws[band] / 3000 - weight / 100) < 0.04, draws


def test_the_drawn_band_depends_on_the_key():
    days = [dt.date(2026, 10, 20) + n * DAY for n in range(6)]
    seen = {tuple(band_of(day, f"key {k}".encode()) for day in days) for k in range(20)}
    assert len(seen) > 1


def test_band_of_refuses_a_day_with_three_dailies():
    with pytest.raises(ValueError, match="three chess dailies"):
        band_of(dt.date(2026, 10, 19), KEY)


def test_band_of_asks_for_the_key_when_the_band_is_drawn():
    with pytest.raises(ValueError, match="pass the site key"):
        band_of(dt.date(2026, 10, 22))


def test_no_dailies_before_the_epoch():
    with pytest.raises(ValueError, match="start on 2026-01-01"):
        bands_of(dt.date(2025, 12, 31), KEY)


def test_a_datetime_is_not_a_day():
    with pytest.raises(TypeError):
        bands_of(dt.datetime(2026, 3, 1, 12), KEY)


# ---- pool and order ---------------------------------------------------------

def test_the_pool_is_puzzles_of_two_solver_moves_or_more():
    rows = [
        ["aaaaa", "f", "a b", 1, ""],
        ["bbbbb", "f", "a b c d", 1, ""],
        ["ccccc", "f", "a b c d e f", 1, ""],
    ]
    assert daily_pool(rows) == ["bbbbb", "ccccc"]
    assert daily_pool(rows, retired={"ccccc"}) == ["bbbbb"]


def test_the_order_is_a_permutation_fixed_by_the_key():
    ids = [f"id{k:03d}" for k in range(200)]
    first = order("Easy", KEY, ids)
    assert sorted(first) == ids
    assert first != ids
    assert order("Easy", KEY, list(reversed(ids))) == first
    assert order("Easy", b"another key", ids) != first
    assert order("Medium", KEY, ids) != first


def test_new_puzzles_do_not_reorder_the_old_ones():
    ids = [f"id{k:03d}" for k in range(200)]
    more = order("Easy", KEY, [*ids, "new01", "new02"])
    assert [pid for pid in more if pid in set(ids)] == order("Easy", KEY, ids)


# ---- the pick ---------------------------------------------------------------

@pytest.fixture(scope="module")
def small(tmp_path_factory) -> Bundle:
    """Forty Easy puzzles of two moves or more, and ten one-movers that are never dailies."""
    root = tmp_path_factory.mktemp("small")
    return make_bundle(root, {"Easy": committed_rows("Easy", 40) + committed_rows("Easy", 10, longer=False)})


def test_day_n_takes_the_nth_puzzle_of_the_order(small):
    ranked = order("Easy", KEY, daily_pool(small.rows("Easy")))
    assert len(ranked) == 40
    for n in (0, 1, 39, 40, 45):
        assert pick("Easy", EPOCH + n * DAY, [], key=KEY, bundle=small) == ranked[n % 40]


def test_one_movers_are_never_dailies(small):
    one_movers = {r[0] for r in small.rows("Easy") if len(r[2].split()) == 2}
    picks = {pick("Easy", EPOCH + n * DAY, [], key=KEY, bundle=small) for n in range(40)}
    assert len(picks) == 40 and not picks & one_movers


def test_a_recent_daily_is_passed_over_without_moving_the_order(small):
    ranked = order("Easy", KEY, daily_pool(small.rows("Easy")))
    day = EPOCH + 5 * DAY
    kept = [(EPOCH, "Easy", ranked[5]), (EPOCH + DAY, "Easy", ranked[6])]
    assert pick("Easy", day, kept, key=KEY, bundle=small) == ranked[7]
    # day 6: its own puzzle was a daily, so the next; day 8 keeps its place
    assert pick("Easy", day + DAY, kept, key=KEY, bundle=small) == ranked[7]
    assert pick("Easy", day + 3 * DAY, kept, key=KEY, bundle=small) == ranked[8]


def test_the_window_is_no_repeat_days_either_side_but_not_the_day_itself(small):
    ranked = order("Easy", KEY, daily_pool(small.rows("Easy")))
    day = dt.date(2027, 6, 1)
    mine = ranked[(day - EPOCH).days % 40]
    nxt = ranked[((day - EPOCH).days + 1) % 40]
    for gap in (-NO_REPEAT, -1, 1, NO_REPEAT):
        assert pick("Easy", day, [(day + gap * DAY, "Easy", mine)], key=KEY, bundle=small) == nxt
    for gap in (-NO_REPEAT - 1, 0, NO_REPEAT + 1):
        assert pick("Easy", day, [(day + gap * DAY, "Easy", mine)], key=KEY, bundle=small) == mine


def test_kept_may_be_a_mapping_or_triples_with_iso_dates(small):
    ranked = order("Easy", KEY, daily_pool(small.rows("Easy")))
    day = EPOCH + 3 * DAY
    as_map = {(EPOCH, "Easy"): ranked[3]}
    as_text = [("2026-01-01", "Easy", ranked[3])]
    assert pick("Easy", day, as_map, key=KEY, bundle=small) == ranked[4]
    assert pick("Easy", day, as_text, key=KEY, bundle=small) == ranked[4]
    assert recent_ids(as_map, day) == recent_ids(as_text, day) == {ranked[3]}


@pytest.mark.parametrize("kept", [{EPOCH: "abcde"}, [(EPOCH, "abcde")], [("01/02/2026", "Easy", "abcde")]])
def test_kept_in_another_shape_is_refused_clearly(small, kept):
    with pytest.raises(TypeError, match=r"kept dailies must be \{\(date, band\): id\} or \(date, band, id\)"):
        pick("Easy", EPOCH, kept, key=KEY, bundle=small)


def test_retired_puzzles_are_passed_over_without_moving_the_order(tmp_path, small):
    ranked = order("Easy", KEY, daily_pool(small.rows("Easy")))
    retiring = make_bundle(tmp_path, {"Easy": small.rows("Easy")}, retired=[ranked[2]], version=2)
    assert pick("Easy", EPOCH + 2 * DAY, [], key=KEY, bundle=retiring) == ranked[3]
    for n in (0, 1, 3, 4, 30):
        assert pick("Easy", EPOCH + n * DAY, [], key=KEY, bundle=retiring) == ranked[n]


def test_a_clear_error_when_every_puzzle_was_a_daily_lately(small):
    ranked = order("Easy", KEY, daily_pool(small.rows("Easy")))
    day = dt.date(2026, 6, 1)
    kept = [(day - (k + 1) * DAY, "Easy", pid) for k, pid in enumerate(ranked)]
    with pytest.raises(LookupError, match=r"Every Easy puzzle of the daily pool \(40\) was a daily within"):
        pick("Easy", day, kept, key=KEY, bundle=small)


def test_a_band_without_a_daily_that_day_is_refused(small):
    with pytest.raises(ValueError, match="2026-01-01 has no Expert chess daily; its dailies are Easy"):
        pick("Expert", EPOCH, [], key=KEY, bundle=small)
    with pytest.raises(ValueError, match="2026-10-26 has no Medium chess daily; its daily is Easy"):
        pick("Medium", dt.date(2026, 10, 26), [], key=KEY, bundle=small)


def test_the_order_is_cached_per_bundle_version(tmp_path, small):
    pick("Easy", EPOCH, [], key=KEY, bundle=small)
    kept = small.derived(("daily order", "Easy", KEY, 1), lambda: pytest.fail("the order was made again"))
    assert kept == order("Easy", KEY, daily_pool(small.rows("Easy")))
    remade = make_bundle(tmp_path, {"Easy": committed_rows("Easy", 60)}, version=2)
    ranked = order("Easy", KEY, daily_pool(remade.rows("Easy")))
    assert pick("Easy", EPOCH + 50 * DAY, [], key=KEY, bundle=remade) == ranked[50]
