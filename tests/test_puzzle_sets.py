"""A class's puzzle set drawn from the bundle (puzzlebook/puzzle_sets.py): what may be asked for, the
draw (themes, range, count, no repeats, easiest first, never a retired puzzle), and the bundle's
puzzles made into lesson puzzles the importer takes whole, so a set plays as a lesson does."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from puzzlebook.chess.shards import Bundle
from puzzlebook.classes import ClassRefused
from puzzlebook.lessons.importer import check
from puzzlebook.puzzle_sets import MAX_SET, SetSpec, as_lesson, bands_for, check_spec, draw

BUNDLE = Bundle(Path(__file__).resolve().parents[1] / "shards")


@pytest.mark.parametrize(("themes", "low", "high", "count", "words"), [
    ([], 1400, 1799, 5, "at least one theme"),
    (["fork"] * 2, 1400, 1799, 5, "given twice"),
    (["fork", "pin", "skewer", "mateIn1", "mateIn2", "deflection"], 1400, 1799, 5, "at most 5 themes"),
    (["fork"], 500, 1799, 5, "from 600 to 2599"),
    (["fork"], 1400, 2600, 5, "from 600 to 2599"),
    (["fork"], 1800, 1400, 5, "above the highest"),
    (["fork"], 1400, 1799, 0, "1 to 50"),
    (["fork"], 1400, 1799, MAX_SET + 1, "1 to 50"),
    (["Fork"], 1400, 1799, 5, "isn't a theme"),
])
def test_what_may_not_be_asked_for_is_refused_saying_why(themes, low, high, count, words) -> None:
    with pytest.raises(ClassRefused) as refused:
        check_spec(themes, low, high, count)
    assert refused.value.status == 422 and words in str(refused.value)


def test_a_draw_takes_matching_live_puzzles_once_each_easiest_first() -> None:
    spec = check_spec(["fork", "pin"], 1400, 1850, MAX_SET)
    bands = bands_for(spec, BUNDLE.index["bands"])
    assert sorted(bands) == ["Hard", "Medium"]
    rows = [row for band in bands for row in BUNDLE.rows(band)]
    drawn = draw(spec, rows, BUNDLE.retired, random.Random(7))
    assert len({row[0] for row in drawn}) == MAX_SET
    assert [int(r[3]) for r in drawn] == sorted(int(r[3]) for r in drawn)
    for row in drawn:
        assert 1400 <= int(row[3]) <= 1850 and {"fork", "pin"} & set(row[4].split())
        assert row[0] not in BUNDLE.retired
    other = draw(spec, rows, BUNDLE.retired, random.Random(8))
    assert [r[0] for r in other] != [r[0] for r in drawn]  # drawn at random: each set its own
    with pytest.raises(ClassRefused) as few:
        draw(SetSpec(("fork",), 1400, 1400, MAX_SET), rows, BUNDLE.retired)
    assert few.value.status == 422 and "ask for fewer, widen the range or add a theme" in str(few.value)


def test_the_bundles_puzzles_are_lesson_puzzles_the_importer_takes_whole() -> None:
    rng = random.Random(30)
    spec = SetSpec(("fork",), 600, 2599, 50)
    for band in BUNDLE.index["bands"]:
        rows = rng.sample([r for r in BUNDLE.rows(band) if r[0] not in BUNDLE.retired], 40)
        report = check(json.dumps(as_lesson(spec, rows)))
        assert report.ok and not report.errors, [p.text for p in report.errors][:3]
        for lesson, row in zip(report.lessons, rows, strict=True):
            assert [m.uci for m in lesson.moves] == row[2].split()
            assert lesson.opponent_first and not lesson.moves[0].by_student
