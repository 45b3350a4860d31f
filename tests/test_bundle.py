"""The bundle maker on small handmade Lichess CSVs: what it writes, what it refuses."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
import zstandard

import build
from ops.bundle import Bar, BundleError, Settings, SourceError, make_bundle
from puzzlebook.chess.bands import BANDS
from puzzlebook.chess.bundle import scan as bundle_scan
from puzzlebook.chess.shards import Bundle, shard_of
from puzzlebook.chess.source_game import game_ref
from tests.test_bundle_rows import HEADER, band_rows, csv_text, pid, row, write_csv

SMALL = Settings(per_band=16)  # four a hundred: one one-mover, two two-movers, one three-mover


def every_band(per_hundred: int = 6, **kw: object) -> list[dict[str, str]]:
    rows = []
    for k, (low, _) in enumerate(BANDS.values()):
        rows += band_rows(low, per_hundred, start=1000 * k, **kw)
    return rows


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under root, by relative path."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


# One xdist worker runs the module, so its module-scoped fixtures are made once.
pytestmark = pytest.mark.xdist_group("bundle")


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_csv(tmp_path_factory.mktemp("src") / "puzzles.csv", every_band())


def test_writes_index_and_shards_as_the_design_says(source: Path, tmp_path: Path) -> None:
    made = make_bundle(source, tmp_path / "shards", SMALL)
    out = tmp_path / "shards"
    index = json.loads((out / "index.json").read_text())
    assert set(index) == {"version", "bands", "duplicates", "made"}
    assert index["version"] == 1 and index["duplicates"] == {}
    for band, (low, high) in BANDS.items():
        info = index["bands"][band]
        assert (info["low"], info["high"], info["count"]) == (low, high, 16)
        rows = [r for k in range(info["shards"]) for r in json.loads((out / band / f"{k}.json").read_text())]
        assert len(rows) == 16
        for k in range(info["shards"]):
            for r in json.loads((out / band / f"{k}.json").read_text()):
                assert shard_of(r[0], info["shards"]) == k
                _, _, moves, rating, themes, game = r  # every handmade row names its game
                assert game.startswith("abcdefgh#") and game == game_ref(f"https://lichess.org/{game}")
                assert isinstance(rating, int) and low <= rating < high
                assert isinstance(moves, str) and isinstance(themes, str) and " " in moves
        lengths = index["made"]["counts"]["bands"][band]["lengths"]
        assert lengths == {"1": 4, "2": 8, "3": 4}
    source_info = index["made"]["source"]
    assert source_info["name"] == "puzzles.csv"
    assert source_info["sha256"] == hashlib.sha256(source.read_bytes()).hexdigest()
    assert source_info["rows"] == 5 * 24
    params = index["made"]["params"]
    assert (params["per_band"], params["min_plays"], params["min_popularity"], params["max_deviation"]) == (
        16, 1000, 80, 90)
    assert params["admit_unknown"] == [] and params["candidates"] == 8000 and params["motif_cap"] == 0.3
    assert made.bytes == sum(len(b) for b in snapshot(out).values())


def test_output_is_the_same_bytes_every_time(source: Path, tmp_path: Path) -> None:
    make_bundle(source, tmp_path / "a", SMALL)
    make_bundle(source, tmp_path / "b", SMALL)
    a, b = snapshot(tmp_path / "a"), snapshot(tmp_path / "b")
    assert a == b
    text = a["index.json"].decode()
    assert text.endswith("}\n") and json.loads(text)
    shard = a["Easy/0.json"].decode()
    assert shard.startswith("[\n") and shard.endswith("\n]\n")


def test_zstd_source_gives_the_same_bundle(source: Path, tmp_path: Path) -> None:
    packed = tmp_path / "puzzles.csv.zst"
    packed.write_bytes(zstandard.ZstdCompressor(level=3).compress(source.read_bytes()))
    make_bundle(source, tmp_path / "plain", SMALL)
    make_bundle(packed, tmp_path / "packed", SMALL)
    plain, zst = snapshot(tmp_path / "plain"), snapshot(tmp_path / "packed")
    assert {k: v for k, v in plain.items() if k != "index.json"} == {
        k: v for k, v in zst.items() if k != "index.json"}
    made = json.loads(zst["index.json"])["made"]["source"]
    assert made["name"] == "puzzles.csv.zst"
    assert made["sha256"] == hashlib.sha256(packed.read_bytes()).hexdigest()


def test_several_processes_give_the_same_bundle(source: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bundle_scan, "CHUNK", 2000)  # many small chunks
    make_bundle(source, tmp_path / "one", SMALL, workers=0)
    make_bundle(source, tmp_path / "two", SMALL, workers=2)
    assert snapshot(tmp_path / "one") == snapshot(tmp_path / "two")


def test_each_slice_samples_the_smallest_hashes(tmp_path: Path) -> None:
    # 30 two-movers in the 1400s; with 5 candidates a slice and 4 wanted, the
    # ones bundled are among the 5 ids with the smallest SHA-256.
    rows = [row(n, 1450, 2) for n in range(30)]
    src = write_csv(tmp_path / "p.csv", rows)
    made = make_bundle(src, tmp_path / "out", Settings(per_band=16, candidates=5))
    ranked = sorted((r["PuzzleId"] for r in rows), key=lambda i: hashlib.sha256(i.encode()).digest())
    bundled = {r[0] for r in Bundle(tmp_path / "out").rows("Medium")}
    assert len(bundled) == 5  # 2 for the 1400s' two-movers, topped up to 4, then 1 more for the band
    assert bundled == set(ranked[:5])
    assert made.index["made"]["counts"]["bands"]["Medium"]["passed"] == 30


def test_unreadable_lines_are_skipped_and_counted(tmp_path: Path) -> None:
    good = [row(n, 1500, 2) for n in range(6)]
    fen, moves = good[0]["FEN"], good[0]["Moves"]
    first = moves.split()[0]
    bad = [
        # The same move twice: its square is empty the second time.
        row(100, 1500, 2, fen=fen, moves=f"{first} {first} {first} {first}"),
        row(101, 1500, 2, fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", moves=moves),
        row(102, 1500, 2, fen="8/8/8/8/8/8/8/8 w - - 0 1", moves="a1a2 a2a3"),
        row(103, 1500, 2, fen=fen, moves=" ".join(moves.split()[:3])),
    ]
    src = write_csv(tmp_path / "p.csv", bad + good)
    notes: list[str] = []
    made = make_bundle(src, tmp_path / "out", SMALL, on_note=notes.append)
    bundled = {r[0] for r in Bundle(tmp_path / "out").rows("Medium")}
    assert bundled == {r["PuzzleId"] for r in good}
    skipped = made.index["made"]["skipped"]
    assert skipped["illegal move"] == 1
    assert skipped["invalid FEN"] == 2
    assert skipped["odd line"] == 1
    assert any("skipped as unfit to replay" in n and "illegal move" in n for n in notes)


def test_bar_thresholds_and_longer_lines(tmp_path: Path) -> None:
    rows = [
        row(1, 1500, 2, plays=1000, popularity=80, deviation=90),  # just passes
        row(2, 1500, 2, plays=999),
        row(3, 1500, 2, popularity=79),
        row(4, 1500, 2, deviation=91),
        row(5, 1500, 4),  # four solver moves: not bundled
        row(6, 599, 2),  # below Beginner
        row(7, 2600, 2),  # above Expert
    ]
    src = write_csv(tmp_path / "p.csv", rows)
    made = make_bundle(src, tmp_path / "out", SMALL)
    assert {r[0] for r in Bundle(tmp_path / "out").rows("Medium")} == {rows[0]["PuzzleId"]}
    skipped = made.index["made"]["skipped"]
    assert skipped["below the bar"] == 3
    assert skipped["longer than 3 moves"] == 1
    assert skipped["outside the bands"] == 2


def test_unknown_values_fail_the_bar_unless_admitted(tmp_path: Path) -> None:
    rows = [
        row(1, 1500, 2),
        row(2, 1500, 2, plays=None),
        row(3, 1500, 2, popularity=None),
        row(4, 1500, 2, deviation=None),
        row(5, 1500, 2, plays=None, popularity=None, deviation=None),
    ]
    ids = [r["PuzzleId"] for r in rows]
    src = write_csv(tmp_path / "p.csv", rows)

    def bundled(*admit: str) -> set[str]:
        out = tmp_path / ("out-" + "-".join(admit))
        make_bundle(src, out, Settings(per_band=16, bar=Bar(admit_unknown=frozenset(admit))))
        return {r[0] for r in Bundle(out).rows("Medium")}

    assert bundled() == {ids[0]}
    assert bundled("NbPlays") == {ids[0], ids[1]}
    assert bundled("RatingDeviation") == {ids[0], ids[3]}
    assert bundled("NbPlays", "Popularity", "RatingDeviation") == set(ids)


def test_duplicates_keep_the_lower_rated(tmp_path: Path) -> None:
    base = row(1, 1500, 2)
    twin = row(2, 1420, 2, fen=base["FEN"].rsplit(" ", 2)[0] + " 3 40", moves=base["Moves"])
    other_band = row(3, 1380, 2, fen=base["FEN"], moves=base["Moves"])
    src = write_csv(tmp_path / "p.csv", [base, twin, other_band, row(4, 1500, 2)])
    make_bundle(src, tmp_path / "out", SMALL)
    bundle = Bundle(tmp_path / "out")
    keeper = other_band["PuzzleId"]
    assert bundle.index["duplicates"] == {base["PuzzleId"]: keeper, twin["PuzzleId"]: keeper}
    assert bundle.retired == {base["PuzzleId"], twin["PuzzleId"]}
    # Retired puzzles stay in their shards, so old links still open.
    assert bundle.row("Medium", base["PuzzleId"]) is not None
    assert bundle.row("Easy", keeper) is not None


def test_version_is_carried_and_only_goes_up(tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = [row(n, 1500, 2) for n in range(4)]
    src = write_csv(tmp_path / "p.csv", first)
    assert make_bundle(src, out, SMALL).index["version"] == 1
    assert make_bundle(src, out, SMALL).index["version"] == 1  # nothing changed
    write_csv(src, [*first, row(9, 1600, 2)])
    assert make_bundle(src, out, SMALL).index["version"] == 2  # a shard changed
    # A higher-rated twin arrives: it is retired in favour of the first.
    dup = row(20, 1700, 2, fen=first[0]["FEN"], moves=first[0]["Moves"])
    write_csv(src, [*first, row(9, 1600, 2), dup])
    made = make_bundle(src, out, SMALL)
    assert made.index["version"] == 3
    assert made.index["duplicates"] == {dup["PuzzleId"]: first[0]["PuzzleId"]}
    index = json.loads((out / "index.json").read_text())
    index["version"] = 7
    (out / "index.json").write_text(json.dumps(index))
    assert make_bundle(src, out, SMALL).index["version"] == 7  # carried, never reset


def test_retired_list_survives_a_remake(tmp_path: Path) -> None:
    out = tmp_path / "out"
    a, b = row(1, 1500, 2), row(2, 1500, 2)
    src = write_csv(tmp_path / "p.csv", [a, b])
    make_bundle(src, out, SMALL)
    # An older bundle had retired a in favour of b (say the rows were twins then).
    index = json.loads((out / "index.json").read_text())
    index["duplicates"] = {a["PuzzleId"]: b["PuzzleId"], "gone1": b["PuzzleId"]}
    (out / "index.json").write_text(json.dumps(index))
    made = make_bundle(src, out, SMALL)
    assert made.index["duplicates"] == {a["PuzzleId"]: b["PuzzleId"]}  # both still in: kept
    assert made.index["version"] == 2  # the list the site serves changed


def test_truncated_zstd_stops_and_leaves_the_bundle_alone(source: Path, tmp_path: Path) -> None:
    out = tmp_path / "shards"
    make_bundle(source, out, SMALL)
    before = snapshot(out)
    # Big enough for several zstd blocks (128 KB each), so some lines come
    # through before the cut: the same rows again under fresh ids.
    base = [row(n, 1500, 2) for n in range(10)]
    copies = [{**r, "PuzzleId": pid(10_000 + 10 * k + i)} for k in range(500) for i, r in enumerate(base)]
    text = csv_text(copies)
    whole = zstandard.ZstdCompressor().compress(text.encode())
    cut = tmp_path / "cut.csv.zst"
    cut.write_bytes(whole[: len(whole) * 2 // 3])
    with pytest.raises(SourceError, match=r"cut\.csv\.zst: after line \d+: .*truncated") as caught:
        make_bundle(cut, out, SMALL)
    last = int(str(caught.value).split("after line ")[1].split(":")[0])
    assert 1 < last < 5001
    assert snapshot(out) == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_missing_columns_name_the_line(tmp_path: Path) -> None:
    rows = [row(n, 1500, 2) for n in range(3)]
    header = [c for c in csv_text([]).strip().split(",") if c != "Popularity"]
    src = write_csv(tmp_path / "p.csv", rows, header=header)
    with pytest.raises(SourceError, match=r"line 1: the header lacks column\(s\) Popularity"):
        make_bundle(src, tmp_path / "out", SMALL)
    text = csv_text(rows).splitlines()
    text[3] = text[3].rsplit(",", 3)[0]
    (tmp_path / "short.csv").write_text("\n".join(text) + "\n")
    with pytest.raises(SourceError, match=r"line 4: 7 fields where the header has 10"):
        make_bundle(tmp_path / "short.csv", tmp_path / "out", SMALL)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("workers", [0, 2])
def test_bad_rating_names_the_line(tmp_path: Path, workers: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bundle_scan, "CHUNK", 1500)
    rows = [row(n, 1500, 2) for n in range(40)]
    rows[30]["Rating"] = "15OO"
    src = write_csv(tmp_path / "p.csv", rows)
    with pytest.raises(SourceError, match=r"p\.csv: line 32: Rating '15OO' is not a whole number"):
        make_bundle(src, tmp_path / "out", SMALL, workers=workers)
    rows[30]["Rating"] = "1500"
    rows[35]["NbPlays"] = "many"
    write_csv(src, rows)
    with pytest.raises(SourceError, match=r"line 37: NbPlays 'many' is not a whole number"):
        make_bundle(src, tmp_path / "out", SMALL, workers=workers)


def test_nothing_passing_is_an_error_not_an_empty_bundle(tmp_path: Path) -> None:
    src = write_csv(tmp_path / "p.csv", [row(1, 1500, 2, plays=10)])
    with pytest.raises(BundleError, match="no puzzle passed the quality bar"):
        make_bundle(src, tmp_path / "out", SMALL)


def test_command_line_reports_and_refuses(source: Path, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "shards"
    assert build.main(["bundle", str(source), "--out", str(out), "--per-band", "20"]) == 0
    said = capsys.readouterr()
    assert "version 1" in said.out and "100 puzzles" in said.out
    assert "topped up" in said.err  # five a hundred: 1.25 one-movers rounds to 1, 2.5 two-movers to 2
    before = snapshot(out)
    bad = tmp_path / "bad.csv"
    bad.write_text(csv_text([row(1, 1500, 2)]).replace(",1500,", ",fifteen,"))
    assert build.main(["bundle", str(bad), "--out", str(out)]) == 1
    said = capsys.readouterr()
    assert "line 2: Rating 'fifteen' is not a whole number" in said.err
    assert "nothing written" in said.err
    assert snapshot(out) == before
    assert build.main(["bundle", str(source), "--out", str(out), "--per-band", "16",
                       "--admit-unknown", "all", "--min-plays", "0"]) == 0
    params = json.loads((out / "index.json").read_text())["made"]["params"]
    assert params["admit_unknown"] == ["NbPlays", "Popularity", "RatingDeviation"]
    assert params["min_plays"] == 0 and params["per_band"] == 16


def test_never_overwrites_what_is_not_a_bundle(source: Path, tmp_path: Path) -> None:
    afile = tmp_path / "notes.txt"
    afile.write_text("keep me")
    with pytest.raises(BundleError, match="is a file"):
        make_bundle(source, afile, SMALL)
    assert afile.read_text() == "keep me"
    out = tmp_path / "shards"
    make_bundle(source, out, SMALL)
    (out / "index.json").write_text("{not json")
    before = snapshot(out)
    with pytest.raises(BundleError, match="unreadable"):
        make_bundle(source, out, SMALL)
    assert snapshot(out) == before


def test_a_row_keeps_its_game_when_the_dump_names_one(tmp_path: Path) -> None:
    """GameUrl read into a sixth field (its id and ply); an empty or foreign cell, or a header
    without the column, leaves the row its five fields."""
    rows = every_band()
    for k, r in enumerate(rows):
        urls = ["", "https://example.org/abcdefgh#3", f"https://lichess.org/Zz{k:06d}/black#{k}"]
        r["GameUrl"] = urls[k % 3]
    made = make_bundle(write_csv(tmp_path / "puzzles.csv", rows), tmp_path / "shards", SMALL)
    assert made
    by_id = {r["PuzzleId"]: (k, r) for k, r in enumerate(rows)}
    bundle = Bundle(tmp_path / "shards")
    seen = 0
    for band in BANDS:
        for kept in bundle.rows(band):
            k, _ = by_id[kept[0]]
            assert kept[5:] == ([f"Zz{k:06d}#{k}"] if k % 3 == 2 else []), kept
            seen += 1
    assert seen == 16 * len(BANDS)
    header = [c for c in HEADER if c != "GameUrl"]
    bare = [{c: r[c] for c in header} for r in rows]
    make_bundle(write_csv(tmp_path / "bare.csv", bare, header), tmp_path / "bare", SMALL)
    assert all(len(row) == 5 for band in BANDS for row in Bundle(tmp_path / "bare").rows(band))
