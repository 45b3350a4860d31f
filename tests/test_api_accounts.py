"""Ways back in over the API: passkeys (added, listed, signed in with, removed) and recovery codes
(made, each signing in once), with their refusals, limits and the other player's reach.

The passkeys are made and used by a software authenticator with real keys and signatures
(tests/soft_authenticator.py), answering as a browser at the site's origin would."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from functions.auth import hash_secret
from functions.routes.accounts import (
    CODE_TRIES_PER_HOUR,
    MAX_PASSKEYS,
    PASSKEY_SIGNINS_PER_HOUR,
)
from service.store import keys as K
from service.store.records import Passkey
from tests.soft_authenticator import SoftAuthenticator, b64
from tests.support import StoreKind, World, served, signed_up, sqlite_store, world_of

NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)
ORIGIN = "http://localhost:8000"  # the tests' site address (service.settings.DEFAULT_SITE_URL)


@pytest.fixture
def world(tmp_path) -> Iterator[World]:
    with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store, served(store, NOON) as world:
        yield world


@pytest.fixture
def both(store_kind: StoreKind, tmp_path: Path) -> Iterator[World]:
    with world_of(store_kind, tmp_path, NOON) as world:
        yield world


def token_of(auth: dict[str, str]) -> str:
    return auth["Authorization"].removeprefix("Bearer ")


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def add_passkey(world: World, auth: dict[str, str], device: SoftAuthenticator, **body: Any) -> Any:
    started = world.client.post("/api/me/passkeys/options", headers=auth)
    assert started.status_code == 200, started.text
    ceremony = started.json()
    answer = device.create(ceremony["options"])
    return send_new(world, auth, ceremony, answer, **body)


def send_new(
    world: World, auth: dict[str, str], ceremony: dict, credential: dict, **more: Any
) -> Any:
    """POST /api/me/passkeys with the ceremony's ticket, `credential` (and `more`, e.g. a name)."""
    body = {"ticket": ceremony["ticket"], "credential": credential, **more}
    return world.client.post("/api/me/passkeys", headers=auth, json=body)


def send_sign_in(world: World, ceremony: dict, credential: dict) -> Any:
    """POST /api/signin/passkey with the ceremony's ticket and `credential`."""
    body = {"ticket": ceremony["ticket"], "credential": credential}
    return world.client.post("/api/signin/passkey", json=body)


def sign_in_options(world: World) -> dict[str, Any]:
    started = world.client.post("/api/signin/passkey/options")
    assert started.status_code == 200, started.text
    return started.json()


def passkey_sign_in(world: World, device: SoftAuthenticator, **get: Any) -> Any:
    ceremony = sign_in_options(world)
    answer = device.get(ceremony["options"], **get)
    return send_sign_in(world, ceremony, answer)


# ---- passkeys ------------------------------------------------------------------------------


def test_a_passkey_added_on_one_device_signs_in_on_another(both: World) -> None:
    world = both
    auth = signed_up(world.client, "Ada")
    phone = SoftAuthenticator(ORIGIN)
    added = add_passkey(world, auth, phone, name="  My phone ")
    assert added.status_code == 201, added.text
    info = added.json()
    assert info["name"] == "My phone" and info["added"] == "2026-11-02T12:00:00.000000Z"
    assert info["last_used"] is None

    world.clock.advance(hours=2)
    signed = passkey_sign_in(world, phone)  # no name typed: the passkey says whose it is
    assert signed.status_code == 200, signed.text
    body = signed.json()
    ada = world.client.get("/api/me", headers=auth).json()
    assert (body["id"], body["name"]) == (ada["id"], "Ada")
    # A new token for this device; the first (and the sign-in link made of it) keeps working.
    assert body["token"] != token_of(auth)
    assert world.client.get("/api/me", headers=bearer(body["token"])).json()["id"] == ada["id"]
    assert world.client.get("/api/me", headers=auth).status_code == 200
    # Only the new token's hash is kept.
    secret = body["token"].split(".")[1]
    assert world.store.token_known(ada["id"], hash_secret(secret))
    listed = world.client.get("/api/me/passkeys", headers=auth).json()
    assert listed["most"] == MAX_PASSKEYS
    assert listed["passkeys"] == [{**info, "last_used": "2026-11-02T14:00:00.000000Z"}]


