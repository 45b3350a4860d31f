"""Live play in the scale model (issue 43): races and live classes at N daily players.

A scripted race and a scripted live-class session run through the real Lambda of the WebSocket API
(functions/live/aws.py, as API Gateway calls it) over the real DynamoStore on a moto table made from
infra/template.yaml, with moto's Management API; the recorder (trace.py) records every AWS call: the
DynamoDB units and the partition keys each touches, and every `post_to_connection` (a message out).
Each invocation of a message (`$default`) is a message in. Then `LiveAssumptions` multiplies them
out: at 10 M daily players, 5% race three times a day and 1% of classes run a session. It reports
messages and connection minutes, DynamoDB units, the hottest key against its partition's limit, and
the cost a month (infra/costs.py's prices, the WebSocket API's among them) beside the month's bill.
"""

from __future__ import annotations

import json
import logging
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from bench.figures import verdict
from bench.scale.trace import Recorder, Request

DAY, HOUR = 86_400, 3600
SCALES = (1_000, 100_000, 1_000_000, 10_000_000, 100_000_000)


@dataclass(frozen=True)
class LiveAssumptions:
    """The live traffic model's assumptions; `lines()` says each in words."""

    race_share: float = 0.05  # of the daily players race...
    races_a_day: int = 3  # ...this many times a day
    racers: int = 6  # in a race, on average: quick races fill toward 10, races among friends are smaller
    # A racer's pace: a solver move every 3 s on average. A never-wrong player at the floor plays one a
    # second; one who solves a two-move puzzle in six seconds, one every three (the report also gives
    # the month at a move every 2 s: how much the bill leans on this).
    seconds_a_move: float = 3.0
    wrong_every: int = 5  # one first move in this many is wrong
    race_minutes: float = 3.0  # connected per race: pairing and countdown, the 90 s, the table
    student_share: float = 0.02  # of the daily players are students in a class...
    class_size: int = 25  # ...of this many
    session_share: float = 0.01  # of the classes run a live session a day
    session_puzzles: int = 10
    session_minutes: float = 20.0
    peak_share: float = 0.15  # of the day's live play in the peak hour (the day model's)
    vcpu_mb: int = 1769
    memory_mb: int = 512
    call_ms: float = 5.0  # a DynamoDB round trip, or a post to a connection, in the region
    wcu_limit: float = 1000.0
    rcu_limit: float = 3000.0

    def racer_races(self, players: float) -> float:
        return players * self.race_share * self.races_a_day

    def sessions(self, players: float) -> float:
        return players * self.student_share / self.class_size * self.session_share

    def lines(self) -> list[str]:
        return [
            f"{self.race_share:.0%} of the daily players race {self.races_a_day} times a day, "
            f"{self.racers} racers a race on average, a solver move every {self.seconds_a_move:g} s "
            f"(one first move in {self.wrong_every} wrong), {self.race_minutes:g} minutes connected a race",
            f"{self.student_share:.0%} of the daily players are students in classes of {self.class_size}; "
            f"{self.session_share:.0%} of the classes run a live session a day "
            f"({self.session_puzzles} puzzles, {self.session_minutes:g} minutes connected)",
            f"the peak hour holds {self.peak_share:.0%} of the day; Lambda: the CPU time measured here × "
            f"{self.vcpu_mb:,}/{self.memory_mb} MB, {self.call_ms:g} ms a DynamoDB call or post, and the "
            "fan-out's held waits as the script met them",
        ]


@dataclass
class Unit:
    """What one race (or one session) costs, as measured: messages in and out, Lambda invocations and
    billed ms, DynamoDB units, and by partition key class the units (for the hottest key)."""

    invocations: int = 0
    messages_in: int = 0
    messages_out: int = 0
    lambda_ms: float = 0.0
    wcu: float = 0.0
    rcu: float = 0.0
    log_bytes: float = 0.0  # what the live function logs: its warnings, as Lambda's JSON lines
    keys: dict[str, list[float]] = field(default_factory=lambda: defaultdict(lambda: [0.0, 0.0]))


