"""Writing a bundle: the same bytes for the same content, and all or nothing.

Shards hold one row per line, sorted by id; index.json has sorted keys. Both
end with a newline. A bundle is written into a temporary directory beside its
destination and swapped in whole, so a failure leaves the old one untouched.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from puzzlebook.chess.shards import Row, shard_of

SHARD_BYTES = 32_000  # the size a band's shards aim at: one quick fetch each


def shard_text(rows: Iterable[Row]) -> str:
    """A shard file: a JSON list, one compact row per line, sorted by id."""
    lines = [json.dumps(row, separators=(",", ":")) for row in sorted(rows, key=lambda r: r[0])]
    return "[\n" + ",\n".join(lines) + "\n]\n" if lines else "[]\n"


def index_text(index: Mapping[str, Any]) -> str:
    """index.json's text: sorted keys, two-space indent, newline at the end."""
    return json.dumps(index, sort_keys=True, indent=2) + "\n"


def shard_count(rows: list[Row], target: int = SHARD_BYTES) -> int:
    """How many shards a band of `rows` needs so they average at most `target` bytes."""
    size = sum(len(json.dumps(row, separators=(",", ":"))) + 2 for row in rows)
    return max(1, math.ceil(size / target))


def band_files(band: str, rows: list[Row], shards: int) -> dict[str, str]:
    """The band's shard files: relative path -> text, every shard present even if empty."""
    split: list[list[Row]] = [[] for _ in range(shards)]
    for row in rows:
        split[shard_of(row[0], shards)].append(row)
    return {f"{band}/{k}.json": shard_text(part) for k, part in enumerate(split)}


def read_files(root: Path) -> dict[str, str]:
    """Every shard file under a bundle's root (index.json aside): relative path -> text."""
    if not root.is_dir():
        return {}
    return {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(root.glob("*/*.json"))
    }


def swap_in(out: Path, files: Mapping[str, str]) -> None:
    """Write `files` (relative path -> text) as the whole of directory `out`.

    Everything is written to a temporary directory beside `out` first; only
    then is the old `out` moved aside and the new one renamed into place.
    """
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=f".{out.name}.new.", dir=out.parent))
    try:
        for rel, text in files.items():
            path = fresh / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        os.chmod(fresh, 0o755)  # mkdtemp makes it private; a bundle is for serving
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    if out.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old.", dir=out.parent))
        os.rename(out, old / out.name)
        os.rename(fresh, out)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.rename(fresh, out)
