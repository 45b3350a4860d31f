"""The item layout shared by both stores: partition and sort keys, and the index keys.

Every record is an item (PK, SK) with up to three index key pairs
(GSI1PK/GSI1SK ... GSI3PK/GSI3SK). An index key is present only on the items
that belong to that board (the indexes are sparse). Sort keys are zero-padded
composites, so one ascending read of an index partition is a board in order.
docs/store.md lists every item and every read.
"""

from __future__ import annotations

# Widths of the padded numbers in sort keys: wide enough for every value the API accepts.
_HELP = 4  # mistakes + hints: at most 1,000
_SECONDS = 6  # at most 86,400 (a day)
_MOVES = 6  # Chain undos + resets
_COUNT = 9  # clean solves, a player's lifetime
_RATING = 8  # rating in hundredths, offset so it stays positive
_STREAK = 6

COUNT_TOP = 10**_COUNT - 1
STREAK_TOP = 10**_STREAK - 1
RATING_TOP = 10**_RATING - 1


def player(pid: str) -> str:
    return f"P#{pid}"


PROFILE = "PROFILE"
CHESS_STATS = "STATS#chess"
CHAIN_STATS = "STATS#chain"


def chess_tally(band: str) -> str:
    return f"TALLY#chess#{band}"


def chess_solve(puzzle_id: str) -> str:
    return f"CS#{puzzle_id}"


def chess_miss(puzzle_id: str) -> str:
    return f"CM#{puzzle_id}"


def chain_result(day: str) -> str:
    return f"K#{day}"


# Index partitions: (which GSI, its partition key).
def chess_daily_board(day: str, band: str) -> tuple[int, str]:
    return 1, f"CD#{day}#{band}"


def chain_daily_board(day: str) -> tuple[int, str]:
    return 1, f"KD#{day}"


def ratings_board(game: str) -> tuple[int, str]:
    return 1, f"RATING#{game}"


def streak_board(game: str, day: str) -> tuple[int, str]:
    return 2, f"STREAK#{game}#{day}"


def alltime_board(band: str | None) -> tuple[int, str]:
    return 3, f"AT#{band or 'all'}"


def lessons_of(owner_id: str) -> tuple[int, str]:
    return 2, f"LESSONS#{owner_id}"


# Sort keys within the index partitions.
def chess_daily_rank(clean: bool, help_count: int, seconds: int, posted: str, pid: str) -> str:
    """Clean first, then less help (mistakes + hints), then the faster, then who posted first."""
    return f"{0 if clean else 1}#{help_count:0{_HELP}d}#{seconds:0{_SECONDS}d}#{posted}#{pid}"


def chain_daily_rank(clean: bool, undos_resets: int, seconds: int, posted: str, pid: str) -> str:
    """Clean (no undo or reset) first, then fewer undos and resets, then time, then who posted first."""
    return f"{0 if clean else 1}#{undos_resets:0{_MOVES}d}#{seconds:0{_SECONDS}d}#{posted}#{pid}"


def count_rank(count: int, reached: str, pid: str) -> str:
    """More first; ties to whoever got there first."""
    return f"{COUNT_TOP - min(count, COUNT_TOP):0{_COUNT}d}#{reached}#{pid}"


def streak_rank(streak: int, reached: str, pid: str) -> str:
    """Longer first; ties to whoever got there first."""
    return f"{STREAK_TOP - min(streak, STREAK_TOP):0{_STREAK}d}#{reached}#{pid}"


def rating_rank(rating: float, pid: str) -> str:
    """Higher first. Hundredths of a point, offset by 10,000 so a (very) negative rating still sorts."""
    hundredths = max(0, min(RATING_TOP, round((rating + 10_000) * 100)))
    return f"{RATING_TOP - hundredths:0{_RATING}d}#{pid}"


# Site-wide records.
CHAIN_DAYS = "CHAIN"
CHAIN_FAILURES = "CHAINFAIL"
CHESS_DAILIES = "DAILY#chess"


def chess_daily(day: str, band: str) -> str:
    return f"{day}#{band}"


def lesson(lesson_id: str) -> str:
    return f"L#{lesson_id}"


LESSON = "LESSON"


def lesson_part(number: int) -> str:
    """The sort key of the `number`th (0-based) slice of a lesson's JSON text."""
    return f"PART#{number:03d}"


LESSON_PARTS = "PART#"


def lesson_answer(index: int, player_key: str) -> str:
    return f"R#{index:04d}#{player_key}"


def lesson_tally(index: int) -> str:
    return f"T#{index:04d}"


def rate_window(name: str, who: str, window_start: int) -> str:
    return f"RL#{name}#{who}#{window_start}"


RATE = "WINDOW"

# /api/health's heartbeat: the item it writes to prove the store takes writes (docs/store.md).
HEALTH = "HEALTH"
HEARTBEAT = "HEARTBEAT"
