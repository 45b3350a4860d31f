"""The JSON Schema at /schema/lesson.json and the importer agree: whatever the schema
refuses the importer refuses too, and what only the importer refuses is one of the
checks docs/lessons.md lists as beyond a schema."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlebook.lessons import MAX_PUZZLES, TEXT_LIMITS, check
from puzzlebook.lessons.fen import FEN_PATTERN, fen_shape_problem
from puzzlebook.lessons.texts import CONTROL
from puzzlebook.lessons.uci import UCI_PATTERN, uci_shape_problem

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "lessons"
# The format guide's worked examples live beside its page, which includes them.
EXAMPLES = Path(__file__).resolve().parents[1] / "site" / "templates" / "lessons" / "_examples"
SCHEMA = json.loads((ROOT / "site" / "public" / "schema" / "lesson.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft7Validator(SCHEMA)
CASES = [c for c in json.loads((FIXTURES / "cases.json").read_text(encoding="utf-8")) if "doc" in c]
DOCS = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")
GUIDE = sorted(EXAMPLES.glob("guide_*.json"))

# What only the importer can find: a piece of its message -> the words docs/lessons.md uses.
VALIDATOR_ONLY = {
    '"fen": ': "illegal position",
    "not a legal move in this position": "move that is not legal",
    "castling is written as the king's move": "move that is not legal",
    "needs the piece it becomes": "move that is not legal",
    "only a pawn reaching the last rank takes": "move that is not legal",
    "the game is already over": "move after the game is over",
    "the line needs at least 2 moves": "turn order",
    "unpaired surrogate": "unpaired surrogate",
    "is the line's own move": "the line's own move",
    "mates, and any mating move solves": "refutation that mates",
    "is given twice on this move": "refutation given twice",
}


def _validator_only_section() -> str:
    start = DOCS.index("## Errors only the importer can find")
    end = DOCS.find("\n## ", start + 1)
    return DOCS[start : end if end > 0 else None]


def test_schema_is_draft_07() -> None:
    assert SCHEMA["$schema"] == "http://json-schema.org/draft-07/schema#"
    jsonschema.Draft7Validator.check_schema(SCHEMA)


def test_schema_states_the_importers_limits_and_patterns() -> None:
    puzzle = SCHEMA["definitions"]["puzzle"]
    move = SCHEMA["definitions"]["move"]
    array = SCHEMA["oneOf"][1]
    assert (array["minItems"], array["maxItems"]) == (1, MAX_PUZZLES)
    assert move["properties"]["uci"]["pattern"] == UCI_PATTERN
    texts = {**puzzle["properties"], **move["properties"]}
    for field, limit in TEXT_LIMITS.items():
        assert texts[field]["maxLength"] == limit
        # The schema refuses exactly the characters the importer refuses.
        pattern = re.compile(texts[field]["pattern"])
        for code in range(0x2000):
            char = chr(code)
            assert (pattern.search(f"a{char}b") is None) == bool(CONTROL.search(char)), hex(code)
    assert puzzle["required"] == ["fen", "moves", "playerColor"]
    assert puzzle["properties"]["playerColor"]["enum"] == ["white", "black"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_schema_and_importer_agree_on_the_corpus(case: dict) -> None:
    schema_ok = VALIDATOR.is_valid(case["doc"])
    importer_ok = not case["errors"]
    if case["validator_only"]:
        assert schema_ok and not importer_ok
        assert case["validator_only"] in _validator_only_section()
    else:
        assert schema_ok == importer_ok


@pytest.mark.parametrize("path", GUIDE, ids=[p.name for p in GUIDE])
def test_guide_examples_pass_the_schema(path: Path) -> None:
    VALIDATOR.validate(json.loads(path.read_text(encoding="utf-8")))


def test_validator_only_words_are_in_the_docs() -> None:
    section = _validator_only_section()
    for words in set(VALIDATOR_ONLY.values()):
        assert words in section


# --- generated documents: mutations of the guide's valid puzzles -------------------------

BASES = [
    puzzle
    for path in GUIDE
    for puzzle in (lambda doc: doc if isinstance(doc, list) else [doc])(json.loads(path.read_text("utf-8")))
]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=4), inner, max_size=2),
    max_leaves=4,
)
UCI_LIKE = st.text(alphabet="abcdefgh12345678qrbnQK-x", min_size=0, max_size=6)
TEXTS = st.text(alphabet=st.characters(max_codepoint=0xA0) | st.sampled_from("\ud800é—"), max_size=8)
FIELDS = ["title", "intro", "fen", "playerColor", "moves", "comment", "hint", "uci", "other"]


@st.composite
def mutated(draw: st.DrawFn) -> object:
    puzzle = json.loads(json.dumps(draw(st.sampled_from(BASES))))
    for _ in range(draw(st.integers(1, 3))):
        action = draw(st.sampled_from(["set", "drop", "uci", "text", "color", "fen", "moves"]))
        move = (
            draw(st.sampled_from(puzzle["moves"]))
            if isinstance(puzzle.get("moves"), list)
            and puzzle["moves"]
            and all(isinstance(m, dict) for m in puzzle["moves"])
            else None
        )
        target = move if move is not None and draw(st.booleans()) else puzzle
        if action == "set":
            target[draw(st.sampled_from(FIELDS))] = draw(JSON_VALUES)
        elif action == "drop" and target:
            target.pop(draw(st.sampled_from(sorted(target))))
        elif action == "uci" and move is not None:
            move["uci"] = draw(UCI_LIKE)
        elif action == "text":
            target[draw(st.sampled_from(["title", "intro"] if target is puzzle else ["comment", "hint"]))] = (
                draw(TEXTS)
            )
        elif action == "color":
            puzzle["playerColor"] = draw(st.sampled_from(["white", "black", "White", ""]))
        elif action == "fen":
            puzzle["fen"] = draw(
                st.sampled_from(
                    [
                        puzzle.get("fen", ""),
                        "8/8/8/8/8/8/8/8 w - - 0 1",
                        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
                    ]
                )
            )
        elif action == "moves" and isinstance(puzzle.get("moves"), list):
            puzzle["moves"] = puzzle["moves"][: draw(st.integers(0, len(puzzle["moves"])))]
    shape = draw(st.sampled_from(["object", "array", "array2"]))
    return puzzle if shape == "object" else [puzzle] if shape == "array" else [puzzle, BASES[0]]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_schema_and_importer_agree_on_generated_documents(doc: object) -> None:
    errors = check(json.dumps(doc)).errors
    if not VALIDATOR.is_valid(doc):
        assert errors, "the schema refuses this but the importer accepts it"
    for error in errors if VALIDATOR.is_valid(doc) else ():
        assert any(piece in error.message for piece in VALIDATOR_ONLY), error.text


# --- the patterns: the schema refuses exactly the moves and FENs the importer can't read ------

MOVE_SCHEMA = jsonschema.Draft7Validator(SCHEMA["definitions"]["move"])
# Text near a UCI move or a FEN, with the slips a hand or a copy brings in.
SLIPPY = st.text(
    alphabet=st.sampled_from("abcdefgh12345678qrbnKQkpPw/- \n\r\t")
    | st.sampled_from("\u00a0\u3000\u200b\u2028\u0430\u0440\uff41\uff11\u00b9\ufeff")
    | st.characters(),
    max_size=9,
)


def test_schema_states_the_importers_fen_pattern() -> None:
    assert SCHEMA["definitions"]["puzzle"]["properties"]["fen"]["pattern"] == FEN_PATTERN


@pytest.mark.parametrize(
    "uci",
    ["a1a8\n", "a1a8\r\n", " a1a8", "a1a8 ", "\u04301a8", "\uff411a8", "a\uff11a8", "a1\u200ba8", "a1a8\t"],
)
def test_the_schema_refuses_a_move_with_a_slip(uci: str) -> None:
    assert not MOVE_SCHEMA.is_valid({"uci": uci})
    assert uci_shape_problem(uci) is not None


@settings(max_examples=500, deadline=None)
@given(
    st.one_of(
        SLIPPY,
        st.sampled_from(["a1a8", "e7e8q", "e1g1"]).flatmap(lambda m: st.just(m) | SLIPPY.map(m.__add__)),
    )
)
def test_the_schema_refuses_exactly_the_moves_the_importer_cannot_read(uci: str) -> None:
    assert MOVE_SCHEMA.is_valid({"uci": uci}) == (uci_shape_problem(uci) is None)


@settings(max_examples=500, deadline=None)
@given(st.one_of(SLIPPY, SLIPPY.map(lambda s: "6k1/5ppp/8/8/8/6P1/8/R5K1 w - - 0 1"[: len(s) * 4] + s)))
def test_the_schema_refuses_exactly_the_fens_the_importer_cannot_read(fen: str) -> None:
    doc = {"fen": fen, "playerColor": "white", "moves": [{"uci": "a1a8"}]}
    assert VALIDATOR.is_valid(doc) == (fen_shape_problem(fen) is None)
