"""The account page: making a player, then the seed's account line, the
Chain line, the rating with its ±, and the sign-in link."""

from __future__ import annotations

import re
from typing import Any

import pytest

from puzzlebook.chess.puzzle import Puzzle
from tests.browser import chain_helpers as ch
from tests.browser.conftest import allow_failed_fetch

pytestmark = pytest.mark.browser


def test_making_a_player_from_the_account_page(page, site_server):
    page.goto("/account/")
    page.wait_for_selector("#account-anonymous:not([hidden])")
    page.click("#account-form button[type=submit]")
    assert page.text_content("#account-form-error") == "Type the name to show on the boards."
    page.fill("#account-name", "Newcomer")
    page.click("#account-form button[type=submit]")
    page.wait_for_selector("#account-player:not([hidden])")
    page.wait_for_function("() => document.getElementById('account-line').textContent !== ''")
    assert page.text_content("#account-title") == "Newcomer"
    assert page.text_content("#account-line") == "0 puzzles solved, 0 cleanly · no daily streak"
    assert page.text_content("#account-chain-line") == "0 Chains solved, 0 cleanly · no Chain streak"
    assert page.text_content("#account-rating").startswith("Not rated yet")
    assert page.is_visible("[data-player-chip]")
    link = page.input_value("#account-signin-link")
    assert re.fullmatch(re.escape(site_server.url) + r"/signin/#token=\S+", link)


def test_the_account_after_a_chess_daily_and_a_chain(make_page, site_server, bundle):
    today = ch.site_today(site_server)
    player = ch.new_player(site_server, "Regular")
    token = player["token"]
    puzzle = ch.public_day(site_server, today)
    status, body = site_server.post_result(
        "/api/chain/solves",
        {"date": today, "tiles": ch.solving_order(puzzle), "seconds": 6, "undos": 0, "resets": 0},
        token,
    )
    assert status == 200, body
    status, file = site_server.get(f"/daily/chess/{today}.json")
    assert status == 200
    entry = file["dailies"][0]
    chess = Puzzle.from_row(bundle.row(entry["band"], entry["id"]), entry["band"])
    status, body = site_server.post_result(
        "/api/chess/solves",
        {"id": chess.id, "band": chess.band, "moves": chess.solution, "mistakes": 0, "hints": 0,
         "seconds": len(chess.solution) + 2},
        token,
    )
    assert status == 200, body

    page = make_page()
    ch.sign_in(page, player)
    page.goto("/account/")
    page.wait_for_function("() => document.getElementById('account-line').textContent !== ''")
    assert page.text_content("#account-line") == "1 puzzle solved, 1 cleanly · 1-day daily streak"
    assert page.text_content("#account-chain-line") == "1 Chain solved, 1 cleanly · 1-day Chain streak"
    status, me = site_server.get("/api/me", token=token)
    rating = me["ratings"]["chess"]
    shown = f"{rating['rating']} ± {rating['rd']} (provisional) · 1 rated"
    assert page.text_content("#account-rating") == shown
    assert page.text_content("#account-chess-best") == "1 day"
    assert page.text_content("#account-chain-best") == "1 day"
    assert page.input_value("#account-signin-link") == f"{site_server.url}/signin/#token={token}"

    page.click("#account-sign-out")
    page.click("#account-sign-out-yes")  # asked first: test_sign_out_asks_first
    page.wait_for_selector("#account-anonymous:not([hidden])")
    assert page.evaluate("localStorage.getItem('pb:player')") is None


def test_sign_out_pressed_before_its_code_has_come_still_asks(make_page, site_server):
    """The home's player card loads Sign out's code as it shows a player; a press before it came
    did nothing (seen on a loaded machine), so a slow phone's first press went unanswered."""
    player = ch.new_player(site_server, "Early Press")
    page = make_page()
    ch.sign_in(page, player)
    held: list[Any] = []
    page.route("**/lib/sign_out.js", lambda route: held.append(route))  # held back until the press
    page.goto("/#/you")
    page.click("#sign-out")  # waits until it shows
    assert held, "Sign out's code was never asked for"
    for route in held:
        route.continue_()
    page.locator("#sign-out-confirm").wait_for(state="visible")
    assert page.get_attribute("#sign-out", "aria-expanded") == "true"
    assert page.evaluate("() => document.activeElement.id") == "sign-out-no"


