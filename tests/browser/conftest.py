"""Shared fixtures for the browser tests (Playwright, Debian's Chromium).

One real server per test session: `build.py serve` on a free port, building
into a temporary dist/ with a temporary SQLite store, so every page is served
with the site's real security headers (the CSP included) and /api works. It
listens on 127.0.0.1 and is opened as http://localhost:PORT, the address it
announces: the origin the browser sees is localhost, as passkeys need.

Fixtures (see docs/site.md, "Browser tests"):

    site_server   the running server: .url, .dist, .store_url, .get(path), .post(path, body, token=None)
    browser       the Chromium browser (session)
    make_page     make_page(viewport=LAPTOP, color_scheme="light", service_workers="block",
                            first_move_seen=True, reduced_motion="no-preference",
                            timezone_id=None) -> page (in the run's SITE_TZ unless a zone is given)
    page          make_page() with the defaults: a laptop-sized page in a fresh context
    axe           axe(page) -> the list of axe-core violations on the page, once what
                  animates for under a second more has ended
    bundle        the committed chess bundle (puzzlebook.chess.shards.Bundle)

Every page made by make_page fails its test at teardown if the page broke
the content security policy, threw an uncaught error, or logged a console
warning or error. A test that provokes a browser message on purpose (a fetch
it makes fail) allows that one message with allow_console(page, pattern, why).

Mark browser test modules with
    pytestmark = pytest.mark.browser
and one with an expensive scope="module" fixture also with xdist_group("browser-<module>").
`make test` runs them with `-n 4 --dist loadgroup`: each worker starts its own server (over a
copy of one shared build, tests/site_seed.py) and browser; the tests are handed out one at a
time, the longest first (LONG_FIRST), and a grouped module's tests stay on one worker. Chromium
is launched by tests/browser/chromium.py, without the browser's own pages no test sees.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.browser import chromium as launching
from tests.midday_zone import midday_zone
from tests.site_seed import copy_seed, seed_folder, shared_folder

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SERVER_START_SECONDS = 240
# The browser tests' server races a short race (PUZZLEBOOK_RACE_SECONDS, _COUNTDOWN: service/settings.py).
RACE_SECONDS = 20
RACE_COUNTDOWN = 3
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

# Runs before any page script (injected by the browser, not the page, so the
# CSP doesn't apply to it): records CSP violations and uncaught errors.
WATCH = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(
    e.violatedDirective + ' ' + (e.blockedURI || '') + ' ' + (e.sourceFile || '') + ':' + e.lineNumber);
});
"""


# Handed out first: the longest tests (the time each took on 2 busy cores), so they run beside the
# rest rather than alone at the end. A name matches a test node id's start.
LONG_FIRST = (
    "tests/browser/test_issue30_done.py::",  # a class's whole story and Stockfish over a lesson: 2 min busy
    "tests/browser/test_lessons_engine_check.py::",  # Stockfish over every position of a lesson
    "tests/browser/test_bench_engine_check.py::",  # a site built and served, Stockfish in Chromium: 45 s
    "tests/browser/test_own_midnight.py::",  # three players across their midnights: 30 s
    "tests/browser/test_themes.py::test_twelve_puzzles",  # 24 s alone: twelve puzzles, each with its beats
    "tests/browser/test_dashboard.py::",  # one group: 50 s in all
    "tests/browser/test_tickets.py::test_a_signed_in_player_notices_nothing",  # 23 s
    "tests/browser/test_race.py::test_three_racers",  # 29 s: three racers through a 20 s race, and again
    "tests/browser/test_classes.py::test_a_teacher_and_three_students",  # 19 s
    "tests/browser/test_no_sideways_scroll.py::",  # one group, its fixture a dozen players
    "tests/browser/test_every_language.py::",  # 25 s each: a page in seven languages, six ways
)


SITE_TZ_GIVEN = pytest.StashKey[bool]()  # whether SITE_TZ came from whoever ran the tests


