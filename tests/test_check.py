"""build.py check: passes a sound bundle, fails each broken one with the reason."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import build
from ops.bundle import Settings, make_bundle
from puzzlebook.chess.shards import shard_of
from tests.test_bundle_rows import band_rows, row, write_csv

ROOT = Path(__file__).resolve().parent.parent


# One xdist worker runs the module, so its module-scoped fixtures are made once.
pytestmark = pytest.mark.xdist_group("check")


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("made")
    rows = band_rows(1000, 6) + band_rows(1400, 6, start=500)
    twin = row(999, 1490, 2, fen=rows[30]["FEN"], moves=rows[30]["Moves"])
    src = write_csv(tmp / "p.csv", [*rows, twin])
    make_bundle(src, tmp / "shards", Settings(per_band=24, shard_bytes=1500))
    return tmp / "shards"


@pytest.fixture
def bundle(made: Path, tmp_path: Path) -> Path:
    """A fresh copy of the sound bundle to break."""
    copy = tmp_path / "shards"
    shutil.copytree(made, copy)
    return copy


def check(root: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = build.main(["check", "--dir", str(root)])
    said = capsys.readouterr()
    return code, said.out + said.err


def edit_index(root: Path, change) -> None:  # type: ignore[no-untyped-def]
    index = json.loads((root / "index.json").read_text())
    change(index)
    (root / "index.json").write_text(json.dumps(index))


def first_row(root: Path, band: str) -> tuple[Path, list]:
    for path in sorted((root / band).glob("*.json")):
        rows = json.loads(path.read_text())
        if rows:
            return path, rows
    raise AssertionError("an empty band")


def test_sound_bundle_passes(bundle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, said = check(bundle, capsys)
    assert code == 0, said
    assert "ok" in said and "48 puzzles replay" in said and "1 duplicates retired" in said


def test_unlisted_duplicate_fails(bundle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit_index(bundle, lambda index: index["duplicates"].clear())
    code, said = check(bundle, capsys)
    assert code == 1
    assert "have the same position and moves" in said


def test_row_that_does_not_replay_fails(bundle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, rows = first_row(bundle, "Easy")
    first = rows[0][2].split()[0]
    rows[0][2] = f"{first} {first}"  # the second time, its square is empty
    path.write_text(json.dumps(rows))
    code, said = check(bundle, capsys)
    assert code == 1
    assert f"puzzle {rows[0][0]} does not replay (illegal move)" in said


def test_odd_line_and_bad_fen_fail(bundle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, rows = first_row(bundle, "Medium")
    rows[0][2] = " ".join(rows[0][2].split()[:-1])
    rows[-1][1] = "8/8/8/8/8/8/8/8 w - - 0 1"
    path.write_text(json.dumps(rows))
    code, said = check(bundle, capsys)
    assert code == 1
    assert "does not replay (odd line)" in said and "does not replay (invalid FEN)" in said


def test_a_game_that_is_not_id_and_ply_fails(bundle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, rows = first_row(bundle, "Medium")
    rows[0] = [*rows[0][:5], "https://lichess.org/abcdefgh#3"]  # the URL, not the bundle's reference
    rows[-1] = [*rows[-1][:5], "abcdefgh#7"]  # as the maker writes it: fine
    path.write_text(json.dumps(rows))
    code, said = check(bundle, capsys)
    assert code == 1
    wrong = "names its game as 'https://lichess.org/abcdefgh#3', not <game id>#<ply>"
    assert f"puzzle {rows[0][0]} {wrong}" in said
    assert rows[-1][0] not in said


def test_puzzle_in_the_wrong_shard_fails(bundle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shards = json.loads((bundle / "index.json").read_text())["bands"]["Easy"]["shards"]
    assert shards > 1
    path, rows = first_row(bundle, "Easy")
    moved = rows.pop(0)
    home = shard_of(moved[0], shards)
    elsewhere = bundle / "Easy" / f"{(home + 1) % shards}.json"
    path.write_text(json.dumps(rows))
    elsewhere.write_text(json.dumps([*json.loads(elsewhere.read_text()), moved]))
    code, said = check(bundle, capsys)
    assert code == 1
    assert f"puzzle {moved[0]} is here, but its id hashes to shard {home}" in said


def test_bundle_over_six_megabytes_fails(bundle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, rows = first_row(bundle, "Easy")
    path.write_text(json.dumps(rows) + " " * 6_000_000)  # still valid JSON
    code, said = check(bundle, capsys)
    assert code == 1
    assert "over the limit of 6,000,000" in said


def test_counts_and_ratings_must_match_the_index(bundle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit_index(bundle, lambda index: index["bands"]["Easy"].update(count=99))
    path, rows = first_row(bundle, "Medium")
    rows[0][3] = 2500
    path.write_text(json.dumps(rows))
    code, said = check(bundle, capsys)
    assert code == 1
    assert "band Easy says 99 puzzles, its shards hold 24" in said
    assert "is rated 2500, outside the band's 1400-1799" in said


def _git(cwd: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"}
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, timeout=60)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_version_lower_than_git_head_fails(made: Path, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    repo = tmp_path / "repo"  # a repository of its own, not the project's
    shutil.copytree(made, repo / "shards")
    edit_index(repo / "shards", lambda index: index.update(version=3))
    _git(repo, "init", "-q")
    _git(repo, "add", "shards")
    _git(repo, "-c", "commit.gpgsign=false", "commit", "-q", "-m", "bundle v3")
    code, said = check(repo / "shards", capsys)
    assert code == 0 and "committed version 3" in said
    edit_index(repo / "shards", lambda index: index.update(version=2))
    code, said = check(repo / "shards", capsys)
    assert code == 1
    assert "version 2 is lower than the committed 3" in said


@pytest.mark.slow
def test_committed_bundle_passes() -> None:
    done = subprocess.run([sys.executable, "build.py", "check"], cwd=ROOT, capture_output=True, text=True,
                          check=False, timeout=300)
    assert done.returncode == 0, done.stderr
