"""What never changes once kept is read from the store once per app and day (service/kept.py;
docs/operations.md, "Midnight"): a Chain day, a Storm run, a day's chess dailies. At midnight every
player asks for the new day at once; each container reads its items once, not once a request."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from puzzlebook.chain.generate import generate
from service.games.chain import keys as CK
from service.games.chain.records import ChainRecords
from service.games.chess import keys as CHK
from service.games.chess.puzzles import puzzles_of
from service.games.daily_run.mode import RunMode
from service.games.storm import STORM
from service.games.streak import STREAK
from tests.support import World, post_result, served, signed_up, sqlite_store

# Before the next date begins at UTC+14 (10:00 UTC), so it isn't out yet.
MORNING = dt.datetime(2026, 11, 30, 9, 0, tzinfo=dt.UTC)
TODAY, YESTERDAY, TOMORROW = "2026-11-30", "2026-11-29", "2026-12-01"


class Reads:
    """The store's reads, counted by partition key: every get, batch get and query."""

    def __init__(self, store: Any, monkeypatch: pytest.MonkeyPatch) -> None:
        self.by_pk: Counter[str] = Counter()
        get_item, get_items, query_items = store.get_item, store.get_items, store.query_items

        def counted_get(pk: str, sk: str, **kw: Any) -> Any:
            self.by_pk[pk] += 1
            return get_item(pk, sk, **kw)

        def counted_gets(keys: Any, **kw: Any) -> Any:
            for pk, _ in keys:
                self.by_pk[pk] += 1
            return get_items(keys, **kw)

        def counted_query(pk: str, *args: Any, **kw: Any) -> Any:
            self.by_pk[pk] += 1
            return query_items(pk, *args, **kw)

        monkeypatch.setattr(store, "get_item", counted_get)
        monkeypatch.setattr(store, "get_items", counted_gets)
        monkeypatch.setattr(store, "query_items", counted_query)

    def of(self, pk: str) -> int:
        return self.by_pk[pk]


@dataclass
class Counted(World):
    """The world with its store's reads counted."""

    reads: Reads


@pytest.fixture
def world(tmp_path, monkeypatch) -> Iterator[Counted]:
    with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store:
        for day in (YESTERDAY, TODAY, TOMORROW):
            ChainRecords(store).put_chain_day(day, generate(day))
        with served(store, MORNING) as world:
            yield world.grown(Counted, reads=Reads(store, monkeypatch))


def test_a_chain_day_is_read_once_whoever_opens_solves_or_gives_it_up(world: World) -> None:
    row = ChainRecords(world.store).chain_day(TODAY)
    assert row is not None
    before = world.reads.of(CK.CHAIN_DAYS)
    for k in range(3):
        me = signed_up(world.client, f"Chain {k}")
        body = {"date": TODAY, "tiles": row["solution"], "seconds": 40, "undos": 0, "resets": 0}
        assert post_result(world, "/api/chain/solves", body, me).status_code == 200
        assert world.client.get(f"/api/chain/daily/{TODAY}").status_code == 200
        assert world.client.get(f"/api/chain/{TODAY}/walkthrough", headers=me).status_code == 200
    assert world.client.get(f"/api/boards/chain/daily/{TODAY}").status_code == 200
    assert world.reads.of(CK.CHAIN_DAYS) - before == 1, "today's Chain day read once"
    # Tomorrow isn't out (it begins at UTC+14 at 10:00 UTC): refused before any read.
    assert world.client.get(f"/api/chain/daily/{TOMORROW}").status_code == 404
    assert world.reads.of(CK.CHAIN_DAYS) - before == 1
    world.clock.advance(hours=3)  # noon UTC: yesterday has ended everywhere, its walkthrough open to all
    for _ in range(2):
        assert world.client.get(f"/api/chain/{YESTERDAY}/walkthrough").status_code == 200
    assert world.reads.of(CK.CHAIN_DAYS) - before == 2, "and yesterday's once"
    # Then the day turns: the new day, once.
    world.clock.advance(days=1)
    for _ in range(3):
        assert world.client.get(f"/api/chain/daily/{TOMORROW}").status_code == 200
    assert world.reads.of(CK.CHAIN_DAYS) - before == 3


def test_a_day_not_stored_is_asked_again_and_remembered_once_it_is(world: World) -> None:
    """Only what was found is remembered: a day stored after a 404 is served at once."""
    world.clock.advance(days=2)
    later = "2026-12-02"
    assert world.client.get(f"/api/chain/daily/{later}").status_code == 404
    ChainRecords(world.store).put_chain_day(later, generate(later))
    assert world.client.get(f"/api/chain/daily/{later}").json()["date"] == later


@pytest.mark.parametrize("mode", [STORM, STREAK], ids=lambda m: m.key)
def test_a_run_modes_run_is_read_once_by_its_starts_its_posts_and_its_api_copy(
    world: Counted, mode: RunMode[Any]
) -> None:
    for k in range(3):
        me = signed_up(world.client, f"{mode.title} {k}")
        started = world.client.post(f"/api/{mode.key}/runs", headers=me)
        assert started.status_code == 200, started.text
        copy = world.client.get(f"/api/{mode.key}/daily/{TODAY}")
        assert copy.status_code == 200 and copy.json()["date"] == TODAY
        posted = world.client.post(f"/api/{mode.key}/results", headers=me, json={
            "date": TODAY, "ticket": started.json()["ticket"], "moves": [], "seconds": 0})
        assert posted.status_code in (200, 422), posted.text
    # The first start found no run and kept it (a read, then the write); nothing read it again.
    assert world.reads.of(mode.keys.runs) == 1


def test_a_days_chess_dailies_are_read_once_by_the_api_copy_and_daily_posts(world: World) -> None:
    from service.games.chess.dailies import ensure_dailies

    ensure_dailies(world.store, world.ctx.settings, puzzles_of(world.ctx).bundle, dt.date(2026, 11, 29))
    assert world.client.get(f"/api/chess/daily/{TODAY}").status_code == 200  # kept now, read once
    first = world.reads.of(CHK.CHESS_DAILIES)
    band, pid = next(iter(puzzles_of(world.ctx).dailies(world.ctx.today()).items()))
    puzzle = puzzles_of(world.ctx).puzzle(band, pid)
    assert puzzle is not None
    for k in range(3):
        me = signed_up(world.client, f"Chess {k}")
        body = {"id": pid, "band": band, "moves": puzzle.solution, "mistakes": 0, "hints": 0, "seconds": 30}
        posted = post_result(world, "/api/chess/solves", body, me)
        assert posted.status_code == 200, posted.text
        assert posted.json()["daily"] == TODAY
        assert world.client.get(f"/api/chess/daily/{TODAY}").status_code == 200
    assert world.reads.of(CHK.CHESS_DAILIES) == first, "nothing read today's dailies again"
    for _ in range(3):
        assert world.client.get(f"/api/chess/daily/{YESTERDAY}").status_code == 200
    assert world.reads.of(CHK.CHESS_DAILIES) == first + 1, "yesterday's, once"
