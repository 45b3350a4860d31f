"""The OpenAPI document accepts exactly what the server does: each published request schema or pattern,
read by a Python validator (jsonschema, Python's re) and by an ECMA-262 one (jsonschema_rs, as a
browser's or another language's client would), agrees with the server's own check on every input.
tests/test_api_schema.py drives the whole API with schemathesis; these pin each rule down."""

from __future__ import annotations

import datetime as dt
import itertools
import re
import unicodedata
from typing import Any

import jsonschema
import jsonschema_rs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from functions.app import create_app
from functions.bodies import parse
from functions.errors import ApiError
from functions.routes.chain.models import ChainGiveup, ChainSolve
from functions.routes.chess.models import ChessMiss, ChessSolve
from functions.routes.lessons.models import NO_CONTROL, NOT_EMPTY
from puzzlebook.calendar import parse_day
from puzzlebook.lessons import check
from puzzlebook.lessons.texts import CONTROL
from puzzlebook.names import (
    REFUSED_RANGES,
    REFUSED_UNICODE,
    BadName,
    check_name,
    name_pattern,
    refused,
    refused_by_category,
)
from puzzlebook.patterns import SPACE_RANGES, ranges_of
from service.store.sqlite import SqliteStore
from tests.support import settings_for_tests

pytestmark = pytest.mark.slow  # `make check` leaves these to `make test`


@pytest.fixture(scope="module")
def document(tmp_path_factory) -> dict[str, Any]:
    store = SqliteStore(tmp_path_factory.mktemp("doc") / "puzzlebook.sqlite3")
    doc = create_app(settings_for_tests(), store).openapi()
    store.close()
    return doc


def body_schema(document: dict, method: str, path: str) -> dict:
    return document["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]


def parameter_schema(document: dict, method: str, path: str, name: str) -> dict:
    params = document["paths"][path][method]["parameters"]
    return next(p["schema"] for p in params if p["name"] == name)


class Both:
    """A schema's verdict by a Python validator and by an ECMA one; they must agree with each other."""

    def __init__(self, schema: dict) -> None:
        self.python = jsonschema.Draft202012Validator(schema)
        self.ecma = jsonschema_rs.validator_for(schema)

    def valid(self, value: Any) -> bool:
        python, ecma = self.python.is_valid(value), self.ecma.is_valid(value)
        assert python == ecma, f"the two dialects disagree on {value!r}"
        return python


def accepts(check_: Any, value: Any) -> bool:
    try:
        check_(value)
    except (ApiError, ValueError):
        return False
    return True


# Text that goes near every edge: whitespace of every kind, controls, formatting characters,
# private use, unassigned code points, letters, marks, emoji.
EDGY = st.sampled_from(
    [" ", "\t", "\n", "\r", "\x0b", "\x1c", "\x85", "\xa0", "\u2028", "\u3000", "\u200b", "\u202e",
     "\ufeff", "\x00", "\x7f", "\ue000", "\U000f0000", "\u0378", "\U000e0001", "a", "Z", "é", "e\u0301",
     "李", "🦉", "-", "'", "0", "\u0600", "\U0001d173"]
)
TEXT = st.one_of(st.text(max_size=30), st.lists(EDGY, max_size=30).map("".join))


def code_points(ranges: Any) -> set[int]:
    return {code for low, high in ranges for code in range(low, high + 1)}


def test_the_tables_behind_the_patterns_are_this_pythons_unicode() -> None:
    assert ranges_of(refused) == list(REFUSED_RANGES)
    assert ranges_of(str.isspace) == list(SPACE_RANGES)
    by_category = ranges_of(refused_by_category)
    if unicodedata.unidata_version == REFUSED_UNICODE:
        assert by_category == list(REFUSED_RANGES)
    else:
        # A later Unicode (3.12 on Lambda) only assigns more: all the table refuses, it still does.
        assert code_points(REFUSED_RANGES) <= code_points(by_category)


def test_a_name_is_judged_by_the_table_on_every_python() -> None:
    # U+13439 became a format character in Unicode 15 (Python 3.12): the server and the published
    # pattern still agree about it, whatever the Python.
    assert accepts(check_name, "ab\U00013439c") == bool(re.search(name_pattern(), "ab\U00013439c"))


@settings(max_examples=800, deadline=None)
@given(TEXT)
def test_a_name_matches_the_published_pattern_exactly_when_the_server_takes_it(name: str) -> None:
    both = Both({"type": "string", "pattern": name_pattern()})
    taken = accepts(check_name, name)
    assert both.valid(name) == taken, (name, taken)
    assert bool(re.search(name_pattern(), name)) == taken


@pytest.mark.parametrize(
    ("name", "taken"),
    [("Ada", True), ("  Ada  ", True), ("a" * 24, True), (" " + "a" * 24 + "\n", True), ("a" * 25, False),
     ("", False), ("   ", False), ("a\u200bb", False), ("Zoë 🦉", True), ("a  b", True), ("\u0378", True)],
)
def test_names_at_the_edges(name: str, taken: bool) -> None:
    assert accepts(check_name, name) is taken
    assert Both({"type": "string", "pattern": name_pattern()}).valid(name) is taken
    with pytest.raises(BadName):
        check_name(5)


def test_the_players_body_is_the_name_rule(document: dict) -> None:
    for method, path in (("post", "/api/players"), ("patch", "/api/me")):
        schema = body_schema(document, method, path)
        assert schema["required"] == ["name"]
        assert schema["properties"]["name"]["pattern"] == name_pattern()


def _date_candidates() -> list[str]:
    years = [*range(0, 12), *range(1896, 1905), *range(1996, 2105), *range(2396, 2405), *range(9990, 10000)]
    return [f"{y:04d}-{m:02d}-{d:02d}" for y, m, d in itertools.product(years, range(0, 14), range(0, 33))]


def _real_date(text: str) -> bool:
    try:
        dt.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def test_a_date_matches_the_pattern_exactly_when_it_is_a_real_date(document: dict) -> None:
    schema = parameter_schema(document, "get", "/api/boards/chain/daily/{date}", "date")
    both = Both({"type": "string", "pattern": schema["pattern"]})
    wrong = [
        text
        for text in _date_candidates()
        if not (both.valid(text) == accepts(parse_day, text) == _real_date(text))
    ]
    assert not wrong, wrong[:20]
    for text in ("2026-11-02\n", " 2026-11-02", "2026-W45-1", "２０２６-11-02", "20261102", "2026-11-2"):
        assert not both.valid(text) and not accepts(parse_day, text), text


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=12), st.text(alphabet="0123456789-\n", max_size=12)))
def test_any_text_as_a_date(text: str) -> None:
    pattern = ChainGiveup.model_json_schema()["properties"]["date"]["pattern"]
    both = Both({"type": "string", "pattern": pattern})
    assert both.valid(text) == accepts(parse_day, text)


