"""For tests: stores (a fresh SQLite file, or the real table definition on moto's DynamoDB), the API
over one at a settable clock (a `World`), and API Gateway's events for the Lambda entry point.

For any engineer's tests (lessons included):

    from tests.support import dynamo_store, served, sqlite_store, world_of
    with dynamo_store() as store, served(store, NOON) as world: world.client.post(...)
    with world_of(store_kind, tmp_path, NOON) as world: ...   # either store, by the `store_kind` fixture

A test that takes the `store_kind` fixture (tests/conftest.py) runs once over each store, STORE_KINDS;
the `store` fixture there is a fresh store of that kind.

moto is imported only here, so production code never loads it. moto isn't
safe under threads: race tests use SQLite, or drive DynamoDB's conditional
writes directly (see tests/test_store_contract.py).
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from puzzlebook.chess.results import MissPost, SolvePost
from service.games.chess.records import ChessRecords
from service.store.dynamo import DynamoStore
from service.store.sqlite import SqliteStore

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

    from service.context import Context
    from service.store.base import Store

TEST_TABLE = "puzzlebook-test"

# The two stores a test runs over (the `store_kind` fixture's parameters: tests/conftest.py, which
# leaves a test's DynamoDB run to `make test` outside the store contract suite).
StoreKind = Literal["sqlite", "dynamodb"]
STORE_KINDS: tuple[StoreKind, ...] = ("sqlite", "dynamodb")


@contextmanager
def sqlite_store(path: str | Path) -> Iterator[SqliteStore]:
    """A SqliteStore on `path` (created), closed afterwards."""
    store = SqliteStore(path)
    try:
        yield store
    finally:
        store.close()


def copy_store(source: str | Path, target: str | Path) -> None:
    """A whole copy of the SQLite store at `source` in `target`, through SQLite's backup API: what is
    still only in its write-ahead log comes too (a copy of the .sqlite3 file alone may hold a torn
    state while the store is open: docs/operations.md, "Backing up the local store")."""
    import sqlite3

    with sqlite3.connect(source) as live, sqlite3.connect(target) as copy:
        live.backup(copy)
    live.close()
    copy.close()


def make_table(client: Any, name: str = TEST_TABLE) -> None:
    """Create the table of infra/template.yaml under `name`, TTL included."""
    from ops.template import dynamodb_table_kwargs, dynamodb_ttl_attribute

    client.create_table(**dynamodb_table_kwargs(name))
    ttl = dynamodb_ttl_attribute()
    if ttl:
        client.update_time_to_live(
            TableName=name, TimeToLiveSpecification={"Enabled": True, "AttributeName": ttl}
        )


_BOTO_SESSION: Any = None


def _boto_session() -> Any:
    """One boto3 session for every mocked client of the process: a client made from it reuses the
    service models it has read, where boto3.client() (moto swaps in a fresh default session each time)
    reads and parses botocore's JSON again, about a second a store on this machine. moto's stubber
    serves it all the same: moto adds it to botocore's handlers on import, before the session exists."""
    global _BOTO_SESSION
    if _BOTO_SESSION is None:
        import boto3
        import moto  # noqa: F401  (registers the stubber first)

        _BOTO_SESSION = boto3.session.Session()
    return _BOTO_SESSION


_ROLLBACK_BY_ITEM = False


