"""Plays: issuing play tickets and keeping each player's current play of each game.

The ticket rules are puzzlebook.tickets' (signed with a key derived from the site key, read and
checked without the store). What this module adds is the one thing a signature can't say: which
ticket is the player's *current* one. Issuing a ticket writes the player's play of that game into
the game's state item (`P#<pid>` / `STATS#<game>`, beside its tallies: the attribute `play`, the
ticket's nonce, what it opened, when), replacing the one before, so results come one puzzle at a
time. A result carrying a ticket reads that item, which it reads for its tallies anyway
(`PlayCheck.key`), and its write ends the play and counts the result against the hourly cap
(`PlayCheck.recording`: the play keeps the cap's count too, carried from play to play) in the same
write of the same item, on the version read: of two results for one play, or a result and a new
ticket, one wins. One item, not two: a result writes it once and reads it once, and a ticket is
one write of it. A play kept before plays moved there (its own item, `PLAY#<game>`, which its TTL
removes within a week) is read once, when the state item has no play yet (`OldPlay`).

Every ticket is made by `mint`: `open_play` for a game with a current play (functions/plays.py wraps
it as an answer), Storm's start (its ranked run is the day's first), a lesson puzzle's (a student
may be a guest, with no play kept). Any game reuses it: its route issues with `open_play`,
its rules call `puzzlebook.tickets.admit` in their check step, and its records add `PlayCheck` to
their read and write (`PlayCheck.onto`). docs/api.md, "Play tickets".
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import Any

from puzzlebook.rolling import Full, Rolling
from puzzlebook.tickets import Ticket, check_open, new_ticket, opening, sign, ticket_key
from service.store import keys as K
from service.store.items import Item, Key, Op, Put, doc_of, version_of

# A play outlives any believable puzzle, and a puzzle left part way a while: kept a week after the
# player's last opening of the game (its `expires`), then read as none (a ticket older than that still
# reads, but its play is gone: "closed", and it carries no time taken up again).
PLAY_TTL_SECONDS = 7 * 86_400
PLAY = "play"  # the state item's attribute that holds the game's current play


@dataclass(frozen=True, slots=True)
class Issued:
    """A ticket just issued: its text (what the browser carries back) and what it says."""

    text: str
    ticket: Ticket


def play_key(pid: str, game: str) -> Key:
    """The key of the item that holds `pid`'s current play of `game`: the game's state item."""
    return K.player(pid), K.game_state(game)


def old_play_key(pid: str, game: str) -> Key:
    """The key of a play kept before plays moved into the game's state item (its own item)."""
    return K.player(pid), K.play(game)


class OldPlay(Exception):
    """The game's state item holds no play yet: a play kept the old way, its own item, may be there
    (until its TTL removes it). Read it too, and decide again."""


def play_of(got: dict[Key, Item], pid: str, game: str, now_ts: int, *, old: bool) -> dict[str, Any] | None:
    """The player's current play of `game` among the items read (None: none, or one over its week at
    `now_ts`, when given); OldPlay when the state item holds none and a play kept the old way wasn't
    read (`old`)."""
    state = got.get(play_key(pid, game))
    if state is not None and PLAY in state:
        doc: dict[str, Any] = state[PLAY]
        expires = doc.get("expires")
    elif old:
        item = got.get(old_play_key(pid, game))
        if item is None:
            return None
        doc, expires = doc_of(item), item.get("expires_at")
    else:
        raise OldPlay
    if expires is not None and now_ts and now_ts >= int(expires):
        return None
    return doc


def with_play(item: Item | None, key: Key, play: dict[str, Any] | None, *, version: int) -> Item:
    """`item` (the state item as read or as a write makes it; None: a new one at `key`) at `version`,
    holding `play` (None: the play it has)."""
    out: Item = dict(item) if item is not None else {"PK": key[0], "SK": key[1]}
    if play is not None:
        out[PLAY] = play
    out["v"] = version
    return out


def carrying_play(item: Item, read: Item | None) -> Item:
    """A new write of a game's state item (`item`: its tallies, made from `read`) with the play `read`
    held: every write of the state item keeps the play, whatever else it changes."""
    if read is not None and PLAY in read and PLAY not in item:
        return {**item, PLAY: read[PLAY]}
    return item


def ms(now: dt.datetime) -> int:
    """`now` in whole milliseconds since the epoch: a ticket's clock."""
    return int(now.timestamp() * 1000)


def mint(site_key: bytes, player: str, game: str, target: str, issued: int, *, day: str = "",
         offset: int = 0) -> Issued:
    """A new ticket for `player`'s opening of `target` in `game` at `issued` (ms), on their own date
    `day` at `offset` (minutes east of UTC; no day: the site day counts), signed: the one place a
    ticket is made."""
    ticket = new_ticket(player, game, target, issued, day, offset)
    return Issued(sign(ticket, ticket_key(site_key)), ticket)