# ---------------------------------------------------------------- the scripted race and session


@contextmanager
def _world() -> Iterator[Any]:
    """The AWS transport, its races' ids drawn from a seeded generator: a race's puzzles are seeded by
    its id, so every run plays the same puzzles and its figures compare with another run's (a random
    id moved a race's writes by ±5% from run to run)."""
    import random
    from unittest import mock

    from tests.live_transports import aws_transport

    seeded = random.Random(43)

    def token_urlsafe(nbytes: int) -> str:
        import base64

        return base64.urlsafe_b64encode(seeded.randbytes(nbytes)).rstrip(b"=").decode()

    with aws_transport() as transport, mock.patch("service.live.racer.secrets.token_urlsafe", token_urlsafe):
        yield transport


class _Logged(logging.Handler):
    """The live function's log, as its LoggingConfig sends it (infra/template.yaml): the records of
    WARNING and above, each a JSON line of Lambda's (its time, level, message, logger, request id);
    Lambda's own START/END/REPORT lines are off (SystemLogLevel WARN)."""

    def __init__(self, unit: Unit) -> None:
        super().__init__(logging.WARNING)
        self.unit = unit

    def emit(self, record: logging.LogRecord) -> None:
        line = {"timestamp": "2026-12-07T18:00:00.000Z", "level": record.levelname,
                "message": record.getMessage(), "logger": record.name,
                "requestId": "00000000-0000-0000-0000-000000000000"}
        self.unit.log_bytes += len(json.dumps(line)) + 1


class _Recorded:
    """The transport's handler, each invocation recorded as one Request; the fan-out's waits counted."""

    def __init__(self, transport: Any, recorder: Recorder, unit: Unit, a: LiveAssumptions) -> None:
        self.t, self.recorder, self.unit, self.a = transport, recorder, unit, a
        self.slept = 0.0
        original = transport.handler

        def sleep(seconds: float) -> None:  # an invocation's wait (a held broadcast's): billed, not waited
            self.slept += seconds

        original.sleep = sleep

        logged = _Logged(unit)

        def handler(event: dict[str, Any], context: Any = None) -> dict[str, Any]:
            route = event["requestContext"]["routeKey"]
            self.slept = 0.0
            logging.getLogger().addHandler(logged)
            try:
                with recorder.request("live", route) as req:
                    answer: dict[str, Any] = original(event, context)
            finally:
                logging.getLogger().removeHandler(logged)
            self._count(req, route)
            return answer

        transport.handler = handler

    def _count(self, req: Request, route: str) -> None:
        u, a = self.unit, self.a
        u.invocations += 1
        u.messages_in += route == "$default"
        calls = 0
        for call in req.calls:
            calls += 1
            if call.service == "apigatewaymanagementapi" and call.operation == "PostToConnection":
                u.messages_out += 1
            for touch in call.touches:
                if touch.target == "s3":
                    continue
                u.wcu += touch.wcu
                u.rcu += touch.rcu
                klass = key_class(touch.key)
                u.keys[klass][0] += touch.wcu
                u.keys[klass][1] += touch.rcu
        cpu_ms = req.app_seconds * 1000 * a.vcpu_mb / a.memory_mb
        u.lambda_ms += cpu_ms + calls * a.call_ms + self.slept * 1000


def key_class(key: str) -> str:
    """A partition key with its id made a class: RACE#<id>, CONN#<id>, P#<pid> …"""
    head, sep, _ = key.partition("#")
    if key == "LOBBY#racer":
        return key
    return f"{head}#<id>" if sep else key


