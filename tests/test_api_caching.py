"""Cache-Control on every /api answer (docs/api.md, "Caching"): per player no-store, the public boards a
short max-age, errors no-store, and every route in the OpenAPI document with a rule it chose."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from functions.caching import BOARD_SECONDS, Caching, api_routes, rule_of
from functions.routers_on_demand import include_all
from puzzlebook.chain.generate import generate
from puzzlebook.chess.puzzle import Puzzle
from service.games.chain.records import ChainRecords
from service.games.chess.puzzles import puzzles_of
from tests.race_rooms import Rooms
from tests.soft_authenticator import SoftAuthenticator, b64
from tests.support import World, served, signed_up, sqlite_store, with_ticket

NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)
LESSON = [
    {
        "fen": "6k1/5ppp/8/8/8/6P1/8/R5K1 w - - 0 1",
        "playerColor": "white",
        "moves": [{"uci": "a1a8"}],
    }
]
JSON = {"Content-Type": "application/json"}
PUBLIC_BOARD = f"public, max-age={BOARD_SECONDS}"


@dataclass
class Caller(World):
    """The world with a player (`me`: their Authorization header), a lesson of theirs (its id) and
    Chain's day 2026-11-02 (`rows`: by date)."""

    me: dict[str, str]
    lesson: str
    rows: dict[str, Any]


@pytest.fixture
def world(tmp_path) -> Iterator[Caller]:
    with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store:
        for day in ("2026-11-01", "2026-11-02", "2026-11-03"):
            ChainRecords(store).put_chain_day(day, generate(day))
        with served(store, NOON) as world:
            me = signed_up(world.client, "Ada")
            made = world.client.post("/api/lessons", json=LESSON, headers=me)
            assert made.status_code == 201, made.text
            rows = {day: ChainRecords(store).chain_day(day) for day in ("2026-11-02",)}
            yield world.grown(Caller, me=me, lesson=made.json()["id"], rows=rows)


def a_puzzle(world: World) -> Puzzle:
    bundle = puzzles_of(world.ctx).bundle
    row = next(r for r in bundle.rows("Hard") if len(r[2].split()) == 4 and r[0] not in bundle.retired)
    return Puzzle.from_row(row, "Hard")


def storm_run(world: World) -> dict[str, Any]:
    """A Storm run of world.me's, started now: no move made, no second played."""
    ticket = world.client.post("/api/storm/runs", headers=world.me).json()["ticket"]
    return {"date": "2026-11-02", "ticket": ticket, "moves": [], "seconds": 0}


def streak_run(world: World) -> dict[str, Any]:
    """A Streak run of world.me's, started now: no move made, no second played."""
    ticket = world.client.post("/api/streak/runs", headers=world.me).json()["ticket"]
    return {"date": "2026-11-02", "ticket": ticket, "moves": [], "seconds": 0}


