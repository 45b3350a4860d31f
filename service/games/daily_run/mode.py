"""What makes one run mode (Storm, Streak) differ from another in the service layer: its keys, its
day's pick, its kept result and its board's columns. Everything else is the package's, once.

    STORM = RunMode(key="storm", title="Storm", keys=RunKeys("storm", "S", "STORM"), ...)  # its __init__
    STORM.keys.result("2026-12-01")     # "SR#2026-12-01": the player's ranked run of the day
    STORM.path("2026-12-01")            # "daily/storm/2026-12-01.json": the day's public file

Keys (docs/store.md): under a player, <letter>S#<day> (the run started first on the day, the
ranked one), <letter>R#<day> (its result) and STATS#<key> (their best); the days' runs in a
site-wide partition, one item a day, and each run's public file in another (`files`); on GSI1,
<letter>D#<day> (the day's board, sharded) and <letter>BEST (the best board).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, Self, TypeVar

from puzzlebook.chess.ladder import RunPuzzle
from service.store import keys as K

_SCORE = 4  # a score (at most 150) or a rating (at most 9,999) in a sort key
_TOP = 10**_SCORE - 1


@dataclass(frozen=True, slots=True)
class RunKeys:
    """A run mode's keys: `game` its key, `letter` the first letter of its items' sort keys and
    board partitions (no two modes share one), `runs` the partition of its days' runs."""

    game: str
    letter: str
    runs: str

    @property
    def files(self) -> str:
        """The partition of the days' public files, kept as made from the runs (one item a day): what
        a build reads of a day, instead of the run and 150 puzzles of the bundle (hooks.py)."""
        return f"{self.runs}#FILE"

    @property
    def stats(self) -> str:
        """The player's best run of all time (GSI1: the best board)."""
        return f"STATS#{self.game}"

    @property
    def started_prefix(self) -> str:
        return f"{self.letter}S#"

    @property
    def results_prefix(self) -> str:
        return f"{self.letter}R#"

    @property
    def item_prefixes(self) -> tuple[str, ...]:
        """Every prefix of what the mode keeps under a player (GameHooks.item_prefixes)."""
        return (self.started_prefix, self.results_prefix, self.stats)

    def started(self, day: str) -> str:
        """The run the player started first on `day`: the ranked one (its ticket's nonce)."""
        return f"{self.started_prefix}{day}"

    def result(self, day: str) -> str:
        """The player's ranked run of `day`, as scored by the server."""
        return f"{self.results_prefix}{day}"

    # Index partitions: (which GSI, its partition key).
    def daily_board(self, day: str) -> tuple[int, str]:
        return 1, f"{self.letter}D#{day}"

    @property
    def best_board(self) -> tuple[int, str]:
        return 1, f"{self.letter}BEST"

    @property
    def boards(self) -> tuple[tuple[int, str], ...]:
        """The boards' partition-key prefixes, by index (what `python -m ops.shard_boards` looks for)."""
        return ((1, f"{self.letter}D#"), self.best_board)

    def daily_entry(self, day: str, pid: str) -> str:
        """The partition of `pid`'s entry on the day's board: its shard (service/store/keys.py)."""
        return K.board_entry(self.daily_board(day), pid)

    def best_entry(self, pid: str) -> str:
        """The partition of `pid`'s entry on the best board: its shard."""
        return K.board_entry(self.best_board, pid)

    @property
    def daily_board_path(self) -> str:
        """Where the API serves the day's board, and its snapshot is published (service/boards/board.py)."""
        return f"/boards/{self.game}/daily/{{date}}"

    @property
    def best_board_path(self) -> str:
        return f"/boards/{self.game}/best"


def rank_by_solved(score: int, highest: int | None, seconds: int, posted: str, pid: str) -> str:
    """A board's sort key: more solved first, then a higher puzzle solved, then less time, then who
    posted first."""
    top = _TOP - min(score, _TOP)
    high = _TOP - min(highest or 0, _TOP)
    time = min(seconds, 10**K.SECONDS_WIDTH - 1)
    return f"{top:0{_SCORE}d}#{high:0{_SCORE}d}#{time:0{K.SECONDS_WIDTH}d}#{posted}#{pid}"


class Tallied(Protocol):
    """What a board reads of a run's tally."""

    @property
    def score(self) -> int: ...

    @property
    def highest(self) -> int | None: ...


class KeptResult(Protocol):
    """A mode's scored run (puzzlebook.<mode>.kept): its day, its tally, its seconds, when posted."""

    @property
    def date(self) -> str: ...

    @property
    def tally(self) -> Tallied: ...

    @property
    def seconds(self) -> int: ...

    @property
    def posted(self) -> str: ...

    def beats(self, best: Self | None, /) -> bool: ...

    def to_doc(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=KeptResult)


def solved_columns(run: KeptResult) -> dict[str, Any]:
    """A board's columns of a run ranked by solved: solved, the highest solved, the time, the day."""
    return {"score": run.tally.score, "highest": run.tally.highest, "seconds": run.seconds, "date": run.date}


def rank_solved(pid: str, run: KeptResult) -> str:
    return rank_by_solved(run.tally.score, run.tally.highest, run.seconds, run.posted, pid)


@dataclass(frozen=True)
class RunMode(Generic[R]):
    """One run mode: `key` its game's key (and its ticket's game, and its paths), `title` its name
    in words, `keys` its store keys, `first_day` its first run, `pick_run` its day's pick,
    `result_of` its kept result read back from the store, `make_result` a scored run as kept (day,
    tally, seconds, posted), `columns` a board row's columns and `rank` a board's sort key."""

    key: str
    title: str
    keys: RunKeys
    first_day: dt.date
    pick_run: Callable[..., list[RunPuzzle]]
    result_of: Callable[[dict[str, Any]], R]
    make_result: Callable[[str, Any, int, str], R]
    columns: Callable[[R], dict[str, Any]] = field(default=solved_columns)
    rank: Callable[[str, R], str] = field(default=rank_solved)

    def path(self, day: str) -> str:
        """The day's public file."""
        return f"daily/{self.key}/{day}.json"
