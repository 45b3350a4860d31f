"""Every sign-in link the docs or the site give signs in and leaves no token
in the address bar: the forms written in docs/ (read from the docs
themselves), the account page's link and the home page's link."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.browser import chain_helpers as ch
from tests.browser.conftest import allow_failed_fetch

pytestmark = pytest.mark.browser

DOCS = Path(__file__).resolve().parents[2] / "docs"
WELCOME = "() => document.getElementById('signin-title').textContent.startsWith('Welcome back')"


def doc_link_forms() -> list[str]:
    """The paths of every `https://<site>/…#token=<token>` link written in docs/."""
    forms = set()
    for doc in DOCS.glob("*.md"):
        forms.update(re.findall(r"https://<site>(/[^\s`#]*)#token=<token>", doc.read_text(encoding="utf-8")))
    return sorted(forms)


def open_link(page, link: str) -> None:
    """Open `link` in `page` as a person would, from a page of the site (so history has a start)."""
    page.goto("/about/")
    page.goto(link)


def assert_signed_in_without_a_trace(page, player) -> None:
    page.wait_for_url("**/signin/")
    page.wait_for_function(WELCOME)
    assert page.text_content("#signin-title") == f"Welcome back, {player['name']}"
    assert "token" not in page.url and page.evaluate("() => location.hash") == ""
    # Signed in: the three ways in are not drawn (they were, whatever their hidden said), the way on is.
    assert page.is_hidden("#signin-ways") and page.is_hidden("#signin-passkey")
    assert page.is_visible("#signin-next")
    kept = json.loads(page.evaluate("() => localStorage.getItem('pb:player')"))
    assert kept == {"id": player["id"], "name": player["name"], "token": player["token"]}
    # The header shows who is signed in.
    page.wait_for_function("(name) => document.querySelector('[data-player-name]').textContent === name",
                           arg=player["name"])
    # No entry of this tab's history holds the token: one step back is the page the link was opened from.
    page.go_back()
    assert page.url.endswith("/about/")


def test_the_docs_give_the_sign_in_pages_link_and_the_bare_one():
    forms = doc_link_forms()
    assert "/signin/" in forms and "/" in forms, forms


@pytest.mark.parametrize("path", doc_link_forms())
def test_every_link_form_in_the_docs_signs_in_and_clears_the_fragment(make_page, site_server, path):
    player = ch.new_player(site_server, f"Docs {path.strip('/') or 'home'}"[:24])
    page = make_page()
    open_link(page, f"{site_server.url}{path}#token={player['token']}")
    assert_signed_in_without_a_trace(page, player)


SITE_LINKS = [("/account/", "#account-signin-link"), ("/#/you", "#signin-link")]


@pytest.mark.parametrize(("where", "field"), SITE_LINKS)
def test_the_link_the_site_gives_signs_in_on_another_device(make_page, site_server, where, field):
    player = ch.new_player(site_server, "Linked Lin")
    page = make_page()
    ch.sign_in(page, player)
    page.goto(where)
    page.wait_for_function("(f) => document.querySelector(f).value.includes('#token=')", arg=field)
    link = page.input_value(field)
    other = make_page()  # another device: nobody signed in
    open_link(other, link)
    assert_signed_in_without_a_trace(other, player)


def test_a_token_on_any_other_page_goes_through_sign_in(make_page, site_server):
    player = ch.new_player(site_server, "Chain Chen")
    page = make_page()
    open_link(page, f"{site_server.url}/chain/#token={player['token']}")
    assert_signed_in_without_a_trace(page, player)


def test_a_bad_token_in_the_bare_form_says_so_and_is_cleared_too(make_page, site_server):
    page = make_page()
    allow_failed_fetch(page, "401", r"/api/me", "the link's token is made up on purpose: /api/me refuses it")
    open_link(page, f"{site_server.url}/#token=not-a-real-token")
    page.wait_for_url("**/signin/")
    page.wait_for_function("(t) => document.getElementById('signin-title').textContent === t",
                           arg="That link doesn’t work")
    assert "token" not in page.url
    assert page.evaluate("() => localStorage.getItem('pb:player')") is None
