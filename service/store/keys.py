"""The item layout shared by both stores: partition and sort keys, and the index keys.

Every record is an item (PK, SK) with up to three index key pairs
(GSI1PK/GSI1SK ... GSI3PK/GSI3SK). An index key is present only on the items
that belong to that board (the indexes are sparse). Sort keys are zero-padded
composites, so one ascending read of an index partition is a board in order.
docs/store.md lists every item and every read.

This module holds the layout every game shares (players, the ratings and streak
boards, rate windows, health); each game's own items are in its keys module
(service/games/<key>/keys.py), under the prefixes its registry entry names.
"""

from __future__ import annotations

import hashlib
import re

# Widths of the padded numbers in sort keys: wide enough for every value the API accepts.
HELP_WIDTH = 4  # mistakes + hints: at most 1,000
SECONDS_WIDTH = 6  # at most 86,400 (a day)
_COUNT = 9  # clean solves, a player's lifetime
_RATING = 8  # rating in hundredths, offset so it stays positive
_STREAK = 6

COUNT_TOP = 10**_COUNT - 1
STREAK_TOP = 10**_STREAK - 1
RATING_TOP = 10**_RATING - 1


def player(pid: str) -> str:
    return f"P#{pid}"


PROFILE = "PROFILE"


# ---- board shards (docs/store.md, "Boards at scale") ---------------------------------------
# A board is SHARDS index partitions: a player's entry sits in `<board>#s<nn>`, nn a stable hash of
# their id, so the writes of a board spread over SHARDS partition keys. Sized from the scale model
# (`python -m bench scale`): RATING#chess, the busiest board, takes about 2,200 WCU/s at the 10 M
# peak, a 32nd of which is well under half a partition's 1,000, and 100 M stays under the whole.
SHARDS = 32
# The shard read whole for a board's snapshot: the hash makes it an even 1/SHARDS sample of the board.
SAMPLE_SHARD = 0
# A board too big for even a 1/SHARDS sample to be read every 15 s (the all-time board at 10 M players
# holds some 30 M entries) is sampled finer: of shard s00's players, those whose hash is also a
# multiple of 1,024 sit in `<board>#sa` instead, and of those, the multiples of 32,768 in `<board>#sb`.
# So `#sb` alone is an even 1/32,768 sample, `#sb` and `#sa` together 1/1,024, and with `#s00` 1/32;
# a board read takes the finest that holds enough entries (service/store/boards.py, `read_board`).
SAMPLE_LEVELS = (("b", SHARDS**3), ("a", SHARDS**2), (f"{SAMPLE_SHARD:02d}", SHARDS))
_SHARDED = re.compile(r"#s(?:\d\d|a|b)$")


def _hash(pid: str) -> int:
    return int.from_bytes(hashlib.blake2b(pid.encode("utf-8"), digest_size=8).digest(), "big")


def shard_of(pid: str) -> int:
    """`pid`'s board shard: blake2b of the id mod SHARDS (not Python's `hash`, which is salted per
    process), the same on every server and every run."""
    return _hash(pid) % SHARDS


def shard_suffix(pid: str) -> str:
    """What follows `#s` in the partition of `pid`'s entries: their shard (`00` … `31`), or, for the
    players of the finer samples, `a` (1/1,024) or `b` (1/32,768) in place of `00`."""
    h = _hash(pid)
    for suffix, every in SAMPLE_LEVELS[:-1]:
        if h % every == 0:
            return suffix
    return f"{h % SHARDS:02d}"


def shard(base: str, n: int | str) -> str:
    """The partition key of shard `n` (a number, or a finer sample's `a` or `b`) of the board `base`."""
    return f"{base}#s{n:02d}" if isinstance(n, int) else f"{base}#s{n}"


def board_entry(board: tuple[int, str], pid: str) -> str:
    """The index partition key of `pid`'s entry on `board` ((index, base partition), as each game's
    keys module names its boards): `<base>#s<nn>`. Every board entry is written through this."""
    return shard(board[1], shard_suffix(pid))


