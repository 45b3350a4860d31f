"""Playing together's request and response bodies (the OpenAPI document states them; docs/api.md,
"Friends and clubs")."""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import Path
from pydantic import BaseModel, Field

from functions.models import DATE_SCHEMA, Request
from functions.words import Says, Worded
from puzzlebook.friends.codes import CODE_PATTERN
from puzzlebook.friends.limits import CLUB_NAME_MAX
from puzzlebook.messages import msg
from puzzlebook.names import name_pattern
from puzzlebook.patterns import whole_text

PLAYER_ID = re.compile(r"[0-9a-f]{16}")
CLUB_ID = re.compile(r"[A-Za-z0-9_-]{16}")  # secrets.token_urlsafe(12)
RACE_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")  # secrets.token_urlsafe(8); the live protocol's id rule
PlayerId = Annotated[str, Path(json_schema_extra={"pattern": whole_text(PLAYER_ID.pattern)},
                               description="A player's id (16 hex digits).")]
ClubId = Annotated[str, Path(json_schema_extra={"pattern": whole_text(CLUB_ID.pattern)},
                             description="A club's id.")]
RaceId = Annotated[str, Path(json_schema_extra={"pattern": whole_text(RACE_ID.pattern)},
                             description="A race's id (from its link, /race/?id=<race>).")]
CodePath = Annotated[str, Path(json_schema_extra={"pattern": CODE_PATTERN},
                               description="A follow code, as read aloud: 7KQ2M-9XD4T.")]
DatePath = Annotated[str, Path(json_schema_extra=DATE_SCHEMA, description="A date, YYYY-MM-DD.")]
CLUB_NAME: dict[str, Any] = {"pattern": name_pattern(CLUB_NAME_MAX)}
CLUB_NAME_WORDS = (f"A club's name follows a display name's rule with up to {CLUB_NAME_MAX} characters: "
                   "trimmed, no control or invisible characters.")


# ---- requests -----------------------------------------------------------------------------


class FollowByCode(Worded):
    """Follow the player whose follow code this is (from their link, or read aloud)."""

    REQUIRED = ("code",)
    code: Annotated[
        str,
        Field(max_length=40, json_schema_extra={"pattern": CODE_PATTERN}, examples=["7KQ2M-9XD4T"]),
        Says(msg("bad_follow_code",
                 "The follow code must be ten letters and digits, as the player's link or page shows it.")),
    ]


class FollowSetting(Worded):
    """Whether you allow being followed: off hides your results from everyone following you, and your
    code finds no one, until it is on again."""

    REQUIRED = ("allowed",)
    allowed: Annotated[bool, Says(msg("allowed_not_boolean", "allowed must be true or false."))]


class BlockSomeone(Worded):
    """Block a follower of yours, or someone you follow."""

    REQUIRED = ("id",)
    id: Annotated[
        str,
        Field(pattern=whole_text(PLAYER_ID.pattern), examples=["0123456789abcdef"]),
        Says(msg("bad_player_id", "id must be a player's id: 16 hex digits, from your lists of follows and "
                 "followers.")),
    ]


class InviteTo(Worded):
    """Whom to invite to the race: a player you follow who follows you back."""

    REQUIRED = ("to",)
    to: Annotated[
        str,
        Field(pattern=whole_text(PLAYER_ID.pattern), examples=["0123456789abcdef"]),
        Says(msg("bad_invite_to", "to must be a player's id: 16 hex digits, from your list of follows.")),
    ]


class NewClub(Request):
    name: str = Field(json_schema_extra=CLUB_NAME, examples=["Tuesday tacticians"],
                      description=CLUB_NAME_WORDS)


class ClubChange(Request):
    """A club's new name."""

    name: str = Field(json_schema_extra=CLUB_NAME, examples=["Night owls"], description=CLUB_NAME_WORDS)


class JoinClub(Worded):
    """The code in the club's join link."""

    REQUIRED = ("code",)
    code: Annotated[str, Field(min_length=1, max_length=64, examples=["Xq3v-9Lb_kT2"]),
                    Says(msg("bad_club_code", "code must be the code in the club's join link."))]


# ---- answers ------------------------------------------------------------------------------


