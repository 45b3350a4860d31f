"""Accounts that last, in Chromium: passkeys through Chromium's virtual authenticator (CDP's WebAuthn
domain: CTAP2, an internal platform authenticator with resident keys and user verification),
recovery codes, the prompt to save a way back in, and a guest's records kept at sign-in."""

from __future__ import annotations

import re
from typing import Any

import pytest

from puzzlebook.chess.puzzle import Puzzle
from tests.browser import chain_helpers as ch
from tests.browser.account_helpers import add_passkey, authenticator, keep_player, open_account, stored_player
from tests.browser.conftest import allow_failed_fetch

pytestmark = pytest.mark.browser

WELCOME = "() => document.getElementById('signin-title').textContent.startsWith('Welcome back')"


def sign_in_with_passkey(page: Any) -> None:
    page.goto("/signin/")
    page.wait_for_selector("#signin-ways:not([hidden])")
    page.click("#signin-passkey")


def solve_a_daily(site_server: Any, bundle: Any, token: str) -> None:
    today = ch.site_today(site_server)
    status, daily = site_server.get(f"/daily/chess/{today}.json")
    assert status == 200, daily
    entry = daily["dailies"][0]
    puzzle = Puzzle.from_row(bundle.row(entry["band"], entry["id"]), entry["band"])
    body = {"id": puzzle.id, "band": puzzle.band, "moves": puzzle.solution, "mistakes": 0, "hints": 0,
            "seconds": len(puzzle.solution) + 2}
    status, answer = site_server.post_result("/api/chess/solves", body, token)
    assert status == 200, answer


def test_the_site_is_served_and_known_at_localhost(site_server):
    """WebAuthn refuses an IP address as a site's identity: `build.py serve` announces localhost, and
    the sitemap and the sign-in links name it."""
    port = site_server.url.rsplit(":", 1)[1]
    assert f"serving the site and /api at http://localhost:{port}/" in site_server.log.read_text()
    status, sitemap = site_server.get("/sitemap.xml")
    assert status == 200 and f"<loc>http://localhost:{port}/</loc>" in sitemap
    assert "127.0.0.1" not in sitemap


def test_a_passkey_signs_in_after_the_browser_forgets_and_not_once_removed(make_page, site_server, bundle):
    player = ch.new_player(site_server, "Pat Passkey")
    solve_a_daily(site_server, bundle, player["token"])
    page = make_page()
    authenticator(page)
    keep_player(page, player)
    open_account(page)
    # Results, and nothing to sign in with but this browser: the page asks to save a way back in.
    page.wait_for_selector("#account-save:not([hidden])")
    assert page.is_visible("#passkey-empty")
    add_passkey(page, "This laptop")
    assert page.is_hidden("#account-save")
    assert page.text_content("#passkey-list .passkey-when").endswith("not used yet")

    # The browser forgets everything: no player, no results kept here.
    page.evaluate("() => localStorage.clear()")
    sign_in_with_passkey(page)
    page.wait_for_function(WELCOME)
    assert page.text_content("#signin-title") == "Welcome back, Pat Passkey"
    kept = stored_player(page)
    assert kept["id"] == player["id"] and kept["token"] != player["token"]
    status, me = site_server.get("/api/me", token=kept["token"])
    assert status == 200 and me["chess"]["solved"] == 1
    assert site_server.get("/api/me", token=player["token"])[0] == 200  # the sign-in link still works

    open_account(page)
    page.wait_for_function("() => document.querySelector('#passkey-list .passkey-when').textContent"
                           ".includes('last used')")
    page.click("#passkey-list button")
    assert page.text_content("#passkey-list button") == "Remove for good?"
    page.click("#passkey-list button")
    # This device signed in with it: its sign-in ends with the passkey, and the page says so.
    page.wait_for_selector("#account-anonymous:not([hidden])")
    assert "the passkey this device signed in with, so this device is signed out too" in page.text_content(
        "#account-lede")
    assert stored_player(page) is None
    assert site_server.get("/api/me", token=kept["token"])[0] == 401  # a copy of it signs in no more
    assert site_server.get("/api/me", token=player["token"])[0] == 200  # the laptop's first token stays

    # The authenticator still offers the passkey; the site no longer takes it.
    allow_failed_fetch(page, "422", r"/api/signin/passkey", "a removed passkey, refused on purpose")
    page.evaluate("() => localStorage.clear()")
    sign_in_with_passkey(page)
    page.wait_for_function("() => document.getElementById('signin-passkey-error').textContent !== ''")
    assert "isn’t one of this site’s any more" in page.text_content("#signin-passkey-error")
    assert stored_player(page) is None


