"""Who may follow whom, and whose results show to whom (docs/friends.md, "Who sees what";
docs/accounts.md, "Follows, blocks and students").

- Following asks nothing of the person followed (as Puzzmo's follows don't): their follow code is
  enough. Their results show to a follower only while they allow being followed (`Social.closed`
  false); turning it off hides them from every follower at once, and on again shows them again.
- A player may remove a follower, or block them: a block ends the follow both ways and refuses any
  follow between the two until it is lifted. A blocked follower sees nothing of the blocker any more.
- A class's student (a player in any class, as a student) may be followed only by a classmate (a
  student of one of the same classes): their follow code, if it goes round beyond the class, finds
  no one. Follows they had before joining stay (they can remove or block them).
- Nothing tells a refused follower why: a wrong code, following turned off, a block and the class
  rule all read alike (404), as nothing reveals that a player exists.
"""

from __future__ import annotations

from collections.abc import Collection

from puzzlebook.friends.limits import MAX_FOLLOWS, Refused
from puzzlebook.messages import msg

NO_ONE = msg("follow_code_finds_no_one",
             "That follow code doesn’t find anyone you can follow: ask them for their code again.")
OWN_CODE = msg("own_follow_code",
               "That’s your own follow code: give it to the people you want to follow you.")
YOU_BLOCKED = msg("you_blocked_them",
                  "You blocked this player: unblock them first (your friends page lists whom you blocked).")
FULL = msg("too_many_follows",
           "You follow {most} people, the most there is room for: unfollow someone first.")(most=MAX_FOLLOWS)


def classmates(theirs: Collection[str], mine: Collection[str]) -> bool:
    """Whether a player in the classes `theirs` (as a student) may be followed by one in `mine`: anyone
    when they are in none, else only someone who shares one of them.

    >>> classmates([], []), classmates(["c1"], ["c1", "c2"]), classmates(["c1"], [])
    (True, True, False)
    """
    return not theirs or bool(set(theirs) & set(mine))


def may_follow(
    *, me: str, target: str, closed: bool, blocked_by_them: bool, classmate: bool, following: bool,
    blocking_them: bool, follows: int,
) -> bool:
    """Whether `me` may follow `target` (found by their code): True to follow, False when `me` follows
    them already; Refused otherwise. `closed`: the target turned following off; `blocked_by_them`:
    they blocked `me`; `classmate`: the class rule (`classmates`) lets `me` follow them; `blocking_them`:
    `me` blocked them; `follows`: how many `me` follows now.

    >>> may_follow(me="a", target="b", closed=False, blocked_by_them=False, classmate=True,
    ...            following=False, blocking_them=False, follows=3)
    True
    >>> may_follow(me="a", target="b", closed=True, blocked_by_them=False, classmate=True,
    ...            following=True, blocking_them=False, follows=3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    puzzlebook.friends.limits.Refused: That follow code doesn’t find anyone you can follow: ...
    """
    if me == target:
        raise Refused(422, OWN_CODE)
    if closed or blocked_by_them or not classmate:
        raise Refused(404, NO_ONE)
    if following:
        return False
    if blocking_them:
        raise Refused(422, YOU_BLOCKED)
    if follows >= MAX_FOLLOWS:
        raise Refused(422, FULL)
    return True


def shows(closed: bool) -> bool:
    """Whether a followed player's results show to their followers: while they allow being followed.

    >>> shows(False), shows(True)
    (True, False)
    """
    return not closed