def test_every_date_in_the_document_is_the_same_rule(document: dict) -> None:
    pattern = parameter_schema(document, "get", "/api/boards/chain/daily/{date}", "date")["pattern"]
    assert parameter_schema(document, "get", "/api/boards/chess/daily/{date}", "date")["pattern"] == pattern
    assert parameter_schema(document, "get", "/api/chain/{date}/walkthrough", "date")["pattern"] == pattern
    for path in ("/api/chain/solves", "/api/chain/giveups"):
        assert body_schema(document, "post", path)["properties"]["date"]["pattern"] == pattern


# Bodies: values near each field's edges, valid and not, in any combination, with fields left out.
UCI = st.sampled_from(["e2e4", "e7e8q", "a1h8", "e2e4\n", "E2E4", "e7e8k", "e2", "", 5, None])
NUMBER = st.one_of(
    st.sampled_from([0, 1, 2, 500, 501, -1, 86_400, 86_401, 9999, 10_000, 1.0, 40.0, 1.5, 1e400, True, "3"]),
    st.none(),
    st.integers(-3, 600),
)
CHESS_FIELDS = {
    "id": st.sampled_from(["00sHx", "abcde", "abcd", "abcdef", "abc\n", "ab de", 12345, None]),
    "band": st.sampled_from(["Easy", "Expert", "easy", "", None, 3]),
    "moves": st.one_of(st.lists(UCI, max_size=10), st.sampled_from(["e2e4", None, {}])),
    "mistakes": NUMBER,
    "hints": NUMBER,
    "seconds": NUMBER,
    "how": st.sampled_from(["wrong", "gave-up", "Wrong", "", None]),
    "extra": st.just("ignored"),
}


def bodies(fields: dict[str, Any]) -> Any:
    return st.one_of(
        st.fixed_dictionaries({}, optional=fields),
        st.sampled_from([None, [], "text", 5]),
    )


