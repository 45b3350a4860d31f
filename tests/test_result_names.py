"""The one name of each chess result (puzzlebook/chess/result_names.py) is the shared file's, which the
browser's copy is held to as well (tests/js/result_names.test.mjs); the review page says them."""

from __future__ import annotations

import json
from pathlib import Path

from puzzlebook.chess.dashboard import RESULTS
from puzzlebook.chess.result_names import NAMES, name_of
from sitebuild.review import RESULT_WORDS, review_example

VECTORS = json.loads((Path(__file__).parent / "vectors" / "result_names.json").read_text(encoding="utf-8"))


def test_every_result_has_the_shared_files_name() -> None:
    assert VECTORS["names"] == NAMES
    assert set(NAMES) == set(RESULTS)
    assert len(set(NAMES.values())) == len(NAMES)  # one name, one result
    assert [name_of(result) for result in RESULTS] == [VECTORS["names"][r] for r in RESULTS]
    assert sorted(RESULT_WORDS) == sorted(NAMES.values())  # marked for the pages' catalog as they are


def test_the_review_pages_story_says_the_names() -> None:
    said = {row["result"] for row in review_example()}
    assert said <= set(NAMES.values()) and NAMES["help"] in said
