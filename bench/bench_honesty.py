"""What a script can take from the boards and ratings, beside what a fast honest player gets.

    python -m bench honesty [--seconds N]     (default: 600, ten minutes of wall time)

The real app over real HTTP: uvicorn on a fresh SQLite store, today's Chain stored and today's
chess dailies kept, as `make serve` runs it, with one thing moved: the app's clock, so that the
two players' accounts are four days old (past the days a new account waits for the boards) and
the run crosses the turn of an hour (it starts at 12:59:00 on the server's clock). Two signed-in
players play at once for the wall time:

- **Script**, an attacker using everything public: the bundle's lines (shards/), today's daily files
  (GET /api/chess/daily/<today>, the same as the file), Chain's public puzzle solved by the rules'
  own code, today's Storm run (its public file), and the API as docs/api.md describes it. It tries,
  in turn: results with no ticket; results marked offline; forged tickets; many puzzles opened and
  posted at once; claiming the floor's time the moment a puzzle opens; tickets banked (puzzles
  opened one after another and left) then taken up and posted at once; a ranked Storm run of every
  puzzle claiming no time, then the floor's time, the moment it starts; a hundred fresh accounts
  from its address; and then the best that is left, as fast as the server allows (open the
  highest-rated two-move Expert puzzle, wait only as long as the rules force, post a clean solve
  claiming the floor), the daily and today's Chain first, and today's Storm run solved whole,
  posted the moment the floor allows.
- **Human**, honest and fast: one puzzle at a time, the opening beat (0.7 s) and then exactly a
  second a move, never a mistake, on the same puzzles in the same order, reloading every tenth
  puzzle half way (opened again with the ticket it had, as the browser does); in Storm, exactly a
  second a move (Storm plays the opponent's first move at once), never a mistake.

Each game runs on its own thread for each player, so chess, Chain and Storm are measured side by
side in the one wall time. It prints, for each game, what each achieved (rated results, before
and after the turn of the hour, the rating reached, the best place on each board and the time it
claimed there; tickets taken up again and rated: the script's banked ones, the human's reloads;
Storm's solved, highest and seconds and its place) and what every trick got.

Then the earliest zone (docs/ratings.md, "Whose day"): the clock moves to the first second the date
after tomorrow begins at UTC+14; the script, claiming that zone, opens and solves that date's daily
then, and the human, in UTC, tries to and is refused until the date's midnight in UTC, when it
solves it too. It prints the head start the claim bought, and both places on that date's board.
docs/ratings.md keeps the measured figures.
"""

from __future__ import annotations

import argparse
import datetime as dt
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx

ROOT = Path(__file__).resolve().parent.parent
OPENING_BEAT = 0.7  # the browser's beat before the opponent's first move (site/static/js/chess/game.js)
SCRIPT_MARGIN = 0.02  # what the script adds to the least wait the server allows
ACCOUNT_AGE = dt.timedelta(days=4)  # the two players' accounts: past a new account's days
BANKED = 20  # tickets the script banks
SYBILS = 100  # fresh accounts the script makes from its one address
HUMAN_RELOADS = 10  # the human reloads every tenth puzzle half way (an honest resume)


class Skewed:
    """The app's clock: real time moved by `offset`, so the benchmark sets the server's hour."""

    def __init__(self) -> None:
        self.offset = dt.timedelta()

    def __call__(self) -> dt.datetime:
        return dt.datetime.now(dt.UTC) + self.offset

    def at(self, when: dt.datetime) -> None:
        """From now on, the server's clock reads `when` (and runs on)."""
        self.offset = when - dt.datetime.now(dt.UTC)


@dataclass
class Tally:
    """What one player got, and what each kind of try was answered."""

    name: str
    token: str = ""
    rated: int = 0
    rated_after_turn: int = 0
    rating: int | None = None
    answers: Counter[str] = field(default_factory=Counter)
    daily_seconds: int | None = None
    chain_seconds: int | None = None
    storm: dict[str, Any] | None = None
    taken_up: int = 0  # tickets taken up again (resume): the script's banked, the human's reloads
    taken_up_rated: int = 0

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def note(self, trick: str, got: httpx.Response) -> None:
        reason = got.headers.get("X-Ticket-Refused")
        self.answers[f"{trick}: {got.status_code}{' ' + reason if reason else ''}"] += 1


