"""Duplicates (the same position and the same moves) and the bundle's version.

Lichess has a few puzzles twice, from games that reached the same position. The
lower-rated of each group is kept; the others are retired in index.json's
`duplicates` ({retiredId: keptId}). A retired puzzle stays in its shard, so old
links still open, but it is never drawn again. Once retired, always retired:
a remake carries the list over, and the version only goes up.

The same list retires a puzzle an operator takes out for its own fault (reported broken, say:
`build.py report puzzles --retire`): it is listed in favour of itself, {id: id}, since nothing
takes its place (`retire`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

# (id, rating, position, moves): position is the FEN without its move clocks.
Puzzle = tuple[str, int, str, str]


def groups(puzzles: Iterable[Puzzle]) -> list[list[tuple[int, str]]]:
    """Every group of two or more puzzles with the same position and moves, as
    (rating, id) pairs sorted lowest rating first (then id), groups in order."""
    by_line: dict[tuple[str, str], list[tuple[int, str]]] = defaultdict(list)
    for pid, rating, position, moves in puzzles:
        by_line[(position, moves)].append((rating, pid))
    return sorted(sorted(g) for g in by_line.values() if len(g) > 1)


def carried(old: Mapping[str, Any] | None, changed: bool, ids: set[str]) -> dict[str, Any]:
    """What a remade bundle keeps of the index it replaces: its version, raised by
    one if any shard changed (a first bundle is version 1), and its retired
    duplicates whose two puzzles are both still in it."""
    if not old:
        return {"version": 1, "duplicates": {}}
    kept = {d: k for d, k in old.get("duplicates", {}).items() if d in ids and k in ids}
    return {"version": int(old["version"]) + (1 if changed else 0), "duplicates": kept}


def retire(duplicates: Mapping[str, str], ids: Iterable[str]) -> dict[str, str]:
    """The retired list with `ids` retired for their own fault: each listed in favour of itself, and
    any duplicate kept in favour of one of them pointed at itself too (its twin, the same position
    and moves, has the same fault; and a keptId stays a live puzzle or the entry's own).

    >>> retire({"b": "a", "c": "d"}, ["a"])
    {'a': 'a', 'b': 'b', 'c': 'd'}
    """
    gone = set(ids)
    result = {d: (d if k in gone else k) for d, k in duplicates.items()}
    result.update({pid: pid for pid in gone})
    return dict(sorted(result.items()))


def settle(puzzles: Iterable[Puzzle], retired: Mapping[str, str]) -> dict[str, str]:
    """The duplicates list for a bundle: `retired` (carried over) brought up to date.

    In each group the lowest-rated puzzle not already retired is kept and every
    other member is retired to it. Carried entries stay retired (never drawn
    again) and are pointed at their group's keeper; carried entries outside any
    group, or in a group with none left live, are kept as they are.
    """
    result = dict(retired)
    for group in groups(puzzles):
        live = [pid for _, pid in group if pid not in retired]
        if not live:
            continue  # every one retired (an operator's retirement took the keeper): as carried
        keeper = live[0]
        for _, pid in group:
            if pid != keeper:
                result[pid] = keeper
    return dict(sorted(result.items()))
