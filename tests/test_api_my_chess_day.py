"""GET /api/me/chess/<date> over HTTP, on both stores: what a second device shows of a day's chess
dailies a player played on another (docs/site.md, "The same day on every device"); and the home
page's one request (GET /api/me/home/<date>), which carries the same answer when asked for it (and the
player's review, as GET /api/chess/review answers it)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest

from puzzlebook.chess.puzzle import Puzzle, position_at
from service.games.chess.puzzles import puzzles_of
from tests.support import (
    StoreKind,
    World,
    post_result,
    signed_up,
    world_of,
)

# Before the next date begins at UTC+14 (10:00 UTC), so it isn't out yet.
MORNING = dt.datetime(2026, 11, 2, 9, 0, tzinfo=dt.UTC)
TODAY = "2026-11-02"
YESTERDAY = "2026-11-01"


@pytest.fixture
def world(store_kind: StoreKind, tmp_path: Path) -> Iterator[World]:
    with world_of(store_kind, tmp_path, MORNING) as world:
        yield world


def dailies(world: World, day: dt.date) -> dict[str, Puzzle]:
    puzzles = puzzles_of(world.ctx)
    out = {}
    for band, puzzle_id in puzzles.dailies(day).items():
        puzzle = puzzles.puzzle(band, puzzle_id)
        assert puzzle is not None
        out[band] = puzzle
    return out


def solve(world: World, me: dict[str, str], puzzle: Puzzle, **kw: object) -> None:
    body = {"id": puzzle.id, "band": puzzle.band, "moves": puzzle.solution, "mistakes": 0, "hints": 0,
            "seconds": 30}
    body.update(kw)
    got = post_result(world, "/api/chess/solves", body, me)
    assert got.status_code == 200, got.text


def test_a_day_played_on_one_device_reads_back_whole_on_another(world: World) -> None:
    me = signed_up(world.client)
    today = dailies(world, world.ctx.today())
    none = world.client.get(f"/api/me/chess/{TODAY}", headers=me)
    assert none.status_code == 200 and none.headers["cache-control"] == "no-store"
    assert none.json() == {
        "date": TODAY, "streak": 0, "freezes_used": 0,
        "dailies": [{"band": b, "id": p.id, "solve": None, "miss": None} for b, p in today.items()],
    }
    band, puzzle = next(iter(today.items()))
    solve(world, me, puzzle, hints=1, seconds=42)
    got = world.client.get(f"/api/me/chess/{TODAY}", headers=me).json()
    assert (got["streak"], got["freezes_used"]) == (1, 0)
    mine = next(d for d in got["dailies"] if d["band"] == band)
    solved = mine["solve"]
    assert solved.pop("posted").startswith("2026-11-02T09:00")
    assert solved == {"moves": puzzle.solution, "mistakes": 0, "hints": 1, "seconds": 42, "clean": False,
                      "on_board": True, "offline": False}
    assert mine["miss"] is None


def off_line(puzzle: Puzzle, ply: int) -> str:
    """A legal move at `ply` that is neither the line's move nor a mate: a wrong move."""
    board = position_at(puzzle, ply)
    for move in board.legal_moves:
        board.push(move)
        mate = board.is_checkmate()
        board.pop()
        if move.uci() != puzzle.line[ply] and not mate:
            return move.uci()
    raise AssertionError("no wrong move there")