@contextmanager
def serving(tmp: Path, clock: Skewed) -> Iterator[tuple[str, Any]]:
    """The app on uvicorn over a fresh SQLite store, on `clock`: (base URL, the app's context)."""
    import uvicorn

    from functions.app import create_app
    from puzzlebook.chain.generate import generate
    from service.games.chain.records import ChainRecords
    from service.games.chess.puzzles import puzzles_of
    from service.settings import load
    from service.store.sqlite import SqliteStore

    settings = load({"SITE_KEY": "bench-honesty", "PUZZLEBOOK_SHARDS": str(ROOT / "shards")}, warn=False)
    store = SqliteStore(tmp / "bench.sqlite3")
    app = create_app(settings, store, clock=clock)
    ctx = app.state.ctx
    today = ctx.today().isoformat()
    ChainRecords(store).put_chain_day(today, generate(today))
    puzzles_of(ctx).dailies(ctx.today())
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="error", access_log=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}", ctx
    finally:
        server.should_exit = True
        thread.join(10)
        store.close()


def expert_pool(bundle: Any, skip: set[str]) -> list[dict[str, Any]]:
    """The public lines a rating-hungry script wants: two-move Expert puzzles, highest rated first."""
    from puzzlebook.chess.puzzle import Puzzle

    rows = [r for r in bundle.rows("Expert") if len(r[2].split()) == 4 and r[0] not in bundle.retired
            and r[0] not in skip]
    rows.sort(key=lambda r: -int(r[3]))
    return [{"id": r[0], "band": "Expert", "moves": Puzzle.from_row(r, "Expert").solution} for r in rows]


def solve_body(puzzle: dict[str, Any], seconds: int, **extra: Any) -> dict[str, Any]:
    return {"id": puzzle["id"], "band": puzzle["band"], "moves": puzzle["moves"], "mistakes": 0, "hints": 0,
            "seconds": seconds, **extra}


def open_chess(
    client: httpx.Client, who: Tally, puzzle: dict[str, Any], resume: str | None = None
) -> str | None:
    opening = {"id": puzzle["id"], "band": puzzle["band"]} | ({"resume": resume} if resume else {})
    got = client.post("/api/chess/plays", json=opening, headers=who.headers)
    return got.json()["ticket"] if got.status_code == 200 else None


def post_solve(client: httpx.Client, who: Tally, trick: str, body: dict[str, Any],
               turn: dt.datetime | None = None, clock: Skewed | None = None) -> httpx.Response:
    got = client.post("/api/chess/solves", json=body, headers=who.headers)
    who.note(trick, got)
    if got.status_code == 200 and got.json().get("rated"):
        who.rated += 1
        who.rating = got.json()["rating"]["after"]
        if turn is not None and clock is not None and clock() >= turn:
            who.rated_after_turn += 1
    return got


def play_chess(client: httpx.Client, who: Tally, daily: dict[str, Any], pool: list[dict[str, Any]],
               wait: Callable[[int], float], deadline: float, trick: str, turn: dt.datetime,
               clock: Skewed, reload_every: int = 0) -> None:
    """Today's daily, then the pool in order, one puzzle at a time: open, wait `wait(moves)`, post a
    clean solve claiming the floor (a second a move). Every `reload_every`th puzzle (0: none) is
    reloaded half way, as a person's browser does on a reload: opened again with `resume`, the
    ticket it had. Stops at the deadline or the hourly cap."""
    for n, puzzle in enumerate([daily, *pool]):
        if time.monotonic() >= deadline:
            return
        ticket = open_chess(client, who, puzzle)
        moves = len(puzzle["moves"])
        reload = bool(reload_every) and n % reload_every == reload_every - 1
        if reload:
            time.sleep(wait(moves) / 2)
            ticket = open_chess(client, who, puzzle, resume=ticket)
            time.sleep(wait(moves) / 2)
        else:
            time.sleep(wait(moves))
        got = post_solve(client, who, "reloaded, " + trick if reload else trick,
                         solve_body(puzzle, moves, ticket=ticket), turn, clock)
        if reload:
            who.taken_up += 1
            who.taken_up_rated += got.status_code == 200 and bool(got.json().get("rated"))
        if n == 0 and got.status_code == 200:
            who.daily_seconds = moves
        if got.status_code == 429:
            return


