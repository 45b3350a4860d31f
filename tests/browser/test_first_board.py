"""What a chess daily opened by its address waits for (docs/site.md, "The first board"): the day's
file carries each daily's row, so the puzzle opens without the bundle's index or a shard; and the
day's picture fills the board's square while the game's modules load."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.chain_helpers import site_today
from tests.browser.chess_helpers import wait_ready
from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser


def _asked(page: Any) -> list[str]:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    return asked


def test_todays_daily_by_its_address_opens_from_the_days_file_alone(make_page, site_server, bundle):
    day = site_server.get(f"/daily/chess/{site_today(site_server)}.json")[1]
    entry = day["dailies"][-1]
    page = make_page(viewport=PHONE)
    asked = _asked(page)
    page.goto(f"/#/daily/{entry['band']}")
    wait_ready(page)
    rating = bundle.row(entry["band"], entry["id"])[3]
    assert page.text_content("#play-meta").endswith(f"Rated {rating}")
    assert not [url for url in asked if "/shards/" in url], asked


def test_a_days_file_without_the_row_still_opens_the_daily_from_the_bundle(make_page, site_server):
    """A file whose row is null (the bundle lost the puzzle) or older than the rows: the bundle is asked."""
    today = site_today(site_server)
    day = site_server.get(f"/daily/chess/{today}.json")[1]
    entry = day["dailies"][0]
    stripped = {**day, "dailies": [{k: v for k, v in d.items() if k != "row"} for d in day["dailies"]]}
    page = make_page(viewport=PHONE)
    body = json.dumps(stripped)
    page.route(f"**/daily/chess/{today}.json",
               lambda route: route.fulfill(status=200, content_type="application/json", body=body))
    asked = _asked(page)
    page.goto(f"/#/daily/{entry['band']}")
    wait_ready(page)
    assert [url for url in asked if "/shards/" in url]
    assert page.text_content("#play-kind").startswith("Daily")


def test_the_first_dailys_picture_fills_the_board_square_while_the_game_loads(make_page, site_server):
    """The home card's picture (drawn by the build) is shown in the board's square as soon as the
    page's own module runs, before the play view's modules arrive; the board replaces it."""
    entry = site_server.get(f"/daily/chess/{site_today(site_server)}.json")[1]["dailies"][0]
    page = make_page(viewport=PHONE, color_scheme="dark")
    held: list[Any] = []
    # The game's modules wait until let go below.
    page.route("**/js/chess/play.js", lambda route: held.append(route))
    picture = page.locator("#board-picture")
    # The picture (a data: address) can be complete before the page asks for the game's modules: wait
    # for that ask too, and for its route to be held, or the check below ran before either.
    with page.expect_request("**/js/chess/play.js"):
        page.goto(f"/#/daily/{entry['band']}", wait_until="commit")
        picture.wait_for()
        page.wait_for_function("document.getElementById('board-picture').complete")
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(20)  # the route's handler runs as Playwright's events are read
    assert page.locator(".cm-chessboard").count() == 0 and held
    assert picture.bounding_box() == page.locator("#board-frame").bounding_box()
    src = picture.get_attribute("src") or ""
    assert src.startswith("data:image/svg+xml,")
    assert "%238e7856" in src.lower(), "the dark scheme's dark squares"  # chess.css --square-dark
    assert page.evaluate("document.getElementById('board-picture').naturalWidth") > 0
    for route in held:
        route.continue_()
    wait_ready(page)
    assert picture.count() == 0