def _roll_back_by_item() -> None:
    """Make moto's transactions keep, for their rollback, the items they name rather than a deep copy
    of each table they write to, taken once per item: that copy was 60% of the moto tests' CPU (a
    top-100 board's test 16 s of CPU, the deep copies 10 of it), and grew with every item a test had
    written. The rollback is the same: on any failure each named item is put back as it was, or
    removed if it wasn't there (tests/test_store_contract.py, `test_a_transaction_is_all_or_nothing`,
    holds both stores to it). Checked against the moto this lock installs: if the method or the
    module's `copy` moves, this fails at once rather than quietly copying again."""
    global _ROLLBACK_BY_ITEM
    if _ROLLBACK_BY_ITEM:
        return
    import copy

    from moto.dynamodb import models
    from moto.dynamodb.models.dynamo_type import DynamoType
    from moto.dynamodb.models.table import Table

    assert models.copy is copy, "moto.dynamodb.models no longer imports copy: see tests/support.py"
    original = models.DynamoDBBackend.transact_write_items

    class _TablesKept:
        """`copy` for moto's transaction: a table stays itself (the items are kept instead)."""

        @staticmethod
        def deepcopy(value: Any, memo: Any = None) -> Any:
            return value if isinstance(value, Table) else copy.deepcopy(value, memo)

    def transact_write_items(self: Any, transact_items: list[dict[str, Any]]) -> None:
        kept: list[tuple[Any, Any, Any, Any]] = []  # (table, hash, range or None, the item or None)
        for entry in transact_items:
            op = next(iter(entry.values()))
            table = self.tables.get(op.get("TableName"))
            attrs = op.get("Key") or op.get("Item") or {}
            if table is None or table.hash_key_attr not in attrs:
                continue  # moto refuses it before it changes anything
            hash_value = DynamoType(attrs[table.hash_key_attr])
            range_value = None
            if table.range_key_attr is not None:
                if table.range_key_attr not in attrs:
                    continue
                range_value = DynamoType(attrs[table.range_key_attr])
            item = table.get_item(hash_value, range_value)
            kept.append((table, hash_value, range_value, copy.deepcopy(item)))
        models.copy = _TablesKept  # type: ignore[assignment]
        try:
            original(self, transact_items)
        except Exception:
            for table, hash_value, range_value, item in reversed(kept):
                place = table.items if range_value is None else table.items[hash_value]
                key = hash_value if range_value is None else range_value
                if item is None:
                    place.pop(key, None)
                else:
                    place[key] = item
            raise
        finally:
            models.copy = copy

    models.DynamoDBBackend.transact_write_items = transact_write_items
    _ROLLBACK_BY_ITEM = True


@contextmanager
def mocked_aws() -> Iterator[Any]:
    """moto for the duration (fake credentials, us-east-1): yields a DynamoDB client."""
    from moto import mock_aws

    fake = {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_SESSION_TOKEN": "testing",
        "AWS_DEFAULT_REGION": "us-east-1",
    }
    saved = {k: os.environ.get(k) for k in fake}
    os.environ.update(fake)
    try:
        with mock_aws():
            _roll_back_by_item()
            yield _boto_session().client("dynamodb", region_name="us-east-1")
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


@contextmanager
def dynamo_store(name: str = TEST_TABLE) -> Iterator[DynamoStore]:
    """A DynamoStore on a fresh moto table made from infra/template.yaml."""
    with mocked_aws() as client:
        make_table(client, name)
        yield DynamoStore(name, client)


@contextmanager
def store_of(kind: StoreKind, folder: Path) -> Iterator[Store]:
    """A fresh store of `kind`: a SQLite file in `folder`, or a table on moto made from the template."""
    if kind == "sqlite":
        with sqlite_store(folder / "puzzlebook.sqlite3") as sqlite:
            yield sqlite
    elif kind == "dynamodb":
        with dynamo_store() as dynamo:
            yield dynamo
    else:
        raise ValueError(f"no store kind {kind!r}: {', '.join(STORE_KINDS)}")


# The store tests' "now": a Monday morning, the site day 2026-11-02.
STORE_T0 = dt.datetime(2026, 11, 2, 9, 0, tzinfo=dt.UTC)


def record_test_solve(store: Any, pid: str, puzzle: str = "aB3dE", **overrides: Any) -> Any:
    """Keep a chess solve through the store with plain defaults (a clean 30-second solve of a Medium
    puzzle rated 1600, at STORE_T0, not a daily); `overrides` replace any of them. `daily`: the
    daily's day, posted on it."""
    args: dict[str, Any] = dict(
        puzzle_id=puzzle, band="Medium", moves=["e2e4"], mistakes=0, hints=0, seconds=30, puzzle_rating=1600,
        daily=None, now=STORE_T0,
    ) | overrides
    now, daily, on_boards = args.pop("now"), args.pop("daily"), args.pop("on_boards", True)
    post = SolvePost(**args, on=daily or now.date(), daily_of=daily)
    return ChessRecords(store).record_solve(pid, post, now, on_boards=on_boards)


