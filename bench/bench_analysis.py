"""The engine's first evaluation from the click, on the phone profile: a benchmark, not a test.

    python -m bench analysis [--runs 3] [--rate 4]

Builds and serves the site (as bench pages does: `build.py serve`, compressed files, the
production headers), opens a finished puzzle in Debian's Chromium with the CPU slowed four times
(CDP Emulation.setCPUThrottlingRate) and a cold cache, clicks Analyse and times, from the click:
the first evaluation drawn (the engine's first line), and the finished evaluation at the
analysis depth (analysis_ctrl.js DEPTHS). Beside them, the floor measured in the same page and
run: fetching and compiling the engine's WebAssembly alone (nothing can evaluate sooner), and
the same first evaluation without the slowdown. Medians of --runs, each on a fresh browser
context (nothing cached).

Goal (issue 29): none is set by the issue; the figures are for docs/analysis.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

from bench.bench_pages import CHROMIUM, _serve
from bench.figures import load

ROOT = Path(__file__).resolve().parent.parent
BAND = "Medium"

# In the page: the click's time, and when the first and the finished evaluations were drawn.
WATCH = """
window.__times = {};
document.addEventListener('click', (e) => {
  if (e.target.closest('#analysis-link')) window.__times.click = performance.now();
}, true);
new MutationObserver(() => {
  const t = window.__times;
  const figure = document.getElementById('eval-figure');
  if (figure && figure.textContent && t.click && !t.first) t.first = performance.now();
  const box = document.getElementById('analysis-eval');
  if (box && box.dataset.done === 'true' && t.click && !t.done) t.done = performance.now();
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""

# The floor: the engine's WebAssembly fetched and compiled, nothing else.
FLOOR = """async (url) => {
  const start = performance.now();
  const bytes = await (await fetch(url, { cache: 'no-store' })).arrayBuffer();
  await WebAssembly.compile(bytes);
  return performance.now() - start;
}"""


def _record(url: str) -> tuple[str, dict[str, Any]]:
    """A finished (shown) record of the day's first Medium-or-other puzzle, as the store keeps it."""
    with urllib.request.urlopen(url + "/shards/index.json") as res:
        index = json.load(res)
    with urllib.request.urlopen(url + "/shards/" + index["files"][BAND][0]) as res:
        row = json.load(res)[0]
    rec = {
        "band": BAND, "id": row[0], "row": row, "daily": None, "opened": 0, "state": "shown", "started": True,
        "moves": [], "tries": [], "mistakes": 0, "hints": 0, "hintLevel": 0, "seconds": 30, "shown": 1,
        "missed": True, "posted": None, "finished": 1,
    }
    return row[0], rec


def _one(browser: Any, url: str, rate: int) -> dict[str, float]:
    puzzle_id, rec = _record(url)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, service_workers="block", base_url=url,
    )
    kept = json.dumps(json.dumps(rec))
    context.add_init_script("localStorage.setItem('pb:chess:first-move', 'true');"
                            f"localStorage.setItem('pb:chess:p:{BAND}/{puzzle_id}', {kept});")
    context.add_init_script(WATCH)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    page.goto(f"/#/p/{BAND}/{puzzle_id}")
    page.locator("#analysis-link").wait_for(state="visible", timeout=60_000)
    if rate > 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    wasm = page.get_attribute("#analysis-view", "data-engine").replace(".js", ".wasm")
    floor = page.evaluate(FLOOR, wasm)
    page.click("#analysis-link")
    page.wait_for_selector('#analysis-eval[data-done="true"]', timeout=300_000)
    times = page.evaluate("window.__times")
    context.close()
    return {"floor": floor, "first": times["first"] - times["click"], "done": times["done"] - times["click"]}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench analysis")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rate", type=int, default=4, help="the CPU slowdown (4: the phone profile)")
    options = parser.parse_args(argv or [])
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="pb-bench-analysis-") as tmp:
        server, url = _serve(Path(tmp))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
                slow = [_one(browser, url, options.rate) for _ in range(options.runs)]
                fast = [_one(browser, url, 1) for _ in range(options.runs)]
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=30)
    med = {key: statistics.median(r[key] for r in slow) for key in ("floor", "first", "done")}
    print(f"engine's first evaluation from the click, CPU slowed {options.rate}x, cold cache, "
          f"median of {options.runs}:")
    print(f"  first evaluation drawn   {med['first']:8.0f} ms")
    print(f"  finished (analysis depth) {med['done']:7.0f} ms")
    print(f"  floor: fetch + compile the WebAssembly alone {med['floor']:6.0f} ms")
    unslowed = statistics.median(r["first"] for r in fast)
    print(f"  first evaluation without the slowdown       {unslowed:6.0f} ms")
    print(f"  ({load()})")
