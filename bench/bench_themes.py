"""The theme index's size (issue 15's budget: 1 MB in all) and how long the build spends making
it: python -m bench themes. Prints the whole index as written and as Brotli sends it, what a
player of one theme fetches (the theme's file and the rating tables of the bands it draws from),
and the largest theme file."""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

from puzzlebook.chess import theme_index
from puzzlebook.chess.shards import Bundle
from sitebuild import shards
from sitebuild.output import Output

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    bundle = Bundle(ROOT / "shards")
    bands = {band: [bundle.shard(band, k) for k in range(int(info["shards"]))]
             for band, info in bundle.index["bands"].items()}
    started = time.perf_counter()
    theme_index.build(bands, bundle.retired)
    made = time.perf_counter() - started
    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(tmp)
        published = shards.publish(ROOT / "shards", Output(dist))
        assert published is not None
        raw, sent = shards.theme_index_bytes(dist, published)
        manifest = published["themes"]

        def size(name: str, suffix: str = "") -> int:
            return (dist / "shards" / f"{name}{suffix}").stat().st_size

        tables = sum(size(n) for n in manifest["ratings"].values())
        files = {t: size(n) for t, n in manifest["files"].items()}
        biggest = max(files, key=files.__getitem__)
        fork = size(manifest["files"]["fork"], ".br") + size(manifest["ratings"]["Medium"], ".br")
        listed = len(json.dumps(manifest, separators=(",", ":")))
    budget = shards.THEME_INDEX_BUDGET
    print(f"theme index: {raw:,} bytes as written ({raw / budget:.0%} of the {budget:,} budget), "
          f"{sent:,} with Brotli")
    print(f"  {len(files)} theme files, {sum(files.values()):,} bytes; rating tables {tables:,} bytes; "
          f"its part of index.json {listed:,} bytes")
    print(f"  largest theme file: {biggest}, {files[biggest]:,} bytes")
    print(f"  a player of fork in Medium fetches {fork:,} bytes with Brotli (its file and one table)")
    print(f"  made in {made * 1000:.0f} ms from {sum(len(r) for s in bands.values() for r in s):,} puzzles")


if __name__ == "__main__":
    main()