def record_test_miss(store: Any, pid: str, puzzle: str = "aB3dE", **overrides: Any) -> Any:
    """Keep a chess miss the same way (a wrong first move of that puzzle, at STORE_T0)."""
    args: dict[str, Any] = dict(
        puzzle_id=puzzle, band="Medium", how="wrong", moves=["e2e4"], puzzle_rating=1600,
        daily=None, now=STORE_T0,
    ) | overrides
    now, daily, on_boards = args.pop("now"), args.pop("daily"), args.pop("on_boards", True)
    post = MissPost(**args, on=daily or now.date(), daily_of=daily)
    return ChessRecords(store).record_miss(pid, post, now, on_boards=on_boards)


class Clock:
    """A settable clock for create_app(clock=...): tests post "on" any site day."""

    def __init__(self, at: dt.datetime) -> None:
        self.at = at

    def __call__(self) -> dt.datetime:
        return self.at

    def advance(self, **delta: float) -> None:
        self.at += dt.timedelta(**delta)


_DISTS: Any = None  # this process's folder of the site-file folders below, removed as it exits


def _new_dist() -> str:
    """A new empty folder for a test's site files, inside one folder per test process that goes
    when the process ends: a folder of each of some 2,000 calls a run had stayed in /tmp for good."""
    import tempfile

    global _DISTS
    if _DISTS is None:
        _DISTS = tempfile.TemporaryDirectory(prefix="puzzlebook-test-dists-")
    return tempfile.mkdtemp(dir=_DISTS.name)


def request_models() -> list[Any]:
    """Every request body's model (functions.models.Request and its subclasses, from every module of
    functions/, those the app builds on demand among them), parents before their subclasses."""
    import importlib
    import pkgutil

    import functions
    from functions.models import Request

    for module in pkgutil.walk_packages(functions.__path__, "functions."):
        importlib.import_module(module.name)
    found: list[Any] = []
    waiting: list[Any] = [Request]
    while waiting:
        for model in waiting.pop(0).__subclasses__():
            if model not in found:
                found.append(model)
                waiting.append(model)
    return found


def cap_rated(monkeypatch: Any, most: int) -> None:
    """Rated results capped at `most` an hour (functions.plays.RATED) for the test: a small cap is
    reached quickly."""
    import dataclasses

    from functions import plays

    monkeypatch.setattr(plays, "RATED", dataclasses.replace(plays.RATED, most=most))


# Builds' compressed copies by content (sitebuild/compressed_cache.py), shared by the run's builds:
# tests/conftest.py names the folder; `make test` and `make check` empty it first.
COMPRESS_CACHE = "PUZZLEBOOK_COMPRESS_CACHE"


def build_env() -> dict[str, str]:
    """What a test's build reads from the run's environment: the compressed copies' folder."""
    return {COMPRESS_CACHE: os.environ.get(COMPRESS_CACHE, "")}


def settings_for_tests(**overrides: str) -> Any:
    """Settings for tests: a fixed test key, UTC, nothing read from the environment. A new account's
    results go on the boards at once (PUZZLEBOOK_NEW_ACCOUNT_DAYS 0), as the tests of boards make a
    player and look at once; tests/test_api_standing.py sets the site's own rule. The site's files
    (the boards' snapshots among them) go in a folder of their own, empty to begin with."""
    from service.settings import load

    defaults = {"SITE_KEY": "puzzlebook-test-key", "PUZZLEBOOK_NEW_ACCOUNT_DAYS": "0",
                "PUZZLEBOOK_DIST": _new_dist(), **build_env()}
    return load({**defaults, **overrides}, warn=False)


def signed_up(client: Any, name: str = "Ada") -> dict[str, str]:
    """Create a player through the API; the Authorization header that signs in as them."""
    made = client.post("/api/players", json={"name": name})
    assert made.status_code == 201, made.text
    return {"Authorization": f"Bearer {made.json()['token']}"}


# The results that carry a play ticket: their game, and the fields of the body that name what was
# opened (the body of POST /api/<game>/plays).
TICKETED = {
    "/api/chess/solves": ("chess", ("id", "band")),
    "/api/chess/misses": ("chess", ("id", "band")),
    "/api/chain/solves": ("chain", ("date",)),
    "/api/chain/giveups": ("chain", ("date",)),
}


