"""The scripted day: players through the real FastAPI app (functions/app.py, FastAPI's TestClient:
real HTTP requests through the ASGI app) over the real DynamoStore on a moto table made from
infra/template.yaml, doing what their browsers do, while the recorder (trace.py) records every call.

1. Yesterday: what the nightly keeps for the day and its public files (the ones a browser reads
   from the CDN); every player signs up and plays yesterday's dailies, so today's items have a day of
   history behind them (streaks, ratings, tallies) and yesterday's boards are full. Its posts are
   recorded apart, only to tell which sessions write which boards.
2. Today's days kept and files written the same way, then a warm-up player makes every kind of
   request once, unrecorded: it stands for a Lambda container's first requests of the day (what a
   container remembers, such as today's chess dailies, is read then, once a container a day; and
   the code each route loads on first use is loaded, so the recorded CPU times are a warm one's).
3. Today, recorded: every player posts (the chess daily, Chain, Storm; the first `endless` players
   also ten Endless results), then the first `viewers` look at each board (its snapshot from the
   CDN, their own entry from the API) and their dashboard, and ask for the daily files from the API as
   they do when the CDN hasn't them yet (the midnight race); and the snapshot job reads every live
   board once (service/boards/: one read_board a board, each recorded as a step of its own).

Playing together (docs/friends.md): the players are three cohorts, `solo` (no follow code, no follows:
today's code path as it was), `friends` (each with a code, following every other player of the two
social cohorts, who all follow back) and `club` (friends too, and in one club together). A social
player's dailies are sessions of their own ("chess daily · friends"), so the model weighs each cohort
by its share; after each daily a social player views the friends' board of that game, with their
friend streaks (a club member, the club's board too); one of each views a week and their friends
page. Set up yesterday, before yesterday's posts, so today's records have a day behind them.

Each session is a list of the requests a page makes (site/static/js), labelled by session and step.
"""

from __future__ import annotations

import datetime as dt
import json
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bench.scale.trace import Recorder, Request

if TYPE_CHECKING:
    from tests.support import World as Served
from bench.scale.units import index_entry

TODAY = dt.date(2026, 11, 30)
ENDLESS_RESULTS = 10  # rated results in an Endless session (the traffic model's "10 rated results each")
ENDLESS_SHOWN = (1, 4, 7)  # of them, these are shown (a miss); the rest solved
SIGNUPS_PER_HOUR = 150  # under POST /api/players' 200 an hour from one address
SNAPSHOT_JOB = "snapshot job"  # the session of the snapshot job's reads (no player's)
COHORT = " · "  # between a daily session's name and a social cohort's ("chess daily · friends")
CLUB_PLAYERS = 3  # the last are in a club together


@dataclass(frozen=True)
class Player:
    """A scripted player: their number, id, Authorization header and Endless band."""

    n: int
    pid: str
    headers: dict[str, str]
    band: str
    cohort: str = "solo"
    club: str = ""

    def daily(self, session: str) -> str:
        """The name of this player's session of a daily: a social cohort's has its own (model.py)."""
        return session if self.cohort == "solo" else f"{session}{COHORT}{self.cohort}"


@dataclass
class Census:
    """The entries and bytes of every index partition: {(index, partition): (entries, bytes)}."""

    partitions: dict[tuple[str, str], tuple[int, int]] = field(default_factory=dict)

    def entries(self, index: str, partition: str) -> int:
        return self.partitions.get((index, partition), (0, 0))[0]

    def mean_size(self, index: str, partition: str) -> float:
        count, size = self.partitions.get((index, partition), (0, 0))
        return size / count if count else 0.0

    def _board(self, index: str, board: str) -> tuple[int, int]:
        """(entries, bytes) of a board: every shard of it (`<board>#s<nn>`) and `board` itself."""
        found = [v for (i, p), v in self.partitions.items()
                 if i == index and (p == board or (p.startswith(board + "#s") and len(p) == len(board) + 4))]
        return sum(c for c, _ in found), sum(s for _, s in found)

    def board(self, index: str, board: str) -> int:
        """The entries of a board over all its shards."""
        return self._board(index, board)[0]

    def board_size(self, index: str, board: str) -> float:
        """The mean size of a board's entries over all its shards."""
        count, size = self._board(index, board)
        return size / count if count else 0.0


