"""The live rooms' two transports, driven the same way by the contract suite (tests/test_live_contract.py)
and the load bench: a `Transport` makes players and opens connections; a `Client` sends a message and
receives the next of a type.

- "local": the app's own WebSocket route (/live) under a real uvicorn, over SQLite, real WebSockets
  (the `websockets` package's client), with the handshake's subprotocols as a browser sends them;
- "aws": the Lambda handler of API Gateway's WebSocket API (functions/live/aws.py) called with the
  events API Gateway sends ($connect with the handshake's headers, $default, $disconnect), over
  DynamoDB under moto, its messages posted through moto's API Gateway Management API and read back
  from moto's record of each connection.

Both run on a test clock (`clock`): a test moves time on (a countdown, a race's 90 s) without waiting.
"""

from __future__ import annotations

import datetime as dt
import json
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any, Protocol
from urllib.parse import quote

from functions.auth import new_secret, token_of
from functions.live.auth import PROTOCOL
from tests.support import Clock, dynamo_store, settings_for_tests, sqlite_store, uvicorn_serving

T0 = dt.datetime(2026, 12, 7, 18, 0, tzinfo=dt.UTC)
# Seconds a test waits for a message before it fails: a stuck room's deadline, not a speed test (on a
# loaded machine a race's messages took over 5).
WAIT = 20.0


class Refused(Exception):
    """The handshake was refused."""


class Client(Protocol):
    def send(self, message: dict[str, Any]) -> None: ...
    def receive(self, kind: str, timeout: float = WAIT,
                where: Callable[[dict[str, Any]], bool] | None = None) -> dict[str, Any]: ...
    def received(self) -> list[dict[str, Any]]: ...
    def close(self) -> None: ...



class Buffered:
    """A client's messages as they came, each taken by the first `receive` asking for its type."""

    def __init__(self) -> None:
        self.buffer: list[dict[str, Any]] = []

    def _more(self, timeout: float) -> bool:
        raise NotImplementedError

    def receive(self, kind: str, timeout: float = WAIT,
                where: Callable[[dict[str, Any]], bool] | None = None) -> dict[str, Any]:
        """The next message of type `kind` (with `where`: the next such that `where` holds; those of that
        type before it are passed over, taken)."""
        deadline = time.monotonic() + timeout
        while True:
            found = self._take(kind, where)
            if found is not None:
                return found
            left = deadline - time.monotonic()
            if left <= 0 or not self._more(left):
                raise AssertionError(f"no {kind!r} came; had {[m.get('t') for m in self.buffer]}: "
                                     f"{self.buffer[-3:]}")

    def _take(self, kind: str, where: Callable[[dict[str, Any]], bool] | None) -> dict[str, Any] | None:
        while True:
            k = next((k for k, m in enumerate(self.buffer) if m.get("t") == kind), None)
            if k is None:
                return None
            message = self.buffer.pop(k)
            if where is None or where(message):
                return message

    def received(self) -> list[dict[str, Any]]:
        """Every message that came so far and wasn't taken (a short look, no waiting)."""
        while self._more(0.05):
            pass
        return list(self.buffer)


class Transport(Protocol):
    name: str
    clock: Clock
    store: Any
    ctx: Any

    def player(self, name: str) -> tuple[str, str]: ...
    def connect(self, token: str | None, protocols: list[str] | None = None) -> Client: ...


def make_player(store: Any, name: str, now: dt.datetime) -> tuple[str, str]:
    """A player in the store: (id, token)."""
    secret, hashed = new_secret()
    player = store.create_player(name, hashed, now)
    return player.id, token_of(player.id, secret)


def offered(token: str | None, protocols: list[str] | None) -> list[str]:
    if protocols is not None:
        return protocols
    return [PROTOCOL] + ([f"token.{token}"] if token else [])


# ---------------------------------------------------------------- local: uvicorn and real WebSockets


class LocalClient(Buffered):
    def __init__(self, socket: Any) -> None:
        super().__init__()
        self.socket = socket

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send(json.dumps(message))

    def _more(self, timeout: float) -> bool:
        try:
            text = self.socket.recv(timeout=timeout)
        except TimeoutError:
            return False
        self.buffer.append(json.loads(text))
        return True

    def close(self) -> None:
        self.socket.close()


