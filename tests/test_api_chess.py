"""Posting chess solves and misses over the API: checks, ratings, the first result, the daily board."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from puzzlebook.chess.puzzle import Puzzle, position_at
from service.games.chess.puzzles import puzzles_of
from tests.support import World, post_result, served, signed_up, sqlite_store

MONDAY = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)  # an Easy day


@pytest.fixture
def world(tmp_path) -> Iterator[World]:
    with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store, served(store, MONDAY) as world:
        yield world


def two_mover(world: World, band: str = "Medium", skip: int = 0) -> Puzzle:
    """A puzzle of `band` where the solver makes two moves (not retired, not a daily today)."""
    dailies = set(puzzles_of(world.ctx).dailies(world.ctx.today()).values())
    rows = [
        r
        for r in puzzles_of(world.ctx).bundle.rows(band)
        if len(r[2].split()) == 4 and r[0] not in puzzles_of(world.ctx).bundle.retired and r[0] not in dailies
    ]
    return Puzzle.from_row(rows[skip], band)


def body(puzzle: Puzzle, moves: list[str] | None = None, **kw: object) -> dict[str, object]:
    out: dict[str, object] = {
        "id": puzzle.id,
        "band": puzzle.band,
        "moves": moves or puzzle.solution,
        "mistakes": 0,
        "hints": 0,
        "seconds": 30,
    }
    out.update(kw)
    return out


def legal_off_line(puzzle: Puzzle, ply: int) -> str:
    """A legal move at `ply` that is neither the line's move nor a mate."""
    board = position_at(puzzle, ply)
    for move in board.legal_moves:
        uci = move.uci()
        board.push(move)
        mate = board.is_checkmate()
        board.pop()
        if uci != puzzle.line[ply] and not mate:
            return uci
    raise AssertionError("no such move")


def test_a_clean_solve_is_rated_and_answers_the_rating_before_and_after(world: World) -> None:
    me = signed_up(world.client)
    puzzle = two_mover(world)
    got = post_result(world, "/api/chess/solves", body(puzzle), me)
    assert got.status_code == 200, got.text
    answer = got.json()
    assert answer["already"] is False and answer["rated"] is True and answer["clean"] is True
    rating = answer["rating"]
    assert rating["before"] == 1500 and rating["after"] > 1500 and rating["provisional"] is True
    assert rating["change"] == rating["after"] - rating["before"]
    assert answer["daily"] is None and answer["place"] is None
    mine = world.client.get("/api/me", headers=me).json()
    assert mine["line"] == "1 puzzle solved, 1 cleanly · no daily streak"
    assert mine["ratings"]["chess"]["rating"] == rating["after"]
    assert mine["ratings"]["chess"]["rd"] == rating["rd"]


def test_only_the_first_solve_stands(world: World) -> None:
    me = signed_up(world.client)
    puzzle = two_mover(world)
    first = post_result(world, "/api/chess/solves", body(puzzle), me).json()
    again = post_result(world, "/api/chess/solves", body(puzzle, mistakes=4), me).json()
    assert again == {
        "ok": True,
        "already": True,
        "rated": False,
        "clean": None,
        "mistakes": None,
        "rating": None,
        "daily": None,
        "place": None,
        "about": False,
        "top": None,
        "streak": None,
        "freezes_used": None,
        "offline": False,
    }
    mine = world.client.get("/api/me", headers=me).json()
    assert mine["chess"]["solved"] == 1
    assert mine["ratings"]["chess"]["rating"] == first["rating"]["after"]


