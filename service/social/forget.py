"""A player deleted: what playing together keeps of them outside their own partition (their follows,
blocks and profile go with the partition itself, and their items' index entries with them).

- their follow code's item (found through their profile, read before it went);
- every follower's item of them (the index of their followers), each taken off that follower's count;
- every block of them (the index of blocks of them);
- their place in each club, and the clubs they own, closed with them (as a teacher's classes are);
- the marks of clubs that removed them.
"""

from __future__ import annotations

import contextlib

from puzzlebook.friends.state import Social
from service.social import keys as S
from service.social.clubs import Clubs
from service.social.follows import Follows
from service.store import keys as K
from service.store.base import Store
from service.store.items import Add, Delete, Gone, doc_of


def forget_player(store: Store, pid: str, social: Social) -> None:
    """Remove what others keep of `pid` (`social`: what their profile kept, read before it was deleted)."""
    if social.code is not None:
        store.delete_items([(S.code(social.code), S.CODE)])
    follows = Follows(store)
    for item in store.query_items(S.followers_of(pid), index=S.FOLLOWER_INDEX):
        follows.unfollow(str(item["PK"])[2:], pid)  # off their count too, as they had unfollowed
    blocked = store.query_items(S.blocks_of(pid), index=S.FOLLOWER_INDEX)
    store.delete_items((it["PK"], it["SK"]) for it in blocked)
    clubs = Clubs(store)
    for club_id in clubs.memberships(pid):
        head = clubs.head(club_id)
        if head is not None and head.owner == pid:
            clubs.close(club_id, pid)
        else:
            with contextlib.suppress(Gone):
                store.transact([Delete(S.club(club_id), S.member(pid)),
                                Add(S.club(club_id), S.COUNT, {"members": -1})])
    marks = store.query_items(S.removals_of(pid), index=S.CLUB_INDEX)
    store.delete_items((it["PK"], it["SK"]) for it in marks)


def social_before_deleting(store: Store, pid: str) -> Social:
    """What `pid`'s profile keeps of playing together, read before the profile goes."""
    from puzzlebook.friends.state import social_of

    return social_of(doc_of(store.get_item(K.player(pid), K.PROFILE)))
