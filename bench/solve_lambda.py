"""A solve's Lambda duration at the API function's memory (infra/template.yaml: 512 MB, arm64), as the
scale model computes a request's (bench/scale/model.py, `Assumptions`): the app's own CPU time for a
first solve posted in-process over DynamoDB (a moto table made from the template; moto's time and the
recorder's taken off, bench/scale/trace.py) times 1,769 / MemorySize, plus a round trip for each
DynamoDB call; billed by the millisecond, rounded up.

Taken twice, in turn, one solve each: with the result posts served directly (functions/direct.py,
the app as deployed) and with every request through FastAPI's routing (`create_app(...,
direct_routes=False)`), so the figure says what DirectRoutes saves where the API runs. The same
posts' CPU time on SQLite, in-process, is printed beside it (what `python -m bench api --http`
judges: SQLite, over HTTP).

    python -m bench api --lambda            this part alone
"""

from __future__ import annotations

import asyncio
import datetime as dt
import math
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SOLVES = 300  # recorded, each variant
WARM = 30  # each variant's first posts, not recorded: shards read, code paths hot
SITE_KEY = "bench-key"


@dataclass(frozen=True)
class Taken:
    """One variant's solves: the app's CPU seconds each (its own: not moto's, not the recorder's) and
    the DynamoDB calls each made."""

    label: str
    cpu: list[float]
    calls: list[int]


def _players(store: Any, bundle: Any, count: int, opened: dt.datetime) -> list[tuple[str, dict[str, Any]]]:
    """`count` (bearer token, first solve body) pairs, each a new player's, their play opened at
    `opened` (bench/bench_api.py's bodies, tickets issued as the play route issues them)."""
    from bench.bench_api import _solve_bodies
    from functions.auth import new_secret, token_of
    from service.plays import open_play

    pairs = []
    for k, body in enumerate(_solve_bodies(bundle, count)):
        secret, hashed = new_secret()
        player = store.create_player(f"lambda{k}", hashed, opened)
        issued = open_play(store, SITE_KEY.encode(), player.id, "chess", body["id"], opened)
        pairs.append((token_of(player.id, secret), {**body, "ticket": issued.text}))
    return pairs


Post = Callable[[str, dict[str, Any]], Awaitable[tuple[int, Any]]]


def _poster(app: Any) -> Post:
    from bench.bench_api import _asgi_call

    async def post(token: str, body: dict[str, Any]) -> tuple[int, Any]:
        auth = [(b"authorization", f"Bearer {token}".encode())]
        return await _asgi_call(app, "/api/chess/solves", body, auth)

    return post


def _checked(status: int, answer: Any) -> None:
    if status != 200 or answer.get("already"):
        raise RuntimeError(f"unexpected answer {status} {answer}")


# The apps a solve is taken in: served directly (as deployed), and through FastAPI's routing.
VARIANTS = (("served directly", True), ("through FastAPI's routing", False))


def over_dynamodb(solves: int = SOLVES, warm: int = WARM,
                  variants: tuple[tuple[str, bool], ...] = VARIANTS) -> tuple[Taken, ...]:
    """Each of `variants`' (label, served directly) solves: the app's CPU and DynamoDB calls, the apps
    over one moto table, posting in turn."""
    from bench.scale.trace import Recorder
    from functions.app import create_app
    from puzzlebook.chess.shards import Bundle
    from service.settings import ROOT, load
    from tests.support import dynamo_store

    settings = load({"SITE_KEY": SITE_KEY}, warn=False)
    opened = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=10)
    with dynamo_store("puzzlebook-lambda") as store, Recorder() as recorder:
        pairs = _players(store, Bundle(ROOT / "shards"), len(variants) * (solves + warm), opened)
        posts = {label: _poster(create_app(settings, store, direct_routes=direct))
                 for label, direct in variants}
        taken: dict[str, Taken] = {label: Taken(label, [], []) for label in posts}

        async def run() -> None:
            queue = iter(pairs)
            for k in range(solves + warm):
                for label, post in posts.items():
                    token, body = next(queue)
                    if k < warm:
                        _checked(*await post(token, body))
                        continue
                    with recorder.request("solve", label) as request:
                        answer = await post(token, body)
                    _checked(*answer)
                    taken[label].cpu.append(request.app_seconds)
                    taken[label].calls.append(sum(c.service == "dynamodb" for c in request.calls))

        asyncio.run(run())
    return tuple(taken.values())


