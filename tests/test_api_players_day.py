"""The day at the player's own midnight, over HTTP (docs/ratings.md, "Whose day"): a ticket request
says the player's date and zone, the server believes them only when both can be true now, and the
result counts on that date: its daily, its board and the player's streak, however the zones fall."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from puzzlebook.chess.puzzle import Puzzle
from service.boards.snapshot import Snapshots
from service.games.chess.puzzles import puzzles_of
from tests.support import ChainDays, StoreKind, World, served, signed_up, sqlite_store, world_of

# 10:30 UTC on 4 December: 00:30 on the 5th at Kiritimati (UTC+14), 23:30 on the 3rd at Pago Pago
# (UTC-11), 10:30 on the 4th in London.
T0 = dt.datetime(2026, 12, 4, 10, 30, tzinfo=dt.UTC)
KIRITIMATI, PAGO_PAGO, LONDON = 14 * 60, -11 * 60, 0


@pytest.fixture
def world(tmp_path) -> Iterator[World]:
    with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store, served(store, T0) as world:
        yield world


def daily(world: World, day: str) -> Puzzle:
    puzzles = puzzles_of(world.ctx)
    band, puzzle_id = next(iter(puzzles.dailies(dt.date.fromisoformat(day)).items()))
    found = puzzles.puzzle(band, puzzle_id)
    assert found is not None
    return found


def open_daily(world: World, me: dict[str, str], puzzle: Puzzle, date: str | None,
               offset: int | None) -> Any:
    query = "&".join(f"{k}={v}" for k, v in (("date", date), ("offset", offset)) if v is not None)
    return world.client.post(f"/api/chess/plays?{query}", json={"id": puzzle.id, "band": puzzle.band},
                             headers=me)


def solve_daily(world: World, me: dict[str, str], date: str, offset: int) -> dict[str, Any]:
    """Open `date`'s daily claiming that date at `offset`, play it for 30 s, post a clean solve."""
    puzzle = daily(world, date)
    opened = open_daily(world, me, puzzle, date, offset)
    assert opened.status_code == 200, opened.text
    assert opened.json()["date"] == date
    world.clock.advance(seconds=31)
    body = {"id": puzzle.id, "band": puzzle.band, "moves": puzzle.solution, "mistakes": 0, "hints": 0,
            "seconds": 30, "ticket": opened.json()["ticket"]}
    posted = world.client.post("/api/chess/solves", json=body, headers=me)
    assert posted.status_code == 200, posted.text
    got: dict[str, Any] = posted.json()
    return got


def test_each_player_gets_their_own_dates_daily_and_counts_on_its_board(world: World) -> None:
    kiri, pago, london = (signed_up(world.client, name) for name in ("Kiri", "Pago", "Lon"))
    world.clock.at = T0 - dt.timedelta(days=5)  # accounts old enough for the boards
    world.clock.at = T0
    assert solve_daily(world, kiri, "2026-12-05", KIRITIMATI)["daily"] == "2026-12-05"
    assert solve_daily(world, pago, "2026-12-03", PAGO_PAGO)["daily"] == "2026-12-03"
    assert solve_daily(world, london, "2026-12-04", LONDON)["daily"] == "2026-12-04"
    for who, date in ((kiri, "2026-12-05"), (pago, "2026-12-03"), (london, "2026-12-04")):
        mine = world.client.get(f"/api/me/chess/{date}", headers=who).json()
        assert mine["dailies"][0]["solve"] is not None, date
        assert mine["streak"] == 1, date