def test_a_passkey_signs_in_on_another_device_that_holds_it(make_page, site_server):
    """A synced passkey: the credential made on one device, copied into a fresh browser's
    authenticator, signs in there with no name typed."""
    player = ch.new_player(site_server, "Sam Synced")
    laptop = make_page()
    cdp, laptop_id = authenticator(laptop)
    keep_player(laptop, player)
    open_account(laptop)
    add_passkey(laptop, "Synced")
    [credential] = cdp.send("WebAuthn.getCredentials", {"authenticatorId": laptop_id})["credentials"]
    assert credential["isResidentCredential"] and credential["rpId"] == "localhost"

    phone = make_page()
    phone_cdp, phone_id = authenticator(phone)
    phone_cdp.send("WebAuthn.addCredential", {"authenticatorId": phone_id, "credential": credential})
    sign_in_with_passkey(phone)
    phone.wait_for_function(WELCOME)
    assert stored_player(phone)["id"] == player["id"]


def test_without_a_passkey_the_device_says_so(make_page, site_server):
    page = make_page()
    authenticator(page)  # an authenticator holding nothing for this site
    sign_in_with_passkey(page)
    page.wait_for_function("() => document.getElementById('signin-passkey-error').textContent !== ''",
                           timeout=20_000)
    assert "No passkey was chosen" in page.text_content("#signin-passkey-error")
    assert stored_player(page) is None


def test_recovery_codes_work_once_each(make_page, site_server):
    player = ch.new_player(site_server, "Cody Codes")
    page = make_page()
    keep_player(page, player)
    open_account(page)
    assert page.text_content("#codes-state") == "You have no recovery codes yet."
    page.click("#codes-make")
    page.wait_for_selector("#codes-shown:not([hidden])")
    codes = page.eval_on_selector_all("#codes-list li", "(items) => items.map((i) => i.textContent)")
    assert len(codes) == 10 and all(re.fullmatch(r"([0-9A-HJKMNP-TV-Z]{4}-){3}[0-9A-HJKMNP-TV-Z]{4}", c)
                                    for c in codes)
    page.wait_for_function("() => document.getElementById('codes-state').textContent.startsWith('10 of 10')")
    page.click("#codes-done")
    assert page.is_hidden("#codes-shown") and page.locator("#codes-list li").count() == 0

    def sign_in_with(code: str) -> None:
        page.evaluate("() => localStorage.clear()")
        page.goto("/signin/")
        page.wait_for_selector("#signin-ways:not([hidden])")
        page.fill("#signin-code", code)
        page.click("#signin-code-form button[type=submit]")

    sign_in_with(codes[0].lower().replace("-", " "))  # as typed from paper, in any case
    page.wait_for_function(WELCOME)
    assert "9 recovery codes left" in page.text_content("#signin-text")
    # Signed in: the three ways in are gone (they were still drawn), and the way on is offered.
    assert page.is_hidden("#signin-ways") and page.is_hidden("#signin-code")
    assert page.is_visible("#signin-next")
    assert stored_player(page)["id"] == player["id"]

    allow_failed_fetch(page, "422", r"/api/signin/code", "a spent code, refused on purpose")
    sign_in_with(codes[0])
    page.wait_for_function("() => document.getElementById('signin-code-error').textContent !== ''")
    assert "spent already" in page.text_content("#signin-code-error")
    assert stored_player(page) is None

    allow_failed_fetch(page, "400", r"/api/signin/code", "a mistyped code, refused on purpose")
    sign_in_with("ABCD")
    page.wait_for_function("() => document.getElementById('signin-code-error').textContent !== ''")
    assert page.text_content("#signin-code-error") == "A recovery code has 16 characters, not 4."

    sign_in_with(codes[1])
    page.wait_for_function(WELCOME)
    open_account(page)
    page.wait_for_function("() => document.getElementById('codes-state').textContent.startsWith('8 of 10')")
    # Asking again replaces the set, once the player says so.
    page.click("#codes-make")
    assert page.text_content("#codes-question") == "Your 8 unused codes will stop working. Make new ones?"
    page.click("#codes-yes")
    page.wait_for_function("() => document.getElementById('codes-state').textContent.startsWith('10 of 10')")
    status, refused = site_server.post("/api/signin/code", {"code": codes[2]})
    assert status == 422 and "replaced" in refused["error"]


