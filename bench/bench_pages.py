"""The pages' speed as Lighthouse sees it: a benchmark, not a test (the machine is shared and noisy).

    python -m bench pages

Builds and serves the site (`build.py serve`, compressed files, the production headers) on a free
port with a fresh store, then runs Lighthouse (npm, pinned in package.json) with Debian's
Chromium at /usr/bin/chromium on the home page, today's first daily, Chain, lessons and the
leaderboards, as a phone (Lighthouse's default: a mid-range phone on a slow 4G link, simulated)
and as a desktop, three runs each. Prints the medians: performance, LCP, TBT, CLS, the bytes
transferred, and the accessibility, best-practices and SEO scores.

Goals (issue 17): mobile performance >= 95 on every page; accessibility, best practices and SEO 100.
"""

from __future__ import annotations

import json
import os
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


def _serve(tmp: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    env = {**os.environ, "PUZZLEBOOK_DIST": str(tmp / "dist"),
           "PUZZLEBOOK_STORE": f"sqlite:///{tmp / 'store.sqlite3'}"}
    log = open(tmp / "serve.log", "wb")  # noqa: SIM115 (closed with the process)
    command = [sys.executable, "build.py", "serve", "--port", str(port), "--log-level", "warning"]
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            with urllib.request.urlopen(url + "/", timeout=2):
                return server, url
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                raise RuntimeError((tmp / "serve.log").read_text()) from None
            time.sleep(0.3)


def _pages(url: str) -> list[tuple[str, str]]:
    with urllib.request.urlopen(url + "/api/health") as res:
        today = json.load(res)["today"]
    with urllib.request.urlopen(f"{url}/daily/chess/{today}.json") as res:
        band = json.load(res)["dailies"][0]["band"]
    return [("home", "/"), (f"daily ({band})", f"/#/daily/{band}"), ("chain", "/chain/"),
            ("lessons", "/lessons/"), ("boards", "/boards/")]


def lighthouse(url: str, desktop: bool, out: Path) -> dict[str, Any]:
    """One Lighthouse run's report (its JSON) of `url`."""
    command = [
        str(LIGHTHOUSE), url, "--output=json", f"--output-path={out}", "--quiet",
        f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={' '.join(CHROME_FLAGS)}",
    ]
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
    return figures


def main() -> None:
    if not LIGHTHOUSE.is_file():
        print(f"no Lighthouse at {LIGHTHOUSE}: run `npm ci` (or `make setup`) first", file=sys.stderr)
        sys.exit(1)
    with tempfile.TemporaryDirectory(prefix="pb-bench-pages-") as name:
        tmp = Path(name)
        server, url = _serve(tmp)
        try:
            pages = _pages(url)
            print(f"Lighthouse, median of {RUNS} runs; goals: mobile performance >= {PERFORMANCE_GOAL}, "
                  "accessibility, best practices and SEO 100")
            print(f"{'page':<16} {'as':<8} {'perf':>4} {'LCP':>8} {'TBT':>7} {'CLS':>6} {'bytes':>9}  "
                  f"{'a11y':>4} {'bp':>4} {'seo':>4}")
            missed = []
            for label, path in pages:
                for desktop in (False, True):
                    runs = [_figures(lighthouse(url + path, desktop, tmp / f"run{k}.json"))
                            for k in range(RUNS)]
                    med = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
                    form = "desktop" if desktop else "mobile"
                    print(f"{label:<16} {form:<8} {med['performance']:>4.0f} {med['lcp'] / 1000:>7.2f}s "
                          f"{med['tbt']:>5.0f}ms {med['cls']:>6.3f} {med['bytes'] / 1000:>7.1f}KB  "
                          f"{med['accessibility']:>4.0f} {med['best-practices']:>4.0f} {med['seo']:>4.0f}",
                          flush=True)
                    if not desktop and med["performance"] < PERFORMANCE_GOAL:
                        missed.append(f"{label} mobile performance {med['performance']:.0f}")
                    missed += [f"{label} {form} {cat} {med[cat]:.0f}"
                               for cat in CATEGORIES[1:] if med[cat] < 100]
            print("goals: " + ("all met" if not missed else "NOT met: " + "; ".join(missed)))
            print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        finally:
            server.terminate()
            server.wait(10)
