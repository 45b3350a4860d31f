"""Results posted at once over real HTTP: the same first solve 50 times is kept and rated once; one
player's solves of different puzzles at once count one puzzle at a time (only the play opened last);
the store itself still rates every one of such solves from where the last left off, none lost."""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx2
import pytest

from functions.app import create_app
from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.ratings import NEW_PLAYER, rate_puzzle
from service.games.chess.puzzles import puzzles_of
from service.games.chess.records import ChessRecords
from service.store.sqlite import SqliteStore
from tests.support import Clock, record_test_solve, settings_for_tests, sqlite_store, uvicorn_serving

NOON = dt.datetime(2026, 11, 2, 12, tzinfo=dt.UTC)


@pytest.fixture
def served(tmp_path) -> Iterator[tuple[str, SqliteStore, object, Clock]]:
    store = SqliteStore(tmp_path / "puzzlebook.sqlite3")
    clock = Clock(NOON)
    app = create_app(settings_for_tests(), store, clock=clock)
    try:
        with uvicorn_serving(app) as base:
            yield base, store, app, clock
    finally:
        store.close()


def opened(base: str, clock: Clock, headers: dict[str, str], puzzle_id: str, band: str) -> str:
    """A play ticket for the puzzle, issued ten seconds before noon (the clock is put back after)."""
    clock.at = NOON - dt.timedelta(seconds=10)
    try:
        got = httpx2.post(f"{base}/api/chess/plays", json={"id": puzzle_id, "band": band}, headers=headers,
                          timeout=60)
    finally:
        clock.at = NOON
    assert got.status_code == 200, got.text
    return str(got.json()["ticket"])


@pytest.mark.slow  # a real server and fifty threads
def test_fifty_concurrent_first_solves_are_kept_once(served) -> None:
    base, store, app, clock = served
    made = httpx2.post(f"{base}/api/players", json={"name": "Racer"}, timeout=60).json()
    headers = {"Authorization": f"Bearer {made['token']}"}
    bundle = puzzles_of(app.state.ctx).bundle
    row = next(r for r in bundle.rows("Medium") if len(r[2].split()) == 4 and r[0] not in bundle.retired)
    puzzle = Puzzle.from_row(row, "Medium")
    body = {
        "id": puzzle.id,
        "band": "Medium",
        "moves": puzzle.solution,
        "mistakes": 0,
        "hints": 0,
        "seconds": 9,
        "ticket": opened(base, clock, headers, puzzle.id, "Medium"),
    }
    start = threading.Barrier(50)

    def post(_: int) -> httpx2.Response:
        with httpx2.Client(timeout=30) as client:
            start.wait()
            return client.post(f"{base}/api/chess/solves", json=body, headers=headers)

    with ThreadPoolExecutor(max_workers=50) as pool:
        answers = list(pool.map(post, range(50)))
    kept = [a.json() for a in answers if a.status_code == 200]
    assert len(kept) == 1 and kept[0]["already"] is False and kept[0]["rated"] is True
    # The rest came with a ticket the first one had already used.
    refused = [a for a in answers if a.status_code != 200]
    assert {a.status_code for a in refused} == {409}
    assert {a.headers["X-Ticket-Refused"] for a in refused} == {"closed"}
    chess = ChessRecords(store).stats(made["id"])
    assert (chess.solved, chess.clean, chess.rated) == (1, 1, 1)
    assert chess.rating == rate_puzzle(NEW_PLAYER, puzzle.rating, "clean")


@pytest.mark.slow  # a real server and thirty threads
def test_one_players_solves_of_different_puzzles_at_once_count_only_the_puzzle_opened_last(served) -> None:
    base, store, app, clock = served
    made = httpx2.post(f"{base}/api/players", json={"name": "Queue"}, timeout=60).json()
    headers = {"Authorization": f"Bearer {made['token']}"}
    bundle = puzzles_of(app.state.ctx).bundle
    rows = [r for r in bundle.rows("Hard") if len(r[2].split()) == 4 and r[0] not in bundle.retired][:30]
    bodies = [
        {
            "id": r[0],
            "band": "Hard",
            "moves": Puzzle.from_row(r, "Hard").solution,
            "mistakes": 0,
            "hints": 0,
            "seconds": 9,
            "ticket": opened(base, clock, headers, r[0], "Hard"),
        }
        for r in rows
    ]
    start = threading.Barrier(len(bodies))

    def post(body: dict) -> httpx2.Response:
        with httpx2.Client(timeout=30) as client:
            start.wait()
            return client.post(f"{base}/api/chess/solves", json=body, headers=headers)

    with ThreadPoolExecutor(max_workers=len(bodies)) as pool:
        answers = list(pool.map(post, bodies))
    assert [a.status_code for a in answers] == [409] * (len(bodies) - 1) + [200]
    assert answers[-1].json()["rated"] is True
    chess = ChessRecords(store).stats(made["id"])
    assert (chess.solved, chess.rated) == (1, 1)
    assert chess.rating == rate_puzzle(NEW_PLAYER, Puzzle.from_row(rows[-1], "Hard").rating, "clean")