class LocalTransport:
    name = "local"

    def __init__(self, base: str, app: Any, clock: Clock) -> None:
        self.url = base.replace("http://", "ws://") + "/live"
        self.app, self.clock = app, clock
        self.ctx = app.state.ctx
        self.store = self.ctx.store
        self.stack = ExitStack()  # the connections, closed at the end

    def player(self, name: str) -> tuple[str, str]:
        return make_player(self.store, name, self.clock())

    def connect(self, token: str | None, protocols: list[str] | None = None) -> Client:
        from websockets.exceptions import InvalidStatus
        from websockets.sync.client import connect

        try:
            socket = self.stack.enter_context(
                connect(self.url, subprotocols=offered(token, protocols), open_timeout=WAIT))  # type: ignore[arg-type]
        except InvalidStatus as refused:
            raise Refused(str(refused.response.status_code)) from None
        return LocalClient(socket)


@contextmanager
def local_transport(tmp_path: Any) -> Iterator[LocalTransport]:
    from functions.app import create_app
    from ops.server import UVICORN_OPTIONS

    clock = Clock(T0)
    with sqlite_store(tmp_path / "live.sqlite3") as store:
        app = create_app(settings_for_tests(), store, clock=clock)
        with uvicorn_serving(app, ws_max_size=UVICORN_OPTIONS["ws_max_size"]) as base:
            transport = LocalTransport(base, app, clock)
            with transport.stack:
                yield transport


# ---------------------------------------------------------------- aws: the Lambda and moto's Management API

ENDPOINT = "https://live.execute-api.us-east-1.amazonaws.com/live"


class AwsClient(Buffered):
    def __init__(self, transport: AwsTransport, conn: str) -> None:
        super().__init__()
        self.transport, self.conn, self.read = transport, conn, 0

    def send(self, message: dict[str, Any]) -> None:
        self.transport.event("$default", self.conn, body=json.dumps(message))

    def _more(self, timeout: float) -> bool:
        data = self.transport.posted(self.conn)
        if len(data) == self.read:
            return False
        text, decoder = data[self.read:].decode("utf-8"), json.JSONDecoder()
        at = 0
        while at < len(text):
            message, at = decoder.raw_decode(text, at)
            self.buffer.append(message)
        self.read = len(data)
        return True

    def close(self) -> None:
        self.transport.event("$disconnect", self.conn)


class AwsTransport:
    name = "aws"

    def __init__(self, store: Any, clock: Clock) -> None:
        import boto3

        from functions.live.aws import LambdaRooms
        from service.context import Context

        self.store, self.clock = store, clock
        self.ctx = Context(store=store, settings=settings_for_tests(), clock=clock)
        client = boto3.client("apigatewaymanagementapi", endpoint_url=ENDPOINT, region_name="us-east-1")
        self.handler = LambdaRooms(self.ctx, ENDPOINT, client)
        self.count = 0

    def player(self, name: str) -> tuple[str, str]:
        return make_player(self.store, name, self.clock())

    def event(self, route: str, conn: str, body: str | None = None,
              headers: dict[str, str] | None = None) -> dict[str, Any]:
        event: dict[str, Any] = {
            "requestContext": {"routeKey": route, "connectionId": conn, "eventType": route.strip("$").upper(),
                               "domainName": "live.execute-api.us-east-1.amazonaws.com", "stage": "live"},
            "isBase64Encoded": False,
        }
        if body is not None:
            event["body"] = body
        if headers is not None:
            event["headers"] = headers
        answer: dict[str, Any] = self.handler(event, None)
        return answer

    def posted(self, conn: str) -> bytes:
        from moto.apigatewaymanagementapi.models import apigatewaymanagementapi_backends

        backend = apigatewaymanagementapi_backends["123456789012"]["us-east-1"]
        # moto keeps a connection under its id as the request's path has it: "=" escaped.
        for key in (conn, quote(conn, safe="")):
            if key in backend.connections:
                return bytes(backend.connections[key].data)
        return b""

    def connect(self, token: str | None, protocols: list[str] | None = None) -> Client:
        self.count += 1
        conn = f"conn{self.count}="  # API Gateway's ids end in "="
        headers = {"Sec-WebSocket-Protocol": ", ".join(offered(token, protocols)), "Host": "live.example"}
        answer = self.event("$connect", conn, headers=headers)
        if answer["statusCode"] != 200:
            raise Refused(str(answer["statusCode"]))
        assert answer["headers"]["Sec-WebSocket-Protocol"] == PROTOCOL
        return AwsClient(self, conn)


@contextmanager
def aws_transport() -> Iterator[AwsTransport]:
    with dynamo_store() as store:
        yield AwsTransport(store, Clock(T0))


@contextmanager
def transport_named(name: str, tmp_path: Any) -> Iterator[Transport]:
    if name == "local":
        with local_transport(tmp_path) as local:
            yield local
    else:
        with aws_transport() as aws:
            yield aws
