"""The pages' speed as Lighthouse sees it: a benchmark, not a test (the machine is shared and noisy).

    python -m bench pages [--page daily] [--as mobile] [--runs 5] [--against DIR] [--first-view-only]
                          [--first-view-frames N]

Builds and serves the site (`build.py serve`, compressed files, the production headers) on a free
port with a fresh store, then runs Lighthouse (npm, pinned in package.json) with Debian's
Chromium at /usr/bin/chromium on every page (below), as a phone (Lighthouse's default: a mid-range
phone on a slow 4G link, simulated) and as a desktop, three runs each. Prints the medians:
performance, LCP, TBT, CLS, the bytes transferred, the requests, and the accessibility,
best-practices and SEO scores.

Options: --page (repeatable) measures only the pages whose label starts with it (home, daily, chain,
storm, themes, dashboard, history, lessons, boards, a class); --as only mobile or desktop; --runs
how many runs of each (median); --against another checkout of the site (e.g. main's, `git archive
main`), built and served from its own copy beside this one, each run of a page taken on both in
turn, so a shared machine's load falls on both alike. Each run's performance score is printed after
the medians.

The pages: home, today's first daily, Chain, Storm, Themes, the dashboard, the history, lessons,
the boards and a class's page. The dashboard, the history and the class (a new class, seen by its
teacher) are measured signed in, as a new player: a Chromium profile made with Playwright holds
the player as the sign-in page leaves it, and Lighthouse opens those pages in it without clearing
its storage. Besides the scores: the bytes transferred and the requests made (which the
machine's load doesn't move).

First, each page's first view (bench/first_view.py): the requests and bytes until it is playable
(a game's page) or loaded, and the main thread's long tasks before that from a Chromium trace with
the CPU slowed four times, beside the same of the checkout --against. --first-view-only prints
those alone (a minute or two, where Lighthouse's runs take many). --first-view-frames N adds where our
own work went, from the traces' CPU samples mapped through the bundles' source maps: by module, and
the N functions of ours with the most time.

Goals (issue 17): mobile performance >= 95 on every page; accessibility, best practices and SEO 100.
Issue 32: a daily by its address playable in at most 12 requests and 80 KB, its long tasks before
then under 150 ms in all.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
# The browser tests' flags (tests/browser/conftest.py), headless.
CHROME_FLAGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
RUNS = 3
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
PERFORMANCE_GOAL = 95


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(tmp: Path, root: Path = ROOT) -> tuple[subprocess.Popen[bytes], str]:
    """Build and serve the checkout at `root` (its own dist and store under `tmp`)."""
    tmp.mkdir(parents=True, exist_ok=True)
    port = _free_port()
    env = {**os.environ, "PUZZLEBOOK_DIST": str(tmp / "dist"),
           "PUZZLEBOOK_STORE": f"sqlite:///{tmp / 'store.sqlite3'}"}
    log = open(tmp / "serve.log", "wb")  # noqa: SIM115 (closed with the process)
    command = [sys.executable, "build.py", "serve", "--port", str(port), "--log-level", "warning"]
    server = subprocess.Popen(command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 600  # a build first: minutes on a loaded machine
    while True:
        try:
            with urllib.request.urlopen(url + "/", timeout=2):
                return server, url
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                raise RuntimeError((tmp / "serve.log").read_text()) from None
            time.sleep(0.3)


def _api(url: str, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    method = "GET" if body is None else "POST"
    request = urllib.request.Request(url + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(request) as res:
        return json.load(res)


# Pages a signed-out visitor would only see asking them to sign in: measured signed in.
SIGNED_IN = ("dashboard", "history", "a class")


def _pages(url: str) -> tuple[list[tuple[str, str]], dict[str, Any]]:
    """The pages measured (label, path) and the player the signed-in ones are seen as: a new
    player, the teacher of a new class."""
    today = _api(url, "/api/health")["today"]
    band = _api(url, f"/daily/chess/{today}.json")["dailies"][0]["band"]
    player = _api(url, "/api/players", {"name": "Bench"})
    klass = _api(url, "/api/classes", {"name": "Bench club"}, player["token"])
    pages = [("home", "/"), (f"daily ({band})", f"/#/daily/{band}"), ("chain", "/chain/"),
             ("storm", "/storm/"), ("themes", "/themes/"), ("dashboard", "/dashboard/"),
             ("history", "/history/"), ("lessons", "/lessons/"), ("boards", "/boards/"),
             ("a class", f"/classes/class/?id={klass['id']}")]
    return pages, player


def signed_in_profile(url: str, player: dict[str, Any], folder: Path) -> Path:
    """A Chromium profile in `folder` whose storage for the site at `url` holds `player` signed in,
    as the sign-in page leaves it, and nothing else: no cached file, no service worker (a signed-in
    page is measured on a first visit, as the others are). Lighthouse opens a copy of it."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(str(folder), executable_path=CHROMIUM, headless=True,
                                                       args=["--no-sandbox"])
        page = context.new_page()
        page.goto(url + "/about/")
        page.evaluate("(p) => localStorage.setItem('pb:player', JSON.stringify(p))", player)
        cdp = context.new_cdp_session(page)
        kinds = "service_workers,cache_storage"
        cdp.send("Storage.clearDataForOrigin", {"origin": url, "storageTypes": kinds})
        cdp.send("Network.clearBrowserCache")
        context.close()
    return folder