@dataclass
class SocialDay:
    """What the scripted day's playing together measured with: the mean follows of a social player, of
    them the mean who follow back, the scripted club's members, and the week's days a week view read
    results of (the model scales each to its assumptions)."""

    follows: float = 1.0
    mutual: float = 1.0
    club: int = 1
    week_days: int = 1


@dataclass
class DayTrace:
    """What the scripted day recorded: today's requests (with their calls) and yesterday's posts (only
    to tell which sessions write which boards: a board written yesterday may not be today, like Storm's
    best), the sessions run today of each kind, the players (their ids, to tell per-player keys from
    shared ones), the day and the day before, and the index partitions' census at the start of the
    day and at its end."""

    players: int
    today: str
    yesterday: str
    pids: set[str]
    requests: list[Request]
    yesterdays: list[Request]
    sessions: Counter[str]
    before: Census
    after: Census
    clubs: set[str] = field(default_factory=set)
    social: SocialDay = field(default_factory=SocialDay)


# ---------------------------------------------------------------- the sessions


@dataclass
class World:
    """The app and its store, the clock, the recorder, and the day's public files (the CDN's)."""

    served: Served
    recorder: Recorder
    files: Path
    record: bool = False
    runs: Counter[str] = field(default_factory=Counter)  # sessions recorded, by kind
    # Each player's review as their browser keeps it (review/keep.js): {pid: {(band, id): [[day, grade]]}}.
    reviews: dict[str, dict[tuple[str, str], list[list[str]]]] = field(default_factory=dict)
    _session: str = ""

    def review(self, player: Player, band: str, puzzle: str, grade: str) -> None:
        """A result that enters the player's review (a miss, or a solve with help): kept in their
        browser's copy, and the whole copy posted (review/keep.js's `note`, then `sync`)."""
        cards = self.reviews.setdefault(player.pid, {})
        cards.setdefault((band, puzzle), []).append([self.today(), grade])
        body = {"cards": [{"band": b, "id": i, "results": r} for (b, i), r in cards.items()]}
        self.call("POST", "/api/chess/review", "POST /api/chess/review", player, body)

    @property
    def client(self) -> Any:
        return self.served.client

    def today(self) -> str:
        return str(self.served.ctx.today().isoformat())

    def daily_band(self) -> str:
        """The band of the chess daily the players play (the first of the day's file)."""
        return str(self.file("chess", self.today())["dailies"][0]["band"])

    def file(self, game: str, day: str) -> dict[str, Any]:
        """A day's public file, as the browser reads it from the CDN."""
        data: dict[str, Any] = json.loads((self.files / "daily" / game / f"{day}.json").read_text())
        return data

    @contextmanager
    def session(self, name: str) -> Iterator[None]:
        """Label the requests inside as one run of session `name` (counted when recording)."""
        self._session = name
        if self.record:
            self.runs[name] += 1
        try:
            yield
        finally:
            self._session = ""

    def call(self, method: str, path: str, step: str, player: Player | None = None,
             body: Any = None, expect: int = 200) -> Any:
        """One HTTP request, recorded under the current session and `step` when recording."""
        headers = player.headers if player else {}
        if self.record:
            with self.recorder.request(self._session, step, player.pid if player else None) as req:
                got = self.client.request(method, path, json=body, headers=headers)
                req.status = got.status_code
        else:
            got = self.client.request(method, path, json=body, headers=headers)
        if got.status_code != expect:
            raise RuntimeError(f"{method} {path} answered {got.status_code}, not {expect}: {got.text[:300]}")
        return got.json()

    def wait(self, seconds: float) -> None:
        self.served.clock.advance(seconds=seconds)


def _opened(world: World, game: str, body: dict[str, Any], player: Player) -> str:
    return str(world.call("POST", f"/api/{game}/plays", f"POST /api/{game}/plays", player, body)["ticket"])


