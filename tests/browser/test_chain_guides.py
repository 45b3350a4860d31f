"""The Chain guides in the browser: reached from the Chain page and its
how-to, axe clean in light and dark on a phone and a laptop, and their
tables still tables to a screen reader when a phone stacks them."""

from __future__ import annotations

import pytest

from tests.browser.conftest import LAPTOP, PHONE

pytestmark = pytest.mark.browser

GUIDES = ["/chain/strategy/", "/chain/difficulty/"]


@pytest.mark.parametrize("path", GUIDES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_guides_are_axe_clean(make_page, axe, path, scheme, viewport):
    page = make_page(viewport=viewport, color_scheme=scheme)
    page.goto(path)
    page.wait_for_load_state("load")
    assert page.locator(".guide-example").count() >= 4
    assert axe(page) == []


@pytest.mark.parametrize(("start", "link", "heading"), [
    ("/chain/", "Strategy guide", "Ruling tiles in and out"),
    ("/chain/", "Difficulty guide", "How hard is a Chain day?"),
    ("/howto/chain/", "Ruling tiles in and out", "Ruling tiles in and out"),
    ("/howto/chain/", "How hard is a Chain day?", "How hard is a Chain day?"),
])
def test_the_chain_page_and_its_how_to_lead_to_the_guides(page, start, link, heading):
    page.goto(start)
    page.get_by_role("link", name=link, exact=True).click()
    page.wait_for_load_state("load")
    assert page.locator("h1").inner_text() == heading


def test_a_stacked_table_on_a_phone_is_still_a_table(make_page):
    page = make_page(viewport={"width": 320, "height": 800})
    page.goto("/chain/difficulty/")
    page.wait_for_load_state("load")
    stacked = page.locator("table.table-stack").first
    assert stacked.evaluate("(t) => getComputedStyle(t).display") == "block"
    # The roles come from lib/tables.js, which site.js loads by need: it may land after "load" (CI, once).
    page.wait_for_selector("table.table-stack[role=table]", timeout=10_000)
    assert stacked.get_attribute("role") == "table"
    assert stacked.locator("tbody tr").first.get_attribute("role") == "row"
    assert stacked.locator("tbody th").first.get_attribute("role") == "rowheader"


@pytest.mark.parametrize("width", [320, 390, 1280])
def test_each_example_sum_of_the_arabic_how_to_keeps_to_one_line(make_page, width):
    """A sum set left to right in a right-to-left page is one piece: broken, "133" ended one line of
    the divide example at 1280 px and "÷4" began the next."""
    page = make_page(viewport={"width": width, "height": 800})
    page.goto("/ar/howto/chain/")
    page.wait_for_load_state("load")
    sums = page.locator(".rules-table td > span[dir=ltr]")
    assert sums.count() >= 6
    lines = sums.evaluate_all("(spans) => spans.map((s) => [s.textContent, s.getClientRects().length])")
    assert [text for text, count in lines if count != 1] == []