def test_new_recovery_codes_offer_to_sign_out_everywhere_else(make_page, site_server):
    """A device signed in with a recovery code kept working whatever was done on the account page.
    New codes offer to end every other sign-in; this device stays."""
    player = ch.new_player(site_server, "Wary Wren")
    page = make_page()
    keep_player(page, player)
    open_account(page)
    page.click("#codes-make")
    page.wait_for_selector("#codes-shown:not([hidden])")
    codes = page.eval_on_selector_all("#codes-list li", "(items) => items.map((i) => i.textContent)")
    status, elsewhere = site_server.post("/api/signin/code", {"code": codes[0]})  # another device
    assert status == 200
    page.click("#codes-done")
    page.click("#codes-make")
    page.click("#codes-yes")  # new codes, someone may have seen the old
    page.wait_for_selector("#codes-shown:not([hidden])")
    page.click("#elsewhere")
    assert page.evaluate("() => document.activeElement.id") == "elsewhere-no"  # the safe answer first
    page.click("#elsewhere-yes")
    page.wait_for_function("() => document.getElementById('elsewhere-done').textContent !== ''")
    assert page.text_content("#elsewhere-done") == (
        "Signed out everywhere else: 1 device’s sign-in ended. This device stays signed in.")
    assert site_server.get("/api/me", token=elsewhere["token"])[0] == 401
    assert site_server.get("/api/me", token=player["token"])[0] == 200
    assert stored_player(page)["token"] == player["token"]


def test_signing_in_keeps_a_guests_records_and_says_what_wasnt_posted(make_page, site_server):
    today = ch.site_today(site_server)
    puzzle = ch.public_day(site_server, today)
    player = ch.new_player(site_server, "Gil Guest")
    status, made = site_server.request("POST", "/api/me/recovery-codes", {}, token=player["token"])
    assert status == 201, made
    page = make_page()
    # A guest solves today's Chain on this browser.
    ch.open_day(page)
    ch.click_tiles(page, ch.solving_order(puzzle))
    page.locator("#chain-results-sheet[open]").wait_for()
    before = page.evaluate(f"() => localStorage.getItem('pb:chain:d:{today}')")
    assert before is not None

    page.goto("/signin/")
    page.wait_for_selector("#signin-ways:not([hidden])")
    page.fill("#signin-code", made["codes"][0])
    page.click("#signin-code-form button[type=submit]")
    page.wait_for_function(WELCOME)
    assert page.text_content("#signin-kept") == (
        "This browser keeps the 1 Chain you finished here without a player: they stay in this browser’s "
        "history and counts, but weren’t posted to Gil Guest’s results (a result is posted only by the "
        "player who played it)."
    )
    # Kept as it was, and not posted.
    assert page.evaluate(f"() => localStorage.getItem('pb:chain:d:{today}')") == before
    status, me = site_server.get("/api/me", token=player["token"])
    assert me["chain"]["solved"] == 0


def test_the_sign_in_and_account_pages_are_axe_clean_with_their_ways_in(make_page, site_server, axe, bundle):
    page = make_page()
    page.goto("/signin/")
    page.wait_for_selector("#signin-ways:not([hidden])")
    assert axe(page) == []
    player = ch.new_player(site_server, "Axe Tidy")
    solve_a_daily(site_server, bundle, player["token"])
    page = make_page()
    authenticator(page)
    keep_player(page, player)
    open_account(page)
    page.wait_for_selector("#account-save:not([hidden])")
    add_passkey(page, "Tidy key")
    page.click("#codes-make")
    page.wait_for_selector("#codes-shown:not([hidden])")
    assert axe(page) == []
    for width in (320, 390, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