def chess_daily(world: World, player: Player) -> None:
    """The chess page: the rating refresh (GET /api/me), the daily opened (its ticket), solved (one
    in four with a hint), and the streak asked for once the daily is in (chess/post.js)."""
    day = world.today()
    daily = world.file("chess", day)["dailies"][0]
    puzzle = _puzzle(daily["row"], daily["band"])
    world.call("GET", "/api/me", "GET /api/me", player)
    ticket = _opened(world, "chess", {"id": puzzle.id, "band": puzzle.band}, player)
    seconds = 20 + player.n * 7 % 90
    world.wait(seconds + 1)
    hints = 1 if player.n % 4 == 3 else 0
    body = {"id": puzzle.id, "band": puzzle.band, "moves": puzzle.solution, "mistakes": 0, "hints": hints,
            "seconds": seconds, "ticket": ticket}
    answer = world.call("POST", "/api/chess/solves", "POST /api/chess/solves (daily)", player, body)
    if answer["daily"] != day:
        raise RuntimeError(f"the daily solve wasn't counted as {day}'s daily: {answer}")
    if hints:
        world.review(player, puzzle.band, puzzle.id, "help")
    world.call("GET", "/api/me", "GET /api/me", player)


def endless(world: World, player: Player, round_: int, results: int = ENDLESS_RESULTS) -> None:
    """Endless: the page's rating refresh, then `results` puzzles of the player's band, each opened
    (its ticket) and solved, or shown (a miss: those of ENDLESS_SHOWN)."""
    world.call("GET", "/api/me", "GET /api/me", player)
    for k, puzzle in enumerate(_endless_puzzles(world, player, round_)[:results]):
        ticket = _opened(world, "chess", {"id": puzzle.id, "band": puzzle.band}, player)
        if k in ENDLESS_SHOWN:
            world.wait(15)
            body: dict[str, Any] = {"id": puzzle.id, "band": puzzle.band, "how": "gave-up", "ticket": ticket}
            world.call("POST", "/api/chess/misses", "POST /api/chess/misses", player, body)
            world.review(player, puzzle.band, puzzle.id, "miss")
        else:
            seconds = 10 + 4 * len(puzzle.solution) + k
            world.wait(seconds + 1)
            body = {"id": puzzle.id, "band": puzzle.band, "moves": puzzle.solution, "mistakes": 0,
                    "hints": 0, "seconds": seconds, "ticket": ticket}
            world.call("POST", "/api/chess/solves", "POST /api/chess/solves (Endless)", player, body)


def chain(world: World, player: Player) -> None:
    """Chain: the day opened (its ticket), solved (one in ten gives up instead), then the walkthrough
    the result sheet shows (chain/game.js)."""
    from puzzlebook.chain.generate import generate

    day = world.today()
    ticket = _opened(world, "chain", {"date": day}, player)
    if player.n % 10 == 9:
        world.wait(90)
        world.call("POST", "/api/chain/giveups", "POST /api/chain/giveups", player,
                   {"date": day, "ticket": ticket})
    else:
        seconds = 40 + player.n * 11 % 120
        world.wait(seconds + 1)
        body = {"date": day, "tiles": generate(day)["solution"], "seconds": seconds,
                "undos": 1 if player.n % 3 == 0 else 0, "resets": 0, "ticket": ticket}
        world.call("POST", "/api/chain/solves", "POST /api/chain/solves", player, body)
    world.call("GET", f"/api/chain/{day}/walkthrough", "GET /api/chain/<day>/walkthrough", player)


def storm(world: World, player: Player) -> None:
    """Storm: the page's own figures (GET /api/storm/me), the day's run started (its ticket), played
    from the public file (a few solved, then a wrong move) and posted."""
    day = world.today()
    run = [_puzzle([*row, ""], "storm") for row in world.file("storm", day)["puzzles"]]
    world.call("GET", "/api/storm/me", "GET /api/storm/me", player)
    started = world.call("POST", "/api/storm/runs", "POST /api/storm/runs", player)
    solved = 2 + player.n % 6
    moves = [p.solution for p in run[:solved]] + [[_wrong_move(run[solved])]]
    seconds = 40 + player.n * 13 % 120
    world.wait(seconds + 1)
    body = {"date": day, "ticket": started["ticket"], "moves": moves, "seconds": seconds}
    world.call("POST", "/api/storm/results", "POST /api/storm/results", player, body)


def board(path: str) -> Callable[[World, Player], None]:
    """A board page: its snapshot from the CDN (no API request: bench/scale/model.py counts the
    origin's S3 GETs), and, signed in, the player's own entry on it from the API (one read of their
    own item), placed on the snapshot by the page."""

    def view(world: World, player: Player) -> None:
        where = path.replace("<day>", world.today()).replace("<band>", world.daily_band())
        world.call("GET", f"/api/me/entry/{where}", f"GET /api/me/entry/{path}", player)

    return view


