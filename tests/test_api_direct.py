"""The `@direct` routes (functions/direct.py) answer byte for byte as FastAPI's routing answers them.

Each scenario runs twice, in two worlds alike (the same clock, a fresh store each, the same requests
in the same order): once through the app as it is made, where the marked result posts are served
directly, and once with `direct_routes=False`, every request through FastAPI's routing. Every answer
to a marked route is compared whole: status, every header in order, and the body's bytes. The
requests cover what each check refuses (the token, the body's type, shape and words, the puzzle,
the time, the ticket, the moves, the body limit), a result kept and one already kept, and the
store failing, a player deleted meanwhile, and an unexpected error.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.responses import JSONResponse
from fastapi.testclient import TestClient

from functions.app import create_app
from functions.caching import api_routes
from functions.direct import DirectRoutes, is_direct, served
from functions.limits import Limit
from functions.routes.chess import routes as chess_routes
from puzzlebook.chain.generate import generate
from puzzlebook.chess.puzzle import Puzzle, position_at
from service.games.chain.records import ChainRecords
from service.games.chess.puzzles import puzzles_of
from service.games.chess.records import ChessRecords
from service.games.storm import STORM
from service.games.streak import STREAK
from service.store.base import StoreUnavailable
from service.store.items import Gone
from tests.run_modes import kept_puzzles, wrong_move
from tests.support import Clock, World, cap_rated, settings_for_tests, signed_up, sqlite_store, with_ticket

MORNING = dt.datetime(2026, 11, 2, 9, 0, tzinfo=dt.UTC)  # before the next date is out anywhere
TODAY = "2026-11-02"
DIRECT_PATHS = {
    "/api/chess/solves", "/api/chess/misses", "/api/chain/solves", "/api/chain/giveups",
    "/api/storm/results", "/api/streak/results",
}

Answer = tuple[str, int, list[tuple[bytes, bytes]], bytes]


class Refusal(Exception):
    """An exception the app's own handlers don't know, answered by a plain-function handler."""


def refusal_answer(request: Any, exc: Exception) -> JSONResponse:
    return JSONResponse({"error": f"refused: {exc}"}, status_code=418, headers={"X-Why": "a test"})
@dataclass
class Compared(World):
    """A world whose answers are kept to be compared: its app, and every answer it had (`post`)."""

    app: FastAPI
    answers: list[Answer] = field(default_factory=list)

    def post(self, label: str, path: str, **kw: Any) -> Any:
        """POST to `path` through the client, the answer kept under `label`; the answer."""
        got = self.client.post(path, **kw)
        self.answers.append((label, got.status_code, list(got.headers.raw), got.content))
        return got


Scenario = Callable[[Compared], None]


@contextmanager
def a_world(path: Path, direct_routes: bool) -> Iterator[Compared]:
    with sqlite_store(path) as store:
        for day in ("2026-11-01", TODAY, "2026-11-03"):
            ChainRecords(store).put_chain_day(day, generate(day))
        clock = Clock(MORNING)
        app = create_app(settings_for_tests(), store, clock=clock, direct_routes=direct_routes)
        app.add_exception_handler(Refusal, refusal_answer)  # a plain function, as Starlette allows
        with TestClient(app, raise_server_exceptions=False) as client:
            yield Compared(store=store, clock=clock, client=client, ctx=app.state.ctx, app=app)


def both(tmp_path: Path, scenario: Scenario) -> list[Answer]:
    """Run `scenario` in a world served directly and in one through FastAPI; their answers, which must
    be the same, byte for byte (the direct world's returned)."""
    got = {}
    for direct_routes in (True, False):
        with a_world(tmp_path / f"direct-{direct_routes}.sqlite3", direct_routes) as world:
            scenario(world)
            got[direct_routes] = world.answers
    direct, routed = got[True], got[False]
    assert [a[0] for a in direct] == [a[0] for a in routed]
    for one, other in zip(direct, routed, strict=True):
        assert one == other, f"{one[0]}: {one[1:]} against FastAPI's {other[1:]}"
    return direct


def two_mover(world: Compared, skip: int = 0) -> Puzzle:
    chess = puzzles_of(world.ctx)
    dailies = set(chess.dailies(world.ctx.today()).values())
    rows = [r for r in chess.bundle.rows("Medium")
            if len(r[2].split()) == 4 and r[0] not in chess.bundle.retired and r[0] not in dailies]
    return Puzzle.from_row(rows[skip], "Medium")


def solve_body(puzzle: Puzzle, **kw: Any) -> dict[str, Any]:
    return {"id": puzzle.id, "band": puzzle.band, "moves": puzzle.solution, "mistakes": 0, "hints": 1,
            "seconds": 30, **kw}


def chess_solves(world: Compared) -> None:
    path = "/api/chess/solves"
    me = signed_up(world.client)
    puzzle = two_mover(world)
    good = solve_body(puzzle)
    post = world.post
    post("no token", path, json=good)
    post("a token of no player", path, json=good, headers={"Authorization": "Bearer 0123456789abcdef.x"})
    post("not bearer", path, json=good, headers={"Authorization": "Basic abc"})
    post("a form's type", path, content=json.dumps(good), headers={**me, "Content-Type": "text/plain"})
    post("no type", path, content=json.dumps(good).encode(), headers={**me, "Content-Type": ""})
    post("no body", path, content=b"", headers={**me, "Content-Type": "application/json"})
    post("not JSON", path, content=b"{id:", headers={**me, "Content-Type": "application/json"})
    post("not UTF-8", path, content=b'{"id": "\xff"}', headers={**me, "Content-Type": "application/json"})
    post("too deep", path, content=b"[" * 5000 + b"]" * 5000,
         headers={**me, "Content-Type": "application/json"})
    post("a list", path, json=[good], headers=me)
    post("missing fields", path, json={"id": puzzle.id}, headers=me)
    for name, value in (("id", "nope"), ("band", "Tiny"), ("moves", []), ("moves", ["e2e4"] * 9),
                        ("moves", ["e2"]), ("mistakes", -1), ("hints", "1"), ("seconds", 0),
                        ("seconds", 2.5), ("ticket", 5), ("offline", "yes")):
        post(f"{name} {value!r}", path, json={**good, name: value}, headers=me)
    post("too large", path, json={**good, "pad": "x" * 20_000}, headers=me)
    post("a bad length", path, content=json.dumps(good), headers={**me, "Content-Type": "application/json",
                                                                   "Content-Length": "many"})
    post("not in the bundle", path, json={**good, "id": "zzzzz"}, headers=me)
    post("too fast", path, json={**good, "seconds": 1}, headers=me)
    post("a forged ticket", path, json={**good, "ticket": "forged"}, headers=me)
    other = two_mover(world, 1)
    post("another puzzle's ticket", path,
         json={**good, "ticket": with_ticket(world, path, solve_body(other), me)["ticket"]}, headers=me)
    off_line = {**good, "moves": puzzle.solution[::-1]}
    post("the moves off the line", path, json=with_ticket(world, path, off_line, me), headers=me)
    kept = with_ticket(world, path, good, me)
    post("solved", path, json=kept, headers=me)
    post("the same ticket again", path, json=kept, headers=me)
    post("already solved", path, json=with_ticket(world, path, good, me), headers=me)
    post("offline", path, json=solve_body(other, offline=True), headers=me)
    post("trailing slash", path + "/", json=good, headers=me)


def chess_misses(world: Compared) -> None:
    path = "/api/chess/misses"
    me = signed_up(world.client)
    puzzle, other = two_mover(world), two_mover(world, 1)
    wrong = {"id": puzzle.id, "band": puzzle.band, "how": "wrong", "moves": [wrong_move(puzzle)]}
    post = world.post
    post("no token", path, json=wrong)
    post("no how", path, json={"id": puzzle.id, "band": puzzle.band}, headers=me)
    post("another how", path, json={**wrong, "how": "bored"}, headers=me)
    post("a wrong move with no moves", path, json={**wrong, "moves": []}, headers=me)
    post("on the line", path, json=with_ticket(world, path, {**wrong, "moves": puzzle.solution[:1]}, me),
         headers=me)
    post("a wrong move", path, json=with_ticket(world, path, wrong, me), headers=me)
    gave_up = {"id": other.id, "band": other.band, "how": "gave-up"}
    post("gave up", path, json=with_ticket(world, path, gave_up, me), headers=me)
    post("gave up again", path, json=with_ticket(world, path, gave_up, me), headers=me)


def chain_results(world: Compared) -> None:
    me = signed_up(world.client)
    row = generate(TODAY)
    solve = {"date": TODAY, "tiles": row["solution"], "seconds": 40, "undos": 0, "resets": 0}
    post = world.post
    post("no token", "/api/chain/solves", json=solve)
    post("a day not stored", "/api/chain/solves", json={**solve, "date": "2026-10-01"}, headers=me)
    post("wrong tiles", "/api/chain/solves",
         json=with_ticket(world, "/api/chain/solves", {**solve, "tiles": [0, 0]}, me), headers=me)
    post("too fast", "/api/chain/solves", json={**solve, "seconds": 1}, headers=me)
    post("solved", "/api/chain/solves", json=with_ticket(world, "/api/chain/solves", solve, me), headers=me)
    post("missing fields", "/api/chain/giveups", json={}, headers=me)
    post("gave up after solving", "/api/chain/giveups",
         json=with_ticket(world, "/api/chain/giveups", {"date": TODAY}, me), headers=me)
    ben = signed_up(world.client, "Ben")
    yesterday = with_ticket(world, "/api/chain/giveups", {"date": "2026-11-01"}, ben)
    post("gave up", "/api/chain/giveups", json=yesterday, headers=ben)


def runs(world: Compared) -> None:
    post = world.post
    for mode in (STORM, STREAK):
        path = f"/api/{mode.key}/results"
        me = signed_up(world.client, f"Runner {mode.key}")
        started = world.client.post(f"/api/{mode.key}/runs", headers=me).json()
        run = kept_puzzles(world, mode, started["date"])
        body = {"date": started["date"], "ticket": started["ticket"], "seconds": 60,
                "moves": [run[0].solution, run[1].solution, [wrong_move(run[2])]]}
        post(f"{mode.key}: no token", path, json=body)
        post(f"{mode.key}: a forged ticket", path, json={**body, "ticket": "forged"}, headers=me)
        post(f"{mode.key}: misshapen", path, json={**body, "moves": "e2e4"}, headers=me)
        post(f"{mode.key}: a day not out", path, json={**body, "date": "2026-11-05"}, headers=me)
        post(f"{mode.key}: arriving too soon", path, json=body, headers=me)
        world.clock.advance(seconds=61)
        post(f"{mode.key}: kept", path, json=body, headers=me)
        post(f"{mode.key}: again", path, json=body, headers=me)


def capped(world: Compared) -> None:
    """The hourly caps: rated results (a small cap here) and replays for the referee."""
    path = "/api/chess/solves"
    me = signed_up(world.client)
    for n in range(3):
        world.post(f"rated {n + 1}", path, json=with_ticket(world, path, solve_body(two_mover(world, n)), me),
                   headers=me)
    puzzle = two_mover(world, 5)
    board = position_at(puzzle, 3)
    off_line = next(m.uci() for m in board.legal_moves if m.uci() != puzzle.line[3])
    replay = solve_body(puzzle, moves=[puzzle.solution[0], off_line])
    for n in range(3):
        world.post(f"replay {n + 1}", path, json=with_ticket(world, path, replay, me), headers=me)


@pytest.mark.parametrize("scenario", [chess_solves, chess_misses, chain_results, runs, capped])
def test_a_direct_route_answers_as_fastapi_does(tmp_path: Path, scenario: Scenario,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    cap_rated(monkeypatch, 2)
    monkeypatch.setattr(chess_routes, "REPLAYS", Limit("replay", 2, chess_routes.REPLAYS.refusal))
    answers = both(tmp_path, scenario)
    statuses = {status for _, status, _, _ in answers}
    assert 200 in statuses and len(statuses) > 2  # the scenarios reach results kept and refused alike


def failing(make: Callable[[], Exception]) -> Scenario:
    def scenario(world: Compared) -> None:
        me = signed_up(world.client)
        body = with_ticket(world, "/api/chess/solves", solve_body(two_mover(world)), me)
        records = ChessRecords.record_solve

        def fail(*args: Any, **kw: Any) -> Any:
            raise make()

        ChessRecords.record_solve = fail  # type: ignore[method-assign]
        try:
            world.post("failing", "/api/chess/solves", json=body, headers=me)
        finally:
            ChessRecords.record_solve = records  # type: ignore[method-assign]

    return scenario


@pytest.mark.parametrize("make", [lambda: StoreUnavailable("down"), lambda: Gone("deleted"),
                                  lambda: RuntimeError("a bug"), lambda: Refusal("no")],
                         ids=["503", "gone", "500", "a plain handler"])
def test_a_failure_inside_a_direct_route_is_answered_as_fastapis(tmp_path: Path,
                                                                  make: Callable[[], Exception]) -> None:
    (answer,) = both(tmp_path, failing(make))
    assert answer[1] in (401, 418, 500, 503)


def test_every_result_post_is_served_directly_and_stays_in_the_document(tmp_path: Path) -> None:
    with a_world(tmp_path / "a.sqlite3", True) as direct, a_world(tmp_path / "b.sqlite3", False) as routed:
        marked = {path for path, route in api_routes(direct.app) if is_direct(route)}
        assert marked == DIRECT_PATHS
        for _, route in api_routes(direct.app):
            if is_direct(route):
                served(route)  # each can be: one dependency, nothing else of FastAPI's
        document = direct.client.get("/api/openapi.json")
        assert document.content == routed.client.get("/api/openapi.json").content
        assert set(document.json()["paths"]) >= DIRECT_PATHS
        assert any(m.cls is DirectRoutes for m in direct.app.user_middleware)
        assert not any(m.cls is DirectRoutes for m in routed.app.user_middleware)


def test_a_route_that_takes_more_than_one_dependency_cannot_be_marked(tmp_path: Path) -> None:
    with a_world(tmp_path / "a.sqlite3", True) as world:
        plays = next(route for path, route in api_routes(world.app) if path == "/api/chess/plays")
        with pytest.raises(ValueError, match="parameters besides its one dependency"):
            served(plays)