def chess_tricks(client: httpx.Client, who: Tally, pool: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every way around the tickets the script tries; answers the pool it didn't use up."""
    from puzzlebook.tickets import Ticket, sign, ticket_key

    left = list(pool)
    for _ in range(10):  # no ticket at all
        post_solve(client, who, "no ticket", solve_body(left.pop(), 2))
    for _ in range(10):  # claimed offline: counted for the player alone
        post_solve(client, who, "offline", solve_body(left.pop(), 2, offline=True))
    for _ in range(10):  # forged: signed with a guessed key
        puzzle = left.pop()
        fake = sign(Ticket("x", "chess", puzzle["id"], 0, "n"), ticket_key(b"a guess"))
        post_solve(client, who, "forged", solve_body(puzzle, 2, ticket=fake))
    opened = [(p, open_chess(client, who, p)) for p in (left.pop() for _ in range(10))]
    time.sleep(2)
    for puzzle, ticket in opened:  # ten open at once, posted together
        post_solve(client, who, "ten at once", solve_body(puzzle, 2, ticket=ticket))
    puzzle = left.pop()  # the floor claimed the moment the puzzle opens
    post_solve(client, who, "floor at once", solve_body(puzzle, 2, ticket=open_chess(client, who, puzzle)))
    # Banked: puzzles opened one after another and left, then taken up again (resume) and posted
    # at once, hoping their first opening's time carries over.
    banked = [(p, open_chess(client, who, p)) for p in (left.pop() for _ in range(BANKED))]
    time.sleep(5)
    for puzzle, ticket in banked:
        again = open_chess(client, who, puzzle, resume=ticket)
        got = post_solve(client, who, "banked, taken up", solve_body(puzzle, 2, ticket=again))
        who.taken_up += 1
        who.taken_up_rated += got.status_code == 200 and bool(got.json().get("rated"))
    return left


def sybils(client: httpx.Client, who: Tally, pool: list[dict[str, Any]]) -> tuple[int, int]:
    """Fresh accounts from the script's one address, each posting a clean solve at the floor:
    (accounts made, rated solves they kept)."""
    made: list[Tally] = []
    for k in range(SYBILS):
        got = client.post("/api/players", json={"name": f"Sybil {k}"})
        who.note("a fresh account", got)
        if got.status_code == 201:
            made.append(Tally(f"Sybil {k}", got.json()["token"]))
    opened = [(s, p, open_chess(client, s, p)) for s, p in zip(made, pool, strict=False)]
    time.sleep(2 - 1 + SCRIPT_MARGIN)  # two moves, less the floor's allowance
    for sybil, puzzle, ticket in opened:
        post_solve(client, sybil, "sybil's solve", solve_body(puzzle, 2, ticket=ticket))
    return len(made), sum(s.rated for s in made)


def first_moves(run: list[list[str]], count: int) -> list[list[str]]:
    """The run's first `count` solver moves, puzzle by puzzle (the last puzzle perhaps part way)."""
    out: list[list[str]] = []
    for solution in run:
        if count <= 0:
            break
        out.append(solution[:count])
        count -= len(out[-1])
    return out


def play_storm(client: httpx.Client, who: Tally, run: list[list[str]], today: str, deadline: float,
               lead: float, trick: Callable[[str], None] | None = None) -> None:
    """Today's ranked Storm run, never wrong: as many moves as a second a move allows before the
    deadline, posted `lead` seconds before a second a move has passed since the run's ticket
    (the human: 0, exactly at it; the script: the floor's allowance less its margin)."""
    start = client.post("/api/storm/runs", headers=who.headers)
    came = time.monotonic()
    ticket = start.json()["ticket"]
    if trick is not None:
        trick(ticket)
    total = sum(len(s) for s in run)
    moves = max(1, min(total, int(deadline - came - 1)))
    time.sleep(max(0.0, came + moves - lead - time.monotonic()))
    body = {"date": today, "ticket": ticket, "moves": first_moves(run, moves), "seconds": moves}
    got = client.post("/api/storm/results", json=body, headers=who.headers)
    who.note("Storm, best left" if trick else "Storm, played", got)
    if got.status_code == 200:
        who.storm = got.json()


def storm_tricks(client: httpx.Client, who: Tally, run: list[list[str]], today: str) -> Callable[[str], None]:
    def trick(ticket: str) -> None:
        moves = sum(len(s) for s in run)
        for claimed, name in ((0, "Storm, whole run claiming 0 s"), (moves, "Storm, the floor at once")):
            body = {"date": today, "ticket": ticket, "moves": run, "seconds": claimed}
            who.note(name, client.post("/api/storm/results", json=body, headers=who.headers))

    return trick


def solve_chain(puzzle: dict[str, Any]) -> list[int]:
    """Today's Chain from its public file alone, by the rules' own search (the code is public)."""
    from puzzlebook.chain.solver import full_chains
    from puzzlebook.chain.tiles import parse_tile

    hand = [parse_tile(t) for t in puzzle["hand"]]
    return next(list(order) for order, end in full_chains(puzzle["start"], hand, puzzle["moves"])
                if end == puzzle["target"])


def chain_play(client: httpx.Client, who: Tally, today: str, tiles: list[int], wait: float,
               trick: str) -> None:
    got = client.post("/api/chain/plays", json={"date": today}, headers=who.headers)
    ticket = got.json().get("ticket")
    time.sleep(wait)
    body = {"date": today, "tiles": tiles, "seconds": len(tiles), "undos": 0, "resets": 0, "ticket": ticket}
    answer = client.post("/api/chain/solves", json=body, headers=who.headers)
    who.note(trick, answer)
    if answer.status_code == 200 and answer.json().get("place"):
        who.chain_seconds = len(tiles)


def chain_tricks(client: httpx.Client, who: Tally, today: str, tiles: list[int]) -> None:
    plain = {"date": today, "tiles": tiles, "seconds": len(tiles), "undos": 0, "resets": 0}
    who.note("Chain, no ticket", client.post("/api/chain/solves", json=plain, headers=who.headers))
    ticket = client.post("/api/chain/plays", json={"date": today}, headers=who.headers).json()["ticket"]
    who.note("Chain, floor at once",
             client.post("/api/chain/solves", json={**plain, "ticket": ticket}, headers=who.headers))


def place(client: httpx.Client, path: str, who: Tally) -> str:
    got = client.get(path, headers=who.headers)
    mine = got.json().get("mine") if got.status_code == 200 else None
    return f"#{mine['place']}" if mine else "none"


def board_rows(client: httpx.Client, paths: list[str], names: set[str]) -> int:
    """How many rows of these boards belong to players named in `names`."""
    return sum(1 for path in paths for row in client.get(path).json().get("rows", []) if row["name"] in names)


def main(argv: list[str] | None = None) -> None:
    from puzzlebook.tickets import FLOOR_ALLOWANCE_MS

    parser = argparse.ArgumentParser(prog="python -m bench honesty")
    parser.add_argument("--seconds", type=float, default=600.0, help="wall time of each player (default 600)")
    args = parser.parse_args(argv or [])
    clock = Skewed()
    real = dt.datetime.now(dt.UTC)
    opening = real.replace(hour=12, minute=59, second=0, microsecond=0)  # the server's hour, today
    turn = opening + dt.timedelta(minutes=1)
    with tempfile.TemporaryDirectory() as tmp, serving(Path(tmp), clock) as (base, ctx):
        today = ctx.today().isoformat()
        script, human = Tally("Script"), Tally("Human")
        with httpx.Client(base_url=base, timeout=30) as client:
            clock.at(opening - ACCOUNT_AGE)  # both accounts made four days before
            for who in (script, human):
                who.token = client.post("/api/players", json={"name": who.name}).json()["token"]
            clock.at(opening)
            # What is public: today's daily (as the file, or the API before the file is out)...
            entry = client.get(f"/api/chess/daily/{today}").json()["dailies"][0]
            from puzzlebook.chess.puzzle import Puzzle
            from service.games.chess.puzzles import puzzles_of

            row = puzzles_of(ctx).bundle.row(entry["band"], entry["id"])
            line = Puzzle.from_row(row, entry["band"]).solution
            daily = {"id": entry["id"], "band": entry["band"], "moves": line}
            # ... the bundle's lines, today's Chain, solved by the rules' own code, and today's Storm run.
            puzzle = client.get(f"/api/chain/daily/{today}").json()
            tiles = solve_chain(puzzle)
            from service.games.daily_run.hooks import ensure_run
            from service.games.storm import STORM

            bundle = puzzles_of(ctx).bundle
            kept = ensure_run(STORM, ctx.store, ctx.settings, bundle, ctx.today())  # the day's public file
            run = [Puzzle.from_row(bundle.row(p.band, p.id), p.band).solution for p in kept.puzzles]
            pool = expert_pool(bundle, {daily["id"]})
            tricks_pool, sybil_pool, grind_pool = pool[-200:], pool[-200 - SYBILS:-200], pool[:-200 - SYBILS]
            chess_tricks(client, script, tricks_pool)
            chain_tricks(client, script, today, tiles)
            made, sybil_rated = sybils(client, script, sybil_pool)
        least = FLOOR_ALLOWANCE_MS / 1000
        clock.at(max(clock(), opening + dt.timedelta(seconds=20)))  # the grind from 12:59:20 on

        def run_threads(deadline: float) -> list[threading.Thread]:
            def scripted_chess() -> None:
                with httpx.Client(base_url=base, timeout=30) as c:
                    chain_play(c, script, today, tiles, max(0.0, len(tiles) - least) + SCRIPT_MARGIN,
                               "Chain, best left")
                    play_chess(c, script, daily, grind_pool, lambda m: max(0.0, m - least) + SCRIPT_MARGIN,
                               deadline, "grind at the least wait", turn, clock)

            def honest_chess() -> None:
                with httpx.Client(base_url=base, timeout=30) as c:
                    chain_play(c, human, today, tiles, OPENING_BEAT + len(tiles), "Chain, played")
                    play_chess(c, human, daily, grind_pool, lambda m: OPENING_BEAT + m, deadline, "played",
                               turn, clock, reload_every=HUMAN_RELOADS)

            def scripted_storm() -> None:
                with httpx.Client(base_url=base, timeout=30) as c:
                    play_storm(c, script, run, today, deadline, least - SCRIPT_MARGIN,
                               storm_tricks(c, script, run, today))

            def honest_storm() -> None:
                with httpx.Client(base_url=base, timeout=30) as c:
                    play_storm(c, human, run, today, deadline, 0.0)

            players = (scripted_chess, honest_chess, scripted_storm, honest_storm)
            return [threading.Thread(target=t) for t in players]

        started = time.monotonic()
        runners = run_threads(started + args.seconds)
        for t in runners:
            t.start()
        for t in runners:
            t.join()
        took = time.monotonic() - started
        with httpx.Client(base_url=base, timeout=30) as client:
            print(f"{args.seconds:g} s of wall time each ({took:.0f} s in all), uvicorn on SQLite, {today}, "
                  f"from {opening:%H:%M:%S} on the server's clock")
            print(f"{'':36}{'Script':>14}{'Human':>14}")

            def storm(key: str) -> Callable[[Tally], Any]:
                return lambda w: (w.storm or {}).get("result", {}).get(key)

            rows: list[tuple[str, Callable[[Tally], Any]]] = [
                ("chess: rated results", lambda w: w.rated),
                (f"chess: rated after {turn:%H:%M}", lambda w: w.rated_after_turn),
                ("chess: rating reached", lambda w: w.rating),
                ("chess: today's daily board",
                 lambda w: place(client, f"/api/boards/chess/daily/{today}?band={daily['band']}", w)),
                ("chess: daily time claimed", lambda w: w.daily_seconds),
                ("chess: all-time board", lambda w: place(client, "/api/boards/chess/alltime", w)),
                ("chess: ratings board", lambda w: place(client, "/api/boards/ratings/chess", w)),
                ("chess: taken up again, rated", lambda w: f"{w.taken_up_rated} of {w.taken_up}"),
                ("Chain: today's board", lambda w: place(client, f"/api/boards/chain/daily/{today}", w)),
                ("Chain: time claimed", lambda w: w.chain_seconds),
                ("Storm: solved", storm("score")),
                ("Storm: highest solved", storm("highest")),
                ("Storm: seconds claimed", storm("seconds")),
                ("Storm: today's board", lambda w: place(client, f"/api/boards/storm/daily/{today}", w)),
            ]
            for label, value in rows:
                print(f"{label:36}{value(script)!s:>14}{value(human)!s:>14}")
            boards = [f"/api/boards/chess/daily/{today}?band={daily['band']}", "/api/boards/chess/alltime",
                      "/api/boards/ratings/chess", f"/api/boards/chain/daily/{today}",
                      f"/api/boards/storm/daily/{today}", "/api/boards/storm/best",
                      "/api/boards/streaks/chess"]
            names = {f"Sybil {k}" for k in range(SYBILS)}
            print(f"sybils: {made} of {SYBILS} fresh accounts made from one address, {sybil_rated} rated "
                  f"solves, {board_rows(client, boards, names)} rows on the boards")
        earliest_zone(base, ctx, clock, script, human)
        print("what each try was answered (status, and the ticket's refusal):")
        for who in (script, human):
            for answer, count in sorted(who.answers.items()):
                print(f"  {who.name}: {answer} x{count}")


def earliest_zone(base: str, ctx: Any, clock: Skewed, script: Tally, human: Tally) -> None:
    """The earliest-zone figures (module docstring): what claiming UTC+14 buys on a date's daily."""
    from puzzlebook.calendar import EARLIEST_OFFSET, begins_somewhere, newest_date
    from puzzlebook.chess.puzzle import Puzzle
    from service.games.chess.puzzles import puzzles_of

    date = newest_date(clock()) + dt.timedelta(days=1)
    first = begins_somewhere(date) + dt.timedelta(seconds=5)
    at_utc = dt.datetime.combine(date, dt.time(), dt.UTC) + dt.timedelta(seconds=5)
    claims = {script.name: (first, EARLIEST_OFFSET), human.name: (at_utc, 0)}
    with httpx.Client(base_url=base, timeout=30) as client:
        clock.at(first)
        entry = client.get(f"/api/chess/daily/{date}").json()["dailies"][0]
        row = puzzles_of(ctx).bundle.row(entry["band"], entry["id"])
        daily = {"id": entry["id"], "band": entry["band"],
                 "moves": Puzzle.from_row(row, entry["band"]).solution}
        refused = client.post(f"/api/chess/plays?date={date}&offset=0", headers=human.headers,
                              json={"id": daily["id"], "band": daily["band"]})
        for who in (script, human):
            when, offset = claims[who.name]
            clock.at(when)
            got = client.post(f"/api/chess/plays?date={date}&offset={offset}", headers=who.headers,
                              json={"id": daily["id"], "band": daily["band"]})
            seconds = len(daily["moves"])
            time.sleep(seconds + 0.1)
            posted = client.post("/api/chess/solves", headers=who.headers,
                                 json=solve_body(daily, seconds, ticket=got.json()["ticket"]))
            who.note(f"earliest zone, {date}", posted)
        board = f"/api/boards/chess/daily/{date}?band={daily['band']}"
        publish_now(ctx)
        head = begins_somewhere(date) - dt.datetime.combine(date, dt.time(), dt.UTC)
        print(f"earliest zone: {date}'s daily, first opened at {first:%Y-%m-%d %H:%M:%S} UTC claiming "
              f"UTC+14: {-head.total_seconds() / 3600:g} h before its midnight in UTC, "
              f"{-head.total_seconds() / 3600 + 12:g} h before UTC-12's")
        print(f"  the same date claimed at UTC+00:00 then: {refused.status_code} "
              f"{refused.json().get('error', '')}")
        print(f"{'  ' + str(date) + ' daily board':36}{place(client, board, script)!s:>14}"
              f"{place(client, board, human)!s:>14}")


def publish_now(ctx: Any) -> None:
    """One round of the snapshot job, so the boards read as the API answers them."""
    from service.boards.publisher import Publisher
    from service.boards.snapshot import Snapshots
    from service.publish import site_files

    Publisher(ctx.store, ctx.settings, site_files(ctx.settings), clock=ctx.clock).round()
    ctx.part(Snapshots.of).forget()


if __name__ == "__main__":
    main()
