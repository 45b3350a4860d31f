"""No input makes a lesson route answer 500, on either store.

Hypothesis throws arbitrary JSON, puzzle objects with arbitrary values in every field
(slips included: line breaks, look-alike letters, invisible characters, surrogate
escapes), plain text, PGN fragments and bytes at every lesson route: validate, import,
list, get, delete, results and posting a result, with arbitrary ids, tokens and query
options. Every answer is below 500 and says what is wrong; a stored lesson can be read
back, played and its results read.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.support import (
    STORE_KINDS,
    StoreKind,
    World,
    signed_up,
    world_of,
)

pytestmark = pytest.mark.slow  # `make check` leaves these to `make test`

NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)
FIXTURES = Path(__file__).parent / "fixtures" / "lessons"
# The format guide's worked examples live beside its page, which includes them.
EXAMPLES = Path(__file__).resolve().parents[1] / "site" / "templates" / "lessons" / "_examples"
GUIDE = json.loads((EXAMPLES / "guide_lesson.json").read_text(encoding="utf-8"))
MEDIA = ["application/json", "application/x-chess-pgn", "text/plain", "image/png", ""]

# Characters a slip brings in: white space of every kind, look-alikes, invisible ones, a surrogate.
SLIPS = "\n\r\t \u00a0\u3000\u200b\u2028\u0430\u0435\u0440\uff41\uff11\u00b9\ud800\udfff\ufeff"
NASTY = st.text(alphabet=st.characters(max_codepoint=0x2FF) | st.sampled_from(SLIPS), max_size=12)
MOVE_LIKE = st.text(
    alphabet=st.sampled_from("abcdefgh12345678qrbnNKx+#=-O") | st.sampled_from(SLIPS), max_size=7
)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | NASTY,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(NASTY, inner, max_size=3),
    max_leaves=8,
)
PGN_BITS = st.sampled_from(
    ['[Event "x"]\n', '[FEN "8/8/8/8/8/8/8/K1k5 w - - 0 1"]\n', '[StudentColor "white"]\n', "\n", "1. ",
     "e4 ", "e5 ", "Kxe7 ", "Nf3 ", "{ c [%hint h] } ", "( ", ") ", "$1 ", "1-0", "*", "\u0430", "--"]
)  # fmt: skip


@st.composite
def puzzle_docs(draw: st.DrawFn) -> Any:
    """The guide's lesson (or one puzzle of it) with a few changes: a slip typed into a field
    that was right (a character put in at its start or end or anywhere, or put in place of
    one), or an arbitrary value put into a field."""
    puzzles = json.loads(json.dumps(GUIDE))
    for _ in range(draw(st.integers(0, 3))):
        puzzle = draw(st.sampled_from(puzzles))
        moves = puzzle["moves"]
        intact = isinstance(moves, list) and moves and all(isinstance(m, dict) for m in moves)
        move = draw(st.sampled_from(moves)) if intact else {}
        if draw(st.booleans()):
            field = draw(st.sampled_from(["uci", "fen", "playerColor", "title", "comment"]))
            target = move if field in ("uci", "comment") else puzzle
            old = target.get(field)
            if not isinstance(old, str):
                continue
            at = draw(st.sampled_from([len(old), 0]) | st.integers(0, len(old)))
            slip = draw(st.sampled_from(SLIPS))
            target[field] = old[:at] + slip + old[at + draw(st.integers(0, 1)) :]
        else:
            field = draw(
                st.sampled_from(["title", "intro", "fen", "playerColor", "uci", "comment", "hint", "moves"])
            )
            target = move if field in ("uci", "comment", "hint") else puzzle
            target[field] = draw(MOVE_LIKE if field == "uci" else NASTY | JSON_VALUES)
    return draw(st.sampled_from([puzzles, puzzles[0], [*puzzles, "x"]]))


def _encoded(value: Any, ascii_only: bool) -> bytes:
    return json.dumps(value, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")


BODIES = st.one_of(
    st.builds(_encoded, puzzle_docs(), st.booleans()),
    st.builds(_encoded, puzzle_docs(), st.booleans()),
    st.builds(_encoded, JSON_VALUES, st.booleans()),
    st.lists(PGN_BITS, max_size=25).map("".join).map(str.encode),
    st.text(max_size=100).map(str.encode),
    st.binary(max_size=60),
)
QUERY = st.sampled_from(["none", "good", "any"]).flatmap(
    lambda kind: (
        st.just({})
        if kind == "none"
        else st.fixed_dictionaries(
            {},
            optional={
                "student_color": st.sampled_from(["white", "black"])
                if kind == "good"
                else st.text(max_size=8),
                "name": st.text(max_size=120 if kind == "good" else 130),
            },
        )
    )
)
IDS = st.text(max_size=20) | st.text(alphabet="ABCDEFGHabcdefgh0123456789_-", min_size=16, max_size=16)


@pytest.fixture(scope="module", params=STORE_KINDS)
def store_kind(request: pytest.FixtureRequest) -> StoreKind:
    """tests/conftest.py's, for the module: its world is made once over each store."""
    kind: StoreKind = request.param
    return kind


@dataclass
class Teacher(World):
    """The world with a teacher (their Authorization header)."""

    teacher: dict[str, str]


@pytest.fixture(scope="module")
def world(store_kind: StoreKind, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Teacher]:
    with world_of(store_kind, tmp_path_factory.mktemp("robust"), NOON) as world:
        yield world.grown(Teacher, teacher=signed_up(world.client, "Teacher"))


