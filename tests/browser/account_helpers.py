"""Helpers for the browser tests of the ways back in: Chromium's virtual authenticator, and the
account page's passkeys."""

from __future__ import annotations

import json
from typing import Any


def authenticator(page: Any) -> tuple[Any, str]:
    """A virtual platform authenticator on `page`, as a phone or laptop with a screen lock has: it makes
    discoverable credentials and verifies the user. (the CDP session, its id)"""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable", {"enableUI": False})
    made = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
        "hasUserVerification": True, "isUserVerified": True, "automaticPresenceSimulation": True,
    }})
    return cdp, made["authenticatorId"]


def keep_player(page: Any, player: dict[str, Any]) -> None:
    """Sign `player` in on this page's browser as the sign-in page would (not before every load, so
    clearing storage later really signs out)."""
    page.goto("/about/")
    page.evaluate("(p) => localStorage.setItem('pb:player', JSON.stringify(p))", player)


def stored_player(page: Any) -> dict[str, Any] | None:
    return json.loads(page.evaluate("() => localStorage.getItem('pb:player') || 'null'"))


def open_account(page: Any) -> None:
    page.goto("/account/")
    page.wait_for_selector("#account-player:not([hidden])")
    page.wait_for_function("() => document.getElementById('codes-state').textContent !== ''")


def add_passkey(page: Any, name: str) -> None:
    page.fill("#passkey-name", name)
    page.click("#passkey-form button[type=submit]")
    page.wait_for_function("(n) => [...document.querySelectorAll('#passkey-list .passkey-name')]"
                           ".some((e) => e.textContent === n)", arg=name)