def requests_for(world: World) -> dict[tuple[str, str], tuple[Any, ...]]:
    """One successful request for every operation: (method, document path) -> (url, body, query), in an
    order that deletes last."""
    lesson = world.lesson
    puzzle = a_puzzle(world)
    solve = {"id": puzzle.id, "band": "Hard", "moves": puzzle.solution, "mistakes": 0, "hints": 0}
    solve["seconds"] = 20
    other = a_puzzle_other(world, puzzle.id)
    miss = {"id": other.id, "band": "Hard", "how": "gave-up", "moves": []}
    chain = {"date": "2026-11-02", "tiles": world.rows["2026-11-02"]["solution"], "seconds": 60, "undos": 0,
             "resets": 0}

    def ticketed(path: str, body: dict) -> Any:
        # Each post of a result opens its puzzle first, as the site does (a fresh ticket each time).
        return lambda: with_ticket(world, path, body, world.me)

    return {
        ("POST", "/api/players"): ("/api/players", {"name": "Bo"}, None),
        ("GET", "/api/me"): ("/api/me", None, None),
        ("PATCH", "/api/me"): ("/api/me", {"name": "Ada"}, None),
        ("PUT", "/api/me/language"): ("/api/me/language", {"language": "es"}, None),
        ("GET", "/api/me/dashboard"): ("/api/me/dashboard", None, {"days": 7}),
        ("GET", "/api/me/history"): ("/api/me/history", None, None),
        ("POST", "/api/chess/plays"): ("/api/chess/plays", {"id": puzzle.id, "band": "Hard"}, None),
        ("POST", "/api/chess/solves"): ("/api/chess/solves", ticketed("/api/chess/solves", solve), None),
        ("POST", "/api/chess/misses"): ("/api/chess/misses", ticketed("/api/chess/misses", miss), None),
        # After the solve above: a vote is on a puzzle the player has played.
        ("PUT", "/api/chess/votes"): (
            "/api/chess/votes", {"id": puzzle.id, "band": "Hard", "vote": "up"}, None
        ),
        ("GET", "/api/chess/votes/{puzzle_id}"): (f"/api/chess/votes/{puzzle.id}", None, None),
        ("POST", "/api/chess/review"): (
            "/api/chess/review",
            {"cards": [{"band": "Hard", "id": puzzle.id, "results": [["2026-11-01", "miss"]]}]}, None,
        ),
        ("GET", "/api/chess/review"): ("/api/chess/review", None, None),
        ("POST", "/api/chain/plays"): ("/api/chain/plays", {"date": "2026-11-02"}, None),
        ("POST", "/api/chain/solves"): ("/api/chain/solves", ticketed("/api/chain/solves", chain), None),
        ("POST", "/api/chain/giveups"): (
            "/api/chain/giveups", ticketed("/api/chain/giveups", {"date": "2026-11-01"}), None
        ),
        ("GET", "/api/chain/{date}/walkthrough"): ("/api/chain/2026-11-01/walkthrough", None, None),
        ("GET", "/api/me/chain/{date}"): ("/api/me/chain/2026-11-02", None, None),
        ("GET", "/api/me/chess/{date}"): ("/api/me/chess/2026-11-02", None, None),
        ("GET", "/api/me/home"): ("/api/me/home?day=2026-11-02", None, None),
        ("GET", "/api/me/stats/{game}"): ("/api/me/stats/chain", None, None),
        ("GET", "/api/chess/daily/{date}"): ("/api/chess/daily/2026-11-02", None, None),
        ("GET", "/api/chain/daily/{date}"): ("/api/chain/daily/2026-11-02", None, None),
        ("GET", "/api/boards/chess/daily/{date}"): ("/api/boards/chess/daily/2026-11-02", None, None),
        ("GET", "/api/boards/chess/alltime"): ("/api/boards/chess/alltime", None, None),
        ("GET", "/api/boards/ratings/{game}"): ("/api/boards/ratings/chess", None, None),
        ("GET", "/api/boards/chain/daily/{date}"): ("/api/boards/chain/daily/2026-11-02", None, None),
        ("GET", "/api/boards/streaks/{game}"): ("/api/boards/streaks/chain", None, None),
        ("POST", "/api/storm/runs"): ("/api/storm/runs", None, None),
        ("POST", "/api/storm/results"): ("/api/storm/results", lambda: storm_run(world), None),
        ("GET", "/api/storm/me"): ("/api/storm/me", None, None),
        ("GET", "/api/storm/daily/{date}"): ("/api/storm/daily/2026-11-02", None, None),
        ("GET", "/api/boards/storm/daily/{date}"): ("/api/boards/storm/daily/2026-11-02", None, None),
        ("GET", "/api/boards/storm/best"): ("/api/boards/storm/best", None, None),
        ("POST", "/api/streak/runs"): ("/api/streak/runs", None, None),
        ("POST", "/api/streak/results"): ("/api/streak/results", lambda: streak_run(world), None),
        ("GET", "/api/streak/me"): ("/api/streak/me", None, None),
        ("GET", "/api/streak/daily/{date}"): ("/api/streak/daily/2026-11-02", None, None),
        ("GET", "/api/boards/streak/daily/{date}"): ("/api/boards/streak/daily/2026-11-02", None, None),
        ("GET", "/api/boards/streak/best"): ("/api/boards/streak/best", None, None),
        ("GET", "/api/me/entry/{board}"): ("/api/me/entry/chess/alltime", None, None),
        ("GET", "/api/health"): ("/api/health", None, None),
        ("POST", "/api/lessons/validate"): ("/api/lessons/validate", LESSON, None),
        ("POST", "/api/lessons"): ("/api/lessons", LESSON, None),
        ("GET", "/api/lessons"): ("/api/lessons", None, None),
        ("GET", "/api/lessons/{lesson_id}"): (f"/api/lessons/{lesson}", None, None),
        ("GET", "/api/lessons/{lesson_id}/results"): (f"/api/lessons/{lesson}/results", None, None),
        ("POST", "/api/lessons/{lesson_id}/tickets"): (f"/api/lessons/{lesson}/tickets", {"puzzle": 1}, None),
        ("POST", "/api/lessons/{lesson_id}/results"): (
            f"/api/lessons/{lesson}/results",
            # Show solution: a result that claims no time floor, so it counts the moment its ticket comes.
            lambda: {"puzzle": 1, "solved": False, "clean": False, "seconds": 0, "ticket": world.client.post(
                f"/api/lessons/{lesson}/tickets", json={"puzzle": 1}, headers=world.me).json()["ticket"]},
            None,
        ),
        ("GET", "/api/lessons/{lesson_id}/source"): (f"/api/lessons/{lesson}/source", None, None),
        ("PUT", "/api/lessons/{lesson_id}/check"): (
            f"/api/lessons/{lesson}/check", {"version": 1, "findings": []}, None),
        ("PUT", "/api/lessons/{lesson_id}"): (f"/api/lessons/{lesson}", LESSON, None),
        **playing_together(world),  # first: its followers follow Ada before she is a class's student
        **classes(world),
        **ways_back_in(world),
        ("DELETE", "/api/lessons/{lesson_id}"): (f"/api/lessons/{lesson}", None, None),
        ("DELETE", "/api/me"): ("/api/me", None, None),
    }


