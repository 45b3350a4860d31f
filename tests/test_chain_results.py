"""Chain's result rules against tests/vectors/chain_results.json, the file the browser's copy
(site/static/js/chain/results.js, state.js, store.js, lib/dates.js) is also run against:
first the pure decisions (puzzlebook/chain/results.py), then the same histories through
ChainRecords, which must keep exactly what they decide."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from puzzlebook.chain.kept import KeptResult
from puzzlebook.chain.results import Solve, check, min_seconds, settle_giveup, settle_solve
from puzzlebook.chain.tallies import ChainStats
from puzzlebook.results import Posted
from service.games.chain.records import ChainRecords
from service.store.sqlite import SqliteStore

HERE = Path(__file__).parent
VECTORS = json.loads((HERE / "vectors" / "chain_results.json").read_text(encoding="utf-8"))
PUZZLES = json.loads((HERE / "vectors" / "chain.json").read_text(encoding="utf-8"))["puzzles"]
HISTORIES = VECTORS["histories"]


def _at(today: str) -> dt.datetime:
    return dt.datetime.fromisoformat(today).replace(hour=12, tzinfo=dt.UTC)


def _solve(post: dict[str, Any]) -> Solve:
    return Solve(post["date"], [2, 4, 1], 30, post["undos"], post["resets"])


def _answer(posted: Posted) -> dict[str, Any]:
    """The answer as the vectors write it (and as the API's ChainPosted says it)."""
    kept_solve = not posted.already and posted.kind == "solve"
    return {
        "already": posted.already,
        "kept": posted.kind,
        "clean": posted.clean if kept_solve else None,
        "on_board": posted.daily is not None,
    }


def _state(stats: ChainStats, today: dt.date) -> dict[str, Any]:
    return {
        "tally": {"solved": stats.solved, "clean": stats.clean, "gave_up": stats.gave_up},
        "streak": stats.streak.current(today),
        "best": stats.streak.best,
    }


def _expected_answer(expect: dict[str, Any]) -> dict[str, Any]:
    return {name: expect[name] for name in ("already", "kept", "clean", "on_board")}


def _expected_state(expect: dict[str, Any]) -> dict[str, Any]:
    return {name: expect[name] for name in ("tally", "streak", "best")}


@pytest.mark.parametrize("history", HISTORIES, ids=lambda h: h["name"])
def test_the_pure_decisions_follow_each_history(history: dict[str, Any]) -> None:
    results: dict[str, KeptResult] = {}
    stats = ChainStats()
    for number, step in enumerate(history["steps"], 1):
        today, expect = dt.date.fromisoformat(step["today"]), step["expect"]
        post = step.get("post")
        if post:
            posted = _at(step["today"]).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
            prior = results.get(post["date"])
            if post["kind"] == "solve":
                settled = settle_solve(prior, stats, _solve(post), today=today, posted=posted)
            else:
                settled = settle_giveup(prior, stats, post["date"], posted=posted)
            if settled.result is not None:
                assert settled.stats is not None and settled.stats.version == stats.version + 1
                results[post["date"]], stats = settled.result, settled.stats
            else:
                assert settled.stats is None  # an earlier result stands: nothing to write
            assert _answer(settled.answer) == _expected_answer(expect), f"step {number}"
            assert settled.on_board == expect["on_board"], f"step {number}"
            if settled.answer.daily:
                assert settled.answer.streak == expect["streak"], f"step {number}"
        assert _state(stats, today) == _expected_state(expect), f"step {number}"


@pytest.mark.parametrize("history", HISTORIES, ids=lambda h: h["name"])
def test_the_store_keeps_what_the_decisions_say(history: dict[str, Any]) -> None:
    store = SqliteStore(":memory:")
    pid = store.create_player("Ada", "h", _at("2026-10-01")).id
    records = ChainRecords(store)
    for number, step in enumerate(history["steps"], 1):
        today, expect = dt.date.fromisoformat(step["today"]), step["expect"]
        post = step.get("post")
        if post:
            now = _at(step["today"])
            if post["kind"] == "solve":
                posted = records.record_chain_solve(pid, _solve(post), today=today, now=now)
            else:
                posted = records.record_chain_giveup(pid, post["date"], now)
            assert _answer(posted) == _expected_answer(expect), f"step {number}"
            # On the board with a place exactly when the vectors say it goes there.
            board = records.daily_board(post["date"], me=pid)
            if not expect["already"]:
                assert (posted.entry is not None) == expect["on_board"] == (board.mine is not None)
                # Its entry (placed on the board's snapshot by the API) is the board's own row's key.
                assert posted.entry is None or posted.entry.key == board.mine.key
        assert _state(records.stats(pid), today) == _expected_state(expect), f"step {number}"
    store.close()


@pytest.mark.parametrize("case", VECTORS["floor"], ids=lambda c: f"{c['tiles']}-{c['seconds']}s")
def test_a_solve_is_checked_tiles_first_then_a_second_a_tile(case: dict[str, Any]) -> None:
    from functions.routes.chain.routes import refusal

    verdict = check(PUZZLES[case["puzzle"]], case["tiles"], case["seconds"])
    assert (verdict.ok, verdict.code) == (case["ok"], case.get("code"))
    if "message" in case:  # what the API answers (the time floor in its own words)
        assert str(refusal(verdict)) == case["message"]
    if not verdict.ok:
        words = str(refusal(verdict))
        assert words and words[0].isupper() and words.endswith(".")
    assert min_seconds(len(case["tiles"])) == VECTORS["min_seconds_per_tile"] * len(case["tiles"])


def test_the_vectors_cover_each_rule() -> None:
    steps = [step for history in HISTORIES for step in history["steps"] if "post" in step]
    answers = {(s["post"]["kind"], s["expect"]["already"], s["expect"]["kept"]) for s in steps}
    assert answers >= {
        ("solve", False, "solve"), ("giveup", False, "giveup"),
        ("giveup", True, "solve"), ("solve", True, "solve"), ("solve", True, "giveup"),
    }
    kept = [s for s in steps if s["post"]["kind"] == "solve" and not s["expect"]["already"]]
    assert {(s["expect"]["clean"], s["expect"]["on_board"]) for s in kept} == {
        (True, True), (True, False), (False, True), (False, False)
    }
    assert any(s.get("opened") and s["opened"] != s["today"] for s in steps)
    assert {case.get("code") for case in VECTORS["floor"]} == {None, "too_fast", "wrong_length"}