def open_play(client: Any, path: str, body: Any, headers: dict[str, str]) -> str | None:
    """Open the puzzle that `body`, a result for `path`, is about (POST /api/<game>/plays): its
    ticket, or None when the body names nothing that can be opened (no such puzzle or day: the
    result is then refused for that, before any ticket is asked for)."""
    game, fields = TICKETED[path]
    if not isinstance(body, dict) or not all(f in body for f in fields):
        return None
    opened = client.post(f"/api/{game}/plays", json={f: body[f] for f in fields}, headers=headers)
    return str(opened.json()["ticket"]) if opened.status_code == 200 else None


def with_ticket(world: Any, path: str, body: Any, headers: dict[str, str]) -> Any:
    """`body`, a result for `path`, as a signed-in player's game sends it: the puzzle opened first
    (POST /api/<game>/plays, the ticket issued the body's `seconds` before now, plus one, on
    `world.clock`), the ticket carried. `world`: what `served` yields (a client and a Clock). A body
    that names its own `ticket` or `offline`, or names nothing that can be opened, goes as it is."""
    if not isinstance(body, dict) or "ticket" in body or body.get("offline"):
        return body
    seconds = body.get("seconds")
    # A result that claims no time (a miss, a give-up) is opened as it is posted; a time out of range
    # is refused for its shape (400) before any ticket is looked at.
    played = seconds + 1 if isinstance(seconds, int) and 0 < seconds <= 86_400 else 0
    back = dt.timedelta(seconds=played)
    world.clock.at -= back
    try:
        ticket = open_play(world.client, path, body, headers)
    finally:
        world.clock.at += back
    return body if ticket is None else {**body, "ticket": ticket}


def post_result(world: Any, path: str, body: Any, headers: dict[str, str]) -> Any:
    """Post a result as a signed-in player's game does (`with_ticket`)."""
    return world.client.post(path, json=with_ticket(world, path, body, headers), headers=headers)


@dataclass
class World:
    """The API served over a store at a settable clock, as `served` yields it: the store, the clock
    (`clock.advance(hours=1)` moves the site on), FastAPI's TestClient and the app's Context.

    A test whose world holds more (a teacher, a class, the day's rows) subclasses it with fields of
    its own and makes one with `grown`."""

    store: Store
    clock: Clock
    client: TestClient
    ctx: Context

    @property
    def kind(self) -> StoreKind:
        """The store's kind."""
        return "dynamodb" if isinstance(self.store, DynamoStore) else "sqlite"

    def publish(self, *boards: str) -> list[str]:
        """One round of the boards' publisher (service/boards/) on the test clock, as the local server's
        thread and the AWS job run it every 15 s, the app's snapshots read afresh after: a board's rows
        and a post's place come from them. `publish("/api/boards/ratings/chess", ...)` publishes only
        the boards served at those API paths (a dated one with its `?band=`): over moto a whole round
        reads some 400 partitions. The paths written."""
        return publish_boards(self.ctx, *boards)

    def grown(self, kind: type[W], **more: Any) -> W:
        """This world as `kind`, a subclass of World, with its own fields `more`."""
        return kind(**{f.name: getattr(self, f.name) for f in fields(World)}, **more)


W = TypeVar("W", bound=World)


@dataclass
class Signed(World):
    """A world with a player signed up (`me`: their Authorization header)."""

    me: dict[str, str]


@dataclass
class ChainDays(World):
    """A world whose store keeps Chain's days: {date: the day's row}."""

    rows: dict[str, Any]


@contextmanager
def served(store: Store, now: dt.datetime, settings: Any = None, **client: Any) -> Iterator[World]:
    """The API over `store` with the clock at `now`, through FastAPI's TestClient (`client`: its
    options, e.g. client=("198.51.100.7", 5000) for the caller's address; `settings`: other than
    settings_for_tests())."""
    from fastapi.testclient import TestClient

    from functions.app import create_app

    clock = Clock(now)
    app = create_app(settings or settings_for_tests(), store, clock=clock)
    with TestClient(app, **client) as test_client:
        yield World(store=store, clock=clock, client=test_client, ctx=app.state.ctx)


