"""The rules the browser and the server both apply, against the shared vectors (tests/vectors/site.json):
the daily streak and a puzzle's shard. tests/js/site_vectors.test.mjs runs
the streak's and the shard's against the browser's copies."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from puzzlebook.chess.shards import shard_of
from puzzlebook.streaks import Streak

VECTORS = json.loads((Path(__file__).parent / "vectors" / "site.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", VECTORS["streaks"]["cases"], ids=lambda c: c["name"])
def test_the_streak_is_the_vectors(case: dict) -> None:
    streak = Streak()
    for day in case["days"]:
        streak = streak.extended(dt.date.fromisoformat(day), f"{day}T12:00:00.000000Z")
    today = dt.date.fromisoformat(case["today"])
    assert streak.current(today) == case["current"]
    standing = streak.standing(today)
    assert (standing.length, standing.freezes_used, standing.freezes_held) == (
        case["current"], case["freezes_used"], case["freezes_held"])


@pytest.mark.parametrize("case", VECTORS["shards"]["cases"], ids=lambda c: f"{c['id']}/{c['shards']}")
def test_a_puzzles_shard_is_the_vectors(case: dict) -> None:
    assert shard_of(case["id"], case["shards"]) == case["shard"]