def snapshot_job(world: World) -> None:
    """One round of the snapshot job: every live board read once (service/boards/publisher.py), each
    read a step of its own, so each board is read once every snapshot_seconds at scale."""
    from service.boards.live import live_boards

    store, ctx = world.served.store, world.served.ctx
    for live in live_boards(ctx, ctx.now()):
        day = live.path.replace(world.today(), "<today>").replace(_yesterday(world), "<yesterday>")
        with world.recorder.request(SNAPSHOT_JOB, f"read_board {day}"):
            store.read_board(live.spec)


def _yesterday(world: World) -> str:
    return (dt.date.fromisoformat(world.today()) - dt.timedelta(days=1)).isoformat()


def dashboard(world: World, player: Player) -> None:
    """The dashboard page: 30 days, its default."""
    world.call("GET", "/api/me/dashboard?days=30", "GET /api/me/dashboard", player)


def home(world: World, player: Player) -> None:
    """The home page, signed in (site/static/js/chess/app.js, renderHome): in one request the player's
    results of today's dailies (asked while one is open on this device: the day's first visit), what
    their classes have due, their invites to races and their review as the server keeps it (taken, not
    posted: what this browser noted was posted as it was noted; review/keep.js)."""
    world.call("GET", f"/api/me/home?day={world.today()}", "GET /api/me/home", player)


def fallback(games: tuple[str, ...]) -> Callable[[World, Player], None]:
    """A page that finds no file of today (site/static/js/lib/daily.js): the API's copy of each,
    asked without a token. The home page asks for chess and Chain, a game's page for its own."""

    def ask(world: World, player: Player) -> None:
        day = world.today()
        for game in games:
            world.call("GET", f"/api/{game}/daily/{day}", f"GET /api/{game}/daily/<day>")

    return ask


# The sessions after everyone has posted: the home page, each board page, the dashboard, the midnight
# fallbacks.
VIEWS: dict[str, Callable[[World, Player], None]] = {
    "home page": home,
    "chess daily board": board("chess/daily/<day>/<band>"),
    "chain daily board": board("chain/daily/<day>"),
    "storm daily board": board("storm/daily/<day>"),
    "chess all-time board": board("chess/alltime"),
    "chess ratings board": board("ratings/chess"),
    "chess streaks board": board("streaks/chess"),
    "chain streaks board": board("streaks/chain"),
    "storm best board": board("storm/best"),
    "dashboard": dashboard,
    "fallback: home page": fallback(("chess", "chain")),
    "fallback: chess page": fallback(("chess",)),
    "fallback: chain page": fallback(("chain",)),
    "fallback: storm page": fallback(("storm",)),
}


# ---------------------------------------------------------------- playing together


def friends_board(world: World, player: Player, game: str) -> None:
    """The result sheet's friends' board of the game just played (docs/friends.md)."""
    world.call("GET", f"/api/friends/boards/{game}/{world.today()}", "GET /api/friends/boards/<game>/<day>",
               player)


def club_board(world: World, player: Player, game: str) -> None:
    """The result sheet's club board of the game just played."""
    world.call("GET", f"/api/clubs/{player.club}/boards/{game}/{world.today()}",
               "GET /api/clubs/<club>/boards/<game>/<day>", player)


def friends_week(world: World, player: Player) -> None:
    path = f"/api/friends/boards/chess/week/{world.today()}"
    world.call("GET", path, "GET /api/friends/boards/<game>/week", player)


def club_week(world: World, player: Player) -> None:
    world.call("GET", f"/api/clubs/{player.club}/boards/chess/week/{world.today()}",
               "GET /api/clubs/<club>/boards/<game>/week", player)


def friends_page(world: World, player: Player) -> None:
    """The friends page: your code, whom you follow, who follows you, your friend streaks (the result
    sheet has them with the friends' board)."""
    for path in ("/api/me/follow", "/api/follows", "/api/followers", "/api/friends/streaks"):
        world.call("GET", path, f"GET {path}", player)


# Now and then: one social player each.
SOCIAL_VIEWS: dict[str, Callable[[World, Player], None]] = {
    "friends week": friends_week,
    "club week": club_week,
    "friends page": friends_page,
}