def over_sqlite(solves: int = SOLVES, warm: int = WARM) -> tuple[Taken, Taken]:
    """The same on SQLite: each solve's process CPU (the store's statements included), no calls."""
    from functions.app import create_app
    from puzzlebook.chess.shards import Bundle
    from service.settings import ROOT, load
    from service.store.sqlite import SqliteStore

    settings = load({"SITE_KEY": SITE_KEY}, warn=False)
    opened = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=10)
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(Path(tmp) / "bench.sqlite3")
        try:
            pairs = _players(store, Bundle(ROOT / "shards"), 2 * (solves + warm), opened)
            posts = {label: _poster(create_app(settings, store, direct_routes=direct))
                     for label, direct in VARIANTS}
            taken = {label: Taken(label, [], []) for label in posts}

            async def run() -> None:
                queue = iter(pairs)
                for k in range(solves + warm):
                    for label, post in posts.items():
                        token, body = next(queue)
                        start = time.process_time()
                        answer = await post(token, body)
                        cpu = time.process_time() - start
                        _checked(*answer)
                        if k >= warm:
                            taken[label].cpu.append(cpu)
                            taken[label].calls.append(0)

            asyncio.run(run())
        finally:
            store.close()
    direct, routed = taken.values()
    return direct, routed


@dataclass(frozen=True)
class Billed:
    """A variant's solve on Lambda, as the scale model computes it."""

    cpu_us: float  # the app's CPU time a solve here, the median
    calls: float  # DynamoDB calls a solve, the mean
    lambda_ms: float  # the model's Lambda time: cpu × vcpu_mb / MemorySize + calls × call_ms
    billed_ms: int  # rounded up to the millisecond, as Lambda bills


def billed(taken: Taken) -> Billed:
    from bench.scale.model import Assumptions, lambda_spec

    model, spec = Assumptions(), lambda_spec()
    cpu = statistics.median(taken.cpu)
    calls = statistics.fmean(taken.calls)
    ms = 1000 * cpu * model.vcpu_mb / spec.memory_mb + calls * model.call_ms
    return Billed(cpu * 1e6, calls, ms, math.ceil(ms))


def _arm_gb_second() -> float:
    """Lambda's arm64 price a GB-second, from infra/costs.py (a script, read by its path)."""
    import importlib.util
    import sys

    from service.settings import ROOT

    spec = importlib.util.spec_from_file_location("infra_costs", ROOT / "infra" / "costs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("infra_costs", module)  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return float(module.PRICES["lambda_arm_gb_second"])


def billed_solve(solves: int = SOLVES, warm: int = WARM) -> str:
    """A first solve's billed Lambda duration as deployed (served directly), as a printed line: what
    `python -m bench api --http` prints beside the CPU figures (issue 45's goal 2)."""
    from bench.scale.model import Assumptions, lambda_spec

    (taken,) = over_dynamodb(solves, warm, VARIANTS[:1])
    b, model, spec = billed(taken), Assumptions(), lambda_spec()
    factor = model.vcpu_mb / spec.memory_mb
    return (f"a first solve on Lambda at {spec.memory_mb} MB arm64 (served directly, as the scale model "
            f"computes it): the app's CPU {b.cpu_us:.0f} µs (median of {solves}, DynamoDB on moto) × "
            f"{factor:.2f} = {b.cpu_us * factor / 1000:.2f} ms, plus {b.calls:.1f} DynamoDB calls × "
            f"{model.call_ms:g} ms: {b.lambda_ms:.2f} ms, billed {b.billed_ms} ms")


def report(solves: int = SOLVES, warm: int = WARM) -> list[str]:
    """What the module's docstring says, as printed lines."""
    from bench.scale.model import Assumptions, lambda_spec

    model, spec = Assumptions(), lambda_spec()
    out = []
    direct, routed = (billed(t) for t in over_dynamodb(solves, warm))
    factor = model.vcpu_mb / spec.memory_mb
    for name, b in (("served directly", direct), ("through FastAPI's routing", routed)):
        out.append(
            f"a first solve on Lambda at {spec.memory_mb} MB arm64, {name}: the app's CPU {b.cpu_us:.0f} µs "
            f"(median of {solves}, DynamoDB on moto, moto's time taken off) × {factor:.2f} = "
            f"{b.cpu_us * factor / 1000:.2f} ms, plus {b.calls:.1f} DynamoDB calls × {model.call_ms:g} ms: "
            f"{b.lambda_ms:.2f} ms, billed {b.billed_ms} ms"
        )
    saved = routed.lambda_ms - direct.lambda_ms
    gb_s = saved / 1000 * spec.memory_mb / 1024 * 1e6
    out.append(
        f"DirectRoutes saves {routed.cpu_us - direct.cpu_us:.0f} µs of CPU a solve here, {saved:.2f} ms of "
        f"Lambda time ({saved / routed.lambda_ms:.1%} of a solve's); billed {routed.billed_ms} ms against "
        f"{direct.billed_ms} ms; a million solves {gb_s:,.0f} GB-s, ${gb_s * _arm_gb_second():.2f}"
    )
    sq_direct, sq_routed = over_sqlite(solves, warm)
    on_sqlite = [statistics.median(t.cpu) * 1e6 for t in (sq_direct, sq_routed)]
    out.append(
        f"the same posts in-process on SQLite (the store's statements in it): {on_sqlite[0]:.0f} µs of CPU "
        f"a solve served directly, {on_sqlite[1]:.0f} µs through FastAPI's routing (medians of {solves}, in "
        "turn)"
    )
    return out
