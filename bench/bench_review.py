"""What one review post costs the server, and what two clients posting reviews do to everyone else.

    python -m bench review             both parts
    python -m bench review --pings 40  more /api/health pings under load (default 20)

A signed-in player's browser posts its whole review (POST /api/chess/review; docs/review.md), and the
server merges it and answers every card with the day it comes back (FSRS over the card's results).

1. One post, in-process through the ASGI app on SQLite, of each review: the largest the API takes
   (MAX_CARDS cards holding MAX_REVIEW_RESULTS results between them) and the attack's (400 cards of
   30 results each). CPU seconds of the process for the post (the worker thread's included), the
   wall time, and the answer's status. Goal: the largest taken costs under 0.25 s of CPU.
2. /api/health's latency over real HTTP (uvicorn, one worker, SQLite, in a process of its own) while
   two clients post a review back to back, each in a thread of this process: the median and the
   longest of `--pings` pings, beside the same pings with nobody posting. Each review in turn: the
   largest the API takes, then the attack's. Goal: the median under load within 50 ms of the idle
   median (the event loop never waits on a review's work).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import multiprocessing
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench.figures import load, verdict

NOON = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)
ATTACK = (400, 30)  # cards, results a card: the attacker's post
CPU_GOAL = 0.25  # seconds of CPU for the largest review the API takes
LOAD_GOAL_MS = 50.0  # the health check's median under load, over its idle median


def review(cards: int, results: int) -> bytes:
    """A review of `cards` cards with `results` results in all (spread as evenly as they go), each a
    miss or help on its own day before NOON: the body a browser posts."""
    start = NOON.date() - dt.timedelta(days=340)
    body = []
    for k in range(cards):
        n = results // cards + (k < results % cards)
        days = [(start + dt.timedelta(days=d * 11 + k % 11)).isoformat() for d in range(n)]
        body.append({"band": "Beginner" if k % 2 else "Medium", "id": f"p{k:05d}",
                     "results": [[day, "miss" if d % 3 else "help"] for d, day in enumerate(days)]})
    return json.dumps({"cards": body}).encode()


def largest() -> tuple[str, bytes]:
    from puzzlebook.review.queue import MAX_CARDS, MAX_REVIEW_RESULTS

    return f"the largest taken ({MAX_CARDS} cards, {MAX_REVIEW_RESULTS:,} results)", review(
        MAX_CARDS, MAX_REVIEW_RESULTS)


def attack() -> tuple[str, bytes]:
    cards, each = ATTACK
    return f"the attack's ({cards} cards of {each} results)", review(cards, cards * each)


def _in_process() -> None:
    from fastapi.testclient import TestClient

    from functions.app import create_app
    from service.settings import load as load_settings
    from service.store.sqlite import SqliteStore

    print("1. one review post, in-process on SQLite:")
    with tempfile.TemporaryDirectory() as folder:
        settings = load_settings({"SITE_KEY": "bench-key", "PUZZLEBOOK_DIST": folder}, warn=False)
        store = SqliteStore(Path(folder) / "bench.sqlite3")
        try:
            with TestClient(create_app(settings, store, clock=lambda: NOON)) as client:
                for name, body in (largest(), attack()):
                    made = client.post("/api/players", json={"name": "Bench"}).json()
                    headers = {"Authorization": f"Bearer {made['token']}", "Content-Type": "application/json"}
                    cpu, wall = time.process_time(), time.perf_counter()
                    got = client.post("/api/chess/review", content=body, headers=headers)
                    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
                    taken = got.status_code == 200
                    goal = f"; goal < {CPU_GOAL} s: {verdict(cpu < CPU_GOAL)}" if taken else ""
                    print(f"   {name}, {len(body) / 1024:.0f} KB: {cpu:.3f} s of CPU, {wall:.3f} s wall, "
                          f"answered {got.status_code}{goal}")
        finally:
            store.close()
    print(f"   ({load()})")


def _serve(folder: str, port: int) -> None:
    """The API over SQLite on `port`, one uvicorn worker: the process part 2 pings."""
    import uvicorn

    from functions.app import create_app
    from service.settings import load as load_settings
    from service.store.sqlite import SqliteStore

    settings = load_settings({"SITE_KEY": "bench-key", "PUZZLEBOOK_DIST": folder}, warn=False)
    app = create_app(settings, SqliteStore(Path(folder) / "bench.sqlite3"), clock=lambda: NOON)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _pings(client: Any, n: int) -> list[float]:
    times = []
    for _ in range(n):
        started = time.perf_counter()
        client.get("/api/health")
        times.append((time.perf_counter() - started) * 1000)
        time.sleep(0.05)
    return times


def _under_load(base: str, body: bytes, pings: int) -> tuple[list[float], int]:
    """The pings' times while two clients post `body` back to back; how many posts they made."""
    import httpx2

    stop = threading.Event()
    posted = [0, 0]

    def poster(k: int) -> None:
        with httpx2.Client(base_url=base, timeout=120) as client:
            made = client.post("/api/players", json={"name": f"Poster {k}"}).json()
            headers = {"Authorization": f"Bearer {made['token']}", "Content-Type": "application/json"}
            while not stop.is_set():
                client.post("/api/chess/review", content=body, headers=headers)
                posted[k] += 1

    threads = [threading.Thread(target=poster, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    with httpx2.Client(base_url=base, timeout=120) as client:
        while sum(posted) == 0 and all(t.is_alive() for t in threads):
            time.sleep(0.05)  # both clients are at it once the first post is back
        times = _pings(client, pings)
    stop.set()
    for t in threads:
        t.join()
    return times, sum(posted)


def _over_http(pings: int) -> None:
    import httpx2

    print("2. /api/health over HTTP (uvicorn, SQLite) while two clients post reviews back to back:")
    with tempfile.TemporaryDirectory() as folder:
        port = _free_port()
        server = multiprocessing.get_context("spawn").Process(target=_serve, args=(folder, port), daemon=True)
        server.start()
        base = f"http://127.0.0.1:{port}"
        try:
            with httpx2.Client(base_url=base, timeout=5) as client:
                deadline = time.monotonic() + 60
                while True:
                    try:
                        client.get("/api/health")
                        break
                    except httpx2.TransportError:
                        if time.monotonic() > deadline:
                            raise
                        time.sleep(0.1)
                idle = _pings(client, pings)
            idle_median = statistics.median(idle)
            print(f"   nobody posting: median {idle_median:.1f} ms, longest {max(idle):.1f} ms")
            for name, body in (largest(), attack()):
                times, posted = _under_load(base, body, pings)
                median = statistics.median(times)
                print(f"   two clients posting {name}: median {median:.1f} ms, longest {max(times):.1f} ms "
                      f"({posted} posts meanwhile); goal median within {LOAD_GOAL_MS:.0f} ms of idle: "
                      f"{verdict(median - idle_median <= LOAD_GOAL_MS)}")
        finally:
            server.terminate()
            server.join(10)
    print(f"   ({load()})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench review")
    parser.add_argument("--pings", type=int, default=20, help="health pings each way (default 20)")
    options = parser.parse_args(argv or [])
    if options.pings < 1:
        parser.error("--pings must be at least 1")
    _in_process()
    _over_http(options.pings)