class FollowState(BaseModel):
    """Your follow code (as read aloud) and the link that offers to follow you, whether you allow being
    followed, how many you follow and the most you may."""

    code: str
    link: str
    allowed: bool
    following: int
    most: int


class PlayerOut(BaseModel):
    """Another player: id, name; since when (a follow's or a block's), whether they share their
    results now (they allow being followed), whether they follow you, and whether you follow them."""

    id: str
    name: str
    since: str | None = None
    sharing: bool = True
    follows_you: bool = False
    you_follow: bool = False


class Followed(BaseModel):
    """Whom the code found (and whether you followed them now or already did)."""

    player: PlayerOut
    already: bool


class FollowList(BaseModel):
    follows: list[PlayerOut]
    most: int


class FollowerList(BaseModel):
    """Who follows you, newest first; `more` when there are more than these."""

    followers: list[PlayerOut]
    more: bool


class BlockList(BaseModel):
    blocked: list[PlayerOut]


class Done(BaseModel):
    ok: bool = True


class Public(BaseModel):
    """Where the public board has a result: its place (about, when estimated), or the per cent of the
    board it is among; all null while the board has no snapshot."""

    place: int | None = None
    about: bool = False
    top: int | None = None


class BoardRow(BaseModel):
    """A row of a friends' or club's board: the place among them, the player, whether it is you, the
    game's board columns (as its public daily board has them) and where the public board has it (null:
    not on it, as a new account's result, which friends and clubs see at once)."""

    place: int
    id: str
    name: str
    you: bool
    columns: dict[str, Any]
    public: Public | None = None


class Waiting(BaseModel):
    id: str
    name: str


class DayBoardOut(BaseModel):
    """A day's board of one daily game: its rows; of the people on it, how many there are and how many
    played; who hasn't yet."""

    game: str
    date: str
    band: str | None
    rows: list[BoardRow]
    people: int
    played: int
    waiting: list[Waiting]


class WeekRowOut(BaseModel):
    """A person's week: place (more days played first), their result of each day (the board's columns,
    or null), days played, and the totals of the columns over them."""

    place: int
    id: str
    name: str
    you: bool
    days: list[dict[str, Any] | None]
    played: int
    totals: dict[str, int]


class WeekBoardOut(BaseModel):
    game: str
    days: list[str]
    rows: list[WeekRowOut]


class PlayedOut(BaseModel):
    """A player's days with a daily played (their own dates): from `first` to `last` but for the
    `missed` day numbers after `first` (site/static/js/friends/streak.js reads it)."""

    first: str | None
    last: str | None
    missed: list[int]


class FriendStreakOut(BaseModel):
    """A friend streak: with whom, its length on the pair's `today`, freezes used and held, whether you
    both played today, and both players' days (to count it again after your own result of today)."""

    player: PlayerOut
    streak: int
    freezes_used: int
    freezes_held: int
    both_today: bool
    today: str
    mine: PlayedOut
    theirs: PlayedOut


class FriendStreaks(BaseModel):
    streaks: list[FriendStreakOut]


class FriendsBoardOut(DayBoardOut):
    """A friends' board of a day, and your friend streaks with those on it who follow you back (the
    result sheet shows both from this one answer)."""

    streaks: list[FriendStreakOut]


class MemberOut(BaseModel):
    id: str
    name: str
    joined: str
    owner: bool


class ClubOut(BaseModel):
    """A club, as each member sees it (its owner too): name, the join link, its members; whether you own
    it, and the most members it may have."""

    id: str
    name: str
    owner: bool
    join_link: str
    members: list[MemberOut]
    most: int
    created: str


class ClubSummary(BaseModel):
    id: str
    name: str
    owner: bool


class ClubList(BaseModel):
    clubs: list[ClubSummary]
    most: int


class Joined(BaseModel):
    club: ClubOut
    already: bool


class InviteSent(BaseModel):
    """The invite: to whom, and whether it was there already (one a race for each player, from anyone)."""

    to: str
    already: bool


class InviteOut(BaseModel):
    """An invite to a race: the race's id and link, who sent it (their name), when (UTC)."""

    race: str
    link: str
    name: str
    made: str


class InviteList(BaseModel):
    """Your invites to races that still take you, newest first (a few at most)."""

    invites: list[InviteOut]
