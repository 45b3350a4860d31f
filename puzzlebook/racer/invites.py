"""Sending a race to the people you follow: who may invite whom, how many, and which invites a player
still sees (docs/live.md, "Sending a race to the people you follow").

- Only a racer in the race invites, only while it waits for its maker's Start (a race by link: a quick
  race takes whoever is waiting), and only someone they follow who follows them back: a stranger can
  never be sent one, and a follow alone (which asks nothing of the followed) isn't enough.
- At most MAX_SENT invites a race from one racer (a race holds MAX_RACERS: the sender and nine more),
  and one invite a race for each player, whoever sent it: a second is "already", nothing written.
- A player sees an invite while its race still takes them: not past the race's life (its TTL), not
  started, not full, and not one they are racing in already; the newest SHOWN of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlebook.messages import Message, Refusal, msg
from puzzlebook.racer.race import MAX_RACERS, Race

MAX_SENT = MAX_RACERS - 1
SHOWN = 5  # invites listed at most (the newest): a notice, not an inbox
READ = 50  # a player's invites read at most to find them (each lives a week at most)

NO_RACE = msg("invite_no_race", "There is no race with that id: it may have ended more than a week ago.")
NOT_RACER = msg("invite_not_racer", "Join this race first: only its racers invite others to it.")
QUICK = msg("invite_quick_race", "A quick race pairs whoever is waiting: invite people to a race you make.")
STARTED = msg("invite_race_started", "This race has started: invite people to the next one.")
FULL = msg("invite_race_full", "This race is full ({most} racers).")
NOT_MUTUAL = msg("invite_not_mutual", "You can invite only players you follow who follow you back.")
RACING = msg("invite_racing_already", "That player is in this race already.")
TOO_MANY = msg("invite_too_many", "You have sent as many invites to this race as a racer may: share its "
               "link instead.")


class InviteRefused(Refusal):
    """An invite that can't be sent: its HTTP status and its words (the message's code is the API's)."""

    def __init__(self, status: int, words: Message) -> None:
        super().__init__(words)
        self.status = status


def may_invite(*, race: Race | None, now: int, sender_racing: bool, mutual: bool, their_racing: bool,
               invited: bool, sent: int) -> bool:
    """Whether an invite is sent now (True) or was already (False: one a race for each player, from
    anyone); InviteRefused otherwise. `now` in ms; `sent`: how many the sender sent to this race.

    >>> race = Race("r", "link", "p1", 0, racers=1)
    >>> rest = {"sender_racing": True, "their_racing": False, "invited": False, "sent": 0}
    >>> may_invite(race=race, now=5, mutual=True, **rest)
    True
    >>> may_invite(race=race, now=5, mutual=False, **rest)
    Traceback (most recent call last):
    ...
    puzzlebook.racer.invites.InviteRefused: You can invite only players you follow who follow you back.
    """
    if race is None:
        raise InviteRefused(404, NO_RACE)
    if not sender_racing:
        raise InviteRefused(403, NOT_RACER)
    if race.kind != "link":
        raise InviteRefused(409, QUICK)
    if race.phase(now) != "waiting":
        raise InviteRefused(409, STARTED)
    if not mutual:
        raise InviteRefused(404, NOT_MUTUAL)
    if their_racing:
        raise InviteRefused(409, RACING)
    if invited:
        return False
    if race.racers >= MAX_RACERS:
        raise InviteRefused(409, FULL(most=MAX_RACERS))
    if sent >= MAX_SENT:
        raise InviteRefused(429, TOO_MANY)
    return True


@dataclass(frozen=True, slots=True)
class Invite:
    """An invite as its recipient keeps it: the race, who sent it (id and name then), when (a UTC
    stamp), and when it goes (epoch seconds: the race's own items' TTL)."""

    race: str
    sender: str
    name: str
    made: str
    expires: int


def showing(invites: list[Invite], now_s: int, takes_them: set[str]) -> list[Invite]:
    """The invites a player sees at `now_s` (epoch seconds): not expired (a store's TTL deletes late),
    their race in `takes_them` (waiting, not full, they aren't racing in it), newest first, SHOWN at most.

    >>> a = Invite("a", "p", "Ada", "2026-12-01T10:00:00Z", 100)
    >>> b = Invite("b", "p", "Ada", "2026-12-01T11:00:00Z", 50)
    >>> [i.race for i in showing([a, b], 60, {"a", "b"})]
    ['a']
    """
    live = [i for i in invites if i.expires > now_s and i.race in takes_them]
    return sorted(live, key=lambda i: i.made, reverse=True)[:SHOWN]


def takes(race: Race | None, now: int, racing: bool) -> bool:
    """Whether an invite to `race` still leads somewhere at `now` (ms) for a player (`racing`: in it)."""
    return (race is not None and race.kind == "link" and race.phase(now) == "waiting"
            and race.racers < MAX_RACERS and not racing)
