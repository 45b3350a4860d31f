"""Routers built at their first request (functions/routers_on_demand.py): a fresh app answers their
paths as if they had always been there, its 405s and its document included."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from functions.app import ON_DEMAND, create_app
from functions.routers_on_demand import Group
from service.store.sqlite import SqliteStore
from tests.support import settings_for_tests


def _fresh(tmp_path: Path) -> TestClient:
    app = create_app(settings_for_tests(), SqliteStore(tmp_path / "store.sqlite3"))
    assert app.state.routers_waiting == list(ON_DEMAND)
    return TestClient(app)


def test_a_first_request_for_a_class_reaches_its_route(tmp_path: Path) -> None:
    client = _fresh(tmp_path)
    answer = client.get("/api/classes")
    assert answer.status_code == 401  # the route asks for a token: not a 404 for a path never built
    waiting = [group.module for group in client.app.state.routers_waiting]
    assert waiting == ["functions.routes.accounts", "functions.routes.lessons", "functions.routes.social",
                       "functions.routes.home"]


def test_a_first_request_for_the_home_reaches_its_route(tmp_path: Path) -> None:
    client = _fresh(tmp_path)
    answer = client.get("/api/me/home")
    assert answer.status_code == 401 and answer.json()["code"] == "sign_in_for_home"
    assert "functions.routes.home" not in [group.module for group in client.app.state.routers_waiting]


@pytest.mark.parametrize("path", ["/api/friends/streaks", "/api/me/follow", "/api/clubs", "/api/follows"])
def test_a_first_request_for_playing_together_reaches_its_route(tmp_path: Path, path: str) -> None:
    client = _fresh(tmp_path)
    answer = client.get(path)
    assert answer.status_code == 401 and "Sign in" in answer.json()["error"]
    assert "functions.routes.social" not in [group.module for group in client.app.state.routers_waiting]
    assert client.get("/api/me").status_code == 401  # /api/me is no path of theirs


def test_a_first_request_for_a_lesson_reaches_its_route_and_its_405s(tmp_path: Path) -> None:
    client = _fresh(tmp_path)
    answer = client.get("/api/lessons/nosuchlesson")
    assert answer.status_code == 404 and "lesson" in answer.json()["error"]  # the route's own 404
    fresh = _fresh(tmp_path)
    # The literal path is the validator's, not a lesson called "validate", on the first request too.
    answer = fresh.get("/api/lessons/validate")
    assert answer.status_code == 405 and answer.headers["Allow"] == "POST"


def test_a_wrong_method_at_a_path_not_yet_built_is_a_405_naming_the_right_ones(tmp_path: Path) -> None:
    client = _fresh(tmp_path)
    # Another request first: the 405 check reads the literal paths before the router joins.
    assert client.get("/api/boards/ratings/chess").status_code == 200
    answer = client.put("/api/me/recovery-codes")
    assert answer.status_code == 405
    assert answer.headers["Allow"] == "GET, POST"


def test_the_document_names_the_routes_not_yet_built(tmp_path: Path) -> None:
    client = _fresh(tmp_path)
    paths = client.get("/api/openapi.json").json()["paths"]
    assert "/api/classes/{class_id}" in paths and "/api/signin/passkey" in paths
    assert client.app.state.routers_waiting == []


def test_a_group_answers_its_own_paths_and_no_neighbour() -> None:
    group = Group("m", ("/api/classes", "/api/signin"))
    assert group.answers("/api/classes") and group.answers("/api/classes/c1/students")
    assert group.answers("/api/signin/code")
    assert not group.answers("/api/classesx") and not group.answers("/api/me")