@pytest.mark.parametrize(("where", "button", "ways"), [
    ("/account/", "#account-sign-out", "You have no passkey and no recovery codes."),
    ("/#/you", "#sign-out", "the name stays on the boards."),
])
def test_sign_out_asks_first_says_what_is_lost_and_ends_the_token_on_the_server(
    make_page, site_server, axe, where, button, ways
):
    """Signing out used to make the browser forget its token and no more: a copy of it still signed
    in. Now the server ends it, and the question says a sign-in link of it stops working too."""
    player = ch.new_player(site_server, "Leaving Lee")
    page = make_page()
    ch.sign_in(page, player)
    page.goto(where)
    if where == "/account/":
        page.wait_for_function("() => document.getElementById('codes-state').textContent !== ''")
    page.click(button)
    box = page.locator(f"{button}-confirm")
    box.wait_for(state="visible")  # on the home, once Sign out's code has come (it loads as the card shows)
    assert page.get_attribute(button, "aria-expanded") == "true"
    # Still signed in, and the safe answer has focus: a slip of Enter keeps the player.
    assert page.evaluate("localStorage.getItem('pb:player')") is not None
    assert page.evaluate("() => document.activeElement.id") == f"{button[1:]}-no"
    assert page.text_content(f"{button}-question") == "Sign out of Leaving Lee on this device?"
    words = page.text_content(f"{button}-words")
    assert "Signing out ends Leaving Lee’s sign-in on this device, on the server too" in words
    assert "its sign-in link stops working" in words and "lost to you for good" in words
    assert "the name stays on the boards" in words and ways in words
    assert box.get_by_role("button", name="Copy my sign-in link").count() == 0  # it would stop working
    assert axe(page) == []
    page.keyboard.press("Enter")  # Stay signed in
    assert box.is_hidden() and page.evaluate("() => document.activeElement.id") == button[1:]
    page.click(button)
    if where == "/account/":
        assert box.get_by_role("button", name="Add a passkey").is_visible()
        assert box.get_by_role("button", name="Make recovery codes").is_visible()
    else:
        more = box.get_by_role("link", name="A passkey or recovery codes")
        assert more.get_attribute("href") == "/account/"
    # The server can't be reached: nothing is ended, and the player stays, told why.
    allow_failed_fetch(page, "503", r"/api/me/token", "a sign-out the server refuses on purpose")
    page.route("**/api/me/token", lambda route: route.fulfill(
        status=503, json={"error": "The store is busy. Try again in a minute."}))
    page.click(f"{button}-yes")
    error = f"{button}-error"
    page.wait_for_function("(id) => document.getElementById(id).textContent !== ''", arg=error[1:])
    assert page.text_content(error) == "Still signed in. The store is busy. Try again in a minute."
    assert page.evaluate("localStorage.getItem('pb:player')") is not None
    assert site_server.get("/api/me", token=player["token"])[0] == 200
    page.unroute("**/api/me/token")
    page.click(f"{button}-yes")
    page.wait_for_function("() => localStorage.getItem('pb:player') === null")
    guest = "#account-anonymous" if where == "/account/" else "#you [data-when=anonymous]"
    page.wait_for_selector(f"{guest}:not([hidden])")
    # A copy of the token (the sign-in link's) signs in no more.
    assert site_server.get("/api/me", token=player["token"])[0] == 401


def test_a_token_that_no_longer_works_signs_out_in_words(make_page, site_server):
    page = make_page()
    # The browser logs the 401 the made-up token gets from /api/me.
    allow_failed_fetch(page, "401", r"/api/me", "a made-up token on purpose")
    ch.sign_in(page, {"id": "nobody", "name": "Ghost", "token": "not-a-real-token"})
    page.goto("/account/")
    page.wait_for_selector("#account-anonymous:not([hidden])")
    assert "no longer works" in page.text_content("#account-lede")


def test_the_account_page_is_axe_clean(make_page, site_server, axe):
    page = make_page()
    page.goto("/account/")
    page.wait_for_selector("#account-anonymous:not([hidden])")
    assert axe(page) == []
    page = make_page()
    ch.sign_in(page, ch.new_player(site_server, "Tidy"))
    page.goto("/account/")
    page.wait_for_function("() => document.getElementById('account-line').textContent !== ''")
    assert axe(page) == []


def test_the_player_card_leaves_focus_on_sign_outs_safe_answer_while_the_home_loads(make_page, site_server):
    """The card took focus once the home was drawn, which waits on the server's word on today's
    dailies: a player who had opened Sign out by then lost the safe answer's focus, and Enter went
    elsewhere (seen in a run of the test above)."""
    player = ch.new_player(site_server, "Focused Fay")
    page = make_page()
    ch.sign_in(page, player)
    held: list = []

    def hold(route):
        held.append(route)

    def home(url: str) -> bool:
        return "/api/me/home" in url

    page.route(home, hold)
    page.goto("/#/you")
    for _ in range(200):  # until the home has asked for the player's day (held, unanswered)
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the home never asked for the player's day"
    page.click("#sign-out")
    assert page.evaluate("() => document.activeElement.id") == "sign-out-no"
    for route in held:
        route.continue_()
    page.unroute(home, hold)
    page.wait_for_load_state("networkidle")
    assert page.evaluate("() => document.activeElement.id") == "sign-out-no"
    page.keyboard.press("Enter")  # Stay signed in
    page.locator("#sign-out-confirm").wait_for(state="hidden")


def test_a_players_language_follows_them_to_a_second_device(make_page, site_server):
    """Issue 44's "done when": a language kept on one device (the account page's choice) is the
    language of every device the player signs in on next: that browser's root opens in it."""
    player = ch.new_player(site_server, "Dos Devices")
    first = make_page()
    ch.sign_in(first, player)
    first.goto("/account/")
    first.wait_for_function("() => document.getElementById('language-kept').textContent !== ''")
    assert first.text_content("#language-kept") == "None kept yet: choosing one keeps it for you."
    first.select_option("#language-choice", "es")
    first.click("#language-form button[type=submit]")
    first.wait_for_url("**/es/account/")
    first.wait_for_function("() => document.getElementById('language-kept').textContent !== ''")
    assert first.text_content("#language-kept") == "Guardado para ti: Español."
    assert first.eval_on_selector("#language-choice", "(s) => s.value") == "es"
    assert site_server.get("/api/me", token=player["token"])[1]["language"] == "es"

    second = make_page()  # another device: nobody signed in, the browser's language English
    second.goto("/about/")
    second.goto(f"{site_server.url}/signin/#token={player['token']}")
    second.wait_for_selector("#signin-done:not([hidden])")  # signed in
    second.wait_for_function("() => document.cookie.includes('pb_lang=es')")
    second.goto("/")
    second.wait_for_url("**/es/")
    assert second.get_attribute("html", "lang") == "es"
    second.goto("/account/")
    second.wait_for_function("() => document.getElementById('language-kept').textContent !== ''")
    assert second.text_content("#language-kept") == "Kept for you: Español."