def classes(world: World) -> dict[tuple[str, str], tuple[Any, Any, None]]:
    """The class routes: Ada teaches a class with a student and the lesson assigned, and may join Bo's."""
    me, client = world.me, world.client
    mine = client.post("/api/classes", json={"name": "Ada's club"}, headers=me).json()
    bo = signed_up(client, "Bo")
    theirs = client.post("/api/classes", json={"name": "Bo's club"}, headers=bo).json()
    code = theirs["join_url"].split("code=")[1]

    def student() -> str:
        cy = signed_up(client, "Cy")
        link = client.get(f"/api/classes/{mine['id']}", headers=me).json()["join_url"]  # the link now
        joined = client.post(f"/api/classes/{mine['id']}/students",
                             json={"name": "Cy", "code": link.split("code=")[1]}, headers=cy)
        assert joined.status_code == 200, joined.text
        return client.get("/api/me", headers=cy).json()["id"]

    def assigned() -> str:
        client.put(f"/api/classes/{mine['id']}/lessons/{world.lesson}", headers=me)
        return f"/api/classes/{mine['id']}/lessons/{world.lesson}"

    def fresh_class() -> str:
        return f"/api/classes/{client.post('/api/classes', json={'name': 'Gone'}, headers=me).json()['id']}"

    def removed() -> str:
        pid = student()
        client.delete(f"/api/classes/{mine['id']}/students/{pid}", headers=me)
        return f"/api/classes/{mine['id']}/removed/{pid}"

    def membership() -> str:
        joining = client.post("/api/classes", json={"name": "Bo's other club"}, headers=bo).json()
        got = client.post(f"/api/classes/{joining['id']}/students",
                          json={"name": "Ada", "code": joining["join_url"].split("code=")[1]}, headers=me)
        assert got.status_code == 200, got.text
        return f"/api/classes/{joining['id']}/membership"

    def pupil() -> str:
        """Cy, a student of Ada's class, for the teacher's progress routes."""
        return f"{klass}/students/{cy}"

    cy = student()
    klass = f"/api/classes/{mine['id']}"
    return {
        ("POST", "/api/classes"): ("/api/classes", {"name": "Another club"}, None),
        ("GET", "/api/classes"): ("/api/classes", None, None),
        ("GET", "/api/classes/due"): ("/api/classes/due", None, None),
        ("GET", "/api/classes/{class_id}"): (klass, None, None),
        ("PATCH", "/api/classes/{class_id}"): (klass, {"open": True}, None),
        ("POST", "/api/classes/{class_id}/students"): (f"/api/classes/{theirs['id']}/students",
                                                       {"name": "Ada", "code": code}, None),
        ("PATCH", "/api/classes/{class_id}/students/{student_id}"): (
            f"{klass}/students/{cy}", {"name": "Cyd"}, None),
        ("DELETE", "/api/classes/{class_id}/students/{student_id}"): (lambda: f"{klass}/students/{student()}",
                                                                      None, None),
        ("PUT", "/api/classes/{class_id}/lessons/{lesson_id}"): (
            f"{klass}/lessons/{world.lesson}", None, None),
        ("POST", "/api/classes/{class_id}/sets"): (
            f"{klass}/sets", {"themes": ["fork"], "low": 1400, "high": 1799, "count": 3}, None),
        ("PATCH", "/api/classes/{class_id}/lessons/{lesson_id}"): (
            lambda: assigned(), {"due": "2026-11-09"}, None),
        ("GET", "/api/classes/{class_id}/lessons/{lesson_id}/results"): (
            lambda: assigned() + "/results", None, None),
        ("DELETE", "/api/classes/{class_id}/lessons/{lesson_id}"): (assigned, None, None),
        ("DELETE", "/api/classes/{class_id}"): (fresh_class, None, None),
        ("POST", "/api/classes/{class_id}/code"): (f"{klass}/code", None, None),
        ("DELETE", "/api/classes/{class_id}/removed/{student_id}"): (removed, None, None),
        ("DELETE", "/api/classes/{class_id}/membership"): (membership, None, None),
        ("GET", "/api/classes/{class_id}/students/{student_id}/dashboard"): (
            lambda: pupil() + "/dashboard", None, {"days": 7}),
        ("GET", "/api/classes/{class_id}/students/{student_id}/history"): (
            lambda: pupil() + "/history", None, None),
        ("GET", "/api/classes/{class_id}/progress"): (f"{klass}/progress", None, {"days": 90}),
        ("GET", "/api/classes/{class_id}/progress.csv"): (f"{klass}/progress.csv", None, None),
    }


