"""The chess bodies' models (functions/routes/chess/models.py): good bodies pass, each bad field gets
its own plain message, as a 400."""

from __future__ import annotations

from typing import Any

import pytest

from functions.bodies import parse
from functions.errors import ApiError
from functions.models import MAX_SECONDS
from functions.routes.chess.models import ChessMiss, ChessSolve, WrongMove


class Refused(ApiError):
    """Only for pytest.raises: a body refused as misshapen is an ApiError with status 400 (checked)."""


def solve_request(body: Any) -> ChessSolve:
    return _checked(ChessSolve, body)


def miss_request(body: Any) -> Any:
    return _checked(ChessMiss, body).root


def _checked(model: Any, body: Any) -> Any:
    try:
        return parse(model, body)
    except ApiError as exc:
        assert exc.status == 400, exc.status
        raise Refused(exc.status, str(exc.message)) from None


SOLVE = {"id": "0000D", "band": "Medium", "moves": ["f8d8", "f6d8"], "mistakes": 0, "hints": 1, "seconds": 41}
MISS = {"id": "0000D", "band": "Medium", "how": "wrong", "moves": ["f8d8", "f6e7"]}


def test_a_good_solve_passes_whole():
    # No ticket named: as posted, no ticket and not offline (the route then refuses it as "missing").
    assert solve_request(SOLVE).model_dump() == {**SOLVE, "ticket": None, "offline": False}
    ticketed = {**SOLVE, "ticket": "a.b", "offline": True}
    assert solve_request(ticketed).model_dump() == ticketed


def test_extra_fields_are_ignored():
    assert solve_request({**SOLVE, "client": "play.js 2"}).id == "0000D"


def test_the_request_keeps_its_own_copy_of_the_moves():
    body = {**SOLVE, "moves": ["f8d8"]}
    request = solve_request(body)
    body["moves"].append("e7e8q")
    assert request.moves == ["f8d8"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"id": "0000"}, "puzzle id must be five letters or digits"),
        ({"id": "0000D!"}, "puzzle id must be five letters or digits"),
        ({"id": "00 0D"}, "puzzle id must be five letters or digits"),
        ({"id": 12345}, "puzzle id must be five letters or digits"),
        ({"band": "medium"}, "band must be one of Beginner, Easy, Medium, Hard, Expert"),
        ({"band": None}, "band must be one of"),
        ({"moves": "f8d8 f6d8"}, "moves must be a list"),
        ({"moves": []}, "at least one move"),
        ({"moves": ["e2e4"] * 9}, "at most 8 moves to post, not 9"),
        ({"moves": ["f8d8", "Rd8"]}, "Move 2 isn't a move written as from-square and to-square"),
        ({"moves": ["f8d8", 5]}, "Move 2 isn't a move"),
        ({"moves": ["e7e8k"]}, "Move 1 isn't a move"),
        ({"moves": ["E2E4"]}, "Move 1 isn't a move"),
        ({"mistakes": -1}, "number of mistakes must be from 0 to 500"),
        ({"mistakes": 501}, "number of mistakes must be from 0 to 500"),
        ({"mistakes": True}, "number of mistakes must be a whole number"),
        ({"mistakes": 1.5}, "number of mistakes must be a whole number"),
        ({"hints": "2"}, "number of hints must be a whole number"),
        ({"hints": 900}, "number of hints must be from 0 to 500"),
        ({"seconds": 0}, f"time must be from 1 to {MAX_SECONDS:,} seconds"),
        ({"seconds": MAX_SECONDS + 1}, "time must be from 1 to"),
        ({"seconds": 12.5}, "time must be a whole number of seconds"),
        ({"seconds": False}, "time must be a whole number of seconds"),
    ],
)
def test_each_bad_solve_field_gets_its_own_message(change, message):
    with pytest.raises(Refused, match=message):
        solve_request({**SOLVE, **change})


def test_a_whole_number_may_be_written_with_a_point_as_json_schema_counts_it():
    solve = solve_request({**SOLVE, "mistakes": 1.0, "hints": 0.0, "seconds": 4e1})
    assert (solve.mistakes, solve.hints, solve.seconds) == (1, 0, 40)
    assert all(type(n) is int for n in (solve.mistakes, solve.hints, solve.seconds))


def test_bounds_are_inclusive():
    edge = solve_request({**SOLVE, "moves": ["e2e4"] * 8, "mistakes": 500, "seconds": MAX_SECONDS})
    assert (len(edge.moves), edge.mistakes, edge.seconds) == (8, 500, MAX_SECONDS)
    assert solve_request({**SOLVE, "seconds": 1}).seconds == 1


@pytest.mark.parametrize("body", [None, [], "solve", 3])
def test_a_body_that_is_not_an_object_is_refused(body):
    with pytest.raises(Refused, match="must be a JSON object"):
        solve_request(body)


def test_missing_fields_are_named():
    with pytest.raises(Refused, match="missing hints, seconds"):
        solve_request({k: v for k, v in SOLVE.items() if k not in ("hints", "seconds")})


def test_a_refusal_is_a_400_with_the_words_alone():
    with pytest.raises(ApiError) as refused:
        parse(ChessSolve, {**SOLVE, "band": "medium"})
    assert refused.value.status == 400
    assert str(refused.value.message) == "The band must be one of Beginner, Easy, Medium, Hard, Expert."
    assert refused.value.message.code == "not_a_band"


def test_a_wrong_move_miss_passes():
    miss = miss_request(MISS)
    assert isinstance(miss, WrongMove) and miss.model_dump() == {**MISS, "ticket": None, "offline": False}


def test_a_gave_up_miss_may_carry_no_moves():
    assert miss_request({"id": "0000D", "band": "Medium", "how": "gave-up"}).moves == []
    assert miss_request({**MISS, "how": "gave-up", "moves": []}).moves == []
    assert miss_request({**MISS, "how": "gave-up"}).moves == ["f8d8", "f6e7"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"how": "lost"}, 'must be "wrong" or "gave-up"'),
        ({"how": None}, 'must be "wrong" or "gave-up"'),
        ({"moves": []}, "must include the moves up to the wrong one"),
        ({"moves": ["e2e4"] * 9}, "at most 8 moves"),
        ({"moves": ["f8d8", "x"]}, "Move 2 isn't a move"),
        ({"moves": {"0": "f8d8"}}, "moves must be a list"),
        ({"id": "ABC"}, "puzzle id must be five letters or digits"),
        ({"band": "Grandmaster"}, "band must be one of"),
    ],
)
def test_each_bad_miss_field_gets_its_own_message(change, message):
    with pytest.raises(Refused, match=message):
        miss_request({**MISS, **change})


def test_a_miss_without_how_is_refused():
    with pytest.raises(Refused, match="missing how"):
        miss_request({"id": "0000D", "band": "Medium"})
