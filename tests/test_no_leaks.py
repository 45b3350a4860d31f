"""Nothing a player can read before solving gives away today's or a future Chain.

The site is built into a temporary dist/ and the API served over a store
holding Chain days through a month ahead. Then every file in dist/, and
every answer the API gives a player who hasn't solved today (every GET route
of the OpenAPI document, for today, every future day and the day before,
with and without a token, and the posts such a player can make), is read
for a solution, a solving set, a score or a walkthrough of today or later.

The detector is shown to work: it finds yesterday's walkthrough, which is
public, and today's once a player has given up.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from functions.app import create_app
from puzzlebook.chain.solver import full_chains
from puzzlebook.chain.tiles import parse_tile
from puzzlebook.chess.shards import Bundle
from service import nightly
from service.games.chain.records import ChainRecords
from service.games.chess.records import ChessRecords
from sitebuild.builder import ROOT, build_site
from tests.static_record import shared_static
from tests.support import Clock, post_result, settings_for_tests, signed_up, sqlite_store

# Before the next date begins at UTC+14 (10:00 UTC), so nothing of it is out yet.
MORNING = dt.datetime(2026, 11, 2, 9, 0, tzinfo=dt.UTC)
TODAY = dt.date(2026, 11, 2)
YESTERDAY = TODAY - dt.timedelta(days=1)
PUBLIC_KEYS = {"date", "level", "start", "target", "moves", "hand"}
# What a stored day has beyond its public puzzle; none of it may reach a player before the day is theirs.
SECRET_KEYS = {
    "solution", "solving_set", "score", "walkthrough", "engine_version", "attempts", "failures", "tiles",
}


# One xdist worker runs the module: `world` (a built site, a filled store) is made once, not per worker.
pytestmark = pytest.mark.xdist_group("no_leaks")


@dataclass
class Built:
    """A built site and the API over its store: the site's files (`dist`), the client and its clock,
    the Chain rows kept (by date; `secret_days`: today's and later, not yet out whole) and tomorrow's
    chess dailies, kept ahead."""

    dist: Path
    client: TestClient
    clock: Clock
    rows: dict[str, Any]
    secret_days: list[str]
    tomorrows_chess: list[str]


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Built]:
    base = tmp_path_factory.mktemp("leaks")
    settings = settings_for_tests()
    with sqlite_store(base / "store.sqlite3") as store:
        report = nightly.fill(store, settings, Bundle(ROOT / "shards"), now=MORNING)
        assert not report.games['chain'].failed
        with shared_static(base / "dist", tmp_path_factory):
            build_site(settings.with_(dist=base / "dist"), store=store, today=TODAY)
        stored = ChainRecords(store).chain_days(TODAY.isoformat(), None)
        secret_days = sorted(d for d in stored if d >= TODAY.isoformat())
        assert len(secret_days) == nightly.AHEAD + 1, "today and a month ahead are stored"
        ended = (YESTERDAY - dt.timedelta(days=1)).isoformat()
        rows = {d: ChainRecords(store).chain_day(d) for d in [ended, YESTERDAY.isoformat(), *secret_days]}
        tomorrow = (TODAY + dt.timedelta(days=1)).isoformat()
        tomorrows_chess = [d.id for d in ChessRecords(store).dailies_on(tomorrow)]  # kept ahead
        assert tomorrows_chess
        clock = Clock(MORNING)
        with TestClient(create_app(settings, store, clock=clock)) as client:
            yield Built(
                dist=base / "dist", client=client, clock=clock, rows=rows, secret_days=secret_days,
                tomorrows_chess=tomorrows_chess,
            )


def markers(row: dict[str, Any]) -> list[str]:
    """Sentences only the day's walkthrough holds: its summary (naming the solving
    tiles) and each spare's note (naming the closest miss)."""
    walk = row["walkthrough"]
    return [walk["summary"], *(s["text"] for s in walk["spares"])]


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def secret_objects(value: Any, days: set[str]) -> Iterator[str]:
    """Where a JSON value holds an object of one of `days` with more than its public puzzle."""
    if isinstance(value, dict):
        date = value.get("date")
        if isinstance(date, str) and date in days and (found := SECRET_KEYS & set(value)):
            yield f"{value['date']}: {sorted(found)}"
        for v in value.values():
            yield from secret_objects(v, days)
    elif isinstance(value, list):
        for v in value:
            yield from secret_objects(v, days)


def leaks(text: str, world: Built, days: list[str] | None = None) -> list[str]:
    """What of `days` (default: today and later) the text gives away."""
    days = world.secret_days if days is None else days
    try:
        parsed: Any = json.loads(text)
    except ValueError:
        parsed = None
    haystacks = [text, *(strings(parsed) if parsed is not None else [])]
    found = [
        f"{day}: {m!r}" for day in days for m in markers(world.rows[day]) if any(m in h for h in haystacks)
    ]
    if parsed is not None:
        found += list(secret_objects(parsed, set(days)))
    return found


def wrong_chain(row: dict[str, Any]) -> list[int]:
    hand = [parse_tile(t) for t in row["hand"]]
    chains = full_chains(row["start"], hand, row["moves"])
    return next(list(order) for order, end in chains if end != row["target"])


def _plain(path: Path) -> bytes:
    """A file's bytes, its build's compressed copies (x.br, x.gz) read as what they hold."""
    import gzip

    import brotli

    data = path.read_bytes()
    if path.suffix == ".br":
        return bytes(brotli.decompress(data))
    if path.suffix == ".gz":
        return gzip.decompress(data)
    return data