def test_a_wrong_move_then_a_solve_reads_as_both_and_a_give_up_as_a_miss(world: World) -> None:
    me = signed_up(world.client)
    band, puzzle = next(iter(dailies(world, world.ctx.today()).items()))
    wrong = [off_line(puzzle, 1)]
    miss = {"id": puzzle.id, "band": band, "how": "wrong", "moves": wrong}
    assert post_result(world, "/api/chess/misses", miss, me).status_code == 200
    got = world.client.get(f"/api/me/chess/{TODAY}", headers=me).json()
    mine = next(d for d in got["dailies"] if d["band"] == band)
    assert mine["solve"] is None and (mine["miss"]["how"], mine["miss"]["moves"]) == ("wrong", wrong)
    solve(world, me, puzzle, mistakes=1)
    mine = next(d for d in world.client.get(f"/api/me/chess/{TODAY}", headers=me).json()["dailies"]
                if d["band"] == band)
    assert mine["miss"]["how"] == "wrong"
    assert mine["solve"]["mistakes"] == 1 and mine["solve"]["clean"] is False
    old_band, old = next(iter(dailies(world, world.ctx.today() - dt.timedelta(days=1)).items()))
    gave = {"id": old.id, "band": old_band, "how": "gave-up", "moves": []}
    assert post_result(world, "/api/chess/misses", gave, me).status_code == 200
    past = world.client.get(f"/api/me/chess/{YESTERDAY}", headers=me).json()
    kept = [(d["solve"], d["miss"]["how"]) for d in past["dailies"] if d["band"] == old_band]
    assert kept == [(None, "gave-up")]


def test_a_past_day_and_refusals(world: World) -> None:
    me = signed_up(world.client)
    band, puzzle = sorted(dailies(world, world.ctx.today() - dt.timedelta(days=1)).items())[0]
    solve(world, me, puzzle)  # an archive daily: kept, on no board, no streak
    got = world.client.get(f"/api/me/chess/{YESTERDAY}", headers=me).json()
    mine = next(d for d in got["dailies"] if d["band"] == band)
    assert mine["solve"]["on_board"] is False and got["streak"] == 0
    assert world.client.get(f"/api/me/chess/{TODAY}").status_code == 401
    bad = world.client.get("/api/me/chess/2026-02-30", headers=me)
    assert bad.status_code == 400 and "2026-02-30" in bad.json()["error"]
    ahead = world.client.get("/api/me/chess/2026-11-03", headers=me)
    assert ahead.status_code == 404 and "isn’t out yet" in ahead.json()["error"]


def test_the_home_page_request_carries_a_days_results_only_for_a_day_given_and_out(world: World) -> None:
    me = signed_up(world.client)
    puzzle = next(iter(dailies(world, world.ctx.today()).values()))
    solve(world, me, puzzle)
    day = world.client.get(f"/api/me/chess/{TODAY}", headers=me).json()
    review = world.client.get("/api/chess/review", headers=me).json()
    home = world.client.get(f"/api/me/home?day={TODAY}", headers=me)
    assert home.status_code == 200 and home.headers["cache-control"] == "no-store", home.text
    assert home.json() == {"chess": day, "due": [], "invites": [], "review": review}
    rest = {"due": [], "invites": [], "review": review}
    assert world.client.get("/api/me/home", headers=me).json() == {"chess": None, **rest}
    # A device whose clock is ahead: nothing of a day not out yet, the rest as ever.
    ahead = world.client.get("/api/me/home?day=2026-11-03", headers=me)
    assert ahead.status_code == 200 and ahead.json() == {"chess": None, **rest}
    assert world.client.get(f"/api/me/home?day={YESTERDAY}", headers=me).json()["chess"]["date"] == YESTERDAY
    refused = world.client.get(f"/api/me/home?day={TODAY}")
    assert (refused.status_code, refused.json()["code"]) == (401, "sign_in_for_home")
    bad = world.client.get("/api/me/home?day=2026-02-30", headers=me)
    assert bad.status_code == 400, bad.text
    assert bad.json()["error"] == "'2026-02-30' is not a date written YYYY-MM-DD."


def test_the_home_page_request_carries_the_players_review(world: World) -> None:
    """The home's review card takes the review from the home's one request (no GET of its own)."""
    me = signed_up(world.client)
    card = {"band": "Easy", "id": "aaaaa", "results": [[YESTERDAY, "miss"]]}
    kept = world.client.post("/api/chess/review", json={"cards": [card]}, headers=me)
    assert kept.status_code == 200, kept.text
    home = world.client.get("/api/me/home", headers=me).json()
    assert home["review"] == kept.json() and home["review"]["due_today"] == 1
