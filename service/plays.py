"""Plays: issuing play tickets and keeping each player's current play of each game.

The ticket rules are puzzlebook.tickets' (signed with a key derived from the site key, read and
checked without the store). What this module adds is the one thing a signature can't say: which
ticket is the player's *current* one. Issuing a ticket writes the player's play item of that game
(`P#<pid>` / `PLAY#<game>`: the ticket's nonce, what it opened, when), replacing the one before, so
results come one puzzle at a time. A result carrying a ticket reads that item with its own keys
(`PlayCheck.key`), and its write ends the play and counts the result against the hourly cap
(`PlayCheck.recording`: the play item keeps the cap's count too, carried from play to play) on the
version read, in the same transaction as the result: of two results for one play, or a result and
a new ticket, one wins.

Every ticket is made by `mint`: `open_play` for a game with a current play (functions/plays.py wraps
it as an answer), Storm's start (its ranked run is the day's first), a lesson puzzle's (a student
may be a guest, with no play kept). Any game reuses it: its route issues with `open_play`,
its rules call `puzzlebook.tickets.admit` in their check step, and its records add `PlayCheck` to
their read and write. docs/api.md, "Play tickets".
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from puzzlebook.rolling import Full, Rolling
from puzzlebook.tickets import Ticket, check_open, new_ticket, opening, sign, ticket_key
from service.store import keys as K
from service.store.items import Item, Key, Op, Put, doc_of, make_item, version_of

# A play item outlives any believable puzzle, and a puzzle left part way a while: kept a week after the
# player's last opening of the game, then the TTL tidies it away (a ticket older than that still reads,
# but its play is gone: "closed", and it carries no time taken up again).
PLAY_TTL_SECONDS = 7 * 86_400


@dataclass(frozen=True, slots=True)
class Issued:
    """A ticket just issued: its text (what the browser carries back) and what it says."""

    text: str
    ticket: Ticket


def play_key(pid: str, game: str) -> Key:
    """The key of `pid`'s current play of `game`."""
    return K.player(pid), K.play(game)


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
    `offset`: the player's own date and zone as they open it (`mint`)."""
    key = play_key(pid, game)
    expires = int(now.timestamp()) + PLAY_TTL_SECONDS

    def decide(got: dict[Key, Item]) -> tuple[Issued, list[Op]]:
        item = got.get(key)
        opened = opening(doc_of(item) if item else None, now=ms(now), resume=resume)
        issued = mint(site_key, pid, game, target, opened.issued, day=day, offset=offset)
        ticket = issued.ticket
        doc = {"nonce": ticket.nonce, "target": target, "issued": ticket.issued, "closed": None,
               "held": opened.held}
        if (rated := doc_of(item).get("rated")) is not None:  # the hourly cap's count outlives the play
            doc["rated"] = rated
        version = version_of(item)
        return issued, [Put(make_item(*key, doc, version=version + 1, expires_at=expires), expect=version)]

    issued: Issued = store.settle([key], decide, eventually=True)
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
    there, in the play item's `rated` record, so a kept result and its count are one write, and a
    result refused or already posted counts nothing."""

    pid: str
    ticket: Ticket
    cap: Rolling | None = None
    now_ts: int = 0

    @property
    def key(self) -> Key:
        """The play item's key."""
        return play_key(self.pid, self.ticket.game)

    @property
    def keys(self) -> list[Key]:
        """What the result reads besides its own keys: the play item, which holds the cap's count too."""
        return [self.key]

    def is_tie(self, got: dict[Key, Item], *, ties_with: str | None = None) -> bool:
        """Whether the ticket is the current play (False), or a play a result of kind `ties_with`
        already ended (True, a tie); TicketRefused("closed") otherwise (puzzlebook.tickets.check_open)."""
        item = got.get(self.key)
        return check_open(self.ticket, doc_of(item) if item else None, ties_with=ties_with)

    def recording(self, got: dict[Key, Item], *, counted: bool, closed: str | None) -> list[Op]:
        """The play item's one write for a result, on the version read (a new ticket issued meanwhile
        makes the whole result's write lose, and it is decided again): the result `counted` against
        the cap (CapReached when the count read is at it already), and the play ended by a result of
        kind `closed`. Nothing when it does neither (a wrong move off the cap)."""
        cap = self.cap if counted else None
        if cap is None and closed is None:
            return []
        item = got[self.key]
        doc = dict(doc_of(item))
        if cap is not None:
            try:
                doc["rated"] = cap.take(doc.get("rated"), self.now_ts)
            except Full as full:
                raise CapReached(full.wait) from None
        if closed is not None:
            doc["closed"] = closed
        version = version_of(item)
        return [Put(make_item(*self.key, doc, version=version + 1, expires_at=item.get("expires_at")),
                    expect=version)]
