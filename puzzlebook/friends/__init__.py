"""Playing together, decided: follows, friends' boards, the friend streak and clubs (docs/friends.md).

Nothing here reads or writes: service/social/ reads the items, calls these and writes what they say;
functions/routes/social/ answers.

    limits.py   the caps (follows, a club's members, clubs a player is in) and why those numbers
    codes.py    a follow code: ten characters to read aloud, and what a typed one reads as
    seeing.py   who may follow whom, and whose results show to whom
    played.py   a player's days with a daily played (`Played`): what the friend streak reads
    streak.py   the friend streak of two players (puzzlebook.streaks' rules on the days both played)
    boards.py   a friends' or a club's board of a day and of a week, from each one's own result
    clubs.py    a club's name, who may join, what its owner may do
    state.py    what a player's profile keeps of all this (`Social`)
"""
