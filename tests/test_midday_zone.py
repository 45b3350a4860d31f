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


@pytest.mark.parametrize("minutes", range(0, 24 * 60, 7))
def test_a_date_not_out_yet_is_after_the_site_day_and_stays_unreleased(minutes):
    """The browser tests' date with nothing served yet (chain_helpers.not_out_yet) in the run's zone:
    after its site day, the first not begun at UTC+14 for NOT_OUT_FOR. Not the site day's tomorrow:
    from 10:00 UTC that has begun at UTC+14 (three tests that used it failed in every run started
    between 10:00 and 24:00 UTC)."""
    from puzzlebook.calendar import released
    from tests.browser.chain_helpers import NOT_OUT_FOR, not_out_yet

    now = START + dt.timedelta(minutes=minutes)
    site_day = now.astimezone(ZoneInfo(midday_zone(now))).date()
    ahead = not_out_yet(now)
    assert ahead > site_day
    assert not released(ahead, now + NOT_OUT_FOR)
    assert released(ahead - dt.timedelta(days=1), now + NOT_OUT_FOR)
    tomorrow_out = released(site_day + dt.timedelta(days=1), now)
    assert tomorrow_out is (now.hour >= 10), "the noon zone's tomorrow begins at UTC+14 at 10:00 UTC"