def pytest_configure(config: pytest.Config) -> None:
    """The run's SITE_TZ, unless one was given: the zone where the run starts at noon
    (tests/midday_zone.py), so the site day can't turn while it runs. Chosen once, by the
    process that starts the xdist workers, and handed to each (pytest_configure_node)."""
    worker = getattr(config, "workerinput", None)
    if worker:
        zone, given = worker["site_tz"], worker["site_tz_given"]
    else:
        given = bool(os.environ.get("SITE_TZ"))
        zone = os.environ.get("SITE_TZ") or midday_zone(dt.datetime.now(dt.UTC))
    os.environ["SITE_TZ"] = zone  # the seed build and every server read it from here
    config.stash[SITE_TZ_GIVEN] = given


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    node.workerinput["site_tz"] = os.environ["SITE_TZ"]
    node.workerinput["site_tz_given"] = node.config.stash[SITE_TZ_GIVEN]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put LONG_FIRST's tests first (a stable sort: otherwise in the order collected). Every
    xdist worker collects the same order, as it must."""
    def rank(item: pytest.Item) -> int:
        starts = [k for k, start in enumerate(LONG_FIRST) if item.nodeid.startswith(start)]
        return starts[0] if starts else len(LONG_FIRST)

    items.sort(key=rank)


def _free_port(claims: Path) -> int:
    """A port free now that no other worker of this run has claimed. Workers leave the seed's
    lock together and each server binds only after its build: two of them were once handed the
    same port, and one worker's tests ran against the other's server until it stopped."""
    claims.mkdir(parents=True, exist_ok=True)
    while True:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        try:
            (claims / str(port)).touch(exist_ok=False)
        except FileExistsError:
            continue
        return port


@dataclass
class SiteServer:
    """`build.py serve` running on 127.0.0.1:port, known as http://localhost:port."""

    url: str
    dist: Path
    store_url: str
    process: subprocess.Popen[bytes]
    log: Path
    env: dict[str, str] = field(default_factory=dict)

    def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        """(status, parsed JSON or text) for `method` `path` on the server."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method)
        if body is not None:
            req.add_header("Content-Type", "application/json")
        if token:
            req.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(req, timeout=10) as res:
                status, raw = res.status, res.read()
        except urllib.error.HTTPError as exc:
            status, raw = exc.code, exc.read()
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, raw.decode("utf-8", "replace")

    def get(self, path: str, token: str | None = None) -> tuple[int, Any]:
        return self.request("GET", path, token=token)

    def post(self, path: str, body: Any, token: str | None = None) -> tuple[int, Any]:
        return self.request("POST", path, body, token)

    def post_results(self, posts: list[tuple[str, dict[str, Any], str]]) -> list[tuple[int, Any]]:
        """Post results (path, body, token) as signed-in players' games do: each puzzle opened first
        (POST /api/<game>/plays), then, once as much time has passed as the results need (a second a
        move, their claimed time within the clock's allowance), each posted with its ticket."""
        from puzzlebook.tickets import CLOCK_ALLOWANCE_MS, FLOOR_ALLOWANCE_MS
        from tests.support import TICKETED

        tickets = []
        for path, body, token in posts:
            game, fields = TICKETED[path]
            status, opened = self.post(f"/api/{game}/plays", {f: body[f] for f in fields}, token)
            assert status == 200, opened
            tickets.append(opened["ticket"])
        need = max(
            max(len(body.get("moves") or body.get("tiles") or []) - FLOOR_ALLOWANCE_MS / 1000,
                body.get("seconds", 0) - CLOCK_ALLOWANCE_MS / 1000)
            for _, body, _ in posts
        )
        time.sleep(max(0.0, need) + 0.3)
        return [self.post(path, {**body, "ticket": ticket}, token)
                for (path, body, token), ticket in zip(posts, tickets, strict=True)]

    def post_result(self, path: str, body: dict[str, Any], token: str) -> tuple[int, Any]:
        """One result, posted as `post_results` does."""
        return self.post_results([(path, body, token)])[0]

    def many_players(self, names: list[str]) -> list[dict[str, Any]]:
        """Players made straight in the server's store ({id, name, token} each), as people on networks
        of their own would make them: for a board of a hundred, which the API's new-player limit per
        address (every player here comes from 127.0.0.1) wouldn't let one test make."""
        from functions.auth import new_secret, token_of
        from service.store.sqlite import SqliteStore

        store = SqliteStore(self.store_url.removeprefix("sqlite:///"))
        made = []
        try:
            for name in names:
                secret, hashed = new_secret()
                player = store.create_player(name, hashed, dt.datetime.now(dt.UTC))
                made.append({"id": player.id, "name": player.name, "token": token_of(player.id, secret)})
        finally:
            store.close()
        return made

    def publish(self) -> list[str]:
        """One round of the boards' publisher now, into the server's dist/snapshots/, as the server's
        own thread does every 15 s (service/boards/): for a test that looks at a board just after a
        post. The paths written. The local server reads its snapshots afresh, so the API sees them at once."""
        from service.boards.publisher import Publisher
        from service.publish import DirWriter
        from service.settings import load
        from service.store.sqlite import SqliteStore

        store = SqliteStore(self.store_url.removeprefix("sqlite:///"))
        try:
            return Publisher(store, load(self.env, warn=False), DirWriter(self.dist)).round()
        finally:
            store.close()

    def snapshot(self, path: str) -> Any:
        """The snapshot published at /snapshots/<path>.json, as the site serves it (None: there is none)."""
        status, body = self.get(f"/snapshots/{path}.json")
        return body if status == 200 else None

    def keep_results(self, keep: Callable[[Any, dt.date, dt.datetime], None]) -> None:
        """Keep results straight into the server's store, through the records layer a post ends in:
        for a page's fixtures that need what no ticket allows in a test's time (a 9:59:59 solve).
        `keep(store, site day, now)`."""
        from puzzlebook.calendar import site_day
        from service.settings import load
        from service.store.sqlite import SqliteStore

        now = dt.datetime.now(dt.UTC)
        store = SqliteStore(self.store_url.removeprefix("sqlite:///"))
        try:
            keep(store, site_day(load(self.env, warn=False).site_tz, now), now)
        finally:
            store.close()


def need_chromium() -> None:
    if not Path(CHROMIUM).exists():
        # CI sets PUZZLEBOOK_REQUIRE_BROWSER=1: a machine without Chromium must not pass quietly.
        (pytest.fail if os.environ.get("PUZZLEBOOK_REQUIRE_BROWSER") == "1" else pytest.skip)(
            f"the browser tests need Chromium at {CHROMIUM} (apt-get install chromium)")


def start_server(base: Path, seed: Path, shared: Path, extra_env: dict[str, str] | None = None) -> SiteServer:
    """`build.py serve` over a copy of `seed` (a seed build's dist/, its store beside it) in `base`,
    on a port no other worker of the run has (claimed in `shared`), with `extra_env` (the
    pseudo-locale's server: tests/browser/test_pseudo_locale.py); answering once it returns."""
    # The server builds over a copy of the run's one shared build (tests/site_seed.py), rewriting
    # only what differs: a cold build in every worker was most of the suite's first minute.
    copy_seed(seed, base / "dist", base / "store.sqlite3")  # the days ahead filled once
    port = _free_port(shared / "ports")
    env = dict(os.environ)
    env.update({
        "PUZZLEBOOK_DIST": str(base / "dist"),
        "PUZZLEBOOK_STORE": f"sqlite:///{base / 'store.sqlite3'}",
        "PYTHONUNBUFFERED": "1",
        # The pages' tests make a player and look at the boards at once (the rule: test_api_standing).
        "PUZZLEBOOK_NEW_ACCOUNT_DAYS": "0",
        # A race of 20 s after a countdown of 3: the race tests run one from link to table in seconds.
        "PUZZLEBOOK_RACE_SECONDS": str(RACE_SECONDS),
        "PUZZLEBOOK_RACE_COUNTDOWN": str(RACE_COUNTDOWN),
        **(extra_env or {}),
    })
    log = base / "serve.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "build.py", "serve", "--port", str(port), "--log-level", "warning"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
        )
    server = SiteServer(f"http://localhost:{port}", base / "dist", env["PUZZLEBOOK_STORE"], process, log, env)
    # A deadline for a stuck server, not a speed test: its build rewrites and compresses every page
    # of every language (each names the server's own address), some 5 s of CPU, which three workers'
    # servers and the rest of `make test` share two cores for.
    deadline = time.monotonic() + SERVER_START_SECONDS
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"build.py serve stopped:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(server.url + "/", timeout=2) as res:
                if res.status == 200:
                    break
        except OSError:
            pass
        if time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(
                f"build.py serve did not answer within {SERVER_START_SECONDS} s:\n{log.read_text()}")
        time.sleep(0.2)
    return server


