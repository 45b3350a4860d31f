"""The local server: the built site from dist/ and the API under /api, in one
ASGI app for one uvicorn process.

Every response carries the site's security headers (the same ones CloudFront
adds in production, from ops/headers.py), and every file its
Cache-Control and Content-Type (ops/cache.py), so the browser tests see
what production serves. Folders serve their index.html; a folder asked for
without its slash is redirected to it; anything missing is 404.html with 404.
A dated path (ops/release.py: the daily files, the API's copies of them) whose
date hasn't begun anywhere yet (at UTC+14) is 404 with the release function's
JSON, as at the CDN, though the nightly may have staged the file already.

A text file is sent compressed when the request accepts it: the build's
Brotli copy (x.br) for `br`, else its gzip copy (x.gz), with Content-Encoding
and `Vary: Accept-Encoding` (sitebuild/compress.py writes them). A copy older
than its file (the file was rewritten by something that doesn't compress) is
never sent. The daily files have no copies (they grow with the days stored):
one is compressed as it is sent, at its kind's levels, as CloudFront compresses
every file in production, and kept in memory by its path, mtime and size
(`build.py fill` rewriting one is sent compressed too).
"""

from __future__ import annotations

import datetime as dt
import email.utils
import logging
import os
import threading
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any, Self
from urllib.parse import quote, unquote

from ops import release
from ops.cache import cache_control, content_type
from ops.headers import security_headers
from puzzlebook import languages
from sitebuild.compress import ENCODINGS, compressed, copied, is_text

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# uvicorn's options for the local server. No proxy headers: uvicorn would otherwise take the client's
# address from X-Forwarded-For whenever the peer is 127.0.0.1 (here, every client), and a client
# could then pick the address its per-address limits count against (functions/clients.py).
# A live room's message is at most 2 KB (service/live/service.py): 64 KB frames are refused unread.
UVICORN_OPTIONS: dict[str, Any] = {"proxy_headers": False, "ws_max_size": 65_536}
LIVE_PATH = "/live"


class OneAddress(logging.Filter):
    """Leaves out uvicorn's own "Uvicorn running on http://127.0.0.1:PORT" line, so the local server
    says one address, the site's (http://localhost:PORT: passkeys refuse an IP address). Added to
    the "uvicorn.error" logger, which uvicorn says it on."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("Uvicorn running on")


def _utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class _Loop:
    """A job of the local server's in a daemon thread of its own (`_run`, which waits on `_stop`),
    from `start` until `stop`."""

    name = "loop"

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)

    def start(self) -> Self:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop after the run under way (if any), and wait for it."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def _run(self) -> None:
        raise NotImplementedError


class SnapshotLoop(_Loop):
    """The boards' publisher (service/boards/publisher.py) in a thread of the local server: a round
    at the start, then one every `every` seconds, until `stop`. A round that fails (the store busy,
    say) is logged and the next one tries again."""

    name = "snapshots"

    def __init__(self, publisher: Any, every: float | None = None) -> None:
        self.publisher = publisher
        self.every = publisher.every if every is None else every
        self.rounds = 0
        super().__init__()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.publisher.round()
            except Exception:  # logged; the next round tries again
                logging.getLogger("puzzlebook.snapshots").exception("a snapshot round failed")
            self.rounds += 1
            self._stop.wait(self.every)


class NightlyLoop(_Loop):
    """The nightly job in a thread of the local server, as the schedule runs it on AWS: `job(now)` at
    each of `next_run(now)` until `stop` (service/nightly.py, `next_nightly`: 23:00 in the site's
    zone). So a `make serve` left running keeps each game's days ahead and stages the next date's
    files before it begins, as it did once when it started. A run that fails is logged; the next
    night's tries again."""

    name = "nightly"

    def __init__(self, job: Callable[[dt.datetime], Any], next_run: Callable[[dt.datetime], dt.datetime],
                 clock: Callable[[], dt.datetime] = _utc_now) -> None:
        self.job = job
        self.next_run = next_run
        self.clock = clock
        self.runs = 0
        super().__init__()

    def _run(self) -> None:
        while not self._stop.is_set():
            at = self.next_run(self.clock())
            # Waits in steps of at most a minute, so a clock that jumps (a laptop asleep) is caught up.
            while (wait := (at - self.clock()).total_seconds()) > 0:
                if self._stop.wait(min(wait, 60)):
                    return
            try:
                self.job(self.clock())
            except Exception:  # logged; the next night's run tries again
                logging.getLogger("puzzlebook.nightly").exception("the nightly run failed")
            self.runs += 1