def playing_together(world: Caller) -> dict[tuple[str, str], tuple[Any, Any, None]]:
    """The routes of follows and clubs: Ada follows Bo and owns a club; what a request ends (a follow, a
    follower, a block, a member, a club, a membership) is made for it, once (a callable), so the request
    without a token and the one with it end the same. Her followers follow her now: once she is a
    student of Bo's class (classes()), only a classmate could."""
    me, client = world.me, world.client
    bo = signed_up(client, "Bo")
    bo_code = client.get("/api/me/follow", headers=bo).json()["code"]
    client.post("/api/follows", json={"code": bo_code}, headers=me)
    mine = client.post("/api/clubs", json={"name": "Ada's"}, headers=me).json()
    theirs = client.post("/api/clubs", json={"name": "Bo's"}, headers=bo).json()
    made: dict[str, Any] = {}

    def once(what: str, make: Any) -> Any:
        if what not in made:
            made[what] = make()
        return made[what]

    def someone(follows_me: bool = False, i_follow: bool = False) -> str:
        other = signed_up(client, "Cy")
        pid = client.get("/api/me", headers=other).json()["id"]
        if follows_me:
            mine_code = client.get("/api/me/follow", headers=me).json()["code"]
            client.post("/api/follows", json={"code": mine_code}, headers=other)
        if i_follow:
            code = client.get("/api/me/follow", headers=other).json()["code"]
            client.post("/api/follows", json={"code": code}, headers=me)
        return pid

    follower, blocking, unblocking = (someone(follows_me=True) for _ in range(3))

    def blocked() -> str:
        client.post("/api/blocks", json={"id": unblocking}, headers=me)
        return unblocking

    def member() -> str:
        other = signed_up(client, "Di")
        code = client.get(f"/api/clubs/{mine['id']}", headers=me).json()["join_link"].rsplit("code=", 1)[1]
        client.post(f"/api/clubs/{mine['id']}/join", json={"code": code}, headers=other)
        return str(client.get("/api/me", headers=other).json()["id"])

    def joined() -> str:
        code = theirs["join_link"].rsplit("code=", 1)[1]
        client.post(f"/api/clubs/{theirs['id']}/join", json={"code": code}, headers=me)
        return f"/api/clubs/{theirs['id']}/leave"

    def invited() -> str:
        """A race Ada made (through the rooms): the invite route's, for someone who follows her back."""
        race = Rooms(world.ctx).make(client.get("/api/me", headers=me).json()["id"], "Ada")
        return f"/api/races/{race}/invites"

    def invite_to_me() -> str:
        """A race someone Ada follows back made, and their invite to her in it: the one she dismisses."""
        other = signed_up(client, "Ev")
        ev = client.get("/api/me", headers=other).json()["id"]
        for who, whom in ((me, other), (other, me)):
            code = client.get("/api/me/follow", headers=whom).json()["code"]
            client.post("/api/follows", json={"code": code}, headers=who)
        race = Rooms(world.ctx).make(ev, "Ev")
        client.post(f"/api/races/{race}/invites", json={"to": client.get("/api/me", headers=me).json()["id"]},
                    headers=other)
        return f"/api/me/invites/{race}"

    club, day = f"/api/clubs/{mine['id']}", "2026-11-02"
    return {
        ("POST", "/api/races/{race_id}/invites"): (
            lambda: once("race", invited), lambda: {"to": once("to", lambda: someone(True, True))}, None),
        ("GET", "/api/me/invites"): ("/api/me/invites", None, None),
        ("DELETE", "/api/me/invites/{race_id}"): (lambda: once("invite", invite_to_me), None, None),
        ("GET", "/api/me/follow"): ("/api/me/follow", None, None),
        ("PUT", "/api/me/follow"): ("/api/me/follow", {"allowed": True}, None),
        ("POST", "/api/me/follow/code"): ("/api/me/follow/code", None, None),
        ("GET", "/api/follow-codes/{code}"): (f"/api/follow-codes/{bo_code}", None, None),
        ("POST", "/api/follows"): ("/api/follows", {"code": bo_code}, None),
        ("GET", "/api/follows"): ("/api/follows", None, None),
        ("DELETE", "/api/follows/{player_id}"): (
            lambda: f"/api/follows/{once('followed', lambda: someone(i_follow=True))}", None, None),
        ("GET", "/api/followers"): ("/api/followers", None, None),
        ("DELETE", "/api/followers/{player_id}"): (
            f"/api/followers/{follower}", None, None),
        ("GET", "/api/blocks"): ("/api/blocks", None, None),
        ("POST", "/api/blocks"): ("/api/blocks", {"id": blocking}, None),
        ("DELETE", "/api/blocks/{player_id}"): (
            lambda: f"/api/blocks/{once('blocked', blocked)}", None, None),
        ("GET", "/api/friends/boards/{game}/{date}"): (f"/api/friends/boards/chess/{day}", None, None),
        ("GET", "/api/friends/boards/{game}/week/{date}"): (
            f"/api/friends/boards/chain/week/{day}", None, None),
        ("GET", "/api/friends/streaks"): ("/api/friends/streaks", None, None),
        ("GET", "/api/clubs"): ("/api/clubs", None, None),
        ("GET", "/api/clubs/{club_id}"): (club, None, None),
        ("PATCH", "/api/clubs/{club_id}"): (club, {"name": "Ada's own"}, None),
        ("POST", "/api/clubs/{club_id}/code"): (f"{club}/code", None, None),
        ("POST", "/api/clubs/{club_id}/join"): (f"{club}/join", {"code": "a member already"}, None),
        ("GET", "/api/clubs/{club_id}/boards/{game}/{date}"): (f"{club}/boards/chain/{day}", None, None),
        ("GET", "/api/clubs/{club_id}/boards/{game}/week/{date}"): (
            f"{club}/boards/chess/week/{day}", None, None),
        ("DELETE", "/api/clubs/{club_id}/members/{player_id}"): (
            lambda: f"{club}/members/{once('member', member)}", None, None),
        ("POST", "/api/clubs/{club_id}/leave"): (lambda: once("joined", joined), None, None),
        ("DELETE", "/api/clubs/{club_id}"): (
            lambda: "/api/clubs/" + once("closed", lambda: client.post(
                "/api/clubs", json={"name": "Soon gone"}, headers=me).json()["id"]), None, None),
        ("POST", "/api/clubs"): ("/api/clubs", {"name": "Another"}, None),
    }


