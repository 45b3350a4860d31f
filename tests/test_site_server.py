"""The local server (ops/server.py) over real HTTP semantics: files,
folders, 404s, conditional requests, cache and security headers, and /api."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx2
import pytest

from ops.headers import security_headers
from ops.server import SiteServer


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("dist")
    (root / "index.html").write_text("<h1>home</h1>")
    (root / "404.html").write_text("<h1>not in the book</h1>")
    (root / "about").mkdir()
    (root / "about/index.html").write_text("<h1>about</h1>")
    (root / "static/0123456789").mkdir(parents=True)
    (root / "static/0123456789/app.js").write_text("export {}")
    (root / "shards/Easy").mkdir(parents=True)
    (root / "shards/Easy/0.0123456789ab.json").write_text("[]")
    (root / "shards/index.json").write_text("{}")
    (root / "sw.js").write_text("//")
    (root.parent / "secret.txt").write_text("outside the site")
    return root


class Client:
    """Plain requests to an ASGI app, through httpx2's ASGI transport (no redirects followed)."""

    def __init__(self, app) -> None:
        self.app = app

    def request(self, method: str, path: str, **kwargs) -> httpx2.Response:
        async def go() -> httpx2.Response:
            transport = httpx2.ASGITransport(app=self.app)
            async with httpx2.AsyncClient(transport=transport, base_url="http://testserver") as client:
                return await client.request(method, path, **kwargs)

        return asyncio.run(go())

    def get(self, path: str, **kwargs) -> httpx2.Response:
        return self.request("GET", path, **kwargs)

    def head(self, path: str, **kwargs) -> httpx2.Response:
        return self.request("HEAD", path, **kwargs)

    def post(self, path: str, **kwargs) -> httpx2.Response:
        return self.request("POST", path, **kwargs)


async def echo_api(scope, receive, send):
    headers = [(b"content-type", b"application/json")]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b'{"path": "' + scope["path"].encode() + b'"}'})


@pytest.fixture
def client(dist: Path) -> Client:
    return Client(SiteServer(dist, api=echo_api))


def test_pages_and_folders(client):
    assert client.get("/").text == "<h1>home</h1>"
    assert client.get("/about/").text == "<h1>about</h1>"
    moved = client.get("/about?x=1")
    assert moved.status_code == 308 and moved.headers["location"] == "/about/?x=1"
    assert client.get("/").headers["content-type"] == "text/html; charset=utf-8"


