"""What a page's first view costs until it is playable (a game's page) or loaded (the others), for
`python -m bench pages`: the requests and bytes, and the main thread's long tasks from a Chromium
trace with the CPU slowed four times.

- **Playable or loaded**: the moment READY's test first holds (a MutationObserver in the page checks
  it as the page changes), marked with `performance.mark('pb-ready')`, which the trace carries too.
  A game's page is playable when the player can move (the board takes moves, Chain's tiles are
  there); the others are loaded at their `load` event.
- **Requests and bytes**: the page's own and every resource it asked for before that moment
  (Resource Timing: `transferSize`, the bytes as sent with their headers), in a fresh context with
  no cache and no service worker.
- **Long tasks**: the renderer's main-thread tasks (`RunTask`) over 50 ms that started before that
  moment, summed, with the CPU slowed four times (CDP `Emulation.setCPUThrottlingRate`), as
  Lighthouse's phone is.
- **Our own work** (issue 45's goal for a daily by its address: under 60 ms): the main thread's time
  before that moment with a frame of the site's own scripts (`/static/`: our modules and the vendors
  we ship) on its stack, from the trace's own CPU profile (its samples, `ProfileChunk`), with the CPU
  slowed four times: what our code costs the page's thread, the work it forces (a layout it reads,
  DOM it builds) included, Chromium's own (the navigation, parsing, the first layout's font lookup,
  painting) left out, whichever task it falls in.

The page is waited for by the console message it logs when ready: any
  wait of Playwright's in the page (`wait_for_function`, even polling once a second) first
  evaluates its injected script there, itself a task of 45-60 ms at that slowdown (most of it
  parsing) that counted among the page's long tasks whenever the page was not ready by `load`.
"""

from __future__ import annotations

import bisect
import itertools
import json
import statistics
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from bench.source_maps import SourceMaps

SLOWDOWN = 4
LONG_TASK_MS = 50
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "blink.user_timing",
              "__metadata", "disabled-by-default-v8.cpu_profiler"]
OURS = "/static/"  # the path of the site's own scripts (and the vendors it ships)
PHONE = {"width": 412, "height": 823}

# What "ready" is for each page (by the start of its label): a selector that is there once the page
# is playable, or None for the load event.
READY: dict[str, str | None] = {
    "home": "#daily-list .daily-item",
    "daily": '.board-grid[aria-disabled="false"]',
    "chain": "#chain-hand [data-tile]",
}

_WATCH = """(selector) => {
  const ready = () => {
    if (window.__pbReady) return
    window.__pbReady = performance.now()
    performance.mark('pb-ready')
    console.debug('pb-ready')
  }
  if (!selector) { addEventListener('load', ready); return }
  const observer = new MutationObserver(() => {
    if (document.querySelector(selector)) { observer.disconnect(); ready() }
  })
  observer.observe(document, { subtree: true, childList: true, attributes: true })
}"""

_TRAFFIC = """() => {
  const until = window.__pbReady
  const nav = performance.getEntriesByType('navigation')[0]
  const before = performance.getEntriesByType('resource').filter((e) => e.startTime < until)
  const bytes = nav.transferSize + before.reduce((n, e) => n + e.transferSize, 0)
  return { requests: 1 + before.length, bytes }
}"""


@dataclass(frozen=True)
class FirstView:
    requests: int
    bytes: int
    long_ms: float  # the long tasks' time before ready, summed (wall time, as Lighthouse counts it)
    long_count: int
    cpu_ms: float  # the same by the tasks' thread CPU time (tdur), which other processes don't lengthen
    ours_ms: float = 0.0  # the main thread's time with our code on its stack (the trace's CPU samples)
    # that time by our innermost function on the stack ("module:line name": ms, by CPU), when asked for
    frames: tuple[tuple[str, float], ...] = ()
    ours_cpu_ms: float = 0.0  # ours_ms with each sample scaled by its task's CPU share (own_work by_cpu)


def ready_selector(label: str) -> str | None:
    return next((selector for start, selector in READY.items() if label.startswith(start)), None)