def _cohorts(players: list[Player]) -> list[Player]:
    """The players as cohorts: the last CLUB_PLAYERS in a club (once there are more than that), and of
    the rest two in five solo (the second and fourth of each five: the first players, who also play
    Endless and view the boards, fall into each cohort by its share), the others friends; one player
    alone is solo."""
    club = CLUB_PLAYERS if len(players) > CLUB_PLAYERS + 1 else 0
    out = []
    for k, p in enumerate(players):
        solo = k % 5 in (1, 3) or len(players) == 1
        cohort = "club" if k >= len(players) - club else "solo" if solo else "friends"
        out.append(Player(p.n, p.pid, p.headers, p.band, cohort))
    return out


def _play_together(world: World, players: list[Player]) -> tuple[list[Player], SocialDay]:
    """The social cohorts' codes and follows (each follows every other social player), and the club (made
    by the first of its cohort, joined by the rest): unrecorded set-up. The players with their clubs."""
    social = [p for p in players if p.cohort != "solo"]
    codes = {p.pid: world.call("GET", "/api/me/follow", "set-up", p)["code"] for p in social}
    for who in social:
        for whom in social:
            if who is not whom:
                world.call("POST", "/api/follows", "set-up", who, {"code": codes[whom.pid]})
    members = [p for p in social if p.cohort == "club"]
    club = ""
    if members:
        made = world.call("POST", "/api/clubs", "set-up", members[0], {"name": "Scripted club"}, expect=201)
        club, code = made["id"], made["join_link"].rsplit("code=", 1)[1]
        for other in members[1:]:
            world.call("POST", f"/api/clubs/{club}/join", "set-up", other, {"code": code})
    follows = max(1, len(social) - 1)
    out = [Player(p.n, p.pid, p.headers, p.band, p.cohort, club if p.cohort == "club" else "")
           for p in players]
    return out, SocialDay(follows=follows, mutual=follows, club=max(1, len(members)), week_days=1)


# ---------------------------------------------------------------- helpers


def _puzzle(row: list[Any], band: str) -> Any:
    from puzzlebook.chess.puzzle import Puzzle

    return Puzzle.from_row(row, band)


def _wrong_move(puzzle: Any) -> str:
    """A legal first move that is neither the line's nor a mate."""
    from puzzlebook.chess.puzzle import position_at

    board_ = position_at(puzzle, 1)
    for move in board_.legal_moves:
        board_.push(move)
        mate = board_.is_checkmate()
        board_.pop()
        if move.uci() != puzzle.solution[0] and not mate:
            return str(move.uci())
    raise RuntimeError(f"puzzle {puzzle.id} has no wrong move")


def _endless_puzzles(world: World, player: Player, round_: int) -> list[Any]:
    """ENDLESS_RESULTS puzzles of the player's band, not a daily, none played in another round."""
    from service.games.chess.puzzles import puzzles_of

    bundle = puzzles_of(world.served.ctx).bundle
    rows = [r for r in bundle.rows(player.band) if r[0] not in bundle.retired]
    start = (player.n * 7 + round_ * ENDLESS_RESULTS * 31) % max(1, len(rows) - ENDLESS_RESULTS)
    return [_puzzle(r, player.band) for r in rows[start:start + ENDLESS_RESULTS]]


def _keep_day(world: World, day: dt.date) -> None:
    """What the nightly keeps for `day` (the chess dailies, the Chain day, Storm's run) and the day's
    public files, written where the browser reads them (the CDN). Kept game by game for that day
    alone: the nightly itself keeps every day since each game's first (a minute of moto for the
    set-up, and no part of a day's traffic)."""
    from puzzlebook.chain.generate import generate
    from service.games.chain.records import ChainRecords
    from service.games.chess.puzzles import puzzles_of
    from service.games.daily_run.hooks import ensure_run
    from service.games.storm import STORM
    from service.publish import DirWriter, daily_files

    store, ctx = world.served.store, world.served.ctx
    chess = puzzles_of(ctx)
    chess.dailies(day)
    ChainRecords(store).put_chain_day(day.isoformat(), generate(day.isoformat()))
    ensure_run(STORM, store, ctx.settings, chess.bundle, day)
    writer = DirWriter(world.files)
    for path, data in daily_files(store, ctx.settings, chess.bundle, through=day, since=day).items():
        writer.write(path, data)