def scripted_race(a: LiveAssumptions) -> Unit:
    """One race of a.racers, paired as a quick race, played at a.seconds_a_move, to its table."""
    from tests.live_transports import WAIT

    unit = Unit()
    with _world() as t, Recorder() as recorder:
        _Recorded(t, recorder, unit, a)
        clients = []
        for n in range(a.racers):
            _, token = t.player(f"Racer {n}")
            clients.append(t.connect(token))
        for client in clients:
            t.clock.advance(seconds=1)
            client.send({"t": "race.quick"})
            client.receive("race.hello", WAIT)
        state = clients[0].receive("race.state", WAIT, where=lambda m: "puzzles" in m)
        puzzles = state["puzzles"]
        t.clock.advance(milliseconds=state["starts_in"])
        plans = [_plan(puzzles, n, a) for n in range(a.racers)]
        moves = sorted((at, n, k, m, uci) for n, plan in enumerate(plans) for at, k, m, uci in plan)
        now = 0.0
        for at, n, k, m, uci in moves:
            t.clock.advance(seconds=at - now)
            now = at
            clients[n].send({"t": "race.move", "puzzle": k, "move": m, "uci": uci})
        t.clock.advance(seconds=90 - now + 1)
        for client in clients:
            client.send({"t": "race.over"})
        for client in clients:
            client.close()
    return unit


def _plan(puzzles: list[list[Any]], n: int, a: LiveAssumptions) -> list[tuple[float, int, int, str]]:
    """A racer's moves: (seconds into the race, puzzle, move, uci), a.seconds_a_move apart, each racer
    at its own moment in the second; one first move in a.wrong_every wrong. None once the racer's own
    clock has run out (the race's less their net penalty: Storm's tally of their moves), as the race
    page plays none then (site/static/js/race/ctrl.js: the board is off once `out`)."""
    from bench.scale.day import _puzzle, _wrong_move
    from puzzlebook.storm.clock import Tally, step

    out: list[tuple[float, int, int, str]] = []
    at, count, tally = 0.3 + 0.17 * n, 0, Tally()
    for k, row in enumerate(puzzles):
        puzzle = _puzzle([*row, ""], "race")
        wrong = (k + n) % a.wrong_every == a.wrong_every - 1
        line = [_wrong_move(puzzle)] if wrong else puzzle.solution
        for m, uci in enumerate(line):
            count += 1
            at = max(at + a.seconds_a_move, count)  # never quicker than the floor
            if at >= min(89, 90 - max(0, tally.penalty - tally.bonus)):
                return out
            out.append((at, k, m, uci))
            tally = step(tally, "wrong" if wrong else "solved" if m == len(line) - 1 else "right")
    return out


