"""The day in a page (docs/site.md, "The player's day"): a page's today is the player's own date,
read from the browser's clock in its own zone (lib/dates.js playerDay), with no time-zone-aware Intl
formatter (the costliest task of a page's opening on a phone), across midnight and a change of offset;
and the servers' site day, which the browser tests' players share by default (conftest's make_page)."""

from __future__ import annotations

import datetime as dt
import urllib.parse
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from puzzlebook.calendar import long_date
from tests.browser import chain_helpers as chain
from tests.browser import chess_helpers as ch
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
    page = make_page(viewport=PHONE)
    page.add_init_script(COUNT_ZONED)
    page.goto(f"/#/daily/{entry['band']}")
    wait_ready(page)
    assert page.text_content("#play-kind").startswith("Daily · ")
    assert page.evaluate("window.__zoned") == 0


# Around New York's midnights next to its changes of offset in 2026, a plain one, and Kiritimati's and
# Pago Pago's midnights (the first and the last zone to begin a date).
INSTANTS = ["2026-03-08T04:59:59Z", "2026-03-08T05:00:00Z", "2026-03-08T06:59:59Z", "2026-03-08T07:00:00Z",
            "2026-03-09T03:59:59Z", "2026-03-09T04:00:00Z", "2026-11-01T03:59:59Z", "2026-11-01T04:00:00Z",
            "2026-11-01T05:59:59Z", "2026-11-01T06:00:00Z", "2026-11-02T04:59:59Z", "2026-11-02T05:00:00Z",
            "2026-07-01T03:59:59Z", "2026-07-01T04:00:00Z", "2026-12-05T09:59:59Z", "2026-12-05T10:00:00Z",
            "2026-12-06T10:59:59Z", "2026-12-06T11:00:00Z"]


# The page's today and offset, from lib/dates.js as the page has it (at `url`).
PLAYER_NOW = """async (url) => {
  const d = await import(url)
  return { day: d.playerDay(), offset: d.playerOffset() }
}"""


@pytest.mark.parametrize("player_zone", ["America/New_York", "Pacific/Kiritimati", "Pacific/Pago_Pago"])
def test_a_players_today_is_their_own_date(make_page, site_server, player_zone):
    """Players in New York, fourteen hours ahead of UTC and eleven behind: at every instant the page's
    today is the date where the player is, and the ticket's offset their zone's, by the browser's own
    clock: no Intl formatter with a time zone."""
    zone = ZoneInfo(player_zone)
    page = make_page(timezone_id=player_zone)
    page.add_init_script(COUNT_ZONED)
    page.goto("/about/")
    # The page's module (sitebuild/bundle.py), and lib/dates.js as published beside it (its own file:
    # the sign-in page loads it with import()).
    view = page.evaluate("[...document.scripts].map((s) => s.src).find((s) => s.endsWith('/pages/site.js'))")
    dates = view.replace("/js/pages/site.js", "/js/lib/dates.js")
    for instant in INSTANTS:
        moment = dt.datetime.fromisoformat(instant.replace("Z", "+00:00"))
        page.clock.set_fixed_time(moment)
        got: dict[str, Any] = page.evaluate(PLAYER_NOW, dates)
        local = moment.astimezone(zone)
        offset = local.utcoffset()
        assert offset is not None
        assert got == {"day": local.date().isoformat(), "offset": int(offset.total_seconds() // 60)}, (
            f"{instant} for a player in {player_zone}")
    assert page.evaluate("window.__zoned") == 0, "the browser's clock answered, not Intl"


def test_a_page_no_longer_carries_the_site_zone(page, site_server):
    page.goto("/about/")
    kept = page.evaluate("Object.keys(document.documentElement.dataset)")
    assert "siteTz" not in kept and "siteOffsets" not in kept


def test_a_run_starts_near_noon_of_its_site_day(site_server, pytestconfig):
    """The servers' site day can't turn during a run: unless SITE_TZ was given, the run's zone is one
    where it started at noon (tests/midday_zone.py), hours from either midnight."""
    from tests.browser.conftest import SITE_TZ_GIVEN

    if pytestconfig.stash[SITE_TZ_GIVEN]:
        pytest.skip(f"SITE_TZ={site_server.env['SITE_TZ']} was given: its midnight may come at any time")
    now = dt.datetime.now(ZoneInfo(site_server.env["SITE_TZ"]))
    assert 12 <= now.hour < 23, f"the run is at {now:%H:%M} of its site day"
    assert site_today(site_server) == now.date().isoformat()


KIRITIMATI = ZoneInfo("Pacific/Kiritimati")  # UTC+14: the first zone to begin a date


def test_in_kiritimati_the_countdown_and_the_archive_count_kiritimatis_date(make_page, site_server):
    """An hour into the server's today (D) in Kiritimati, when D has begun in no zone of the run's site
    zones (UTC−11 to UTC+12): the Chain played is D's, the countdown counts to Kiritimati's next midnight,
    and the archive's newest day is D's eve, the player's yesterday. (The browser's clock only: the
    server's is the real one, on which D is out.)"""
    today = dt.date.fromisoformat(site_today(site_server))
    moment = dt.datetime.combine(today, dt.time(1), KIRITIMATI)
    site_zone = ZoneInfo(site_server.env["SITE_TZ"])
    if moment.astimezone(site_zone).date() == today:
        pytest.skip(f"SITE_TZ={site_zone.key} was given: {today} has begun there an hour into Kiritimati's")
    page = make_page(timezone_id=KIRITIMATI.key)
    page.clock.set_fixed_time(moment)
    chain.open_day(page)
    assert page.text_content("#chain-kind") == f"Today · {long_date(today)}"
    puzzle = chain.public_day(site_server, today.isoformat())
    chain.click_tiles(page, chain.solving_order(puzzle))
    page.locator("#chain-results-sheet[open]").wait_for()
    page.keyboard.press("Escape")
    node = page.locator("#chain-done-next")
    node.wait_for(state="visible")
    # Kiritimati's next midnight is 23 hours off (the page's clock stands still).
    assert node.locator("[aria-hidden=true]").text_content() == "Next Chain in 23:00:00"
    assert node.locator(".visually-hidden").text_content() == "The next Chain comes in 23 hours."

    page.goto("/archive/")
    page.wait_for_selector(".archive-day")
    hrefs = page.locator(".archive-games a[href^='/chain/#/']").evaluate_all(
        "(as) => as.map((a) => a.getAttribute('href'))")
    assert hrefs and hrefs[0] == f"/chain/#/{today - dt.timedelta(days=1)}", hrefs[:3]


def _query(url: str) -> dict[str, list[str]]:
    return urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)


