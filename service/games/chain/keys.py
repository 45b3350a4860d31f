"""Chain: the keys of its items (service/store/keys.py has the shared layout; docs/store.md).

Per-player items begin with one of ITEM_PREFIXES, which no other game's share.
"""

from __future__ import annotations

from service.store import keys as K

CHAIN_STATS = "STATS#chain"
CHAIN_RESULTS = "K#"
# Every prefix of what Chain keeps under a player (ChainHooks.item_prefixes).
ITEM_PREFIXES = (CHAIN_RESULTS, CHAIN_STATS)
UNDOS_RESETS_WIDTH = 6  # undos + resets in a board's sort key: at most 9,999 each


def chain_result(day: str) -> str:
    return f"{CHAIN_RESULTS}{day}"


# Index partitions: (which GSI, its partition key).
def chain_daily_board(day: str) -> tuple[int, str]:
    return 1, f"KD#{day}"


def chain_daily_entry(day: str, pid: str) -> str:
    """The partition of `pid`'s entry on the day's board: its shard (service/store/keys.py)."""
    return K.board_entry(chain_daily_board(day), pid)


# The boards' partition-key prefixes, by index: the hooks' `board_prefixes` (what `python -m
# ops.shard_boards` looks for).
BOARDS = ((1, "KD#"),)


def chain_daily_rank(clean: bool, undos_resets: int, seconds: int, posted: str, pid: str) -> str:
    """Clean (no undo or reset) first, then fewer undos and resets, then time, then who posted first."""
    moves, time = f"{undos_resets:0{UNDOS_RESETS_WIDTH}d}", f"{seconds:0{K.SECONDS_WIDTH}d}"
    return f"{0 if clean else 1}#{moves}#{time}#{posted}#{pid}"


# The stored days and the days that failed: site-wide partitions, one item a day.
CHAIN_DAYS = "CHAIN"
CHAIN_FAILURES = "CHAINFAIL"


# Where the API serves the day's board, and its snapshot is published (service/boards/board.py).
DAILY_BOARD_PATH = "/boards/chain/daily/{date}"
