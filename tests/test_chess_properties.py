"""Properties of the referee and the daily over the committed bundle (shards/), with hypothesis.

Examples are limited so the file runs in seconds; set CHESS_PROPERTIES=thorough
for a long run (hundreds of times more examples).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
from collections import defaultdict
from itertools import pairwise
from pathlib import Path

import chess
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from puzzlebook.chess.bands import BANDS
from puzzlebook.chess.daily import EPOCH, NO_REPEAT, ONE_A_DAY, WEEK_FROM, bands_of, daily_pool, order, pick
from puzzlebook.chess.puzzle import Puzzle, position_at
from puzzlebook.chess.referee import needs_referee, solves
from puzzlebook.chess.shards import Bundle, shard_of, shard_path
from puzzlebook.patterns import UCI

settings.register_profile("chess-fast", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("chess-thorough", max_examples=5000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
PROFILE = settings.get_profile(f"chess-{os.environ.get('CHESS_PROPERTIES', 'fast')}")
FEW = settings(PROFILE, max_examples=max(3, PROFILE.max_examples // 20))

ROOT = Path(__file__).resolve().parent.parent / "shards"
BUNDLE = Bundle(ROOT)
PUZZLES = [Puzzle.from_row(row, band) for band in BANDS for row in BUNDLE.rows(band)]
DAY = dt.timedelta(days=1)
FOUR_YEARS_END = dt.date(2030, 1, 1)

puzzles = st.sampled_from(PUZZLES)
keys = st.binary(min_size=1, max_size=32)
days = st.dates(min_value=EPOCH, max_value=dt.date(2036, 12, 31))


def test_the_committed_bundle_is_there():
    assert len(PUZZLES) >= 1000
    assert {p.band for p in PUZZLES} == set(BANDS)


# ---- the referee ------------------------------------------------------------

@PROFILE
@given(puzzles)
def test_a_puzzles_own_solution_solves_it(puzzle):
    assert solves(puzzle, puzzle.solution)


@PROFILE
@given(puzzles)
def test_no_prefix_of_the_solution_is_a_solve(puzzle):
    for k in range(len(puzzle.solution)):
        assert not solves(puzzle, puzzle.solution[:k])


def _alternatives(puzzle: Puzzle, k: int) -> tuple[list[str], list[str]]:
    """Legal moves other than the line's at the solver's move k: (not mating, mating)."""
    board = position_at(puzzle, 2 * k + 1)
    plain, mating = [], []
    for move in board.legal_moves:
        uci = board.uci(move)
        if uci == puzzle.line[2 * k + 1]:
            continue
        board.push(move)
        (mating if board.is_checkmate() else plain).append(uci)
        board.pop()
    return plain, mating


@PROFILE
@given(puzzles, st.data())
def test_changing_one_move_fails_unless_it_mates(puzzle, data):
    solution = puzzle.solution
    k = data.draw(st.integers(0, len(solution) - 1), label="changed move")
    plain, mating = _alternatives(puzzle, k)
    # mates off the line are rare: ask for one half the time when there is one
    choices = mating if mating and data.draw(st.booleans(), label="a mate") else plain
    assume(choices)
    other = data.draw(st.sampled_from(sorted(choices)), label="other move")
    mates = other in mating
    changed = [*solution[:k], other, *solution[k + 1:]]
    assert solves(puzzle, changed) == (mates and k == len(solution) - 1)
    assert solves(puzzle, changed[: k + 1]) == mates
    assert needs_referee(puzzle, changed[: k + 1])


@PROFILE
@given(puzzles, st.from_regex(rf"\A{UCI}\Z"))
def test_any_last_move_off_the_line_solves_only_if_legal_and_mating(puzzle, uci):
    solution = puzzle.solution
    assume(uci != solution[-1])
    board = position_at(puzzle, len(puzzle.line) - 1)
    move = chess.Move.from_uci(uci) if uci[:2] != uci[2:4] else None
    mates = False
    if move is not None and board.is_legal(move) and board.uci(move) == uci:
        board.push(move)
        mates = board.is_checkmate()
    assert solves(puzzle, [*solution[:-1], uci]) == mates


# ---- the daily --------------------------------------------------------------

@PROFILE
@given(days)
def test_the_calendar_three_dailies_then_the_weeks_band(day):
    bands = bands_of(day, b"calendar key")
    if day < ONE_A_DAY:
        assert bands == ["Easy", "Medium", "Hard"]
    elif day >= WEEK_FROM:
        expected = {1: "Easy", 2: "Easy", 3: "Medium", 4: "Medium", 5: "Medium", 6: "Medium", 7: "Hard"}
        assert bands == [expected[day.isoweekday()]]
    else:
        assert len(bands) == 1 and bands[0] in ("Easy", "Medium", "Hard")


@PROFILE
@given(days, keys)
def test_picks_are_the_same_every_time_for_a_key(day, key):
    for band in bands_of(day, key):
        assert pick(band, day, [], key=key, bundle=BUNDLE) == pick(band, day, [], key=key, bundle=BUNDLE)


@FEW
@given(st.dates(min_value=WEEK_FROM, max_value=dt.date(2036, 12, 31)), keys, keys)
def test_another_key_gives_other_picks(day, key, other):
    assume(key != other)
    week = [day + n * DAY for n in range(7)]
    mine = [pick(bands_of(d)[0], d, [], key=key, bundle=BUNDLE) for d in week]
    theirs = [pick(bands_of(d)[0], d, [], key=other, bundle=BUNDLE) for d in week]
    assert mine != theirs
    for band in ("Easy", "Medium", "Hard"):
        pool = daily_pool(BUNDLE.rows(band))
        assert order(band, key, pool) != order(band, other, pool)


def simulate(bundle: Bundle, key: bytes, end: dt.date = FOUR_YEARS_END) -> list[tuple[dt.date, str, str]]:
    """Every daily from EPOCH to `end`, each picked given those kept before it (as the site keeps them)."""
    kept: list[tuple[dt.date, str, str]] = []
    day = EPOCH
    while day < end:
        for band in bands_of(day, key):
            kept.append((day, band, pick(band, day, kept, key=key, bundle=bundle)))
        day += DAY
    return kept


def assert_no_repeat_within_window(kept):
    dates = defaultdict(list)
    for day, _band, pid in kept:
        dates[pid].append(day)
    for pid, seen in dates.items():
        gaps = [(b - a).days for a, b in pairwise(seen)]
        assert all(gap > NO_REPEAT for gap in gaps), (pid, seen)


def assert_three_then_week(kept):
    per_day = defaultdict(list)
    for day, band, _pid in kept:
        per_day[day].append(band)
    for day, bands in per_day.items():
        if day < ONE_A_DAY:
            assert bands == ["Easy", "Medium", "Hard"]
        else:
            assert len(bands) == 1


@pytest.mark.slow  # four years of dailies, twice
@settings(PROFILE, max_examples=2)
@given(keys)
def test_four_years_of_the_committed_bundle(key):
    kept = simulate(BUNDLE, key)
    assert_no_repeat_within_window(kept)
    assert_three_then_week(kept)
    assert not {pid for _d, _b, pid in kept} & BUNDLE.retired


# One xdist worker runs the module, so its module-scoped fixtures are made once.
pytestmark = pytest.mark.xdist_group("chess_properties")


@pytest.fixture(scope="module")
def crowded(tmp_path_factory) -> Bundle:
    """The committed bundle cut to 900 daily-pool puzzles a band, a tenth of them retired:
    small enough that four years wrap each order, so recent and retired puzzles get passed over."""
    root = tmp_path_factory.mktemp("crowded")
    index = json.loads((ROOT / "index.json").read_text())
    retired = {}
    for band in ("Easy", "Medium", "Hard"):
        rows = sorted(r for r in BUNDLE.rows(band) if len(r[2].split()) >= 4)[:900]
        for row in rows[::10]:
            retired[row[0]] = rows[1][0]
        shards = index["bands"][band]["shards"]
        chunks: list[list] = [[] for _ in range(shards)]
        for row in rows:
            chunks[shard_of(row[0], shards)].append(row)
        for k, chunk in enumerate(chunks):
            shard_path(root, band, k).parent.mkdir(parents=True, exist_ok=True)
            shard_path(root, band, k).write_text(json.dumps(chunk))
        index["bands"][band]["count"] = len(rows)
    for band in ("Beginner", "Expert"):
        shutil.copytree(ROOT / band, root / band)
    index["duplicates"] = retired
    (root / "index.json").write_text(json.dumps(index))
    return Bundle(root)


@pytest.mark.slow  # four years of dailies over a crowded bundle, twice
@settings(PROFILE, max_examples=2)
@given(keys)
def test_four_crowded_years_pass_over_recent_and_retired_puzzles(crowded, key):
    kept = simulate(crowded, key)
    assert_no_repeat_within_window(kept)
    assert_three_then_week(kept)
    assert not {pid for _d, _b, pid in kept} & crowded.retired
    # the order wrapped, so some days took a later puzzle than their own place
    orders = {b: order(b, key, daily_pool(crowded.rows(b))) for b in ("Easy", "Medium", "Hard")}
    moved = [(d, b) for d, b, pid in kept if pid != orders[b][(d - EPOCH).days % len(orders[b])]]
    assert len(moved) > 100
