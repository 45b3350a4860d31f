"""Play tickets: the server's signed word that a player opened a puzzle, and when.

A ticket is issued as a signed-in player opens a rated puzzle and carried by the result that
follows. The server checks it with the key alone (no read of the store), so a result can be
refused for a missing, forged, someone else's or another puzzle's ticket, or for claiming more
seconds than have passed since the ticket was issued. What a ticket names:

- `player`: the player it was issued to;
- `game`: the registry's key of the game ("chess", "chain", "lessons", ...);
- `target`: what was opened, in the game's own words (a puzzle id, a date, "<lesson>/<n>");
- `issued`: when, in whole milliseconds since the epoch (the server's clock);
- `nonce`: random, so two tickets for the same opening differ and one can be closed by name;
- `day`: the player's own date as it was opened (YYYY-MM-DD): the date its result counts for;
- `offset`: the player's zone then, in minutes east of UTC (a streak reads a move east from it).

The text form is `<payload>.<mac>`, both unpadded base64url: the payload is the JSON array
`[2, player, game, target, issued, nonce, day, offset]`, the mac HMAC-SHA256 over the payload's text with a
key derived from the site key (`ticket_key`), so a ticket can't be turned into anything else
the site key signs (the daily picks).
"""

from __future__ import annotations

import base64
import binascii
import functools
import hmac
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from puzzlebook.messages import Message, Refusal, msg, msg_plural

VERSION = 2
# How far the client's clock may run ahead of the time between a ticket and its result: a solve
# claiming up to this many seconds more than have passed is still believed.
CLOCK_ALLOWANCE_MS = 5_000
# How much sooner than a second a move after its ticket a result may come (`check`'s `floor`): the
# browser's first beat and the ticket's own trip more than cover an honest player's rounding.
FLOOR_ALLOWANCE_MS = 1_000
# The longest a ticket's text may be: anything longer is refused unread.
MAX_TEXT = 512


@dataclass(frozen=True)
class Ticket:
    """What a ticket says (module docstring)."""

    player: str
    game: str
    target: str
    issued: int
    nonce: str
    day: str = ""
    offset: int = 0


class TicketRefused(Refusal):
    """A ticket that doesn't let this result count. `reason` is one word for the API
    ("missing", "malformed", "forged", "not-yours", "other-game", "other-puzzle", "too-fast",
    "closed", "overlaps"); its message says it in plain words."""

    def __init__(self, reason: str, words: Message) -> None:
        super().__init__(words)
        self.reason = reason


MISSING = msg("ticket_missing", "This result has no play ticket: open the puzzle again while online.")
MALFORMED = msg("ticket_malformed", "The play ticket isn't one this site issues.")
FORGED = msg("ticket_forged", "The play ticket's signature doesn't match: it wasn't issued here.")
NOT_YOURS = msg("ticket_not_yours", "The play ticket was issued to another player.")
OTHER_GAME = msg("ticket_other_game", "The play ticket is for {ticket_game}, not {game}.")
OTHER_PUZZLE = msg("ticket_other_puzzle", "The play ticket is for another puzzle.")
CLAIMS_TOO_LONG = msg_plural(
    "ticket_claims_too_long",
    "This result claims {seconds} seconds, but the puzzle was opened {elapsed} second ago.",
    "This result claims {seconds} seconds, but the puzzle was opened {elapsed} seconds ago.",
    "elapsed",
)
SOONER_THAN_FLOOR = msg(
    "ticket_too_soon",
    "This came {after} seconds after the puzzle opened: a real solve takes at least a second a move "
    "({floor} here).",
)
ALREADY_IN = msg("result_already_in", "This puzzle's result is in already: open it again to play it again.")


# Random bytes of a new ticket's nonce: 96 bits, so no two tickets are ever the same by chance.
NONCE_BYTES = 12


def new_ticket(player: str, game: str, target: str, issued: int, day: str, offset: int) -> Ticket:
    """A new ticket for `player`'s opening of `target` in `game` at `issued` (ms) on their own date
    `day` at `offset` (minutes east of UTC), with a fresh random nonce: what every game's ticket
    route signs (`sign`)."""
    return Ticket(player, game, target, issued, secrets.token_urlsafe(NONCE_BYTES), day, offset)


@functools.lru_cache(maxsize=8)
def ticket_key(site_key: bytes) -> bytes:
    """The key tickets are signed with, derived from the site key for this use alone (once a site
    key: every result with a ticket asks for it)."""
    return hmac.digest(site_key, b"puzzlebook/play-ticket/v1", "sha256")


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@functools.lru_cache(maxsize=8)
def _keyed(key: bytes) -> hmac.HMAC:
    """HMAC-SHA256 with `key` taken in, made once a key: each MAC starts from a copy of it, where
    `hmac.digest` took the key in again and looked SHA-256 up by name in OpenSSL every time (half
    again as long)."""
    return hmac.new(key, digestmod="sha256")


