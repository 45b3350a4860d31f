"""The API's speed: cold import of the Lambda module, a solve in-process, solves per second over HTTP.

    python -m bench api

Each figure is printed beside a floor measured in the same run, so a busy machine moves both:

1. Cold import of functions/handler.py in fresh interpreters (the module makes the app; the
   DynamoDB client and the passkey library wait for the first request that needs them), beside the
   floor: a bare `import fastapi, mangum, boto3` in the same fresh interpreters, the two taken in
   turn. The ratio of the medians is the goal (<= 1.2). With SQLite, and with DynamoDB; with
   DynamoDB also the import plus what the SnapStart hook makes before the snapshot (what a first
   request would add without SnapStart: printed for the record, with no goal, as a restored
   instance starts with it made). Both sides read compiled bytecode (a cache in a temporary
   folder, written by a first run), as the site packages already do: compiling our own sources
   on every run (with PYTHONDONTWRITEBYTECODE set) is not import work, and counted it against the
   handler only.
2. A first solve posted in-process through the ASGI app on SQLite: p50 and p99
   (goal p50 < 5 ms). Every post is a new first solve with its play ticket, so each one writes.
   Each post is its own player's: a rated result closes its player's current play, and a player
   posts at most RATED_PER_HOUR rated results an hour. The plays are opened before the clock starts,
   ten minutes back (a ticket a second old is "too fast" for a two-move puzzle), as a real player's
   play is opened when the puzzle is, before the result.
3. First solves per second over real HTTP to uvicorn (one worker, SQLite), from a light asyncio
   client with keep-alive connections in another process, beside the floor: a bare FastAPI route
   taking the same JSON body and doing one SQLite insert (the store's WAL settings), driven the
   same way. Goal: >= 0.6 of the floor.
4. The write-ahead log under sustained writes: 100,000 first solves kept back to back in a new
   SQLite store (the route's ChessRecords.record_solve, without HTTP), the -wal file's size read
   after every one. Goal: it stays under 64 MB (docs/store.md, "Checkpoints"); printed beside the
   file's own size.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
IMPORT_RUNS = 7
IMPORT_GOAL = 1.2
THROUGHPUT_GOAL = 0.6
INPROCESS_POSTS = 600
HTTP_POSTS = 3000
HTTP_CONNECTIONS = 16
SUSTAINED_RESULTS = 100_000
LOG_GOAL_BYTES = 64 * 1024 * 1024
SITE_KEY = "bench-key"
# Plays opened this long before their results (see `_ticketed`).
PLAY_OPENED_AGO = dt.timedelta(minutes=10)


def _env(**extra: str) -> dict[str, str]:
    env = {**os.environ, "SITE_KEY": SITE_KEY, "AWS_DEFAULT_REGION": "us-east-1", **extra}
    env.setdefault("AWS_ACCESS_KEY_ID", "bench")
    env.setdefault("AWS_SECRET_ACCESS_KEY", "bench")
    return env


HANDLER_IMPORT = "functions.handler"
FLOOR_IMPORT = "fastapi, mangum, boto3"


WARMED_IMPORT = "functions.handler; functions.handler.before_snapshot()"


def _import_seconds(modules: str, cwd: str, env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) to import `modules` in a fresh interpreter. The CPU time is the
    steadier of the two on a shared machine: waiting for a core counts in the first only."""
    code = (
        f"import time; t, c = time.perf_counter(), time.process_time(); import {modules}; "
        "print(time.perf_counter() - t, time.process_time() - c)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True, check=True
    )
    wall, cpu = done.stdout.strip().splitlines()[-1].split()
    return float(wall), float(cpu)