def test_a_date_that_cant_be_the_players_now_is_refused_saying_why(world: World) -> None:
    me = signed_up(world.client)
    puzzle = daily(world, "2026-12-04")
    cases = [
        ("2026-12-05", LONDON, "2026-12-05 isn't the date at UTC+00:00 now: it is 2026-12-04 there."),
        ("2026-12-06", KIRITIMATI, "2026-12-06 isn't the date at UTC+14:00 now: it is 2026-12-05 there."),
        ("2026-12-02", PAGO_PAGO, "2026-12-02 isn't the date at UTC-11:00 now: it is 2026-12-03 there."),
        ("2026-12-04", None, "Send your date and your zone's offset together"),
        (None, LONDON, "Send your date and your zone's offset together"),
    ]
    for date, offset, words in cases:
        got = open_daily(world, me, puzzle, date, offset)
        assert got.status_code == 422, (date, offset, got.text)
        assert got.json()["error"].startswith(words), got.json()
    for offset, words in ((-721, "Offset must be at least -720."), (841, "Offset must be at most 840.")):
        got = open_daily(world, me, puzzle, "2026-12-04", offset)
        assert got.status_code == 400 and got.json()["error"] == words, got.text
    # Nothing was opened by any of them: the player's current chess play is still none.
    assert world.client.post("/api/chess/solves", headers=me, json={
        "id": puzzle.id, "band": puzzle.band, "moves": puzzle.solution, "mistakes": 0, "hints": 0,
        "seconds": 30}).status_code == 422


def test_a_clock_a_little_ahead_is_believed_at_midnight(world: World) -> None:
    """A page whose clock is two minutes ahead says the 5th at 23:58 on the 4th in London."""
    me = signed_up(world.client)
    world.clock.at = dt.datetime(2026, 12, 4, 23, 58, tzinfo=dt.UTC)
    got = open_daily(world, me, daily(world, "2026-12-05"), "2026-12-05", LONDON)
    assert got.status_code == 200 and got.json()["date"] == "2026-12-05"


def test_without_a_date_the_site_day_counts(world: World) -> None:
    me = signed_up(world.client)
    got = open_daily(world, me, daily(world, "2026-12-04"), None, None)
    assert got.status_code == 200 and got.json()["date"] == "2026-12-04"


def test_a_ticket_opened_before_midnight_counts_on_its_own_date(world: World) -> None:
    me = signed_up(world.client)
    world.clock.at = dt.datetime(2026, 12, 4, 23, 59, 50, tzinfo=dt.UTC)
    puzzle = daily(world, "2026-12-04")
    opened = open_daily(world, me, puzzle, "2026-12-04", LONDON).json()
    world.clock.advance(seconds=40)  # past midnight in London
    body = {"id": puzzle.id, "band": puzzle.band, "moves": puzzle.solution, "mistakes": 0, "hints": 0,
            "seconds": 30, "ticket": opened["ticket"]}
    posted = world.client.post("/api/chess/solves", json=body, headers=me).json()
    assert posted["daily"] == "2026-12-04" and posted["streak"] == 1


def test_a_flight_east_over_a_date_breaks_a_streak_no_freeze_covers(world: World) -> None:
    """Honolulu (UTC-10) on the 3rd and 4th, then Sydney (UTC+11) on the 6th: the 5th never came, and
    with no freeze held the streak starts again (a zone is the page's word: docs/ratings.md). Then
    back to Honolulu, where it is the 5th again: a date before the streak's last day, nothing added."""
    me = signed_up(world.client)
    honolulu, sydney = -10 * 60, 11 * 60
    world.clock.at = dt.datetime(2026, 12, 4, 7, 0, tzinfo=dt.UTC)  # 21:00 on the 3rd in Honolulu
    assert solve_daily(world, me, "2026-12-03", honolulu)["streak"] == 1
    world.clock.at = dt.datetime(2026, 12, 5, 7, 0, tzinfo=dt.UTC)  # 21:00 on the 4th in Honolulu
    assert solve_daily(world, me, "2026-12-04", honolulu)["streak"] == 2
    world.clock.at = dt.datetime(2026, 12, 5, 20, 0, tzinfo=dt.UTC)  # 07:00 on the 6th in Sydney
    assert solve_daily(world, me, "2026-12-06", sydney)["streak"] == 1
    world.clock.at = dt.datetime(2026, 12, 6, 8, 0, tzinfo=dt.UTC)  # 22:00 on the 5th in Honolulu
    again = solve_daily(world, me, "2026-12-05", honolulu)
    assert again["daily"] == "2026-12-05" and again["streak"] == 1
    assert world.client.get("/api/me", headers=me).json()["streaks"]["chess"]["current"] == 1


