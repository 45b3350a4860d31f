"""The committed bundle is reproducible: remade from the shared slice with the
settings index.json records, it comes out byte for byte the same."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import zstandard

from ops.bundle import CANDIDATES, MOTIF_CAP
from ops.bundle.measure import table

ROOT = Path(__file__).resolve().parent.parent
SHARDS = ROOT / "shards"
SLICE = ROOT.parent / "shared" / "data" / "lichess" / "puzzles.csv"
COMMITTED = ROOT / "data" / "lichess" / "puzzles.csv.zst"


def source_of(index: dict, scratch: Path) -> Path:
    """Where the committed bundle's source is: the file PUZZLEBOOK_BUNDLE_SOURCE
    names (the full dump, once the bundle is made from it), the shared slice
    beside the repository, or the committed zstd copy of that slice
    (data/lichess/), decompressed into `scratch`."""
    name = index["made"]["source"]["name"]
    given = os.environ.get("PUZZLEBOOK_BUNDLE_SOURCE")
    if given:
        return Path(given)
    if name != SLICE.name:
        return Path(name)
    if SLICE.is_file():
        return SLICE
    if COMMITTED.is_file():
        out = scratch / SLICE.name
        with open(COMMITTED, "rb") as src, open(out, "wb") as dst:
            zstandard.ZstdDecompressor().copy_stream(src, dst)
        return out
    return SLICE


def flags(params: dict) -> list[str]:
    """The command-line flags that give these recorded settings."""
    out = ["--per-band", str(params["per_band"]), "--min-plays", str(params["min_plays"]),
           "--min-popularity", str(params["min_popularity"]), "--max-deviation", str(params["max_deviation"]),
           "--shard-bytes", str(params["shard_bytes"])]
    for column in params["admit_unknown"]:
        out += ["--admit-unknown", column]
    return out


@pytest.mark.slow
def test_remaking_from_the_source_gives_the_committed_bytes(tmp_path: Path) -> None:
    index = json.loads((SHARDS / "index.json").read_text())
    made = index["made"]
    source = source_of(index, tmp_path)
    if not source.is_file():
        pytest.skip(f"the bundle's source {made['source']['name']} is not here "
                    "(set PUZZLEBOOK_BUNDLE_SOURCE to its path)")
    assert source.name == made["source"]["name"]
    with open(source, "rb") as f:
        digest = hashlib.file_digest(f, "sha256").hexdigest()
    assert digest == made["source"]["sha256"], f"{source} is not the file the bundle was made from"
    params = made["params"]
    assert (params["candidates"], params["motif_cap"]) == (CANDIDATES, MOTIF_CAP)
    # Remake over a copy of the committed bundle, as an operator would: the
    # version and retired list carry over, and nothing should change.
    out = tmp_path / "shards"
    shutil.copytree(SHARDS, out)
    done = subprocess.run(
        [sys.executable, "build.py", "bundle", str(source), "--out", str(out), *flags(params)],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    committed = {p.relative_to(SHARDS).as_posix(): p.read_bytes() for p in SHARDS.rglob("*") if p.is_file()}
    remade = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert sorted(remade) == sorted(committed)
    differ = [name for name in committed if committed[name] != remade[name]]
    assert differ == []


def test_docs_show_the_committed_bundles_measured_table() -> None:
    text = (ROOT / "docs" / "bundle.md").read_text()
    start, end = "<!-- measured: python -m ops.bundle.measure -->\n", "<!-- /measured -->"
    shown = text.split(start, 1)[1].split(end, 1)[0]
    assert shown == table(SHARDS), "docs/bundle.md is out of date: paste the measure between its markers"
