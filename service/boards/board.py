"""A live board: which board it is (the registry's id, its day and band), where its snapshot is
published, and how the store reads it (a BoardSpec).

The snapshot's path is `snapshots/` + the board's API path after `/boards/` (the game's
`board_paths`, its day filled in) + `/<band>` when it has one + `.json`:

    >>> snapshot_path("/boards/chess/daily/{date}", "2026-12-02", "Easy")
    'snapshots/chess/daily/2026-12-02/Easy.json'
    >>> snapshot_path("/boards/ratings/chess"), snapshot_path("/boards/chess/alltime", band="Hard")
    ('snapshots/ratings/chess.json', 'snapshots/chess/alltime/Hard.json')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from puzzlebook.places import BoardEntry
from service.store.boards import BoardSpec

if TYPE_CHECKING:
    from service.store.base import Store

SNAPSHOTS = "snapshots/"
# What a snapshot may be cached for, by a browser and by the CDN: the publisher writes at most this often.
SNAPSHOT_SECONDS = 15
SNAPSHOT_CACHE_CONTROL = f"public, max-age={SNAPSHOT_SECONDS}"


def snapshot_path(api_path: str, date: str | None = None, band: str | None = None) -> str:
    """Where the snapshot of the board served at `api_path` (a game's `board_paths` entry, "{date}" where
    it takes its day) is published, for `date` and `band`."""
    rest = api_path.format(date=date or "").removeprefix("/boards/").strip("/")
    return f"{SNAPSHOTS}{rest}{'/' + band if band else ''}.json"


def rank_key(sort_key: str) -> str:
    """A board entry's rank key: its index sort key with the trailing `#<pid>` cut off (a snapshot
    carries no player id). One key sorts before another exactly when it ranks higher.

    >>> rank_key("0#0000#000042#2026-12-02T09:00:00.000000Z#p1b2c3")
    '0#0000#000042#2026-12-02T09:00:00.000000Z'
    """
    return sort_key.rsplit("#", 1)[0]


@dataclass(frozen=True, slots=True)
class LiveBoard:
    """One board to publish: the registry's board id ("chess/daily"), its day and band (None where it
    has none), its snapshot's path, and the spec the store reads it by."""

    board: str
    date: str | None
    band: str | None
    path: str
    spec: BoardSpec


def on_board(spec: BoardSpec, partition: object) -> bool:
    """Whether an item's index partition key is one of the board's partitions (or one of their
    shards, `<partition>#s<nn>`)."""
    if not isinstance(partition, str):
        return False
    return any(partition == p or partition.startswith(p + "#s") for p in spec.partitions)


def own_entry(store: Store, board: LiveBoard) -> BoardEntry | None:
    """The caller's own entry on `board` (its spec's `mine`: one read of their own item), with its
    rank key and the board's columns of it; None when they have none there."""
    spec = board.spec
    if spec.mine is None:
        return None
    item = store.get_item(*spec.mine)
    if item is None or not on_board(spec, item.get(f"GSI{spec.index}PK")):
        return None
    return BoardEntry(board.path, rank_key(str(item[f"GSI{spec.index}SK"])), spec.detail(item))
