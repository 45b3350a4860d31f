"""Lessons over the API (real HTTP through FastAPI's TestClient, SQLite and moto's DynamoDB):
validate without storing, import (signed in, all or nothing), get, list, delete, results."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.bench_lessons import ordinary_games
from functions.routes.lessons.routes import IMPORTS_PER_HOUR
from puzzlebook.lessons import MAX_BYTES, MAX_PUZZLES, check
from tests.support import StoreKind, World, served, signed_up, sqlite_store, world_of

FIXTURES = Path(__file__).parent / "fixtures" / "lessons"
# The format guide's worked examples live beside its page, which includes them.
EXAMPLES = Path(__file__).resolve().parents[1] / "site" / "templates" / "lessons" / "_examples"
NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)
LESSON = (EXAMPLES / "guide_lesson.json").read_text(encoding="utf-8")
STUDY = (FIXTURES / "study_classics.pgn").read_text(encoding="utf-8")
JSON = {"Content-Type": "application/json"}
PGN = {"Content-Type": "application/x-chess-pgn"}


@pytest.fixture
def world(store_kind: StoreKind, tmp_path: Path) -> Iterator[World]:
    with world_of(store_kind, tmp_path, NOON) as world:
        yield world


def _import(world: World, text: str, headers: dict[str, str], **params: str):
    return world.client.post("/api/lessons", content=text.encode(), headers=headers, params=params)


def test_validate_reports_without_storing(world: World) -> None:
    got = world.client.post("/api/lessons/validate", content=LESSON.encode(), headers=JSON)
    assert got.status_code == 200, got.text
    body = got.json()
    assert (body["ok"], body["kind"], body["count"], body["errors"], body["warnings"]) == (
        True,
        "json",
        3,
        [],
        [],
    )
    first = body["puzzles"][0]
    assert first["title"] == "Skewer on the fourth rank" and first["student"] == "white"
    assert [m["san"] for m in first["moves"]] == ["Ra4+", "Ke3", "Rxh4"]
    teacher = signed_up(world.client, "Teacher")
    assert world.client.get("/api/lessons", headers=teacher).json() == {"lessons": []}


def test_validate_lists_every_problem_with_its_place(world: World) -> None:
    doc = json.loads(LESSON)
    doc[0]["moves"][2]["uci"] = "a4h5"
    doc[2]["playerColor"] = "White"
    body = world.client.post("/api/lessons/validate", content=json.dumps(doc), headers=JSON).json()
    assert body["ok"] is False and body["count"] == 1  # the knight puzzle passed
    assert body["errors"] == [
        {
            "puzzle": 1,
            "title": "Skewer on the fourth rank",
            "move": 3,
            "move_text": "a4h5",
            "message": "not a legal move in this position",
            "text": 'Puzzle 1 "Skewer on the fourth rank", move 3 (a4h5): not a legal move in this position',
            "code": "lesson_not_legal",
        },
        {
            "puzzle": 3,
            "title": "Castle with check",
            "move": None,
            "move_text": "",
            "message": '"playerColor" must be "white" or "black" (lower case), not "White"',
            "text": 'Puzzle 3 "Castle with check": '
            '"playerColor" must be "white" or "black" (lower case), not "White"',
            "code": "lesson_player_color",
        },
    ]
    assert [p["index"] for p in body["puzzles"]] == [2]


def test_the_checkers_problems_are_said_in_the_requests_language_with_their_codes(world: World) -> None:
    """Issue 44: an import's problems, their places and the 422's summary in the language the
    request asks for (Accept-Language), each with its code, the same in every language."""
    spanish = {**JSON, "Accept-Language": "es"}
    doc = json.loads(LESSON)
    del doc[1]["fen"]
    doc[0]["moves"] = []
    body = world.client.post("/api/lessons/validate", content=json.dumps(doc), headers=spanish).json()
    said = [(p["code"], p["message"], p["text"]) for p in body["errors"]]
    assert said == [
        ("lesson_no_moves", '"moves" está vacío: da al menos una jugada',
         'Problema 1 "Skewer on the fourth rank": "moves" está vacío: da al menos una jugada'),
        ("lesson_missing_field", 'falta el campo obligatorio "fen"',
         'Problema 2 "Promote to a knight": falta el campo obligatorio "fen"'),
    ]
    teacher = signed_up(world.client, "Teacher")
    refused = world.client.post("/api/lessons", content=b"[]", headers={**spanish, **teacher})
    assert refused.status_code == 422 and refused.headers["content-language"] == "es"
    assert refused.json()["error"] == "El array está vacío: no hay problemas que importar"
    assert refused.json()["errors"][0]["code"] == "lesson_json_empty"
    two = world.client.post("/api/lessons", content=json.dumps(doc), headers={**spanish, **teacher}).json()
    assert (two["code"], two["error"]) == (
        "lesson_has_problems", "La importación tiene 2 errores; no se guardó nada.")
    english = world.client.post("/api/lessons", content=b"[]", headers={**JSON, **teacher}).json()
    assert english["error"] == "The array is empty: there are no puzzles to import"
    fenced = world.client.post("/api/lessons/validate", content=b"```\n" + LESSON.encode() + b"\n```",
                               headers=spanish).json()
    assert [(w["code"], w["text"]) for w in fenced["warnings"]] == [
        ("lesson_fence_removed", "Se quitó el bloque de código Markdown (```) que rodeaba el texto")]


START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_the_checkers_detailed_problems_are_said_in_the_requests_language(world: World) -> None:
    """Issue 44: every detailed problem is a message with its own code: a slip (slips.py) in a field
    (json_format.py) or a move (uci.py), a position (fen.py), the line (line.py), a text (texts.py), a
    SAN (pgn_format.py), the student's side (pgn_side.py) and a game (pgn_lesson.py), said in Spanish
    with the values (moves, squares, fields) as written; English is unchanged (the golden tests)."""
    doc = [
        {"title": "Slip", "fen": START, "playerColor": "white ", "moves": [{"uci": "e2e4"}]},
        {"title": "Empty", "fen": "8/8/8/8/8/8/8/8 w - - 0 1", "playerColor": "white",
         "moves": [{"uci": "e2e4"}]},
        {"title": "Moves", "fen": START, "playerColor": "white",
         "moves": [{"uci": "e2e4"}, {"uci": "e7e5", "hint": "h"}, {"uci": "e3e4"}]},
        {"title": "Typed", "fen": START, "playerColor": "white", "moves": [{"uci": "e2e4 "}], "tilte": "x"},
        {"title": "Bell", "intro": "Ring \u0007", "fen": START, "playerColor": "white",
         "moves": [{"uci": "e2e4"}]},
    ]
    spanish = {**JSON, "Accept-Language": "es"}
    body = world.client.post("/api/lessons/validate", content=json.dumps(doc), headers=spanish).json()
    said = [(p["code"], p["text"]) for p in body["errors"] + body["warnings"]]
    assert said == [
        ("lesson_field_slip_write",
         'Problema 1 "Slip": "playerColor" tiene un espacio detrás: escribe "white"'),
        ("lesson_field_problem",
         'Problema 2 "Empty": "fen": no es una posición legal: el tablero está vacío'),
        ("lesson_not_legal_no_piece", 'Problema 3 "Moves", jugada 3 (e3e4): no es una jugada legal en esta '
         "posición: no hay ninguna pieza en e3"),
        ("lesson_uci_slip_write",
         'Problema 4 "Typed", jugada 1 (e2e4): tiene un espacio detrás: escribe "e2e4"'),
        ("lesson_text_control", 'Problema 5 "Bell": "intro" contiene un carácter de control invisible '
         "(U+0007); solo se admiten saltos de línea y tabuladores"),
        ("lesson_hint_on_opponent", 'Problema 3 "Moves", jugada 2 (e7e5): esta pista está en una jugada del '
         "rival, así que nunca se muestra (las pistas son para las jugadas del alumno)"),
        ("lesson_unknown_field_meant",
         'Problema 4 "Typed": el campo desconocido "tilte" se ignora (¿querías decir "title"?)'),
    ]
    pgn = (
        '[Event "Capture"]\n[StudentColor "white"]\n\n1. e4 e5 2. Nxf3 1-0\n\n'
        '[Event "Side"]\n[Result "1-0"]\n\n{ [%cal Ge2e4,Gd2d4] } 1. e4 e5 2. Nf3 1-0\n\n'
        '[Event "Odd"]\n[Variant "Atomic"]\n\n1. e4 *\n'
    )
    pgn_spanish = {**PGN, "Accept-Language": "es"}
    body = world.client.post("/api/lessons/validate", content=pgn, headers=pgn_spanish).json()
    said = [(p["code"], p["text"]) for p in body["errors"] + body["warnings"]]
    assert said == [
        ("lesson_san_nothing_to_capture",
         'Partida 1 "Capture", jugada 2. Nxf3: escrita como captura, pero no hay nada que capturar en f3'),
        ("lesson_not_standard_chess",
         'Partida 3 "Odd": solo se puede importar ajedrez estándar, no "Atomic"'),
        ("lesson_side_white", 'Partida 2 "Side": no hay etiqueta [StudentColor] ni [Orientation]: el alumno '
         'juega con blancas, como dice el resultado "1-0" (añade [StudentColor "black"] para el otro bando)'),
        ("lesson_left_out",
         'Partida 2 "Side": queda fuera, pues un problema no muestra nada de esto: 2 flechas'),
    ]
    english = world.client.post("/api/lessons/validate", content=pgn, headers=PGN).json()
    assert english["errors"][0]["text"] == (
        'Game 1 "Capture", move 2. Nxf3: written as a capture, but there is nothing to capture on f3'
    )


def test_validate_pgn_with_and_without_the_students_side(world: World) -> None:
    game = (FIXTURES / "game_clocks.pgn").read_text(encoding="utf-8")
    bare = world.client.post(  # JSON's type, as the import page sends: the PGN is found from the text
        "/api/lessons/validate", content=game, headers=JSON
    ).json()
    # Issue 40: no side tag and no choice: the result (1-0) decides, and a warning says so.
    assert bare["kind"] == "pgn" and bare["ok"] and bare["puzzles"][0]["student"] == "white"
    assert 'as the result "1-0" says' in bare["warnings"][0]["text"]
    chosen = world.client.post(
        "/api/lessons/validate", content=game, headers=PGN, params={"student_color": "white"}
    ).json()
    assert chosen["ok"] and chosen["puzzles"][0]["moves"][-1]["san"] == "Nd5#"
    bad = world.client.post(
        "/api/lessons/validate", content=game, headers=PGN, params={"student_color": "red"}
    )
    assert bad.status_code == 400
    assert bad.json() == {"error": "Student_color must be one of 'white' or 'black'.",
                          "code": "field_not_one_of"}


def test_import_needs_a_player(world: World) -> None:
    got = _import(world, LESSON, JSON)
    assert got.status_code == 401 and "Sign in" in got.json()["error"]


def test_import_get_list_delete(world: World) -> None:
    teacher = signed_up(world.client, "Teacher")
    made = _import(world, LESSON, {**JSON, **teacher}, name="Tactics, week 1")
    assert made.status_code == 201, made.text
    created = made.json()
    assert created["name"] == "Tactics, week 1" and created["count"] == 3 and created["warnings"] == []
    assert len(created["id"]) == 16 and created["url"] == f"/lessons/play/?id={created['id']}"

    played = world.client.get(f"/api/lessons/{created['id']}")  # anyone with the link
    assert played.status_code == 200
    lesson = played.json()
    assert (lesson["name"], lesson["count"]) == ("Tactics, week 1", 3)
    checked = world.client.post("/api/lessons/validate", content=LESSON, headers=JSON)
    assert lesson["puzzles"] == checked.json()["puzzles"]
    assert "owner" not in json.dumps(lesson)

    world.clock.advance(minutes=5)
    study = _import(world, STUDY, {**PGN, **teacher}).json()
    assert study["name"] == "Classic finishes"  # the study's name
    mine = world.client.get("/api/lessons", headers=teacher).json()["lessons"]
    assert [(m["name"], m["count"]) for m in mine] == [
        ("Classic finishes", 2),
        ("Tactics, week 1", 3),
    ]

    other = signed_up(world.client, "Other")
    assert world.client.get("/api/lessons", headers=other).json() == {"lessons": []}
    refused = world.client.delete(f"/api/lessons/{created['id']}", headers=other)
    assert refused.status_code == 404 and refused.json() == {"error": "None of your lessons has that id.",
                                                       "code": "not_your_lesson"}
    assert world.client.get(f"/api/lessons/{created['id']}").status_code == 200

    assert world.client.delete(f"/api/lessons/{created['id']}", headers=teacher).json() == {"ok": True}
    gone = world.client.get(f"/api/lessons/{created['id']}")
    assert gone.status_code == 404 and "no lesson with that id" in gone.json()["error"]
    assert [m["id"] for m in world.client.get("/api/lessons", headers=teacher).json()["lessons"]] == [
        study["id"]
    ]


def test_a_pgn_lesson_plays_like_its_json(world: World) -> None:
    teacher = signed_up(world.client, "Teacher")
    made = _import(world, STUDY, {**PGN, **teacher}).json()
    puzzles = world.client.get(f"/api/lessons/{made['id']}").json()["puzzles"]
    trap = puzzles[1]
    assert (trap["title"], trap["student"], trap["opponent_first"]) == ("Blackburne's trap", "black", True)
    assert trap["moves"][1] == {
        "uci": "d8g5",
        "san": "Qg5",
        "color": "black",
        "by_student": True,
        "comment": "Both the knight and g2 are hit.",
        "hint": "Attack the knight and the g2 pawn with one move.",
    }


def test_an_invalid_import_stores_nothing(world: World) -> None:
    teacher = signed_up(world.client, "Teacher")
    doc = json.loads(LESSON)
    doc[1]["moves"][0]["uci"] = "e7e8"
    got = _import(world, json.dumps(doc), {**JSON, **teacher})
    assert got.status_code == 422
    body = got.json()
    assert body["error"] == (
        'Puzzle 2 "Promote to a knight", move 1 (e7e8): '
        'a pawn reaching the last rank needs the piece it becomes: "e7e8q" for a queen'
    )
    assert len(body["errors"]) == 1 and body["warnings"] == []
    doc[0]["fen"] = "8/8/8/8/8/8/8/8 w - - 0 1"
    two = _import(world, json.dumps(doc), {**JSON, **teacher}).json()
    assert two["error"] == "The import has 2 problems; nothing was stored."
    assert world.client.get("/api/lessons", headers=teacher).json() == {"lessons": []}
    empty = _import(world, "   ", {**JSON, **teacher})
    assert empty.status_code == 400 and empty.json()["error"] == "Nothing to import: the text is empty"


EMPTY = "Nothing to import: the text is empty"
NOT_UTF8 = "The file is not UTF-8 text (an undecodable byte at position 0)"


@pytest.mark.parametrize(
    ("body", "media", "words"),
    [
        (b"", "application/json", EMPTY),
        (b"", "application/vnd.chess-pgn", EMPTY),
        (b"", "application/json; charset=utf-8", EMPTY),
        (b" \n\t", "application/x-chess-pgn", EMPTY),
        (b"\xef\xbb\xbf", "application/json", EMPTY),  # a byte order mark and nothing after it
        (b"\xff\xfe{}", "application/json", NOT_UTF8),
    ],
)
def test_a_body_with_no_text_to_check_is_a_bad_request(
    world: World, body: bytes, media: str | None, words: str
) -> None:
    """The document says the import is required: an empty body (or one that isn't text) is a 400 with
    the reason, from checking as from importing, and nothing is stored."""
    teacher = signed_up(world.client, "Teacher")
    headers = {"Content-Type": media} if media else {}
    for path, who in (("/api/lessons/validate", {}), ("/api/lessons", teacher)):
        got = world.client.post(path, content=body, headers={**headers, **who})
        assert got.status_code == 400, (path, got.text)
        assert got.json()["error"] == words
        assert [p["message"] for p in got.json()["errors"]] == [words]
    assert world.client.get("/api/lessons", headers=teacher).json() == {"lessons": []}


def test_limits(world: World) -> None:
    teacher = signed_up(world.client, "Teacher")
    one = json.loads(LESSON)[2]
    too_many = _import(world, json.dumps([one] * (MAX_PUZZLES + 1)), {**JSON, **teacher})
    assert too_many.status_code == 422
    assert (
        too_many.json()["error"]
        == "The import has 201 puzzles; the limit is 200: split it into smaller imports"
    )
    big = json.dumps([one]) + " " * MAX_BYTES
    too_big = _import(world, big, {**JSON, **teacher})
    assert too_big.status_code == 413 and "256 KB" in too_big.json()["error"]
    exactly = json.dumps([one]).ljust(MAX_BYTES)
    assert _import(world, exactly, {**JSON, **teacher}).status_code == 201


def test_what_is_wrong_with_the_whole_import_is_said_first(world: World) -> None:
    """Issue 12, item 12: a paste that is only too large, or has only too many puzzles, is told so."""
    teacher = signed_up(world.client, "Teacher")
    one = json.loads(LESSON)[2]
    huge = json.dumps([one] * 5000)
    for path, who in (("/api/lessons/validate", {}), ("/api/lessons", teacher)):
        too_big = world.client.post(path, content=huge.encode(), headers={**JSON, **who})
        assert too_big.status_code == 413
        assert too_big.json()["error"] == (
            f"The import is {len(huge) / 1024:,.0f} KB; the limit is 256 KB: split it into smaller imports."
        )
        assert too_big.json()["code"] == "too_large"
        asked = {**JSON, **who, "Accept-Language": "es"}
        spanish = world.client.post(path, content=huge.encode(), headers=asked).json()
        assert spanish["code"] == "too_large" and spanish["error"].startswith("La importación ocupa"), spanish
    bad = {**one, "playerColor": "red"}
    mixed = _import(world, json.dumps([one] * MAX_PUZZLES + [bad]), {**JSON, **teacher})
    assert mixed.status_code == 422
    assert mixed.json()["error"] == (
        "The import has 201 puzzles; the limit is 200: split it into smaller imports; "
        "and 1 more problem. Nothing was stored."
    )
    checked = world.client.post("/api/lessons/validate", content=json.dumps([one] * 250), headers=JSON).json()
    assert (checked["ok"], checked["count"], [e["text"] for e in checked["errors"]]) == (
        False,
        250,
        ["The import has 250 puzzles; the limit is 200: split it into smaller imports"],
    )


@pytest.mark.slow
def test_a_pgn_larger_than_a_dynamodb_item_once_stored_is_kept_on_both_stores(world: World) -> None:
    """Issue 12, item 20: 160 ordinary games (188 KB) answered 500 on DynamoDB, their stored JSON being
    past its 400 KB item limit. Whatever the importer passes, both stores keep."""
    study = ordinary_games(160, 200)
    assert 180 * 1024 < len(study.encode()) <= MAX_BYTES
    teacher = signed_up(world.client, "Teacher")
    made = _import(world, study, {**PGN, **teacher}, name="Games")
    assert made.status_code == 201, made.text
    played = world.client.get(f"/api/lessons/{made.json()['id']}").json()
    assert played["count"] == 160 and [p["title"] for p in played["puzzles"]][-1] == "Game 160"
    first = check(study).lessons[0]
    assert [m["uci"] for m in played["puzzles"][0]["moves"]] == [m.uci for m in first.moves]
    listed = world.client.get("/api/lessons", headers=teacher).json()["lessons"]
    assert [(x["name"], x["count"]) for x in listed] == [("Games", 160)]


@pytest.mark.slow
def test_an_import_too_big_to_keep_says_how_big_and_the_limit(world: World) -> None:
    """Bare moves with one-letter comments take nearly five times their PGN's size once every move
    is written out: 164 KB of them are past the stored limit. The check says so (and gives no
    puzzle back) and nothing is stored."""
    moves = "Nf3{a}Nf6{a}Ng1{a}Ng8{a}" * 7_000
    pgn = f'[StudentColor "white"]\n\n{moves}*\n'
    assert len(pgn.encode()) <= MAX_BYTES
    checked = world.client.post("/api/lessons/validate", content=pgn, headers=PGN).json()
    assert (checked["ok"], checked["count"], checked["puzzles"]) == (False, 0, [])
    (error,) = checked["errors"]
    assert error["text"] == (
        "Stored, this lesson would take 793 KB (every move is kept written out in full, which takes "
        "more room than PGN); the limit is 768 KB: split it into smaller imports"
    )
    teacher = signed_up(world.client, "Teacher")
    refused = _import(world, pgn, {**PGN, **teacher})
    assert refused.status_code == 422 and refused.json()["error"] == error["text"]
    assert world.client.get("/api/lessons", headers=teacher).json() == {"lessons": []}


def ticket_for(
    world: World,
    lesson_id: str,
    puzzle: int,
    headers: dict | None = None,
    student: str | None = None,
) -> str:
    """The play ticket the lesson issues as puzzle `puzzle` opens (a guest's when no token is sent)."""
    body = {"puzzle": puzzle} | ({"student": student} if student else {})
    got = world.client.post(f"/api/lessons/{lesson_id}/tickets", json=body, headers=headers or {})
    assert got.status_code == 200, got.text
    return got.json()["ticket"]


def test_results_count_each_student_once_per_puzzle(world: World) -> None:
    teacher = signed_up(world.client, "Teacher")
    made = _import(world, LESSON, {**JSON, **teacher}).json()
    assert made["name"] == "Skewer on the fourth rank (3 puzzles)"  # no name given: from the first title
    url = f"/api/lessons/{made['id']}/results"

    def post(body: dict, headers: dict | None = None):
        return world.client.post(url, json={"seconds": 10} | body, headers=headers or {})

    a, b, c = (ticket_for(world, made["id"], 1) for _ in range(3))  # three guests
    world.clock.advance(seconds=30)
    assert post({"puzzle": 1, "solved": True, "clean": True, "ticket": a}).json() == {"counted": True}
    assert post({"puzzle": 1, "solved": True, "clean": False, "ticket": a}).json() == {"counted": False}
    # A new ticket for the same guest (their earlier ticket names them) is still the same student.
    again = ticket_for(world, made["id"], 1, student=a)
    world.clock.advance(seconds=30)
    assert post({"puzzle": 1, "solved": True, "clean": True, "ticket": again}).json() == {"counted": False}
    helped = post({"puzzle": 1, "solved": True, "clean": True, "hints": 1, "ticket": b})
    assert helped.json() == {"counted": True}
    assert post({"puzzle": 1, "solved": False, "clean": False, "ticket": c}).json() == {"counted": True}
    student = signed_up(world.client, "Student")
    mine = ticket_for(world, made["id"], 3, student)
    world.clock.advance(seconds=30)
    for counted in (True, False):
        got = post({"puzzle": 3, "solved": True, "clean": True, "ticket": mine}, student)
        assert got.json() == {"counted": counted}

    no_ticket = post({"puzzle": 2, "solved": True, "clean": True})
    assert no_ticket.status_code == 400 and no_ticket.json()["error"] == "Ticket is missing."
    past = post({"puzzle": 4, "solved": True, "clean": True, "ticket": a})
    assert past.status_code == 400 and past.json()["error"] == "This lesson has 3 puzzles, not 4."
    assert post({"puzzle": 0, "solved": True, "clean": True, "ticket": a}).status_code == 400
    assert post({"puzzle": 1, "solved": "yes", "clean": True, "ticket": a}).status_code == 400
    assert post({"puzzle": 1, "solved": True, "clean": True, "ticket": "<x>"}).status_code == 422

    results = world.client.get(url, headers=teacher)
    assert results.status_code == 200
    assert results.json()["puzzles"] == [
        {"index": 1, "title": "Skewer on the fourth rank", "played": 3, "solved": 2, "clean": 1},
        {"index": 2, "title": "Promote to a knight", "played": 0, "solved": 0, "clean": 0},
        {"index": 3, "title": "Castle with check", "played": 1, "solved": 1, "clean": 1},
    ]
    assert world.client.get(url, headers=student).status_code == 404  # the owner's only
    assert world.client.get(url).status_code == 401


def test_unknown_and_malformed_ids(world: World) -> None:
    teacher = signed_up(world.client, "Teacher")
    for lesson_id in ("AAAAAAAAAAAAAAAA", "short", "%3Cscript%3E", "a" * 200):
        got = world.client.get(f"/api/lessons/{lesson_id}")
        assert (
            got.status_code == 404
            and got.json()["error"] == "There is no lesson with that id (it may have been deleted)."
        )
        assert world.client.delete(f"/api/lessons/{lesson_id}", headers=teacher).status_code == 404
        posted = world.client.post(
            f"/api/lessons/{lesson_id}/results",
            json={"puzzle": 1, "solved": True, "clean": True, "seconds": 5, "ticket": "a.b"},
        )
        assert posted.status_code == 404


def test_markup_in_texts_is_stored_and_served_as_typed(world: World) -> None:
    teacher = signed_up(world.client, "Teacher")
    markup = '<script>alert("x")</script><img src=x onerror=alert(1)> & &lt;b&gt;'
    doc = json.loads(LESSON)[2]
    doc.update(title=markup, intro=markup)
    doc["moves"][0].update(comment=markup, hint=markup)
    made = _import(world, json.dumps(doc), {**JSON, **teacher}, name=markup).json()
    assert made["name"] == markup
    (puzzle,) = world.client.get(f"/api/lessons/{made['id']}").json()["puzzles"]
    assert (
        puzzle["title"]
        == puzzle["intro"]
        == puzzle["moves"][0]["comment"]
        == puzzle["moves"][0]["hint"]
        == markup
    )


def test_openapi_documents_the_lesson_routes(world: World) -> None:
    paths = world.client.get("/api/openapi.json").json()["paths"]
    assert {
        "/api/lessons/validate",
        "/api/lessons",
        "/api/lessons/{lesson_id}",
        "/api/lessons/{lesson_id}/results",
    } <= set(paths)
    assert set(paths["/api/lessons"]) == {"get", "post"}
    assert set(paths["/api/lessons/{lesson_id}"]) == {"get", "put", "delete"}
    assert {"/api/lessons/{lesson_id}/tickets", "/api/lessons/{lesson_id}/source"} <= set(paths)


def test_imports_are_rate_limited_per_teacher(world: World) -> None:
    teacher = signed_up(world.client, "Teacher")
    one = json.dumps(json.loads(LESSON)[2])
    for _ in range(IMPORTS_PER_HOUR):
        assert _import(world, one, {**JSON, **teacher}).status_code == 201
    refused = _import(world, one, {**JSON, **teacher})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert refused.json() == {"error": f"Too many imports: at most {IMPORTS_PER_HOUR} an hour.",
                              "code": "too_many_imports"}
    assert _import(world, one, {**JSON, **signed_up(world.client, "Another")}).status_code == 201
    world.clock.advance(hours=1)
    assert _import(world, one, {**JSON, **teacher}).status_code == 201


@pytest.fixture(scope="module")
def shared_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path = tmp_path_factory.mktemp("lessons") / "fuzz.sqlite3"
    with sqlite_store(path) as store, served(store, NOON) as world:
        yield world.client


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=st.binary(max_size=200) | st.text(max_size=200).map(str.encode),
    media=st.sampled_from(["application/json", "application/x-chess-pgn", "text/plain", "image/png"]),
)
def test_any_body_gets_an_answer_not_a_crash(shared_client: TestClient, body: bytes, media: str) -> None:
    got = shared_client.post("/api/lessons/validate", content=body, headers={"Content-Type": media})
    if media not in ("application/json", "application/x-chess-pgn"):
        # A type another site's page could send without asking first: refused before it is read.
        assert got.status_code == 415 and "application/json" in got.json()["error"]
    else:
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as exc:  # nothing to check: a bad request, saying so
            assert got.status_code == 400
            where = f"an undecodable byte at position {exc.start}"
            assert got.json()["error"] == f"The file is not UTF-8 text ({where})"
        else:
            if text.removeprefix("\ufeff").strip():
                assert got.status_code == 200
                assert got.json()["ok"] or got.json()["errors"]
            else:
                assert got.status_code == 400 and got.json()["error"] == EMPTY
    posted = shared_client.post(
        "/api/lessons/AAAAAAAAAAAAAAAA/results", content=body, headers={"Content-Type": media}
    )
    # A result is JSON only: anything else is 415 before the lesson is looked for.
    assert posted.status_code in ((400, 404) if media == "application/json" else (415,)), posted.text
    assert posted.json()["error"]


REFUTED = (EXAMPLES / "guide_refutation.json").read_text(encoding="utf-8")


def test_a_refutation_is_served_kept_and_its_flow_counts_as_a_solve_with_help(world: World) -> None:
    # Issue 30: a wrong move the teacher answers is played out, then set back, and counts as a mistake.
    teacher = signed_up(world.client, "Teacher")
    made = _import(world, REFUTED, {**JSON, **teacher}).json()
    played = world.client.get(f"/api/lessons/{made['id']}").json()
    (move,) = played["puzzles"][0]["moves"]
    assert [(r["uci"], r["san"], r["reply"], r["reply_san"]) for r in move["refutations"]] == [
        ("c4f7", "Bxf7+", "e8e7", "Ke7"),
        ("h5e5", "Qxe5+", "c6e5", "Nxe5"),
    ]
    assert move["refutations"][1]["comment"] == "The knight on c6 guards e5: the queen is lost."
    source = json.loads(world.client.get(f"/api/lessons/{made['id']}/source", headers=teacher).json()["text"])
    assert source == [json.loads(REFUTED)]  # kept as written, to edit
    # A lesson without refutations reads as it always did: no such field on its moves.
    plain = _import(world, LESSON, {**JSON, **teacher}).json()
    moves = world.client.get(f"/api/lessons/{plain['id']}").json()["puzzles"][0]["moves"]
    assert all("refutations" not in m for m in moves)

    # The student plays the refuted wrong move, sees the answer, then mates: one mistake, a solve with help.
    url = f"/api/lessons/{made['id']}/results"
    ticket = ticket_for(world, made["id"], 1)
    world.clock.advance(seconds=9)
    body = {
        "puzzle": 1,
        "solved": True,
        "clean": False,
        "mistakes": 1,
        "hints": 0,
        "seconds": 8,
        "ticket": ticket,
    }
    assert world.client.post(url, json=body).json() == {"counted": True}
    counts = world.client.get(url, headers=teacher).json()["puzzles"]
    assert counts == [{"index": 1, "title": "Scholar's mate", "played": 1, "solved": 1, "clean": 0}]
    # A solve claiming clean with a mistake is kept as not clean, as before; the floor is still a second
    # a student move of the line (the refutations' moves are the teacher's, not the student's task).
    other = ticket_for(world, made["id"], 1)
    world.clock.advance(seconds=2)
    body = {"puzzle": 1, "solved": True, "clean": True, "mistakes": 1, "seconds": 1, "ticket": other}
    assert world.client.post(url, json=body).json() == {"counted": True}
    assert world.client.get(url, headers=teacher).json()["puzzles"][0]["clean"] == 0

    # Adding or changing refutations doesn't change the student's task: results are kept.
    doc = json.loads(REFUTED)
    doc["moves"][0]["refutations"].append({"uci": "c4b5", "reply": "g8f6", "comment": "Too slow."})
    edited = world.client.put(
        f"/api/lessons/{made['id']}", content=json.dumps(doc), headers={**JSON, **teacher}
    )
    assert edited.status_code == 200, edited.text
    assert edited.json()["changed"] == []
    assert world.client.get(url, headers=teacher).json()["puzzles"][0]["played"] == 2


def test_the_engines_findings_are_kept_for_the_teacher_alone(world: World) -> None:
    teacher = signed_up(world.client, "Teacher")
    made = _import(world, LESSON, {**JSON, **teacher}).json()
    check, results = f"/api/lessons/{made['id']}/check", f"/api/lessons/{made['id']}/results"
    assert world.client.get(results, headers=teacher).json()["engine"] == {
        "version": None, "current": False, "checked": None, "findings": []}
    loses = "White's 2nd move Nxe5 loses: after …Qxe5 Black is up a piece (−3.1)"
    found = [{"puzzle": 2, "kind": "loses", "words": loses},
             {"puzzle": 3, "kind": "unwon", "words": "The line ends but the position isn't won (+0.3)"}]
    kept = world.client.put(check, json={"version": 1, "findings": found}, headers=teacher)
    assert kept.status_code == 200, kept.text
    engine = world.client.get(results, headers=teacher).json()["engine"]
    kept_back = [{**f, "said": None} for f in found]  # no code and values sent: none kept
    assert (engine["version"], engine["current"], engine["findings"]) == (1, True, kept_back)

    # Bad shapes: 400 naming what was wrong, and nothing kept changes.
    for body, words in [
        ({"version": 1, "findings": [{"puzzle": 1, "kind": "wrong", "words": "x"}]}, "kind"),
        ({"version": 1, "findings": [{"puzzle": 0, "kind": "loses", "words": "x"}]}, "puzzle"),
        ({"version": 1, "findings": [{"puzzle": 1, "kind": "loses", "words": "x" * 301}]}, "words"),
        ({"version": 1, "findings": [{"puzzle": 1, "kind": "loses", "words": "a\u0007b"}]}, "words"),
        ({"version": 1, "findings": [found[0]] * 401}, "findings"),
        ({"version": 1, "findings": [{"puzzle": 4, "kind": "loses", "words": "x"}]}, "no puzzle 4"),
        ({"findings": []}, "version"),
    ]:
        refused = world.client.put(check, json=body, headers=teacher)
        assert refused.status_code == 400 and words in refused.json()["error"].lower(), (body, refused.text)
    stale = world.client.put(check, json={"version": 2, "findings": []}, headers=teacher)
    assert stale.status_code == 409 and "version 1" in stale.json()["error"]
    assert world.client.get(results, headers=teacher).json()["engine"]["findings"] == kept_back

    # A stranger, and a student playing the lesson, get 404 and never see the findings.
    stranger = signed_up(world.client, "Stranger")
    assert world.client.put(check, json={"version": 1, "findings": []}, headers=stranger).status_code == 404
    assert world.client.put(check, json={"version": 1, "findings": []}).status_code == 401
    assert world.client.get(results, headers=stranger).status_code == 404
    played = world.client.get(f"/api/lessons/{made['id']}").text
    assert "Nxe5" not in played and "findings" not in played

    # An edit makes them about an earlier version: still shown, marked not current.
    edited = world.client.put(f"/api/lessons/{made['id']}", content=LESSON.encode(),
                              headers={**JSON, **teacher})
    assert edited.status_code == 200, edited.text
    engine = world.client.get(results, headers=teacher).json()["engine"]
    assert (engine["version"], engine["current"]) == (1, False)


SKEWER = (
    '[Event "Skewer"]\n[FEN "8/8/8/8/3k3r/8/8/R5K1 w - - 0 1"]\n[SetUp "1"]\n[StudentColor "white"]\n\n'
    "1. Ra4+ (1. Ra2 { Pins nothing. } 1... Rh2) 1... Ke3 2. Rxh4 *\n"
)


def test_a_variation_the_teacher_keeps_is_stored_as_a_refutation_and_nothing_else_is_taken(
    world: World,
) -> None:
    """Issue 40, part 1: the import page sends the variations the teacher keeps (`refute`); the server
    stores one in the PGN at that move as a refutation, as `?` would, and refuses any other choice
    in words, storing nothing."""
    teacher = signed_up(world.client, "Teacher")
    made = world.client.post("/api/lessons", content=SKEWER.encode(), headers={**PGN, **teacher},
                             params={"refute": "1:1:Ra2"})
    assert made.status_code == 201, made.text
    lesson = world.client.get(f"/api/lessons/{made.json()['id']}").json()
    first = lesson["puzzles"][0]["moves"][0]
    kept = [(r["san"], r["reply_san"], r["comment"]) for r in first["refutations"]]
    assert kept == [("Ra2", "Rh2", "Pins nothing.")]
    marked = check(SKEWER.replace("1. Ra2 {", "1. Ra2? {")).lessons[0].to_dict()
    assert lesson["puzzles"][0] == marked  # kept exactly as one marked ?

    world.clock.advance(minutes=1)
    wrong = world.client.post("/api/lessons", content=SKEWER.encode(), headers={**PGN, **teacher},
                              params=[("refute", "1:1:Ra2"), ("refute", "1:1:Rd1+")])
    assert wrong.status_code == 422
    assert [e["text"] for e in wrong.json()["errors"]] == [
        'Game 1 "Skewer", move 1. Ra4+: the variation 1. Rd1+ can\'t be kept as a refutation: '
        "the PGN has no such variation at this move"
    ]
    unread = world.client.post("/api/lessons", content=SKEWER.encode(), headers={**PGN, **teacher},
                               params={"refute": "Ra2"})
    assert unread.status_code == 400 and unread.json()["error"] == (
        "A variation to keep as a refutation is named by its game, the move it stands in for and its own "
        'move in SAN, as "3:12:Rxe5", not "Ra2".'
    ) and unread.json()["code"] == "refute_bad_choice"
    spanish = world.client.post("/api/lessons", content=SKEWER.encode(), params={"refute": "Ra2"},
                                headers={**PGN, **teacher, "Accept-Language": "es"}).json()
    assert spanish["code"] == "refute_bad_choice" and spanish["error"].startswith("Una variante"), spanish
    assert len(world.client.get("/api/lessons", headers=teacher).json()["lessons"]) == 1


def test_the_document_says_which_refute_values_are_read(world: World) -> None:
    """What the API's document calls a valid `refute` is read, and what it calls invalid is refused in
    words: an empty value was valid to the document yet refused as malformed."""
    import re

    from puzzlebook.lessons.kept_variations import MAX_KEPT

    document = world.client.get("/api/openapi.json").json()
    for path, method in (("/api/lessons", "post"), ("/api/lessons/{lesson_id}", "put")):
        refute = next(p for p in document["paths"][path][method]["parameters"] if p["name"] == "refute")
        schema = refute["schema"]  # beside its anyOf (an array, or left out): the array's keywords
        assert schema["maxItems"] == MAX_KEPT
        pattern = re.compile(schema["items"]["pattern"])
        assert pattern.search("1:1:Ra2") and pattern.search("12:40:exd8=Q+")
        assert not any(pattern.search(v) for v in ("", "Ra2", "0:1:Ra2", "1:1:R a2", "1:1:Ra2\n"))
    teacher = signed_up(world.client, "Teacher")
    empty = world.client.post("/api/lessons", content=SKEWER.encode(), headers={**PGN, **teacher},
                              params={"refute": ""})
    assert empty.status_code == 400 and 'not ""' in empty.json()["error"]
    many = [("refute", "1:1:Ra2")] * (MAX_KEPT + 1)
    over = world.client.post("/api/lessons", content=SKEWER.encode(), headers={**PGN, **teacher}, params=many)
    assert over.status_code == 400 and f"the limit is {MAX_KEPT}" in over.json()["error"]
    assert world.client.get("/api/lessons", headers=teacher).json()["lessons"] == []


def test_a_finding_is_kept_with_its_code_and_values_and_an_old_one_with_words_alone(world: World) -> None:
    """Issue 44: the engine's finding is kept as its code and values beside its words, so the Lessons
    page says it in the language it is read in; one kept before (words alone) is read as it was."""
    teacher = signed_up(world.client, "Teacher")
    made = _import(world, LESSON, {**JSON, **teacher}).json()
    check, results = f"/api/lessons/{made['id']}/check", f"/api/lessons/{made['id']}/results"
    said = {"code": "loses_white_after", "values": {
        "n": 2, "move": "Nxe5", "reply": "…Qxe5", "figure": "−3.1",
        "standing": {"code": "standing_black_piece", "values": {}}}}
    spanish = "El 2.º movimiento de las blancas, Nxe5, pierde"
    found = [{"puzzle": 2, "kind": "loses", "words": spanish, "said": said},
             {"puzzle": 3, "kind": "unwon", "words": "The line ends but the position isn't won (+0.3)"}]
    kept = world.client.put(check, json={"version": 1, "findings": found}, headers=teacher)
    assert kept.status_code == 200, kept.text
    engine = world.client.get(results, headers=teacher).json()["engine"]
    assert engine["findings"] == [found[0], {**found[1], "said": None}]

    for bad, words in [
        ({"code": "Loses", "values": {}}, "code"),
        ({"code": "unwon", "values": {"figure": "x" * 41}}, "figure"),
        ({"code": "unwon", "values": {f"k{i}": 1 for i in range(9)}}, "values"),
        ({"code": "unwon", "values": {"figure": {"code": "mate", "values": {"deeper": {"code": "mate"}}}}},
         "figure"),
    ]:
        body = {"version": 1, "findings": [{"puzzle": 1, "kind": "unwon", "words": "x", "said": bad}]}
        refused = world.client.put(check, json=body, headers=teacher)
        assert refused.status_code == 400 and words in refused.json()["error"], (bad, refused.text)
    assert world.client.get(results, headers=teacher).json()["engine"]["findings"][0]["said"] == said