def open_play(
    store: Any,
    site_key: bytes,
    pid: str,
    game: str,
    target: str,
    now: dt.datetime,
    *,
    resume: Ticket | None = None,
    day: str = "",
    offset: int = 0,
) -> Issued:
    """Issue `pid` a ticket for `target` in `game`, and make it their current play of the game (the
    previous one, posted or not, is closed by this; left part way, it is held with its time).
    `resume`: the ticket this puzzle had (checked by the caller: the player's, of this game and
    puzzle), when it is taken up again: the new ticket carries over the time that play was the
    player's current one (puzzlebook.tickets.opening), decided on the play record as read. `day` and
    `offset`: the player's own date and zone as they open it (`mint`). One write of the game's state
    item, on the version read (its tallies as they are)."""
    key, old_key = play_key(pid, game), old_play_key(pid, game)
    now_ts = int(now.timestamp())

    def decide(got: dict[Key, Item], old: bool) -> tuple[Issued, list[Op]]:
        current = play_of(got, pid, game, now_ts, old=old)
        opened = opening(current, now=ms(now), resume=resume)
        issued = mint(site_key, pid, game, target, opened.issued, day=day, offset=offset)
        ticket = issued.ticket
        doc = {"nonce": ticket.nonce, "target": target, "issued": ticket.issued, "closed": None,
               "held": opened.held, "expires": now_ts + PLAY_TTL_SECONDS}
        if current is not None and (rated := current.get("rated")) is not None:
            doc["rated"] = rated  # the hourly cap's count outlives the play
        state = got.get(key)
        version = version_of(state)
        return issued, [Put(with_play(state, key, doc, version=version + 1), expect=version)]

    try:
        issued: Issued = store.settle([key], lambda got: decide(got, False), eventually=True)
    except OldPlay:
        issued = store.settle([key, old_key], lambda got: decide(got, True), eventually=True)
    return issued


class CapReached(Exception):
    """The player's results of the game this window are at the cap: wait `wait` seconds."""

    def __init__(self, wait: int) -> None:
        super().__init__(wait)
        self.wait = wait


@dataclass(frozen=True, slots=True)
class PlayCheck:
    """A result's ticket against the player's current play, inside the result's own read-decide-write;
    with `cap` (the hourly cap on the game's rated results, at `now_ts`), the result is also counted
    there, in the play's `rated` record, so a kept result and its count are one write, and a result
    refused or already posted counts nothing. `old`: a play kept the old way is read too (OldPlay)."""

    pid: str
    ticket: Ticket
    cap: Rolling | None = None
    now_ts: int = 0
    old: bool = False

    @property
    def key(self) -> Key:
        """The key of the item holding the play: the game's state item."""
        return play_key(self.pid, self.ticket.game)

    @property
    def keys(self) -> list[Key]:
        """What the result reads besides its own keys: the game's state item, which holds the play
        and the cap's count (the result reads it for its tallies anyway); and a play kept the old way,
        when asked."""
        return [self.key, old_play_key(self.pid, self.ticket.game)] if self.old else [self.key]

    def reading_old(self) -> PlayCheck:
        """The same check, reading a play kept the old way too (after OldPlay)."""
        return replace(self, old=True)

    def _play(self, got: dict[Key, Item]) -> dict[str, Any] | None:
        return play_of(got, self.pid, self.ticket.game, self.now_ts, old=self.old)

    def is_tie(self, got: dict[Key, Item], *, ties_with: str | None = None) -> bool:
        """Whether the ticket is the current play (False), or a play a result of kind `ties_with`
        already ended (True, a tie); TicketRefused("closed") otherwise (puzzlebook.tickets.check_open)."""
        return check_open(self.ticket, self._play(got), ties_with=ties_with)

    def recording(self, got: dict[Key, Item], *, counted: bool, closed: str | None) -> dict[str, Any] | None:
        """The play as a result leaves it: the result `counted` against the cap (CapReached when the
        count read is at it already), and the play ended by a result of kind `closed`. None when it
        does neither (a wrong move off the cap): the play stays as read. Written with the result by
        `onto`."""
        cap = self.cap if counted else None
        if cap is None and closed is None:
            return None
        doc = dict(self._play(got) or {})
        if cap is not None:
            try:
                doc["rated"] = cap.take(doc.get("rated"), self.now_ts)
            except Full as full:
                raise CapReached(full.wait) from None
        if closed is not None:
            doc["closed"] = closed
        return doc

    def onto(self, ops: list[Op], got: dict[Key, Item], play: dict[str, Any] | None) -> list[Op]:
        """`ops` (a result's writes) with the play as the result leaves it (`recording`; None: as read):
        in the write of the game's state item when they make one (on the version read, as that write
        is), else in a write of its own of that item, on the version read."""
        if play is None:
            return ops
        for n, op in enumerate(ops):
            if isinstance(op, Put) and (op.item["PK"], op.item["SK"]) == self.key:
                item = {**op.item, PLAY: play}
                return [*ops[:n], Put(item, expect=op.expect, same=op.same), *ops[n + 1:]]
        state = got.get(self.key)
        version = version_of(state)
        return [*ops, Put(with_play(state, self.key, play, version=version + 1), expect=version)]
