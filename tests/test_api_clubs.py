"""Clubs over HTTP: made and joined by link, a club of four's boards of a day and a week, the owner's
rename, new link, removal (the removed member drops off) and closing, a member leaving, the caps, and
a stranger's 404 on every club route (nothing says a club is there)."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.social_support import auth, play_chain, play_chess, player, social_world
from tests.support import World


@pytest.fixture
def world(tmp_path) -> Iterator[World]:
    with social_world(tmp_path) as world:
        yield world


def make_club(world: World, owner: dict[str, str], name: str = "Tuesday tacticians") -> dict:
    got = world.client.post("/api/clubs", json={"name": name}, headers=auth(owner))
    assert got.status_code == 201, got.text
    return got.json()


def join(world: World, club: dict, who: dict[str, str], code: str | None = None):
    link = parse_qs(urlsplit(club["join_link"]).query)
    return world.client.post(f"/api/clubs/{club['id']}/join", json={"code": code or link["code"][0]},
                             headers=auth(who))


def board(world: World, club: dict, who: dict[str, str], game: str = "chess") -> dict:
    day = world.ctx.today().isoformat()
    got = world.client.get(f"/api/clubs/{club['id']}/boards/{game}/{day}", headers=auth(who))
    assert got.status_code == 200, got.text
    return got.json()


def names(answer: dict) -> list[str]:
    return [row["name"] for row in answer["rows"]]


def test_a_club_of_four_shows_its_board_and_a_removed_member_drops_off(world) -> None:
    ada, bo, cy, di = (player(world, n) for n in ("Ada", "Bo", "Cy", "Di"))
    play_chess(world, cy, seconds=25)  # before joining: on the board as she joins
    club = make_club(world, ada)
    assert club["owner"] and [m["name"] for m in club["members"]] == ["Ada"] and club["most"] == 500
    for who in (bo, cy, di):
        got = join(world, club, who)
        assert got.status_code == 200 and got.json()["already"] is False, got.text
    assert join(world, club, bo).json()["already"] is True
    play_chess(world, ada, seconds=40)
    play_chess(world, bo, seconds=30, hints=1)
    seen = board(world, club, di)
    assert names(seen) == ["Cy", "Ada", "Bo"] and (seen["people"], seen["played"]) == (4, 3)
    assert [w["name"] for w in seen["waiting"]] == ["Di"]
    assert board(world, club, bo) == {**seen, "rows": [{**r, "you": r["name"] == "Bo"} for r in seen["rows"]]}
    removed = world.client.delete(f"/api/clubs/{club['id']}/members/{bo['X-Test-Id']}", headers=auth(ada))
    assert removed.json() == {"ok": True}
    assert names(board(world, club, di)) == ["Cy", "Ada"]
    assert world.client.get(f"/api/clubs/{club['id']}", headers=auth(bo)).status_code == 404
    assert join(world, club, bo).status_code == 404  # he can't join again, with any link
    assert world.client.get("/api/clubs", headers=auth(bo)).json()["clubs"] == []
    play_chain(world, di)
    assert names(board(world, club, ada, "chain")) == ["Di"]


def test_a_clubs_week_counts_each_members_days(world) -> None:
    ada, bo = player(world, "Ada"), player(world, "Bo")
    club = make_club(world, ada)
    join(world, club, bo)
    for day in range(2):
        play_chain(world, ada, seconds=30)
        if day == 1:
            play_chain(world, bo, seconds=10)
            break
        world.clock.advance(days=1)
    week = world.client.get(f"/api/clubs/{club['id']}/boards/chain/week/{world.ctx.today().isoformat()}",
                            headers=auth(bo)).json()
    assert [(r["name"], r["played"], r["you"]) for r in week["rows"]] == [("Ada", 2, False), ("Bo", 1, True)]
    assert week["rows"][0]["totals"]["seconds"] == 60


def test_the_owner_renames_draws_a_new_link_and_closes_and_a_member_leaves(world) -> None:
    ada, bo, cy = (player(world, n) for n in ("Ada", "Bo", "Cy"))
    club = make_club(world, ada)
    join(world, club, bo)
    renamed = world.client.patch(f"/api/clubs/{club['id']}", json={"name": "Night owls"}, headers=auth(ada))
    assert renamed.status_code == 200 and renamed.json()["name"] == "Night owls"
    taken = world.client.patch(f"/api/clubs/{club['id']}", json={"name": "Mine"}, headers=auth(bo))
    assert taken.status_code == 404
    new = world.client.post(f"/api/clubs/{club['id']}/code", headers=auth(ada)).json()
    assert new["join_link"] != club["join_link"]
    assert join(world, club, cy).status_code == 404  # the old link finds no club
    assert join(world, new, cy).status_code == 200
    owner_leaves = world.client.post(f"/api/clubs/{club['id']}/leave", headers=auth(ada))
    assert owner_leaves.status_code == 422 and "close it" in owner_leaves.json()["error"]
    assert world.client.post(f"/api/clubs/{club['id']}/leave", headers=auth(cy)).json() == {"ok": True}
    assert world.client.post(f"/api/clubs/{club['id']}/leave", headers=auth(cy)).status_code == 404
    assert world.client.delete(f"/api/clubs/{club['id']}", headers=auth(bo)).status_code == 404
    assert world.client.delete(f"/api/clubs/{club['id']}", headers=auth(ada)).json() == {"ok": True}
    assert world.client.get(f"/api/clubs/{club['id']}", headers=auth(bo)).status_code == 404
    assert world.client.get("/api/clubs", headers=auth(bo)).json()["clubs"] == []


def test_a_player_is_in_two_clubs_at_most(world) -> None:
    ada, bo = player(world, "Ada"), player(world, "Bo")
    first, second = make_club(world, ada, "One"), make_club(world, bo, "Two")
    join(world, second, ada)
    over = world.client.post("/api/clubs", json={"name": "Three"}, headers=auth(ada))
    assert over.status_code == 422 and "2 clubs" in over.json()["error"]
    mine = world.client.get("/api/clubs", headers=auth(ada)).json()
    assert sorted(c["name"] for c in mine["clubs"]) == ["One", "Two"] and mine["most"] == 2
    assert first["id"] != second["id"]


def test_a_stranger_gets_404_on_every_club_route(world) -> None:
    ada, stranger = player(world, "Ada"), player(world, "Stranger")
    club = make_club(world, ada)
    cid, day = club["id"], world.ctx.today().isoformat()
    for method, path, body in (
        ("GET", f"/api/clubs/{cid}", None),
        ("PATCH", f"/api/clubs/{cid}", {"name": "Mine"}),
        ("POST", f"/api/clubs/{cid}/code", None),
        ("POST", f"/api/clubs/{cid}/join", {"code": "guess"}),
        ("POST", f"/api/clubs/{cid}/leave", None),
        ("DELETE", f"/api/clubs/{cid}/members/{ada['X-Test-Id']}", None),
        ("DELETE", f"/api/clubs/{cid}", None),
        ("GET", f"/api/clubs/{cid}/boards/chess/{day}", None),
        ("GET", f"/api/clubs/{cid}/boards/chess/week/{day}", None),
        ("GET", "/api/clubs/nosuchclub000000", None),
    ):
        got = world.client.request(method, path, json=body, headers=auth(stranger))
        assert got.status_code == 404, (method, path, got.text)
    words = {world.client.get(f"/api/clubs/{c}", headers=auth(stranger)).json()["error"]
             for c in (cid, "nosuchclub000000")}
    assert len(words) == 1  # a club there and none read alike


def test_a_clubs_name_is_checked_in_plain_words(world) -> None:
    ada = player(world, "Ada")
    got = world.client.post("/api/clubs", json={"name": "\u202eevil"}, headers=auth(ada))
    assert got.status_code == 400 and "invisible" in got.json()["error"]
    assert world.client.post("/api/clubs", json={"name": "x" * 41}, headers=auth(ada)).status_code == 400
