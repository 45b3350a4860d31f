"""The benchmarks run: `python -m bench NAME [options]` reaches each one's main as it expects, and
the quick ones print their figures beside their goals (two had broken unnoticed: Chain's main took
the options list as its number of days, the lessons' fixture had moved)."""

from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = sorted(
    m.name for m in pkgutil.iter_modules([str(ROOT / "bench")]) if m.name.startswith("bench_")
)


@pytest.mark.parametrize("name", BENCHMARKS)
def test_each_main_takes_nothing_or_the_options(name: str) -> None:
    parameters = list(inspect.signature(importlib.import_module(f"bench.{name}").main).parameters.values())
    assert parameters == [] or (len(parameters) == 1 and parameters[0].name == "argv"), parameters


def bench_output(*args: str) -> str:
    """What `python -m bench ARGS` prints (it must end well)."""
    done = subprocess.run([sys.executable, "-m", "bench", *args], cwd=ROOT, capture_output=True, text=True,
                          check=False, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_chain_prints_its_goals() -> None:
    out = bench_output("chain", "--days", "20")
    assert "generate(day) over 20 dates" in out and "goal < 30 ms" in out and "goals " in out


@pytest.mark.slow  # moto in a process of its own: some 3 s of CPU, 10 s on a busy machine
def test_dashboard_runs_on_both_stores() -> None:
    # A small history, few runs: the test is that both halves run (the DynamoDB half once crashed
    # setting the store's client, now read-only) and print their goals, not the times.
    out = bench_output("dashboard", "--results", "200", "--runs", "3")
    assert "SQLite: 200 results stored" in out and "DynamoDB (moto): 200 results stored" in out, out
    assert "goal <= 3.0×: " in out and "the dashboard beyond the sign-in: " in out, out


@pytest.mark.slow
def test_lessons_times_every_import_shape() -> None:
    # One run of each: the test is that every shape is checked and timed, not the best time.
    out = bench_output("lessons", "--runs", "1")
    lines = [line for line in out.splitlines() if " ms of CPU, floor " in line]
    assert len(lines) == 6, out
    assert all("goal < 0.5 s" in line and line.endswith((": met", ": NOT met")) for line in lines), lines
    assert "load average" in out and "by where (own time):" in out, out


@pytest.mark.slow  # the scale model over moto in a process of its own: 11 s of CPU
def test_scale_prints_every_shared_key_its_limits_and_goals_and_writes_the_units(tmp_path: Path) -> None:
    # A tiny scripted day (a player and the warm-up one through the real app over moto): the machinery,
    # not the figures.
    units = tmp_path / "units.json"
    out = bench_output("scale", "--players", "1", "--endless", "1", "--viewers", "1", "--out", str(units))
    for heading in ("The traffic model's assumptions:", "The scripted day", "Shared keys",
                    "The hottest shared key against its limit:", "The table's throughput", "Lambda:",
                    "The API's throttle", "The month's cost", "Goals:"):
        assert heading in out, heading
    # (The ratings board's partition is no longer read by a board view: views read its snapshot, and a
    # one-player day writes no settled rating there.)
    for key in ("GSI1 CD#<today>#", "GSI3 AT#all", "GSI2 STREAK#chess#<yesterday>",
                "GSI1 KD#<today>", "GSI1 SD#<today>", "the hottest per-player key, P#<pid>"):
        assert key in out, key
    # The day's Chain and Storm items are read once per container (the warm-up player's, unrecorded).
    shared = [line.split()[0] for line in out.splitlines() if line.startswith("  ") and line.split()]
    assert "CHAIN" not in shared and "STORM" not in shared
    goals = [line.strip() for line in out.splitlines() if line.startswith("  at ")]
    assert len(goals) == 4 and all(g.endswith((": met", ": NOT met")) for g in goals), goals
    # Live play (bench/scale/live.py): a race and a live session through the live Lambda over moto.
    assert "Live play (issue 43)" in out and "the hottest keys at 10 M" in out, out
    live_goals = [line.strip() for line in out.splitlines() if line.startswith("  goal: ")]
    assert len(live_goals) == 2 and all(g.endswith((": met", ": NOT met")) for g in live_goals), live_goals
    written = json.loads(units.read_text(encoding="utf-8"))
    assert {p["players"] for p in written["live"]["per_day"]} == {1_000, 100_000, 10_000_000}
    scales = [p["players"] for p in written["per_player_day"]]
    assert scales == [1_000, 100_000, 1_000_000, 10_000_000, 100_000_000]
    assert all(p["wru"] > 0 and p["rru"] > 0 and p["api_requests"] > 0 for p in written["per_player_day"])


@pytest.mark.slow
def test_a_solves_lambda_duration_is_printed_served_directly_and_not() -> None:
    """`python -m bench api --lambda` (bench/solve_lambda.py): a few solves of each app over moto and
    SQLite, to its end, each figure printed."""
    from bench.solve_lambda import report

    lines = report(solves=3, warm=2)
    assert len(lines) == 4
    assert "served directly" in lines[0] and "through FastAPI's routing" in lines[1]
    assert all(" billed " in line and " DynamoDB calls × " in line for line in lines[:2])
    assert lines[2].startswith("DirectRoutes saves") and "GB-s" in lines[2]


@pytest.mark.slow
def test_the_http_part_prints_a_solves_billed_lambda_duration_as_deployed() -> None:
    """Issue 45's goal 2 asks `python -m bench api --http` for a solve's billed Lambda duration too."""
    from bench.solve_lambda import billed_solve

    line = billed_solve(solves=3, warm=2)
    assert "512 MB arm64 (served directly" in line and " DynamoDB calls × " in line, line
    assert re.search(r", billed \d+ ms$", line), line


def test_a_callgrind_files_instructions_are_split_by_the_library_they_ran_in(tmp_path: Path) -> None:
    """`bench api --instructions` (bench/solve_instructions.py): each function's own cost lines count
    for its library, a call's line (its callee's, inclusive) for none; names come with a number's
    first use, in a caller's line or a callee's."""
    from bench.solve_instructions import _by_library

    out = tmp_path / "callgrind.out"
    out.write_text("\n".join([
        "version: 1", "positions: line", "events: Ir",
        "ob=(1) /usr/lib/x86_64-linux-gnu/libsqlite3.so.0.8.6", "fl=(1) ???", "fn=(1) sqlite3_step", "0 100",
        "cob=(2) /usr/bin/python3.11", "cfi=(2) ???", "cfn=(2) PyObject_Call", "calls=1 0", "0 500",
        "ob=(2)", "fl=(2)", "fn=(2)", "0 300", "+1 20",
        "ob=(1)", "fl=(1)", "fn=(1)", "* 7", "totals: 427", "",
    ]))
    assert _by_library(out) == {"SQLite": 107, "the interpreter": 320}


@pytest.mark.slow  # a real uvicorn in a process of its own and a race's 10 s countdown: some 20 s
def test_live_races_and_prints_the_p99_beside_its_floor() -> None:
    out = bench_output("live", "--racers", "20", "--races", "2", "--seconds", "3")
    assert "20 racers in 2 races on one local worker" in out, out
    assert "a move to the others seeing it: median" in out and "the floor, a ping's round trip" in out, out
    assert "refused 0" in out, out
    goal = [line for line in out.splitlines() if "goal: p99 under 250 ms" in line]
    assert len(goal) == 1 and goal[0].endswith((": met", ": NOT met")), out


def test_the_live_benchs_server_takes_connections_from_the_moment_it_sends_its_port(tmp_path: Path,
                                                                                   monkeypatch) -> None:
    """A racer may connect as soon as the port is sent, before uvicorn has started: the connection waits
    in the socket's backlog. Only bound, it was refused (CI, once, under the whole of `make test`)."""
    import multiprocessing
    import socket
    import threading

    import uvicorn

    from bench import bench_live

    started = threading.Event()
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: started.wait(10))  # never listens
    mine, theirs = multiprocessing.Pipe()
    server = threading.Thread(target=bench_live.serve, args=(str(tmp_path), 1, theirs), daemon=True)
    server.start()
    try:
        port, tokens = mine.recv()
        assert len(tokens) == 1
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass
    finally:
        started.set()
        server.join(10)