def measure(browser: Any, url: str, label: str, player: dict[str, Any] | None = None,
            maps: SourceMaps | None = None) -> FirstView:
    """One first view of `url` (a page labelled `label`) in a fresh context, as `player` when given;
    with `maps`, our own work by function too (`own_frames`)."""
    context = browser.new_context(viewport=PHONE, service_workers="block")
    try:
        # The once-a-browser "how to move" dialog seen, as the browser tests and the budgets have it:
        # the board takes moves at once rather than once a person has read it.
        context.add_init_script("localStorage.setItem('pb:chess:first-move', 'true')")
        if player is not None:
            context.add_init_script(f"localStorage.setItem('pb:player', {json.dumps(json.dumps(player))})")
        context.add_init_script(f"({_WATCH})({json.dumps(ready_selector(label))})")
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
        browser.start_tracing(page=page, categories=CATEGORIES)
        try:
            with page.expect_console_message(lambda m: m.text == "pb-ready", timeout=180_000):
                page.goto(url)
        finally:
            trace = browser.stop_tracing()
        page.wait_for_load_state("networkidle")
        traffic = page.evaluate(_TRAFFIC)
        events = json.loads(trace)
        long_ms, count = long_tasks(events)
        cpu_ms, _ = long_tasks(events, clock="tdur")
        frames = tuple(own_frames(events, maps).items()) if maps is not None else ()
        ours, ours_cpu = own_work(events), own_work(events, by_cpu=True)
        return FirstView(traffic["requests"], traffic["bytes"], long_ms, count, cpu_ms, ours, frames,
                         ours_cpu)
    finally:
        context.close()


def long_tasks(trace: Any, clock: str = "dur") -> tuple[float, int]:
    """The main-thread tasks over LONG_TASK_MS before the page's `pb-ready` mark: (ms summed, count),
    by their wall time (`dur`) or their thread's CPU time (`tdur`)."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    mark = next(e for e in events if e.get("name") == "pb-ready" and e.get("ph") in ("R", "I", "i", "b", "n"))
    mains = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
             and e["args"].get("name") == "CrRendererMain"}
    main = next(((pid, tid) for pid, tid in mains if pid == mark["pid"]), None)
    long = [e.get(clock, 0) / 1000 for e in events
            if e.get("name") == "RunTask" and e.get("ph") == "X" and (e["pid"], e["tid"]) == main
            and e["ts"] < mark["ts"] and e.get(clock, 0) / 1000 > LONG_TASK_MS]
    return sum(long), len(long)


def _main_thread(events: list[Any]) -> tuple[tuple[int, int] | None, dict[str, Any]]:
    """The renderer's main thread of the page that marked `pb-ready` (pid, tid), and the mark."""
    mark = next(e for e in events if e.get("name") == "pb-ready" and e.get("ph") in ("R", "I", "i", "b", "n"))
    mains = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
             and e["args"].get("name") == "CrRendererMain"}
    return next(((pid, tid) for pid, tid in mains if pid == mark["pid"]), None), mark


def _samples(events: list[Any]) -> Iterator[Any]:
    """The main thread's CPU profile samples before the page's `pb-ready` mark (the trace's `Profile`
    and `ProfileChunk` events): (the profile's nodes, the sample's node, its time in ms to the next
    sample, the sample's time on the trace's clock)."""
    main, mark = _main_thread(events)
    profiles: dict[Any, dict[str, Any]] = {}
    for e in events:
        if e.get("name") == "Profile" and (e.get("pid"), e.get("tid")) == main:
            start = e["args"]["data"]["startTime"]
            profiles[e["id"]] = {"start": start, "nodes": {}, "samples": [], "deltas": []}
    for e in events:
        if e.get("name") == "ProfileChunk" and e.get("id") in profiles:
            profile, data = profiles[e["id"]], e["args"]["data"]
            for node in data.get("cpuProfile", {}).get("nodes", []):
                profile["nodes"][node["id"]] = node
            profile["samples"] += data.get("cpuProfile", {}).get("samples", [])
            profile["deltas"] += data.get("timeDeltas", [])
    for profile in profiles.values():
        nodes = profile["nodes"]
        at = profile["start"]
        stamps = []
        for sample, delta in zip(profile["samples"], profile["deltas"], strict=False):
            at += delta
            stamps.append((at, sample))
        for (at, sample), (after, _) in itertools.pairwise(stamps):
            if at >= mark["ts"]:
                break
            if sample in nodes:
                ms = (after - at) / 1000
                yield nodes, sample, ms, at


