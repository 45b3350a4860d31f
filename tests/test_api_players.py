"""Players over the API: names, tokens, the account, renaming and deleting."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from fastapi.testclient import TestClient

from functions.app import create_app
from functions.auth import hash_secret
from functions.testing import Clock, settings_for_tests, signed_up, sqlite_store

NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def world(tmp_path) -> Iterator[SimpleNamespace]:
    with (
        sqlite_store(tmp_path / "puzzlebook.sqlite3") as store,
        TestClient(create_app(store, settings_for_tests(), clock=Clock(NOON))) as client,
    ):
        yield SimpleNamespace(store=store, client=client)


def test_a_new_player_gets_an_id_and_a_token_kept_only_as_a_hash(world: SimpleNamespace) -> None:
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
def test_printable_names_of_1_to_24_characters_are_kept(world: SimpleNamespace, name: str) -> None:
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
def test_other_names_are_refused_saying_why(world: SimpleNamespace, name: object, words: str) -> None:
    got = world.client.post("/api/players", json={"name": name})
    assert got.status_code == 400
    assert words in got.json()["error"]


def test_me_reads_and_renames_yourself(world: SimpleNamespace) -> None:
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
def test_no_token_or_a_wrong_one_is_401(world: SimpleNamespace, header: str | None) -> None:
    headers = {"Authorization": header} if header else {}
    got = world.client.get("/api/me", headers=headers)
    assert got.status_code == 401
    assert got.json()["error"]


def test_a_wrong_secret_for_a_real_player_is_401(world: SimpleNamespace) -> None:
    me = signed_up(world.client)
    pid = me["Authorization"].split()[1].split(".")[0]
    assert (
        world.client.get("/api/me", headers={"Authorization": f"Bearer {pid}.{'B' * 43}"}).status_code == 401
    )


def test_a_deleted_player_is_gone_and_their_token_refused(world: SimpleNamespace) -> None:
    me = signed_up(world.client)
    assert world.client.delete("/api/me", headers=me).json() == {"ok": True}
    for call in (
        lambda: world.client.get("/api/me", headers=me),
        lambda: world.client.patch("/api/me", json={"name": "Back"}, headers=me),
        lambda: world.client.delete("/api/me", headers=me),
        lambda: world.client.post("/api/chain/giveups", json={"date": "2026-11-02"}, headers=me),
    ):
        got = call()
        assert got.status_code == 401
        assert "deleted" in got.json()["error"]