def test_the_detector_finds_a_walkthrough_where_one_is_served(world: Built) -> None:
    ended = (YESTERDAY - dt.timedelta(days=1)).isoformat()  # yesterday is still the date at UTC-12
    past = world.client.get(f"/api/chain/{ended}/walkthrough")
    assert past.status_code == 200
    assert leaks(past.text, world, [ended]), "a date ended everywhere: its walkthrough is public and detected"
    quitter = signed_up(world.client, "Quitter")
    gave = post_result(world, "/api/chain/giveups", {"date": TODAY.isoformat()}, quitter)
    assert gave.status_code == 200
    mine = world.client.get(f"/api/chain/{TODAY.isoformat()}/walkthrough", headers=quitter)
    assert mine.status_code == 200
    assert leaks(mine.text, world), "today's walkthrough, once given up, is detected"


def test_no_file_in_dist_gives_away_today_or_a_future_day(world: Built) -> None:
    files = [p for p in sorted(Path(world.dist).rglob("*")) if p.is_file()]
    assert len(files) > 100
    chain_files = [p for p in files if p.parent.name == "chain" and p.parent.parent.name == "daily"
                   and p.suffix == ".json"]
    published = {p.stem for p in chain_files}
    assert TODAY.isoformat() in published, "today's puzzle is public"
    assert max(published) == TODAY.isoformat(), "nothing of tomorrow is published before its day"
    for path in chain_files:
        assert set(json.loads(path.read_text(encoding="utf-8"))) == PUBLIC_KEYS, path
    found = []
    for path in files:
        data = _plain(path)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue  # images: no words in them
        found += [f"{path.relative_to(world.dist)}: {leak}" for leak in leaks(text, world)]
    assert not found, "\n".join(found)


def test_tomorrows_chess_daily_is_named_by_no_file_and_no_answer_before_its_day(
    world: Built,
) -> None:
    # The shards hold every puzzle (tomorrow's among thousands, unmarked); nothing else may name it.
    named = re.compile("|".join(rf"(?<![0-9A-Za-z]){i}(?![0-9A-Za-z])" for i in world.tomorrows_chess))
    found = []
    for path in sorted(Path(world.dist).rglob("*")):
        if not path.is_file() or "shards" in path.parts or path.suffix in (".png", ".ico", ".woff2"):
            continue
        try:
            text = _plain(path).decode("utf-8")
        except UnicodeDecodeError:
            continue
        if named.search(text):
            found.append(str(path.relative_to(world.dist)))
    assert not found, found
    tomorrow = (TODAY + dt.timedelta(days=1)).isoformat()
    for path in (f"/api/chess/daily/{tomorrow}", f"/api/boards/chess/daily/{tomorrow}"):
        got = world.client.get(path)
        assert got.status_code == 404 and not named.search(got.text), path


def test_no_api_answer_to_a_player_who_has_not_solved_gives_anything_away(world: Built) -> None:
    client = world.client
    solver = signed_up(client, "Solver")  # another player's solve is in the store: it must not show
    today = TODAY.isoformat()
    assert post_result(world, "/api/chain/solves", {
        "date": today, "tiles": world.rows[today]["solution"], "seconds": 60, "undos": 0, "resets": 0,
    }, solver).status_code == 200
    player = signed_up(client, "Curious")
    answers: list[tuple[str, str]] = []

    def ask(method: str, path: str, headers: dict[str, str] | None = None, body: Any = None) -> None:
        got = client.request(method, path, headers=headers or {}, json=body)
        answers.append((f"{method} {path} {'(token)' if headers else ''} -> {got.status_code}", got.text))

    spec = client.get("/api/openapi.json").json()
    dates = [YESTERDAY.isoformat(), *world.secret_days, "2027-01-15"]
    for path, ops in spec["paths"].items():
        if "get" not in ops:
            continue
        filled = [path]
        if "{date}" in path:
            filled = [path.replace("{date}", d) for d in dates]
        if "{game}" in path:
            filled = [p.replace("{game}", g) for p in filled for g in ("chess", "chain")]
        if "{lesson_id}" in path:
            filled = [p.replace("{lesson_id}", "nosuchlesson") for p in filled]
        for p in filled:
            ask("GET", p)
            ask("GET", p, player)
    for extra in ("/api/openapi.json", "/api/docs"):
        ask("GET", extra)
    # What the player can post about today without solving it: a wrong chain, malformed bodies,
    # a give-up of a day not out yet; and results of past days.
    row = world.rows[today]
    counts = {"seconds": 60, "undos": 0, "resets": 0}
    for tiles in (wrong_chain(row), [0], "all"):
        ask("POST", "/api/chain/solves", player, {"date": today, "tiles": tiles, **counts})
    for day in world.secret_days[1:3]:
        ask("POST", "/api/chain/giveups", player, {"date": day})
        solution = world.rows[day]["solution"]
        ask("POST", "/api/chain/solves", player, {"date": day, "tiles": solution, **counts})
    ask("POST", "/api/chain/giveups", player, {"date": YESTERDAY.isoformat()})
    ask("GET", f"/api/chain/{today}/walkthrough", player)
    statuses = {name.rsplit(" ", 1)[1] for name, _ in answers}
    assert {"200", "403", "404", "422"} <= statuses, "the routes were really exercised"
    assert len(answers) > 150
    found = [f"{name}: {leak}" for name, text in answers for leak in leaks(text, world)]
    assert not found, "\n".join(found)
