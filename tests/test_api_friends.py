"""Following and the friends' boards over HTTP: follow codes and links, following, the boards of a day
and a week ranked as the public boards rank, the friend streak over days (the server's clock moved, as
the midnight tests do), following off, removing and blocking a follower, a stranger's 404s, and a
deleted player leaving the boards of those who followed them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from puzzlebook.chain.generate import generate
from puzzlebook.chain.results import Solve
from puzzlebook.friends.state import social_of
from service.games.chain.records import ChainRecords
from tests.social_support import auth, follow, play_chain, play_chess, player, social_world
from tests.support import World, post_result


@pytest.fixture
def world(tmp_path) -> Iterator[World]:
    with social_world(tmp_path) as world:
        yield world


def board(world: World, who: dict[str, str], game: str = "chess", date: str | None = None) -> dict:
    day = date or world.ctx.today().isoformat()
    got = world.client.get(f"/api/friends/boards/{game}/{day}", headers=auth(who))
    assert got.status_code == 200, got.text
    return got.json()


def names(answer: dict) -> list[str]:
    return [row["name"] for row in answer["rows"]]


def test_three_players_follow_each_other_by_code_and_see_each_other_on_each_board(world) -> None:
    ada, bo, cy = (player(world, n) for n in ("Ada", "Bo", "Cy"))
    mine = world.client.get("/api/me/follow", headers=auth(ada)).json()
    assert mine["link"] == f"/friends/follow/?code={mine['code']}" and mine["allowed"] and mine["most"] == 300
    found = world.client.get(f"/api/follow-codes/{bo['X-Test-Code'].lower()}", headers=auth(ada)).json()
    assert found == {"player": {"id": bo["X-Test-Id"], "name": "Bo", "since": None, "sharing": True,
                                "follows_you": False, "you_follow": False}, "already": False}
    for who in (ada, bo, cy):
        for whom in (ada, bo, cy):
            if who is not whom:
                got = follow(world, who, whom)
                assert got.status_code == 200 and not got.json()["already"], got.text
    assert follow(world, ada, bo).json()["already"] is True
    play_chess(world, ada, seconds=50)
    play_chess(world, bo, seconds=30, hints=1)
    play_chain(world, cy, seconds=20)
    chess = board(world, ada)
    assert names(chess) == ["Ada", "Bo"]  # clean first, as the public board ranks: Bo had a hint
    assert chess["rows"][0]["you"] and chess["rows"][0]["columns"] == {
        "mistakes": 0, "hints": 0, "seconds": 50, "clean": True}
    assert (chess["people"], chess["played"], [w["name"] for w in chess["waiting"]]) == (2, 1, ["Cy"])
    assert names(board(world, cy, "chain")) == ["Cy"]
    assert names(board(world, bo, "chain")) == ["Cy"]  # Bo hasn't played it: the people he follows have
    follows = world.client.get("/api/follows", headers=auth(ada)).json()
    assert sorted((p["name"], p["follows_you"]) for p in follows["follows"]) == [("Bo", True), ("Cy", True)]
    followers = world.client.get("/api/followers", headers=auth(ada)).json()
    assert sorted(p["name"] for p in followers["followers"]) == ["Bo", "Cy"] and not followers["more"]


def test_the_board_places_each_result_on_the_public_board(world) -> None:
    ada, bo = player(world, "Ada"), player(world, "Bo")
    follow(world, ada, bo)
    world.publish()
    play_chess(world, bo, seconds=30)
    play_chess(world, ada, seconds=40)
    world.publish()
    rows = board(world, ada)["rows"]
    assert [(r["name"], r["place"], r["public"]["place"]) for r in rows] == [("Bo", 1, 1), ("Ada", 2, 2)]


def test_a_week_counts_each_persons_days_and_totals(world) -> None:
    ada, bo = player(world, "Ada"), player(world, "Bo")
    follow(world, ada, bo)
    for day in range(3):
        play_chain(world, ada, seconds=10 + day)
        if day != 1:
            play_chain(world, bo, seconds=20)
        if day < 2:
            world.clock.advance(days=1)
    day = world.ctx.today().isoformat()
    week = world.client.get(f"/api/friends/boards/chain/week/{day}", headers=auth(ada)).json()
    assert week["days"][:3] == ["2026-11-02", "2026-11-03", "2026-11-04"]  # Monday on, begun somewhere
    assert [(r["name"], r["played"], r["place"]) for r in week["rows"]] == [("Ada", 3, 1), ("Bo", 2, 2)]
    assert week["rows"][0]["totals"] == {"clean": 3, "resets": 0, "seconds": 33, "undos": 0}
    assert week["rows"][1]["days"][1] is None and week["rows"][1]["days"][0]["seconds"] == 20


def test_a_friend_streak_counts_the_days_both_played(world) -> None:
    ada, bo, cy = (player(world, n) for n in ("Ada", "Bo", "Cy"))
    for who, whom in ((ada, bo), (bo, ada), (ada, cy)):  # Cy doesn't follow back: no streak with her
        follow(world, who, whom)
    streaks = world.client.get("/api/friends/streaks", headers=auth(ada)).json()["streaks"]
    assert [(s["player"]["name"], s["streak"]) for s in streaks] == [("Bo", 0)]
    for _ in range(2):
        play_chess(world, ada)
        play_chain(world, bo)  # any daily counts: chess for one, Chain for the other
        play_chess(world, cy)
        world.clock.advance(days=1)
    got = world.client.get("/api/friends/streaks", headers=auth(ada)).json()["streaks"]
    assert [(s["player"]["name"], s["streak"], s["both_today"]) for s in got] == [("Bo", 2, False)]
    assert got[0]["today"] == world.ctx.today().isoformat()
    assert got[0]["mine"] == {"first": "2026-11-02", "last": "2026-11-03", "missed": []}
    play_chain(world, ada)
    assert world.client.get("/api/friends/streaks", headers=auth(ada)).json()["streaks"][0]["streak"] == 2
    sheet = board(world, ada, "chain")  # the result sheet's one answer: the board and the streaks
    assert [(s["player"]["name"], s["streak"]) for s in sheet["streaks"]] == [("Bo", 2)]
    assert sheet["streaks"][0]["mine"]["last"] == world.ctx.today().isoformat()
    play_chess(world, bo)
    again = world.client.get("/api/friends/streaks", headers=auth(bo)).json()["streaks"][0]
    assert (again["player"]["name"], again["streak"], again["both_today"]) == ("Ada", 3, True)
    world.clock.advance(days=2)  # a day missed by both, no freeze held: it ends
    assert world.client.get("/api/friends/streaks", headers=auth(ada)).json()["streaks"][0]["streak"] == 0


def test_following_off_hides_your_results_until_it_is_on_again(world) -> None:
    ada, bo, cy = (player(world, n) for n in ("Ada", "Bo", "Cy"))
    follow(world, ada, bo)
    play_chess(world, bo)
    off = world.client.put("/api/me/follow", json={"allowed": False}, headers=auth(bo))
    assert off.status_code == 200 and off.json()["allowed"] is False
    assert names(board(world, ada)) == [] and board(world, ada)["people"] == 0
    assert follow(world, cy, bo).status_code == 404  # the code finds no one now
    assert world.client.get("/api/follows", headers=auth(ada)).json()["follows"][0]["sharing"] is False
    world.client.put("/api/me/follow", json={"allowed": True}, headers=auth(bo))
    assert names(board(world, ada)) == ["Bo"]
    bad = world.client.put("/api/me/follow", json={"allowed": "no"}, headers=auth(bo))
    assert bad.status_code == 400 and bad.json()["error"] == "allowed must be true or false."


def test_a_new_code_ends_the_old_link_but_not_the_follows(world) -> None:
    ada, bo, cy = (player(world, n) for n in ("Ada", "Bo", "Cy"))
    follow(world, ada, bo)
    new = world.client.post("/api/me/follow/code", headers=auth(bo)).json()
    assert new["code"] != bo["X-Test-Code"]
    assert follow(world, cy, bo).status_code == 404
    assert world.client.post("/api/follows", json={"code": new["code"]}, headers=auth(cy)).status_code == 200
    follows = world.client.get("/api/follows", headers=auth(ada)).json()["follows"]
    assert [p["name"] for p in follows] == ["Bo"]


def test_a_removed_follower_drops_off_and_a_blocked_one_sees_nothing_more(world) -> None:
    ada, bo, cy = (player(world, n) for n in ("Ada", "Bo", "Cy"))
    for who in (bo, cy):
        follow(world, who, ada)
    play_chess(world, ada)
    assert names(board(world, bo)) == ["Ada"] and names(board(world, cy)) == ["Ada"]
    assert world.client.delete(f"/api/followers/{cy['X-Test-Id']}", headers=auth(ada)).json() == {"ok": True}
    assert names(board(world, cy)) == []
    blocked = world.client.post("/api/blocks", json={"id": bo["X-Test-Id"]}, headers=auth(ada))
    assert blocked.status_code == 200 and blocked.json()["name"] == "Bo"
    assert names(board(world, bo)) == [] and board(world, bo)["people"] == 0
    assert world.client.get("/api/follows", headers=auth(bo)).json()["follows"] == []
    assert follow(world, bo, ada).status_code == 404  # reads as a wrong code
    assert world.client.get(f"/api/follow-codes/{ada['X-Test-Code']}", headers=auth(bo)).status_code == 404
    assert world.client.get("/api/friends/streaks", headers=auth(bo)).json()["streaks"] == []
    assert [p["name"] for p in world.client.get("/api/blocks", headers=auth(ada)).json()["blocked"]] == ["Bo"]
    assert world.client.delete(f"/api/blocks/{bo['X-Test-Id']}", headers=auth(ada)).status_code == 200
    assert follow(world, bo, ada).status_code == 200


def test_a_stranger_gets_404_on_every_route_about_another(world) -> None:
    ada, stranger = player(world, "Ada"), player(world, "Stranger")
    other = ada["X-Test-Id"]
    for method, path, body in (
        ("DELETE", f"/api/follows/{other}", None),
        ("DELETE", f"/api/followers/{other}", None),
        ("DELETE", f"/api/blocks/{other}", None),
        ("POST", "/api/blocks", {"id": other}),
        ("DELETE", "/api/follows/zzzz", None),
        ("GET", "/api/follow-codes/00000-00000", None),
        ("POST", "/api/follows", {"code": "00000-00000"}),
    ):
        got = world.client.request(method, path, json=body, headers=auth(stranger))
        assert got.status_code == 404, (method, path, got.text)
    own = follow(world, ada, ada)
    assert own.status_code == 422 and "your own" in own.json()["error"]
    bad = world.client.post("/api/follows", json={"code": "nope"}, headers=auth(ada))
    assert bad.status_code == 400 and bad.json()["error"] == "A follow code has 10 characters, not 4."


@pytest.mark.parametrize("path", ["/api/me/follow", "/api/follows", "/api/followers", "/api/blocks",
                                  "/api/friends/streaks", "/api/friends/boards/chess/2026-11-02",
                                  "/api/friends/boards/chain/week/2026-11-02", "/api/clubs"])
def test_a_guest_is_asked_to_sign_in(world, path: str) -> None:
    got = world.client.get(path)
    assert got.status_code == 401 and "Sign in" in got.json()["error"]


def test_a_board_of_a_game_or_day_there_isnt(world) -> None:
    ada = player(world, "Ada")
    for path, status in (("lessons/2026-11-02", 404), ("chess/2026-11-09", 404), ("chess/2026-02-30", 400)):
        assert world.client.get(f"/api/friends/boards/{path}", headers=auth(ada)).status_code == status


def test_a_result_posted_again_after_a_failure_is_marked_then(world) -> None:
    ada, bo = player(world, "Ada"), player(world, "Bo")
    follow(world, ada, bo)
    play_chess(world, bo)  # a day marked: his record now says which games he played, and when
    day = world.ctx.today().isoformat()
    bo_id = bo["X-Test-Id"]  # kept without its marking (the request failed after the result's write)
    ChainRecords(world.store).record_chain_solve(bo_id, Solve(day, generate(day)["solution"], 30),
                                                 today=world.ctx.today(), now=world.ctx.now())
    assert names(board(world, ada, "chain")) == []  # his record says he played no Chain today

    def marked() -> bool:
        found = world.store.get_player(bo_id)
        return found is not None and social_of(found.doc).played.has(day, "chain")

    assert not marked()
    body = {"date": day, "tiles": generate(day)["solution"], "seconds": 30, "undos": 0, "resets": 0}
    again = post_result(world, "/api/chain/solves", body, auth(bo))
    assert again.json()["already"] is True and marked()
    assert names(board(world, ada, "chain")) == ["Bo"]


def test_a_past_days_board_reads_what_the_records_no_longer_say(world) -> None:
    ada, bo = player(world, "Ada"), player(world, "Bo")
    follow(world, ada, bo)
    first = world.ctx.today().isoformat()
    play_chain(world, bo)
    for _ in range(9):  # nine dates more: the first is older than the 8 his record keeps the games of
        world.clock.advance(days=1)
        day = world.ctx.today().isoformat()
        if ChainRecords(world.store).chain_day(day) is None:
            ChainRecords(world.store).put_chain_day(day, generate(day))
        play_chain(world, bo)
    found = world.store.get_player(bo["X-Test-Id"])
    assert found is not None and len(social_of(found.doc).played.recent) == 8
    assert names(board(world, ada, "chain", first)) == ["Bo"]


def test_a_deleted_player_leaves_the_boards_of_those_who_followed_them(world) -> None:
    ada, bo = player(world, "Ada"), player(world, "Bo")
    follow(world, ada, bo)
    play_chess(world, bo)
    assert world.client.delete("/api/me", headers=auth(bo)).status_code == 200
    assert names(board(world, ada)) == [] and world.client.get("/api/follows", headers=auth(ada)).json()[
        "follows"] == []