def own_work(trace: Any, ours: str = OURS, by_cpu: bool = False) -> float:
    """Our own work before the page's `pb-ready` mark, in ms: the main thread's CPU profile samples
    whose stack holds a frame of a script whose address has `ours` in it, each counted for the time
    to the next sample. `by_cpu`: each sample's time scaled by its task's thread CPU time over its
    wall time (`tdur / dur`): about what it would be on an idle machine. Chromium slows the thread by
    keeping it busy, so on an idle machine a task's CPU time is its wall time; the machine's other
    work stretches the wall time (the samples') and not the CPU time."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    share = _cpu_share(events) if by_cpu else None
    total = 0.0
    mine: dict[int, Any] = {}
    for nodes, sample, ms, at in _samples(events):
        test = mine.setdefault(id(nodes), _ours_of(nodes, ours))
        if test(sample):
            total += ms * (share(at) if share else 1.0)
    return total


def _cpu_share(events: list[Any]) -> Callable[[float], float]:
    """For a time on the trace's clock: the CPU share (`tdur / dur`) of the main thread's task running
    then, at most 1 (1 outside any task)."""
    main, _ = _main_thread(events)
    tasks = sorted((e["ts"], e["ts"] + e["dur"], e.get("tdur", e["dur"]) / e["dur"]) for e in events
                   if e.get("name") == "RunTask" and e.get("ph") == "X" and (e["pid"], e["tid"]) == main
                   and e.get("dur"))
    starts = [start for start, _, _ in tasks]

    def share(at: float) -> float:
        i = bisect.bisect_right(starts, at) - 1
        if i < 0 or at >= tasks[i][1]:
            return 1.0
        return min(1.0, tasks[i][2])

    return share


def own_frames(trace: Any, maps: SourceMaps | None = None, ours: str = OURS) -> dict[str, float]:
    """Our own work before `pb-ready` by function, in ms by CPU (`own_work`'s `by_cpu`): each sample
    with our code on its stack counted to the innermost frame of ours (its self time, with the
    browser's work it called: a layout it forced, the DOM it built), named `module:line function`
    through the bundles' source maps (`maps`), else by the script's own path and line."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    maps = maps or SourceMaps(lambda url: None)
    share = _cpu_share(events)
    frames: dict[str, float] = {}
    names: dict[tuple[int, int], str | None] = {}
    for nodes, sample, wall, at in _samples(events):
        ms = wall * share(at)
        key = (id(nodes), sample)
        if key not in names:
            names[key] = _innermost(nodes, sample, maps, ours)
        name = names[key]
        if name is not None:
            frames[name] = frames.get(name, 0.0) + ms
    return frames


def _innermost(nodes: dict[int, Any], node_id: int, maps: SourceMaps, ours: str) -> str | None:
    """The name of the innermost frame of ours on a sample's stack, or None when there is none."""
    while node_id in nodes:
        frame = nodes[node_id]["callFrame"]
        url = frame.get("url", "")
        if ours in url:
            module, line, named = maps.original(url, frame.get("lineNumber", 0), frame.get("columnNumber", 0))
            return f"{module}:{line} {named or frame.get('functionName') or '(top level)'}"
        node_id = nodes[node_id].get("parent", -1)
    return None


def _ours_of(nodes: dict[int, Any], ours: str) -> Any:
    """Whether a profile node's stack (it and its callers) holds a frame of ours, memoized."""
    known: dict[int, bool] = {}

    def mine(node_id: int) -> bool:
        chain = []
        while node_id in nodes and node_id not in known:
            chain.append(node_id)
            if ours in nodes[node_id]["callFrame"].get("url", ""):
                known[node_id] = True
                break
            node_id = nodes[node_id].get("parent", -1)
        found = known.get(node_id, False)
        for seen in chain:
            known[seen] = found
        return found

    return mine


def median(views: list[FirstView]) -> FirstView:
    """The median of each figure over runs (the requests and bytes barely move; the tasks do)."""
    def mid(figure: str) -> float:
        return float(statistics.median(getattr(v, figure) for v in views))

    frames: dict[str, float] = {}
    for view in views:  # each function's mean over the runs
        for name, ms in view.frames:
            frames[name] = frames.get(name, 0.0) + ms / len(views)
    return FirstView(round(mid("requests")), round(mid("bytes")), mid("long_ms"), round(mid("long_count")),
                     mid("cpu_ms"), mid("ours_ms"), tuple(sorted(frames.items(), key=lambda f: -f[1])),
                     mid("ours_cpu_ms"))


def by_module(frames: tuple[tuple[str, float], ...]) -> list[tuple[str, float]]:
    """The functions' time summed by module, largest first.

    >>> by_module((("chess/play.js:3 open", 2.0), ("chess/play.js:9 draw", 1.0), ("lib/dom.js:1 $", 0.5)))
    [('chess/play.js', 3.0), ('lib/dom.js', 0.5)]
    """
    modules: dict[str, float] = {}
    for name, ms in frames:
        module = name.split(":", 1)[0]
        modules[module] = modules.get(module, 0.0) + ms
    return sorted(modules.items(), key=lambda m: -m[1])
