"""Sending a race to the people you follow, in Chromium (issue 43: "or send it to the people you follow";
docs/live.md, "Sending a race to the people you follow"): two players who follow each other; one makes
a race and, by keyboard, sends the other an invite from the lobby (heard in the live region); the other
sees it on the home page and on /race/, joins by it, and both are in the lobby. A third, followed by
the maker but not following back, is never offered. At 1280 px light and 390 px dark, axe clean, no
sideways scroll."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.chain_helpers import sign_in
from tests.browser.live_helpers import hear, no_sideways_scroll, tab_to, wait_said

pytestmark = pytest.mark.browser


def follow(site_server: Any, who: dict[str, Any], whom: dict[str, Any]) -> None:
    status, mine = site_server.get("/api/me/follow", token=whom["token"])
    assert status == 200, mine
    status, got = site_server.post("/api/follows", {"code": mine["code"]}, token=who["token"])
    assert status == 200, got


def test_a_racer_invites_a_mutual_follow_who_joins_by_the_notice(
    make_page: Any, site_server: Any, axe: Any
) -> None:
    ada_p, bo_p, cy_p = site_server.many_players(["Ada", "Bo", "Cy"])
    follow(site_server, ada_p, bo_p)
    follow(site_server, bo_p, ada_p)
    follow(site_server, ada_p, cy_p)  # Cy doesn't follow Ada back: not offered
    ada = make_page(viewport={"width": 1280, "height": 800}, color_scheme="light", reduced_motion="reduce")
    bo = make_page(viewport={"width": 390, "height": 700}, color_scheme="dark", reduced_motion="reduce")
    for page, who in ((ada, ada_p), (bo, bo_p)):
        sign_in(page, who)
        hear(page)

    ada.goto("/race/")
    ada.wait_for_selector("#make-button:not([disabled])")
    ada.click("#make-button")
    ada.wait_for_selector("#race-invite:not([hidden]) .invite-item")
    offered = ada.locator("#race-invite .invite-item")
    assert offered.count() == 1 and offered.first.get_attribute("data-player") == bo_p["id"]
    button = f"#race-invite .invite-item[data-player='{bo_p['id']}'] button"
    ada.focus(button)
    ada.keyboard.press("Enter")
    wait_said(ada, "Bo is invited.")
    assert ada.inner_text(button) == "Invited"
    race_id = ada.input_value("#race-link").split("?id=")[1]
    # A reload of the lobby still says so, rather than offering Send invite again.
    ada.reload()
    ada.wait_for_selector("#race-invite:not([hidden]) .invite-item")
    assert ada.inner_text(button) == "Invited" and ada.get_attribute(button, "aria-disabled") == "true"
    assert axe(ada) == []
    no_sideways_scroll(ada, "light")

    bo.goto("/")
    bo.wait_for_selector("#invite-card:not([hidden]) .invite-item")
    assert bo.inner_text("#invite-card .invite-words") == "Ada invited you to a race."
    assert axe(bo) == []
    no_sideways_scroll(bo, "dark")
    bo.goto("/race/")
    bo.wait_for_selector("#race-invites:not([hidden]) .invite-item")
    tab_to_join = bo.locator("#race-invites a.button")
    assert tab_to_join.get_attribute("href") == f"/race/?id={race_id}"
    assert axe(bo) == []
    no_sideways_scroll(bo, "dark")
    tab_to_join.focus()
    bo.keyboard.press("Enter")
    bo.wait_for_selector("#race-lobby:not([hidden])")
    for page in (ada, bo):
        page.wait_for_function("() => document.querySelectorAll('#race-lanes li').length === 2")
    wait_said(ada, "Bo joined the race.")
    tab_to(ada, "start-button")
    assert ada.is_enabled("#start-button")

    # Once in the race, the invite leads nowhere new: /race/ shows none.
    bo.goto("/race/")
    bo.wait_for_selector("#make-button:not([disabled])")
    bo.wait_for_load_state("networkidle")
    assert bo.is_hidden("#race-invites")
