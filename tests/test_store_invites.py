"""The store's contract for invites to a race, on both stores (SQLite and moto's DynamoDB): written into
the recipient's own partition with the race's life, only between a racer and a mutual follow while the
race waits, one a race for each player, at most nine a race from one racer; read from the recipient's
own key, only while the race still takes them; dismissed; gone with a deleted player
(service/live/invites.py, puzzlebook/racer/invites.py)."""

from __future__ import annotations

import datetime as dt

import pytest

from puzzlebook.friends.codes import grouped
from puzzlebook.racer.invites import MAX_SENT, InviteRefused
from puzzlebook.racer.race import KEPT_DAYS
from service.accounts import delete_player
from service.context import Context
from service.live import keys as L
from service.live.invites import Invites
from service.social.follows import Follows
from service.store import keys as K
from service.store.base import Store
from tests.race_rooms import Rooms
from tests.support import STORE_T0, Clock, settings_for_tests


@pytest.fixture
def clock() -> Clock:
    return Clock(STORE_T0)


@pytest.fixture
def rooms(store: Store, clock: Clock) -> Rooms:
    return Rooms(Context(store, settings_for_tests(), clock=clock))


def players(store: Store, *names: str) -> list[str]:
    return [store.create_player(name, "h", STORE_T0).id for name in names]


def follow(store: Store, who: str, whom: str) -> None:
    state = Follows(store).code_state(whom)
    assert state is not None
    Follows(store).follow(who, grouped(state.code), STORE_T0)


def mutual(store: Store, *pids: str) -> None:
    for a in pids:
        for b in pids:
            if a != b:
                follow(store, a, b)


def refusal(call: object, *args: object) -> tuple[int, str]:
    with pytest.raises(InviteRefused) as got:
        call(*args)  # type: ignore[operator]
    return got.value.status, got.value.message.code


def test_an_invite_is_written_to_the_recipients_own_key_for_the_races_life(
        store: Store, rooms: Rooms, clock: Clock) -> None:
    ada, bo = players(store, "Ada", "Bo")
    mutual(store, ada, bo)
    race = rooms.make(ada, "Ada")
    invites = Invites(store)
    assert invites.send(race, ada, "Ada", bo, clock()) is True
    item = store.get_item(K.player(bo), L.invite(race))
    assert item is not None and item["doc"]["name"] == "Ada" and item["doc"]["from"] == ada
    assert item["expires_at"] == int(clock().timestamp()) + KEPT_DAYS * 86_400
    [seen] = invites.mine(bo, clock())
    assert (seen.race, seen.name) == (race, "Ada")
    assert invites.mine(ada, clock()) == []
    assert invites.send(race, ada, "Ada", bo, clock()) is False  # no duplicate: nothing more written
    assert (store.get_item(K.player(ada), L.invited(race)) or {}).get("n") == 1


def test_only_a_racer_only_to_a_mutual_follow_only_before_the_start(
        store: Store, rooms: Rooms, clock: Clock) -> None:
    ada, bo, cy, di = players(store, "Ada", "Bo", "Cy", "Di")
    mutual(store, ada, bo, di)
    follow(store, ada, cy)  # Cy doesn't follow Ada back
    race = rooms.make(ada, "Ada")
    invites = Invites(store)
    assert refusal(invites.send, race, ada, "Ada", cy, clock()) == (404, "invite_not_mutual")
    assert refusal(invites.send, race, ada, "Ada", ada, clock()) == (404, "invite_not_mutual")
    assert refusal(invites.send, race, bo, "Bo", ada, clock()) == (403, "invite_not_racer")
    assert refusal(invites.send, "nosuchrace", ada, "Ada", bo, clock()) == (404, "invite_no_race")
    rooms.join(bo, "Bo", race)
    assert refusal(invites.send, race, ada, "Ada", bo, clock()) == (409, "invite_racing_already")
    assert invites.send(race, bo, "Bo", di, clock()) is True  # any racer invites, not only the maker
    rooms.start(ada)
    assert refusal(invites.send, race, ada, "Ada", di, clock()) == (409, "invite_race_started")
    assert invites.mine(di, clock()) == []  # started: the invite leads nowhere now
    assert store.get_item(K.player(cy), L.invite(race)) is None


def test_at_most_nine_invites_a_race_from_one_racer(store: Store, rooms: Rooms, clock: Clock) -> None:
    ada, *others = players(store, "Ada", *(f"P{n}" for n in range(MAX_SENT + 1)))
    for pid in others:
        mutual(store, ada, pid)
    race = rooms.make(ada, "Ada")
    invites = Invites(store)
    for pid in others[:MAX_SENT]:
        assert invites.send(race, ada, "Ada", pid, clock()) is True
    assert refusal(invites.send, race, ada, "Ada", others[-1], clock()) == (429, "invite_too_many")
    assert store.get_item(K.player(others[-1]), L.invite(race)) is None


def test_an_invite_shows_until_it_is_dismissed_or_its_race_goes(
        store: Store, rooms: Rooms, clock: Clock) -> None:
    ada, bo = players(store, "Ada", "Bo")
    mutual(store, ada, bo)
    first = rooms.make(ada, "Ada")
    invites = Invites(store)
    invites.send(first, ada, "Ada", bo, clock())
    clock.advance(minutes=1)
    second = rooms.make(ada, "Ada")
    invites.send(second, ada, "Ada", bo, clock())
    assert [i.race for i in invites.mine(bo, clock())] == [second, first]  # newest first
    assert invites.dismiss(bo, second) is True and invites.dismiss(bo, second) is False
    assert [i.race for i in invites.mine(bo, clock())] == [first]
    rooms.join(bo, "Bo", first)
    assert invites.mine(bo, clock()) == []  # in it already
    clock.advance(days=KEPT_DAYS, minutes=1)
    assert invites.mine(bo, clock()) == []  # past the race's life, whether the TTL took it yet or not


def test_a_deleted_player_keeps_no_invites_and_gets_none(store: Store, rooms: Rooms, clock: Clock) -> None:
    ada, bo = players(store, "Ada", "Bo")
    mutual(store, ada, bo)
    race = rooms.make(ada, "Ada")
    Invites(store).send(race, ada, "Ada", bo, clock())
    delete_player(store, bo)
    assert store.get_item(K.player(bo), L.invite(race)) is None
    ada_items = store.query_items(K.player(ada), prefix=L.INVITED)
    assert [it["SK"] for it in ada_items] == [L.invited(race)]


def test_an_unfollow_refuses_the_next_invite(store: Store, rooms: Rooms, clock: Clock) -> None:
    ada, bo = players(store, "Ada", "Bo")
    mutual(store, ada, bo)
    race = rooms.make(ada, "Ada")
    Follows(store).unfollow(bo, ada)
    assert refusal(Invites(store).send, race, ada, "Ada", bo, clock() + dt.timedelta(seconds=1)) == (
        404, "invite_not_mutual")
