"""Plays: issuing play tickets and keeping each player's current play of each game.

The ticket rules are puzzlebook.tickets' (signed with a key derived from the site key, read and
checked without the store). What this module adds is the one thing a signature can't say: which
ticket is the player's *current* one. Issuing a ticket writes the player's play item of that game
(`P#<pid>` / `PLAY#<game>`: the ticket's nonce, what it opened, when), replacing the one before, so
results come one puzzle at a time. A result carrying a ticket reads that item with its own keys
(`PlayCheck.key`), and its write ends the play (`PlayCheck.closing`) on the version read, in the same
transaction as the result: of two results for one play, or a result and a new ticket, one wins.

Any game reuses it: its route issues with `open_play` (functions/plays.py wraps it as an answer),
its rules call `puzzlebook.tickets.admit` in their check step, and its records add `PlayCheck` to
their read and write. docs/api.md, "Play tickets".
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from puzzlebook.tickets import Ticket, check_open, new_ticket, sign, ticket_key
from service.store import keys as K
from service.store.items import Item, Key, Op, Put, doc_of, make_item, version_of
from service.store.site import rate_count, rate_key, rate_wait

# A play item outlives any believable puzzle: kept a day, then the TTL tidies it away (a ticket
# older than that still reads, but its play is gone: "closed").
PLAY_TTL_SECONDS = 86_400


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


def open_play(
    store: Any,
    site_key: bytes,
    pid: str,
    game: str,
    target: str,
    now: dt.datetime,
    *,
    opened: int | None = None,
) -> Issued:
    """Issue `pid` a ticket for `target` in `game`, and make it their current play of the game (the
    previous one, posted or not, is closed by this). `opened`: when the puzzle was first opened
    (ms), for a puzzle taken up again; it can only be earlier than now."""
    issued = min(opened, ms(now)) if opened is not None else ms(now)
    ticket = new_ticket(pid, game, target, issued)
    key = play_key(pid, game)
    doc = {"nonce": ticket.nonce, "target": target, "issued": ticket.issued, "closed": None}
    expires = int(now.timestamp()) + PLAY_TTL_SECONDS

    def decide(got: dict[Key, Item]) -> tuple[None, list[Op]]:
        version = version_of(got.get(key))
        return None, [Put(make_item(*key, doc, version=version + 1, expires_at=expires), expect=version)]

    store.settle([key], decide)
    return Issued(sign(ticket, ticket_key(site_key)), ticket)


@dataclass(frozen=True, slots=True)
class Cap:
    """At most `most` results with a ticket of one game by one player in each window of `window`
    seconds (the store's rate-window item, named `name`), `now_ts` being now in seconds."""

    name: str
    most: int
    window: int
    now_ts: int


class CapReached(Exception):
    """The player's results of the game this window are at the cap: wait `wait` seconds."""

    def __init__(self, wait: int) -> None:
        super().__init__(wait)
        self.wait = wait


@dataclass(frozen=True, slots=True)
class PlayCheck:
    """A result's ticket against the player's current play, inside the result's own read-decide-write;
    with `cap`, the result is also counted there (`counting`), so a kept result and its count are one
    write, and a result refused or already posted counts nothing."""

    pid: str
    ticket: Ticket
    cap: Cap | None = None

    @property
    def key(self) -> Key:
        """The play item's key."""
        return play_key(self.pid, self.ticket.game)

    @property
    def keys(self) -> list[Key]:
        """What the result reads besides its own keys: the play item, and the cap's count."""
        return [self.key] + ([self._cap_key] if self.cap else [])

    @property
    def _cap_key(self) -> Key:
        assert self.cap is not None
        return rate_key(self.cap.name, self.pid, window=self.cap.window, now_ts=self.cap.now_ts)

    def counting(self, got: dict[Key, Item]) -> list[Op]:
        """The write counting a kept result against the cap: CapReached when the count read is at
        it already. The result's other writes are versioned on the player's tallies, so two results
        of one player can't both be decided on the same count."""
        if self.cap is None:
            return []
        counted = int((got.get(self._cap_key) or {}).get("n", 0))
        if counted >= self.cap.most:
            raise CapReached(rate_wait(self.cap.window, self.cap.now_ts))
        return [rate_count(self.cap.name, self.pid, window=self.cap.window, now_ts=self.cap.now_ts)]

    def is_tie(self, got: dict[Key, Item], *, ties_with: str | None = None) -> bool:
        """Whether the ticket is the current play (False), or a play a result of kind `ties_with`
        already ended (True, a tie); TicketRefused("closed") otherwise (puzzlebook.tickets.check_open)."""
        item = got.get(self.key)
        return check_open(self.ticket, doc_of(item) if item else None, ties_with=ties_with)

    def closing(self, got: dict[Key, Item], kind: str) -> Op:
        """The write that ends the play with a result of `kind`, on the version read (a new ticket
        issued meanwhile makes the whole result's write lose, and it is decided again)."""
        item = got[self.key]
        doc = {**doc_of(item), "closed": kind}
        version = version_of(item)
        closed = make_item(*self.key, doc, version=version + 1, expires_at=item.get("expires_at"))
        return Put(closed, expect=version)
