"""Races in the store (puzzlebook/racer/ decides; this reads, calls it and writes). docs/live.md.

Every message a racer's browser sends arrives here through `Live` (service.py): make a race, join
one by its link, a quick race, start, each move, the end's table, leave, race again. Each reads the
race's items it needs, lets the rules decide, writes in one conditional write (a lost race between
two writers reads again: Store.settle), then tells the room under the fan-out rule (hub.py).
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import chess

from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.chess.runs import starting_positions
from puzzlebook.messages import msg
from puzzlebook.racer.progress import MoveRefused, Played, Racer, play, progress
from puzzlebook.racer.puzzles import as_rows, pick_race, puzzles_of
from puzzlebook.racer.race import (
    KEPT_DAYS,
    MADE_PER_HOUR,
    MAX_RACERS,
    Kind,
    Race,
    RaceRefused,
    joined,
    made,
    quick_open,
    started,
)
from puzzlebook.racer.table import table
from puzzlebook.rolling import Rolling
from service.games.chess.puzzles import puzzles_of as chess_of
from service.live import keys as K
from service.live.connections import Connection, Member
from service.live.hub import Hub, Later, Refused, need_room, rewrite
from service.store.base import Put
from service.store.items import Conflict, Item, Key, Op, doc_of, make_item, version_of
from service.store.site import RollingCap

NO_RACE = msg("race_none", "There is no race at that link: it may have ended more than a week ago.")
NOT_IN_RACE = msg("race_join_first",
                  "Join a race first (make one, open a race's link, or ask for a quick race).")
TOO_MANY = msg("race_too_many", "You have made {most} races in the last hour: join one, or a quick race.")
BUSY = msg("race_busy", "Too many racers are being paired at once: ask again.")
NOT_RACER = msg("race_not_racer", "You aren't racing in this race.")
NOT_OVER = msg("race_not_over", "The race isn't over yet.")
AGAIN_NOT_OVER = msg("race_again_not_over", "Race again once this race is over.")
ID_BYTES = 8  # a race's id: 64 random bits, 11 characters: a link no one guesses


@dataclass(frozen=True, slots=True)
class RacePuzzles:
    """A race's puzzles as kept ([id, fen, moves, rating] each), as the referee's puzzles, and each
    one's position at its first solver move, made the first time a racer reaches it (a copy is judged
    on: puzzlebook/racer/progress.py)."""

    rows: list[list[Any]]
    puzzles: list[Puzzle]
    boards: dict[int, chess.Board]

    def start(self, k: int) -> chess.Board | None:
        if k >= len(self.puzzles):
            return None
        if k not in self.boards:
            self.boards[k] = starting_positions(self.puzzles[k:k + 1])[0]
        return self.boards[k]


class RaceRooms:
    """The race side of the rooms."""

    CACHED = 64  # races whose puzzles a process keeps (a race's are read from the store once)

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._puzzles: OrderedDict[str, RacePuzzles] = OrderedDict()
        self._started: dict[str, Race] = {}

    # ---- reading ---------------------------------------------------------------------------------

    def race(self, race_id: str) -> Race | None:
        item = self.hub.store.get_item(K.race(race_id), K.HEAD)
        return Race.from_doc(race_id, doc_of(item)) if item is not None else None

    def puzzles(self, race_id: str) -> RacePuzzles:
        found = self._puzzles.get(race_id)
        if found is None:
            item = self.hub.store.get_item(K.race_puzzles(race_id), K.PUZZLES)
            rows = list(doc_of(item).get("rows") or [])
            puzzles = puzzles_of(rows)
            found = RacePuzzles(rows, puzzles, {})
            self._puzzles[race_id] = found
            while len(self._puzzles) > self.CACHED:
                self._puzzles.popitem(last=False)
        self._puzzles.move_to_end(race_id)
        return found

    def room(self, race_id: str) -> tuple[Race | None, list[Racer], list[Member]]:
        """The race, its racers (by join) and its connections: one read of its partition."""
        race, racers, members = None, [], []
        for it in self.hub.store.query_items(K.race(race_id)):
            sk, doc = it["SK"], doc_of(it)
            if sk == K.HEAD:
                race = Race.from_doc(race_id, doc)
            elif sk.startswith(K.RACERS):
                racers.append(Racer.from_doc(doc))
            elif sk.startswith(K.CONNS):
                members.append(Member(sk[len(K.CONNS):], str(doc["pid"]), str(doc.get("role", ""))))
        return race, sorted(racers, key=lambda r: (r.joined, r.pid)), members

    # ---- what the room is told ---------------------------------------------------------------------

    def state(self, race: Race, racers: list[Racer], now: int, *, puzzles: bool = False) -> dict[str, Any]:
        """The race as everyone in it sees it (docs/api.md, "Live")."""
        out: dict[str, Any] = {
            "t": "race.state", "race": race.id, "phase": race.phase(now), "kind": race.kind,
            "owner": race.owner, "racers": [progress(r, race, now) for r in racers], "most": MAX_RACERS,
            "starts_in": None if race.starts is None else race.starts - now,
            "ends_in": None if race.ends is None else race.ends - now, "race_ms": race.ms,
            "again": race.again,
        }
        if puzzles:
            out["puzzles"] = self.puzzles(race.id).rows
        return out

    def tell(self, race_id: str, *, puzzles: bool = False, skip: str = "") -> None:
        """Send the race's state to everyone in it (but connection `skip`: the mover of the one change
        it carries, whose browser has it already)."""
        race, racers, members = self.room(race_id)
        if race is None:
            return
        message = self.state(race, racers, self.hub.now(), puzzles=puzzles)
        self.hub.tell(K.race(race_id), [m for m in members if m.conn != skip], lambda _: message)

    def flush(self, later: Later) -> None:
        self.hub.flush(later, lambda: self.tell(later.room[len(K.RACE_ROOM):]))

    def hello(self, conn: Connection, race_id: str) -> None:
        """Everything a racer's browser needs to (re)draw the race, to `conn` alone: the state, their own
        progress, and the puzzles once the countdown has begun."""
        race, racers, _ = self.room(race_id)
        if race is None:
            raise Refused("no-race", NO_RACE)
        now = self.hub.now()
        message = self.state(race, racers, now, puzzles=race.starts is not None)
        mine = next((r for r in racers if r.pid == conn.pid), None)
        message["t"] = "race.hello"
        message["you"] = conn.pid
        message["me"] = None if mine is None else {
            "puzzle": mine.puzzle, "line": list(mine.line), "results": list(mine.results),
            "tally": mine.tally.to_doc(), "moves": mine.moves,
            "clock_ends_in": None if race.starts is None else mine.clock_ends(race.starts, race.ms) - now,
        }
        self.hub.send(conn.id, message, K.race(race_id))

    # ---- making and joining -----------------------------------------------------------------------

    def new_race(self, kind: Kind, owner: str) -> Race:
        """A new race of `kind`, its puzzles picked and kept (the maker joins it next). A player's own
        races count against MADE_PER_HOUR (Refused "too-many", with the ms to wait, past it)."""
        now = self.hub.now()
        ctx = self.hub.ctx
        if owner:
            cap = RollingCap("races-made", owner, Rolling(MADE_PER_HOUR, 3600), now // 1000)
            wait = self.hub.store.take_rolling(cap)
            if wait is not None:
                raise Refused("too-many", TOO_MANY(most=MADE_PER_HOUR), wait=wait * 1000)
        chess = chess_of(ctx)

        expires = now // 1000 + KEPT_DAYS * 86_400

        def draw() -> tuple[Race, Item]:
            race = made(secrets.token_urlsafe(ID_BYTES), kind, owner, now, ctx.settings.race_pace)
            picked = pick_race(race.id, key=ctx.settings.site_key, bundle=chess.bundle)
            rows = as_rows(picked, chess.bundle.row)
            return race, make_item(K.race_puzzles(race.id), K.PUZZLES, {"rows": rows}, expires_at=expires)

        # Two plain writes, the puzzles first, not a transaction (which bills each item twice: the
        # puzzles are 10 KB): a race is reached only through its head, so a head always has its
        # puzzles; puzzles whose head was never written (the process died between) go with their TTL.
        race: Race = self.hub.store.put_fresh(draw, "race id")
        head = make_item(K.race(race.id), K.HEAD, race.to_doc(), version=1, expires_at=expires)
        self.hub.store.transact([Put(head, expect=0)])
        return race

    def join(self, conn: Connection, race_id: str) -> Later | None:
        """`conn`'s player joins race `race_id` (or comes back to it), and is sent the race."""
        now = self.hub.now()
        pk = K.race(race_id)
        head_key, mine_key = (pk, K.HEAD), (pk, K.racer(conn.pid))

        def decide(got: dict[Key, Item]) -> tuple[tuple[Race, Race, bool], list[Op]]:
            head = got.get(head_key)
            if head is None:
                raise Refused("no-race", NO_RACE)
            race = Race.from_doc(race_id, doc_of(head))
            mine = got.get(mine_key)
            try:
                after = joined(race, now, already=mine is not None)
            except RaceRefused as refused:
                raise Refused(refused.code, refused.message) from None
            expires = race.made // 1000 + KEPT_DAYS * 86_400
            ops: list[Op] = []
            if after != race:
                ops.append(rewrite(head, after.to_doc()))
            if mine is None:
                racer = Racer(conn.pid, conn.name, now).to_doc()
                ops.append(Put(make_item(pk, mine_key[1], racer, version=1, expires_at=expires), expect=0))
            elif doc_of(mine).get("away") or doc_of(mine).get("left"):
                ops.append(rewrite(mine, {**doc_of(mine), "away": False, "left": False}))
            return (race, after, bool(ops)), ops

        race, after, changed = self.hub.store.settle([head_key, mine_key], decide)
        self.hub.conns.enter(conn, pk, "racer", now, after.made // 1000 + KEPT_DAYS * 86_400)
        self.hello(conn, race_id)
        if after.starts is not None and race.starts is None:  # the countdown began: everyone gets the puzzles
            self.hub.fan.sent(pk, now)
            self.tell(race_id, puzzles=True)
            return None
        return self.hub.changed(pk, now, lambda: self.tell(race_id)) if changed else None

    def make(self, conn: Connection) -> Later | None:
        race = self.new_race("link", conn.pid)
        return self.join(conn, race.id)

    def quick(self, conn: Connection) -> Later | None:
        """Pair `conn`'s player with whoever is waiting: the lobby's open quick race, or a new one."""
        store = self.hub.store
        for _ in range(store.retries):
            lobby = store.get_item(K.LOBBY, K.QUICK)
            race_id = str(doc_of(lobby).get("race", ""))
            race = self.race(race_id) if race_id else None
            if race is not None and quick_open(race, self.hub.now()):
                try:
                    return self.join(conn, race_id)
                except Refused as refused:
                    if refused.code not in ("started", "full"):
                        raise
            fresh = self.new_race("quick", "")
            try:
                pointer = make_item(K.LOBBY, K.QUICK, {"race": fresh.id}, version=version_of(lobby) + 1)
                store.transact([Put(pointer, expect=version_of(lobby))])
            except Conflict:
                continue  # someone else opened one: join it
            return self.join(conn, fresh.id)
        raise Refused("busy", BUSY)

    # ---- racing ---------------------------------------------------------------------------------------

    def start(self, conn: Connection) -> Later | None:
        race_id = need_room(conn, K.RACE_ROOM, NOT_IN_RACE)[len(K.RACE_ROOM):]
        pk, now = K.race(race_id), self.hub.now()

        def decide(got: dict[Key, Item]) -> tuple[Race, list[Op]]:
            head = got.get((pk, K.HEAD))
            if head is None:
                raise Refused("no-race", NO_RACE)
            race = Race.from_doc(race_id, doc_of(head))
            try:
                after = started(race, conn.pid, now)
            except RaceRefused as refused:
                raise Refused(refused.code, refused.message) from None
            return after, [rewrite(head, after.to_doc())]

        self.hub.store.settle([(pk, K.HEAD)], decide)
        self.hub.fan.sent(pk, now)  # once a race: sent at once, the fan-out's clock set by it
        self.tell(race_id, puzzles=True)
        return None

    def move(self, conn: Connection, at: tuple[int, int], uci: str, patience_ms: int) -> Later | None:
        """Judge a racer's move as it arrives (puzzlebook/racer/progress.py's `play`); a move that ends a
        puzzle is a change the room is told of. A move ahead of the racer (the one before it not yet in:
        on AWS two messages of one connection may arrive in either order) is tried again for up to
        `patience_ms`."""
        race_id = need_room(conn, K.RACE_ROOM, NOT_IN_RACE)[len(K.RACE_ROOM):]
        pk = K.race(race_id)
        puzzles = self.puzzles(race_id)
        waited = 0
        while True:
            try:
                played = self._played(pk, race_id, conn.pid, puzzles, at, uci)
                break
            except MoveRefused as refused:
                if refused.code == "out-of-step" and waited < patience_ms:
                    self.hub.wait(0.05)
                    waited += 50
                    continue
                extra: dict[str, Any] = {"wait": refused.wait} if refused.wait else {}
                if refused.at is not None:
                    extra["at"] = list(refused.at)
                raise Refused(refused.code, refused.message, **extra) from None
        if not played.ended:
            return None
        return self.hub.changed(pk, self.hub.now(), lambda: self.tell(race_id, skip=conn.id))

    def _played(self, pk: str, race_id: str, pid: str, puzzles: RacePuzzles, at: tuple[int, int],
                uci: str) -> Played:
        now = self.hub.now()
        head_key, mine_key = (pk, K.HEAD), (pk, K.racer(pid))
        known = self._started.get(race_id)  # a started race's start never changes: its head isn't read again

        def decide(got: dict[Key, Item]) -> tuple[Played, list[Op]]:
            head, mine = got.get(head_key), got.get(mine_key)
            if known is None and head is None:
                raise Refused("no-race", NO_RACE)
            if mine is None:
                raise Refused("not-racer", NOT_RACER)
            race = known or Race.from_doc(race_id, doc_of(head))
            if known is None and race.starts is not None:
                self._started[race_id] = race
                while len(self._started) > self.CACHED:
                    self._started.pop(next(iter(self._started)))
            racer = Racer.from_doc(doc_of(mine))
            played = play(racer, race, puzzles.puzzles, at, uci, now, puzzles.start(racer.puzzle))
            return played, [rewrite(mine, played.racer.to_doc())]

        # Read eventually (half the units): the racer's item is written on its version, so a read a moment
        # behind loses its condition and is read again; a refusal is given from a consistent read only.
        answer: Played = self.hub.store.settle([mine_key] if known else [head_key, mine_key], decide,
                                               eventually=True)
        return answer

    def over(self, conn: Connection) -> None:
        """The race's table, once it is over: to the whole room the first time anyone asks, after that
        to whoever asks."""
        race_id = need_room(conn, K.RACE_ROOM, NOT_IN_RACE)[len(K.RACE_ROOM):]
        pk, now = K.race(race_id), self.hub.now()
        race, racers, members = self.room(race_id)
        if race is None:
            raise Refused("no-race", NO_RACE)
        if race.phase(now) != "over":
            wait = None if race.ends is None else race.ends - now
            raise Refused("not-over", NOT_OVER, **({} if wait is None else {"wait": wait}))
        message = {"t": "race.table", "race": race_id, "rows": table(racers, self.puzzles(race_id).rows),
                   "again": race.again}
        if not race.told:
            try:
                head = self.hub.store.get_item(pk, K.HEAD)
                if head is None:
                    raise Refused("no-race", NO_RACE)
                self.hub.store.transact([rewrite(head, {**doc_of(head), "told": True})])
            except Conflict:
                pass
            else:
                self.hub.tell(pk, members, lambda _: message)
                return
        self.hub.send(conn.id, message, pk)

    def leave(self, conn: Connection) -> Later | None:
        """The racer leaves: marked so (their progress stays in the table), the connection out of the room."""
        race_id = need_room(conn, K.RACE_ROOM, NOT_IN_RACE)[len(K.RACE_ROOM):]
        pk, now = K.race(race_id), self.hub.now()
        self._mark(pk, conn.pid, left=True)
        self.hub.conns.left(conn, now)
        self.hub.send(conn.id, {"t": "race.left", "race": race_id})
        return self.hub.changed(pk, now, lambda: self.tell(race_id))

    def away(self, conn: Connection, now: int) -> Later | None:
        """`conn` closed: its racer is marked away unless another connection of theirs is in the room."""
        pk = conn.room
        if any(m.pid == conn.pid for m in self.hub.conns.members(pk)):
            return None
        if not self._mark(pk, conn.pid, away=True):
            return None
        race_id = pk[len(K.RACE_ROOM):]
        return self.hub.changed(pk, now, lambda: self.tell(race_id))

    def _mark(self, pk: str, pid: str, **marks: bool) -> bool:
        key = (pk, K.racer(pid))

        def decide(got: dict[Key, Item]) -> tuple[bool, list[Op]]:
            item = got.get(key)
            if item is None or all(doc_of(item).get(k) == v for k, v in marks.items()):
                return False, []
            return True, [rewrite(item, {**doc_of(item), **marks})]

        return bool(self.hub.store.settle([key], decide))

    def again(self, conn: Connection) -> Later | None:
        """Race again with the same people: the first to ask makes the next race (they are its maker) and
        the room is told where it is; the others who ask join it."""
        race_id = need_room(conn, K.RACE_ROOM, NOT_IN_RACE)[len(K.RACE_ROOM):]
        pk = K.race(race_id)
        race = self.race(race_id)
        if race is None:
            raise Refused("no-race", NO_RACE)
        if race.phase(self.hub.now()) != "over":
            raise Refused("not-over", AGAIN_NOT_OVER)
        if race.again is None:
            fresh = self.new_race("link", conn.pid)
            head = self.hub.store.get_item(pk, K.HEAD)
            if head is None:
                raise Refused("no-race", NO_RACE)
            current = Race.from_doc(race_id, doc_of(head))
            if current.again is None:
                pointed = Race.from_doc(race_id, {**current.to_doc(), "again": fresh.id})
                try:
                    self.hub.store.transact([rewrite(head, pointed.to_doc())])
                except Conflict:
                    pointed = self.race(race_id) or pointed
                race = pointed
            else:
                race = current
            if race.again == fresh.id:
                _, _, members = self.room(race_id)
                note = {"t": "race.again", "race": race_id, "next": fresh.id, "by": conn.name}
                self.hub.tell(pk, [m for m in members if m.conn != conn.id], lambda _: note)
        assert race.again is not None
        return self.join(conn, race.again)
