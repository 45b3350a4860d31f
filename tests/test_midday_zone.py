"""The browser tests' site zone (tests/midday_zone.py): noon at the start of a run, whatever the hour."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from tests.midday_zone import midday_zone

START = dt.datetime(2026, 12, 1, tzinfo=dt.UTC)


@pytest.mark.parametrize("minutes", range(0, 24 * 60, 7))
def test_the_zone_puts_the_run_at_noon(minutes):
    now = START + dt.timedelta(minutes=minutes)
    zone = midday_zone(now)
    local = now.astimezone(ZoneInfo(zone))
    assert local.hour == 12, f"{now:%H:%M} UTC is {local:%H:%M} in {zone}"
    # Eleven hours either way stay on the same site day.
    assert (local - dt.timedelta(hours=11)).date() == local.date() == (local + dt.timedelta(hours=11)).date()


@pytest.mark.parametrize(("utc", "zone"),
                         [(0, "Etc/GMT-12"), (12, "Etc/GMT"), (13, "Etc/GMT+1"), (23, "Etc/GMT+11")])
def test_the_names_count_the_etc_way(utc, zone):
    assert midday_zone(START.replace(hour=utc)) == zone


def test_a_time_in_another_zone_counts_by_its_instant():
    tokyo = dt.datetime(2026, 12, 1, 9, 30, tzinfo=dt.timezone(dt.timedelta(hours=9)))  # 00:30 UTC
    assert midday_zone(tokyo) == "Etc/GMT-12"
