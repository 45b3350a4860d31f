"""Bodies are JSON (issue 26, item 10): every POST, PUT and PATCH refuses a body that doesn't say it
is JSON, 415 before anything reads it, so no other site's page can post through its visitors'
browsers (a form's types and no type at all need no CORS preflight). Lesson imports also take PGN."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support import World, served, signed_up, sqlite_store

NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)
ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "lessons"
LESSON = (ROOT / "site/templates/lessons/_examples/guide_lesson.json").read_text(encoding="utf-8")
# What a page of another site can send without asking first: the form types, plain text, and nothing.
SIMPLE_TYPES = (
    "text/plain",
    "text/plain; charset=utf-8",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    None,
)
# The same bytes a JSON client would send: only the type is wrong.
BODY = json.dumps({"name": "Ada"}).encode()


@dataclass
class Paths(World):
    """The world with a teacher (`me`: their Authorization header) and the ids a route's path takes:
    their lesson's, their class's, a student's."""

    me: dict[str, str]
    ids: dict[str, str]


@pytest.fixture
def world(tmp_path) -> Iterator[Paths]:
    with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store, served(store, NOON) as world:
        me = signed_up(world.client, "Teacher")
        made = world.client.post("/api/lessons", content=LESSON, headers={
            **me, "Content-Type": "application/json"})
        assert made.status_code == 201, made.text
        klass = world.client.post("/api/classes", json={"name": "Club"}, headers=me)
        assert klass.status_code == 201, klass.text
        ids = {"lesson_id": made.json()["id"], "class_id": klass.json()["id"],
               "student_id": "AAAAAAAAAAAAAAAA"}
        yield world.grown(Paths, me=me, ids=ids)


def writes(world: World) -> list[tuple[str, str]]:
    """(method, path with real ids) of every POST, PUT and PATCH the OpenAPI document lists."""
    document = world.client.get("/api/openapi.json").json()
    found = []
    for path, operations in document["paths"].items():
        for method in operations:
            if method in ("post", "put", "patch"):
                url = path
                for name, value in world.ids.items():
                    url = url.replace("{" + name + "}", value)
                found.append((method.upper(), url))
    return found


def test_every_write_refuses_a_body_not_said_to_be_json(world: World) -> None:
    routes = writes(world)
    assert len(routes) >= 20, routes
    wrong = []
    for method, url in routes:
        for media in SIMPLE_TYPES:
            headers = {**world.me, **({"Content-Type": media} if media else {})}
            got = world.client.request(method, url, content=BODY, headers=headers)
            json_answer = got.headers.get("content-type") == "application/json"
            said = got.json().get("error", "") if json_answer else ""
            if got.status_code != 415 or "application/json" not in said:
                wrong.append(f"{method} {url} ({media}): {got.status_code} {got.text[:120]}")
    assert not wrong, "\n".join(wrong)


def test_the_document_names_the_415_on_every_write(world: World) -> None:
    document = world.client.get("/api/openapi.json").json()
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if method in ("post", "put", "patch"):
                assert "415" in operation["responses"], (method, path)


def test_a_player_is_made_only_from_a_json_body(world: World) -> None:
    """Issue 26: POST /api/players with text/plain, a form type, multipart or none answered 201."""
    for media in SIMPLE_TYPES:
        got = world.client.post("/api/players", content=BODY,
                                headers={"Content-Type": media} if media else {})
        assert got.status_code == 415, (media, got.text)
        assert got.json()["error"] == (
            f"Send the body as JSON, with Content-Type: application/json "
            f"({'this one said ' + media.split(';')[0] if media else 'this one named no Content-Type'})."
        )
    made = world.client.post("/api/players", content=BODY, headers={"Content-Type": "application/json"})
    assert made.status_code == 201
    # JSON's type with its parameters, in any case, is JSON.
    again = world.client.post("/api/players", content=BODY,
                              headers={"Content-Type": "Application/JSON; charset=utf-8"})
    assert again.status_code == 201


def test_no_token_is_still_401_before_the_bodys_type(world: World) -> None:
    got = world.client.post("/api/chess/solves", content=BODY, headers={"Content-Type": "text/plain"})
    assert got.status_code == 401


def test_a_route_that_reads_no_body_takes_none_or_json(world: World) -> None:
    """POST /api/storm/runs, the passkey ceremonies' options, new recovery codes and assigning a
    lesson read no body: none is fine, and a JSON one is ignored."""
    assign = f"/api/classes/{world.ids['class_id']}/lessons/{world.ids['lesson_id']}"
    for method, url in (("POST", "/api/signin/passkey/options"), ("POST", "/api/me/recovery-codes"),
                        ("PUT", assign)):
        bare = world.client.request(method, url, headers=world.me)
        assert bare.status_code in (200, 201), (url, bare.text)
        ignored = world.client.request(method, url, json={}, headers=world.me)
        assert ignored.status_code in (200, 201), (url, ignored.text)


def test_a_lesson_import_is_json_or_pgn(world: World) -> None:
    """The import page sends JSON's type whatever was pasted: the text is read as JSON unless it is
    plainly PGN. A PGN type reads PGN."""
    game = (FIXTURES / "game_clocks.pgn").read_text(encoding="utf-8")
    for media in ("application/json", "application/x-chess-pgn", "application/vnd.chess-pgn"):
        got = world.client.post("/api/lessons/validate", content=game, headers={"Content-Type": media},
                                params={"student_color": "white"})
        assert got.status_code == 200 and got.json()["kind"] == "pgn" and got.json()["ok"], (media, got.text)
    got = world.client.post("/api/lessons/validate", content=LESSON,
                            headers={"Content-Type": "application/json"})
    assert got.status_code == 200 and got.json()["kind"] == "json" and got.json()["ok"]
    refused = world.client.post("/api/lessons/validate", content=game, headers={"Content-Type": "text/plain"})
    assert refused.status_code == 415
    assert refused.json()["error"] == (
        "Send the body as a lesson's text, with Content-Type: application/json or application/x-chess-pgn "
        "(this one said text/plain)."
    )
