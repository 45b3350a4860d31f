"""The play view's modules are asked for at once when a puzzle opens (modulepreload of the graph
the build reads from the bundles, sitebuild/modules.py), and never on the home view."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.chain_helpers import site_today
from tests.browser.chess_helpers import wait_ready
from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser


def _preloaded(page: Any) -> list[str]:
    return page.evaluate("[...document.querySelectorAll('link[rel=modulepreload]')].map((l) => l.href)")


def test_a_puzzles_address_asks_for_the_play_views_modules_at_once_and_the_home_does_not(
    make_page, site_server
):
    """The play view is one bundle importing the play session's module (sitebuild/bundle.py); both
    are asked for up front, in one round rather than two: play.js by its import(), the session by a
    modulepreload (sitebuild/modules.py), beside it. The rules (chess.js) are not: they are asked for
    once the board is drawn."""
    band = site_server.get(f"/daily/chess/{site_today(site_server)}.json")[1]["dailies"][0]["band"]
    page = make_page(viewport=PHONE)
    page.goto(f"/#/daily/{band}")
    wait_ready(page)
    preloaded = _preloaded(page)
    assert any(url.endswith("/js/lib/session.js") for url in preloaded), preloaded
    assert not [url for url in preloaded if url.endswith(("/js/chess/rules.js", "/js/chess/play.js"))], (
        preloaded)
    asked = page.evaluate("Object.fromEntries(performance.getEntriesByType('resource').map((e) => "
                          "[e.name.replace(/^.*[/]static[/][^/]+[/]/, ''), [e.startTime, e.responseEnd]]))")
    session, play = asked["js/lib/session.js"], asked["js/chess/play.js"]
    assert session[0] <= play[1], "the session is asked for beside play.js, not once play.js has come"
    home = make_page(viewport=PHONE)
    home.goto("/")
    home.locator("#daily-list .daily-item").first.wait_for()
    assert not [url for url in _preloaded(home) if "/vendor/" in url or url.endswith("/play.js")]
