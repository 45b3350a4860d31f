"""Invites to a race over HTTP: a racer invites a mutual follow to a race waiting for its start, the
invited player reads it (GET /api/me/invites) and dismisses it; every refusal with its status and code,
in the request's language (the races made and joined through the rooms: tests/race_rooms.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.race_rooms import Rooms
from tests.social_support import auth, follow, player, social_world
from tests.support import World


@pytest.fixture
def world(tmp_path) -> Iterator[World]:
    with social_world(tmp_path) as world:
        yield world


def invite(world: World, who: dict[str, str], race: str, to: object, **headers: str):  # type: ignore[no-untyped-def]
    return world.client.post(f"/api/races/{race}/invites", json={"to": to}, headers={**auth(who), **headers})


def invites(world: World, who: dict[str, str]) -> list[dict]:
    got = world.client.get("/api/me/invites", headers=auth(who))
    assert got.status_code == 200, got.text
    return list(got.json()["invites"])


def test_a_racer_invites_a_mutual_follow_who_sees_it_and_dismisses_it(world: World) -> None:
    ada, bo = player(world, "Ada"), player(world, "Bo")
    follow(world, ada, bo)
    follow(world, bo, ada)
    rooms = Rooms(world.ctx)
    race = rooms.make(ada["X-Test-Id"], "Ada")
    assert invites(world, bo) == []
    sent = invite(world, ada, race, bo["X-Test-Id"])
    assert sent.status_code == 200 and sent.json() == {"to": bo["X-Test-Id"], "already": False}, sent.text
    assert invite(world, ada, race, bo["X-Test-Id"]).json()["already"] is True
    [got] = invites(world, bo)
    assert (got["race"], got["name"], got["link"]) == (race, "Ada", f"/race/?id={race}")
    home = world.client.get("/api/me/home", headers=auth(bo))
    assert home.status_code == 200 and home.json()["invites"] == [got], home.text  # the home's one request
    assert got["made"].startswith(world.ctx.now().date().isoformat())
    gone = world.client.delete(f"/api/me/invites/{race}", headers=auth(bo))
    assert gone.status_code == 200 and invites(world, bo) == []
    again = world.client.delete(f"/api/me/invites/{race}", headers=auth(bo))
    assert (again.status_code, again.json()["code"]) == (404, "invite_none")


def test_every_refusal_has_its_status_and_code(world: World) -> None:
    ada, bo, cy = player(world, "Ada"), player(world, "Bo"), player(world, "Cy")
    follow(world, ada, bo)
    follow(world, bo, ada)
    follow(world, ada, cy)  # one way only
    rooms = Rooms(world.ctx)
    race = rooms.make(ada["X-Test-Id"], "Ada")

    def code(got) -> tuple[int, str]:  # type: ignore[no-untyped-def]
        return got.status_code, got.json()["code"]

    assert code(invite(world, ada, race, cy["X-Test-Id"])) == (404, "invite_not_mutual")
    assert code(invite(world, bo, race, ada["X-Test-Id"])) == (403, "invite_not_racer")
    assert code(invite(world, ada, "no-such-race", bo["X-Test-Id"])) == (404, "invite_no_race")
    assert code(invite(world, ada, race, "not an id")) == (400, "bad_invite_to")
    guest = world.client.post(f"/api/races/{race}/invites", json={"to": bo["X-Test-Id"]})
    assert code(guest) == (401, "sign_in_for_invites")
    spanish = invite(world, ada, race, cy["X-Test-Id"], **{"Accept-Language": "es"})
    assert spanish.json()["code"] == "invite_not_mutual" and spanish.json()["error"] != (
        "You can invite only players you follow who follow you back.")
    rooms.join(bo["X-Test-Id"], "Bo", race)
    rooms.start(ada["X-Test-Id"])
    follow(world, cy, ada)
    assert code(invite(world, ada, race, cy["X-Test-Id"])) == (409, "invite_race_started")
    assert code(world.client.get("/api/me/invites")) == (401, "sign_in_for_invites")