def ways_back_in(world: World) -> dict[tuple[str, str], tuple[Any, ...]]:
    """The passkey, recovery-code and sign-out routes: a ceremony's answer, a code, a passkey's id are
    good for one use, so their url or body is made afresh for each request (a callable); a fourth
    element makes the signed-in request's headers (signing out ends the token it carries)."""
    device = SoftAuthenticator("http://localhost:8000")

    def new_passkey() -> dict:
        ceremony = world.client.post("/api/me/passkeys/options", headers=world.me).json()
        return {"ticket": ceremony["ticket"], "credential": device.create(ceremony["options"])}

    def sign_in() -> dict:
        ceremony = world.client.post("/api/signin/passkey/options").json()
        return {"ticket": ceremony["ticket"], "credential": device.get(ceremony["options"])}

    codes = world.client.post("/api/me/recovery-codes", headers=world.me).json()["codes"]
    return {
        ("POST", "/api/me/passkeys/options"): ("/api/me/passkeys/options", None, None),
        ("POST", "/api/me/passkeys"): ("/api/me/passkeys", new_passkey, None),
        ("GET", "/api/me/passkeys"): ("/api/me/passkeys", None, None),
        ("POST", "/api/signin/passkey/options"): ("/api/signin/passkey/options", None, None),
        ("POST", "/api/signin/passkey"): ("/api/signin/passkey", sign_in, None),
        ("DELETE", "/api/me/passkeys/{passkey_id}"): (lambda: f"/api/me/passkeys/{b64(device.held[-1].id)}",
                                                      None, None),
        ("GET", "/api/me/recovery-codes"): ("/api/me/recovery-codes", None, None),
        ("POST", "/api/signin/code"): ("/api/signin/code", lambda: {"code": codes.pop()}, None),
        ("DELETE", "/api/me/other-tokens"): ("/api/me/other-tokens", None, None),
        # Signing out ends the token it carries: a device's own, signed in with a code for it.
        ("DELETE", "/api/me/token"): ("/api/me/token", None, None, lambda: {
            "Authorization": "Bearer " + world.client.post("/api/signin/code", json={"code": codes.pop()}
                                                           ).json()["token"]}),
        ("POST", "/api/me/recovery-codes"): ("/api/me/recovery-codes", None, None),  # the codes above go
    }


