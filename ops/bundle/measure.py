"""The measured table of a bundle, as docs/bundle.md shows it.

    python -m ops.bundle.measure [shards]

Everything is counted from the shards themselves: lengths from the moves,
"ends in mate" from Lichess's mate theme, motifs by choose.motif_of.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from ops.bundle.check import bundle_bytes
from puzzlebook.chess.bands import BANDS
from puzzlebook.chess.bundle.choose import motif_of
from puzzlebook.chess.shards import Bundle


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def table(root: str | Path) -> str:
    """The measured table (Markdown) of the bundle at `root`, with its size."""
    bundle = Bundle(root)
    lines = [
        "| band | ratings | puzzles | 1 move | 2 moves | 3 moves | ends in mate | top motifs |",
        "|---|---|---:|---:|---:|---:|---:|---|",
    ]
    total = 0
    for band, (low, high) in BANDS.items():
        rows = bundle.rows(band)
        n = len(rows)
        total += n
        lengths = Counter(len(r[2].split()) // 2 for r in rows)
        mate = sum("mate" in r[4].split() for r in rows)
        motifs = Counter(motif_of(r[4]) for r in rows)
        ranked = sorted(motifs.items(), key=lambda kv: (-kv[1], kv[0]))[:4]
        top = ", ".join(f"{m} {_share(k, n)}" for m, k in ranked)
        lines.append(
            f"| {band} | {low}–{high - 1} | {n:,} | {_share(lengths[1], n)} | {_share(lengths[2], n)} "
            f"| {_share(lengths[3], n)} | {_share(mate, n)} | {top} |"
        )
    size = bundle_bytes(Path(root))
    retired = len(bundle.retired)
    lines.append("")
    lines.append(
        f"{total:,} puzzles, {retired} retired as duplicates, {size:,} bytes "
        f"({size / 1e6:.2f} MB) of JSON in {sum(int(b['shards']) for b in bundle.index['bands'].values())} "
        f"shards and index.json; bundle version {bundle.version}."
    )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(table(sys.argv[1] if len(sys.argv) > 1 else "shards"), end="")