def test_a_removed_passkey_signs_in_no_more(both: World) -> None:
    world = both
    auth = signed_up(world.client, "Ada")
    phone = SoftAuthenticator(ORIGIN)
    kept = add_passkey(world, auth, phone).json()
    assert kept["name"] == "Passkey 1"
    gone = world.client.delete(f"/api/me/passkeys/{kept['id']}", headers=auth)
    assert gone.status_code == 200 and gone.json() == {"ok": True, "ended": 0, "here": False}
    assert world.client.get("/api/me/passkeys", headers=auth).json()["passkeys"] == []
    refused = passkey_sign_in(world, phone)
    assert refused.status_code == 422
    assert "isn’t one of this site’s any more" in refused.json()["error"]
    again = world.client.delete(f"/api/me/passkeys/{kept['id']}", headers=auth)
    assert again.status_code == 404


def test_another_player_can_neither_list_nor_remove_your_passkeys(world: World) -> None:
    ada, eve = signed_up(world.client, "Ada"), signed_up(world.client, "Eve")
    phone = SoftAuthenticator(ORIGIN)
    adas = add_passkey(world, ada, phone).json()
    assert world.client.get("/api/me/passkeys", headers=eve).json()["passkeys"] == []
    refused = world.client.delete(f"/api/me/passkeys/{adas['id']}", headers=eve)
    assert refused.status_code == 404
    kept = world.client.get("/api/me/passkeys", headers=ada).json()["passkeys"]
    assert [k["id"] for k in kept] == [adas["id"]]
    assert world.client.get("/api/me/passkeys").status_code == 401
    assert world.client.delete(f"/api/me/passkeys/{adas['id']}").status_code == 401
    assert world.client.get("/api/me/recovery-codes").status_code == 401


def test_another_players_ticket_cant_add_a_passkey_to_you(world: World) -> None:
    ada, eve = signed_up(world.client, "Ada"), signed_up(world.client, "Eve")
    ceremony = world.client.post("/api/me/passkeys/options", headers=ada).json()
    answer = SoftAuthenticator(ORIGIN).create(ceremony["options"])
    stolen = send_new(world, eve, ceremony, answer)
    assert stolen.status_code == 422
    assert world.client.get("/api/me/passkeys", headers=eve).json()["passkeys"] == []
    # The ticket is still Ada's to use.
    mine = send_new(world, ada, ceremony, answer)
    assert mine.status_code == 201


def test_a_sign_in_answer_counts_once(world: World) -> None:
    auth = signed_up(world.client, "Ada")
    phone = SoftAuthenticator(ORIGIN)
    add_passkey(world, auth, phone)
    ceremony = sign_in_options(world)
    answer = phone.get(ceremony["options"])
    body = {"ticket": ceremony["ticket"], "credential": answer}
    assert world.client.post("/api/signin/passkey", json=body).status_code == 200
    replayed = world.client.post("/api/signin/passkey", json=body)
    assert replayed.status_code == 422 and "used already" in replayed.json()["error"]


def test_a_ceremony_expires_after_five_minutes(world: World) -> None:
    auth = signed_up(world.client, "Ada")
    phone = SoftAuthenticator(ORIGIN)
    add_passkey(world, auth, phone)
    ceremony = sign_in_options(world)
    world.clock.advance(minutes=5)
    late = send_sign_in(world, ceremony, phone.get(ceremony["options"]))
    assert late.status_code == 422 and "expired" in late.json()["error"]


