"""Nothing on a page moves while it loads: the layout shifts the browser reports
(PerformanceObserver 'layout-shift', the figure Lighthouse sums as CLS) stay at or under 0.1
from the first paint until the page is playable.

Measured as Lighthouse sees a page: scrollbars shown (Playwright hides them by default, and a
scrollbar coming or going moves the whole page sideways), the network and the processor slowed
as on a phone (a slow 4G link, a processor four times slower), so the first paint comes before
the page's modules have run, as it does on a real phone or a busy desktop. Two shifts this
catches: a puzzle's address painting the home view before the play view replaced it (0.23 on a
laptop), and Chain's numbers and tiles pushing its page down as they came (0.17 on a phone).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import chromium as launching
from tests.browser.chain_helpers import site_today
from tests.browser.chess_helpers import wait_ready
from tests.browser.conftest import CHROMIUM, PHONE

# Its module fixture is made once: the module's tests run on one worker (tests/xdist_groups.py).
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser-layout_shift")]

LIMIT = 0.1
DESKTOP = {"width": 1350, "height": 940}  # Lighthouse's desktop screen
# Every shift not caused by input, with what moved (runs before the page's own scripts).
WATCH_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.hadRecentInput) continue;
    const name = (n) => (n ? n.id || n.className || n.nodeName : '?');
    const moved = (e.sources || []).map((s) => name(s.node));
    window.__shifts.push({ value: e.value, at: Math.round(e.startTime), moved });
  }
}).observe({ type: 'layout-shift', buffered: true });
"""


@pytest.fixture(scope="module")
def browser_with_scrollbars(browser: Any) -> Iterator[Any]:
    """Another Chromium from the session's Playwright (one Playwright per process), with scrollbars."""
    chromium = launching.launch(browser.browser_type, CHROMIUM, ignore_default_args=["--hide-scrollbars"])
    yield chromium
    chromium.close()


def _shifts(browser: Any, url: str, viewport: dict[str, int], ready: Any) -> list[dict[str, Any]]:
    """The layout shifts of loading `url` on a slowed link and processor, until `ready(page)`
    returns and the page has been quiet for a moment."""
    phone = viewport["width"] < 600
    context = browser.new_context(
        viewport=viewport, is_mobile=phone, has_touch=phone, service_workers="block",
        timezone_id=os.environ["SITE_TZ"],  # the player's date is the site day (conftest's make_page)
    )
    try:
        context.add_init_script(WATCH_SHIFTS)
        # The first puzzle's introduction (a sheet over the board) has tests of its own.
        context.add_init_script("localStorage.setItem('pb:chess:first-move', 'true')")
        page = context.new_page()
        # A slowed link and processor, beside three other workers' browsers on two cores: loading
        # took over 30 s once in `make test`. What is measured doesn't depend on how long it takes.
        page.set_default_timeout(90_000)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 0.75e6 / 8,
        })
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.goto(url, wait_until="commit")  # ready() waits for what it needs; the load event isn't it
        ready(page)
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(500)
        shifts: list[dict[str, Any]] = page.evaluate("window.__shifts")
        return shifts
    finally:
        context.close()


def _check(shifts: list[dict[str, Any]], what: str) -> None:
    total = sum(s["value"] for s in shifts)
    print(f"\n{what}: layout shift {total:.4f} {shifts}")
    assert total <= LIMIT, f"{what} moved while loading ({total:.3f} > {LIMIT}): {shifts}"


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_daily_opened_by_its_address_paints_the_play_view_from_the_start(
    browser_with_scrollbars, site_server, viewport
):
    band = site_server.get(f"/daily/chess/{site_today(site_server)}.json")[1]["dailies"][0]["band"]
    shifts = _shifts(browser_with_scrollbars, f"{site_server.url}/#/daily/{band}", viewport, wait_ready)
    _check(shifts, f"/#/daily/{band} at {viewport['width']} px")


def test_chains_page_holds_room_for_the_day_before_it_comes(browser_with_scrollbars, site_server):
    def ready(page: Any) -> None:
        page.wait_for_selector("#chain-hand [data-tile]")

    _check(_shifts(browser_with_scrollbars, f"{site_server.url}/chain/", PHONE, ready), "/chain/ on a phone")


def test_the_home_page_stays_put(browser_with_scrollbars, site_server):
    def ready(page: Any) -> None:
        page.locator("#daily-list .daily-item").first.wait_for()

    _check(_shifts(browser_with_scrollbars, f"{site_server.url}/", DESKTOP, ready), "/ at 1350 px")
