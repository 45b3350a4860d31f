"""The review's rule (puzzlebook/review/): the shared vectors (tests/vectors/review.json, which the
browser's rule answers too: tests/js/review.test.mjs) and what a player relies on: a miss comes back,
the same day's worse result stands on any device, and a clean solve lets it go."""

from __future__ import annotations

import json
from typing import Any

import pytest

from puzzlebook.review.queue import (
    KEEP_GRADUATED,
    BadReview,
    Card,
    Queue,
    add,
    due_on,
    grade_of,
    merge,
    normalised,
    pruned,
)
from puzzlebook.review.schedule import memory
from puzzlebook.review.syncs import Full, Hourly
from tests.review_vectors import PATH, make, text

VECTORS: dict[str, Any] = json.loads(PATH.read_text(encoding="utf-8"))


def test_the_vectors_file_is_what_the_rule_makes() -> None:
    assert PATH.read_text(encoding="utf-8") == text(), "run `python -m tests.review_vectors`"
    assert len(VECTORS["schedules"]) >= 30


@pytest.mark.parametrize("case", VECTORS["schedules"], ids=lambda c: f"{len(c['results'])}-{c['due']}")
def test_a_schedule_is_the_vectors(case: dict[str, Any]) -> None:
    card = Card("Easy", "aaaaa", normalised(tuple(r) for r in case["results"]))  # type: ignore[misc]
    assert (card.due, card.graduated) == (case["due"], case["graduated"])
    mem = memory([r for r in card.results if r[1] != "clean"])
    if mem is None:
        assert case["stability"] is None
    else:
        assert mem == pytest.approx((case["stability"], case["difficulty"]), abs=1e-6)


def test_the_rules_are_the_vectors() -> None:
    for case in VECTORS["normalised"]:
        assert [list(r) for r in normalised(tuple(r) for r in case["results"])] == case["normalised"]
    for case in VECTORS["adds"]:
        after = add(Queue.from_doc(case["queue"]), case["band"], case["id"], case["day"], case["grade"])
        assert after.to_doc() == case["after"]
    for case in VECTORS["merges"]:
        assert merge(Queue.from_doc(case["a"]), Queue.from_doc(case["b"])).to_doc() == case["merged"]
    for case in VECTORS["pruned"]:
        bound = [case["most_results"]] if "most_results" in case else []
        assert pruned(Queue.from_doc(case["queue"]), case["today"], *bound).to_doc() == case["after"]
    for case in VECTORS["due_on"]:
        assert [c.key for c in due_on(Queue.from_doc(case["queue"]), case["today"])] == case["due"]
    for case in VECTORS["grades"]:
        assert grade_of(case["solved"], case["mistakes"], case["hints"]) == case["grade"]
    assert make() == VECTORS


def test_a_miss_comes_back_the_next_day_and_a_clean_solve_lets_it_go() -> None:
    q = add(Queue(), "Easy", "abcde", "2026-12-01", grade_of(False, 1, 0))
    assert due_on(q, "2026-12-01") == []
    assert [c.key for c in due_on(q, "2026-12-02")] == ["Easy/abcde"]
    q = add(q, "Easy", "abcde", "2026-12-02", grade_of(True, 0, 0))
    assert due_on(q, "2027-12-02") == [] and q.cards[0].graduated == "2026-12-02"
    assert pruned(q, "2026-12-02").cards and not pruned(q, "2027-03-03").cards  # kept KEEP_GRADUATED days
    assert KEEP_GRADUATED == 90


def test_a_clean_first_solve_never_enters() -> None:
    assert add(Queue(), "Easy", "abcde", "2026-12-01", grade_of(True, 0, 0)) == Queue()


def test_merging_is_the_same_either_way_and_twice() -> None:
    for case in VECTORS["merges"]:
        a, b = Queue.from_doc(case["a"]), Queue.from_doc(case["b"])
        assert merge(a, b) == merge(b, a) == merge(merge(a, b), b)


def test_the_worse_of_a_day_stands_across_devices() -> None:
    phone = add(add(Queue(), "Easy", "abcde", "2026-12-01", "miss"), "Easy", "abcde", "2026-12-02", "clean")
    laptop = add(add(Queue(), "Easy", "abcde", "2026-12-01", "miss"), "Easy", "abcde", "2026-12-02", "miss")
    both = merge(phone, laptop)
    assert both.cards[0].graduated is None and both.cards[0].results[-1] == ("2026-12-02", "miss")


def _one(band: str = "Easy", pid: str = "abcde", results: Any = (("2026-12-01", "miss"),)) -> Any:
    return {"cards": [{"band": band, "id": pid, "results": [list(r) for r in results]}]}


@pytest.mark.parametrize(("doc", "words"), [
    ([], "A review must be an object with a list of cards."),
    (_one(band="Nope"), "band must be one of"),
    (_one(pid="a b"), "id must be a puzzle id"),
    (_one(results=()), "at least one"),
    (_one(results=(("2026-02-30", "miss"),)), "not a day"),
    (_one(results=(("2026-12-01", "oops"),)), "grade must be one of"),
    (_one(results=(("2026-12-01",),)), "[day, grade]"),
])
def test_a_bad_review_says_what_is_wrong(doc: Any, words: str) -> None:
    with pytest.raises(BadReview, match=words.replace("[", r"\[").replace("]", r"\]")):
        Queue.from_doc(doc, ("Easy", "Hard"))


def test_the_hours_posts_are_counted_in_a_fixed_window_as_a_rate_window_counts_them() -> None:
    """The clock hour, as service/store/site.py's `take_rate` keeps it: the count starts again at the
    hour's turn, and a refusal waits until then (at least a second)."""
    rule, hour = Hourly(3), 3600 * 500_000
    assert rule.counted(None, hour) == 0 and rule.counted({}, hour) == 0  # kept before the count
    record = None
    for k in range(3):
        record = rule.take(record, hour + k)
    assert record == {"w": hour, "n": 3}
    with pytest.raises(Full) as full:
        rule.take(record, hour + 3599)
    assert full.value.wait == 1
    assert rule.take(record, hour + 3600) == {"w": hour + 3600, "n": 1}
    assert rule.counted(record, hour + 3600) == 0


def test_a_count_from_a_clock_a_moment_ahead_is_not_forgotten() -> None:
    """Two servers' clocks a moment apart at the hour's turn: the count the later one wrote is this
    hour's to it, and still counts to the one behind, which waits for that hour's end."""
    rule, hour = Hourly(2), 3600 * 500_000
    ahead = {"w": hour, "n": 2}
    assert rule.counted(ahead, hour - 1) == 2
    with pytest.raises(Full) as full:
        rule.take(ahead, hour - 1)
    assert full.value.wait == 3601
    assert rule.take({"w": hour, "n": 1}, hour - 1) == {"w": hour, "n": 2}