@settings(max_examples=1500, deadline=None)
@given(bodies(CHESS_FIELDS))
def test_chess_bodies_the_document_calls_valid_are_exactly_the_ones_taken(body: Any) -> None:
    doc = _document()
    solve = Both(body_schema(doc, "post", "/api/chess/solves"))
    miss = Both(body_schema(doc, "post", "/api/chess/misses"))
    assert solve.valid(body) == accepts(lambda b: parse(ChessSolve, b), body), body
    assert miss.valid(body) == accepts(lambda b: parse(ChessMiss, b), body), body


CHAIN_FIELDS = {
    "date": st.sampled_from(["2026-11-02", "2026-02-29", "2028-02-29", "2026-13-01", "2026-11-02\n", 2026]),
    "tiles": st.one_of(st.lists(st.one_of(NUMBER, st.integers(-5, 9)), max_size=8), st.just("0,1")),
    "seconds": NUMBER,
    "undos": NUMBER,
    "resets": NUMBER,
    "extra": st.just(1),
}


def _chain_solve(body: Any) -> None:
    parse_day(parse(ChainSolve, body).date)


def _chain_giveup(body: Any) -> None:
    parse_day(parse(ChainGiveup, body).date)


@settings(max_examples=1500, deadline=None)
@given(bodies(CHAIN_FIELDS))
def test_chain_bodies_the_document_calls_valid_are_exactly_the_ones_taken(body: Any) -> None:
    doc = _document()
    solve = Both(body_schema(doc, "post", "/api/chain/solves"))
    giveup = Both(body_schema(doc, "post", "/api/chain/giveups"))
    assert solve.valid(body) == accepts(_chain_solve, body), body
    assert giveup.valid(body) == accepts(_chain_giveup, body), body


RESULT_FIELDS = {
    "puzzle": NUMBER,
    "solved": st.sampled_from([True, False, 1, "yes", None]),
    "clean": st.sampled_from([True, False, 0, None]),
    "seconds": NUMBER,
    "mistakes": NUMBER,
    "ticket": st.sampled_from(["t", "t" * 512, "t" * 513, "", "a.b", None, 7]),
}


@settings(max_examples=800, deadline=None)
@given(bodies(RESULT_FIELDS))
def test_lesson_result_bodies_the_document_calls_valid_are_exactly_the_ones_taken(body: Any) -> None:
    from functions.routes.lessons.models import ResultPost

    schema = body_schema(_document(), "post", "/api/lessons/{lesson_id}/results")
    assert Both(schema).valid(body) == accepts(lambda b: parse(ResultPost, b), body), body


@settings(max_examples=500, deadline=None)
@given(TEXT)
def test_an_import_text_matches_its_pattern_exactly_when_it_is_read(text: str) -> None:
    read = check(text.encode("utf-8", "surrogatepass")).kind is not None
    assert Both({"type": "string", "pattern": NOT_EMPTY}).valid(text) == read, text


@settings(max_examples=500, deadline=None)
@given(TEXT)
def test_a_lesson_name_matches_its_pattern_exactly_when_it_has_no_control_character(name: str) -> None:
    assert Both({"type": "string", "pattern": NO_CONTROL}).valid(name) == (CONTROL.search(name) is None)


_DOC: dict[str, Any] = {}


def _document() -> dict[str, Any]:
    """The document, made once (hypothesis's tests can't take a function-scoped fixture)."""
    if not _DOC:
        store = SqliteStore(":memory:")
        _DOC.update(create_app(settings_for_tests(), store).openapi())
    return _DOC


SAID_VALUES = [{}, {"move": "Nxe5"}, {"Move": "Nxe5"}, {"": 1}, {"é": 1}, {"a" * 21: 1},
               {"piece": {"code": "standing_white_piece"}}, {"piece": {"code": "x", "values": {"Bad": 1}}},
               # A whole number however written, inside a word's values too (schemathesis sent -185.0).
               {"n": 3.0}, {"n": 3.5}, {"piece": {"code": "x", "values": {"uuz": -185.0}}}]


@pytest.mark.parametrize("values", SAID_VALUES)
def test_engine_check_findings_the_document_calls_valid_are_exactly_the_ones_taken(values: Any) -> None:
    """A finding said as a code and values: a key outside the document's pattern was valid to the
    document (patternProperties alone lets any other key through) yet refused by the server."""
    from functions.routes.lessons.models import EngineCheckPost

    body = {"version": 1, "findings": [{"puzzle": 1, "kind": "reply", "words": "w",
                                        "said": {"code": "loses_white_after", "values": values}}]}
    schema = body_schema(_document(), "put", "/api/lessons/{lesson_id}/check")
    assert Both(schema).valid(body) == accepts(lambda b: parse(EngineCheckPost, b), body), body
