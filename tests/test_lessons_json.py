"""The seed's JSON format: every rule has a failing example with its exact message
(tests/fixtures/lessons/cases.json), and the normalised model is what a teacher wrote."""

from __future__ import annotations

import json
from pathlib import Path

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlebook.lessons import MAX_BYTES, MAX_PUZZLES, TEXT_LIMITS, check, parse

FIXTURES = Path(__file__).parent / "fixtures" / "lessons"
# The format guide's worked examples live beside its page, which includes them.
EXAMPLES = Path(__file__).resolve().parents[1] / "site" / "templates" / "lessons" / "_examples"
CASES = json.loads((FIXTURES / "cases.json").read_text(encoding="utf-8"))
MATE = {
    "title": "Back rank",
    "fen": "6k1/5ppp/8/8/8/6P1/8/R5K1 w - - 0 1",
    "playerColor": "white",
    "moves": [{"uci": "a1a8"}],
}


def _input(case: dict) -> str:
    return case["text"] if "text" in case else json.dumps(case["doc"])


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_case_gives_exactly_its_messages(case: dict) -> None:
    report = check(_input(case))
    assert [e.text for e in report.errors] == case["errors"]
    assert [w.text for w in report.warnings] == case["warnings"]
    assert report.ok == (not case["errors"])


def test_every_rule_has_a_failing_example() -> None:
    failing = [c for c in CASES if c["errors"]]
    assert len(failing) >= 50
    assert len({c["rule"] for c in failing}) >= 40


def test_parse_returns_lessons_and_errors() -> None:
    lessons, errors = parse(json.dumps(MATE))
    assert errors == []
    assert [lesson.title for lesson in lessons] == ["Back rank"]
    lessons, errors = parse(json.dumps([MATE, {**MATE, "playerColor": "green"}]))
    assert [lesson.index for lesson in lessons] == [1]  # the puzzle that passed
    assert [str(e) for e in errors] == [
        'Puzzle 2 "Back rank": "playerColor" must be "white" or "black" (lower case), not "green"'
    ]


def test_error_names_puzzle_move_and_problem_like_the_design() -> None:
    fork = {
        "title": "Win the queen with a fork",
        "fen": "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1",
        "playerColor": "black",
        "moves": [{"uci": "f3g5"}, {"uci": "c6d5"}],
    }
    _, errors = parse(json.dumps([MATE, MATE, fork]))
    (error,) = errors
    assert (
        error.text == 'Puzzle 3 "Win the queen with a fork", move 2 (c6d5): not a legal move in this position'
    )
    assert (error.puzzle, error.title, error.move, error.move_text) == (
        3,
        "Win the queen with a fork",
        2,
        "c6d5",
    )
    assert error.as_dict()["text"] == error.text


def test_student_first_model() -> None:
    (lesson,) = check(
        json.dumps({**MATE, "intro": "Go.", "moves": [{"uci": "a1a8", "comment": "Mate.", "hint": "Rook."}]})
    ).lessons
    assert lesson.student == "white" and lesson.to_move == "white" and not lesson.opponent_first
    (move,) = lesson.moves
    assert (move.uci, move.san, move.color, move.by_student, move.comment, move.hint) == (
        "a1a8",
        "Ra8#",
        "white",
        True,
        "Mate.",
        "Rook.",
    )


def test_opponent_first_model_alternates_sides() -> None:
    doc = {
        "fen": "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1",
        "playerColor": "black",
        "moves": [{"uci": "f3g5"}, {"uci": "d7d5"}, {"uci": "e4d5"}, {"uci": "c6d4"}],
    }
    (lesson,) = check(json.dumps(doc)).lessons
    assert lesson.opponent_first and lesson.to_move == "white" and lesson.student == "black"
    assert [(m.san, m.color, m.by_student) for m in lesson.moves] == [
        ("Ng5", "white", False),
        ("d5", "black", True),
        ("exd5", "white", False),
        ("Nd4", "black", True),
    ]
    assert [m.uci for m in lesson.student_moves] == ["d7d5", "c6d4"]
    assert lesson.title == "" and lesson.intro == ""


def test_fen_is_normalised_to_six_fields() -> None:
    (lesson,) = check(json.dumps({**MATE, "fen": "6k1/5ppp/8/8/8/6P1/8/R5K1 w"})).lessons
    assert lesson.fen == "6k1/5ppp/8/8/8/6P1/8/R5K1 w - - 0 1"


def test_texts_are_kept_exactly_as_typed() -> None:
    markup = '<script>alert(1)</script> <img src=x onerror="alert(2)"> &amp; **bold**\n\t  '
    doc = {
        **MATE,
        "title": markup,
        "intro": markup,
        "moves": [{"uci": "a1a8", "comment": markup, "hint": markup}],
    }
    (lesson,) = check(json.dumps(doc)).lessons
    assert lesson.title == lesson.intro == lesson.moves[0].comment == lesson.moves[0].hint == markup


def test_seed_round_trip_gives_the_same_lessons() -> None:
    text = (EXAMPLES / "guide_lesson.json").read_text(encoding="utf-8")
    first = check(text).lessons
    again = check(json.dumps([lesson.to_seed() for lesson in first])).lessons
    assert again == first


