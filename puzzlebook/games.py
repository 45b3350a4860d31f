"""The games of Puzzle Book: one list, one descriptor each (in the manner of python-chess's VARIANTS).

    from puzzlebook.games import GAMES, find_game
    for game in GAMES: ...              # chess, chain, lessons, storm, streak: the order the site lists them

A descriptor is plain data. Each layer finds a game's own code by its key,
in its own folder: the rules in puzzlebook/<key>/ (its results decided in
<key>/results.py), the game's service hooks in service/games/<key>/ (its store
records, nightly step, daily files, the account's figures), its routes in
functions/routes/<key> (a package with its models, or a module; `router`),
its build hooks in sitebuild/games/<key>.py when it needs any (template
globals), its pages in site/templates/<key>/ (with the home page's card,
<key>/_card.html, when it has one) and its browser modules in site/static/js/<key>/.
The site build writes the browser's copy of this list (sitebuild/games_js.py:
js/games.js), so the browser never repeats it. docs/architecture.md has the checklist a new game follows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from puzzlebook.standing import RATED_FOR_BOARD


@dataclass(frozen=True)
class Column:
    """A column of a board after Place and Name: its heading, the row's field, and how it reads
    ("yesno", "count", "time" in seconds, "rating" with its RD, "days", "puzzle": a puzzle's
    rating, or none)."""

    head: str
    field: str
    kind: Literal["yesno", "count", "time", "rating", "days", "puzzle"]


@dataclass(frozen=True)
class Board:
    """A leaderboard a game offers.

    id: its address on /boards/ ("chess/daily"); ranks: what its rows rank by ("daily": a
    day's results, "clean": clean solves, "rating", "streak"); columns: what each
    row shows; dated: one board per site day; bands: whether it takes a band
    ("day": the day's daily's band, "optional": all bands or one); caption: its
    table's caption before the band and the day (the title when empty); joins: how a player
    gets on it, said when no one is on it yet ("" when it is plain: a result on it). Where the
    API serves it is the service layer's word (service/games/<key>/: `board_paths`).
    """

    id: str
    title: str
    ranks: Literal["daily", "clean", "rating", "streak", "best"]
    columns: tuple[Column, ...]
    dated: bool = False
    bands: Literal["day", "optional"] | None = None
    caption: str = ""
    joins: str = ""


@dataclass(frozen=True)
class Nav:
    """The game's entry in the site's main navigation."""

    label: str
    url: str


@dataclass(frozen=True)
class ArchiveLink:
    """How the archive (/archive/) links a day of a daily game: the link's text, its accessible
    name ("{day}": the day in words), its address ("{date}": the day; "#/…" is the archive's own
    view of a day with several dailies, each at `pick`, with "{band}"), its place among a day's
    links (lowest first), and whether it marks how far this browser got with the day (`marks`:
    the game's store answers dayMark)."""

    label: str
    spoken: str
    url: str
    place: int
    pick: str = ""
    marks: bool = False


@dataclass(frozen=True)
class Game:
    """One game: its key (the name of its folder in every layer) and what the site offers for it.

    streak: it keeps a daily streak; rating: it keeps a Glicko-2 rating. daily: it
    publishes a file a day under /daily/<key>/. entry: the browser module its page
    starts from. store: the browser module of what a player's browser keeps of it,
    when its results wait there to post (it exports openStore: the outbox's flush on
    every page and the sign-in page's count of what was never posted load it by this
    name); noun: one of its plays and many, in those words ("chess puzzle"). waiting: the
    browser module of results it keeps waiting outside the outbox, that post with their own
    tickets, a guest's too (it exports postWaiting, and marks "pb:waiting:<key>" while any
    waits): the page's flush on every page loads it by this name, for a guest too.
    archive: how the archive links its days. What it keeps in the store, and under
    which keys, is its service part's (service/games/<key>/).
    """

    key: str
    name: str
    nav: Nav
    entry: str
    boards: tuple[Board, ...] = field(default=())
    streak: bool = False
    rating: bool = False
    daily: bool = False
    store: str = ""
    noun: tuple[str, str] = ("", "")
    archive: ArchiveLink | None = None
    waiting: str = ""


CLEAN = Column("Clean", "clean", "yesno")
TIME = Column("Time", "seconds", "time")
# "Current streak", not "Streak": the game of that name keeps its name in every language, a column
# of days does not.
STREAK = Column("Current streak", "streak", "days")
# The days a streak was forgiven (docs/ratings.md, "Streak freezes").
FREEZES = Column("Freezes used", "freezes_used", "count")

CHESS = Game(
    key="chess",
    name="Chess Puzzles",
    nav=Nav("Chess", "/"),
    entry="chess/app.js",
    boards=(
        Board(
            "chess/daily", "Chess daily", "daily",
            (CLEAN, Column("Mistakes", "mistakes", "count"), Column("Hints", "hints", "count"), TIME),
            dated=True, bands="day",
        ),
        Board(
            "chess/alltime", "Chess all time", "clean",
            (Column("Clean solves", "clean", "count"),), bands="optional",
            caption="Chess clean solves of all time",
        ),
        Board("chess/ratings", "Chess ratings", "rating",
              (Column("Rating", "rating", "rating"),),
              # puzzlebook/standing.py's rule, in words: an empty board says how to get on it (issue 40).
              joins=f"A player goes on it after {RATED_FOR_BOARD} rated puzzles, "
                    "once their rating is settled (no longer provisional)."),
        Board("chess/streaks", "Chess streaks", "streak", (STREAK, FREEZES)),
    ),
    streak=True,
    rating=True,
    daily=True,
    store="chess/store.js",
    noun=("chess puzzle", "chess puzzles"),
    archive=ArchiveLink("Chess daily", "Chess daily of {day}", "#/chess/{date}", 2,
                        pick="/#/daily/{band}/{date}", marks=True),
)
CHAIN = Game(
    key="chain",
    name="Chain",
    nav=Nav("Chain", "/chain/"),
    entry="chain/app.js",
    boards=(
        Board(
            "chain/daily", "Chain daily", "daily",
            (CLEAN, Column("Undos", "undos", "count"), Column("Resets", "resets", "count"), TIME),
            dated=True, caption="Chain",
        ),
        Board("chain/streaks", "Chain streaks", "streak", (STREAK, FREEZES)),
    ),
    streak=True,
    daily=True,
    store="chain/store.js",
    noun=("Chain", "Chains"),
    archive=ArchiveLink("Chain", "Chain of {day}", "/chain/#/{date}", 1, marks=True),
)
LESSONS = Game(
    key="lessons",
    name="Lessons",
    nav=Nav("Lessons", "/lessons/"),
    entry="lessons/list.js",
    waiting="lessons/store.js",
)
# A run mode's boards (Storm, Streak: service/games/daily_run/): its day's and each player's best,
# ranked by solved, then the highest puzzle solved, then the time (its columns).
SOLVED_COLUMNS = (Column("Solved", "score", "count"), Column("Highest", "highest", "puzzle"), TIME)


def run_boards(key: str, name: str, columns: tuple[Column, ...] = SOLVED_COLUMNS) -> tuple[Board, Board]:
    """The boards of the run mode `key` (named `name`): "<key>/daily", dated, and "<key>/best"."""
    return (
        Board(f"{key}/daily", f"{name} today", "daily", columns, dated=True),
        Board(f"{key}/best", f"{name} best", "best", columns),
    )


STORM = Game(
    key="storm",
    name="Storm",
    nav=Nav("Storm", "/storm/"),
    entry="storm/app.js",
    boards=run_boards("storm", "Storm"),
    daily=True,
    store="storm/store.js",
    noun=("Storm run", "Storm runs"),
    archive=ArchiveLink("Storm", "Storm run of {day}", "/storm/#/{date}", 3),
)

STREAK_RUN = Game(
    key="streak",
    name="Streak",
    nav=Nav("Streak", "/streak/"),
    entry="streak/app.js",
    boards=run_boards("streak", "Streak"),
    daily=True,
    store="streak/store.js",
    noun=("Streak run", "Streak runs"),
    archive=ArchiveLink("Streak", "Streak run of {day}", "/streak/#/{date}", 4),
)

GAMES: tuple[Game, ...] = (CHESS, CHAIN, LESSONS, STORM, STREAK_RUN)


def find_game(key: str) -> Game:
    """The game called `key`; KeyError naming the games there are.

    >>> find_game("chain").name
    'Chain'
    """
    for game in GAMES:
        if game.key == key:
            return game
    raise KeyError(f"no game {key!r} (the games are {', '.join(g.key for g in GAMES)})")


def streak_games() -> tuple[Game, ...]:
    """The games that keep a daily streak (each has a streak board)."""
    return tuple(g for g in GAMES if g.streak)


def rated_games() -> tuple[Game, ...]:
    """The games that keep a rating (each has a ratings board)."""
    return tuple(g for g in GAMES if g.rating)
