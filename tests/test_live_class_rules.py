"""The live class's rules (puzzlebook/live_class/), pure: a session's life, a student's answer judged
move by move on the server, the result it keeps (marked live), the distribution of first moves, places;
and the fan-out rule every room keeps (puzzlebook/live/fanout.py)."""

from __future__ import annotations

import pytest

from puzzlebook.classes import cell
from puzzlebook.live.fanout import WINDOW_MS, Fan, plan, sent_at
from puzzlebook.live_class.answers import (
    Answer,
    AnswerRefused,
    answer,
    distribution,
    line_of,
    places,
    result,
    scores,
)
from puzzlebook.live_class.session import Session, SessionRefused, check_seconds, next_puzzle, revealed

MATE = {"fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "playerColor": "white", "moves": [{"uci": "a1a8"}]}
# The opponent moves first (a7a8: played for the student), then two student moves with a reply between.
LONGER = {"fen": "8/k7/1K6/8/8/8/8/7R b - - 0 1", "playerColor": "white",
          "moves": [{"uci": "a7a8"}, {"uci": "h1h2"}, {"uci": "a8b8"}, {"uci": "h2h8"}]}


def test_a_session_puts_up_one_puzzle_at_a_time_each_revealed_before_the_next() -> None:
    session = Session("s", "c", "t", "l", "L", 2, 30)
    session = next_puzzle(session, 1_000)
    assert (session.current, session.closes) == (1, 31_000) and session.answering(30_999)
    assert not session.answering(31_000)
    with pytest.raises(SessionRefused, match="Reveal"):
        next_puzzle(session, 2_000)
    session = revealed(session, 5_000)
    assert session.closes == 5_000 and not session.answering(5_000)
    with pytest.raises(SessionRefused):
        revealed(session, 6_000)
    session = next_puzzle(session, 7_000)
    assert session.current == 2 and not session.revealed
    with pytest.raises(SessionRefused, match="last"):
        next_puzzle(revealed(session, 8_000), 9_000)


@pytest.mark.parametrize("seconds", [9, 601, "60", True, None])
def test_a_countdown_out_of_range_is_refused(seconds: object) -> None:
    with pytest.raises(SessionRefused):
        check_seconds(seconds)


def test_a_students_answer_plays_the_line_with_the_replies_and_ends_at_its_end() -> None:
    line = line_of(LONGER)
    assert line.offset == 1 and line.start.fen().startswith("k7/")  # the setup move played for the student
    first, verdict, reply = answer(Answer("p", 1, 0), line, 0, "h1h2", 1_000, 0)
    assert (verdict, reply, first.verdict) == ("right", "a8b8", "")
    done, verdict, reply = answer(first, line, 1, "h2h8", 2_000, 0)
    assert (verdict, reply, done.verdict, done.ended) == ("solved", None, "solved", 2_000)
    kept = result(done, 0, 3, "session1")
    assert kept is not None and (kept.solved, kept.clean, kept.seconds, kept.rev, kept.live) == (
        True, True, 2, 3, "session1")
    assert cell(kept, 3)["live"] is True and cell(kept, 3)["outcome"] == "clean"


def test_a_wrong_move_ends_the_try_and_any_mate_solves() -> None:
    line = line_of(LONGER)
    missed, verdict, _ = answer(Answer("p", 1, 0), line, 0, "h1h3", 1_000, 0)
    assert (verdict, missed.verdict) == ("wrong", "missed")
    with pytest.raises(AnswerRefused) as refused:
        answer(missed, line, 1, "h3h8", 2_000, 0)
    assert refused.value.code == "done"
    kept = result(missed, 0, 1, "s")
    assert kept is not None and (kept.solved, kept.mistakes) == (False, 1)
    assert result(Answer("p", 1, 0, ("h1h2",)), 0, 1, "s") is None  # not over: nothing kept
    assert answer(Answer("p"), line_of(MATE), 0, "a1a8", 1_000, 0)[1] == "solved"


@pytest.mark.parametrize(("at", "uci", "now", "code"), [
    (1, "h1h2", 5_000, "out-of-step"),
    (0, "h1h9", 5_000, "illegal"),
    (0, "a1a2", 5_000, "illegal"),
])
def test_a_move_that_doesnt_count_says_why(at: int, uci: str, now: int, code: str) -> None:
    with pytest.raises(AnswerRefused) as refused:
        answer(Answer("p"), line_of(LONGER), at, uci, now, 0)
    assert refused.value.code == code


def test_the_floor_holds_a_students_second_move_to_a_second_from_the_puzzle_going_up() -> None:
    first, _, _ = answer(Answer("p"), line_of(LONGER), 0, "h1h2", 100, 0)
    with pytest.raises(AnswerRefused) as refused:
        answer(first, line_of(LONGER), 1, "h2h8", 400, 0)
    assert (refused.value.code, refused.value.wait) == ("too-fast", 600)


def test_the_distribution_counts_first_moves_the_right_one_marked_even_if_no_one_played_it() -> None:
    line = line_of(MATE)
    answers = [Answer("a", 1, 0, ("a1a2",), "missed"), Answer("b", 1, 0, ("a1a2",), "missed"),
               Answer("c", 1, 0, ("g1f1",), "missed"), Answer("d")]
    assert distribution(line, answers) == [
        {"uci": "a1a2", "san": "Ra2", "count": 2, "right": False},
        {"uci": "g1f1", "san": "Kf1", "count": 1, "right": False},
        {"uci": "a1a8", "san": "Ra8#", "count": 0, "right": True},
    ]


def test_places_by_puzzles_solved_then_time_equal_scores_sharing() -> None:
    answers = [Answer("a", 1, 0, ("x",), "solved", 4_000), Answer("b", 1, 0, ("x",), "solved", 9_000),
               Answer("b", 2, 10_000, ("x",), "solved", 12_000), Answer("c", 1, 0, ("x",), "missed", 1_000),
               Answer("d", 1, 0, ("x",), "missed", 2_000)]
    assert scores(answers) == {"a": (1, 4), "b": (2, 11), "c": (0, 0), "d": (0, 0)}
    assert places(scores(answers)) == {"b": 1, "a": 2, "c": 3, "d": 3}


def test_an_answer_reads_back_from_its_doc() -> None:
    ans = Answer("p", 3, 1_000, ("e2e4", "d2d4"), "solved", 5_000)
    assert Answer.from_doc(ans.to_doc()) == ans
    session = Session("s", "c", "t", "l", "L", 4, 60, 2, 1, 61_001, True, True)
    assert Session.from_doc("s", session.to_doc()) == session


def test_a_room_sends_at_once_then_holds_within_the_window_and_batches() -> None:
    assert plan(Fan(), 1_000) == ("send", 1_000)
    fan = sent_at(1_000, 1_000)
    assert plan(fan, 1_050) == ("hold", 1_000 + WINDOW_MS)
    assert plan(fan, 1_100) == ("hold", 1_000 + WINDOW_MS)  # held for the same time: one broadcast
    fan = sent_at(1_000 + WINDOW_MS, 1_203)  # the held one went out, a little late
    assert plan(fan, 1_300) == ("hold", 1_203 + WINDOW_MS)
    assert plan(fan, 1_203 + WINDOW_MS)[0] == "send"
    # A hold the rooms kept before (a hold wrote `held`) is no broadcast: the state read from it is
    # the time the last one went out, whoever held.
    assert plan(Fan.from_doc({"sent": 1_000, "held": 1_200}), 1_250) == ("send", 1_250)
