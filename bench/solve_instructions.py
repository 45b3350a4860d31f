"""Instructions a first solve costs the server over HTTP, counted by callgrind: the figure a busy
machine doesn't move (issue 45's goal 2 is CPU time, which another process's load on the same cores
moves by half and more; bench/bench_api.py says how that is taken).

Each server (the API, the floor, and with `against` the code before's API) runs as `bench api
--http` runs it, under `valgrind --tool=callgrind` with counting off; after WARM solves from the
same client counting is switched on (`callgrind_control -i on`), SOLVES solves are posted, and it
is switched off. The count is the server process's user-space instructions, every thread's, over
the requests: uvicorn, the sockets' Python side, the app, SQLite, pydantic-core. What the kernel does
for a request (its system calls: the sockets, the log's writes, the file's locks and stat) is not in
it; `bench api --http`'s CPU time has it. Each server's instructions are also split by the library
they ran in (their own instructions, not what they call): the interpreter (Python code), SQLite,
pydantic-core, OpenSSL and the C library, the rest together.

    python -m bench api --instructions [--against DIR]      needs valgrind; some minutes
"""

from __future__ import annotations

import asyncio
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

SOLVES = 300
WARM = 100
# Libraries by a part of their file's name, in the order a name is tested.
LIBRARIES = (("SQLite", "sqlite3"), ("pydantic-core", "_pydantic_core"), ("OpenSSL", "libcrypto"),
             ("the C library", "libc."), ("the interpreter", "python3"))


def available() -> bool:
    """Whether valgrind and callgrind_control are on the PATH."""
    return shutil.which("valgrind") is not None and shutil.which("callgrind_control") is not None


def _by_library(out: Path) -> Counter[str]:
    """Each library's own instructions (a function's cost lines, not its calls') in a callgrind file."""
    objects: dict[str, str] = {}
    own: Counter[str] = Counter()
    current = ""
    after_call = False
    for line in out.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith(("ob=", "cob=")):  # an object, named the first time its number is
            found = re.match(r"c?ob=\((\d+)\)(?: (.*))?", line)
            name = line.split("=", 1)[1]
            if found:
                if found.group(2):
                    objects[found.group(1)] = found.group(2)
                name = objects.get(found.group(1), "")
            if line.startswith("ob="):
                current = name
            continue
        if line.startswith("calls="):
            after_call = True
            continue
        if line[:1].isdigit() or line[:1] in "+-*":
            if after_call:
                after_call = False
                continue
            parts = line.split()
            if len(parts) >= 2 and parts[1].isdigit():
                own[current] += int(parts[1])
    named: Counter[str] = Counter()
    for path, count in own.items():
        name = Path(path).name
        label = next((label for label, part in LIBRARIES if part in name), "the rest")
        named[label] += count
    return named


def _counting(pid: int, state: str) -> None:
    subprocess.run(["callgrind_control", "-i", state, str(pid)], capture_output=True, check=True)


def count(server_code: str, checkout: Path, solves: int = SOLVES,
          warm: int = WARM) -> tuple[float, Counter[str]]:
    """(instructions a request, each library's own a request) for `server_code` run in `checkout`."""
    from bench.bench_api import ROOT, _drive, _env, _free_port, _request, _ticketed, _ticketed_in

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        made = solves + warm
        posts = _ticketed(db, made) if checkout == ROOT else _ticketed_in(checkout, db, made)
        port = _free_port()
        out = Path(tmp) / "callgrind.out"
        server = subprocess.Popen(
            ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
             sys.executable, "-c", server_code, str(db), str(port)],
            cwd=checkout, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )
        try:
            deadline = time.monotonic() + 600
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                    break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise RuntimeError("uvicorn didn't start under valgrind") from None
                    time.sleep(0.5)
            asyncio.run(_drive(port, [_request(t, b) for t, b in posts[:warm]]))
            _counting(server.pid, "on")
            _, statuses = asyncio.run(_drive(port, [_request(t, b) for t, b in posts[warm:]]))
            _counting(server.pid, "off")
        finally:
            server.send_signal(signal.SIGINT)
            _, err = server.communicate(timeout=600)
        if statuses != {200: solves}:
            raise RuntimeError(f"the solves weren't all taken: {statuses}")
        total = re.search(r"I\s+refs:\s+([\d,]+)", err)
        if total is None:
            raise RuntimeError(f"callgrind printed no count:\n{err[-2000:]}")
        libraries = _by_library(out)
        return int(total.group(1).replace(",", "")) / solves, Counter(
            {name: n / solves for name, n in libraries.items()})


def report(against: Path | None = None, solves: int = SOLVES) -> list[str]:
    """The printed lines: each server's instructions a request and by library, and the solve route's
    own work (the API's less the floor's), the code before's beside it."""
    from bench.bench_api import FLOOR_SERVER, ROOT, SERVER

    servers = [("the API", SERVER, ROOT), ("the floor", FLOOR_SERVER, ROOT)]
    if against is not None:
        servers.append((f"the code before's API ({against})", SERVER, against))
    counted = {name: count(code, checkout, solves) for name, code, checkout in servers}
    lines = []
    for name, (total, libraries) in counted.items():
        parts = ", ".join(f"{label} {libraries[label]:,.0f}" for label, _ in (*LIBRARIES, ("the rest", ""))
                          if libraries[label])
        lines.append(f"{name}: {total:,.0f} instructions a first solve over HTTP (callgrind, {solves} "
                     f"solves; each library's own: {parts})")
    floor = counted["the floor"][0]
    own = counted["the API"][0] - floor
    was = ""
    if against is not None:
        before = counted[f"the code before's API ({against})"][0] - floor
        was = f"; the code before's {before:,.0f} ({own / before - 1:+.1%})"
    lines.append(f"the solve route's own work in instructions (the API's less the floor's): {own:,.0f}{was}")
    return lines
