"""/api/health is healthy only when the store can be written (a real write: the heartbeat item, with a
TTL, on both stores), and the SQLite store refuses to serve once its file is deleted or replaced under
the running server, instead of answering 200 for writes that go nowhere (docs/store.md, "Failure")."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from botocore.exceptions import ClientError
from fastapi.testclient import TestClient

from functions.app import create_app
from puzzlebook.chain.generate import generate
from service.games.chain.records import ChainRecords
from service.store import keys as K
from service.store.sqlite import SqliteStore
from tests.support import Clock, dynamo_store, settings_for_tests, signed_up

NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)
DAYS = ("2026-11-01", "2026-11-02", "2026-11-03")
GONE_WORDS = "deleted or replaced"


def filled(store):
    for day in DAYS:
        ChainRecords(store).put_chain_day(day, generate(day))
    return store


@pytest.fixture
def sqlite_app(tmp_path) -> Iterator[tuple[SqliteStore, TestClient, Path]]:
    path = tmp_path / "puzzlebook.sqlite3"
    store = filled(SqliteStore(path, timeout=0.2))
    with TestClient(create_app(settings_for_tests(), store, clock=Clock(NOON))) as client:
        yield store, client, path
    store.close()


@pytest.fixture
def dynamo_app() -> Iterator[tuple[object, TestClient]]:
    with dynamo_store() as store:
        filled(store)
        with TestClient(create_app(settings_for_tests(), store, clock=Clock(NOON))) as client:
            yield store, client


def test_health_writes_a_heartbeat_that_expires_on_both_stores(sqlite_app, dynamo_app) -> None:
    for store, client in (sqlite_app[:2], dynamo_app):
        got = client.get("/api/health")
        assert got.status_code == 200, got.text
        beat = store.get_item(K.HEALTH, K.HEARTBEAT)
        assert beat is not None and beat["doc"]["at"] == "2026-11-02T12:00:00.000000Z"
        assert beat["expires_at"] == int(NOON.timestamp()) + 86_400


def test_a_read_only_sqlite_store_is_unhealthy(sqlite_app) -> None:
    _store, client, path = sqlite_app
    me = signed_up(client)
    db = sqlite3.connect(path, isolation_level=None)
    # Every write refused, every read fine: what a read-only file or a full disk looks like.
    for event in ("INSERT", "UPDATE", "DELETE"):
        db.execute(
            f"CREATE TRIGGER read_only_{event.lower()} BEFORE {event} ON items "
            "BEGIN SELECT RAISE(ABORT, 'attempt to write a readonly database'); END"
        )
    try:
        assert client.get("/api/me", headers=me).status_code == 200
        assert client.post("/api/players", json={"name": "Bo"}).status_code == 503
        sick = client.get("/api/health")
        assert sick.status_code == 503, sick.text
        assert "can’t be written" in sick.json()["error"]
        assert sick.headers["Cache-Control"] == "no-store"
    finally:
        for event in ("insert", "update", "delete"):
            db.execute(f"DROP TRIGGER read_only_{event}")
        db.close()
    assert client.get("/api/health").status_code == 200


def test_a_dynamodb_table_that_refuses_writes_is_unhealthy(dynamo_app) -> None:
    store, client = dynamo_app

    def denied(**_: object) -> None:
        raise ClientError({"Error": {"Code": "AccessDeniedException", "Message": "not allowed"}}, "PutItem")

    events = store.client.meta.events
    events.register("before-call.dynamodb.PutItem", denied)
    try:
        assert client.get("/api/boards/chess/alltime").status_code == 200  # reads are fine
        sick = client.get("/api/health")
        assert sick.status_code == 503 and "can’t be written" in sick.json()["error"]
    finally:
        events.unregister("before-call.dynamodb.PutItem", denied)
    assert client.get("/api/health").status_code == 200


def test_a_sqlite_file_deleted_under_the_server_refuses_writes_saying_so(sqlite_app) -> None:
    _store, client, path = sqlite_app
    me = signed_up(client)
    for name in (path.name, path.name + "-wal", path.name + "-shm"):
        (path.parent / name).unlink(missing_ok=True)
    for answer in (
        client.post("/api/players", json={"name": "Lost"}),
        client.patch("/api/me", json={"name": "Renamed"}, headers=me),
        client.post("/api/chain/giveups", json={"date": "2026-11-01"}, headers=me),
        client.get("/api/health"),
    ):
        assert answer.status_code == 503, answer.text
        assert GONE_WORDS in answer.json()["error"] and "restart" in answer.json()["error"]
    assert not path.exists(), "the store must not make an empty file in its place"


def test_a_sqlite_file_replaced_under_the_server_refuses_too(sqlite_app, tmp_path) -> None:
    store, client, path = sqlite_app
    signed_up(client)
    store.close()  # settle the WAL into the file, as a backup tool would see it
    copy = tmp_path / "copy.sqlite3"
    shutil.copyfile(path, copy)
    os.replace(copy, path)  # a restore from a backup, while the server runs
    got = client.post("/api/players", json={"name": "Two"})
    assert got.status_code == 503 and GONE_WORDS in got.json()["error"]
