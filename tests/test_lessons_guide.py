"""The format guide page (/lessons/format/): it renders inside the site's layout, shows
the worked examples exactly as the fixture files hold them, and every example it shows
imports and plays through."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import chess
import pytest

from puzzlebook.languages import BY_CODE, LANGUAGES, SOURCE
from puzzlebook.lessons import check
from sitebuild import assets, builder, bundle, pages

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "lessons"
# The format guide's worked examples live beside its page, which includes them.
EXAMPLES = Path(__file__).resolve().parents[1] / "site" / "templates" / "lessons" / "_examples"
GUIDE = sorted(EXAMPLES.glob("guide_*.json"))
CODE = re.compile(r'<pre class="lesson-code"><code>(.*?)</code></pre>', re.DOTALL)


@pytest.fixture(scope="module")
def rendered() -> str:
    templates = ROOT / "site" / "templates"
    static = assets.collect(ROOT / "site" / "static", ROOT / "node_modules")
    found = pages.discover(templates)
    page = next(p for p in found if p.template == "lessons/format.html")
    assert (page.url, page.output) == ("/lessons/format/", "lessons/format/index.html")
    env = pages.environment(
        templates,
        {
            "static": static.url,
            "view": lambda name: static.prefix + bundle.view_path(name),  # the sources aren't bundled here
            "data_uri": lambda rel: builder.data_uri(static, rel),
            "static_prefix": static.prefix,
            "site": {"name": "Puzzle Book", "url": "https://example.test"},
            "bands": [],
            "game_nav": [],
            "bundle_version": None,
            "page_urls": {p.url for p in found},
            "lang": BY_CODE[SOURCE],  # the English page (docs/languages.md)
            "languages": LANGUAGES,
        },
    )
    return pages.render(env, page)


def _blocks(rendered: str) -> list[str]:
    return [html.unescape(block) for block in CODE.findall(rendered)]


def test_guide_renders_in_the_site_layout(rendered: str) -> None:
    assert "<title>Lesson format guide · Puzzle Book</title>" in rendered
    assert '<main id="main"' in rendered and "<h1>The lesson format</h1>" in rendered
    assert 'href="/schema/lesson.json"' in rendered
    for anchor in (
        "shape",
        "puzzle",
        "moves",
        "uci",
        "turns",
        "texts",
        "checks",
        "examples",
        "pgn",
        "schema",
        "llm",
    ):
        assert f'id="{anchor}"' in rendered and f'href="#{anchor}"' in rendered


@pytest.mark.parametrize("path", GUIDE, ids=[p.name for p in GUIDE])
def test_guide_shows_each_example_file_exactly(rendered: str, path: Path) -> None:
    assert path.read_text(encoding="utf-8") in _blocks(rendered)


def test_every_json_example_on_the_page_is_a_fixture_file(rendered: str) -> None:
    examples = {p.read_text(encoding="utf-8") for p in GUIDE}
    shown = []
    for block in _blocks(rendered):
        try:
            json.loads(block)
        except ValueError:
            continue  # the shape sketch, the PGN example, the error line
        shown.append(block)
    assert sorted(shown) == sorted(examples)


@pytest.mark.parametrize("path", GUIDE, ids=[p.name for p in GUIDE])
def test_guide_examples_import_and_play_through(path: Path) -> None:
    report = check(path.read_text(encoding="utf-8"))
    assert report.ok and report.errors == () and report.warnings == ()
    for lesson in report.lessons:
        # The examples follow the guide's own rules for LLMs.
        assert lesson.moves[-1].by_student
        assert all(move.hint for move in lesson.student_moves)
        board = chess.Board(lesson.fen)
        for move in lesson.moves:
            assert board.is_legal(chess.Move.from_uci(move.uci))
            board.push_uci(move.uci)


def test_guide_example_models() -> None:
    (mate,) = check((EXAMPLES / "guide_student_first.json").read_text(encoding="utf-8")).lessons
    assert (mate.student, mate.opponent_first, [m.san for m in mate.moves]) == ("white", False, ["Qxf7#"])
    (fools,) = check((EXAMPLES / "guide_opponent_first.json").read_text(encoding="utf-8")).lessons
    assert (fools.student, fools.opponent_first) == ("black", True)
    assert [(m.san, m.by_student) for m in fools.moves] == [("g4", False), ("Qh4#", True)]
    skewer, knight, castle = check((EXAMPLES / "guide_lesson.json").read_text(encoding="utf-8")).lessons
    assert [m.san for m in skewer.moves] == ["Ra4+", "Ke3", "Rxh4"]
    assert [m.uci for m in skewer.student_moves] == ["a1a4", "a4h4"]
    assert [m.san for m in knight.moves] == ["e8=N+", "Kf7", "Nxc7"] and knight.intro == ""
    assert [(m.uci, m.san) for m in castle.moves] == [("e1c1", "O-O-O+")]


def test_the_pgn_example_on_the_page_imports(rendered: str) -> None:
    (pgn,) = [block for block in _blocks(rendered) if block.startswith("[Event")]
    (lesson,) = check(pgn).lessons
    assert lesson.title == "The key squares" and lesson.intro == "The king leads the pawn."
    assert [(m.san, m.hint) for m in lesson.moves] == [
        ("Kd2", "Walk the king up first."),
        ("Kd7", ""),
        ("Kd3", ""),
    ]


def test_the_error_example_on_the_page_is_what_the_importer_says(rendered: str) -> None:
    (line,) = [block for block in _blocks(rendered) if block.startswith("Puzzle 3")]
    fork = {
        "title": "Win the queen with a fork",
        "fen": "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1",
        "playerColor": "black",
        "moves": [{"uci": "f3g5"}, {"uci": "c6d5"}],
    }
    guide = json.loads((EXAMPLES / "guide_student_first.json").read_text(encoding="utf-8"))
    (error,) = check(json.dumps([guide, guide, fork])).errors
    assert error.text == line


SCHEMA_FILE = ROOT / "site" / "public" / "schema" / "lesson.json"
INLINE_SCHEMA = re.compile(
    r'<pre class="lesson-code lesson-schema" id="lesson-schema"><code>(.*?)</code></pre>', re.DOTALL
)


def test_the_guide_carries_the_schema_file_inline(rendered: str) -> None:
    """Issue 12, item 13: an LLM given the page sees the schema (as seed 001 has it inline)."""
    (block,) = INLINE_SCHEMA.findall(rendered)
    assert json.loads(html.unescape(block)) == json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert html.unescape(block) == SCHEMA_FILE.read_text(encoding="utf-8")