def _raw_get(base: str, target: str) -> tuple[int, str | None]:
    """GET `target` as the request line's own bytes (an HTTP client would tidy "//x" away): the
    status and the Location header."""
    import socket
    from urllib.parse import urlsplit

    where = urlsplit(base)
    with socket.create_connection((where.hostname, where.port), timeout=10) as conn:
        conn.sendall(f"GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in head[1:])
    lowered = {name.lower(): value for name, value in headers.items()}
    return int(head[0].split()[1]), lowered.get("location")


def test_a_folder_redirect_never_leaves_the_site(dist):
    from tests.redirects import browser_goes_to, hostile_paths
    from tests.support import uvicorn_serving

    site = "http://localhost"
    with uvicorn_serving(SiteServer(dist, api=echo_api)) as base:
        answers = {path: _raw_get(base, path) for path in [*hostile_paths(), "//about?x=1"]}
    moved = {path: location for path, (status, location) in answers.items() if status == 308}
    assert moved, "a folder asked for without its slash is redirected"
    origins = browser_goes_to(list(moved.values()), base=site)
    away = {path: moved[path] for path, origin in zip(moved, origins, strict=True) if origin != site}
    assert not away, away
    # The folder's own address instead, however many slashes (or escaped ones) came first.
    assert moved["//about"] == moved["/%2F/about"] == "/about/"
    assert moved["//about?x=1"] == "/about/?x=1"


def test_anything_missing_is_the_404_page(client):
    outside = ("/../secret.txt", "/%2e%2e/secret.txt", "/about/../../secret.txt", "/%2E%2E%2Fsecret.txt")
    for path in ("/nope", "/static/0123456789/nope.js", *outside):
        answer = client.get(path)
        assert answer.status_code == 404, path
        assert answer.text == "<h1>not in the book</h1>"


def test_every_response_carries_the_security_headers(dist):
    client = Client(SiteServer(dist, api=echo_api))
    for path in ("/", "/nope", "/about", "/sw.js", "/api/anything"):
        answer = client.get(path)
        for name, value in security_headers().items():
            assert answer.headers[name] == value, (path, name)


def test_cache_headers_follow_the_cache_rules(client):
    year = "public, max-age=31536000, immutable"
    assert client.get("/static/0123456789/app.js").headers["cache-control"] == year
    assert client.get("/shards/Easy/0.0123456789ab.json").headers["cache-control"].endswith("immutable")
    assert client.get("/shards/index.json").headers["cache-control"] == "public, max-age=300"
    assert client.get("/sw.js").headers["cache-control"] == "no-cache"
    assert "must-revalidate" in client.get("/").headers["cache-control"]
    assert client.get("/nope").headers["cache-control"] == "no-cache"
    assert client.get("/static/0123456789/app.js").headers["content-type"].startswith("text/javascript")


def test_a_known_etag_gets_304_and_head_gets_headers_only(client):
    first = client.get("/about/")
    again = client.get("/about/", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    head = client.head("/about/")
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-length"] == str(len(first.content))


def test_only_get_and_head(client):
    answer = client.post("/", content=b"x")
    assert answer.status_code == 405 and answer.headers["allow"] == "GET, HEAD"


def test_the_api_answers_under_api(client):
    assert client.get("/api/health").json() == {"path": "/api/health"}
    assert client.get("/api").json() == {"path": "/api"}


@pytest.fixture
def compressed_site(tmp_path: Path) -> Client:
    """A page and a script written by the build's own Output, so each has its .br and .gz copies."""
    from sitebuild.output import Output

    out = Output(tmp_path)
    out.write("index.html", "<h1>home</h1>" + "<p>a page of words</p>" * 200)
    out.write("static/0123456789/app.js", "export const words = '" + "chess " * 300 + "'\n")
    out.write("static/0123456789/img/icon.png", b"\x89PNG" + bytes(2000))
    return Client(SiteServer(tmp_path, api=echo_api))


def test_text_files_go_compressed_as_the_request_accepts(compressed_site):
    import gzip

    import brotli

    page = compressed_site.get("/", headers={"Accept-Encoding": "identity"})
    plain = page.content
    assert "content-encoding" not in page.headers and page.headers["vary"] == "Accept-Encoding"
    cases = {
        "gzip, deflate, br, zstd": ("br", brotli.decompress),
        "gzip;q=1.0, br;q=0": ("gzip", gzip.decompress),
        "deflate, gzip": ("gzip", gzip.decompress),
        "*": ("br", brotli.decompress),
    }
    for accept, (coding, decompress) in cases.items():
        raw = compressed_site.request("GET", "/", headers={"Accept-Encoding": accept}, extensions={})
        # httpx decodes what it understands: compare the decoded body, and the header as sent.
        assert raw.headers["content-encoding"] == coding, accept
        assert raw.headers["vary"] == "Accept-Encoding"
        assert raw.content == plain
        assert int(raw.headers["content-length"]) < len(plain) / 5, accept
        assert decompress((compressed_site.app.dist / ("index.html" + (".br" if coding == "br" else ".gz")))
                          .read_bytes()) == plain
    script = compressed_site.get("/static/0123456789/app.js", headers={"Accept-Encoding": "br"})
    assert script.headers["content-encoding"] == "br"
    assert script.headers["content-type"].startswith("text/javascript")
    image = compressed_site.get("/static/0123456789/img/icon.png", headers={"Accept-Encoding": "br, gzip"})
    assert "content-encoding" not in image.headers and "vary" not in image.headers


def test_each_coding_has_its_own_etag_and_304(compressed_site):
    br = compressed_site.get("/", headers={"Accept-Encoding": "br"})
    plain = compressed_site.get("/", headers={"Accept-Encoding": "identity"})
    assert br.headers["etag"] != plain.headers["etag"]
    again = compressed_site.get("/", headers={"Accept-Encoding": "br", "If-None-Match": br.headers["etag"]})
    assert again.status_code == 304
    asked = {"Accept-Encoding": "identity", "If-None-Match": br.headers["etag"]}
    other = compressed_site.get("/", headers=asked)
    assert other.status_code == 200 and "content-encoding" not in other.headers


def test_a_copy_older_than_its_file_is_never_sent(compressed_site):
    """`build.py fill` rewrites a daily file without compressing it: the old copies must not be sent."""
    import os

    page = compressed_site.app.dist / "index.html"
    page.write_text("<h1>the new home</h1>")
    copy = page.with_name("index.html.br")
    os.utime(copy, ns=(page.stat().st_mtime_ns - 10**9,) * 2)
    os.utime(page.with_name("index.html.gz"), ns=(page.stat().st_mtime_ns - 10**9,) * 2)
    answer = compressed_site.get("/", headers={"Accept-Encoding": "br, gzip"})
    assert "content-encoding" not in answer.headers
    assert answer.text == "<h1>the new home</h1>"


def test_a_daily_file_goes_compressed_as_it_is_sent(tmp_path: Path) -> None:
    """The build writes no copies of the daily files (they grow with the days stored): the server
    compresses one as it sends it, at its kind's levels (sitebuild/compress.py), and a file
    rewritten since (`build.py fill`) is sent as it is now."""
    import gzip
    import os

    import brotli

    from sitebuild.output import Output

    rel = "daily/storm/2026-01-01.json"
    puzzles = ",".join(['["abc","8/8/8 w - - 0 1","e2e4",1500]'] * 60)
    Output(tmp_path).write(rel, '{"puzzles":[' + puzzles + "]}")
    path = tmp_path / rel
    assert not path.with_name(path.name + ".br").exists() and not path.with_name(path.name + ".gz").exists()
    site = Client(SiteServer(tmp_path, api=echo_api))
    plain = site.get("/" + rel, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.headers["vary"] == "Accept-Encoding"
    for accept, coding in (("br, gzip", "br"), ("gzip", "gzip")):
        raw = site.request("GET", "/" + rel, headers={"Accept-Encoding": accept}, extensions={})
        # httpx decodes what it understands: the decoded body, and the header as sent.
        assert raw.headers["content-encoding"] == coding
        assert raw.content == plain.content
        assert int(raw.headers["content-length"]) < len(plain.content) / 5
        again = site.get("/" + rel, headers={"Accept-Encoding": accept, "If-None-Match": raw.headers["etag"]})
        assert again.status_code == 304
    for accept, decompress in ((b"br", brotli.decompress), (b"gzip", gzip.decompress)):
        sent = site.app.compressed.of(rel, path, path.stat(), accept)[0]
        assert sent is not None and decompress(sent) == path.read_bytes()
    path.write_text('{"puzzles":[]}')
    os.utime(path, ns=(path.stat().st_mtime_ns + 10**9,) * 2)
    answer = site.get("/" + rel, headers={"Accept-Encoding": "br"})
    assert answer.headers["content-encoding"] == "br" and answer.text == '{"puzzles":[]}'


def test_a_staged_file_is_refused_until_its_day_begins_in_the_sites_zone(tmp_path: Path) -> None:
    """The nightly stages the coming dates' files ahead; the local server, as the CDN's release
    function (ops/release.py, tests/test_release.py), answers 404 for each until it begins at UTC+14."""
    import datetime as dt
    import json

    (tmp_path / "daily/chess").mkdir(parents=True)
    for day in ("2026-03-29", "2026-03-30"):
        (tmp_path / f"daily/chess/{day}.json").write_text(json.dumps({"date": day}))
    now = [dt.datetime(2026, 3, 29, 9, 59, 59, tzinfo=dt.UTC)]  # 2026-03-30 begins at UTC+14 at 10:00 UTC
    client = Client(SiteServer(tmp_path, api=echo_api, clock=lambda: now[0]))

    assert client.get("/daily/chess/2026-03-29.json").json() == {"date": "2026-03-29"}
    for path in ("/daily/chess/2026-03-30.json", "/daily/chess/2026%2D03%2D30.json",
                 "/api/chess/daily/2026-03-30", "/api/storm/daily/2026-03-30"):
        early = client.get(path)
        assert early.status_code == 404, path
        assert early.json() == {"error": "2026-03-30 isn’t out yet: it opens as its day begins at UTC+14.",
                                "code": "day_not_out_yet"}
        assert early.headers["cache-control"] == "no-store"
        assert early.headers["content-type"] == "application/json; charset=utf-8"
        assert early.headers["x-frame-options"] == security_headers()["X-Frame-Options"]
    # Not a dated path, or its date is out: served as ever (a board's day is the API's to refuse).
    board = "/api/boards/chess/daily/2026-03-30"
    assert client.get(board).json() == {"path": board}
    assert client.get("/api/chess/daily/2026-03-29").json() == {"path": "/api/chess/daily/2026-03-29"}

    now[0] = dt.datetime(2026, 3, 29, 10, 0, tzinfo=dt.UTC)
    assert client.get("/daily/chess/2026-03-30.json").json() == {"date": "2026-03-30"}
    assert client.get("/api/chess/daily/2026-03-30").json() == {"path": "/api/chess/daily/2026-03-30"}


def test_the_local_nightly_runs_at_its_hour_and_stops_when_asked() -> None:
    """`make serve`'s nightly (ops.server.NightlyLoop): the job runs once the clock reaches the next
    run's time, with that time, and not before; stop() ends the wait at once."""
    import datetime as dt
    import threading

    from ops.server import NightlyLoop

    start = dt.datetime.now(dt.UTC)
    at = start + dt.timedelta(milliseconds=300)
    ran: list[dt.datetime] = []
    done = threading.Event()

    def job(now: dt.datetime) -> None:
        ran.append(now)
        done.set()

    def next_run(now: dt.datetime) -> dt.datetime:
        return at if now < at else at + dt.timedelta(days=1)

    loop = NightlyLoop(job, next_run).start()
    assert done.wait(10), "the nightly never ran"
    loop.stop()
    assert len(ran) == 1 and ran[0] >= at and loop.runs == 1


def test_a_failing_nightly_is_logged_and_the_loop_goes_on(caplog) -> None:
    import datetime as dt
    import threading

    from ops.server import NightlyLoop

    calls: list[int] = []
    second = threading.Event()

    def job(now: dt.datetime) -> None:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the store was busy")
        second.set()

    loop = NightlyLoop(job, lambda now: now).start()  # due at once, every time
    assert second.wait(10)
    loop.stop()
    assert "the nightly run failed" in caplog.text and len(calls) >= 2


def test_the_root_sends_a_visitor_to_their_language(client) -> None:
    """puzzlebook.languages.root_redirect (tests/test_languages_root.py holds it to the vectors)."""
    moved = client.get("/", headers={"accept-language": "de-AT,de;q=0.9"})
    assert moved.status_code == 302
    assert moved.headers["location"] == "/de/"
    assert moved.headers["cache-control"] == "private, no-store"
    stays = client.get("/", headers={"accept-language": "de", "cookie": "pb_lang=en"})
    assert stays.status_code == 200 and stays.text == "<h1>home</h1>"
    assert "private" not in stays.headers["cache-control"], "English's root is cached as every page is"
    assert client.get("/about/", headers={"accept-language": "de"}).status_code == 200
