"""The dashboard's figures (puzzlebook/chess/dashboard.py) against tests/vectors/dashboard.json, which
node runs against the browser's copy (tests/js/chess_dashboard.test.mjs), and a span worked by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzlebook.chess.dashboard import (
    MIN_PLAYS,
    RESULTS,
    TOP,
    DayTally,
    add_result,
    dashboard,
    percent,
    performance,
    result_of,
    result_seen,
    tallies_of,
)

VECTORS = json.loads((Path(__file__).parent / "vectors" / "dashboard.json").read_text(encoding="utf-8"))


def test_the_vectors_cover_every_rule() -> None:
    assert "format" in VECTORS
    assert {v["result"] for v in VECTORS["results"]} == set(RESULTS)
    spans = {v["days"] for v in VECTORS["dashboard"]}
    assert spans == {7, 30, 90}
    full = [v for v in VECTORS["dashboard"] if len(v["expect"]["weak"]) == TOP]
    assert full, "a case with more weak themes than are shown"
    assert any(v["expect"]["ratings"] for v in VECTORS["dashboard"])
    assert any(v["expect"]["played"] == 0 for v in VECTORS["dashboard"])


@pytest.mark.parametrize("v", VECTORS["results"], ids=lambda v: v["result"])
def test_results(v: dict) -> None:
    assert result_of(v["kind"], clean=v["clean"], how=v["how"], mistakes=v["mistakes"]) == v["result"]


@pytest.mark.parametrize("v", VECTORS["seen"], ids=lambda v: f"{v['result']}-{v['solved_later']}")
def test_a_history_line_as_the_player_reads_it(v: dict) -> None:
    assert result_seen(v["result"], v["solved_later"]) == v["seen"]


@pytest.mark.parametrize(
    "v", VECTORS["performance"], ids=lambda v: f"{v['played']}-{v['first']}-{v['ratings']}"
)
def test_performance(v: dict) -> None:
    assert performance(v["played"], v["first"], v["ratings"]) == v["performance"]
    assert percent(v["first"], v["played"]) == v["percent"]


@pytest.mark.parametrize("v", VECTORS["add"], ids=lambda v: str(v["puzzle_rating"]))
def test_add(v: dict) -> None:
    before = DayTally.from_doc(v["before"]) if v["before"] is not None else None
    kept = json.dumps(before.to_doc() if before else None)
    got = add_result(before, v["day"], v["themes"], v["puzzle_rating"], v["first_try"], v["rating_after"])
    assert got.to_doc() == v["after"]
    assert json.dumps(before.to_doc() if before else None) == kept  # pure: the tally given is left as it was


@pytest.mark.parametrize("v", VECTORS["logs"], ids=lambda v: v["name"])
def test_logs(v: dict) -> None:
    assert [t.to_doc() for t in tallies_of(v["log"])] == v["tallies"]


@pytest.mark.parametrize("v", VECTORS["dashboard"], ids=lambda v: v["name"])
def test_dashboard(v: dict) -> None:
    tallies = [DayTally.from_doc(t) for t in v["tallies"]]
    assert dashboard(tallies, v["today"], v["days"]) == v["expect"]


def test_a_span_worked_by_hand() -> None:
    """Five forks (1400 each): two solved first try; six pins of 1800, all first try; a fork a
    week earlier falls outside 7 days."""
    log = [{"day": "2026-10-20", "themes": ["fork"], "rating": 2000, "result": "clean", "after": 1500}]
    log += [
        {"day": "2026-11-01", "themes": ["fork"], "rating": 1400, "result": r, "after": None}
        for r in ["clean", "missed", "clean", "shown", "help"]
    ]
    log += [
        {"day": "2026-11-02", "themes": ["pin", "short"], "rating": 1800, "result": "clean", "after": 1510}
    ] * 6
    figures = dashboard(tallies_of(log), "2026-11-02", 7)
    assert (figures["from"], figures["played"], figures["first"], figures["first_rate"]) == (
        "2026-10-27",
        11,
        8,
        73,  # 8 of 11 is 72.7 %: rounded, not cut
    )
    # overall: (5 × 1400 + 6 × 1800) / 11 = 1618.18; − 500 + 1000 × 8/11 = 727.27: 1845
    assert figures["performance"] == 1845
    fork, pin = figures["themes"]
    assert (fork["theme"], fork["played"], fork["first_rate"], fork["performance"]) == ("fork", 5, 40, 1300)
    assert (pin["theme"], pin["played"], pin["first_rate"], pin["performance"]) == ("pin", 6, 100, 2300)
    assert [r["theme"] for r in figures["weak"]] == ["fork"]
    assert [r["theme"] for r in figures["strong"]] == ["pin"]
    assert figures["ratings"] == [{"day": "2026-11-02", "rating": 1510}]  # 'short' is no motif
    month = dashboard(tallies_of(log), "2026-11-02", 30)
    assert month["themes"][0]["played"] == 6 and month["ratings"][0] == {"day": "2026-10-20", "rating": 1500}
    assert MIN_PLAYS == 5
    fewer = dashboard(tallies_of(log[:5] + log[6:]), "2026-11-02", 7)
    assert [r["theme"] for r in fewer["themes"]] == ["pin"]  # four forks: under the threshold