def test_posting_needs_a_player(world: World) -> None:
    puzzle = two_mover(world)
    anonymous = world.client.post("/api/chess/solves", json=body(puzzle))
    assert anonymous.status_code == 401
    assert "Sign in" in anonymous.json()["error"]
    stranger = {"Authorization": "Bearer 0123456789abcdef." + "x" * 43}
    forged = post_result(world, "/api/chess/solves", body(puzzle), stranger)
    assert forged.status_code == 401
    assert (
        world.client.post(
            "/api/chess/misses", json={"id": puzzle.id, "band": puzzle.band, "how": "gave-up"}
        ).status_code
        == 401
    )


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"id": "ab"}, "five letters or digits"),
        ({"band": "Grandmaster"}, "band must be one of"),
        ({"moves": []}, "at least one move"),
        ({"moves": ["e2e4"] * 9}, "at most 8"),
        ({"moves": ["e2-e4"]}, "Move 1"),
        ({"mistakes": "0"}, "whole number"),
        ({"hints": 501}, "from 0 to 500"),
        ({"seconds": 0}, "time"),
        ({"seconds": 10**30}, "time"),
    ],
)
def test_a_misshapen_solve_is_400_in_plain_words(world: World, change: dict, words: str) -> None:
    me = signed_up(world.client)
    got = post_result(world, "/api/chess/solves", body(two_mover(world)) | change, me)
    assert got.status_code == 400
    assert words in got.json()["error"]


def test_a_puzzle_outside_the_bundle_is_422(world: World) -> None:
    me = signed_up(world.client)
    puzzle = two_mover(world)
    got = post_result(world, "/api/chess/solves", body(puzzle, id="zzzzz"), me)
    assert got.status_code == 422
    assert got.json()["error"] == "That puzzle isn’t in this game’s collection, so it can’t be checked."
    wrong_band = post_result(world, "/api/chess/solves", body(puzzle, band="Expert"), me)
    assert wrong_band.status_code == 422


def test_a_solve_faster_than_a_second_a_move_is_422(world: World) -> None:
    me = signed_up(world.client)
    got = post_result(world, "/api/chess/solves", body(two_mover(world), seconds=1), me)
    assert got.status_code == 422 and "second a move" in got.json()["error"]


def test_moves_off_the_line_are_422_and_nothing_is_kept(world: World) -> None:
    me = signed_up(world.client)
    puzzle = two_mover(world)
    wrong_first = [legal_off_line(puzzle, 1), puzzle.solution[1]]
    assert (
        post_result(world, "/api/chess/solves", body(puzzle, wrong_first), me).status_code == 422
    )
    half = post_result(world, "/api/chess/solves", body(puzzle, puzzle.solution[:1]), me)
    assert half.status_code == 422 and "don’t solve" in half.json()["error"]
    assert world.client.get("/api/me", headers=me).json()["chess"]["solved"] == 0
    # Still the first result: a correct solve afterwards is rated.
    assert post_result(world, "/api/chess/solves", body(puzzle), me).json()["rated"] is True


def mate_in_one_with_another_mate(world: World) -> tuple[Puzzle, str]:
    for band in ("Beginner", "Easy", "Medium"):
        bundle = puzzles_of(world.ctx).bundle
        for row in bundle.rows(band):
            if len(row[2].split()) != 2 or "mateIn1" not in row[4] or row[0] in bundle.retired:
                continue
            puzzle = Puzzle.from_row(row, band)
            board = position_at(puzzle, 1)
            for move in board.legal_moves:
                board.push(move)
                if board.is_checkmate() and move.uci() != puzzle.line[1]:
                    return puzzle, move.uci()
                board.pop()
    pytest.skip("the bundle has no mate in one with a second mate")


def test_another_mate_goes_to_the_referee_and_solves(world: World) -> None:
    me = signed_up(world.client)
    puzzle, other = mate_in_one_with_another_mate(world)
    got = post_result(world, "/api/chess/solves", body(puzzle, [other], seconds=5), me)
    assert got.status_code == 200, got.text
    assert got.json()["rated"] is True


def test_a_last_move_that_leaves_the_line_without_mate_is_422(world: World) -> None:
    me = signed_up(world.client)
    puzzle = two_mover(world)
    moves = [puzzle.solution[0], legal_off_line(puzzle, 3)]
    got = post_result(world, "/api/chess/solves", body(puzzle, moves), me)
    assert got.status_code == 422 and "doesn’t mate" in got.json()["error"]


