"""The live rooms' contract, over both transports (tests/live_transports.py): the app's own WebSocket
route under a real uvicorn (SQLite), and the Lambda behind API Gateway's WebSocket API with moto's
Management API (DynamoDB under moto). What a racer's or a class's browser sees: docs/api.md, "Live"."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import chess
import pytest

from functions.live.auth import PROTOCOL
from puzzlebook.racer.race import RACE_SECONDS
from tests.live_transports import Client, Refused, Transport, transport_named

TRANSPORTS = ("local", "aws")


@pytest.fixture(params=TRANSPORTS)
def tr(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[Transport]:
    with transport_named(request.param, tmp_path) as transport:
        yield transport


def joined(tr: Transport, *names: str) -> list[Client]:
    """A connection of a new player for each name (their tokens kept: `_token_of`)."""
    clients = []
    for name in names:
        _, token = tr.player(name)
        _TOKENS[(id(tr), name)] = token
        clients.append(tr.connect(token))
    return clients


def solution(row: list[Any]) -> list[str]:
    return str(row[2]).split()[1::2]


def wrong_move(row: list[Any]) -> str:
    """A legal first move of the puzzle that is neither the line's nor a mate."""
    board = chess.Board(row[1])
    board.push_uci(str(row[2]).split()[0])
    for move in board.legal_moves:
        board.push(move)
        mate = board.is_checkmate()
        board.pop()
        if move.uci() != solution(row)[0] and not mate:
            return move.uci()
    raise AssertionError("no wrong move")


def made_race(tr: Transport, *names: str) -> tuple[list[Client], str, list[list[Any]]]:
    """A race made by the first of `names`, joined by the others by its link, started, its countdown run:
    the clients, the race's id, its puzzles."""
    clients = joined(tr, *names)
    maker = clients[0]
    maker.send({"t": "race.make"})
    race = maker.receive("race.hello")["race"]
    for client in clients[1:]:
        tr.clock.advance(seconds=1)
        client.send({"t": "race.join", "race": race})
        assert client.receive("race.hello")["race"] == race
    maker.send({"t": "race.start"})
    puzzles = None
    for client in clients:
        state = client.receive("race.state", where=lambda m: "puzzles" in m)
        assert state["phase"] == "countdown" and state["starts_in"] == 10_000
        puzzles = state["puzzles"]
    tr.clock.advance(seconds=10)
    assert puzzles is not None
    return clients, race, puzzles


def play(tr: Transport, client: Client, puzzle: int, moves: list[str]) -> None:
    """Play `moves` of puzzle `puzzle` from its start, a second apart (the floor)."""
    for k, uci in enumerate(moves):
        tr.clock.advance(seconds=1)
        client.send({"t": "race.move", "puzzle": puzzle, "move": k, "uci": uci})