def a_puzzle_other(world: Caller, not_this: str) -> Puzzle:
    bundle = puzzles_of(world.ctx).bundle
    row = next(r for r in bundle.rows("Hard") if r[0] not in bundle.retired and r[0] != not_this)
    return Puzzle.from_row(row, "Hard")


# What each answer may carry: (without a token, with one). Anything per player is no-store.
EXPECTED = {
    "/api/boards/": (PUBLIC_BOARD, "no-store"),
    "/api/chain/{date}/walkthrough": ("public, max-age=86400", "no-store"),
    "/api/lessons/{lesson_id}": ("private, max-age=60", "private, max-age=60"),
    "/api/chess/daily/{date}": ("public, max-age=300", "public, max-age=300"),
    "/api/chain/daily/{date}": ("public, max-age=300", "public, max-age=300"),
    "/api/storm/daily/{date}": ("public, max-age=300", "public, max-age=300"),
    "/api/streak/daily/{date}": ("public, max-age=300", "public, max-age=300"),
}


def expected(method: str, path: str) -> tuple[str, str]:
    if method == "GET":
        for prefix, values in EXPECTED.items():
            if path == prefix or (prefix.endswith("/") and path.startswith(prefix)):
                return values
    return ("no-store", "no-store")


def test_every_route_chose_its_caching(world: World) -> None:
    include_all(world.client.app)  # routers built on demand too
    routes = api_routes(world.client.app)
    assert len(routes) >= 23  # every operation of the document, and the document itself
    undecided = [f"{sorted(route.methods)} {path}" for path, route in routes if rule_of(route) is None]
    assert not undecided, "routes with no Cache-Control rule: " + ", ".join(undecided)


