"""The tests' Chromium runs without the omnibox popup pages no test sees, and still with every
feature Playwright turns off (tests/browser/chromium.py)."""

from __future__ import annotations

import os
from typing import Any

import pytest

from tests.browser import chromium as launching
from tests.browser.conftest import CHROMIUM

pytestmark = pytest.mark.browser


def test_a_new_context_loads_no_omnibox_popup(browser: Any) -> None:
    context = browser.new_context()
    try:
        context.new_page().set_content("<p>A page</p>")
        session = browser.new_browser_cdp_session()
        urls = [t["url"] for t in session.send("Target.getTargets")["targetInfos"]]
        session.detach()
    finally:
        context.close()
    assert not [u for u in urls if u.startswith("chrome://omnibox-popup")], urls


def test_playwrights_disabled_features_still_hold(browser: Any) -> None:
    theirs = launching.playwright_disabled_features(browser.browser_type, CHROMIUM)
    assert theirs, "Playwright's own disabled features could not be read"
    running = launching.browsers(launching.descendants(os.getpid()))
    assert running
    for argv in running:
        assert set(theirs) | set(launching.UNSEEN_FEATURES) <= set(launching.disabled_features(argv))