@pytest.mark.parametrize(
    ("origin", "verified", "words"),
    [("https://elsewhere.example", True, "origin"), (ORIGIN, False, "verif")],
    ids=["another origin", "user not verified"],
)
def test_a_passkey_answer_that_doesnt_check_out_changes_nothing(
    world: World, origin: str, verified: bool, words: str
) -> None:
    auth = signed_up(world.client, "Ada")
    pid = world.client.get("/api/me", headers=auth).json()["id"]
    good = SoftAuthenticator(ORIGIN)
    # Adding: the bad answer is refused, nothing is kept, and the ticket still takes a good answer.
    ceremony = world.client.post("/api/me/passkeys/options", headers=auth).json()
    bad = SoftAuthenticator(origin, user_verified=verified).create(ceremony["options"])
    refused = send_new(world, auth, ceremony, bad)
    assert refused.status_code == 422 and words in refused.json()["error"].lower()
    assert world.client.get("/api/me/passkeys", headers=auth).json()["passkeys"] == []
    answer = good.create(ceremony["options"])
    added = send_new(world, auth, ceremony, answer)
    assert added.status_code == 201
    # Signing in: the same key, answered from the wrong origin or without verifying the user.
    kept = world.store.passkey(pid, added.json()["id"])
    ceremony = sign_in_options(world)
    wrong = SoftAuthenticator(origin, user_verified=verified)
    wrong.held = good.held
    bad = wrong.get(ceremony["options"])
    refused = send_sign_in(world, ceremony, bad)
    assert refused.status_code == 422 and words in refused.json()["error"].lower()
    assert world.store.passkey(pid, kept.id) == kept  # not marked used
    answer = good.get(ceremony["options"])
    assert send_sign_in(world, ceremony, answer).status_code == 200


def test_a_passkey_of_another_site_or_without_a_user_is_refused(world: World) -> None:
    auth = signed_up(world.client, "Ada")
    phone = SoftAuthenticator(ORIGIN)
    add_passkey(world, auth, phone)
    ceremony = sign_in_options(world)
    answer = phone.get(ceremony["options"])
    answer["response"]["userHandle"] = None
    refused = send_sign_in(world, ceremony, answer)
    assert refused.status_code == 422 and "doesn’t name a player" in refused.json()["error"]
    answer["response"]["userHandle"] = b64(b"0123456789abcdef")  # a player id no one has
    refused = send_sign_in(world, ceremony, answer)
    assert refused.status_code == 422 and "any more" in refused.json()["error"]
    # A key made for another relying party, claiming Ada: the site never kept it.
    other = SoftAuthenticator("https://elsewhere.example")
    options = world.client.post("/api/me/passkeys/options", headers=auth).json()["options"]
    other.create(options, rp_id="elsewhere.example")
    forged = other.get({**ceremony["options"], "rpId": "elsewhere.example"})
    refused = send_sign_in(world, ceremony, forged)
    assert refused.status_code == 422


def test_the_same_passkey_twice_is_a_conflict(world: World) -> None:
    auth = signed_up(world.client, "Ada")
    phone = SoftAuthenticator(ORIGIN)
    first = add_passkey(world, auth, phone)
    ceremony = world.client.post("/api/me/passkeys/options", headers=auth).json()
    assert ceremony["options"]["excludeCredentials"] == [
        {"id": first.json()["id"], "type": "public-key", "transports": ["internal"]}
    ]
    # An authenticator that ignored excludeCredentials and answered with the same credential again.
    again = phone.create(ceremony["options"], again=phone.held[0])
    refused = send_new(world, auth, ceremony, again)
    assert refused.status_code == 409
    assert refused.json()["error"] == "That passkey is yours already: it is on your list."
    assert len(world.client.get("/api/me/passkeys", headers=auth).json()["passkeys"]) == 1


