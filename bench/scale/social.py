"""Playing together in the traffic model (docs/friends.md; docs/operations.md, "The scale model"): who
follows and who is in a club, the social sessions' shares, and how the scripted day's small numbers of
follows and club members are sized to the assumed ones.

The scripted day (day.py) has few players: a social player follows the other social ones (a few, all
following back), and its club has a few members, all of whom played every daily. What a view reads
grows with those numbers, and only with them: a friends' board reads a profile per person followed and
a result per person who played that game; a club's board queries its members and the entries its
members' results keep under it. So the reads of those views are scaled by the assumed numbers over the
scripted ones (a read of other players' items item by item: each item costs its own units; a query's
bytes, its units then counted afresh by the page), and their partitions' load is shared out as the
follows and the clubs are: the most-followed player takes their followers' share of every follow, the
biggest club its members' share of every club's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bench.scale.day import COHORT, SocialDay

FOLLOWED = "<followed>"  # a followed player's partition, read by their followers' views
CLUB = "<club>"  # a club's partition, or its board's index partition
DAILY_PLAYS = ("chess daily", "chain", "storm")  # the dailies a result sheet shows a friends' board after
FRIEND_SESSIONS = ("friends board", "friends week", "friends page")
CLUB_SESSIONS = ("club board", "club week")
SOCIAL_SESSIONS = (*FRIEND_SESSIONS, *CLUB_SESSIONS)
WEEK_DAYS = 4.0  # a week's view, any day of it: Monday to Sunday, 4 days begun on average


def split(session: str) -> tuple[str, str]:
    """A session's name and its cohort ("chess daily · club" -> ("chess daily", "club")); "solo" when none."""
    base, _, cohort = session.partition(COHORT)
    return base, cohort or "solo"


@dataclass(frozen=True)
class Together:
    """The assumptions of playing together; `on` False: today's code without it (every player solo)."""

    on: bool = True
    follow_share: float = 0.6  # players who follow people...
    follows: tuple[int, int] = (5, 20)  # ...this many, evenly
    mutual_share: float = 0.5  # of the people one follows, those who follow back
    club_share: float = 0.1  # players in a club (among those who follow)...
    club_members: tuple[int, int] = (50, 500)  # ...of this many members, evenly
    most_followed: float = 0.01  # the most-followed player's followers, a share of the daily players
    week_share: float = 0.1  # of those following, a week's view a day
    club_week_share: float = 0.2  # of a club's members, a week's view a day
    page_share: float = 0.05  # of those following, the friends page (code, follows, followers) a day

    @property
    def mean_follows(self) -> float:
        return sum(self.follows) / 2

    @property
    def mean_club(self) -> float:
        return sum(self.club_members) / 2

    def cohort_share(self, cohort: str) -> float:
        """The share of the daily players in a cohort: solo (no code, no follows), friends, club."""
        if not self.on:
            return 1.0 if cohort == "solo" else 0.0
        return {"solo": 1 - self.follow_share, "friends": self.follow_share - self.club_share,
                "club": self.club_share}[cohort]

    def session_share(self, session: str, dailies: Mapping[str, float]) -> float:
        """A social session's views per player-day: a friends' board (with the friend streaks) after each
        daily played by those who follow, a club's after each by its members; the rest now and then."""
        if not self.on:
            return 0.0
        played = sum(dailies.get(d, 0.0) for d in DAILY_PLAYS)
        return {
            "friends board": self.follow_share * played,
            "club board": self.club_share * played,
            "friends week": self.follow_share * self.week_share,
            "club week": self.club_share * self.club_week_share,
            "friends page": self.follow_share * self.page_share,
        }.get(session, 0.0)

    @staticmethod
    def played_share(dailies: Mapping[str, float]) -> float:
        """Of the people on a board viewed after a daily, the share who played that game: each game's
        share, weighted by its views (0.6 × 0.6 + 0.3 × 0.3 + 0.1 × 0.1 over 1.0 = 0.46)."""
        shares = [dailies.get(d, 0.0) for d in DAILY_PLAYS]
        return sum(s * s for s in shares) / (sum(shares) or 1)

    def followed_scale(self, session: str, day: SocialDay, dailies: Mapping[str, float]) -> float:
        """How many times the scripted view's reads of followed players' items the assumed view makes:
        a profile each followed, and a result each who played (all, scripted); the friends page, a
        profile each followed, each follower (as many) and each who follows back."""
        p = self.played_share(dailies)
        chess = dailies.get("chess daily", 0.0)
        n, mutual = self.mean_follows, self.mean_follows * self.mutual_share
        return {
            "friends board": n * (1 + p) / (day.follows * 2),
            "friends week": n * (1 + WEEK_DAYS * chess) / (day.follows * (1 + day.week_days)),
            "friends page": (2 * n + mutual) / (2 * day.follows + day.mutual),
        }.get(session, 1.0)

    def club_scale(self, session: str, klass: str, day: SocialDay, dailies: Mapping[str, float]) -> float:
        """How many times the scripted club view's query of `klass` the assumed view's reads: its members'
        items (the club's partition) or their results of the day (the board's index partitions)."""
        if not klass.startswith("CB#"):
            return self.mean_club / day.club
        p = self.played_share(dailies) if session == "club board" else dailies.get("chess daily", 0.0)
        days = 1.0 if session == "club board" else WEEK_DAYS / day.week_days
        return self.mean_club * p * days / day.club

    def partition_share(self, klass: str, players: float) -> float | None:
        """The share of a social class's whole load that its busiest partition takes: the most-followed
        player's of every followed partition's, the biggest club's of every club's; None for another
        class."""
        if FOLLOWED in klass:
            return min(1.0, self.most_followed / (self.follow_share * self.mean_follows))
        if CLUB in klass:
            return min(1.0, self.club_members[1] / max(1.0, players * self.club_share))
        return None

    def lines(self) -> list[str]:
        f, c = self.follows, self.club_members
        if not self.on:
            return ["playing together: off (today's code as every player plays alone)"]
        return [
            f"playing together: {self.follow_share:.0%} of the players follow {f[0]}–{f[1]} people (evenly: "
            f"{self.mean_follows:g} on average), {self.mutual_share:.0%} of whom follow back; "
            f"{self.club_share:.0%} are in a club of {c[0]}–{c[1]} members ({self.mean_club:g}); the rest "
            "play alone (no code, so nothing of theirs is marked)",
            "each views the friends' board of a daily after playing it, with the friend streaks (a club's "
            "member, the club's board too), on which each game's players are its share of them; a week "
            f"view {self.week_share:.0%} (a club's {self.club_week_share:.0%}) and the friends page (code, "
            f"follows, followers, streaks) {self.page_share:.0%} of days",
            f"the most-followed player is followed by {self.most_followed:.0%} of the daily players; the "
            f"biggest club has {c[1]} members",
        ]