def lighthouse(url: str, desktop: bool, out: Path, profile: Path | None = None) -> dict[str, Any]:
    """One Lighthouse run's report (its JSON) of `url`; in the Chromium profile `profile` (its
    storage kept: a signed-in player's) when given, else in a fresh one."""
    if profile:  # a copy each run: a run leaves its cache and service worker in the profile it used
        shutil.rmtree(out.with_suffix(".profile"), ignore_errors=True)
        profile = Path(shutil.copytree(profile, out.with_suffix(".profile")))
    flags = CHROME_FLAGS + ([f"--user-data-dir={profile}"] if profile else [])
    command = [
        str(LIGHTHOUSE), url, "--output=json", f"--output-path={out}", "--quiet",
        f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={' '.join(flags)}",
    ]
    if profile:
        command.append("--disable-storage-reset")
    if desktop:
        command.append("--preset=desktop")
    subprocess.run(command, check=True, env={**os.environ, "CHROME_PATH": CHROMIUM}, capture_output=True)
    report: dict[str, Any] = json.loads(out.read_text())
    return report


def _figures(report: dict[str, Any]) -> dict[str, float]:
    audits, categories = report["audits"], report["categories"]
    figures = {name: round((categories[name]["score"] or 0) * 100) for name in CATEGORIES}
    figures["lcp"] = audits["largest-contentful-paint"]["numericValue"]
    figures["tbt"] = audits["total-blocking-time"]["numericValue"]
    figures["cls"] = audits["cumulative-layout-shift"]["numericValue"]
    figures["bytes"] = audits["total-byte-weight"]["numericValue"]
    figures["requests"] = len(audits["network-requests"]["details"]["items"])
    return figures


