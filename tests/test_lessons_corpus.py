"""Real PGN (tests/fixtures/pgn_corpus, sources in its SOURCES.md): what the import makes of each file
is what tests/fixtures/pgn_corpus/expected.json says, checked by hand (issue 40's "Real PGN")."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import chess.pgn
import pytest

from puzzlebook.lessons import check

CORPUS = Path(__file__).parent / "fixtures" / "pgn_corpus"
EXPECTED = json.loads((CORPUS / "expected.json").read_text(encoding="utf-8"))["files"]
UCI = re.compile(r"\b[a-h][1-8][a-h][1-8][qrbn]?\b")


def _clean_games(text: str) -> list[int]:
    """The 1-based places of the games python-chess reads from `text` without an error."""
    handle, clean, place = io.StringIO(text), [], 0
    while (game := chess.pgn.read_game(handle)) is not None:
        place += 1
        if not game.errors:
            clean.append(place)
    return clean


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_file_imports_as_checked_by_hand(name: str) -> None:
    expected = EXPECTED[name]
    text = (CORPUS / name).read_text(encoding="utf-8")
    report = check(text)
    assert report.ok == expected["ok"], [e.text for e in report.errors]
    sides = {str(lesson.index): lesson.student for lesson in report.lessons}
    skipped = {str(w.puzzle) for w in report.warnings if w.message.startswith("it has no moves")}
    games = {**{place: side for place, side in sides.items()}, **{place: "skip" for place in skipped}}
    assert games == expected["games"]


def test_every_study_chapter_python_chess_reads_imports() -> None:
    """Every chapter of a Lichess study export that python-chess reads without error is a puzzle, or
    skipped for having no moves; none is refused."""
    studies = [name for name, expected in EXPECTED.items() if expected["study"]]
    assert len(studies) == 6
    for name in studies:
        text = (CORPUS / name).read_text(encoding="utf-8")
        report = check(text)
        assert not any(error.puzzle is not None for error in report.errors), name
        done = {lesson.index for lesson in report.lessons} | {
            w.puzzle for w in report.warnings if w.message.startswith("it has no moves")
        }
        assert set(_clean_games(text)) <= done, name
    # Five of the six import as exported (the sixth has no moves at all); before issue 40, none did.
    imported = [name for name in studies if check((CORPUS / name).read_text(encoding="utf-8")).ok]
    assert len(imported) == 5


@pytest.mark.parametrize("name", sorted(path.name for path in CORPUS.glob("*.pgn")))
def test_any_corpus_file_is_read_and_its_messages_name_moves_in_san(name: str) -> None:
    text = (CORPUS / name).read_text(encoding="utf-8")
    for side in (None, "white", "black"):
        report = check(text, student_color=side)
        for problem in report.errors + report.warnings:
            assert not UCI.search(problem.text), problem.text