def test_at_most_twenty_passkeys(world: World) -> None:
    auth = signed_up(world.client, "Ada")
    pid = world.client.get("/api/me", headers=auth).json()["id"]
    for k in range(MAX_PASSKEYS):
        world.store.add_passkey(pid, Passkey(f"key{k}", f"K{k}", "pk", 0, "2026-11-02T09:00:00.000000Z"))
    refused = world.client.post("/api/me/passkeys/options", headers=auth)
    assert refused.status_code == 422 and "remove one" in refused.json()["error"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ([], "The body must be a JSON object."),
        ({"credential": {}}, "Ticket is missing."),
        ({"ticket": "short", "credential": {}}, "Ticket isn't in the expected form."),
        ({"ticket": "A" * 22}, "Credential is missing."),
        ({"ticket": "A" * 22, "credential": "x"}, "Credential must be an object."),
        ({"ticket": "A" * 22, "credential": {"id": "a", "rawId": "a", "type": "password",
                                             "response": {}}}, "Credential.type must be one of"),
    ],
)
def test_badly_shaped_sign_in_answers_are_400_and_use_up_nothing(
    world: World, body: Any, words: str
) -> None:
    got = world.client.post("/api/signin/passkey", json=body)
    assert got.status_code == 400 and got.json()["error"].startswith(words)
    assert world.store.get_item(K.rate_window("signin-passkey", "testclient", 1793620800), K.RATE) is None


def test_a_bad_passkey_name_is_refused_saying_why(world: World) -> None:
    auth = signed_up(world.client, "Ada")
    got = add_passkey(world, auth, SoftAuthenticator(ORIGIN), name="x" * 25)
    assert got.status_code == 400 and got.json()["error"] == "The name can be at most 24 characters, not 25."


def test_passkeys_need_a_site_address_with_a_name(tmp_path) -> None:
    from fastapi.testclient import TestClient

    from functions.app import create_app
    from tests.support import Clock, settings_for_tests

    with sqlite_store(tmp_path / "s.sqlite3") as store:
        settings = settings_for_tests(PUZZLEBOOK_SITE_URL="http://127.0.0.1:8000")
        app = create_app(settings, store, clock=Clock(NOON))
        with TestClient(app) as client:
            got = client.post("/api/signin/passkey/options")
            assert got.status_code == 503 and "IP address" in got.json()["error"]
            assert "localhost" in got.json()["error"]


def test_a_browser_at_another_address_is_told_passkeys_wont_work_there(world: World) -> None:
    """The site's address setting names the one origin passkeys work at; a browser elsewhere (the
    setting left unset on a deployed site) is told so before it makes a passkey that never checks out."""
    auth = signed_up(world.client, "Ada")
    at = {"Origin": "https://d111111abcdef8.cloudfront.net"}
    for path, headers in (("/api/me/passkeys/options", {**auth, **at}), ("/api/signin/passkey/options", at)):
        refused = world.client.post(path, headers=headers)
        assert refused.status_code == 503
        assert refused.json()["error"].startswith(
            "Passkeys here are tied to http://localhost:8000, not https://d111111abcdef8.cloudfront.net"
        )
    assert world.client.post("/api/signin/passkey/options", headers={"Origin": ORIGIN}).status_code == 200


def test_passkey_sign_ins_are_limited_per_address(world: World) -> None:
    for _ in range(PASSKEY_SIGNINS_PER_HOUR):
        assert world.client.post("/api/signin/passkey/options").status_code == 200
    refused = world.client.post("/api/signin/passkey/options")
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "3600"
    assert "at most 60 an hour" in refused.json()["error"]


# ---- recovery codes ----------------------------------------------------------------------


def test_recovery_codes_each_sign_in_once(both: World) -> None:
    world = both
    auth = signed_up(world.client, "Ada")
    never = world.client.get("/api/me/recovery-codes", headers=auth).json()
    assert never == {"left": 0, "count": 0, "made": None}
    made = world.client.post("/api/me/recovery-codes", headers=auth)
    assert made.status_code == 201
    codes = made.json()["codes"]
    assert len(codes) == len(set(codes)) == 10
    pid = world.client.get("/api/me", headers=auth).json()["id"]
    # Only hashes are kept: no code appears in anything stored under the player.
    stored = repr(world.store.query_items(K.player(pid)))
    assert not any(code.replace("-", "") in stored or code in stored for code in codes)

    for n, code in enumerate(codes):
        typed = code.lower().replace("-", " ") if n % 2 else code
        signed = world.client.post("/api/signin/code", json={"code": typed})
        assert signed.status_code == 200, signed.text
        assert signed.json()["id"] == pid and signed.json()["codes_left"] == 9 - n
        assert world.client.get("/api/me", headers=bearer(signed.json()["token"])).status_code == 200
        spent = world.client.post("/api/signin/code", json={"code": code})
        assert spent.status_code == 422 and "spent already" in spent.json()["error"]
    assert world.client.get("/api/me/recovery-codes", headers=auth).json()["left"] == 0