class SiteServer:
    """An ASGI app serving `dist` with `api` (an ASGI app, e.g. the FastAPI app) under /api; the
    release rule (ops/release.py) reads the time from `clock`."""

    def __init__(self, dist: Path, api: ASGIApp, *, clock: Callable[[], dt.datetime] = _utc_now) -> None:
        self.dist = Path(dist).resolve()
        self.api = api
        self.clock = clock
        self.headers = [(k.lower().encode(), v.encode()) for k, v in security_headers().items()]
        self.compressed = CompressedNow()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.api(scope, receive, send)
            return
        if scope["type"] == "websocket":
            if scope.get("path") == LIVE_PATH:  # the live rooms' route (functions/live/local.py)
                await self.api(scope, receive, send)
            else:
                await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] != "http":
            return
        path = scope.get("path", "/")
        if release.applies(path):
            raw = scope.get("raw_path") or path.encode()
            day = release.refused(raw.decode("latin-1") + " " + path, self.clock())
            if day is not None:
                await self._respond(send, 404, release.refusal_body(day), [
                    (b"content-type", b"application/json; charset=utf-8"), (b"cache-control", b"no-store")])
                return
        if path == "/api" or path.startswith("/api/"):
            await self._api(scope, receive, send)
        else:
            await self._static(scope, send)

    async def _api(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    (name, value) for name, value in self.headers if name not in have
                ]
            await send(message)

        await self.api(scope, receive, with_headers)

    def _find(self, path: str) -> tuple[Path | None, str | None]:
        """The file for URL `path`, or a redirect target for a folder without its slash."""
        rel = unquote(path).lstrip("/")
        if "\0" in rel or any(part in ("..", ".") for part in rel.split("/")):
            return None, None
        target = (self.dist / rel).resolve()
        if target != self.dist and self.dist not in target.parents:
            return None, None
        if target.is_dir():
            if not path.endswith("/"):
                # The folder's own address, escaped, with one slash in front: never the path as asked,
                # which may start "//" (or "/%2F") and so name another host to the browser.
                return None, "/" + quote(rel) + "/"
            target = target / "index.html"
        return (target if target.is_file() else None), None

    async def _static(self, scope: Scope, send: Send) -> None:
        method = scope.get("method", "GET")
        if method not in ("GET", "HEAD"):
            await self._respond(send, 405, b"Method Not Allowed", [(b"allow", b"GET, HEAD"),
                                                                    (b"content-type", b"text/plain")])
            return
        request = dict(scope.get("headers", []))
        if scope.get("path") == "/":
            # The root sends a visitor to their language, as the CDN's function does (docs/languages.md).
            language_home = languages.root_redirect(request.get(b"accept-language", b"").decode("latin-1"),
                                                    request.get(b"cookie", b"").decode("latin-1"))
            if language_home:
                await self._respond(send, 302, b"", [(b"location", language_home.encode()),
                                                     (b"cache-control", b"private, no-store")])
                return
        target, redirect = self._find(scope.get("path", "/"))
        if redirect:
            query = scope.get("query_string", b"")
            location = redirect + ("?" + query.decode("latin-1") if query else "")
            await self._respond(send, 308, b"", [(b"location", location.encode())])
            return
        status = 200
        if target is None:
            # The missing page's language's own 404 page (/es/x: es/404.html), else English's.
            language, _ = languages.strip_prefix(scope.get("path", "/"))
            status, target = 404, self.dist / language.prefix.lstrip("/") / "404.html"
            if not target.is_file():
                target = self.dist / "404.html"
            if not target.is_file():
                await self._respond(send, 404, b"Not Found", [(b"content-type", b"text/plain")])
                return
        rel = target.relative_to(self.dist).as_posix()
        stat = target.stat()
        sent, encoding, body = target, None, None
        if is_text(rel):
            accept = request.get(b"accept-encoding", b"")
            if copied(rel):
                sent, encoding = _compressed_copy(target, stat.st_mtime_ns, accept)
            else:
                body, encoding = self.compressed.of(rel, target, stat, accept)
        sent_size = len(body) if body is not None else sent.stat().st_size if encoding else stat.st_size
        etag = f'"{stat.st_mtime_ns:x}-{sent_size:x}{"-" + encoding if encoding else ""}"'
        headers = [
            (b"content-type", content_type(rel).encode()),
            (b"cache-control", (cache_control(rel) if status == 200 else "no-cache").encode()),
            (b"etag", etag.encode()),
            (b"last-modified", email.utils.formatdate(stat.st_mtime, usegmt=True).encode()),
        ]
        if is_text(rel):
            headers.append((b"vary", b"Accept-Encoding"))
        if encoding:
            headers.append((b"content-encoding", encoding.encode()))
        if status == 200 and request.get(b"if-none-match", b"").decode("latin-1") == etag:
            await self._respond(send, 304, b"", headers[1:], head=True)
            return
        if body is None:
            body = sent.read_bytes()
        await self._respond(send, status, body, headers, head=method == "HEAD")

    async def _respond(self, send: Send, status: int, body: bytes, headers: list[tuple[bytes, bytes]],
                       *, head: bool = False) -> None:
        await send({
            "type": "http.response.start",
            "status": status,
            "headers": [*headers, (b"content-length", str(len(body)).encode()), *self.headers],
        })
        await send({"type": "http.response.body", "body": b"" if head else body})


