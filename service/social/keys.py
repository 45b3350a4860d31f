"""Playing together's items (docs/store.md, "Items"; service/store/keys.py for what every game shares).

Under the player who acts (P#<pid>): a follow is an item of the follower's (FOLLOW#<followed>), indexed
on GSI3 under the followed (FOLLOWERS#<followed>: who follows me); the follower's count of follows
(FOLLOWING, a counter, so the cap holds however many follow at once); a block is an item of the
blocker's (BLOCK#<blocked>), indexed under the blocked (BLOCKED#<blocked>), so deleting them takes it.
A follow code is found by itself (FC#<code>), as a recovery code is. A club is its own partition
(CL#<id>): its head, its count of members, a member item each (indexed under the member: CLUBS#<pid>)
and a mark for each member its owner removed (CLUBOUT#<pid>). A club's board is no item at all: each
member's own result of a day carries an index entry under the club (CB#<club>#<game>#<date>, on GSI2
or GSI3 by the club's slot in the member's profile), as a public board's entry sits on GSI1.
"""

from __future__ import annotations

FOLLOWS = "FOLLOW#"
FOLLOWING = "FOLLOWING"  # counter n: how many the player follows
BLOCKS = "BLOCK#"
FOLLOWER_INDEX = 3  # GSI3: who follows a player, whom a player was blocked by
CLUB_INDEX = 3  # GSI3: a player's clubs, and the clubs that removed them


def follow(followed: str) -> str:
    return f"{FOLLOWS}{followed}"


def followers_of(pid: str) -> str:
    """The GSI3 partition of the follows of `pid` (sorted by when, then the follower)."""
    return f"FOLLOWERS#{pid}"


def block(blocked: str) -> str:
    return f"{BLOCKS}{blocked}"


def blocks_of(pid: str) -> str:
    """The GSI3 partition of the blocks of `pid` (by others)."""
    return f"BLOCKED#{pid}"


def code(code: str) -> str:
    """The partition of a follow code (its ten characters): whose it is."""
    return f"FC#{code}"


CODE = "CODE"


def club(club_id: str) -> str:
    return f"CL#{club_id}"


HEAD = "CLUB"
COUNT = "COUNT"  # counter members
MEMBERS = "M#"
REMOVED = "R#"


def member(pid: str) -> str:
    return f"{MEMBERS}{pid}"


def removed(pid: str) -> str:
    return f"{REMOVED}{pid}"


def clubs_of(pid: str) -> str:
    """The GSI3 partition of `pid`'s memberships (sorted by when they joined, then the club)."""
    return f"CLUBS#{pid}"


def removals_of(pid: str) -> str:
    """The GSI3 partition of the clubs whose owner removed `pid` (so deleting them takes the marks)."""
    return f"CLUBOUT#{pid}"


def club_board(club_id: str, game: str, day: str) -> str:
    """The index partition of a club's board of `game` on `day` (on GSI2 or GSI3: `club_slot_index`)."""
    return f"CB#{club_id}#{game}#{day}"


CLUB_SLOT_INDEXES = (2, 3)  # a result's index slots for its player's clubs, by the club's slot


def club_slot_index(slot: int) -> int:
    """The GSI a result's entry under the club in the player's slot `slot` is kept on."""
    return CLUB_SLOT_INDEXES[slot]