# 01:00 on the 1st at UTC-12, 03:00 on the 2nd at UTC+14.
HOPS = dt.datetime(2026, 10, 1, 13, 0, tzinfo=dt.UTC)


@pytest.fixture
def chains(store_kind: StoreKind, tmp_path: Path) -> Iterator[ChainDays]:
    """The app on either store with every Chain of 1-10 October 2026 stored."""
    from puzzlebook.chain.generate import generate
    from service.games.chain.records import ChainRecords

    with world_of(store_kind, tmp_path, HOPS) as world:
        rows = {}
        for day in range(1, 11):
            date = f"2026-10-{day:02d}"
            rows[date] = generate(date)
            ChainRecords(world.store).put_chain_day(date, rows[date])
        yield world.grown(ChainDays, rows=rows)


def solve_chain(world: ChainDays, me: dict[str, str], offset: int) -> dict[str, Any]:
    """Open the Chain of the player's date at `offset` now, play it for 40 s, post a clean solve."""
    from puzzlebook.calendar import local_date

    date = local_date(world.clock.at, offset).isoformat()
    opened = world.client.post(f"/api/chain/plays?date={date}&offset={offset}", json={"date": date},
                               headers=me)
    assert opened.status_code == 200, opened.text
    world.clock.advance(seconds=41)
    body = {"date": date, "tiles": world.rows[date]["solution"], "seconds": 40, "undos": 0, "resets": 0,
            "ticket": opened.json()["ticket"]}
    posted = world.client.post("/api/chain/solves", json=body, headers=me)
    assert posted.status_code == 200, posted.text
    got: dict[str, Any] = posted.json()
    return got


def test_hopping_zones_gives_no_free_streak_days(chains: ChainDays) -> None:
    """The attack: one Chain every ~48 hours, alternately claiming UTC-12 and UTC+14, kept a streak at
    5 with 4 of 9 dates never played and no freeze used (each hop east forgave the dates it skipped).
    A streak can't pass over a date unless a freeze covers it, whichever zones were claimed."""
    me = signed_up(chains.client)
    streaks = []
    for k in range(5):
        chains.clock.at = HOPS + dt.timedelta(hours=48 * k)
        posted = solve_chain(chains, me, -720 if k % 2 == 0 else 840)
        streaks.append((posted["daily"], posted["streak"], posted["freezes_used"]))
    assert streaks == [("2026-10-01", 1, 0), ("2026-10-04", 1, 0), ("2026-10-05", 2, 0),
                       ("2026-10-08", 1, 0), ("2026-10-09", 2, 0)]
    mine = chains.client.get("/api/me", headers=me).json()["streaks"]["chain"]
    assert (mine["current"], mine["freezes_used"]) == (2, 0)


def test_staying_put_a_missed_date_is_missed(world: World) -> None:
    me = signed_up(world.client)
    world.clock.at = dt.datetime(2026, 12, 4, 12, 0, tzinfo=dt.UTC)
    assert solve_daily(world, me, "2026-12-04", LONDON)["streak"] == 1
    world.clock.at = dt.datetime(2026, 12, 6, 12, 0, tzinfo=dt.UTC)
    assert solve_daily(world, me, "2026-12-06", LONDON)["streak"] == 1


def test_a_dated_board_says_when_it_closes_and_is_final_after(world: World) -> None:
    puzzle = daily(world, "2026-12-04")
    path = f"/api/boards/chess/daily/2026-12-04?band={puzzle.band}"
    snapshot = f"snapshots/chess/daily/2026-12-04/{puzzle.band}.json"
    assert world.client.get(path).json()["open_until"] == "2026-12-05T12:00:00Z"
    world.publish(path)  # the boards page reads the snapshot, which says the same
    assert world.ctx.part(Snapshots.of).get(snapshot)["open_until"] == "2026-12-05T12:00:00Z"
    world.clock.at = dt.datetime(2026, 12, 5, 12, 0, tzinfo=dt.UTC)  # midnight at UTC-12: over everywhere
    assert world.client.get(path).json()["open_until"] is None
    world.publish(path)  # still live a day more, for late results: its snapshot now says it is final
    assert world.ctx.part(Snapshots.of).get(snapshot)["open_until"] is None