def cold_import(
    store_url: str, subject: str = HANDLER_IMPORT
) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """(wall, CPU) seconds to import `subject` (functions.handler: the module builds the app) and the
    floor (a bare `import fastapi, mangum, boto3`) in fresh interpreters, taken in turn so both see
    the same load, both from compiled bytecode."""
    handler, floor = [], []
    with tempfile.TemporaryDirectory() as tmp:
        env = _env(PUZZLEBOOK_STORE=store_url, PYTHONPYCACHEPREFIX=str(Path(tmp) / "pycache"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for modules in (subject, FLOOR_IMPORT):  # the first runs write the bytecode, warm the disk cache
            _import_seconds(modules, tmp, env)
        for _ in range(IMPORT_RUNS):
            handler.append(_import_seconds(subject, tmp, env))
            floor.append(_import_seconds(FLOOR_IMPORT, tmp, env))
    return handler, floor


def _solve_bodies(bundle: Any, count: int) -> list[dict[str, Any]]:
    """`count` first solves of distinct two-move puzzles (no ticket yet: see `_ticketed`)."""
    from puzzlebook.chess.puzzle import Puzzle

    bodies = []
    for band in ("Easy", "Medium", "Hard", "Beginner", "Expert"):
        for row in bundle.rows(band):
            if len(row[2].split()) == 4 and row[0] not in bundle.retired:
                solution = Puzzle.from_row(row, band).solution
                bodies.append(
                    {"id": row[0], "band": band, "moves": solution, "mistakes": 0, "hints": 1, "seconds": 20}
                )
                if len(bodies) == count:
                    return bodies
    raise RuntimeError("the bundle has too few two-move puzzles for this benchmark")


def _ticketed(db: Path, count: int) -> list[tuple[str, dict[str, Any]]]:
    """`count` (bearer token, solve body) pairs, each a new player's first solve carrying the ticket
    of that player's current play, opened ten minutes back (PLAY_OPENED_AGO) in the store at `db`."""
    from functions.auth import new_secret, token_of
    from puzzlebook.chess.shards import Bundle
    from service.plays import open_play
    from service.settings import ROOT
    from service.store.sqlite import SqliteStore

    store = SqliteStore(db)
    opened = dt.datetime.now(dt.UTC) - PLAY_OPENED_AGO
    pairs = []
    for k, body in enumerate(_solve_bodies(Bundle(ROOT / "shards"), count)):
        secret, hashed = new_secret()
        player = store.create_player(f"bench{k}", hashed, opened)
        issued = open_play(store, SITE_KEY.encode(), player.id, "chess", body["id"], opened)
        pairs.append((token_of(player.id, secret), {**body, "ticket": issued.text}))
    store.close()
    return pairs


async def _asgi_call(
    app: Any, path: str, body: dict[str, Any], headers: list[tuple[bytes, bytes]]
) -> tuple[int, Any]:
    raw = json.dumps(body).encode()
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "scheme": "http",
        "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(raw)).encode()),
            *headers,
        ],
        "client": ("127.0.0.1", 9),
        "server": ("127.0.0.1", 80),
    }
    delivered = False

    async def receive() -> dict[str, Any]:
        nonlocal delivered
        if not delivered:
            delivered = True
            return {"type": "http.request", "body": raw, "more_body": False}
        await asyncio.Event().wait()
        return {"type": "http.disconnect"}

    status, chunks = 0, []

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(scope, receive, send)
    return status, json.loads(b"".join(chunks))


def in_process() -> list[float]:
    """Seconds per first-solve post through the ASGI app (as Mangum calls it), on SQLite."""
    from functions.app import create_app
    from service.settings import load
    from service.store.sqlite import SqliteStore

    async def run(tmp: str) -> list[float]:
        db = Path(tmp) / "bench.sqlite3"
        posts = _ticketed(db, INPROCESS_POSTS + 50)
        store = SqliteStore(db)
        app = create_app(load({"SITE_KEY": SITE_KEY}, warn=False), store)

        async def post(token: str, body: dict[str, Any]) -> tuple[int, Any]:
            auth = [(b"authorization", f"Bearer {token}".encode())]
            return await _asgi_call(app, "/api/chess/solves", body, auth)

        for token, body in posts[:50]:  # warm: today's dailies kept, shards read, code paths hot
            await post(token, body)
        times = []
        for token, body in posts[50:]:
            start = time.perf_counter()
            status, answer = await post(token, body)
            times.append(time.perf_counter() - start)
            if status != 200 or answer["already"]:
                raise RuntimeError(f"unexpected answer {status} {answer}")
        store.close()
        return times

    with tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(run(tmp))