def test_asking_again_replaces_the_codes(world: World) -> None:
    auth = signed_up(world.client, "Ada")
    old = world.client.post("/api/me/recovery-codes", headers=auth).json()["codes"]
    new = world.client.post("/api/me/recovery-codes", headers=auth).json()["codes"]
    assert not set(old) & set(new)
    assert world.client.post("/api/signin/code", json={"code": old[0]}).status_code == 422
    assert world.client.post("/api/signin/code", json={"code": new[0]}).status_code == 200


def test_a_deleted_players_codes_and_passkeys_sign_in_no_one(world: World) -> None:
    auth = signed_up(world.client, "Ada")
    phone = SoftAuthenticator(ORIGIN)
    add_passkey(world, auth, phone)
    codes = world.client.post("/api/me/recovery-codes", headers=auth).json()["codes"]
    assert world.client.delete("/api/me", headers=auth).status_code == 200
    assert world.client.post("/api/signin/code", json={"code": codes[0]}).status_code == 422
    assert passkey_sign_in(world, phone).status_code == 422


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("ABCD-EFGH-JKMN-PQR", "A recovery code has 16 characters, not 15."),
        ("ABCD-EFGH-JKMN-PQRU", "A recovery code has only digits and the letters A–Z but U (it has 'U')."),
        ("ABCD_EFGH_JKMN_PQRS", "A recovery code has only digits and the letters A–Z but U (it has '_')."),
        (1234, "The recovery code must be text."),
    ],
)
def test_a_malformed_code_is_400_and_not_counted(world: World, code: Any, words: str) -> None:
    got = world.client.post("/api/signin/code", json={"code": code})
    assert got.status_code == 400 and got.json()["error"] == words
    assert world.client.post("/api/signin/code", json={}).json()["error"] == "The recovery code is missing."
    window = NOON.timestamp() - NOON.timestamp() % 3600
    assert world.store.get_item(K.rate_window("signin-code", "testclient", int(window)), K.RATE) is None


def test_code_tries_are_limited_per_address(world: World) -> None:
    auth = signed_up(world.client, "Ada")
    codes = world.client.post("/api/me/recovery-codes", headers=auth).json()["codes"]
    for _ in range(CODE_TRIES_PER_HOUR):
        assert world.client.post("/api/signin/code", json={"code": "0" * 16}).status_code == 422
    refused = world.client.post("/api/signin/code", json={"code": codes[0]})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    # The refusal spent nothing: the code still works once the hour is over.
    world.clock.advance(hours=1)
    assert world.client.post("/api/signin/code", json={"code": codes[0]}).status_code == 200


# ---- ending sign-ins: this device's, a passkey's, everyone else's ---------------------------------


def code_sign_in(world: World, code: str) -> dict[str, str]:
    signed = world.client.post("/api/signin/code", json={"code": code})
    assert signed.status_code == 200, signed.text
    return bearer(signed.json()["token"])


@dataclass
class Devices:
    """Ada's sign-ins: the laptop's first token, two by her phone's passkey and one by a recovery
    code; her phone's and her tablet's passkeys (and their ids), and the codes left unspent."""

    laptop: dict[str, str]
    by_phone: list[dict[str, str]]
    by_code: dict[str, str]
    phone: SoftAuthenticator
    key: str
    tablet: SoftAuthenticator
    tablet_key: str
    codes: list[str]


