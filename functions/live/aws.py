"""The AWS transport: the Lambda behind API Gateway's WebSocket API (infra/template.yaml, LiveApi and
LiveFunction), calling the same room interface as the local route (service/live/service.py).

- `$connect`: the player from the token offered as a subprotocol (functions/live/auth.py); refused
  (401) without one, else accepted with the protocol's name in Sec-WebSocket-Protocol.
- `$disconnect`: the connection leaves its room.
- `$default`: every message. The rooms send through the API Gateway Management API
  (`post_to_connection`, to the stage's own endpoint); a connection found gone (410) is forgotten.
  A broadcast the fan-out rule holds is sent by the same invocation at its due time (it waits at
  most puzzlebook/live/fanout.py's WINDOW_MS).

What an invocation needs is made once per container, at its first event: the settings (the site key
from SSM), the store and the rooms. Environment as functions/handler.py's, and PUZZLEBOOK_LIVE_ENDPOINT,
the Management API's endpoint (https://<api>.execute-api.<region>.amazonaws.com/<stage>; by default
the event's own domain and stage).
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from typing import Any

from functions.live.auth import PROTOCOL, language_offered, player_of
from puzzlebook.live.fanout import WINDOW_MS
from service.context import Context
from service.live.hub import Later
from service.live.service import Live
from service.settings import load
from service.store import open_store

log = logging.getLogger("puzzlebook.live")

# How long a move ahead of its racer waits for the one before it (two messages of one connection
# may reach two invocations in either order).
PATIENCE_MS = 400


class ManagementSender:
    """Sends through the API Gateway Management API of `endpoint`."""

    def __init__(self, endpoint: str, client: Any = None) -> None:
        self.endpoint = endpoint
        self._client = client

    @property
    def client(self) -> Any:
        if self._client is None:
            import boto3

            self._client = boto3.client("apigatewaymanagementapi", endpoint_url=self.endpoint)
        return self._client

    def send(self, conn: str, text: str) -> bool:
        from botocore.exceptions import ClientError

        try:
            self.client.post_to_connection(ConnectionId=conn, Data=text.encode("utf-8"))
        except ClientError as exc:
            code = exc.response.get("Error", {}).get("Code")
            if code in ("GoneException", "410"):
                return False
            # Throttled or failing: this message is lost (the room's next state carries what it said),
            # the connection kept, the others in the room still told.
            log.warning("post_to_connection %s failed: %s", conn, code)
        return True


class LambdaRooms:
    """The rooms of one Lambda container: `__call__` is the handler."""

    def __init__(self, ctx: Context, endpoint: str | None = None, client: Any = None) -> None:
        self.ctx = ctx
        self.endpoint = endpoint
        self.client = client
        self.sleep: Callable[[float], None] = time.sleep  # how it waits (the scale model counts it)
        self._live: Live | None = None

    def live(self, event: dict[str, Any]) -> Live:
        if self._live is None:
            context = event.get("requestContext", {})
            endpoint = self.endpoint or f"https://{context.get('domainName')}/{context.get('stage')}"
            self._live = Live(self.ctx, ManagementSender(endpoint, self.client),
                              wait=lambda seconds: self.sleep(seconds), patience_ms=PATIENCE_MS)
        return self._live

    def __call__(self, event: dict[str, Any], context: Any = None) -> dict[str, Any]:
        request = event.get("requestContext", {})
        route, conn = request.get("routeKey"), str(request.get("connectionId", ""))
        live = self.live(event)
        if route == "$connect":
            headers = {k.lower(): v for k, v in (event.get("headers") or {}).items()}
            header = headers.get("sec-websocket-protocol")
            player = player_of(self.ctx.store, header)
            if player is None:
                return {"statusCode": 401}
            lang = language_offered(header, headers.get("accept-language"))
            live.connect(conn, player.id, player.name, lang)
            return {"statusCode": 200, "headers": {"Sec-WebSocket-Protocol": PROTOCOL}}
        if route == "$disconnect":
            self._hold(live, live.disconnect(conn))
            return {"statusCode": 200}
        body = event.get("body") or ""
        if event.get("isBase64Encoded"):
            import base64

            body = base64.b64decode(body).decode("utf-8", "replace")
        for later in live.receive(conn, body):
            self._hold(live, later)
        return {"statusCode": 200}

    def _hold(self, live: Live, later: Later | None) -> None:
        """Send a held broadcast at its due time, waiting for it here (at most a fan-out window)."""
        if later is None:
            return
        wait = min(later.due - live.hub.now(), WINDOW_MS) / 1000
        if wait > 0:
            self.sleep(wait)
        live.flush(later)


def _ssm_parameter(name: str) -> str:
    import boto3

    got = boto3.client("ssm").get_parameter(Name=name, WithDecryption=True)
    return str(got["Parameter"]["Value"])


_rooms: LambdaRooms | None = None


def _reseed_after_restore() -> None:
    """SnapStart resumes every instance from one snapshot: `random` (the store's retry jitter) is seeded
    again from the OS after each restore, as functions/handler.py does for the API."""
    try:
        from snapshot_restore_py import register_after_restore
    except ImportError:  # not on Lambda
        return
    import random

    register_after_restore(random.seed)


_reseed_after_restore()


def handler(event: dict[str, Any], context: Any = None) -> dict[str, Any]:
    """The Lambda entry point (infra/template.yaml's LiveFunction)."""
    global _rooms
    if _rooms is None:
        settings = load(fetch_parameter=_ssm_parameter)
        ctx = Context(store=open_store(settings.store_url), settings=settings)
        _rooms = LambdaRooms(ctx, os.environ.get("PUZZLEBOOK_LIVE_ENDPOINT") or None)
    return _rooms(event, context)