def sustained_writes(db: Path, results: int) -> tuple[int, int, float]:
    """Write `results` first solves back to back into a new SQLite store at `db`, as the solve
    route keeps them (ChessRecords.record_solve: the records, tallies and history of each), 50
    players taking turns; the log's size read after every one. (The log's largest size in bytes,
    the file's size once they are written, results per CPU second.)"""
    from puzzlebook.chess.results import SolvePost
    from service.games.chess.records import ChessRecords
    from service.store.sqlite import SqliteStore

    log = db.with_name(db.name + "-wal")
    store = SqliteStore(db)
    records = ChessRecords(store)
    now = dt.datetime(2026, 11, 2, 12, tzinfo=dt.UTC)
    players = [store.create_player(f"writer{k}", f"hash-{k}", now).id for k in range(50)]
    largest = 0
    start = time.process_time()
    for n in range(results):
        solve = SolvePost(puzzle_id=f"x{n:06d}", band="Medium", puzzle_rating=1500, moves=["e2e4", "e7e5"],
                          mistakes=0, hints=0, seconds=20, on=now.date(), themes=("fork", "short"))
        records.record_solve(players[n % len(players)], solve, now + dt.timedelta(seconds=n))
        largest = max(largest, log.stat().st_size)
    cpu = time.process_time() - start
    file_size = db.stat().st_size
    store.close()
    return largest, file_size, results / cpu if cpu else 0.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


SERVER = """
import sys, uvicorn
from functions.app import create_app
from service.store.sqlite import SqliteStore
from service.settings import load
app = create_app(load({"SITE_KEY": "bench-key"}, warn=False), SqliteStore(sys.argv[1]))
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), workers=1, log_level="warning", access_log=False)
"""

# The floor: the least a FastAPI route that keeps a posted solve can do. The same path, body and
# headers as a real solve; one INSERT into SQLite with the store's settings (WAL, synchronous=NORMAL,
# autocommit), answered with a small JSON object.
FLOOR_SERVER = """
import sqlite3, sys, uvicorn
from typing import Any
from fastapi import Body, FastAPI
db = sqlite3.connect(sys.argv[1], isolation_level=None, check_same_thread=False)
db.execute("PRAGMA journal_mode=WAL")
db.execute("PRAGMA synchronous=NORMAL")
db.execute("CREATE TABLE IF NOT EXISTS solves (k INTEGER PRIMARY KEY, body TEXT)")
app = FastAPI()
count = 0

@app.post("/api/chess/solves")
def solve(body: dict[str, Any] = Body(...)) -> dict[str, Any]:
    global count
    count += 1
    db.execute("INSERT INTO solves (k, body) VALUES (?, ?)", (count, body["id"]))
    return {"ok": True, "already": False}

uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), workers=1, log_level="warning", access_log=False)
"""


def _request(token: str, body: dict[str, Any]) -> bytes:
    raw = json.dumps(body).encode()
    head = (
        "POST /api/chess/solves HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Authorization: Bearer {token}\r\nContent-Length: {len(raw)}\r\n\r\n"
    )
    return head.encode() + raw