def test_the_store_rates_one_players_solves_at_once_from_where_each_other_left_off(tmp_path) -> None:
    # The one-puzzle-at-a-time rule is the API's; under it, the store keeps each rating change on the
    # version it read, so results written at once (a solve and a miss racing, a retry) lose nothing.
    with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store:
        ids = [f"p{n:04d}" for n in range(30)]
        start = threading.Barrier(len(ids))
        racer = store.create_player("Racer", "h", NOON).id

        def keep(puzzle_id: str) -> object:
            start.wait()
            return record_test_solve(store, racer, puzzle_id)

        with ThreadPoolExecutor(max_workers=len(ids)) as pool:
            answers = list(pool.map(keep, ids))
        assert all(a.rated for a in answers)
        chess = ChessRecords(store).stats(racer)
        assert (chess.solved, chess.rated) == (len(ids), len(ids))
        # The changes form one chain from 1500: each started where another left off, so none was lost.
        befores = sorted(round(a.before.rating, 6) for a in answers)
        chained = sorted(round(r, 6) for r in [1500.0, *(a.after.rating for a in answers)])
        chained.remove(round(chess.rating.rating, 6))
        assert befores == chained


@pytest.mark.slow  # two real servers, many rounds
def test_a_player_deleted_on_one_server_while_a_result_lands_on_another_keeps_nothing(
        tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26, item 9: two servers on one store (as two Lambda containers would be), DELETE /api/me
    on one while the player's solve is in flight on the other. Half the rounds run freely; the other
    half are held in the order that left items behind: the solve reads its token, the deletion
    removes the profile and reads what the player has, the solve is kept, and the deletion removes
    what it read. Whatever the order, nothing of the player is left: the solve's own write needs the
    player there or an item of theirs it read (service/store/owners.py), and the deletion sweeps until
    it finds nothing."""
    path = tmp_path / "puzzlebook.sqlite3"
    stores = [SqliteStore(path), SqliteStore(path)]
    clock = Clock(NOON)
    apps = [create_app(settings_for_tests(), s, clock=clock) for s in stores]
    bundle = puzzles_of(apps[0].state.ctx).bundle
    rows = [r for r in bundle.rows("Medium") if len(r[2].split()) == 4 and r[0] not in bundle.retired][:20]
    # A held player's id -> (the solve has its token, the deletion has read the partition, solve done)
    held: dict[str, tuple[threading.Event, threading.Event, threading.Event]] = {}
    record_solve, query_items = ChessRecords.record_solve, stores[1].query_items

    def solve_held(self, pid, *args, **kwargs):
        if pid not in held:
            return record_solve(self, pid, *args, **kwargs)
        authed, read, solved = held[pid]
        authed.set()
        try:
            assert read.wait(30), "the deletion never read the partition"
            return record_solve(self, pid, *args, **kwargs)
        finally:
            solved.set()

    def sweep_held(pk, **kwargs):
        found = query_items(pk, **kwargs)
        pid = pk.removeprefix("P#")
        if pid in held and not kwargs:
            _, read, solved = held[pid]
            read.set()
            assert solved.wait(30), "the solve never finished"
        return found

    monkeypatch.setattr(ChessRecords, "record_solve", solve_held)
    monkeypatch.setattr(stores[1], "query_items", sweep_held)
    try:
        with uvicorn_serving(apps[0]) as one, uvicorn_serving(apps[1]) as other:
            deleted = []
            for n, row in enumerate(rows):
                puzzle = Puzzle.from_row(row, "Medium")
                made = httpx2.post(f"{one}/api/players", json={"name": "Gone"}, timeout=60).json()
                headers = {"Authorization": f"Bearer {made['token']}"}
                body = {"id": puzzle.id, "band": "Medium", "moves": puzzle.solution, "mistakes": 0,
                        "hints": 0, "seconds": 9, "ticket": opened(one, clock, headers, puzzle.id, "Medium")}
                authed = threading.Event()
                if n % 2:
                    held[made["id"]] = (authed, threading.Event(), threading.Event())
                else:
                    authed.set()
                start = threading.Barrier(2)

                def solve(body: dict = body, headers: dict = headers, start=start) -> httpx2.Response:
                    with httpx2.Client(timeout=60) as client:
                        start.wait()
                        return client.post(f"{one}/api/chess/solves", json=body, headers=headers)

                def delete(headers: dict = headers, start=start, authed=authed) -> httpx2.Response:
                    with httpx2.Client(timeout=60) as client:
                        start.wait()
                        assert authed.wait(30), "the solve never read its token"
                        return client.delete(f"{other}/api/me", headers=headers)

                with ThreadPoolExecutor(max_workers=2) as pool:
                    solved, gone = pool.submit(solve), pool.submit(delete)
                    assert gone.result().status_code == 200, gone.result().text
                    # Kept first (then swept), or refused: the player gone (401), or its play (409).
                    # Held, the solve's write comes after the profile went but before the deletion
                    # removed what it read: kept on the play it read (its anchor), and swept by the
                    # deletion's next sweep (service/store/owners.py).
                    assert solved.result().status_code in (200, 401, 409), solved.result().text
                deleted.append(made["id"])
        left = {pid: [it["SK"] for it in stores[0].query_items(f"P#{pid}")] for pid in deleted}
        assert not {pid: keys for pid, keys in left.items() if keys}
        assert ChessRecords(stores[0]).alltime_board(None).rows == []
    finally:
        for s in stores:
            s.close()
