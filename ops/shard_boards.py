"""Move board entries written before the boards were sharded into their shards.

    python -m ops.shard_boards                  the store PUZZLEBOOK_STORE names (the local default)
    python -m ops.shard_boards --store dynamodb://TABLE
    python -m ops.shard_boards --dry-run        only count what would move

A board's entries sit in `<board>#s<nn>` (service/store/keys.py, `board_entry`). Entries written
before that sit in `<board>` itself; every board read takes that partition as one more shard, so
nothing on a board is lost meanwhile, and this command moves them: each item with such an index key
is rewritten with the key of its shard, on the condition that it is still exactly the item read (a
result posted meanwhile is never undone: the item is read again and moved as it is then). Run it
once after deploying the sharded code; running it again finds nothing to move. It Scans the indexes,
so it is an operator's command, never run on a request path (docs/store.md, "Boards at scale").
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass

from service.games.registry import every_game
from service.store import keys as K
from service.store import open_store
from service.store.base import Store
from service.store.items import INDEXES, Conflict, Gone, Item, Key, Put

# Every board's partition-key prefixes, by index: the shared ones and each game's (its hooks').
BOARDS: tuple[tuple[int, str], ...] = (
    *K.BOARDS, *(prefix for _, hooks in every_game() for prefix in hooks.board_prefixes)
)
ATTEMPTS = 10


@dataclass
class Moved:
    """What a run found: items moved, index entries moved (an item may sit on several boards), and
    items whose player was deleted meanwhile (left to the deletion)."""

    items: int = 0
    entries: int = 0
    gone: int = 0


def _old_entries(item: Item) -> list[int]:
    """The indexes on which `item` is a board entry in an unsharded partition."""
    out = []
    for index in INDEXES:
        pk = item.get(f"GSI{index}PK")
        if isinstance(pk, str) and K.unsharded(pk) and any(
            n == index and pk.startswith(prefix) for n, prefix in BOARDS
        ):
            out.append(index)
    return out


def resharded(item: Item) -> Item:
    """`item` with each of its unsharded board entries moved to its shard (itself when none is)."""
    old = _old_entries(item)
    if not old:
        return item
    pid = str(item["PK"])[len(K.player("")):]
    moved = dict(item)
    for index in old:
        moved[f"GSI{index}PK"] = K.board_entry((index, str(item[f"GSI{index}PK"])), pid)
    return moved


def move_entries(store: Store, *, dry_run: bool = False) -> Moved:
    """Move every unsharded board entry of `store` into its shard (or, `dry_run`, count them)."""
    found: set[Key] = set()
    for index in INDEXES:
        for entry in store.scan_index(index):
            if _old_entries(entry):
                found.add((entry["PK"], entry["SK"]))
    moved = Moved()
    for key in sorted(found):
        item = store.get_item(*key)  # the whole item: an index holds only part of it
        if item is None:
            continue
        if dry_run:
            moved.items += 1
            moved.entries += len(_old_entries(item))
            continue
        _move(store, key, item, moved)
    return moved


def _move(store: Store, key: Key, item: Item | None, moved: Moved) -> None:
    for _ in range(ATTEMPTS):
        if item is None:
            return  # deleted meanwhile
        entries = len(_old_entries(item))
        if not entries:
            return  # rewritten into its shard meanwhile
        try:
            store.transact([Put(resharded(item), same=item)])
        except Gone:
            moved.gone += 1
            return
        except Conflict:
            item = store.get_item(*key)  # changed since it was read: move it as it is now
            continue
        moved.items += 1
        moved.entries += entries
        return
    raise RuntimeError(f"{' '.join(key)} kept changing; run the command again")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ops.shard_boards", description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", help="the store's URL (default: PUZZLEBOOK_STORE, else the local file)")
    parser.add_argument("--dry-run", action="store_true", help="count what would move; move nothing")
    args = parser.parse_args(argv)
    from service.settings import DEFAULT_STORE

    url = args.store or os.environ.get("PUZZLEBOOK_STORE") or DEFAULT_STORE
    try:
        store = open_store(url)
    except ValueError as exc:
        print(f"ops.shard_boards: {exc}", file=sys.stderr)
        return 2
    try:
        moved = move_entries(store, dry_run=args.dry_run)
    finally:
        store.close()
    verb = "would move" if args.dry_run else "moved"
    print(f"ops.shard_boards: {verb} {moved.entries} board entries of {moved.items} items into their shards"
          + (f"; {moved.gone} of players deleted meanwhile left to the deletion" if moved.gone else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
