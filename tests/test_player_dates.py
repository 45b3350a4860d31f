"""Which date it is for a player, bound between the browser and the server (tests/vectors/player_dates.json):
at each instant the zone's offset is the vectors' (what a ticket's request sends) and
puzzlebook.calendar.local_date gives the vectors' date from it. tests/js/player_dates.test.mjs runs the
same cases through lib/dates.js in each zone."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from puzzlebook.calendar import local_date

VECTORS = json.loads((Path(__file__).parent / "vectors" / "player_dates.json").read_text(encoding="utf-8"))
ZONES = (
    "Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/London", "America/New_York", "Australia/Lord_Howe",
    "Asia/Kolkata", "America/St_Johns", "Pacific/Chatham", "America/Santiago", "UTC",
)


def _instant(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


@pytest.mark.parametrize("case", VECTORS["cases"], ids=lambda c: f"{c['zone']} {c['instant']}")
def test_the_players_date_and_offset_are_the_vectors(case: dict) -> None:
    zone, now = ZoneInfo(case["zone"]), _instant(case["instant"])
    offset = now.astimezone(zone).utcoffset()
    assert offset is not None and offset.total_seconds() == case["offset"] * 60
    assert -720 <= case["offset"] <= 840  # what the server believes
    assert now.astimezone(zone).date().isoformat() == case["date"]
    assert local_date(now, case["offset"]).isoformat() == case["date"]


@pytest.mark.parametrize("case", VECTORS["cases"], ids=lambda c: f"{c['zone']} {c['instant']}")
def test_the_next_day_begins_at_the_next_local_midnight(case: dict) -> None:
    """`next_day` (the countdown's end) is the first second of the next date there."""
    zone, nxt = ZoneInfo(case["zone"]), _instant(case["next_day"])
    following = dt.date.fromisoformat(case["date"]) + dt.timedelta(days=1)
    assert nxt.astimezone(zone).date() == following
    assert (nxt - dt.timedelta(seconds=1)).astimezone(zone).date().isoformat() == case["date"]


def test_every_zone_has_its_midnight_and_its_changes_of_offset() -> None:
    """Each zone: a second before and at a local midnight; each zone with summer time, a second before
    and at each of 2026's changes of offset."""
    cases = VECTORS["cases"]
    for name in ZONES:
        zone = ZoneInfo(name)
        instants = {_instant(c["instant"]) for c in cases if c["zone"] == name}
        midnights = [t for t in instants if t.astimezone(zone).time() == dt.time()]
        assert any(t - dt.timedelta(seconds=1) in instants for t in midnights), name
        offsets = {c["offset"] for c in cases if c["zone"] == name}
        changes = [t for t in instants if (t - dt.timedelta(seconds=1)).astimezone(zone).utcoffset()
                   != t.astimezone(zone).utcoffset()]
        assert len(changes) == (2 if len(offsets) > 1 else 0), name
        assert all(t - dt.timedelta(seconds=1) in instants for t in changes), name


def test_the_date_needs_an_aware_instant() -> None:
    with pytest.raises(ValueError):
        local_date(dt.datetime(2026, 12, 6, 12), 0)
