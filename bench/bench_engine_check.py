"""The engine's check of an imported lesson, per puzzle, on the phone profile: a benchmark, not a test.

    python -m bench engine_check [--runs 3] [--rate 4]

Builds and serves the site (as bench pages does), opens /lessons/new/ in Debian's Chromium at a
phone's size with the CPU slowed four times (CDP Emulation.setCPUThrottlingRate) and a cold cache,
pastes a lesson of five puzzles (the format guide's three and two of the check's own browser test,
one of them losing a piece) and clicks Check. Printed, medians of --runs, each on a fresh browser
context:

- the check's time per puzzle: from the page saying it checks puzzle k to its saying k + 1 (or
  done), the engine already loaded; and the first puzzle from the click, with the validation and
  the engine's start;
- beside them the floor, measured in the same page and run: fetching and compiling the engine's
  WebAssembly alone (no check can start sooner);
- that the page stays responsive: the main thread's longest task while the check runs (the
  browser's Long Tasks API, each task over 50 ms), since the engine runs in a worker.

Goal (issue 30): none is set by the issue; the figures are for docs/lessons.md.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import tempfile
from pathlib import Path
from typing import Any

from bench.bench_analysis import FLOOR  # the engine's WebAssembly fetched and compiled alone
from bench.bench_pages import CHROMIUM, _serve
from bench.figures import load

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "site" / "templates" / "lessons" / "_examples" / "guide_lesson.json"
MORE = [
    {"title": "Grab the pawn?", "fen": "r1b1kbnr/pppp1ppp/2n2q2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1",
     "playerColor": "white", "moves": [{"uci": "f3e5"}, {"uci": "c6e5"}, {"uci": "d2d4"}]},
    {"title": "Back rank", "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "playerColor": "white",
     "moves": [{"uci": "a1a8"}]},
]

# In the page: the click's time, each "checking puzzle k" the status says, the end, and long tasks.
WATCH = """
window.__times = { puzzles: [], longest: 0, tasks: 0 };
document.addEventListener('click', (e) => {
  if (e.target.closest('#check-button')) window.__times.click = performance.now();
}, true);
new PerformanceObserver((list) => {
  const t = window.__times;
  if (!t.click || t.done) return;
  for (const task of list.getEntries()) { t.tasks += 1; t.longest = Math.max(t.longest, task.duration); }
}).observe({ type: 'longtask', buffered: true });
new MutationObserver(() => {
  const t = window.__times;
  const status = document.getElementById('engine-status');
  const words = status ? status.textContent : '';
  const m = /checking puzzle (\\d+)/.exec(words);
  if (m && t.puzzles.length < Number(m[1])) t.puzzles.push(performance.now());
  if (document.body.dataset.engineCheck === 'done' && !t.done) t.done = performance.now();
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""


def lesson() -> list[dict[str, Any]]:
    """The five puzzles checked: the format guide's lesson and two of the check's browser test."""
    return [*json.loads(GUIDE.read_text(encoding="utf-8")), *MORE]


def _one(browser: Any, url: str, rate: int) -> dict[str, float]:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, service_workers="block", base_url=url,
    )
    context.add_init_script(WATCH)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    page.goto("/lessons/new/")
    page.fill("#import-text", json.dumps(lesson(), indent=2))
    if rate > 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    wasm = page.get_attribute("#import-report-box", "data-engine").replace(".js", ".wasm")
    floor = page.evaluate(FLOOR, wasm)
    page.click("#check-button")
    page.wait_for_selector("body[data-engine-check=done]", timeout=600_000)
    t = page.evaluate("window.__times")
    context.close()
    marks = [*t["puzzles"], t["done"]]
    each = [b - a for a, b in itertools.pairwise(marks[1:])]  # puzzles 2.., the engine loaded
    return {"floor": floor, "first": marks[1] - t["click"], "each": statistics.median(each),
            "worst": max(each), "longest": t["longest"], "tasks": t["tasks"], "count": len(t["puzzles"])}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench engine_check")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rate", type=int, default=4, help="the CPU slowdown (4: the phone profile)")
    parser.add_argument("--url", help="measure the site served there (e.g. by `make serve`) instead of "
                                      "building and serving this checkout")
    options = parser.parse_args(argv or [])
    from playwright.sync_api import sync_playwright

    def measure(url: str) -> list[dict[str, Any]]:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            runs = [_one(browser, url, options.rate) for _ in range(options.runs)]
            browser.close()
        return runs

    if options.url:
        runs = measure(options.url.rstrip("/"))
    else:
        with tempfile.TemporaryDirectory(prefix="pb-bench-engine-check-") as tmp:
            server, url = _serve(Path(tmp))
            try:
                runs = measure(url)
            finally:
                server.terminate()
                server.wait(timeout=30)
    med = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
    print(f"the engine's check of a lesson of {int(med['count'])} puzzles on /lessons/new/, CPU slowed "
          f"{options.rate}x, cold cache, median of {options.runs}:")
    print(f"  per puzzle, the engine loaded (depth 12, two lines)   {med['each']:7.0f} ms"
          f"  (slowest {med['worst']:.0f} ms)")
    print(f"  the first puzzle from the click (validate, engine start) {med['first']:5.0f} ms")
    print(f"  floor: fetch + compile the WebAssembly alone          {med['floor']:7.0f} ms")
    print(f"  the page stays responsive: longest main-thread task    {med['longest']:6.0f} ms"
          f"  ({med['tasks']:.0f} over 50 ms while checking)")
    print(f"  ({load()})")