def racer(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(r for r in state["racers"] if r["name"] == name)


# ---------------------------------------------------------------- connecting


@pytest.mark.parametrize("how", ["no token", "a wrong token", "another protocol"])
def test_a_connection_without_a_players_token_gets_nothing(tr: Transport, how: str) -> None:
    _, token = tr.player("Ada")
    with pytest.raises(Refused):
        if how == "no token":
            tr.connect(None)
        elif how == "a wrong token":
            tr.connect(token[:-4] + "AAAA")
        else:
            tr.connect(token, protocols=["chat", f"token.{token}"])


def test_a_message_the_rooms_cant_read_is_answered_in_plain_words(tr: Transport) -> None:
    (ada,) = joined(tr, "Ada")
    ada.send({"t": "race.dance"})
    error = ada.receive("error")
    assert error["code"] == "unknown" and "race.dance" in error["words"]
    ada.send({"t": "race.join", "race": "../../etc"})
    assert ada.receive("error")["code"] == "bad-field"
    ada.send({"t": "race.move", "puzzle": 0, "move": 0, "uci": "e2e4"})
    assert ada.receive("error")["words"].startswith("Join a race first")
    ada.send({"t": "ping", "at": 7})
    assert ada.receive("pong")["at"] == 7


def test_a_connections_refusals_are_said_in_its_pages_language(tr: Transport) -> None:
    """The page offers its language beside the token (`lang.es`): the rooms' own refusals and the
    rules' (a value filled in) come in it, with the same codes; a connection offering none hears English."""
    tokens = [tr.player(name)[1] for name in ("Ada", "Bo", "Cy")]
    ada = tr.connect(tokens[0], protocols=[PROTOCOL, f"token.{tokens[0]}", "lang.es"])
    bo = tr.connect(tokens[1], protocols=[PROTOCOL, f"token.{tokens[1]}", "lang.ar"])
    cy = tr.connect(tokens[2])
    ada.send({"t": "race.move", "puzzle": 0, "move": 0, "uci": "e2e4"})
    error = ada.receive("error")
    assert (error["code"], error["words"]) == (
        "no-room", "Únete primero a una carrera (crea una, abre el enlace de una o pide una carrera rápida).")
    ada.send({"t": "race.make"})
    race = ada.receive("race.hello")["race"]
    ada.send({"t": "race.start"})
    error = ada.receive("error")
    assert (error["code"], error["words"]) == (
        "too-few", "Una carrera necesita al menos 2 corredores: comparte antes su enlace.")
    for client in (bo, cy):
        client.send({"t": "race.join", "race": race})
        client.receive("race.hello")
        client.send({"t": "race.start"})
    assert bo.receive("error")["words"] == "وحده من أنشأ هذا السباق يمكنه بدؤه."
    assert cy.receive("error")["words"] == "Only the player who made this race can start it."


# ---------------------------------------------------------------- a race


def test_a_race_from_link_to_table(tr: Transport) -> None:
    (ada, bo, cy), _, puzzles = made_race(tr, "Ada", "Bo", "Cy")
    play(tr, ada, 0, solution(puzzles[0]))  # solved
    state = bo.receive("race.state", where=lambda m: racer(m, "Ada")["score"] == 1)
    assert state["phase"] == "racing" and racer(state, "Ada")["combo"] == len(solution(puzzles[0]))
    play(tr, bo, 0, [wrong_move(puzzles[0])])  # missed: moved on to the next puzzle, no score
    state = cy.receive("race.state", where=lambda m: racer(m, "Bo")["missed"] == 1)
    assert racer(state, "Bo") | {"pid": ""} == {
        "pid": "", "name": "Bo", "score": 0, "missed": 1, "combo": 0, "mistakes": 1, "out": False,
        "left": False, "away": False}
    play(tr, bo, 1, solution(puzzles[1]))
    ada.receive("race.state", where=lambda m: racer(m, "Bo")["score"] == 1)
    tr.clock.advance(seconds=RACE_SECONDS)
    cy.send({"t": "race.over"})
    # One solved each: the higher puzzle solved first (Storm's order), then who got there first.
    first, second = ("Bo", "Ada") if puzzles[1][3] > puzzles[0][3] else ("Ada", "Bo")
    for client in (ada, bo, cy):
        table = client.receive("race.table")
        assert [(r["name"], r["score"], r["place"]) for r in table["rows"]] == [
            (first, 1, 1), (second, 1, 2), ("Cy", 0, 3)]
        rows = {r["name"]: r for r in table["rows"]}
        assert [p["result"] for p in rows["Bo"]["puzzles"]] == ["missed", "solved"]
        assert rows["Ada"]["puzzles"] == [{"id": puzzles[0][0], "rating": puzzles[0][3], "result": "solved"}]
        assert rows["Cy"]["puzzles"] == []


def test_the_table_waits_for_the_races_end(tr: Transport) -> None:
    (ada, _), _, _ = made_race(tr, "Ada", "Bo")
    tr.clock.advance(seconds=RACE_SECONDS - 5)
    ada.send({"t": "race.over"})
    error = ada.receive("error")
    assert error["code"] == "not-over" and error["wait"] == 5_000


def test_only_the_maker_starts_and_not_alone(tr: Transport) -> None:
    ada, bo = joined(tr, "Ada", "Bo")
    ada.send({"t": "race.make"})
    race = ada.receive("race.hello")["race"]
    ada.send({"t": "race.start"})
    assert ada.receive("error")["code"] == "too-few"
    bo.send({"t": "race.join", "race": race})
    bo.receive("race.hello")
    bo.send({"t": "race.start"})
    assert bo.receive("error")["words"] == "Only the player who made this race can start it."


def test_every_move_is_judged_on_the_servers_clock(tr: Transport) -> None:
    (ada, bo), _, puzzles = made_race(tr, "Ada", "Bo")
    first = solution(puzzles[0])
    # Two moves at once, at the start: the first counts, the second waits for its second.
    ada.send({"t": "race.move", "puzzle": 0, "move": 0, "uci": first[0]})
    if len(first) > 1:
        ada.send({"t": "race.move", "puzzle": 0, "move": 1, "uci": first[1]})
        error = ada.receive("error")
        assert error["code"] == "too-fast" and error["wait"] == 1_000
    # A move from a place the racer isn't at, and a retry of one counted: neither counts again.
    ada.send({"t": "race.move", "puzzle": 3, "move": 0, "uci": "e2e4"})
    assert ada.receive("error")["code"] == "out-of-step"
    ada.send({"t": "race.move", "puzzle": 0, "move": 0, "uci": first[0]})
    counted = ada.receive("error")
    assert (counted["code"], counted["at"]) == ("done", [0, 1] if len(first) > 1 else [1, 0])
    # After the end, nothing counts.
    tr.clock.advance(seconds=RACE_SECONDS)
    bo.send({"t": "race.move", "puzzle": 0, "move": 0, "uci": first[0]})
    assert bo.receive("error")["code"] == "over"


def test_a_script_at_a_move_a_millisecond_scores_what_a_person_at_a_second_a_move_does(tr: Transport) -> None:
    (ada, _), _, puzzles = made_race(tr, "Ada", "Bo")
    # The script sends every move of the first puzzles at once, 10 seconds into the race: only the
    # moves a second apart from the start count (10, and the one allowance).
    tr.clock.advance(seconds=10)
    moves = [(k, m, uci) for k, row in enumerate(puzzles[:20]) for m, uci in enumerate(solution(row))]
    counted = 0
    for k, m, uci in moves:
        ada.send({"t": "race.move", "puzzle": k, "move": m, "uci": uci})
        if [e for e in ada.received() if e.get("t") == "error"]:
            break
        counted += 1
    assert counted == 11
    assert ada.receive("error")["code"] == "too-fast"


def test_a_wrong_move_costs_ten_seconds_of_the_racers_own_clock(tr: Transport) -> None:
    (ada, bo), _, puzzles = made_race(tr, "Ada", "Bo")
    for k in range(9):  # nine wrong moves: 90 s of penalties, the clock is out
        play(tr, ada, k, [wrong_move(puzzles[k])])
    bo.receive("race.state", where=lambda m: racer(m, "Ada")["out"])
    tr.clock.advance(seconds=1)
    ada.send({"t": "race.move", "puzzle": 9, "move": 0, "uci": solution(puzzles[9])[0]})
    assert ada.receive("error")["code"] == "out-of-time"


def test_a_dropped_connection_rejoins_where_it_was(tr: Transport) -> None:
    (ada, bo), race, puzzles = made_race(tr, "Ada", "Bo")
    # Ada solves the puzzles before the first of two moves or more, and plays that one's first move.
    at = next(k for k, row in enumerate(puzzles) if k and len(solution(row)) > 1)
    for k in range(at):
        play(tr, ada, k, solution(puzzles[k]))
    second = solution(puzzles[at])
    play(tr, ada, at, second[:1])
    ada.close()
    state = bo.receive("race.state", where=lambda m: racer(m, "Ada")["away"])
    assert racer(state, "Ada")["score"] == at
    again = tr.connect(_token_of(tr, "Ada"))
    again.send({"t": "race.join", "race": race})
    hello = again.receive("race.hello")
    assert hello["phase"] == "racing" and len(hello["puzzles"]) == len(puzzles)
    assert hello["me"]["puzzle"] == at and hello["me"]["line"] == second[:1]
    assert hello["me"]["tally"]["score"] == at and racer(hello, "Ada")["away"] is False
    for k, uci in enumerate(second[1:], start=1):  # and plays on from there
        tr.clock.advance(seconds=1)
        again.send({"t": "race.move", "puzzle": at, "move": k, "uci": uci})
    bo.receive("race.state", where=lambda m: racer(m, "Ada")["score"] == at + 1)


_TOKENS: dict[tuple[int, str], str] = {}


def _token_of(tr: Transport, name: str) -> str:
    """The token of the player named `name` made by `joined` (kept as each was made)."""
    return _TOKENS[(id(tr), name)]


def test_a_racer_who_leaves_is_marked_so_and_stays_in_the_table(tr: Transport) -> None:
    (ada, bo, cy), _, puzzles = made_race(tr, "Ada", "Bo", "Cy")
    play(tr, cy, 0, solution(puzzles[0]))
    cy.send({"t": "race.leave"})
    cy.receive("race.left")
    state = ada.receive("race.state", where=lambda m: racer(m, "Cy")["left"])
    assert racer(state, "Cy")["score"] == 1
    tr.clock.advance(seconds=RACE_SECONDS)
    bo.send({"t": "race.over"})
    rows = ada.receive("race.table")["rows"]
    assert (rows[0]["name"], rows[0]["left"], rows[0]["score"]) == ("Cy", True, 1)
    assert "race.table" not in [m["t"] for m in cy.received()]  # out of the room: told nothing more


def test_race_again_with_the_same_people(tr: Transport) -> None:
    (ada, bo, cy), race, _ = made_race(tr, "Ada", "Bo", "Cy")
    tr.clock.advance(seconds=RACE_SECONDS)
    bo.send({"t": "race.again"})
    hello = bo.receive("race.hello")
    assert hello["race"] != race and hello["owner"] == hello["you"] and hello["phase"] == "waiting"
    for client in (ada, cy):
        note = client.receive("race.again")
        assert note == {"t": "race.again", "race": race, "next": hello["race"], "by": "Bo"}
    ada.send({"t": "race.again"})  # asking after another did: joins theirs
    assert ada.receive("race.hello")["race"] == hello["race"]
    ada.send({"t": "race.join", "race": race})  # the old race stays: its table
    old = ada.receive("race.hello")
    assert old["phase"] == "over" and old["again"] == hello["race"]


def test_a_quick_race_pairs_whoever_is_waiting(tr: Transport) -> None:
    ada, bo, cy = joined(tr, "Ada", "Bo", "Cy")
    ada.send({"t": "race.quick"})
    first = ada.receive("race.hello")
    assert first["kind"] == "quick" and first["phase"] == "waiting"
    tr.clock.advance(seconds=1)
    bo.send({"t": "race.quick"})
    second = bo.receive("race.hello")
    assert (second["race"], second["phase"], second["starts_in"]) == (first["race"], "countdown", 15_000)
    assert len(ada.receive("race.state", where=lambda m: "puzzles" in m)["puzzles"]) == 100
    tr.clock.advance(seconds=13)  # 2 s before the start: too late to join this one
    cy.send({"t": "race.quick"})
    third = cy.receive("race.hello")
    assert third["race"] != first["race"] and third["phase"] == "waiting"


def test_a_full_race_takes_no_one_more(tr: Transport) -> None:
    clients = joined(tr, *[f"R{k}" for k in range(11)])
    clients[0].send({"t": "race.make"})
    race = clients[0].receive("race.hello")["race"]
    for client in clients[1:10]:
        tr.clock.advance(seconds=1)
        client.send({"t": "race.join", "race": race})
        client.receive("race.hello")
    clients[10].send({"t": "race.join", "race": race})
    assert clients[10].receive("error")["code"] == "full"


# ---------------------------------------------------------------- a live class

MATE = {"title": "Back rank", "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "playerColor": "white",
        "moves": [{"uci": "a1a8"}]}
AFTER_A_MOVE = {"title": "After h6", "fen": "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", "playerColor": "white",
                "moves": [{"uci": "h7h6"}, {"uci": "a1a8"}]}


def a_class(tr: Transport, students: int) -> tuple[str, str, Client, list[Client], list[str]]:
    """A teacher's class of `students` students with a two-puzzle lesson assigned: (class id, lesson id,
    the teacher's connection, the students', the students' ids)."""
    from service.classes.records import ClassRecords
    from service.games.lessons.records import LessonRecords

    teacher_id, teacher_token = tr.player("Ms Lee")
    classes = ClassRecords(tr.store)
    head = classes.create(teacher_id, "Year 7", tr.clock())
    mates = {"name": "Mates", "puzzles": [MATE, AFTER_A_MOVE]}
    lesson = LessonRecords(tr.store).save_lesson(teacher_id, mates, tr.clock(), name="Mates", count=2)
    classes.assign(head.id, lesson, tr.clock())
    clients, pids = [], []
    for k in range(students):
        pid, token = tr.player(f"Student {k + 1}")
        classes.join(head.id, head.code, pid, f"Student {k + 1}", tr.clock())
        clients.append(tr.connect(token))
        pids.append(pid)
    return head.id, lesson, tr.connect(teacher_token), clients, pids


def test_a_live_class_with_a_teacher_and_three_students(tr: Transport) -> None:
    from puzzlebook.lessons.results import student_key
    from service.games.lessons.records import LessonRecords

    class_id, lesson, teacher, students, pids = a_class(tr, 3)
    teacher.send({"t": "class.open", "class": class_id, "lesson": lesson, "seconds": 30})
    hello = teacher.receive("class.hello")
    assert hello["role"] == "teacher" and hello["puzzles"] == 2 and hello["puzzle"] is None
    for student in students:
        tr.clock.advance(seconds=1)
        student.send({"t": "class.join", "class": class_id})
        assert student.receive("class.hello")["role"] == "student"
    assert teacher.receive("class.count", where=lambda m: m["of"] == 3)["answered"] == 0

    tr.clock.advance(seconds=1)
    teacher.send({"t": "class.next"})
    up = teacher.receive("class.puzzle")
    assert up["n"] == 1 and up["line"] == ["a1a8"] and up["closes_in"] == 30_000
    for student in students:
        shown = student.receive("class.puzzle")
        assert shown["fen"] == MATE["fen"] and shown["color"] == "white" and "line" not in shown

    tr.clock.advance(seconds=2)
    for student, uci in zip(students, ["a1a8", "a1a2", "a1a2"], strict=True):
        tr.clock.advance(seconds=1)
        student.send({"t": "class.move", "n": 1, "move": 0, "uci": uci})
        judged = student.receive("class.judged")
        assert judged["verdict"] == ("solved" if uci == "a1a8" else "wrong")
    assert teacher.receive("class.count", where=lambda m: m["answered"] == 3)["of"] == 3

    teacher.send({"t": "class.reveal"})
    reveal = teacher.receive("class.reveal")
    assert reveal["right"] == {"uci": "a1a8", "san": "Ra8#"}
    assert reveal["moves"] == [{"uci": "a1a2", "san": "Ra2", "count": 2, "right": False},
                               {"uci": "a1a8", "san": "Ra8#", "count": 1, "right": True}]
    first, second, third = (s.receive("class.revealed") for s in students)
    assert first["yours"] == {"first": "a1a8", "san": "Ra8#", "verdict": "solved"} and first["place"] == 1
    assert second["yours"]["verdict"] == "missed" and second["place"] == third["place"] == 2
    # A student is told their own answer and the right move, never another student's.
    for student in students:
        for message in student.received():
            assert "moves" not in message and not any(pid in str(message) for pid in pids[1:])

    # The answers are the class table's results for the lesson, marked live.
    keys = [student_key(lesson, pid) for pid in pids]
    kept = LessonRecords(tr.store).answers(lesson, 2, keys)
    assert [(kept[(1, key)].solved, kept[(1, key)].live is not None) for key in keys] == [
        (True, True), (False, True), (False, True)]

    teacher.send({"t": "class.next"})
    assert students[0].receive("class.puzzle")["fen"] == "6k1/5pp1/7p/8/8/8/8/R5K1 w - - 0 2"
    teacher.send({"t": "class.close"})
    for client in (teacher, *students):
        client.receive("class.closed")
    students[0].send({"t": "class.join", "class": class_id})
    assert students[0].receive("error")["code"] == "no-session"


def test_only_the_classs_students_join_its_live_session(tr: Transport) -> None:
    class_id, lesson, teacher, _, _ = a_class(tr, 1)
    teacher.send({"t": "class.open", "class": class_id, "lesson": lesson, "seconds": 30})
    teacher.receive("class.hello")
    _, token = tr.player("Not in the class")
    outsider = tr.connect(token)
    outsider.send({"t": "class.join", "class": class_id})
    error = outsider.receive("error")
    assert error["code"] == "no-session" and error["words"] == (
        "There is no live session open on a class of yours with that id.")
    outsider.send({"t": "class.join", "class": "no-such-class"})
    assert outsider.receive("error")["words"] == error["words"]  # the same words: a link tells nothing
    outsider.send({"t": "class.open", "class": class_id, "lesson": lesson, "seconds": 30})
    assert outsider.receive("error")["code"] == "no-class"
    teacher.send({"t": "class.next"})
    teacher.receive("class.puzzle")
    assert outsider.received() == []  # nothing of the class reached them
    with pytest.raises(Refused):
        tr.connect(None)


def test_a_player_making_race_after_race_is_stopped(tr: Transport, monkeypatch: pytest.MonkeyPatch) -> None:
    import service.live.racer

    monkeypatch.setattr(service.live.racer, "MADE_PER_HOUR", 2)  # 60 in the site: 2 here, for speed
    (ada,) = joined(tr, "Ada")
    for _ in range(2):
        ada.send({"t": "race.make"})
        ada.receive("race.hello")
    ada.send({"t": "race.make"})
    error = ada.receive("error")
    assert error["code"] == "too-many" and 0 < error["wait"] <= 3_600_000
    ada.send({"t": "race.quick"})  # a quick race is the lobby's, not hers: still open to her
    assert ada.receive("race.hello")["kind"] == "quick"
