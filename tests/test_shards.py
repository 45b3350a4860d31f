"""The bundle's reader: shard_of (as the browser computes it) and Bundle."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from ops.bundle import Settings, make_bundle
from puzzlebook.chess.shards import Bundle, shard_of
from tests.test_bundle_rows import band_rows, row, write_csv

IDS = ["00008", "0000D", "zzzzz", "AbC12", "q9Q9q", "x", "Ünï"]

BROWSER = """
const ids = JSON.parse(process.argv[1]);
const out = [];
for (const id of ids) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(id));
  const first = new DataView(digest).getUint32(0, false);
  out.push([1, 7, 29, 64].map((n) => first % n));
}
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_shard_of_agrees_with_the_browsers_crypto_subtle() -> None:
    done = subprocess.run(
        ["node", "--input-type=module", "-e", BROWSER, json.dumps(IDS)],
        capture_output=True, text=True, check=True, timeout=60,
    )
    browser = json.loads(done.stdout)
    assert browser == [[shard_of(i, n) for n in (1, 7, 29, 64)] for i in IDS]


def test_shard_of_spreads_ids_over_every_shard() -> None:
    counts = [0] * 16
    for n in range(4000):
        counts[shard_of(f"id{n:04d}", 16)] += 1
    assert min(counts) > 150 and max(counts) < 350


def test_shard_of_needs_a_shard() -> None:
    with pytest.raises(ValueError):
        shard_of("00008", 0)


# One xdist worker runs the module, so its module-scoped fixtures are made once.
pytestmark = pytest.mark.xdist_group("shards")


@pytest.fixture(scope="module")
def bundle_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("shards")
    rows = band_rows(1400, 12)
    twin = row(999, 1790, 2, fen=rows[1]["FEN"], moves=rows[1]["Moves"])
    src = write_csv(tmp / "p.csv", [*rows, twin])
    # Small shards, so the band has several.
    make_bundle(src, tmp / "shards", Settings(per_band=40, shard_bytes=1200))
    return tmp / "shards"


def test_bundle_reads_index_version_and_retired(bundle_dir: Path) -> None:
    bundle = Bundle(bundle_dir)
    index = json.loads((bundle_dir / "index.json").read_text())
    assert bundle.index == index
    assert bundle.version == 1
    assert bundle.retired == set(index["duplicates"]) and len(bundle.retired) == 1


def test_row_reads_only_the_one_shard_it_needs(bundle_dir: Path, tmp_path: Path) -> None:
    shards = Bundle(bundle_dir).index["bands"]["Medium"]["shards"]
    assert shards > 3
    everyone = Bundle(bundle_dir).rows("Medium")
    assert len(everyone) == 40
    target = everyone[17]
    home = shard_of(target[0], shards)
    # A copy holding nothing but the index and that one shard still answers.
    lone = tmp_path / "lone"
    (lone / "Medium").mkdir(parents=True)
    shutil.copy(bundle_dir / "index.json", lone / "index.json")
    shutil.copy(bundle_dir / "Medium" / f"{home}.json", lone / "Medium" / f"{home}.json")
    assert Bundle(lone).row("Medium", target[0]) == target


def test_row_finds_every_puzzle_and_nothing_else(bundle_dir: Path) -> None:
    bundle = Bundle(bundle_dir)
    for r in bundle.rows("Medium"):
        assert bundle.row("Medium", r[0]) == r
    assert bundle.row("Medium", "nope0") is None
    assert bundle.row("Easy", bundle.rows("Medium")[0][0]) is None
    assert bundle.row("Grandmaster", "00008") is None
    assert bundle.rows("Grandmaster") == []


def test_bundle_is_lazy_and_keeps_what_it_read(bundle_dir: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(bundle_dir, copy)
    missing = Bundle(tmp_path / "not-there")  # nothing read yet
    with pytest.raises(FileNotFoundError):
        missing.index  # noqa: B018 (reading is the point)
    bundle = Bundle(copy)
    first = bundle.rows("Medium")
    shutil.rmtree(copy)  # what was read stays readable
    assert bundle.rows("Medium") == first
    assert bundle.version == 1