def stop_server(server: SiteServer) -> None:
    server.process.terminate()
    try:
        server.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.process.kill()


@pytest.fixture(scope="session")
def site_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    need_chromium()
    shared = shared_folder(tmp_path_factory.getbasetemp())
    server = start_server(tmp_path_factory.mktemp("site"), seed_folder(shared), shared)
    yield server
    stop_server(server)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    need_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = launching.launch(p.chromium, CHROMIUM)
        yield chromium
        chromium.close()


@dataclass
class _ConsoleWatch:
    """A page's console warnings and errors, and the ones its test allowed."""

    logged: list[tuple[str, str, str, int]] = field(default_factory=list)  # type, text, url, line
    allowed: list[tuple[re.Pattern[str], str]] = field(default_factory=list)  # pattern, why


_WATCHES: dict[int, _ConsoleWatch] = {}  # id(page) -> its watch, while the test runs


def allow_console(page: Any, pattern: str, why: str) -> None:
    """Let `page` log console warnings or errors matching `pattern` (a regex searched in
    "<message> <source URL>", or the message alone when it has no source) without failing
    the test; `why` says why the test provokes them."""
    assert why.strip(), "say why the message is expected"
    _WATCHES.setdefault(id(page), _ConsoleWatch()).allowed.append((re.compile(pattern), why))


def allow_failed_fetch(page: Any, status: str, path: str, why: str) -> None:
    """Let the browser's own "Failed to load resource" error for a request the test makes
    fail on purpose pass: `status` as the browser words it ("404", "net::ERR_FAILED"),
    `path` a regex for the URL's whole path."""
    allow_console(page, rf"^Failed to load resource: .*{re.escape(status)}.* https?://[^/ ]+{path}$", why)