def test_to_dict_carries_the_computed_fields() -> None:
    (lesson,) = check(json.dumps(MATE)).lessons
    data = lesson.to_dict()
    assert data["to_move"] == "white" and data["opponent_first"] is False
    assert data["moves"] == [
        {"uci": "a1a8", "san": "Ra8#", "color": "white", "by_student": True, "comment": "", "hint": ""}
    ]
    json.dumps(data)  # plain data


def test_one_puzzle_reports_every_problem_in_order() -> None:
    bad = {
        **MATE,
        "fen": "8/8/8/8/8/8/8/8 w - - 0 1",
        "playerColor": "pink",
        "moves": [{"uci": "a1a8", "comment": 3}, {"uci": "Zz"}],
    }
    texts = [e.text for e in check(json.dumps(bad)).errors]
    assert texts == [
        'Puzzle 1 "Back rank": "fen": not a legal position: the board is empty',
        'Puzzle 1 "Back rank": "playerColor" must be "white" or "black" (lower case), not "pink"',
        'Puzzle 1 "Back rank", move 1 (a1a8): '
        '"comment" must be a string (text in double quotes), not a number',
        'Puzzle 1 "Back rank", move 2 (Zz): not a move in UCI (the from-square, the to-square and, '
        'for a promotion, the piece letter: like "e2e4" or "e7e8q")',
    ]


@pytest.mark.parametrize("field", ["title", "intro", "comment", "hint"])
def test_text_length_limit(field: str) -> None:
    limit = TEXT_LIMITS[field]

    def doc(length: int) -> str:
        text = "x" * length
        if field in ("title", "intro"):
            return json.dumps({**MATE, field: text})
        return json.dumps({**MATE, "moves": [{"uci": "a1a8", field: text}]})

    assert check(doc(limit)).ok
    (error,) = check(doc(limit + 1)).errors
    assert error.message == f'"{field}" is {limit + 1} characters long; the limit is {limit}'


def test_puzzle_count_limit() -> None:
    assert len(check(json.dumps([MATE] * MAX_PUZZLES)).lessons) == MAX_PUZZLES
    report = check(json.dumps([MATE] * (MAX_PUZZLES + 1)))
    assert [e.text for e in report.errors] == [
        f"The import has {MAX_PUZZLES + 1} puzzles; the limit is {MAX_PUZZLES}: split it into smaller imports"
    ]


def test_size_limit_in_bytes() -> None:
    padding = MAX_BYTES - len(json.dumps({**MATE, "intro": ""}).encode())
    fits = json.dumps({**MATE, "intro": ""}) + " " * padding
    assert len(fits.encode()) == MAX_BYTES and check(fits).ok
    over = fits + " "
    assert [e.text for e in check(over).errors] == [
        "The import is 262,145 bytes; the limit is 262,144 bytes (256 KB): split it into smaller imports"
    ]
    # Counted in UTF-8 bytes, not characters: 140,000 "é" are 280,000 bytes.
    assert (
        check(json.dumps({**MATE, "intro": "é" * 140_000}, ensure_ascii=False))
        .errors[0]
        .text.startswith("The import is 274 KB")
    )


def test_bytes_must_be_utf8() -> None:
    assert check(json.dumps(MATE).encode()).ok
    (error,) = check(b'{"title": "caf\xe9"}').errors
    assert error.text == "The file is not UTF-8 text (an undecodable byte at position 14)"


def test_deep_nesting_is_a_clear_error() -> None:
    (error,) = check("[" * 100_000).errors
    assert error.text == "Not valid JSON: it is nested too deeply"


def test_student_color_must_be_a_side() -> None:
    with pytest.raises(ValueError, match="student_color"):
        check("[]", student_color="red")


def test_line_is_legal_when_replayed_by_python_chess() -> None:
    for name in ("guide_student_first", "guide_opponent_first", "guide_lesson"):
        for lesson in check((EXAMPLES / f"{name}.json").read_text(encoding="utf-8")).lessons:
            board = chess.Board(lesson.fen)
            for move in lesson.moves:
                assert move.color == ("white" if board.turn else "black")
                assert move.by_student == (move.color == lesson.student)
                assert board.san(chess.Move.from_uci(move.uci)) == move.san
                board.push_uci(move.uci)


PGN_BITS = st.sampled_from(
    [
        '[Event "x"]\n',
        '[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n',
        '[StudentColor "white"]\n',
        "\n",
        "1.",
        " e4",
        " e5",
        " Nf3",
        " --",
        " {",
        " }",
        " (",
        " )",
        " [%hint a]",
        " $1",
        " *",
        " 1-0",
        ";",
        "%",
        "0-0",
        " O-O",
        " Kxe8",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200) | st.lists(PGN_BITS, max_size=30).map("".join) | st.binary(max_size=100))
def test_any_input_gets_a_report_never_an_exception(text: str | bytes) -> None:
    report = check(text)
    assert report.ok or report.errors
    assert all(isinstance(problem.text, str) and problem.text for problem in report.errors + report.warnings)


def test_a_move_to_its_own_square_is_refused_in_words_not_a_crash() -> None:
    """Written as UCI and so taken by the schema, "a1a1" moves nothing: python-chess refuses to read it
    (a hypothesis run found the importer failing on it, a 500 from the API)."""
    _, errors = parse(json.dumps({**MATE, "moves": [{"uci": "a1a1"}]}))
    assert [e.text for e in errors] == [
        'Puzzle 1 "Back rank", move 1 (a1a1): not a legal move in this position: '
        "a move goes to another square, and a1a1 stays on a1"
    ]
