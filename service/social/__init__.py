"""Playing together in the store: follows, blocks, follow codes, clubs, and the friends' and clubs'
boards read from each player's own items (docs/friends.md; docs/store.md lists every item). The
rules are puzzlebook.friends'; this package reads, calls them and writes.

    keys.py      the items' keys and index keys
    profile.py   the player's profile's record of playing together (their code, clubs, days played)
    follows.py   following by code, unfollowing, followers, blocks, the code and the setting
    clubs.py     clubs: made, joined, renamed, left, members removed, closed
    days.py      a day's ranked result marked on its player's record (and indexed into their clubs)
    reads.py     finding a player's result of a game and day, and what its board makes of it
    boards.py    the friends' boards (a day, a week), the friend streaks, a club's boards
    forget.py    a player deleted: what others keep of them, their code, their clubs
"""