def test_replays_are_limited_to_60_a_player_an_hour(world: World) -> None:
    me = signed_up(world.client)
    other = signed_up(world.client, "Bob")
    puzzle = two_mover(world)
    moves = [puzzle.solution[0], legal_off_line(puzzle, 3)]
    for _ in range(60):
        assert post_result(world, "/api/chess/solves", body(puzzle, moves), me).status_code == 422
    limited = post_result(world, "/api/chess/solves", body(puzzle, moves), me)
    assert limited.status_code == 429
    assert 0 < int(limited.headers["Retry-After"]) <= 3600
    assert "60 an hour" in limited.json()["error"]
    # Another player isn't limited; a solve on the line needs no replay; the next hour opens again.
    assert post_result(world, "/api/chess/solves", body(puzzle, moves), other).status_code == 422
    assert post_result(world, "/api/chess/solves", body(puzzle), me).status_code == 200
    world.clock.advance(seconds=int(limited.headers["Retry-After"]))
    assert post_result(world, "/api/chess/solves", body(puzzle, moves), me).status_code == 422


def test_a_miss_is_rated_as_a_loss_and_forces_a_mistake_on_the_solve(world: World) -> None:
    me = signed_up(world.client)
    puzzle = two_mover(world)
    wrong = [legal_off_line(puzzle, 1)]
    lost = post_result(
        world, "/api/chess/misses", {"id": puzzle.id, "band": puzzle.band, "how": "wrong", "moves": wrong}, me
    )
    assert lost.status_code == 200, lost.text
    assert lost.json()["rated"] is True and lost.json()["rating"]["after"] < 1500
    again = post_result(
        world, "/api/chess/misses", {"id": puzzle.id, "band": puzzle.band, "how": "gave-up"}, me
    )
    assert again.json()["already"] is True
    solved = post_result(world, "/api/chess/solves", body(puzzle), me).json()
    assert solved["already"] is False and solved["rated"] is False
    assert solved["mistakes"] == 1 and solved["clean"] is False and solved["rating"] is None
    mine = world.client.get("/api/me", headers=me).json()
    assert mine["line"] == "1 puzzle solved, 0 cleanly · no daily streak"
    assert mine["ratings"]["chess"]["rating"] == lost.json()["rating"]["after"]


def test_a_wrong_move_miss_must_leave_the_line(world: World) -> None:
    me = signed_up(world.client)
    puzzle = two_mover(world)
    on_line = post_result(
        world,
        "/api/chess/misses",
        {"id": puzzle.id, "band": puzzle.band, "how": "wrong", "moves": puzzle.solution[:1]},
        me,
    )
    assert on_line.status_code == 422
    assert on_line.json()["error"] == "That isn’t a wrong move in this puzzle."
    none = post_result(world, "/api/chess/misses", {"id": puzzle.id, "band": puzzle.band, "how": "wrong"}, me)
    assert none.status_code == 400


def test_show_solution_is_a_miss_with_no_moves(world: World) -> None:
    me = signed_up(world.client)
    puzzle = two_mover(world)
    got = post_result(
        world, "/api/chess/misses", {"id": puzzle.id, "band": puzzle.band, "how": "gave-up"}, me
    )
    assert got.status_code == 200 and got.json()["rated"] is True


def test_a_miss_after_a_solve_changes_nothing(world: World) -> None:
    me = signed_up(world.client)
    puzzle = two_mover(world)
    solved = post_result(world, "/api/chess/solves", body(puzzle), me).json()
    late = post_result(
        world, "/api/chess/misses", {"id": puzzle.id, "band": puzzle.band, "how": "gave-up"}, me).json(
    )
    assert late["already"] is True and late["rating"] is None
    mine = world.client.get("/api/me", headers=me).json()
    assert mine["ratings"]["chess"]["rating"] == solved["rating"]["after"]
    assert mine["chess"]["missed"] == 0


def todays_daily(world: World) -> Puzzle:
    today = world.ctx.today()
    band, pid = next(iter(puzzles_of(world.ctx).dailies(today).items()))
    return Puzzle.from_row(puzzles_of(world.ctx).bundle.row(band, pid), band)


