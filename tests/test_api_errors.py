"""Bad input of every kind gets its clear 4xx as {"error": "...", "code": "..."}, and nothing stored
changes."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator

import pytest

from tests.support import Signed, World, post_result, served, signed_up, sqlite_store

NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)
JSON = {"Content-Type": "application/json"}


@pytest.fixture
def world(tmp_path) -> Iterator[Signed]:
    with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store, served(store, NOON) as world:
        yield world.grown(Signed, me=signed_up(world.client, "Ada"))


def error_of(response) -> str:
    assert set(response.json()) == {"error", "code"}, response.json()
    message, code = response.json()["error"], response.json()["code"]
    assert isinstance(message, str) and message.strip()
    assert isinstance(code, str) and code.isidentifier() and code == code.lower()
    return message


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (b"{", "valid JSON"),
        (b'{"name": "Ada",}', "valid JSON"),
        (b"\xff\xfe\x00", "valid JSON"),
        (b"", "needs a JSON body"),
        (b"null", "JSON object"),
        (b'"Ada"', "JSON object"),
        (b"[1, 2]", "JSON object"),
        (b'{"nom": "Ada"}', "name is missing"),
    ],
)
def test_malformed_bodies_are_400(world: Signed, raw: bytes, words: str) -> None:
    got = world.client.post("/api/players", content=raw, headers=JSON)
    assert got.status_code == 400
    assert words in error_of(got)


@pytest.mark.parametrize(
    "change",
    [
        {"seconds": "40"},
        {"seconds": 40.5},
        {"seconds": True},
        {"undos": -1},
        {"resets": 10**6},
        {"tiles": "0,1,2"},
        {"tiles": [0.5]},
        {"date": 20261102},
        {"date": "02/11/2026"},
    ],
)
def test_wrong_types_and_ranges_are_400(world: Signed, change: dict) -> None:
    body = {"date": "2026-11-02", "tiles": [0, 1, 2], "seconds": 40, "undos": 0, "resets": 0} | change
    got = post_result(world, "/api/chain/solves", body, world.me)
    assert got.status_code == 400, got.text
    error_of(got)


@pytest.mark.parametrize(
    "raw",
    [
        b'{"id": "00008", "band": "Hard", "moves": ["e2e4"], "mistakes": 0, "hints": 0, "seconds": 1e400}',
        b'{"id": "00008", "band": "Hard", "moves": ["e2e4"], "mistakes": 0, "hints": 0, "seconds": NaN}',
        b'{"id": "00008", "band": "Hard", "moves": ["e2e4"], "mistakes": 0, "hints": 0, "seconds": '
        + b"9" * 5000
        + b"}",
        b'{"id": "00008", "band": "Hard", "moves": ["e2e4"], "mistakes": 99999999999999999999999, '
        b'"hints": 0, "seconds": 9}',
    ],
)
def test_huge_numbers_are_400(world: Signed, raw: bytes) -> None:
    got = world.client.post("/api/chess/solves", content=raw, headers=JSON | world.me)
    assert got.status_code == 400
    error_of(got)


def test_deep_nesting_is_400(world: World) -> None:
    deep = b'{"name": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    got = world.client.post("/api/players", content=deep, headers=JSON)
    assert got.status_code == 400
    error_of(got)


def test_a_body_over_16_kb_is_413(world: World) -> None:
    big = json.dumps({"name": "x" * (1024 * 1024)}).encode()
    got = world.client.post("/api/players", content=big, headers=JSON)
    assert got.status_code == 413
    assert "16 KB" in error_of(got)
    # Sent in chunks without a length, it is counted as it comes.
    chunked = world.client.post(
        "/api/players", content=iter([big[:9000], big[9000:20000], big[20000:]]), headers=JSON
    )
    assert chunked.status_code == 413
    just_under = json.dumps({"name": "Ada", "pad": "x" * (16 * 1024 - 40)}).encode()
    assert len(just_under) <= 16 * 1024
    assert world.client.post("/api/players", content=just_under, headers=JSON).status_code == 201


def test_unknown_paths_and_methods_answer_in_the_same_shape(world: World) -> None:
    missing = world.client.get("/api/no/such/thing")
    assert missing.status_code == 404 and "/api/no/such/thing" in error_of(missing)
    wrong = world.client.get("/api/chess/solves")
    assert wrong.status_code == 405 and "POST" in error_of(wrong)
    assert world.client.put("/api/me", json={}).status_code == 405


def test_allow_lists_the_methods_of_the_resource_at_that_path(world: World) -> None:
    """/api/lessons/validate is POST only, as the document says, though GET /api/lessons/{lesson_id}
    would also match the path."""
    paths = world.client.get("/api/openapi.json").json()["paths"]
    for path, allowed, method in [
        ("/api/lessons/validate", "POST", "PUT"),
        ("/api/lessons", "GET, POST", "PUT"),
        ("/api/me", "DELETE, GET, PATCH", "PUT"),
        ("/api/lessons/AAAAAAAAAAAAAAAA", "DELETE, GET, PUT", "POST"),
    ]:
        wrong = world.client.request(method, path, json={})
        assert wrong.status_code == 405 and wrong.headers["Allow"] == allowed, (path, wrong.headers)
        template = path if path in paths else "/api/lessons/{lesson_id}"
        assert allowed == ", ".join(sorted(method.upper() for method in paths[template]))
    refused = world.client.put("/api/lessons/validate", json={})
    assert error_of(refused) == "PUT isn't allowed at /api/lessons/validate; use POST."
    # Not a lesson called "validate" (a lesson id is 16 characters, as the document's pattern says).
    assert world.client.get("/api/lessons/validate").status_code == 405


def test_bad_input_changes_nothing_stored(world: World) -> None:
    before = world.client.get("/api/me", headers=world.me).json()
    for raw in (b"{", b'{"name": ""}', b'{"name": "\\u0000"}', b"[]"):
        assert world.client.patch("/api/me", content=raw, headers=JSON | world.me).status_code == 400
    assert world.client.get("/api/me", headers=world.me).json() == before


def test_the_openapi_document_describes_every_route(world: World) -> None:
    doc = world.client.get("/api/openapi.json").json()
    paths = doc["paths"]
    for path, method in [
        ("/api/players", "post"),
        ("/api/me", "get"),
        ("/api/me", "patch"),
        ("/api/chess/solves", "post"),
        ("/api/chess/misses", "post"),
        ("/api/chain/solves", "post"),
        ("/api/chain/giveups", "post"),
        ("/api/chain/{date}/walkthrough", "get"),
        ("/api/boards/chess/daily/{date}", "get"),
        ("/api/boards/chess/alltime", "get"),
        ("/api/boards/ratings/{game}", "get"),
        ("/api/boards/chain/daily/{date}", "get"),
        ("/api/boards/streaks/{game}", "get"),
        ("/api/health", "get"),
    ]:
        operation = paths[path][method]
        assert "200" in operation["responses"] or "201" in operation["responses"], path
        for status, response in operation["responses"].items():
            if status.startswith(("4", "5")):
                schema = response["content"]["application/json"]["schema"]
                assert schema == {"$ref": "#/components/schemas/ErrorBody"}, (path, status)
    solve_body = paths["/api/chess/solves"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert set(solve_body["required"]) == {"id", "band", "moves", "mistakes", "hints", "seconds"}