def _options(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench pages")
    parser.add_argument("--page", action="append", default=[], help="only pages whose label starts with this")
    parser.add_argument("--as", dest="form", choices=("mobile", "desktop"), help="only this form factor")
    parser.add_argument("--runs", type=int, default=RUNS, help=f"runs of each (default {RUNS})")
    parser.add_argument("--against", type=Path, help="another checkout, measured in turn with this one")
    parser.add_argument("--first-view-only", action="store_true",
                        help="only the first views' requests, bytes and long tasks (no Lighthouse)")
    parser.add_argument("--first-view-frames", type=int, default=0, metavar="N",
                        help="after each first view, our own work by module and the N functions of ours "
                             "with the most time (mean over the runs)")
    return parser.parse_args(argv)


HEADER = (f"{'page':<16} {'as':<8} {'site':<8} {'perf':>4} {'LCP':>8} {'TBT':>7} {'CLS':>6} {'bytes':>9} "
          f"{'reqs':>4}  {'a11y':>4} {'bp':>4} {'seo':>4}  runs")


def _line(label: str, form: str, side: str, taken: list[dict[str, float]]) -> tuple[str, dict[str, float]]:
    """The printed line of one page, form and site: the medians, then each run's performance."""
    med = {key: statistics.median(run[key] for run in taken) for key in taken[0]}
    each = ", ".join(f"{run['performance']:.0f}" for run in taken)
    line = (f"{label:<16} {form:<8} {side:<8} {med['performance']:>4.0f} {med['lcp'] / 1000:>7.2f}s "
            f"{med['tbt']:>5.0f}ms {med['cls']:>6.3f} {med['bytes'] / 1000:>7.1f}KB {med['requests']:>4.0f}  "
            f"{med['accessibility']:>4.0f} {med['best-practices']:>4.0f} {med['seo']:>4.0f}  {each}")
    return line, med


def _missed(label: str, form: str, med: dict[str, float]) -> list[str]:
    missed = []
    if form == "mobile" and med["performance"] < PERFORMANCE_GOAL:
        missed.append(f"{label} mobile performance {med['performance']:.0f}")
    return missed + [f"{label} {form} {cat} {med[cat]:.0f}" for cat in CATEGORIES[1:] if med[cat] < 100]


def first_views(servers: dict[str, tuple[subprocess.Popen[bytes], str]],
                sided: dict[str, list[tuple[str, str]]], pages: list[tuple[int, str]],
                player_of: dict[str, dict[str, Any]], runs: int, frames: int = 0) -> None:
    """Print each page's first view (bench/first_view.py) on each site, the runs taken in turn; with
    `frames`, where our own work went: by module, and the `frames` functions with the most."""
    from playwright.sync_api import sync_playwright

    from bench import first_view
    from bench.source_maps import SourceMaps

    maps = {side: SourceMaps() for side in servers} if frames else {}

    print(f"First view until playable (a game) or loaded, phone-sized, CPU slowed {first_view.SLOWDOWN}x, "
          f"median of {runs} runs: requests, KB as sent, main-thread tasks over {first_view.LONG_TASK_MS} ms "
          "before it (summed, how many; then by their CPU time, which the machine's load moves less), and "
          "our own work before it (the main thread's time with our scripts on its stack: trace samples; then "
          "each sample scaled by its task's CPU share, which the machine's load moves less)")
    print(f"{'page':<16} {'site':<8} {'reqs':>4} {'KB':>7} {'long tasks':>15} {'by CPU':>8} {'ours':>8} "
          f"{'by CPU':>8}")
    goals: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            for at, label in pages:
                taken: dict[str, list[first_view.FirstView]] = {side: [] for side in servers}
                for _ in range(runs):
                    for side, (_, url) in servers.items():
                        player = player_of[side] if label in SIGNED_IN else None
                        path = sided[side][at][1]
                        view = first_view.measure(browser, url + path, label, player, maps.get(side))
                        taken[side].append(view)
                for side in ("against", "this"):
                    if side in taken:
                        m = first_view.median(taken[side])
                        print(f"{label:<16} {side:<8} {m.requests:>4} {m.bytes / 1000:>7.1f} "
                              f"{m.long_ms:>7.0f} ms ({m.long_count:>2}) {m.cpu_ms:>5.0f} ms "
                              f"{m.ours_ms:>5.0f} ms {m.ours_cpu_ms:>5.0f} ms", flush=True)
                if frames:
                    for side in ("against", "this"):
                        if side in taken:
                            _print_frames(label, side, first_view.median(taken[side]), frames)
                if label.startswith("daily"):
                    goals += _daily_goals(first_view.median(taken["this"]))
        finally:
            browser.close()
    for goal in goals:
        print(goal)
    print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def _print_frames(label: str, side: str, m: Any, count: int) -> None:
    """Where a first view's own work went (the mean of the runs, ms): by module, then the `count`
    functions of ours with the most, each counted for the samples it was the innermost of ours in
    (its own code and the browser's work it called: a forced layout, the DOM it made)."""
    from bench import first_view

    print(f"  {label} on {side}, our own work by module (ms by CPU, mean of the runs):")
    for module, ms in first_view.by_module(m.frames):
        if ms >= 0.5:
            print(f"    {ms:>6.1f}  {module}")
    print(f"  ... and its {count} functions of ours with the most (innermost of ours on the stack):")
    for name, ms in m.frames[:count]:
        print(f"    {ms:>6.1f}  {name}")


DAILY_OWN_MS, DAILY_REQUESTS, DAILY_KB = 60, 12, 85  # a daily by its address (issues 32, 45)


def _daily_goals(m: Any) -> list[str]:
    """A daily by its address until the board takes moves: our own main-thread work under 60 ms with the
    CPU slowed four times (issue 45), within 12 requests and 85 KB (tests/browser/test_budgets.py)."""
    def verdict(met: bool) -> str:
        return "met" if met else "NOT met"

    return [
        f"goal: a daily by its address, our own work before the board takes moves under {DAILY_OWN_MS} ms "
        f"(CPU slowed 4x): {m.ours_ms:.0f} ms ({m.ours_cpu_ms:.0f} ms by CPU): "
        f"{verdict(m.ours_ms < DAILY_OWN_MS)}",
        f"goal: ... within {DAILY_REQUESTS} requests and {DAILY_KB} KB: {m.requests} requests, "
        f"{m.bytes / 1000:.1f} KB: {verdict(m.requests <= DAILY_REQUESTS and m.bytes <= DAILY_KB * 1000)}",
    ]


def main(argv: list[str] | None = None) -> None:
    options = _options(argv or [])
    if not LIGHTHOUSE.is_file():
        print(f"no Lighthouse at {LIGHTHOUSE}: run `npm ci` (or `make setup`) first", file=sys.stderr)
        sys.exit(1)
    roots = {"against": options.against.resolve(), "this": ROOT} if options.against else {"this": ROOT}
    forms = [options.form] if options.form else ["mobile", "desktop"]
    with tempfile.TemporaryDirectory(prefix="pb-bench-pages-") as name:
        tmp = Path(name)
        servers: dict[str, tuple[subprocess.Popen[bytes], str]] = {}
        try:
            profiles: dict[str, Path] = {}
            sided: dict[str, list[tuple[str, str]]] = {}
            player_of: dict[str, dict[str, Any]] = {}
            for side, root in roots.items():
                servers[side] = _serve(tmp / side, root)
                sided[side], player_of[side] = _pages(servers[side][1])
                if not options.first_view_only:
                    profiles[side] = signed_in_profile(servers[side][1], player_of[side],
                                                       tmp / side / "profile")
            pages = [(at, label) for at, (label, _) in enumerate(sided["this"])
                     if not options.page or any(label.startswith(p) for p in options.page)]
            first_views(servers, sided, pages, player_of, options.runs, options.first_view_frames)
            if options.first_view_only:
                return
            print(f"Lighthouse, median of {options.runs} runs; goals: mobile performance >= "
                  f"{PERFORMANCE_GOAL}, accessibility, best practices and SEO 100")
            if options.against:
                print(f"against: {roots['against']} (each run taken on both in turn)")
            print(HEADER)
            missed = []
            for at, label in pages:
                for form in forms:
                    runs: dict[str, list[dict[str, float]]] = {side: [] for side in servers}
                    for k in range(options.runs):
                        for side, (_, url) in servers.items():
                            path = sided[side][at][1]
                            profile = profiles[side] if label in SIGNED_IN else None
                            report = lighthouse(url + path, form == "desktop", tmp / f"{side}-run{k}.json",
                                                profile)
                            runs[side].append(_figures(report))
                    for side, taken in runs.items():
                        line, med = _line(label, form, side, taken)
                        print(line, flush=True)
                        if side == "this":
                            missed += _missed(label, form, med)
            print("goals: " + ("all met" if not missed else "NOT met: " + "; ".join(missed)))
            print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        finally:
            for server, _ in servers.values():
                server.terminate()
                server.wait(10)
