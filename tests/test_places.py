"""A player's place found from a board's snapshot, without counting the board (puzzlebook/places.py),
against the shared vectors (tests/vectors/places.json) that the browser's copy passes too
(tests/js/boards_places.test.mjs); and the rule's promise: a place shown "about #N" is within 1%."""

from __future__ import annotations

import json
import random
from bisect import bisect_left
from pathlib import Path
from typing import Any

import pytest

from puzzlebook.places import CLOSE, Standing, percentiles_of, placed, runs_of, standing, standing_in

VECTORS = json.loads((Path(__file__).parent / "vectors" / "places.json").read_text(encoding="utf-8"))


def _doc(s: Standing) -> dict[str, Any]:
    return {"low": s.low, "high": s.high, "size": s.size, "top": s.top}


@pytest.mark.parametrize("case", VECTORS["standing"], ids=lambda c: c["name"])
def test_a_standing_is_the_vectors(case: dict[str, Any]) -> None:
    runs = [tuple(r) for r in case["runs"]] if case["runs"] else None
    got = standing(case["rows"], case["key"], full=case["full"], runs=runs,
                   percentiles=case["percentiles"], size=case["size"])
    assert _doc(got) == case["standing"]
    assert placed(got) == case["placed"]


@pytest.mark.parametrize("case", VECTORS["snapshot"], ids=lambda c: c["name"])
def test_a_standing_in_a_snapshot_is_the_vectors(case: dict[str, Any]) -> None:
    got = standing_in(VECTORS["board"], case["key"], case["player"])
    assert _doc(got) == case["standing"] and placed(got) == case["placed"]


def test_runs_are_the_vectors() -> None:
    keys = [f"r{n:03d}" for n in range(VECTORS["runs"]["keys"])]
    assert [list(r) for r in runs_of(keys)] == VECTORS["runs"]["runs"]


@pytest.mark.parametrize("size", [101, 150, 2_000, 9_999])
def test_a_place_about_n_is_within_one_per_cent_of_the_true_one(size: int) -> None:
    """Every entry of a board read whole, and every key between them, placed from the snapshot's runs:
    exact in the top 100, else "about #N" within 1% of its true place."""
    rng = random.Random(size)
    keys = sorted({f"{rng.getrandbits(40):013d}" for _ in range(size)})
    size = len(keys)
    runs = runs_of(keys)
    assert sum(n for _, n in runs) == size
    snapshot = {"rows": [{"place": n + 1, "name": k, "key": k} for n, k in enumerate(keys[:100])],
                "size": size, "runs": runs}
    for n in range(0, size, max(1, size // 1000)):
        key = keys[n]
        # The entry itself (the player's own), and a new key right after it (one digit longer).
        for probe, name, true in ((key, key, n + 1), (key + "5", None, n + 2)):
            shown = placed(standing_in(snapshot, probe, name))
            assert shown["place"] is not None
            if true <= 100 and name:
                assert shown == {"place": true, "about": False, "top": None}
            assert abs(shown["place"] - true) <= max(1, CLOSE * true), (probe, true, shown)


def test_a_sampled_board_says_its_per_cent() -> None:
    """A board known by an even sample: a key's per cent of the board, never an about-place."""
    board = [f"{n:08d}" for n in range(0, 2_000_000, 2)]  # a million entries
    sample = board[::100]
    pct = percentiles_of(sample)
    for true in (150, 4_000, 333_333, 999_999):
        key = board[true - 1]
        found = standing(board[:100], key, full=True, percentiles=pct, size=len(sample) * 100)
        shown = placed(found)
        assert shown["place"] is None and shown["top"] is not None
        assert shown["top"] - 1 <= 100 * true / len(board) <= shown["top"] + 0.01, (true, found)


def test_runs_stay_few() -> None:
    """A snapshot's runs grow with the log of the board: about 100 + 50·ln(size / 100)."""
    assert len(runs_of([f"{n:06d}" for n in range(10_000)])) < 340


def test_the_insertion_point_is_bisect() -> None:
    rows = ["a", "c", "e"]
    for key in "abcdef":
        assert standing(rows, key, full=False).low == bisect_left(rows, key) + 1
