"""Players over the API: names, tokens, the account, renaming and deleting."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from functions.auth import hash_secret
from functions.routes.players import PLAYERS_PER_DAY, PLAYERS_PER_HOUR
from tests.support import World, post_result, served, signed_up, sqlite_store

NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def world(tmp_path) -> Iterator[World]:
    with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store, served(store, NOON) as world:
        yield world


def test_a_new_player_gets_an_id_and_a_token_kept_only_as_a_hash(world: World) -> None:
    got = world.client.post("/api/players", json={"name": "  Ada Lovelace  "})
    assert got.status_code == 201
    made = got.json()
    assert made["name"] == "Ada Lovelace"
    pid, secret = made["token"].split(".")
    assert pid == made["id"] and len(secret) >= 43
    stored = world.store.get_player(made["id"])
    assert stored.token_hash == hash_secret(secret)
    assert secret not in repr(world.store.get_item(f"P#{pid}", "PROFILE"))
    other = world.client.post("/api/players", json={"name": "Ada Lovelace"}).json()
    assert other["id"] != made["id"] and other["token"] != made["token"]


@pytest.mark.parametrize("name", ["Ada", "é" * 24, "Zoë 🦉", "李小龍", "O'Brien-Smith", "a  b"])
def test_printable_names_of_1_to_24_characters_are_kept(world: World, name: str) -> None:
    got = world.client.post("/api/players", json={"name": name})
    assert got.status_code == 201 and got.json()["name"] == name


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("", "empty"),
        ("   \t ", "empty"),
        ("x" * 25, "at most 24"),
        ("Ada\nBob", "control"),
        ("Ada\x00", "control"),
        ("evil\u202egnp", "U+202E"),
        ("zero\u200bwidth", "U+200B"),
        (5, "text"),
        (None, "text"),
        (["Ada"], "text"),
    ],
)
def test_other_names_are_refused_saying_why(world: World, name: object, words: str) -> None:
    got = world.client.post("/api/players", json={"name": name})
    assert got.status_code == 400
    assert words in got.json()["error"]


def test_me_reads_and_renames_yourself(world: World) -> None:
    me = signed_up(world.client, "Ada")
    mine = world.client.get("/api/me", headers=me).json()
    assert mine["name"] == "Ada"
    assert mine["line"] == "0 puzzles solved, 0 cleanly · no daily streak"
    assert mine["ratings"] == {"chess": None}
    renamed = world.client.patch("/api/me", json={"name": " Ada L. "}, headers=me)
    assert renamed.status_code == 200 and renamed.json()["name"] == "Ada L."
    assert world.client.get("/api/me", headers=me).json()["name"] == "Ada L."
    refused = world.client.patch("/api/me", json={"name": "\x07"}, headers=me)
    assert refused.status_code == 400
    assert world.client.get("/api/me", headers=me).json()["name"] == "Ada L."


def test_the_account_lines_are_said_in_the_requests_language(world: World) -> None:
    """Issue 44: GET /api/me's lines are messages, said in the language the request asks for."""
    me = signed_up(world.client, "Ada")
    mine = world.client.get("/api/me", headers={**me, "Accept-Language": "es"}).json()
    assert mine["line"] == "0 problemas resueltos, 0 limpiamente · sin racha diaria"
    assert mine["chain_line"] == "0 Chain resueltos, 0 limpiamente · sin racha de Chain"
    german = world.client.patch("/api/me", json={"name": "Ada"}, headers={**me, "Accept-Language": "de"})
    assert german.json()["line"] == "0 Aufgaben gelöst, 0 sauber · keine Tagesserie"


@pytest.mark.parametrize(
    "header",
    [
        None,
        "Bearer",
        "Bearer nonsense",
        "Basic dXNlcjpwYXNz",
        "Bearer 0123456789abcdef." + "A" * 43,
    ],
)
def test_no_token_or_a_wrong_one_is_401(world: World, header: str | None) -> None:
    headers = {"Authorization": header} if header else {}
    got = world.client.get("/api/me", headers=headers)
    assert got.status_code == 401
    assert got.json()["error"]


def test_a_wrong_secret_for_a_real_player_is_401(world: World) -> None:
    me = signed_up(world.client)
    pid = me["Authorization"].split()[1].split(".")[0]
    assert (
        world.client.get("/api/me", headers={"Authorization": f"Bearer {pid}.{'B' * 43}"}).status_code == 401
    )


def test_a_deleted_player_is_gone_and_their_token_refused(world: World) -> None:
    me = signed_up(world.client)
    assert world.client.delete("/api/me", headers=me).json() == {"ok": True}
    for call in (
        lambda: world.client.get("/api/me", headers=me),
        lambda: world.client.patch("/api/me", json={"name": "Back"}, headers=me),
        lambda: world.client.delete("/api/me", headers=me),
        lambda: post_result(world, "/api/chain/giveups", {"date": "2026-11-02"}, me),
    ):
        got = call()
        assert got.status_code == 401
        assert "deleted" in got.json()["error"]


def test_new_players_are_limited_per_client_address(tmp_path) -> None:
    """Locally the address is the socket's peer; an X-Forwarded-For the client writes changes nothing."""
    new = {"name": "Ada"}
    with (
        sqlite_store(tmp_path / "puzzlebook.sqlite3") as store,
        served(store, NOON, client=("198.51.100.7", 50000)) as here,
        served(store, NOON, client=("198.51.100.8", 50000)) as next_door,
    ):
        for k in range(PLAYERS_PER_HOUR):
            forged = {"X-Forwarded-For": f"10.0.0.{k % 250}"}
            made = here.client.post("/api/players", json=new, headers=forged)
            assert made.status_code == 201, made.text
        refused = here.client.post("/api/players", json=new, headers={"X-Forwarded-For": "203.0.113.9"})
        assert refused.status_code == 429
        assert refused.headers["Retry-After"] == "3600"  # noon: the hour's window has just begun
        assert refused.json() == {
            "error": f"Too many players were made from your network just now: at most {PLAYERS_PER_HOUR} "
            f"an hour and {PLAYERS_PER_DAY} a day. Try again in 60 minutes.",
            "code": "too_many_players",
        }
        # A bad name is still told what is wrong with it; another address has its own hour.
        assert here.client.post("/api/players", json={"name": ""}).status_code == 400
        assert next_door.client.post("/api/players", json=new).status_code == 201
        here.clock.advance(minutes=59, seconds=30)
        again = here.client.post("/api/players", json=new)
        assert again.status_code == 429 and again.headers["Retry-After"] == "30"
        assert again.json()["error"].endswith("Try again in 1 minute.")
        here.clock.advance(seconds=30)
        assert here.client.post("/api/players", json=new).status_code == 201
