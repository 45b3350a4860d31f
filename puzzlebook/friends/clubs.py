"""Clubs, decided: a club's name, who may join, and what its owner and members may do
(docs/friends.md, "Clubs"; docs/classes.md says how a club differs from a class).

A club is any signed-in player's: a name and a join link. Its members (the owner among them) see its
board for every daily game, each day and each week, and nothing else of each other: the owner sees what
every member sees, no more. The owner renames it, removes members, draws a new join link and closes it;
a member leaves. A removed member can't join again (not with any link): the mark goes with the club, or
with the player.
"""

from __future__ import annotations

import hmac

from puzzlebook.friends.limits import CLUB_NAME_MAX, MAX_CLUB_MEMBERS, MAX_CLUBS, Refused
from puzzlebook.messages import msg
from puzzlebook.names import BadName, check_name

NO_CLUB = msg("no_such_club", "There is no club with that id that you belong to.")
NO_JOIN = msg("club_join_link_wrong",
              "That join link doesn’t find a club you can join: ask a member for the club’s link again.")
FULL = msg("club_full", "This club is full ({most} members): ask its owner to make room.")(
    most=MAX_CLUB_MEMBERS)
TOO_MANY = msg("too_many_clubs", "You are in {most} clubs, the most at once: leave one first.")(
    most=MAX_CLUBS)
OWNER_STAYS = msg("club_owner_stays",
                  "You own this club, so you can’t leave it: close it instead (everyone leaves with you).")
NO_MEMBER = msg("no_such_club_member", "There is no member with that id in this club.")
NOT_YOURSELF = msg("club_owner_not_removed", "You own this club: close it rather than remove yourself.")


def club_name(value: object) -> str:
    """A club's name as kept: a display name's rule (puzzlebook.names) with up to CLUB_NAME_MAX characters.

    >>> club_name("  Tuesday tacticians ")
    'Tuesday tacticians'
    """
    try:
        return check_name(value, CLUB_NAME_MAX)
    except BadName as bad:
        raise Refused(400, bad.message) from None


def may_join(*, code: str, given: str, members: int, member: bool, removed: bool, clubs: int) -> bool:
    """Whether a player may join with the join code `given`: True to join, False when they are a member
    already; Refused when the code is wrong (a link the owner replaced) or the owner removed them (both
    404, in the same words: nothing says the club is there), when they are in MAX_CLUBS clubs (`clubs`)
    or the club is full (422).

    >>> may_join(code="k", given="k", members=4, member=False, removed=False, clubs=0)
    True
    >>> may_join(code="k", given="x", members=4, member=True, removed=False, clubs=1)
    False
    >>> may_join(code="k", given="k", members=4, member=False, removed=False, clubs=2)
    Traceback (most recent call last):
    ...
    puzzlebook.friends.limits.Refused: You are in 2 clubs, the most at once: leave one first.
    """
    if member:
        return False
    if not hmac.compare_digest(code.encode(), given.encode()) or removed:
        raise Refused(404, NO_JOIN)
    if clubs >= MAX_CLUBS:
        raise Refused(422, TOO_MANY)
    if members >= MAX_CLUB_MEMBERS:
        raise Refused(422, FULL)
    return True


def may_leave(*, owner: bool) -> None:
    """A member leaves; the owner can't (they close the club)."""
    if owner:
        raise Refused(422, OWNER_STAYS)


def may_remove(*, owner: str, member: str) -> None:
    """The owner removes a member, not themselves."""
    if owner == member:
        raise Refused(422, NOT_YOURSELF)
