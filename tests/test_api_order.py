"""The order of the checks docs/api.md promises: on a route that needs a player, no token is 401 before
anything about the request's body, query or path is looked at (a malformed one included)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from tests.support import World, served, sqlite_store

NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)
# Malformed in every way a route could look at first: not JSON, a query that's wrong, a path that's wrong.
NOT_JSON = b'{"name": "Ada",'
BAD_QUERY = {"student_color": "purple", "name": "\x01", "band": "Nonsense"}
BAD_PATH = {"lesson_id": "!!", "date": "2026-13-45", "game": "nonsense"}


@pytest.fixture
def world(tmp_path) -> Iterator[World]:
    with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store, served(store, NOON) as world:
        yield world


def player_routes(document: dict) -> list[tuple[str, str, dict]]:
    """(method, path, operation) of every operation whose only security is the bearer token."""
    found = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            security = operation.get("security", [])
            if security and {} not in security:
                found.append((method.upper(), path, operation))
    return found


def test_the_document_marks_the_routes_that_need_a_player(world: World) -> None:
    document = world.client.get("/api/openapi.json").json()
    routes = {(method, path) for method, path, _ in player_routes(document)}
    assert {
        ("POST", "/api/chess/solves"),
        ("POST", "/api/chess/misses"),
        ("POST", "/api/chain/solves"),
        ("POST", "/api/chain/giveups"),
        ("GET", "/api/me"),
        ("PATCH", "/api/me"),
        ("DELETE", "/api/me"),
        ("POST", "/api/lessons"),
        ("GET", "/api/lessons"),
        ("DELETE", "/api/lessons/{lesson_id}"),
        ("GET", "/api/lessons/{lesson_id}/results"),
    } <= routes


def test_no_token_is_401_before_a_malformed_request_is_looked_at(world: World) -> None:
    document = world.client.get("/api/openapi.json").json()
    wrong = []
    for method, path, operation in player_routes(document):
        url = path
        for name, value in BAD_PATH.items():
            url = url.replace("{" + name + "}", value)
        query = {
            p["name"]: BAD_QUERY[p["name"]]
            for p in operation.get("parameters", [])
            if p["in"] == "query" and p["name"] in BAD_QUERY
        }
        body = NOT_JSON if "requestBody" in operation or method in ("POST", "PATCH") else None
        for content_type in ("application/json", "text/plain"):
            got = world.client.request(
                method, url, params=query, content=body, headers={"Content-Type": content_type}
            )
            if got.status_code != 401 or "sign in" not in got.json()["error"].lower():
                wrong.append(f"{method} {url} ({content_type}): {got.status_code} {got.text}")
            assert got.headers.get("WWW-Authenticate") == "Bearer" or got.status_code != 401
    assert not wrong, "\n".join(wrong)


def test_a_token_that_matches_nobody_is_401_before_the_body_too(world: World) -> None:
    stranger = {"Authorization": "Bearer 0123456789abcdef." + "A" * 43, "Content-Type": "application/json"}
    got = world.client.post("/api/chess/solves", content=NOT_JSON, headers=stranger)
    assert got.status_code == 401 and "doesn't match any player" in got.json()["error"]


def test_a_game_post_is_one_dependency_in_that_order(world: World) -> None:
    """A game's plays and results take the player, the body and the Context as one dependency
    (functions/deps.py): FastAPI's work per dependency was about a fortieth of a solve's. It
    still reads the token first: a good token with a malformed body is 400, not 401."""
    from fastapi.routing import APIRoute

    from functions.caching import api_routes
    from tests.support import signed_up

    posts = {
        "/api/chess/plays", "/api/chess/solves", "/api/chess/misses", "/api/chain/plays",
        "/api/chain/solves", "/api/chain/giveups", "/api/storm/results",
    }
    solved = {
        path: len(route.dependant.dependencies)
        for path, route in api_routes(world.client.app)
        if isinstance(route, APIRoute) and path in posts
    }
    assert solved == dict.fromkeys(posts, 1)
    me = {**signed_up(world.client, "Ada"), "Content-Type": "application/json"}
    for path in sorted(posts):
        got = world.client.post(path, content=NOT_JSON, headers=me)
        assert got.status_code == 400 and "isn't valid JSON" in got.json()["error"], (path, got.text)


def test_every_route_reaches_the_app_through_one_dependency(world: World) -> None:
    """The Context, the player and the body come to a route as one parameter, from functions/deps.py
    (its type says which it has); nothing else in a route reaches into the app for them."""
    from pathlib import Path

    from fastapi.routing import APIRoute

    import functions.deps
    from functions.caching import api_routes
    from functions.routers_on_demand import include_all

    app = world.client.app
    include_all(app)
    found = {}
    for path, route in api_routes(app):
        if isinstance(route, APIRoute) and path.startswith("/api/") and not path.startswith("/api/docs"):
            calls = [dep.call for dep in route.dependant.dependencies]
            found[(path, *sorted(route.methods))] = [getattr(call, "__module__", "") for call in calls]
    ours = {functions.deps.__name__}
    wrong = {key: mods for key, mods in found.items() if len(mods) > 1 or set(mods) - ours}
    # The one that needs no Context: the document itself.
    alone = {key[0] for key, mods in found.items() if not mods}
    assert alone == {"/api/openapi.json"}
    assert not wrong, wrong
    routes = Path(functions.deps.__file__).parent / "routes"
    reaching = [str(f) for f in routes.rglob("*.py") if "app.state" in f.read_text(encoding="utf-8")]
    assert not reaching, reaching
