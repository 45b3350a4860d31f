"""A player's Chess Puzzles tallies and rating, as the store keeps them."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace
from typing import Any

from puzzlebook.chess.kept import BandTally
from puzzlebook.messages import Message, msg, msg_plural
from puzzlebook.ratings import NEW_PLAYER, Rating
from puzzlebook.streaks import Streak, StreakWords, streak_words

# The account page's line (GET /api/me's `line`), said in the request's language.
ACCOUNT_LINE = msg_plural("account_line_chess", "{n} puzzle solved, {clean} cleanly · {streak}",
                          "{n} puzzles solved, {clean} cleanly · {streak}", "n")
NO_DAILY_STREAK = msg("account_no_daily_streak", "no daily streak")
DAILY_STREAK = msg_plural("account_daily_streak", "{n}-day daily streak", "{n}-day daily streak", "n")
DAILY_STREAK_FREEZES = msg_plural("account_daily_streak_freezes", "{n}-day daily streak · {freezes}",
                                  "{n}-day daily streak · {freezes}", "n")
DAILY_WORDS = StreakWords(NO_DAILY_STREAK, DAILY_STREAK, DAILY_STREAK_FREEZES)

@dataclass(frozen=True, slots=True)
class ChessStats:
    """A player's Chess Puzzles tallies and rating (None until their first rated result).

    The first results by name (puzzlebook/chess/result_names.py) that the account page shows:
    `after_mistake` (solved after a mistake), `missed` (a wrong move not solved since) and `shown`
    (Show solution first). A miss solved later moves from `missed` to `after_mistake`. Tallies kept
    before the names were one (no `sh` in the doc) count every miss in `missed`."""

    version: int = 0
    solved: int = 0
    clean: int = 0
    missed: int = 0
    after_mistake: int = 0
    shown: int = 0
    rated: int = 0
    rating: Rating | None = None
    clean_at: str | None = None
    bands: dict[str, BandTally] = field(default_factory=dict)
    streak: Streak = field(default_factory=Streak)
    # Offline results count for the player alone (docs/ratings.md, "Rated, or only counted"): the
    # clean solves among `clean` that came offline, and the streak the boards see (None: `streak`,
    # as kept before offline results existed), extended only by results with a ticket.
    offline_clean: int = 0
    board_streak: Streak | None = None

    @property
    def ranked_clean(self) -> int:
        """The clean solves the all-time board counts: those posted with a ticket."""
        return self.clean - self.offline_clean

    @property
    def ranked_streak(self) -> Streak:
        """The streak the streak board sees: days kept by results posted with a ticket."""
        return self.board_streak or self.streak

    @property
    def current_rating(self) -> Rating:
        """The rating to rate the next result from: a new player's until the first."""
        return self.rating or NEW_PLAYER

    def band(self, name: str) -> BandTally:
        """One band's tally (zeros for a band not played yet)."""
        return self.bands.get(name) or BandTally()

    def to_doc(self) -> dict[str, Any]:
        """As the store keeps it, without the version (what `from_doc` reads back). Field by field:
        `dataclasses.asdict` deep-copies through every value, a tenth of a solve's time.

        Every rated result rewrites this item, so it is kept under 1 KB (a write of more costs
        double: docs/store.md, "Boards at scale"): each band's tally as a row `[solved, clean,
        clean_at, offline_clean]` rather than a map of its names, and the boards' streak as null
        when it is the player's own (no offline result broke them apart), which reads back as that;
        the first results by name added since, `after_mistake` and `shown`, as `am` and `sh`."""
        board_streak = self.board_streak if self.board_streak != self.streak else None
        return {
            "solved": self.solved,
            "clean": self.clean,
            "missed": self.missed,
            "am": self.after_mistake,  # short keys: the item stays under 1 KB (below)
            "sh": self.shown,
            "rated": self.rated,
            "rating": self.rating.to_doc() if self.rating else None,
            "clean_at": self.clean_at,
            "bands": {
                name: [tally.solved, tally.clean, tally.clean_at, tally.offline_clean]
                for name, tally in self.bands.items()
            },
            "streak": self.streak.to_doc(),
            "offline_clean": self.offline_clean,
            "board_streak": board_streak.to_doc() if board_streak else None,
        }

    @classmethod
    def from_doc(cls, doc: dict[str, Any] | None, version: int) -> ChessStats:
        if not doc:
            return cls(version=version)
        rating = doc.get("rating")
        return cls(
            version=version,
            solved=doc["solved"],
            clean=doc["clean"],
            missed=doc["missed"],
            after_mistake=doc.get("am", 0),
            shown=doc.get("sh", 0),
            rated=doc["rated"],
            rating=Rating(**rating) if rating else None,
            clean_at=doc["clean_at"],
            bands={name: _band(tally) for name, tally in doc["bands"].items()},
            streak=Streak.from_doc(doc["streak"]),
            offline_clean=doc.get("offline_clean", 0),
            board_streak=Streak.from_doc(doc["board_streak"]) if doc.get("board_streak") else None,
        )

    def account_line(self, today: dt.date) -> Message:
        """The account page's line, e.g. "12 puzzles solved, 9 cleanly · 3-day daily streak"."""
        streak = streak_words(self.streak.standing(today), DAILY_WORDS)
        return ACCOUNT_LINE(n=self.solved, clean=self.clean, streak=streak)

    def with_(self, **changes: Any) -> ChessStats:
        return replace(self, **changes)


def _band(kept: list[Any] | dict[str, Any]) -> BandTally:
    """A band's tally as kept in the tallies: a row, or (kept before rows) a map of its fields."""
    if isinstance(kept, list):
        solved, clean, clean_at, offline_clean = kept
        return BandTally(solved, clean, clean_at, offline_clean)
    return BandTally.from_doc(kept)