def accepted_encodings(header: bytes) -> set[str]:
    """The content codings an Accept-Encoding header allows (those not refused with q=0), lowercased.

    >>> sorted(accepted_encodings(b"gzip, deflate, br;q=0.5"))
    ['br', 'deflate', 'gzip']
    >>> sorted(accepted_encodings(b"br;q=0, gzip"))
    ['gzip']
    """
    allowed = set()
    for item in header.decode("latin-1").split(","):
        name, _, params = item.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if name and quality > 0:
            allowed.add(name.strip().lower())
    return allowed


class CompressedNow:
    """The text files the build leaves uncompressed (the daily files: sitebuild/compress.py), each
    compressed as it is sent, the last `keep` kept by path, mtime, size and coding."""

    def __init__(self, keep: int = 256) -> None:
        self.keep = keep
        self._made: dict[tuple[str, int, int, str], bytes] = {}

    def of(self, rel: str, target: Path, stat: os.stat_result,
           accept: bytes) -> tuple[bytes | None, str | None]:
        """The file `target` (at `rel` under dist/, as `stat` found it) compressed in the coding
        this Accept-Encoding prefers, and the coding; (None, None) when none is accepted."""
        allowed = accepted_encodings(accept)
        for suffix, coding in ENCODINGS:
            if coding in allowed or "*" in allowed:
                key = (rel, stat.st_mtime_ns, stat.st_size, coding)
                made = self._made.pop(key, None)
                if made is None:
                    data = target.read_bytes()
                    if len(data) != stat.st_size:  # rewritten since it was found: sent as it is now
                        return None, None
                    try:
                        made = compressed(data, rel, (suffix,))[suffix]
                    except ImportError:  # no Brotli (a server without the build's packages): gzip
                        continue
                self._made[key] = made  # the latest last
                while len(self._made) > self.keep:
                    del self._made[next(iter(self._made))]
                return made, coding
        return None, None


def _compressed_copy(target: Path, mtime_ns: int, accept: bytes) -> tuple[Path, str | None]:
    """The compressed copy of `target` to send for this Accept-Encoding and its coding, or `target`
    itself and None (nothing accepted, or no copy at least as new as the file)."""
    allowed = accepted_encodings(accept)
    for suffix, coding in ENCODINGS:
        if coding in allowed or "*" in allowed:
            copy = target.with_name(target.name + suffix)
            try:
                if copy.stat().st_mtime_ns >= mtime_ns:
                    return copy, coding
            except FileNotFoundError:
                continue
    return target, None