def test_the_document_says_which_cache_control_every_answer_carries(world: World) -> None:
    document = world.client.get("/api/openapi.json").json()
    missing = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            anonymous, signed = expected(method.upper(), path)
            for status, response in operation["responses"].items():
                header = response.get("headers", {}).get("Cache-Control")
                values = {anonymous, signed} if status.startswith("2") else {"no-store"}
                if header is None or set(header["schema"]["enum"]) != values or not header["required"]:
                    missing.append(f"{method.upper()} {path} {status}: {header}")
    assert not missing, "\n".join(missing)


def test_every_operation_answers_with_its_cache_control(world: World) -> None:
    document = world.client.get("/api/openapi.json").json()
    operations = {(m.upper(), p) for p, ops in document["paths"].items() for m in ops}
    table = requests_for(world)
    assert operations == set(table), "the table must hold one request for every operation"
    wrong = []
    for (method, path), (url, body, query, *who) in table.items():
        anonymous, signed = expected(method, path)
        for headers, want in (({}, anonymous), (who[0]() if who else world.me, signed)):
            where = url() if callable(url) else url
            sent = body() if callable(body) else body
            got = world.client.request(method, where, json=sent, params=query, headers=headers)
            if headers and got.status_code >= 400:
                wrong.append(f"{method} {where}: signed in, it should succeed: {got.status_code} {got.text}")
            value = got.headers.get("Cache-Control")
            should = want if got.status_code < 400 else "no-store"
            if value != should:
                who = "with" if headers else "without"
                wrong.append(f"{method} {where} {who} a token: {got.status_code} {value}")
            if anonymous != signed and got.status_code < 400 and got.headers.get("Vary") != "Authorization":
                wrong.append(f"{method} {where}: a kept answer naming its caller needs Vary: Authorization")
    assert not wrong, "\n".join(wrong)


def test_the_public_board_and_me(world: World) -> None:
    board = world.client.get("/api/boards/streaks/chess")
    assert board.status_code == 200 and board.headers["Cache-Control"] == PUBLIC_BOARD
    assert board.headers["Vary"] == "Authorization"
    mine = world.client.get("/api/boards/streaks/chess", headers=world.me)
    assert mine.headers["Cache-Control"] == "no-store"
    assert world.client.get("/api/me", headers=world.me).headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize(
    ("method", "path", "kwargs", "status"),
    [
        ("GET", "/api/nothing-here", {}, 404),
        ("GET", "/api/me", {}, 401),
        ("PUT", "/api/me", {}, 405),
        ("GET", "/api/boards/chess/daily/2026-13-01", {}, 400),
        ("GET", "/api/boards/chain/daily/2027-06-01", {}, 404),
        ("POST", "/api/players", {"content": b"x" * 20_000, "headers": JSON}, 413),
        ("POST", "/api/players", {"content": b"{", "headers": JSON}, 400),
        ("POST", "/api/lessons/validate", {"content": b"", "headers": JSON}, 400),
    ],
)
def test_errors_are_never_kept(world: Caller, method: str, path: str, kwargs: dict, status: int):
    got = world.client.request(method, path, **kwargs)
    assert got.status_code == status, got.text
    assert got.headers["Cache-Control"] == "no-store"


def test_the_openapi_document_is_revalidated(world: World) -> None:
    assert world.client.get("/api/openapi.json").headers["Cache-Control"] == "no-cache"


def test_the_cache_rules_cost_no_dependency(world: World) -> None:
    """A rule is a mark the outermost middleware reads, not a dependency FastAPI solves on every
    request (about a fortieth of a solve's work: docs/operations.md, "Speed", "Throughput")."""
    from fastapi.routing import APIRoute

    include_all(world.client.app)
    solved = []
    for path, route in api_routes(world.client.app):
        assert isinstance(route, APIRoute)
        calls = [d.call for d in route.dependant.dependencies]
        solved += [f"{path}: {call!r}" for call in calls if isinstance(call, Caching)]
    assert not solved, solved
