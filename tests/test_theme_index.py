"""The theme index the build writes beside the shards: every place it names is a live
puzzle carrying that theme, no such puzzle is left out, and the whole index keeps to its
budget (1 MB) while the browser fetches only the files of the themes it plays."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from puzzlebook.chess import theme_index
from puzzlebook.chess.shards import Bundle
from sitebuild import shards
from sitebuild.output import Output

ROOT = Path(__file__).resolve().parent.parent


# One xdist worker runs the module, so the published shards in `published` is made once, not once per worker.
pytestmark = pytest.mark.xdist_group("theme_index")


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    dist = tmp_path_factory.mktemp("dist")
    index = shards.publish(ROOT / "shards", Output(dist))
    assert index is not None
    return dist, index


def read(dist: Path, name: str) -> Any:
    return json.loads((dist / "shards" / name).read_text(encoding="utf-8"))


def test_every_place_is_a_live_puzzle_of_the_theme_and_none_is_missing(
    published: tuple[Path, dict[str, Any]],
) -> None:
    dist, index = published
    bundle = Bundle(ROOT / "shards")
    manifest = index["themes"]
    assert manifest["format"] == theme_index.FORMAT
    expected: dict[str, dict[str, set[str]]] = {}
    for band, info in bundle.index["bands"].items():
        for k in range(int(info["shards"])):
            for row in bundle.shard(band, k):
                if row[0] in bundle.retired:
                    continue
                for theme in row[4].split():
                    expected.setdefault(theme, {}).setdefault(band, set()).add(row[0])
    assert set(manifest["files"]) == set(expected)
    tables = {band: read(dist, name) for band, name in manifest["ratings"].items()}
    for band, table in tables.items():
        assert table["sizes"] == [len(bundle.shard(band, k)) for k in range(len(table["sizes"]))]
    for theme, name in manifest["files"].items():
        data = read(dist, name)
        assert data["theme"] == theme
        for band, text in data["bands"].items():
            places = theme_index.decode(text, theme_index.PLACE_WIDTH)
            assert places == sorted(set(places))
            ratings = theme_index.decode(tables[band]["ratings"], theme_index.RATING_WIDTH)
            found = set()
            for place in places:
                k, j = theme_index.locate(tables[band]["sizes"], place)
                row = bundle.shard(band, k)[j]
                assert theme in row[4].split() and row[3] == ratings[place]
                found.add(row[0])
            assert found == expected[theme][band], (theme, band)
            assert manifest["counts"][theme][band] == len(found)
        assert set(data["bands"]) == set(expected[theme])


def test_retired_puzzles_are_left_out() -> None:
    rows = {"Easy": [[["keep1", "", "", 1100, "fork"], ["gone1", "", "", 1100, "fork"]]]}
    index = theme_index.build(rows, {"gone1": "keep1"})
    assert index.counts == {"fork": {"Easy": 1}}
    assert theme_index.decode(index.places["fork"]["Easy"], 3) == [0]
    # Its rating still holds its place, so the places after it stay where the shards put them.
    assert theme_index.decode(index.ratings["Easy"], 2) == [1100, 1100]


def test_the_names_are_content_hashed_and_the_same_bundle_gives_the_same_bytes(
    published: tuple[Path, dict[str, Any]], tmp_path: Path,
) -> None:
    _, index = published
    again = shards.publish(ROOT / "shards", Output(tmp_path))
    assert again is not None and again["themes"] == index["themes"]
    for name in index["themes"]["files"].values():
        _stem, digest, ext = Path(name).name.rsplit(".", 2)
        assert ext == "json" and len(digest) == 12


def test_the_whole_index_keeps_to_its_budget(published: tuple[Path, dict[str, Any]]) -> None:
    dist, index = published
    raw, sent = shards.theme_index_bytes(dist, index)
    budget = shards.THEME_INDEX_BUDGET
    print(f"theme index: {raw:,} bytes as written, {sent:,} with Brotli; budget {budget:,}")
    assert raw <= shards.THEME_INDEX_BUDGET
    # A theme's player fetches its file and a band's ratings, never the whole index.
    biggest = max((dist / "shards" / n).stat().st_size for n in index["themes"]["files"].values())
    assert biggest < raw / 10


@pytest.mark.parametrize(("text", "words"), [("AA", "whole number"), ("A*A", "alphabet")])
def test_a_damaged_entry_is_refused_with_a_reason(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        theme_index.decode(text, 3)