@contextmanager
def world_of(kind: StoreKind, folder: Path, now: dt.datetime, settings: Any = None) -> Iterator[World]:
    """The API served at `now` over a fresh store of `kind` (`store_of`; a SQLite file in `folder`)."""
    with store_of(kind, folder) as store, served(store, now, settings) as world:
        yield world


def snapshot_at(api_path: str) -> str:
    """Where the snapshot of the board at `api_path` is published: "/api/boards/chess/daily/<date>?band=Easy"
    -> "snapshots/chess/daily/<date>/Easy.json"."""
    from urllib.parse import parse_qs, urlsplit

    from service.boards.board import snapshot_path

    parts = urlsplit(api_path)
    band = parse_qs(parts.query).get("band", [None])[0]
    return snapshot_path(parts.path.removeprefix("/api"), band=band)


def publish_boards(ctx: Any, *boards: str) -> list[str]:
    """One round of the boards' publisher over an app's Context (its store, settings and clock), into
    the site's files the app reads its snapshots from; the app's snapshots read afresh after. The paths
    written. `boards`: the API paths of the only boards to publish (every live board when none)."""
    from service.boards.live import live_boards
    from service.boards.publisher import Publisher
    from service.boards.snapshot import Snapshots
    from service.publish import site_files

    only = {snapshot_at(board) for board in boards} or None
    if only is not None:  # a path naming no live board would publish nothing, and pass for an empty board
        live = {board.path for board in live_boards(ctx, ctx.clock())}
        assert only <= live, f"no live board at {sorted(only - live)}"
    written = Publisher(ctx.store, ctx.settings, site_files(ctx.settings), clock=ctx.clock).round(only)
    ctx.part(Snapshots.of).forget()
    return written


def http_event(
    method: str,
    path: str,
    body: Any = None,
    headers: dict[str, str] | None = None,
    *,
    source_ip: str = "192.0.2.1",
) -> dict[str, Any]:
    """An API Gateway HTTP API (payload 2.0) event, as CloudFront → API Gateway delivers it to the
    Lambda function. `source_ip` is requestContext.http.sourceIp: the address that connected to API
    Gateway (CloudFront's edge); `headers` as API Gateway passes them (lower-case names)."""
    raw = json.dumps(body).encode() if body is not None else b""
    return {
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": path,
        "rawQueryString": "",
        "headers": {"host": "puzzlebook.example", "content-type": "application/json", **(headers or {})},
        "requestContext": {
            "http": {
                "method": method,
                "path": path,
                "protocol": "HTTP/1.1",
                "sourceIp": source_ip,
                "userAgent": "pytest",
            },
            "stage": "$default",
            "requestId": "r1",
            "accountId": "123456789012",
            "apiId": "api",
            "domainName": "puzzlebook.example",
            "domainPrefix": "puzzlebook",
            "time": "02/Nov/2026:12:00:00 +0000",
            "timeEpoch": 1793620800000,
        },
        "isBase64Encoded": bool(raw),
        "body": base64.b64encode(raw).decode() if raw else None,
    }


class LambdaContext:
    """The little of Lambda's context object that Mangum reads."""

    function_name = "puzzlebook-api"
    aws_request_id = "r1"

    def get_remaining_time_in_millis(self) -> int:
        return 30_000


def call_lambda(handler: Any, event: dict[str, Any]) -> tuple[int, Any]:
    """Invoke a Lambda HTTP handler with `event`: (status, parsed JSON body)."""
    out = handler(event, LambdaContext())
    body = base64.b64decode(out["body"]) if out.get("isBase64Encoded") else out["body"].encode()
    return out["statusCode"], json.loads(body)


@contextmanager
def uvicorn_serving(app: Any, **options: Any) -> Iterator[str]:
    """`app` served over real HTTP by uvicorn on 127.0.0.1 (a free port), in a thread, for the
    duration: yields the base URL. `options` go to uvicorn.Config."""
    import threading
    import time

    import uvicorn

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", **options))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn didn't start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(10)
