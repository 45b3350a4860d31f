"""The caps of playing together, each sized by the scale model (`python -m bench scale`; docs/friends.md,
"Caps, from the scale model", has the figures).

A friends' board is read from each followed player's own items (their profile, then their result of the
day where their profile says they played it): at most 2 × MAX_FOLLOWS items, one BatchGetItem of 100 keys
per hundred, about MAX_FOLLOWS read units at the most (an item under 4 KB, eventually consistent, is half
a unit) however many people follow anyone. A club's board is two index partitions holding at most
MAX_CLUB_MEMBERS results and a query of its members: about 50 read units at the most.
"""

from __future__ import annotations

from puzzlebook.messages import Message, Refusal

# People one player follows at once: Puzzmo-sized (a few hundred), and what bounds a friends' board's read.
MAX_FOLLOWS = 300
# Members of one club, its owner among them: Puzzmo's clubs run to hundreds.
MAX_CLUB_MEMBERS = 500
# Clubs one player is in at once, owner or member: a day's result is indexed into each of its player's
# clubs, and a result item has two index slots free for it (GSI2 and GSI3: docs/store.md).
MAX_CLUBS = 2
# Characters of a club's name (a display name's rule otherwise).
CLUB_NAME_MAX = 40
# Followers listed at once (newest first): the list is the one read that grows with followers.
FOLLOWERS_LISTED = 500


class Refused(Refusal):
    """Something a player asked that can't be done: `status` is the API's answer, its message the words."""

    def __init__(self, status: int, words: Message) -> None:
        super().__init__(words)
        self.status = status