def _mac(key: bytes, payload: str) -> str:
    mac = _keyed(key).copy()
    mac.update(payload.encode("ascii"))
    return _b64(mac.digest())


def sign(ticket: Ticket, key: bytes) -> str:
    """The ticket as text, signed with `key` (from `ticket_key`).

    >>> key = ticket_key(b"k")
    >>> text = sign(Ticket("p1", "chess", "00sHx", 1_700_000_000_000, "n0", "2023-11-14", 60), key)
    >>> read(text, key).target, read(text, key).day
    ('00sHx', '2023-11-14')
    """
    fields = [VERSION, ticket.player, ticket.game, ticket.target, ticket.issued, ticket.nonce, ticket.day,
              ticket.offset]
    payload = _b64(json.dumps(fields, separators=(",", ":"), ensure_ascii=True).encode("ascii"))
    return f"{payload}.{_mac(key, payload)}"


# The types of a ticket's fields, in order (the payload's array: the module's docstring).
_SHAPE = (int, str, str, str, int, str, str, int)


def read(text: object, key: bytes) -> Ticket:
    """The ticket `text` holds, or TicketRefused: "missing" (no ticket), "malformed" (not a
    ticket's shape) or "forged" (its signature isn't this site's)."""
    if text is None or text == "":
        raise TicketRefused("missing", MISSING)
    # Only ASCII can be a ticket (and compare_digest refuses to compare any other str: a 500).
    if not isinstance(text, str) or len(text) > MAX_TEXT or text.count(".") != 1 or not text.isascii():
        raise TicketRefused("malformed", MALFORMED)
    payload, mac = text.split(".")
    if not hmac.compare_digest(_mac(key, payload), mac):
        raise TicketRefused("forged", FORGED)
    try:
        # Text, not bytes: json.loads would find the encoding of bytes first (`sign` writes ASCII).
        fields = json.loads(_unb64(payload).decode("utf-8", "surrogatepass"))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        raise TicketRefused("malformed", MALFORMED) from None
    if not isinstance(fields, list) or tuple(map(type, fields)) != _SHAPE or fields[0] != VERSION:
        raise TicketRefused("malformed", MALFORMED)
    return Ticket(*fields[1:])


