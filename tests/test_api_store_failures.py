"""A store that fails answers 503 with Retry-After, and leaves nothing half-written."""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterator

import pytest
from botocore.exceptions import ClientError, EndpointConnectionError
from fastapi.testclient import TestClient

from functions.app import create_app
from puzzlebook.chess.puzzle import Puzzle
from service.games.chess.puzzles import puzzles_of
from service.games.chess.records import ChessRecords
from service.store.sqlite import SqliteStore
from tests.support import Clock, World, dynamo_store, settings_for_tests, signed_up, with_ticket

NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)


def a_puzzle(app) -> Puzzle:
    bundle = puzzles_of(app.state.ctx).bundle
    row = next(r for r in bundle.rows("Hard") if len(r[2].split()) == 4 and r[0] not in bundle.retired)
    return Puzzle.from_row(row, "Hard")


def solve_body(puzzle: Puzzle) -> dict:
    return {
        "id": puzzle.id,
        "band": puzzle.band,
        "moves": puzzle.solution,
        "mistakes": 0,
        "hints": 0,
        "seconds": 20,
    }


def ticketed(client: TestClient, puzzle: Puzzle, me: dict[str, str]) -> dict:
    """The solve's body with its play ticket, issued while the store works (a result refused 503
    wrote nothing, so the same ticket posts it again once the store is back)."""
    ctx = client.app.state.ctx
    world = World(store=ctx.store, clock=ctx.clock, client=client, ctx=ctx)
    return with_ticket(world, "/api/chess/solves", solve_body(puzzle), me)


def assert_503(response) -> None:
    assert response.status_code == 503, response.text
    assert response.headers["Retry-After"].isdigit()
    assert "Nothing was changed" in response.json()["error"]


@pytest.fixture
def sqlite_app(tmp_path) -> Iterator[tuple[SqliteStore, TestClient, str]]:
    path = tmp_path / "puzzlebook.sqlite3"
    store = SqliteStore(path, timeout=0.2)
    with TestClient(create_app(settings_for_tests(), store, clock=Clock(NOON))) as client:
        yield store, client, str(path)
    store.close()


def test_a_locked_sqlite_database_is_503_and_then_recovers(sqlite_app) -> None:
    _store, client, path = sqlite_app
    me = signed_up(client)
    puzzle = a_puzzle(client.app)
    ctx = client.app.state.ctx
    puzzles_of(ctx).dailies(ctx.today())  # keep today's dailies before locking
    body = ticketed(client, puzzle, me)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holding the write lock
    try:
        assert_503(client.post("/api/chess/solves", json=body, headers=me))
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert client.get("/api/me", headers=me).json()["chess"]["solved"] == 0
    again = client.post("/api/chess/solves", json=body, headers=me)
    assert again.status_code == 200 and again.json()["rated"] is True


def test_a_write_failing_halfway_leaves_nothing_written(sqlite_app) -> None:
    store, client, path = sqlite_app
    me = signed_up(client)
    puzzle = a_puzzle(client.app)
    body = ticketed(client, puzzle, me)
    db = sqlite3.connect(path, isolation_level=None)
    # The solve's item is written first, its player's tallies second: make the second one fail.
    db.execute(
        "CREATE TRIGGER fail_tallies BEFORE INSERT ON items WHEN NEW.SK = 'STATS#chess' "
        "BEGIN SELECT RAISE(ABORT, 'disk trouble'); END"
    )
    try:
        assert_503(client.post("/api/chess/solves", json=body, headers=me))
        pid = me["Authorization"].split()[1].split(".")[0]
        assert ChessRecords(store).chess_result(pid, puzzle.id) == (None, None)
    finally:
        db.execute("DROP TRIGGER fail_tallies")
        db.close()
    again = client.post("/api/chess/solves", json=body, headers=me)
    assert again.status_code == 200 and again.json()["already"] is False and again.json()["rated"] is True


@pytest.fixture
def dynamo_app() -> Iterator[tuple[object, TestClient]]:
    with (
        dynamo_store() as store,
        TestClient(create_app(settings_for_tests(), store, clock=Clock(NOON))) as client,
    ):
        yield store, client


def test_throttled_dynamodb_is_503_and_nothing_is_written(dynamo_app) -> None:
    store, client = dynamo_app
    me = signed_up(client)
    puzzle = a_puzzle(client.app)
    puzzles_of(client.app.state.ctx).dailies(client.app.state.ctx.today())
    body = ticketed(client, puzzle, me)

    def throttled(**_: object) -> None:
        raise ClientError(
            {"Error": {"Code": "ProvisionedThroughputExceededException", "Message": "slow down"}},
            "TransactWriteItems",
        )

    events = store.client.meta.events
    events.register("before-call.dynamodb.TransactWriteItems", throttled)
    try:
        assert_503(client.post("/api/chess/solves", json=body, headers=me))
    finally:
        events.unregister("before-call.dynamodb.TransactWriteItems", throttled)
    pid = me["Authorization"].split()[1].split(".")[0]
    assert ChessRecords(store).chess_result(pid, puzzle.id) == (None, None)
    assert client.get("/api/me", headers=me).json()["ratings"]["chess"] is None
    again = client.post("/api/chess/solves", json=body, headers=me)
    assert again.status_code == 200 and again.json()["rated"] is True


def test_unreachable_dynamodb_is_503_for_reads_too(dynamo_app) -> None:
    store, client = dynamo_app
    me = signed_up(client)

    def unreachable(**_: object) -> None:
        raise EndpointConnectionError(endpoint_url="https://dynamodb.us-east-1.amazonaws.com")

    events = store.client.meta.events
    events.register("before-call.dynamodb.*", unreachable)
    try:
        assert_503(client.get("/api/me", headers=me))
        # A guest's board is its snapshot: no store read, so it is answered all the same.
        assert client.get("/api/boards/chess/alltime").status_code == 200
        assert_503(client.get("/api/boards/chess/alltime", headers=me))  # the caller's own row is read
        assert_503(client.post("/api/players", json={"name": "Bob"}))
        assert client.get("/api/health").status_code == 503
    finally:
        events.unregister("before-call.dynamodb.*", unreachable)
    assert client.get("/api/me", headers=me).status_code == 200