def _now_in(zone: ZoneInfo) -> tuple[set[str], str]:
    """The player's date about now in `zone` (either side of a turn of the day), and its offset."""
    now = dt.datetime.now(zone)
    offset = now.utcoffset()
    assert offset is not None
    days = {(now + dt.timedelta(seconds=s)).date().isoformat() for s in (-5, 5)}
    return days, str(int(offset.total_seconds() // 60))


def test_a_ticket_asked_in_kiritimati_says_its_date_and_offset(make_page, site_server, bundle):
    """A signed-in player's Endless puzzle (no day's file in it) asks for its ticket with the player's
    own date and offset: Kiritimati's, whatever the site's zone."""
    player = chain.new_player(site_server, "Dated Dora")
    page = make_page(timezone_id=KIRITIMATI.key)
    chain.sign_in(page, player)
    puzzle = ch.find_puzzle(bundle, "Medium", moves=2)
    with page.expect_request(lambda r: r.method == "POST" and "/api/chess/plays" in r.url) as asked:
        ch.open_puzzle(page, f"/#/p/Medium/{puzzle.id}")
    days, offset = _now_in(KIRITIMATI)
    query = _query(asked.value.url)
    assert query["offset"] == [offset] == ["840"]
    assert query["date"][0] in days and set(query) == {"date", "offset"}


def test_every_ticket_route_is_asked_with_the_players_date_and_offset(make_page, site_server):
    """Chain's play, a Storm run and a Streak run, each started by a signed-in player in the browser's
    zone (the run's site zone): each request says the player's date and offset."""
    zone = ZoneInfo(site_server.env["SITE_TZ"])
    player = chain.new_player(site_server, "Dated Dan")
    page = make_page()
    chain.sign_in(page, player)
    urls = []
    with page.expect_request(lambda r: r.method == "POST" and "/api/chain/plays" in r.url) as asked:
        chain.open_day(page)
    urls.append(asked.value.url)
    for game in ("storm", "streak"):
        page.goto(f"/{game}/")
        page.wait_for_selector("#start-button:not([disabled])")
        assert "ranked one" in page.text_content("#start-rank")
        runs = f"/api/{game}/runs"
        with page.expect_request(lambda r, runs=runs: r.method == "POST" and runs in r.url) as asked:
            page.click("#start-button")
        urls.append(asked.value.url)
        page.locator("#play-status").wait_for()
    days, offset = _now_in(zone)
    assert site_today(site_server) in days
    for url in urls:
        query = _query(url)
        assert query["offset"] == [offset] and query["date"][0] in days, url