def _answered(got: Any) -> Any:
    """The answer's JSON, after checking it is not a server error and, if refused, says why."""
    assert got.status_code < 500, (got.status_code, got.text)
    body = got.json()
    if got.status_code >= 400:
        assert isinstance(body["error"], str) and body["error"]
    return body


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=BODIES, media=st.sampled_from(MEDIA))
def test_checking_any_import_answers_its_problems(world: Teacher, body: bytes, media: str) -> None:
    """The check alone, many times over (it stores nothing, so it is quick): every text is
    answered 200 with its problems, or 400 when there is no text to read."""
    # Checks are limited to 60 an hour an address: two minutes between them keeps this under it.
    world.clock.advance(minutes=2)
    got = world.client.post(
        "/api/lessons/validate", content=body, headers={"Content-Type": media} if media else {}
    )
    answer = _answered(got)
    if media.split(";")[0] not in ("application/json", "application/x-chess-pgn"):
        # A type another site's page could send without asking first: refused before it is read.
        assert got.status_code == 415, got.text
        return
    assert got.status_code in (200, 400)
    if got.status_code == 200:
        assert answer["ok"] or answer["errors"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=BODIES,
    media=st.sampled_from(MEDIA),
    query=QUERY,
    lesson_id=IDS,
    result=JSON_VALUES,
    token=st.sampled_from(["teacher", "teacher", "teacher", None, "other"]).flatmap(
        lambda t: (
            st.text(alphabet=st.characters(max_codepoint=0x7E), max_size=20) if t == "other" else st.just(t)
        )
    ),
)
def test_no_lesson_route_answers_500(
    world: Teacher, body: bytes, media: str, query: dict, lesson_id: str, result: Any, token: Any
) -> None:
    client = world.client
    world.clock.advance(hours=1)  # a new hour: the import rate limit never hides a route
    headers = {"Content-Type": media} if media else {}
    auth = world.teacher if token == "teacher" else {"Authorization": f"Bearer {token}"} if token else {}

    _answered(client.post("/api/lessons/validate", content=body, headers=headers, params=query))
    made = client.post("/api/lessons", content=body, headers={**headers, **auth}, params=query)
    created = _answered(made)
    event(f"import answered {made.status_code}")
    ids = [quote(lesson_id, safe="")]
    if made.status_code == 201:
        ids.append(created["id"])
        played = _answered(client.get(f"/api/lessons/{created['id']}"))
        assert played["count"] == created["count"] == len(played["puzzles"])
    _answered(client.get("/api/lessons", headers=auth))
    for some in ids:
        _answered(client.get(f"/api/lessons/{some}"))
        _answered(client.get(f"/api/lessons/{some}/results", headers=auth))
        _answered(
            client.post(
                f"/api/lessons/{some}/results", content=_encoded(result, True), headers={**headers, **auth}
            )
        )
        issued = _answered(client.post(f"/api/lessons/{some}/tickets", json={"puzzle": 1}, headers=auth))
        _answered(
            client.post(
                f"/api/lessons/{some}/results",
                json={"puzzle": 1, "solved": True, "clean": False, "seconds": 0,
                      "ticket": issued.get("ticket", "x")},
                headers=auth,
            )
        )
    for some in reversed(ids):
        _answered(client.delete(f"/api/lessons/{some}", headers=auth))


@pytest.mark.parametrize("media", ["application/json", "application/json; charset=utf-8"])
def test_the_issues_trailing_line_break_is_a_problem_of_its_puzzle(
    world: Teacher, media: str
) -> None:
    """Issue 12, item 2: the move "a1a8\\n" answered 500 and hid the other puzzles' problems."""
    doc = [
        {"fen": "6k1/5ppp/8/8/8/6P1/8/R5K1 w - - 0 1", "playerColor": "white", "moves": [{"uci": "a1a8\n"}]},
        {**GUIDE[0], "playerColor": "White"},
        GUIDE[1],
    ]
    for path, auth, status in (("/api/lessons/validate", {}, 200), ("/api/lessons", world.teacher, 422)):
        got = world.client.post(path, content=json.dumps(doc), headers={"Content-Type": media, **auth})
        assert got.status_code == status, got.text
        assert [e["text"] for e in got.json()["errors"]] == [
            'Puzzle 1, move 1 (a1a8): has a line break after it: write "a1a8"',
            'Puzzle 2 "Skewer on the fourth rank": '
            '"playerColor" must be "white" or "black" (lower case), not "White"',
        ]


def test_a_surrogate_escape_quoted_back_in_a_problem_is_sent(world: Teacher) -> None:
    """A title, field name or move that is a lone surrogate escape is quoted in the problem
    (as U+FFFD), not a response that can't be encoded."""
    text = (
        '{"title": "\\ud800", "fen": "6k1/5ppp/8/8/8/6P1/8/R5K1 w - - 0 1", "playerColor": "white", '
        '"\\udfff": 1, "moves": [{"uci": "a1a8\\ud800"}]}'
    )
    got = world.client.post(
        "/api/lessons/validate", content=text, headers={"Content-Type": "application/json"}
    )
    assert got.status_code == 200, got.text
    assert [e["text"] for e in got.json()["errors"]] == [
        'Puzzle 1 "\ufffd": "title" contains an unpaired surrogate escape (like \\ud800), '
        "which is not a character",
        'Puzzle 1 "\ufffd", move 1 (a1a8\ufffd): has an unpaired surrogate (U+D800) in it: write "a1a8"',
    ]
    assert [w["text"] for w in got.json()["warnings"]] == [
        'Puzzle 1 "\ufffd": unknown field "\ufffd" is ignored'
    ]
