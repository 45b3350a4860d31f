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


def played(days: list[str], offsets: list[int | None]) -> Streak:
    """The streak after a daily solved on each of `days`, in order, each claimed from its zone."""
    streak = Streak()
    for day, offset in zip(days, offsets, strict=True):
        streak = streak.extended(dt.date.fromisoformat(day), f"{day}T12:00:00.000000Z", offset)
    return streak


@pytest.mark.parametrize("case", VECTORS["streaks"]["cases"], ids=lambda c: c["name"])
def test_the_streak_is_the_vectors(case: dict) -> None:
    """Whichever zones were claimed (a case's `offsets`, or none: the site's days), the same run."""
    today = dt.date.fromisoformat(case["today"])
    for offsets in (case.get("offsets") or [None] * len(case["days"]), [None] * len(case["days"])):
        streak = played(case["days"], offsets)
        assert streak.current(today) == case["current"]
        standing = streak.standing(today)
        assert (standing.length, standing.freezes_used, standing.freezes_held) == (
            case["current"], case["freezes_used"], case["freezes_held"])


@pytest.mark.parametrize("case", VECTORS["shards"]["cases"], ids=lambda c: f"{c['id']}/{c['shards']}")
def test_a_puzzles_shard_is_the_vectors(case: dict) -> None:
    assert shard_of(case["id"], case["shards"]) == case["shard"]
