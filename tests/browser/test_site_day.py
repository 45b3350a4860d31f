"""The site day in a page (docs/site.md, "The site day without Intl"): every page carries the site
zone's offsets from UTC, and lib/dates.js works the day out from them by arithmetic. A daily opened
by its address makes no time-zone-aware Intl formatter (the costliest task of its opening on a
phone), and a player in any zone gets the site's day, across midnight and a change of offset."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from puzzlebook.calendar import site_day
from sitebuild.builder import site_offsets
from tests.browser.chain_helpers import site_today
from tests.browser.chess_helpers import wait_ready
from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser

# Counts the Intl date formatters made with a time zone, however they are asked for.
COUNT_ZONED = """
window.__zoned = 0
const Real = Intl.DateTimeFormat
const zoned = (options) => Boolean(options && options.timeZone)
Intl.DateTimeFormat = new Proxy(Real, {
  construct(target, args) {
    if (zoned(args[1])) window.__zoned++
    return Reflect.construct(target, args)
  },
  apply(target, self, args) {
    if (zoned(args[1])) window.__zoned++
    return Reflect.apply(target, self, args)
  },
})
for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) {
  const real = Date.prototype[name]
  Date.prototype[name] = function (locales, options) {
    if (zoned(options)) window.__zoned++
    return real.call(this, locales, options)
  }
}
"""


def test_a_daily_by_its_address_makes_no_time_zone_aware_formatter(make_page, site_server):
    entry = site_server.get(f"/daily/chess/{site_today(site_server)}.json")[1]["dailies"][0]
    page = make_page(viewport=PHONE, timezone_id="Pacific/Kiritimati")
    page.add_init_script(COUNT_ZONED)
    page.goto(f"/#/daily/{entry['band']}")
    wait_ready(page)
    assert page.text_content("#play-kind").startswith("Daily · ")
    assert page.evaluate("window.__zoned") == 0


# Around New York's midnights next to its changes of offset in 2026, and a plain one.
NEW_YORK = ["2026-03-08T04:59:59Z", "2026-03-08T05:00:00Z", "2026-03-08T06:59:59Z", "2026-03-08T07:00:00Z",
            "2026-03-09T03:59:59Z", "2026-03-09T04:00:00Z", "2026-11-01T03:59:59Z", "2026-11-01T04:00:00Z",
            "2026-11-01T05:59:59Z", "2026-11-01T06:00:00Z", "2026-11-02T04:59:59Z", "2026-11-02T05:00:00Z",
            "2026-07-01T03:59:59Z", "2026-07-01T04:00:00Z"]


@pytest.mark.parametrize("player_zone", ["Pacific/Kiritimati", "Pacific/Pago_Pago"])
def test_a_player_in_any_zone_gets_the_sites_day(make_page, site_server, player_zone):
    """The page as the build writes it for a site in New York (its zone and offsets swapped into the
    served page), opened by players fourteen hours ahead of UTC and eleven behind: the day is New
    York's at every instant, by the offsets alone."""
    zone = ZoneInfo("America/New_York")
    page = make_page(timezone_id=player_zone)
    page.add_init_script(COUNT_ZONED)

    def as_new_york(route: Any) -> None:
        html = route.fetch().text()
        ours = f'data-site-tz="{zone.key}" data-site-offsets="{site_offsets(zone, dt.date(2026, 6, 1))}"'
        html, swapped = re.subn(r'data-site-tz="[^"]*" data-site-offsets="[^"]*"', ours, html)
        assert swapped == 1
        route.fulfill(status=200, content_type="text/html; charset=utf-8", body=html)

    page.route("**/about/", as_new_york)
    page.goto("/about/")
    # The page's module (sitebuild/bundle.py), and lib/dates.js as published beside it (its own file:
    # the sign-in page loads it with import()).
    view = page.evaluate("[...document.scripts].map((s) => s.src).find((s) => s.endsWith('/pages/site.js'))")
    dates = view.replace("/js/pages/site.js", "/js/lib/dates.js")
    for instant in NEW_YORK:
        moment = dt.datetime.fromisoformat(instant.replace("Z", "+00:00"))
        page.clock.set_fixed_time(moment)
        day = page.evaluate("async (url) => { const d = await import(url); return d.dayIn(d.siteZone()) }",
                            dates)
        assert day == site_day(zone, moment).isoformat(), f"{instant} for a player in {player_zone}"
    assert page.evaluate("window.__zoned") == 0, "the offsets answered, not Intl"


def test_a_run_starts_near_noon_of_its_site_day(site_server, pytestconfig):
    """The servers' site day can't turn during a run: unless SITE_TZ was given, the run's zone is one
    where it started at noon (tests/midday_zone.py), hours from either midnight."""
    from tests.browser.conftest import SITE_TZ_GIVEN

    if pytestconfig.stash[SITE_TZ_GIVEN]:
        pytest.skip(f"SITE_TZ={site_server.env['SITE_TZ']} was given: its midnight may come at any time")
    now = dt.datetime.now(ZoneInfo(site_server.env["SITE_TZ"]))
    assert 12 <= now.hour < 23, f"the run is at {now:%H:%M} of its site day"
    assert site_today(site_server) == now.date().isoformat()