async def _drive(port: int, requests: list[bytes]) -> tuple[float, dict[int, int]]:
    queue: asyncio.Queue[bytes] = asyncio.Queue()
    for r in requests:
        queue.put_nowait(r)
    statuses: dict[int, int] = {}

    async def worker() -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        while not queue.empty():
            writer.write(queue.get_nowait())
            head = await reader.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            status = int(lines[0].split()[1])
            length = next(
                int(v)
                for k, _, v in (line.partition(":") for line in lines[1:])
                if k.lower() == "content-length"
            )
            await reader.readexactly(length)
            statuses[status] = statuses.get(status, 0) + 1
        writer.close()

    start = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(HTTP_CONNECTIONS)))
    return time.perf_counter() - start, statuses


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds the process has used (Linux /proc), 0 where unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def over_http(server_code: str = SERVER) -> tuple[float, dict[int, int], float]:
    """First solves per second to uvicorn (one worker) over SQLite, the statuses seen, and the
    solves per CPU second the server spent (what one free core would sustain; the machine is shared).
    `server_code` is the server's script: the API (SERVER) or the floor (FLOOR_SERVER)."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        posts = _ticketed(db, HTTP_POSTS)
        port = _free_port()
        server = subprocess.Popen(
            [sys.executable, "-c", server_code, str(db), str(port)], cwd=ROOT, env=_env()
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise RuntimeError("uvicorn didn't start") from None
                    time.sleep(0.05)
            warm = [_request(t, b) for t, b in posts[:100]]
            asyncio.run(_drive(port, warm))
            requests = [_request(t, b) for t, b in posts[100:]]
            cpu_before = _cpu_seconds(server.pid)
            seconds, statuses = asyncio.run(_drive(port, requests))
            cpu = _cpu_seconds(server.pid) - cpu_before
            return len(requests) / seconds, statuses, (len(requests) / cpu if cpu else 0.0)
        finally:
            server.terminate()
            server.wait(10)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def _verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def main() -> None:
    for label, url, subject, held in (
        ("DynamoDB store", "dynamodb://puzzlebook-bench", HANDLER_IMPORT, True),
        ("SQLite store", "sqlite:///bench.sqlite3", HANDLER_IMPORT, True),
        # What a cold start without SnapStart adds at its first request; with it, the snapshot holds it.
        ("DynamoDB store, client and passkey library made", "dynamodb://puzzlebook-bench", WARMED_IMPORT,
         False),
    ):
        handler, floor = cold_import(url, subject)
        wall = [statistics.median(run[0] for run in runs) for runs in (handler, floor)]
        cpu = [statistics.median(run[1] for run in runs) for runs in (handler, floor)]
        ratio, cpu_ratio = wall[0] / wall[1], cpu[0] / cpu[1]
        print(
            f"cold import of functions/handler.py ({label}): median {_ms(wall[0])} "
            f"(CPU {_ms(cpu[0])}) against the floor `import {FLOOR_IMPORT}`: median {_ms(wall[1])} "
            f"(CPU {_ms(cpu[1])}), {len(handler)} fresh interpreters each; ratio {ratio:.2f}, "
            f"of CPU time {cpu_ratio:.2f} "
            + (f"(goal <= {IMPORT_GOAL}: {_verdict(ratio <= IMPORT_GOAL)})" if held
               else "(made before SnapStart's snapshot, not in a cold start: no goal)")
        )
    times = sorted(in_process())
    p50 = times[len(times) // 2]
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(
        f"first solve in-process (ASGI, SQLite): p50 {_ms(p50)}, p99 {_ms(p99)} over {len(times)} posts "
        "(goal p50 < 5 ms)"
    )
    rate, statuses, per_cpu = over_http()
    floor_rate, floor_statuses, floor_per_cpu = over_http(FLOOR_SERVER)
    print(
        f"first solves over HTTP to uvicorn (1 worker, SQLite, {HTTP_CONNECTIONS} keep-alive connections): "
        f"{rate:.0f} per second, statuses {statuses}; {per_cpu:.0f} per second of the server's CPU time"
    )
    print(
        f"the floor, a bare FastAPI route doing one SQLite insert, driven the same way: {floor_rate:.0f} "
        f"per second, statuses {floor_statuses}; {floor_per_cpu:.0f} per second of its CPU time"
    )
    share, cpu_share = rate / floor_rate, (per_cpu / floor_per_cpu if floor_per_cpu else 0.0)
    print(
        f"solves per second against the floor: {share:.2f} (per CPU second {cpu_share:.2f}); "
        f"goal >= {THROUGHPUT_GOAL}: {_verdict(share >= THROUGHPUT_GOAL)}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        largest, file_size, per_cpu = sustained_writes(Path(tmp) / "bench.sqlite3", SUSTAINED_RESULTS)
    mb = 1024 * 1024
    print(
        f"{SUSTAINED_RESULTS:,} first solves kept back to back (ChessRecords.record_solve, SQLite): the log "
        f"(-wal) at most {largest / mb:.1f} MB beside the file's {file_size / mb:.1f} MB; goal < "
        f"{LOG_GOAL_BYTES // mb} MB: {_verdict(largest < LOG_GOAL_BYTES)} "
        f"({per_cpu:.0f} results per CPU second)"
    )
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
