"""Chess Puzzles: the keys of its items (service/store/keys.py has the shared layout; docs/store.md).

Per-player items begin with one of ITEM_PREFIXES, which no other game's share.
"""

from __future__ import annotations

from service.store import keys as K

CHESS_STATS = "STATS#chess"
CHESS_TALLIES = "TALLY#chess#"
CHESS_SOLVES = "CS#"
CHESS_MISSES = "CM#"


def chess_tally(band: str) -> str:
    return f"{CHESS_TALLIES}{band}"


def chess_solve(puzzle_id: str) -> str:
    return f"{CHESS_SOLVES}{puzzle_id}"


def chess_miss(puzzle_id: str) -> str:
    return f"{CHESS_MISSES}{puzzle_id}"


# The dashboard's and the history's items (docs/store.md): a day of the history per day played (its
# newest lines, and its older lines' pages), and, kept before days kept their lines, a line per first
# result (and, for a miss, one more in the list of missed ones), which are still read.
CHESS_DAY = "DAY#chess#"
CHESS_DAY_PAGE = "DAYP#chess#"
CHESS_HISTORY = "HIST#chess#"
CHESS_MISSED = "MISSED#chess#"
PAGE_DIGITS = 3


def chess_day(day: str) -> str:
    return f"{CHESS_DAY}{day}"


def chess_day_page(day: str, page: int) -> str:
    """The sort key of a page of a day's older lines: apart from the days' items (a prefix of its
    own), so the dashboard's query of a span's days reads the days alone."""
    return f"{CHESS_DAY_PAGE}{day}#{page:0{PAGE_DIGITS}d}"


def chess_history(posted: str, puzzle_id: str, *, missed: bool = False) -> str:
    return f"{CHESS_MISSED if missed else CHESS_HISTORY}{posted}#{puzzle_id}"


# Every prefix of what chess keeps under a player (ChessHooks.item_prefixes).
# PV#: the player's vote and report on a puzzle (service/games/chess/votes.py).
CHESS_VOTES = "PV#"
# PVGUEST#chess: how many words the player kept on puzzles they have no result of (a guest's, sent on
# sign-in), against puzzlebook.votes.GUEST_WORDS.
CHESS_GUEST_WORDS = "PVGUEST#chess"
# REVIEW#chess: the player's review, puzzles coming back until solved cleanly (service/games/chess/review.py).
CHESS_REVIEW = "REVIEW#chess"
ITEM_PREFIXES = (
    CHESS_SOLVES, CHESS_MISSES, CHESS_STATS, CHESS_TALLIES, CHESS_DAY, CHESS_DAY_PAGE, CHESS_HISTORY,
    CHESS_MISSED, CHESS_VOTES, CHESS_GUEST_WORDS, CHESS_REVIEW,
)


# Index partitions: (which GSI, its partition key).
def chess_daily_board(day: str, band: str) -> tuple[int, str]:
    return 1, f"CD#{day}#{band}"


def alltime_board(band: str | None) -> tuple[int, str]:
    return 3, f"AT#{band or 'all'}"


def chess_daily_entry(day: str, band: str, pid: str) -> str:
    """The partition of `pid`'s entry on a daily board: its shard (service/store/keys.py)."""
    return K.board_entry(chess_daily_board(day, band), pid)


def alltime_entry(band: str | None, pid: str) -> str:
    """The partition of `pid`'s entry on an all-time board: its shard."""
    return K.board_entry(alltime_board(band), pid)


# The boards' partition-key prefixes, by index: the hooks' `board_prefixes` (what `python -m
# ops.shard_boards` looks for).
BOARDS = ((1, "CD#"), (3, "AT#"))


def chess_daily_rank(clean: bool, help_count: int, seconds: int, posted: str, pid: str) -> str:
    """Clean first, then less help (mistakes + hints), then the faster, then who posted first."""
    return f"{0 if clean else 1}#{help_count:0{K.HELP_WIDTH}d}#{seconds:0{K.SECONDS_WIDTH}d}#{posted}#{pid}"


# The kept dailies: one item each under a site-wide partition.
CHESS_DAILIES = "DAILY#chess"


def chess_daily(day: str, band: str) -> str:
    return f"{day}#{band}"


# Where the API serves the day's board, and its snapshot is published (service/boards/board.py).
DAILY_BOARD_PATH = "/boards/chess/daily/{date}"
