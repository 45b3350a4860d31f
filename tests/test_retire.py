"""Retiring a puzzle from the report (docs/votes.md, "Retiring a puzzle"): `build.py report puzzles
--retire` puts it on the bundle's retired list in favour of itself; it still opens by its link, is
never drawn again (a day's Storm run, the dailies, the themes pass over it), the bundle still checks,
and a remake keeps it retired."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ops.bundle.check import check_bundle
from puzzlebook.chess import theme_index
from puzzlebook.chess.daily import pick
from puzzlebook.chess.duplicates import retire, settle
from puzzlebook.chess.shards import Bundle
from puzzlebook.storm.run import pick_run

ROOT = Path(__file__).resolve().parent.parent
DAY = dt.date(2026, 12, 2)


@pytest.fixture
def shards(tmp_path: Path) -> Path:
    """A copy of the committed bundle, for the command to change."""
    return Path(shutil.copytree(ROOT / "shards", tmp_path / "shards"))


def report(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "build.py", "report", "puzzles", *args], cwd=ROOT,
                          capture_output=True, text=True, check=False)


@pytest.mark.slow  # the bundle's whole check replays every puzzle
def test_a_retired_puzzle_still_plays_by_its_link_and_is_never_drawn_again(shards: Path) -> None:
    before = Bundle(shards)
    storm = pick_run(DAY, key=b"k", bundle=before)
    daily = pick("Medium", DAY, [], key=b"k", bundle=before)
    gone = [storm[0].id, daily]
    done = report("--retire", *gone, "--dir", str(shards))
    assert done.returncode == 0, done.stderr
    first = storm[0]
    assert f"retired {first.id} ({first.band}): still plays at /#/p/{first.band}/{first.id}" in done.stdout
    assert f"version {before.version + 1}" in done.stdout

    after = Bundle(shards)
    assert after.version == before.version + 1
    assert set(gone) <= after.retired and all(after.index["duplicates"][pid] == pid for pid in gone)
    assert after.row(storm[0].band, storm[0].id) is not None  # its link still opens it
    assert storm[0].id not in {p.id for p in pick_run(DAY, key=b"k", bundle=after)}
    assert pick("Medium", DAY, [], key=b"k", bundle=after) != daily
    band = storm[0].band
    rows = {band: [after.shard(band, k) for k in range(after.index["bands"][band]["shards"])]}
    themed = theme_index.build(rows, after.index["duplicates"])
    ids = [row[0] for shard in rows[band] for row in shard]
    for theme, per_band in themed.places.items():
        places = theme_index.decode(per_band[band], theme_index.PLACE_WIDTH) if band in per_band else []
        assert ids.index(storm[0].id) not in places, theme
    assert check_bundle(shards) == []

    # Again: nothing changes, and the version stays.
    again = report("--retire", storm[0].id, "--dir", str(shards))
    assert again.returncode == 0 and "was retired already" in again.stdout
    assert Bundle(shards).version == after.version


def test_an_unknown_puzzle_is_refused_and_nothing_changes(shards: Path) -> None:
    index = (shards / "index.json").read_bytes()
    done = report("--retire", "zzzzz", "--dir", str(shards))
    assert done.returncode == 2 and "not in the bundle" in done.stderr and "zzzzz" in done.stderr
    assert (shards / "index.json").read_bytes() == index


def test_retiring_a_kept_twin_retires_its_duplicates_and_a_remake_keeps_them() -> None:
    # b and c duplicate a (a kept); a is reported and retired: its twins go with it.
    retired = retire({"b": "a", "c": "a", "x": "y"}, ["a"])
    assert retired == {"a": "a", "b": "b", "c": "c", "x": "y"}
    line = ("8/8/8/8/8/8/8/K6k w - -", "a1a2 h1h2")
    group = [("a", 1000, *line), ("b", 1100, *line), ("c", 1200, *line)]
    assert settle(group, retired) == retired  # none left live: as carried, none pointed at a retired one
