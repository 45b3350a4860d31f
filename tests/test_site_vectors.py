"""The rules the browser and the server both apply, against the shared vectors (tests/vectors/site.json):
the daily streak, the site day (the server's) and a puzzle's shard. tests/js/site_vectors.test.mjs runs
the streak's and the shard's against the browser's copies."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from puzzlebook.calendar import site_day, zone_offsets
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


@pytest.mark.parametrize("case", VECTORS["site_days"]["cases"], ids=lambda c: f"{c['instant']} {c['zone']}")
def test_the_site_day_is_the_vectors(case: dict) -> None:
    now = dt.datetime.fromisoformat(case["instant"].replace("Z", "+00:00"))
    assert site_day(ZoneInfo(case["zone"]), now).isoformat() == case["day"]


@pytest.mark.parametrize("zone", sorted(VECTORS["site_days"]["offsets"]))
def test_the_offsets_are_what_the_build_writes(zone: str) -> None:
    """The release's tables are these (tests/test_release.py): they must be what
    puzzlebook.calendar.zone_offsets gives."""
    days = VECTORS["site_days"]
    start, end = (dt.datetime.fromisoformat(days[key].replace("Z", "+00:00"))
                  for key in ("offsets_from", "offsets_to"))
    assert " ".join(map(str, zone_offsets(ZoneInfo(zone), start, end))) == days["offsets"][zone]


def test_the_offsets_cover_every_zone_of_the_cases() -> None:
    days = VECTORS["site_days"]
    assert {case["zone"] for case in days["cases"]} <= set(days["offsets"])


@pytest.mark.parametrize("case", VECTORS["shards"]["cases"], ids=lambda c: f"{c['id']}/{c['shards']}")
def test_a_puzzles_shard_is_the_vectors(case: dict) -> None:
    assert shard_of(case["id"], case["shards"]) == case["shard"]
