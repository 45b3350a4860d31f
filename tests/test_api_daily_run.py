"""What every run mode does alike over the API, on both stores (service/games/daily_run/,
functions/routes/daily_run/): posts of one run at once count once."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from puzzlebook.chess.puzzle import Puzzle
from service.games.daily_run.mode import RunMode
from service.games.daily_run.records import RunRecords
from service.games.storm import STORM
from service.games.streak import STREAK
from tests.run_modes import kept_puzzles, nonce_of, start
from tests.support import StoreKind, World, signed_up, world_of


def _storm_tally(run: list[Puzzle]) -> Any:
    from puzzlebook.storm.results import score_run

    return score_run(run, [p.solution for p in run[:3]], 35)


def _streak_tally(run: list[Puzzle]) -> Any:
    from puzzlebook.streak.results import score_run

    return score_run(run, [p.solution for p in run[:3]], None)


# Each mode on a day of its own, with a three-puzzle run scored by its rule.
MODES = {
    "storm": (STORM, dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC), _storm_tally),
    "streak": (STREAK, dt.datetime(2026, 12, 5, 12, 0, tzinfo=dt.UTC), _streak_tally),
}


@dataclass
class RunWorld(World):
    """The world of one run mode: the mode, the noon it is served at, and its scoring rule."""

    mode: RunMode[Any]
    noon: dt.datetime
    tally: Callable[[list[Puzzle]], Any]


@pytest.fixture(params=MODES)
def world(request: pytest.FixtureRequest, store_kind: StoreKind, tmp_path: Path) -> Iterator[RunWorld]:
    mode, noon, tally = MODES[request.param]
    with world_of(store_kind, tmp_path, noon) as world:
        yield world.grown(RunWorld, mode=mode, noon=noon, tally=tally)


def test_concurrent_posts_of_one_run_count_once(world: RunWorld) -> None:
    mode: RunMode[Any] = world.mode
    score: Callable[[list[Puzzle]], Any] = world.tally
    today = world.noon.date().isoformat()
    me = signed_up(world.client, "Ada")
    started = start(world, me, mode)
    run = kept_puzzles(world, mode, today)
    world.clock.advance(seconds=40)
    pid = world.client.get("/api/me", headers=me).json()["id"]
    tally = score(run)
    nonce = nonce_of(started["ticket"])
    records = RunRecords(world.store, mode)

    def keep(k: int) -> Any:
        return records.record_run(pid, today, nonce, tally, 35, f"{today}T12:00:4{k}.000000Z")

    if world.kind == "dynamodb":
        # moto isn't safe under threads (it failed 1 run in a dozen here): on DynamoDB the posts come
        # one after another, and the conditional writes that hold under a race are what decide.
        answers = [keep(k) for k in range(6)]
    else:
        with ThreadPoolExecutor(max_workers=6) as pool:
            answers = list(pool.map(keep, range(6)))
    assert sorted(a.already for a in answers) == [False] + [True] * 5
    assert all(a.result.tally.score == 3 and a.entry == answers[0].entry for a in answers)
    assert answers[0].entry is not None and answers[0].entry.path.endswith(f"/{today}.json")
    assert [r.tally.score for r in records.history(pid)] == [3]
    best = records.best(pid)
    assert best is not None and best.tally.score == 3
    world.publish()
    assert len(world.client.get(f"/api/boards/{mode.key}/daily/{today}").json()["rows"]) == 1
