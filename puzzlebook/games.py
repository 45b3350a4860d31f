"""The games of Puzzle Book: one list, one descriptor each (in the manner of python-chess's VARIANTS).

    from puzzlebook.games import GAMES, find_game
    for game in GAMES: ...              # chess, chain, lessons, in the order the site lists them

A descriptor is plain data. Each layer finds a game's own code by its key,
in its own folder: the rules in puzzlebook/<key>/ (its results decided in
<key>/results.py), the game's service hooks in service/games/<key>/ (its store
records, nightly step, daily files, the account's figures), its routes in
functions/routes/<key> (a package with its models, or a module; `router`),
its build hooks in sitebuild/games/<key>.py when it needs any (template
globals), its pages in site/templates/<key>/ (with the home page's card,
<key>/_card.html, when it has one) and its browser modules in site/static/js/<key>/.
The site build writes the browser's copy of this list (js/games.js), so the
browser never repeats it. docs/architecture.md has the checklist a new game follows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from puzzlebook.chess.bands import BANDS


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

    id: its address on /boards/ ("chess/daily"); api: its API path, with "{date}"
    where a dated board takes its day; ranks: what its rows rank by ("daily": a
    day's results, "clean": clean solves, "rating", "streak"); columns: what each
    row shows; dated: one board per site day; bands: whether it takes a band
    ("day": the day's daily's band, "optional": all bands or one).
    """

    id: str
    title: str
    api: str
    ranks: Literal["daily", "clean", "rating", "streak", "best"]
    columns: tuple[Column, ...]
    dated: bool = False
    bands: Literal["day", "optional"] | None = None


@dataclass(frozen=True)
class Nav:
    """The game's entry in the site's main navigation."""

    label: str
    url: str


@dataclass(frozen=True)
class Game:
    """One game: its key (the name of its folder in every layer) and what the site offers for it.

    item_prefixes: the sort-key prefixes of the items it keeps under a player
    (no two games share one; tests/test_games.py checks). streak: it keeps a
    daily streak; rating: it keeps a Glicko-2 rating. daily: it publishes a file a
    day under /daily/<key>/. entry: the browser module its page starts from.
    """

    key: str
    name: str
    nav: Nav
    entry: str
    item_prefixes: tuple[str, ...] = ()
    boards: tuple[Board, ...] = field(default=())
    streak: bool = False
    rating: bool = False
    daily: bool = False


CLEAN = Column("Clean", "clean", "yesno")
TIME = Column("Time", "seconds", "time")
STREAK = Column("Streak", "streak", "days")

CHESS = Game(
    key="chess",
    name="Chess Puzzles",
    nav=Nav("Chess", "/"),
    entry="chess/app.js",
    item_prefixes=("CS#", "CM#", "STATS#chess", "TALLY#chess#", "DAY#chess#", "HIST#chess#", "MISSED#chess#"),
    boards=(
        Board(
            "chess/daily", "Chess daily", "/boards/chess/daily/{date}", "daily",
            (CLEAN, Column("Mistakes", "mistakes", "count"), Column("Hints", "hints", "count"), TIME),
            dated=True, bands="day",
        ),
        Board(
            "chess/alltime", "Chess all time", "/boards/chess/alltime", "clean",
            (Column("Clean solves", "clean", "count"),), bands="optional",
        ),
        Board("chess/ratings", "Chess ratings", "/boards/ratings/chess", "rating",
              (Column("Rating", "rating", "rating"),)),
        Board("chess/streaks", "Chess streaks", "/boards/streaks/chess", "streak", (STREAK,)),
    ),
    streak=True,
    rating=True,
    daily=True,
)
CHAIN = Game(
    key="chain",
    name="Chain",
    nav=Nav("Chain", "/chain/"),
    entry="chain/app.js",
    item_prefixes=("K#", "STATS#chain"),
    boards=(
        Board(
            "chain/daily", "Chain daily", "/boards/chain/daily/{date}", "daily",
            (CLEAN, Column("Undos", "undos", "count"), Column("Resets", "resets", "count"), TIME),
            dated=True,
        ),
        Board("chain/streaks", "Chain streaks", "/boards/streaks/chain", "streak", (STREAK,)),
    ),
    streak=True,
    daily=True,
)
LESSONS = Game(
    key="lessons",
    name="Lessons",
    nav=Nav("Lessons", "/lessons/"),
    entry="lessons/list.js",
)
STORM_COLUMNS = (Column("Solved", "score", "count"), Column("Highest", "highest", "puzzle"), TIME)
STORM = Game(
    key="storm",
    name="Storm",
    nav=Nav("Storm", "/storm/"),
    entry="storm/app.js",
    item_prefixes=("SS#", "SR#", "STATS#storm"),
    boards=(
        Board("storm/daily", "Storm today", "/boards/storm/daily/{date}", "daily", STORM_COLUMNS, dated=True),
        Board("storm/best", "Storm best", "/boards/storm/best", "best", STORM_COLUMNS),
    ),
    daily=True,
)

GAMES: tuple[Game, ...] = (CHESS, CHAIN, LESSONS, STORM)


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


def browser_registry() -> dict[str, object]:
    """What the browser's js/games.js exports: the games, their boards, and the chess bands."""
    return {
        "games": [
            {
                "key": g.key,
                "name": g.name,
                "nav": {"label": g.nav.label, "url": g.nav.url},
                "entry": g.entry,
                "streak": g.streak,
                "rating": g.rating,
                "daily": g.daily,
            }
            for g in GAMES
        ],
        "boards": [
            {
                "id": b.id,
                "game": g.key,
                "title": b.title,
                "api": b.api,
                "ranks": b.ranks,
                "columns": [{"head": c.head, "field": c.field, "kind": c.kind} for c in b.columns],
                "dated": b.dated,
                "bands": b.bands,
            }
            for g in GAMES
            for b in g.boards
        ],
        "bands": [{"name": name, "low": low, "high": high - 1} for name, (low, high) in BANDS.items()],
    }