def scripted_session(a: LiveAssumptions) -> Unit:
    """One live session: a teacher and a.class_size students, a.session_puzzles puzzles, each answered
    (most right in a move or two, some wrong), revealed, the next; closed."""
    from service.classes.records import ClassRecords
    from service.games.lessons.records import LessonRecords
    from tests.live_transports import WAIT

    mate = {"fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "playerColor": "white", "moves": [{"uci": "a1a8"}]}
    unit = Unit()
    with _world() as t, Recorder() as recorder:
        teacher_id, teacher_token = t.player("Teacher")
        classes = ClassRecords(t.store)
        head = classes.create(teacher_id, "Class", t.clock())
        doc = {"name": "L", "puzzles": [mate] * a.session_puzzles}
        lessons = LessonRecords(t.store)
        lesson = lessons.save_lesson(teacher_id, doc, t.clock(), name="L", count=a.session_puzzles)
        classes.assign(head.id, lesson, t.clock())
        students = []
        for n in range(a.class_size):
            pid, token = t.player(f"S{n}")
            classes.join(head.id, head.code, pid, f"S{n}", t.clock())
            students.append(token)
        _Recorded(t, recorder, unit, a)
        teacher = t.connect(teacher_token)
        teacher.send({"t": "class.open", "class": head.id, "lesson": lesson, "seconds": 60})
        teacher.receive("class.hello", WAIT)
        clients = []
        for token in students:
            t.clock.advance(milliseconds=500)
            client = t.connect(token)
            client.send({"t": "class.join", "class": head.id})
            clients.append(client)
        for _ in range(a.session_puzzles):
            t.clock.advance(seconds=5)
            teacher.send({"t": "class.next"})
            t.clock.advance(seconds=2)
            for n, client in enumerate(clients):
                t.clock.advance(milliseconds=700)
                client.send({"t": "class.move", "n": _ + 1, "move": 0, "uci": "a1a8" if n % 4 else "a1a2"})
            t.clock.advance(seconds=5)
            teacher.send({"t": "class.reveal"})
        teacher.send({"t": "class.close"})
        for client in (teacher, *clients):
            client.close()
    return unit


# ---------------------------------------------------------------- at scale


@dataclass
class LiveFigures:
    """The live traffic at one scale: a day's and a month's."""

    players: int
    races: float  # a day
    sessions: float  # a day
    messages: float  # a day, both ways
    messages_in: float
    connection_minutes: float
    invocations: float
    lambda_ms: float  # a day, billed
    wcu: float  # a day
    rcu: float
    log_bytes: float


def at_scale(players: int, race: Unit, session: Unit, a: LiveAssumptions) -> LiveFigures:
    races = a.racer_races(players) / a.racers
    sessions = a.sessions(players)

    def both(f: str) -> float:
        return races * getattr(race, f) + sessions * getattr(session, f)

    return LiveFigures(
        players, races, sessions, both("messages_in") + both("messages_out"), both("messages_in"),
        a.racer_races(players) * a.race_minutes + sessions * (a.class_size + 1) * a.session_minutes,
        both("invocations"), both("lambda_ms"), both("wcu"), both("rcu"), both("log_bytes"))


def hottest(race: Unit, session: Unit, players: int,
            a: LiveAssumptions) -> list[tuple[str, float, float, float]]:
    """Each key class's load on one key value at the peak (WCU/s, RCU/s) and its share of a partition's
    limit, hottest first. A race's and a session's own keys carry their own room's load while it runs
    (a race's 90 s, a session's puzzles); a connection's or a player's, one's; the lobby, every quick
    pairing at the peak (half the racers come by a quick race)."""
    out = []
    peak_racers = a.racer_races(players) * a.peak_share / HOUR  # racer-races begun a second at the peak
    for klass, (w, r) in race.keys.items():
        if klass == "LOBBY#racer":
            per = peak_racers / 2 / a.racers  # the script's racers all came by the lobby
            load = (w * per, r * per)
        elif klass in ("RACE#<id>", "RACEP#<id>"):
            load = (w / 90, r / 90)
        else:
            load = (w / a.racers / 90, r / a.racers / 90)
        out.append((f"race: {klass}", *load, max(load[0] / a.wcu_limit, load[1] / a.rcu_limit)))
    for klass, (w, r) in session.keys.items():
        seconds = a.session_puzzles * 20  # answers come in the 20 s after each puzzle goes up
        load = (w / seconds, r / seconds)
        out.append((f"live class: {klass}", *load, max(load[0] / a.wcu_limit, load[1] / a.rcu_limit)))
    return sorted(out, key=lambda row: -row[3])


# The smoke test's live play: a race of two and a session of three students and two puzzles (the
# machinery, not the figures: tests/test_bench.py).
QUICK = {"racers": 2, "class_size": 3, "session_puzzles": 2}


def report(a: LiveAssumptions | None = None, *, quick: bool = False) -> tuple[list[str], dict[str, Any]]:
    """The live section of the report, and the per-scale figures costs.py reads. `quick`: QUICK's sizes,
    and no second race at another pace."""
    from bench.scale.report import costs_module

    a = a or LiveAssumptions()
    if quick:
        a = replace(a, **QUICK)  # type: ignore[arg-type]
    race, session = scripted_race(a), scripted_session(a)
    costs = costs_module()
    lines = ["", "Live play (issue 43): a scripted race and live session through the WebSocket API's Lambda "
                 "over moto, multiplied out:"]
    lines += [f"  {k}. {line}" for k, line in enumerate(a.lines(), start=1)]
    for name, u, each in (("a race", race, a.racers), ("a live session", session, a.class_size + 1)):
        lines.append(f"  {name} ({each} connected): {u.messages_in} messages in, {u.messages_out} out, "
                     f"{u.invocations} Lambda invocations, {u.lambda_ms:,.0f} ms billed, {u.wcu:,.1f} WCU, "
                     f"{u.rcu:,.1f} RCU, {u.log_bytes:,.0f} B of log")
    figures = [at_scale(n, race, session, a) for n in SCALES]
    lines.append("  a month (30 days):")
    for f in figures:
        bill = sum(x.dollars for x in costs.month(f.players)) if f.players in (1_000, 100_000, 10_000_000) \
            else None
        live = costs.live_month(costs.LiveTraced(**_traced(f)))
        total = sum(x.dollars for x in live)
        share = f" ({total / (total + bill):.0%} of the whole bill, ${total + bill:,.0f})" if bill else ""
        lines.append(f"    {f.players:>11,} players: {f.messages * 30 / 1e6:,.1f} M messages, "
                     f"{f.connection_minutes * 30 / 1e6:,.1f} M connection minutes, "
                     f"{f.wcu * 30 / 1e6:,.1f} M WRU, {f.rcu * 30 / 1e6:,.1f} M RRU: ${total:,.0f}{share}")
    ten = next(f for f in figures if f.players == 10_000_000)
    rows = hottest(race, session, 10_000_000, a)
    lines.append("  the hottest keys at 10 M, the peak hour (one key value, WCU/s / RCU/s, × a partition's "
                 "limit):")
    for name, w, r, share in rows[:6]:
        lines.append(f"    {name:<32} {w:8.2f} / {r:8.2f}   ×{share:.3f}")
    live = sum(x.dollars for x in costs.live_month(costs.LiveTraced(**_traced(ten))))
    bill = sum(x.dollars for x in costs.month(10_000_000))
    share = live / (live + bill)

    if not quick:
        brisker = replace(a, seconds_a_move=2.0)
        brisk = at_scale(10_000_000, scripted_race(brisker), session, brisker)
        brisk_live = sum(x.dollars for x in costs.live_month(costs.LiveTraced(**_traced(brisk))))
        lines.append(f"  with a move every 2 s instead: ${brisk_live:,.0f} a month at 10 M "
                     f"({brisk_live / (brisk_live + bill):.0%} of the whole bill)")
    lines.append(f"  goal: no partition over 50% at 10 M (hottest ×{rows[0][3]:.3f}): "
                 f"{verdict(rows[0][3] <= 0.5)}")
    lines.append(f"  goal: live play at most a fifth of the month's bill at 10 M ({share:.0%}: ${live:,.0f} "
                 f"of ${live + bill:,.0f}): {verdict(share <= 0.2)}")
    data = {"assumptions": asdict(a), "per_race": _unit(race), "per_session": _unit(session),
            "per_day": [_traced(f) for f in figures if f.players in (1_000, 100_000, 10_000_000)]}
    return lines, data


def _unit(u: Unit) -> dict[str, Any]:
    fields = ("invocations", "messages_in", "messages_out", "lambda_ms", "wcu", "rcu", "log_bytes")
    return {k: round(getattr(u, k), 3) for k in fields}


def _traced(f: LiveFigures) -> dict[str, float]:
    """A day's live traffic at f.players, as costs.py's LiveTraced reads it."""
    return {"players": f.players, "messages": round(f.messages, 1),
            "connection_minutes": round(f.connection_minutes, 1), "invocations": round(f.invocations, 1),
            "lambda_ms": round(f.lambda_ms, 1), "wru": round(f.wcu, 1), "rru": round(f.rcu, 1),
            "log_bytes": round(f.log_bytes, 1)}
