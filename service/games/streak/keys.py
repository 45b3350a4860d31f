"""Streak: the keys of its items (service/store/keys.py has the shared layout; docs/store.md).

Per-player items begin with one of ITEM_PREFIXES, which no other game's share.
"""

from __future__ import annotations

from service.store import keys as K

STREAK_STATS = "STATS#streak"  # the player's best run of all time (GSI1: the best board)
_SCORE = 4  # a score (at most 100) or a rating (at most 9,999) in a sort key
_TOP = 10**_SCORE - 1


STARTED = "XS#"
RESULTS = "XR#"
# Every prefix of what Streak keeps under a player (StreakHooks.item_prefixes).
ITEM_PREFIXES = (STARTED, RESULTS, STREAK_STATS)


def started(day: str) -> str:
    """The run the player started first on `day`: the ranked one (its ticket's nonce)."""
    return f"{STARTED}{day}"


def result(day: str) -> str:
    """The player's ranked run of `day`, as scored by the server."""
    return f"{RESULTS}{day}"


# The days' runs: a site-wide partition, one item a day (the first pick stands).
RUNS = "STREAKRUN"


# Index partitions: (which GSI, its partition key).
def daily_board(day: str) -> tuple[int, str]:
    return 1, f"XD#{day}"


BEST_BOARD = (1, "XBEST")
# The boards' partition-key prefixes, by index (what `python -m ops.shard_boards` looks for).
BOARDS = ((1, "XD#"), (1, "XBEST"))


def daily_entry(day: str, pid: str) -> str:
    """The partition of `pid`'s entry on the day's board: its shard (service/store/keys.py)."""
    return K.board_entry(daily_board(day), pid)


def best_entry(pid: str) -> str:
    """The partition of `pid`'s entry on the best board: its shard."""
    return K.board_entry(BEST_BOARD, pid)


def rank(score: int, highest: int | None, seconds: int, posted: str, pid: str) -> str:
    """More solved first, then a higher puzzle solved, then less time, then who posted first."""
    top = _TOP - min(score, _TOP)
    high = _TOP - min(highest or 0, _TOP)
    time = min(seconds, 10**K.SECONDS_WIDTH - 1)
    return f"{top:0{_SCORE}d}#{high:0{_SCORE}d}#{time:0{K.SECONDS_WIDTH}d}#{posted}#{pid}"


# Where the API serves the day's board, and its snapshot is published (service/boards/board.py).
DAILY_BOARD_PATH = "/boards/streak/daily/{date}"