def devices(world: World) -> Devices:
    """Ada on four devices: the laptop that made her (the first token, her sign-in link's), two that
    signed in with her phone's passkey, one with a recovery code; and a tablet's passkey of hers."""
    laptop = signed_up(world.client, "Ada")
    phone, tablet = SoftAuthenticator(ORIGIN), SoftAuthenticator(ORIGIN)
    key = add_passkey(world, laptop, phone).json()["id"]
    tablet_key = add_passkey(world, laptop, tablet).json()["id"]
    codes = world.client.post("/api/me/recovery-codes", headers=laptop).json()["codes"]
    by_phone = [bearer(passkey_sign_in(world, phone).json()["token"]) for _ in range(2)]
    by_code = code_sign_in(world, codes[0])
    return Devices(laptop=laptop, by_phone=by_phone, by_code=by_code, phone=phone, key=key,
                           tablet=tablet, tablet_key=tablet_key, codes=codes[1:])


def works(world: World, auth: dict[str, str]) -> bool:
    got = world.client.get("/api/me", headers=auth)
    assert got.status_code in (200, 401), got.text
    return got.status_code == 200


def test_signing_out_on_a_device_ends_its_token_and_no_other(both: World) -> None:
    """Before, signing out only made the browser forget the token: a copy of it still signed in."""
    world = both
    ada = devices(world)
    gone = world.client.delete("/api/me/token", headers=ada.by_code)
    assert gone.status_code == 200 and gone.json() == {"ok": True}
    assert not works(world, ada.by_code)
    assert all(works(world, auth) for auth in [ada.laptop, *ada.by_phone])
    # The device that made her holds the first token, her sign-in link's: it ends, link and all.
    assert world.client.delete("/api/me/token", headers=ada.laptop).status_code == 200
    assert not works(world, ada.laptop)
    assert all(works(world, auth) for auth in ada.by_phone)
    assert world.client.delete("/api/me/token", headers=ada.laptop).status_code == 401
    # A way back in still makes a new one.
    assert works(world, code_sign_in(world, ada.codes[0]))


def test_removing_a_passkey_ends_the_sign_ins_it_made(both: World) -> None:
    """Before, a token a removed passkey had signed in kept working."""
    world = both
    ada = devices(world)
    removed = world.client.delete(f"/api/me/passkeys/{ada.key}", headers=ada.by_code)
    assert removed.status_code == 200 and removed.json() == {"ok": True, "ended": 2, "here": False}
    assert not any(works(world, auth) for auth in ada.by_phone)
    assert works(world, ada.laptop) and works(world, ada.by_code)
    # Removed from a device it signed in: this device is signed out too, and told so.
    by_tablet = bearer(passkey_sign_in(world, ada.tablet).json()["token"])
    removed = world.client.delete(f"/api/me/passkeys/{ada.tablet_key}", headers=by_tablet)
    assert removed.json() == {"ok": True, "ended": 1, "here": True}
    assert not works(world, by_tablet) and works(world, ada.laptop)


def test_a_passkey_removed_mid_sign_in_makes_no_token(both: World) -> None:
    """A sign-in whose passkey checked out, but was removed before its token was kept, keeps none."""
    world = both
    ada = devices(world)
    pid = world.client.get("/api/me", headers=ada.laptop).json()["id"]
    from service.store.items import Gone

    world.store.remove_passkey(pid, ada.key)
    with pytest.raises(Gone):
        world.store.add_token(pid, "0" * 64, NOON, "passkey", passkey=ada.key)
    assert not world.store.token_known(pid, "0" * 64)


def test_signing_out_everywhere_else_keeps_only_this_device(both: World) -> None:
    """New recovery codes offer it (a code was seen or a device lost): every other sign-in ends, the
    sign-in link's too unless this device holds it."""
    world = both
    ada = devices(world)
    ended = world.client.delete("/api/me/other-tokens", headers=ada.by_code)
    assert ended.status_code == 200 and ended.json() == {"ended": 3}  # two by the phone, the first token
    assert works(world, ada.by_code)
    assert not any(works(world, auth) for auth in [ada.laptop, *ada.by_phone])
    # From the device holding the first token: it stays, the others go.
    bo = devices(world)
    assert world.client.delete("/api/me/other-tokens", headers=bo.laptop).json() == {"ended": 3}
    assert works(world, bo.laptop)
    assert not any(works(world, auth) for auth in [bo.by_code, *bo.by_phone])
    assert world.client.delete("/api/me/other-tokens").status_code == 401