def test_the_daily_goes_on_the_board_only_on_its_day(world: World) -> None:
    ada, bob = signed_up(world.client, "Ada"), signed_up(world.client, "Bob")
    daily = todays_daily(world)
    assert daily.band == "Easy"  # Monday
    world.publish()
    posted = post_result(world, "/api/chess/solves", body(daily, hints=1), ada).json()
    assert posted["daily"] == "2026-11-02" and posted["place"] == 1
    world.publish()
    board = world.client.get("/api/boards/chess/daily/2026-11-02", headers=ada).json()
    assert [(r["name"], r["hints"], r["you"]) for r in board["rows"]] == [("Ada", 1, True)]
    assert board["band"] == "Easy" and board["mine"]["place"] == 1
    world.clock.advance(days=1)
    late = post_result(world, "/api/chess/solves", body(daily), bob).json()
    assert late["daily"] is None and late["place"] is None and late["rated"] is True
    world.publish()  # yesterday's board is still live: its snapshot is written again, if it changed
    board = world.client.get("/api/boards/chess/daily/2026-11-02").json()
    assert [r["name"] for r in board["rows"]] == ["Ada"]


def test_dailies_on_days_in_a_row_make_a_streak(world: World) -> None:
    me = signed_up(world.client)
    for _ in range(3):
        assert post_result(world, "/api/chess/solves", body(todays_daily(world)), me).json()[
            "daily"
        ]
        world.clock.advance(days=1)
    mine = world.client.get("/api/me", headers=me).json()
    assert mine["line"] == "3 puzzles solved, 3 cleanly · 3-day daily streak"
    assert mine["streaks"]["chess"] == {"current": 3, "best": 3, "freezes_used": 0, "freezes_held": 0}
    world.publish()
    streaks = world.client.get("/api/boards/streaks/chess", headers=me).json()
    assert [(r["name"], r["streak"], r["you"]) for r in streaks["rows"]] == [("Ada", 3, True)]
    world.clock.advance(days=1)
    mine = world.client.get("/api/me", headers=me).json()
    assert mine["streaks"]["chess"] == {"current": 0, "best": 3, "freezes_used": 0, "freezes_held": 0}
    assert mine["line"].endswith("· no daily streak")


def test_a_streak_freeze_saves_a_streak_over_a_missed_day(world: World) -> None:
    """Seven dailies in a row earn a freeze; the missed eighth day uses it (the streak stands, on the
    board too, and says so), and the next solve carries the streak on: the frozen day adds no day."""
    me = signed_up(world.client)
    for day in range(7):
        posted = post_result(world, "/api/chess/solves", body(todays_daily(world)), me).json()
        assert posted["streak"] == day + 1 and posted["freezes_used"] == 0
        world.clock.advance(days=1)
    mine = world.client.get("/api/me", headers=me).json()
    assert mine["streaks"]["chess"] == {"current": 7, "best": 7, "freezes_used": 0, "freezes_held": 1}
    world.clock.advance(days=1)  # the eighth day missed: without the freeze the streak were gone
    mine = world.client.get("/api/me", headers=me).json()
    assert mine["streaks"]["chess"] == {"current": 7, "best": 7, "freezes_used": 1, "freezes_held": 0}
    assert mine["line"] == "7 puzzles solved, 7 cleanly · 7-day daily streak · 1 freeze used"
    world.publish()
    board = world.client.get("/api/boards/streaks/chess", headers=me).json()
    assert [(r["name"], r["streak"], r["freezes_used"]) for r in board["rows"]] == [("Ada", 7, 1)]
    assert board["mine"]["streak"] == 7 and board["mine"]["freezes_used"] == 1
    posted = post_result(world, "/api/chess/solves", body(todays_daily(world)), me).json()
    assert posted["streak"] == 8 and posted["freezes_used"] == 1
    world.publish()
    board = world.client.get("/api/boards/streaks/chess", headers=me).json()
    assert [(r["name"], r["streak"], r["freezes_used"]) for r in board["rows"]] == [("Ada", 8, 1)]
    # No freeze left: two days missed now end it, on the board as on the account.
    world.clock.advance(days=3)
    mine = world.client.get("/api/me", headers=me).json()
    assert mine["streaks"]["chess"] == {"current": 0, "best": 8, "freezes_used": 0, "freezes_held": 0}
    world.publish()
    assert world.client.get("/api/boards/streaks/chess").json()["rows"] == []