def console_problems(page: Any) -> list[str]:
    """The console warnings and errors `page` has logged so far that its test didn't allow."""
    watch = _WATCHES.get(id(page), _ConsoleWatch())
    return [
        f"console {kind}: {text} ({url or '?'}:{line})"
        for kind, text, url, line in watch.logged
        if not any(pattern.search(f"{text} {url}" if url else text) for pattern, _ in watch.allowed)
    ]


@pytest.fixture
def make_page(browser: Any, site_server: SiteServer) -> Iterator[Callable[..., Any]]:
    made: list[tuple[Any, Any, list[str]]] = []

    def make(
        viewport: dict[str, int] = LAPTOP,
        color_scheme: str = "light",
        service_workers: str = "block",
        first_move_seen: bool = True,
        reduced_motion: str = "no-preference",
        timezone_id: str | None = None,
        base_url: str | None = None,
    ) -> Any:
        # The browser's own zone is the run's site zone unless the test gives one: a page's today is
        # the player's own date (lib/dates.js playerDay), and the servers' days are the site zone's.
        context = browser.new_context(
            viewport=viewport, color_scheme=color_scheme, service_workers=service_workers,
            reduced_motion=reduced_motion, base_url=base_url or site_server.url,
            timezone_id=timezone_id or os.environ["SITE_TZ"],
        )
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url or site_server.url)
        context.add_init_script(WATCH)
        if first_move_seen:
            context.add_init_script("localStorage.setItem('pb:chess:first-move', 'true')")
        page = context.new_page()
        page.set_default_timeout(10_000)
        watch = _WATCHES.setdefault(id(page), _ConsoleWatch())
        if service_workers == "block":
            # Playwright's own warning when it refuses site.js's registration for us.
            allow_console(page, r"^Service Worker registration blocked by Playwright$",
                          "the fixture blocks service workers")
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))

        def on_console(message: Any) -> None:
            if message.type in ("warning", "error"):
                where = message.location or {}
                url, line = where.get("url", ""), where.get("lineNumber", 0)
                watch.logged.append((message.type, message.text, url, line))

        page.on("console", on_console)
        made.append((context, page, errors))
        return page

    yield make
    problems = []
    for context, page, errors in made:
        try:
            violations = page.evaluate("window.__cspViolations || []") if not page.is_closed() else []
        except Exception:  # the page may be mid-navigation or gone; its errors still count
            violations = []
        problems += [f"CSP: {v}" for v in violations] + errors + console_problems(page)
        context.close()
        _WATCHES.pop(id(page), None)
    assert not problems, "the page broke the CSP, threw, or logged a warning or error:\n" + "\n".join(
        problems
    )


@pytest.fixture
def page(make_page: Callable[..., Any]) -> Any:
    return make_page()


@pytest.fixture(scope="session")
def axe() -> Callable[[Any], list[dict[str, Any]]]:
    if not AXE.exists():
        pytest.skip("axe-core is not installed (npm ci)")

    def run(page: Any, context: str | None = None) -> list[dict[str, Any]]:
        """axe-core's violations on `page` now (only within the `context` selector, if given)."""
        if not page.evaluate("typeof window.axe !== 'undefined'"):
            # Evaluated through the browser's own channel: the page's CSP forbids
            # inline scripts, so add_script_tag would be refused.
            page.evaluate(AXE.read_text(encoding="utf-8") + "\n;true")
        return page.evaluate(
            """async (context) => {
              // A colour mid-transition (a button's 0.12 s after the scheme changes, a sheet sliding
              // in) is no colour the page keeps: axe once measured one on a dark page and failed its
              // contrast. Wait for what ends within a second; a longer one (the 6 s confirmation's
              // bar, whose end changes the page) or an endless one is left running.
              const soon = (a) => {
                const t = a.effect?.getComputedTiming()
                return a.playState === 'running' && t && t.endTime - (t.localTime ?? 0) <= 1000
              }
              // Capped: Chromium leaves a transition on what it doesn't paint at its start (the themes
              // page's buttons at 320 px, as the scheme changed), whose end never comes.
              const ending = document.getAnimations().filter(soon).map((a) => a.finished.catch(() => 0))
              const ended = Promise.all(ending)
              await Promise.race([ended, new Promise((done) => setTimeout(done, 1500))])
              const result = await axe.run(context || document, { resultTypes: ['violations'] });
              return result.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map((n) => n.target.join(' ') + ' :: ' + n.failureSummary),
              }));
            }""",
            context,
        )

    return run


@pytest.fixture(scope="session")
def bundle() -> Any:
    from puzzlebook.chess.shards import Bundle

    return Bundle(ROOT / "shards")