def _census(world: World) -> Census:
    """Every index partition's entries and bytes, from a Scan of the table (unrecorded)."""
    store = world.served.store
    client, rec = store.client, world.recorder
    keys, indexes = rec.schema(client, store.table)
    census = Census()
    params: dict[str, Any] = {"TableName": store.table}
    while True:
        got = rec.raw(client, "Scan", params)
        for item in got.get("Items", []):
            for index in indexes.values():
                entry = index_entry(item, index, keys)
                if entry:
                    count, size = census.partitions.get((index.name, entry.partition), (0, 0))
                    census.partitions[(index.name, entry.partition)] = (count + 1, size + entry.size)
        if "LastEvaluatedKey" not in got:
            return census
        params["ExclusiveStartKey"] = got["LastEvaluatedKey"]


def _sign_up(world: World, n: int, bands: tuple[str, ...]) -> Player:
    made = world.call("POST", "/api/players", "POST /api/players", body={"name": f"Player {n}"}, expect=201)
    return Player(n, made["id"], {"Authorization": f"Bearer {made['token']}"}, bands[n % len(bands)])


def _post(world: World, players: list[Player], endless_players: int, round_: int,
          results: int = ENDLESS_RESULTS) -> None:
    day = world.today()
    for player in players:
        if world.today() != day:
            raise RuntimeError(f"the scripted day ran past midnight at player {player.n}: fewer players")
        for name, play, game in (("chess daily", chess_daily, "chess"), ("chain", chain, "chain"),
                                 ("storm", storm, "storm")):
            with world.session(player.daily(name)):
                play(world, player)
            if player.cohort != "solo" and world.record and round_:  # today's result sheets
                with world.session("friends board"):
                    friends_board(world, player, game)
                if player.club:
                    with world.session("club board"):
                        club_board(world, player, game)
        if player.n < endless_players:
            with world.session("endless"):
                endless(world, player, round_, results)


# ---------------------------------------------------------------- the day


def scripted_day(players: int, endless_players: int, viewers: int, recorder: Recorder) -> DayTrace:
    """Run the scripted day (the module's docstring) for `players` players, the first
    `endless_players` of them also playing Endless and the first `viewers` viewing every board, the
    dashboard and the fallbacks; what the recorder recorded of today."""
    from puzzlebook.chess.bands import BANDS
    from tests.support import dynamo_store, served

    yesterday = TODAY - dt.timedelta(days=1)
    at = dt.datetime.combine(yesterday, dt.time(6, 0), dt.UTC)
    with tempfile.TemporaryDirectory() as tmp, dynamo_store("puzzlebook-scale") as store, \
            served(store, at) as app:
        world = World(app, recorder, Path(tmp))
        _keep_day(world, yesterday)
        roster = []
        for n in range(players + 1):  # the last one warms today's container up
            if n and n % SIGNUPS_PER_HOUR == 0:
                world.wait(3600)
            roster.append(_sign_up(world, n, tuple(BANDS)))
        *cast, warm = roster
        cast, social = _play_together(world, _cohorts(cast))
        world.record = True  # yesterday's posts: recorded only to tell which sessions write which boards
        _post(world, roster, endless_players, round_=0)
        world.record = False
        yesterdays = list(recorder.requests)
        recorder.requests.clear()
        world.runs.clear()
        _keep_day(world, TODAY)
        before = _census(world)
        world.served.clock.at = dt.datetime.combine(TODAY, dt.time(8, 0), dt.UTC)
        _post(world, [warm], 1, round_=1, results=2)  # a solve and a miss: every route once
        for name, view in VIEWS.items():
            with world.session(name):
                view(world, warm)
        for game in ("chess", "chain", "storm"):  # the routes of playing together built, unrecorded
            friends_board(world, warm, game)
        friends_page(world, warm)
        world.record = True
        _post(world, cast, endless_players, round_=1)
        for player in cast[:viewers]:
            for name, view in VIEWS.items():
                with world.session(name):
                    view(world, player)
        friends = [p for p in cast if p.cohort != "solo"]
        for name, view in SOCIAL_VIEWS.items():
            who = next((p for p in friends if p.club or "club" not in name), None)
            if who is not None:
                with world.session(name):
                    view(world, who)
        with world.session(SNAPSHOT_JOB):
            snapshot_job(world)
        world.record = False
        after = _census(world)
    return DayTrace(
        players=players + 1,
        today=TODAY.isoformat(),
        yesterday=yesterday.isoformat(),
        pids={p.pid for p in roster},
        requests=list(recorder.requests),
        yesterdays=yesterdays,
        sessions=world.runs,
        before=before,
        after=after,
        clubs={p.club for p in cast if p.club},
        social=social,
    )