def check(ticket: Ticket, *, player: str, game: str, target: str, seconds: float | None,
          now: int, floor: int = 0) -> None:
    """Whether `ticket` lets `player`'s result for `target` in `game`, claiming `seconds` of play
    (None: the result claims no time, as a miss), count at `now` (ms since the epoch). `floor`:
    the fewest seconds such a result takes (a second a move), which must have passed since the
    ticket was issued too, give or take FLOOR_ALLOWANCE_MS: a script can't post faster than a
    person at the floor by claiming the floor's time at once.
    Raises TicketRefused ("not-yours", "other-game", "other-puzzle", "too-fast") otherwise.

    >>> t = Ticket("p1", "chess", "00sHx", 1_000_000, "n0")
    >>> check(t, player="p1", game="chess", target="00sHx", seconds=30, now=1_030_000)
    >>> check(t, player="p1", game="chess", target="00sHx", seconds=60, now=1_030_000)
    Traceback (most recent call last):
    ...
    puzzlebook.tickets.TicketRefused: This result claims 60 seconds, but the puzzle was opened 30 seconds ago.
    """
    if ticket.player != player:
        raise TicketRefused("not-yours", NOT_YOURS)
    if ticket.game != game:
        raise TicketRefused("other-game", OTHER_GAME(ticket_game=ticket.game, game=game))
    if ticket.target != target:
        raise TicketRefused("other-puzzle", OTHER_PUZZLE)
    if seconds is not None and seconds * 1000 > now - ticket.issued + CLOCK_ALLOWANCE_MS:
        elapsed = max(0, (now - ticket.issued) // 1000)
        raise TicketRefused("too-fast", CLAIMS_TOO_LONG(seconds=f"{seconds:g}", elapsed=elapsed))
    if floor and floor_wait(ticket.issued, now, floor):
        after = f"{max(0, now - ticket.issued) / 1000:.1f}"
        raise TicketRefused("too-fast", SOONER_THAN_FLOOR(after=after, floor=floor))


def floor_wait(issued: int, now: int, floor: int) -> int:
    """The milliseconds still to wait at `now` before something `floor` moves long, begun at `issued`
    (ms), may count: every game's floor of a second a move, less FLOOR_ALLOWANCE_MS (0: it may count
    now). A result's ticket is held to it (`check`), and so is each move of a live race as it arrives
    (puzzlebook/racer/progress.py), so a script gains nothing by being quicker than a person at the floor.

    >>> floor_wait(0, 2_000, 3), floor_wait(0, 1_500, 3), floor_wait(0, 0, 1)
    (0, 500, 0)
    """
    return max(0, floor * 1000 - FLOOR_ALLOWANCE_MS - (now - issued))


def admit(text: object, *, offline: bool, key: bytes, player: str, game: str, target: str,
          seconds: float | None, now: int, floor: int = 0) -> Ticket | None:
    """The check step of a result, whatever the game: the ticket it carries, read and checked
    (`read`, then `check`), or None for an offline result: one that says `offline` and carries no
    ticket at all (it will count for the player alone: unrated, on no board). A result with a ticket
    is judged by its ticket, whatever it says of itself.

    >>> admit(None, offline=True, key=b"k", player="p1", game="chain", target="2026-11-02",
    ...       seconds=40, now=0) is None
    True
    """
    if offline and (text is None or text == ""):
        return None
    ticket = read(text, key)
    check(ticket, player=player, game=game, target=target, seconds=seconds, now=now, floor=floor)
    return ticket


CLOSED_WORDS = msg("ticket_closed",
                   "You opened another puzzle since this one: results count one puzzle at a time.")

# The tickets of one game a player may hold unused: their current play and the plays they left part
# way before it, newest first (docs/api.md, "Play tickets"). An older one can't be taken up again
# with its time: it opens anew.
HELD = 8


@dataclass(frozen=True, slots=True)
class Opening:
    """A new ticket's start (`issued`, ms: now less the time it carries over) and the plays left part
    way that the player's play record holds after it (`held`: [nonce, ms played], oldest first)."""

    issued: int
    held: list[list[Any]]


def opening(current: Mapping[str, Any] | None, *, now: int, resume: Ticket | None = None) -> Opening:
    """How a new ticket opens at `now` (ms), given the player's play record of the game (`current`:
    {nonce, issued, closed, held}, or None) and, for a puzzle taken up again, the ticket it had
    (`resume`, already checked as the player's, of this game and puzzle).

    A ticket carries over the time its play was the player's current one, and nothing else: the
    current play taken up again keeps all of its time (it never stopped); a play left part way keeps
    what it had when it was left; a closed play, or one dropped from the held list, carries nothing.
    The current play, if open and not the one taken up, joins the held list with its time, and the
    list keeps the newest HELD - 1. So a ticket opened long ago and left aside carries no more time
    than it was played, whatever the gap, and the time carried over in all never exceeds the time
    that passed (one play is current at a time).

    >>> t = Ticket("p1", "chess", "A", 1_000, "a")
    >>> left = {"nonce": "b", "issued": 41_000, "closed": None, "held": [["a", 40_000]]}
    >>> opening(left, now=50_000, resume=t)  # A played 40 s, then B 9 s: A takes up its 40 s
    Opening(issued=10000, held=[['b', 9000]])
    >>> opening(left, now=50_000)            # something new opens now
    Opening(issued=50000, held=[['a', 40000], ['b', 9000]])
    """
    doc = dict(current or {})
    held = [list(entry) for entry in doc.get("held") or [] if isinstance(entry, list) and len(entry) == 2]
    carried = 0
    open_now = bool(doc.get("nonce")) and not doc.get("closed")
    resumed_current = resume is not None and open_now and resume.nonce == doc.get("nonce")
    if resumed_current:
        carried = max(0, now - int(doc.get("issued", now)))
    elif resume is not None:
        for entry in held:
            if entry[0] == resume.nonce:
                carried = max(0, int(entry[1]))
        held = [entry for entry in held if entry[0] != resume.nonce]
    if open_now and not resumed_current:
        held.append([doc["nonce"], max(0, now - int(doc.get("issued", now)))])
    return Opening(now - carried, held[-(HELD - 1):])


def check_open(ticket: Ticket, current: dict[str, object] | None, *, ties_with: str | None = None) -> bool:
    """Whether `ticket` is the player's current play of its game. `current` is what the store keeps
    of the player's play ({nonce, closed}: `closed` is the kind of result that ended it, None while
    it is open), or None when there is none.

    Answers False while the play is open. A play already ended by a result of kind `ties_with` is a
    tie (a miss racing the solve that ended the same play): True. Otherwise TicketRefused("closed"):
    a later ticket replaced this one, or a result already ended its play.

    >>> t = Ticket("p1", "chess", "00sHx", 1_000_000, "n1")
    >>> check_open(t, {"nonce": "n1", "closed": None})
    False
    >>> check_open(t, {"nonce": "n1", "closed": "solve"}, ties_with="solve")
    True
    >>> check_open(t, {"nonce": "n2", "closed": None})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    puzzlebook.tickets.TicketRefused: You opened another puzzle since this one: ...
    """
    if current is None or current.get("nonce") != ticket.nonce:
        raise TicketRefused("closed", CLOSED_WORDS)
    closed = current.get("closed")
    if not closed:
        return False
    if ties_with is not None and closed == ties_with:
        return True
    raise TicketRefused("closed", ALREADY_IN)
