"""Bodies are JSON (issue 26, item 10): every POST, PUT and PATCH refuses a body that doesn't say it
is JSON, 415 before anything reads it, so no other site's page can post through its visitors'
browsers (a form's types and no type at all need no CORS preflight). Lesson imports also take PGN.
A body is read in one pass where it can be, taking exactly what the two steps before it took."""

from __future__ import annotations

import datetime as dt
import json
import types
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from functions.bodies import parse
from functions.models import NewPlayer, Request
from functions.routes.chain.models import ChainSolve
from functions.routes.chess.models import ChessMiss, ChessSolve
from functions.routes.classes.models import NewSet
from functions.routes.lessons.models import EngineCheckPost
from functions.routes.streak.models import StreakRun
from tests.support import World, request_models, served, signed_up, sqlite_store

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


# ---- read in one pass ------------------------------------------------------------------------------
# functions.bodies.read_as reads and checks a body in one pass (pydantic-core's model_validate_json),
# and takes the two steps before it (json.loads, then the model on its values) only for a body that
# pass refuses. So what the one pass takes must be what the two steps take, as the same values.

# The types whose strict readings agree, from JSON text and from json.loads's values (pydantic's
# conversion table): an Enum, a tuple, a date or bytes read from text would take what the two steps
# refuse.
ALIKE = (str, int, float, bool, type(None), list, dict, Annotated, Union, types.UnionType)


def _alike(shape: Any) -> bool:
    origin = get_origin(shape)
    if origin is Literal:
        return all(isinstance(choice, (str, int, bool, type(None))) for choice in get_args(shape))
    if origin is not None:
        held = get_args(shape)[:1] if origin is Annotated else get_args(shape)
        return origin in ALIKE and all(_alike(arg) for arg in held)
    return shape in ALIKE or shape is Any or (isinstance(shape, type) and issubclass(shape, Request))


@pytest.mark.parametrize("model", request_models(), ids=lambda m: m.__name__)
def test_every_request_field_reads_alike_from_text_and_from_values(model: type[Request]) -> None:
    fields = model.model_fields.items()
    odd = {name: field.annotation for name, field in fields if not _alike(field.annotation)}
    assert not odd, odd


LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20),
                   st.sampled_from([0.0, 1.0, 40.0, 1.5]), st.floats(),
                   st.text(st.characters(codec=None), max_size=6),
                   st.sampled_from(["00sHx", "Medium", "e2e4", "2026-11-02", "wrong", "gave-up", "a.b"]))
JSON = st.recursive(LEAVES, lambda held: st.lists(held, max_size=4)
                    | st.dictionaries(st.text(max_size=4), held, max_size=3), max_leaves=6)


# A good body of each model read on the busiest routes and of each kind of field; each test takes one
# and changes, drops or adds fields.
GOOD: list[tuple[type[Any], dict[str, Any]]] = [
    (ChessSolve, {"id": "00sHx", "band": "Medium", "moves": ["e2e4", "e7e5"], "mistakes": 0, "hints": 1,
                  "seconds": 20, "ticket": "a.b", "offline": False}),
    (ChessMiss, {"id": "00sHx", "band": "Medium", "how": "wrong", "moves": ["e2e4"], "ticket": "a.b"}),
    (ChainSolve, {"date": "2026-11-02", "tiles": [2, 0, 4], "seconds": 30, "undos": 0, "resets": 1}),
    (StreakRun, {"date": "2026-11-02", "ticket": "a.b", "moves": [["e2e4"], []], "skipped": 1, "seconds": 9}),
    (NewSet, {"themes": ["fork"], "low": 1400, "high": 1799, "count": 10, "due": None}),
    (EngineCheckPost, {"version": 1, "findings": [{"puzzle": 1, "kind": "also", "words": "Nf3 too"}]}),
    (NewPlayer, {"name": "Ada"}),
]


def _near(value: Any) -> Any:
    """`value` written another way that may still be taken: a whole number with a point, a list's
    items so, or twice as many."""
    if isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, list):
        return [_near(item) for item in value] + value
    return value


@st.composite
def _bodies(draw: st.DrawFn) -> tuple[type[Any], Any]:
    model, good = draw(st.sampled_from(GOOD))
    body: Any = dict(good)
    for name in list(body):
        change = draw(st.sampled_from(["keep"] * 12 + ["near", "near", "drop", "other"]))
        if change == "drop":
            del body[name]
        elif change == "near":
            body[name] = _near(body[name])
        elif change == "other":
            body[name] = draw(JSON)
    body.update(draw(st.dictionaries(st.text(max_size=4), JSON, max_size=2)))
    return model, draw(st.sampled_from([body] * 9 + [None])) or draw(JSON)


@settings(max_examples=200, deadline=None)
@given(_bodies())
def test_a_body_read_in_one_pass_is_what_the_two_steps_read(drawn: tuple[type[Any], Any]) -> None:
    model, body = drawn
    raw = json.dumps(body).encode()
    try:
        once = model.model_validate_json(raw)
    except ValidationError:
        return  # read_as takes the two steps for it
    assert parse(model, json.loads(raw)) == once