def board_partitions(base: str) -> list[str]:
    """Every partition a board's entries may sit in: its SHARDS shards, its two finer samples and,
    last, `base` itself, where entries written before the boards were sharded stay until
    `python -m ops.shard_boards` moves them."""
    return [shard(base, n) for n in range(SHARDS)] + [shard(base, s) for s, _ in SAMPLE_LEVELS[:-1]] + [base]


def unsharded(pk: str) -> bool:
    """Whether an index partition key names no shard (a board's entries from before sharding)."""
    return _SHARDED.search(pk) is None


# Index partitions: (which GSI, its partition key).
def ratings_board(game: str) -> tuple[int, str]:
    return 1, f"RATING#{game}"


def streak_board(game: str, day: str) -> tuple[int, str]:
    return 2, f"STREAK#{game}#{day}"


# The boards' partition-key prefixes laid out here, by index (each game's keys module has its own
# BOARDS): what `python -m ops.shard_boards` looks for.
BOARDS = ((1, "RATING#"), (2, "STREAK#"))


# Sort keys within the index partitions.
def count_rank(count: int, reached: str, pid: str) -> str:
    """More first; ties to whoever got there first."""
    return f"{COUNT_TOP - min(count, COUNT_TOP):0{_COUNT}d}#{reached}#{pid}"


def count_of(rank: str) -> int:
    """The count a `count_rank` sort key ranks.

    >>> count_of(count_rank(42, "2026-11-02T09:00:00.000000Z", "p1"))
    42
    """
    return int(COUNT_TOP) - int(rank.split("#", 1)[0])


def streak_rank(streak: int, reached: str, pid: str) -> str:
    """Longer first; ties to whoever got there first."""
    return f"{STREAK_TOP - min(streak, STREAK_TOP):0{_STREAK}d}#{reached}#{pid}"


def rating_rank(rating: float, pid: str) -> str:
    """Higher first. Hundredths of a point, offset by 10,000 so a (very) negative rating still sorts."""
    hundredths = max(0, min(RATING_TOP, round((rating + 10_000) * 100)))
    return f"{RATING_TOP - hundredths:0{_RATING}d}#{pid}"


def rate_window(name: str, who: str, window_start: int) -> str:
    return f"RL#{name}#{who}#{window_start}"


RATE = "WINDOW"


def rolling_window(name: str, who: str) -> str:
    """A rolling limit's counts (service/store/site.py, RollingCap): one item per limit and who."""
    return f"RW#{name}#{who}"


ROLLING = "ROLLING"

# /api/health's heartbeat: the item it writes to prove the store takes writes (docs/store.md).
HEALTH = "HEALTH"
HEARTBEAT = "HEARTBEAT"

# ---- ways back in (service/store/credentials.py) ----------------------------------------
# Under the player (P#<pid>), so deleting a player takes them all.


def token(token_hash: str) -> str:
    """A device's sign-in token, made by a passkey or recovery-code sign-in (its secret's SHA-256)."""
    return f"{TOKENS}{token_hash}"


TOKENS = "TOKEN#"


def passkey(credential_id: str) -> str:
    """A passkey, by its credential id (base64url)."""
    return f"{PASSKEYS}{credential_id}"


PASSKEYS = "PASSKEY#"
CODES = "CODES"  # the player's recovery-code set: the hashes not yet spent


# Outside any player: a recovery code is typed without a name, so it is found by its hash.
def recovery_code(code_hash: str) -> str:
    return f"CODE#{code_hash}"


CODE = "CODE"


# A WebAuthn challenge, by the ticket the browser hands back; single-use, expiring (TTL).
def challenge(ticket: str) -> str:
    return f"CHALLENGE#{ticket}"


CHALLENGE = "CHALLENGE"


def play(game: str) -> str:
    """The sort key of a player's current play of `game` as it was kept before plays moved into the
    game's state item (service/plays.py): one a game, replaced by each new ticket, gone with its TTL."""
    return f"PLAY#{game}"


def game_state(game: str) -> str:
    """The sort key of a player's state of `game`: its tallies (`doc`: chess's `STATS#chess`, Chain's
    `STATS#chain`) and their current play (`play`, service/plays.py)."""
    return f"STATS#{game}"
