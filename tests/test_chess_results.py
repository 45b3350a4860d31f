"""tests/vectors/chess_results.json through puzzlebook/chess/results.py, and the players' posts also
through the store (ChessRecords), which must keep what the decision says.

tests/js/chess_results.test.mjs runs the sections the browser keeps a copy of through
site/static/js/chess/results.js.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from puzzlebook.chess.bands import BANDS
from puzzlebook.chess.kept import KeptSolve
from puzzlebook.chess.results import (
    Had,
    MissPost,
    SolvePost,
    counted_day,
    is_clean,
    settle_miss,
    settle_solve,
)
from puzzlebook.chess.tallies import ChessStats
from puzzlebook.ratings import NEW_PLAYER
from puzzlebook.results import Posted
from service.games.chess.records import ChessRecords
from tests.support import sqlite_store

VECTORS = json.loads((Path(__file__).parent / "vectors" / "chess_results.json").read_text(encoding="utf-8"))
AT = "2026-11-02T09:00:00Z"


def _day(text: str | None) -> dt.date | None:
    return dt.date.fromisoformat(text) if text else None


def _post(post: dict[str, Any]) -> SolvePost | MissPost:
    common = dict(
        puzzle_id=post["puzzle"],
        band=post["band"],
        puzzle_rating=post["puzzle_rating"],
        on=dt.date.fromisoformat(post["on"]),
        daily_of=_day(post["daily_of"]),
    )
    if post["kind"] == "solve":
        return SolvePost(**common, moves=["e2e4"], mistakes=post["mistakes"], hints=post["hints"], seconds=30)
    return MissPost(**common, how=post["how"], moves=["e2e4"] if post["how"] == "wrong" else [])


def _stamp(post: dict[str, Any], k: int) -> dt.datetime:
    """When post `k` came: on its site day, a minute after the one before."""
    return dt.datetime.fromisoformat(post["on"]).replace(hour=9, minute=k, tzinfo=dt.UTC)


class Player:
    """One player's chess results as the decisions alone keep them: what each settle says is written."""

    def __init__(self) -> None:
        self.solved: set[str] = set()
        self.missed: dict[str, Any] = {}  # puzzle id -> how its kept miss went
        self.stats = ChessStats()

    def post(self, post: SolvePost | MissPost, at: str) -> Posted:
        had = Had(post.puzzle_id in self.solved, post.puzzle_id in self.missed, self.stats,
                  miss_how=self.missed.get(post.puzzle_id))
        settled = settle_solve(post, had, at) if isinstance(post, SolvePost) else settle_miss(post, had, at)
        if settled.record is not None:
            assert settled.stats is not None and settled.stats.version == self.stats.version
            if isinstance(post, SolvePost):
                self.solved.add(post.puzzle_id)
            else:
                self.missed[post.puzzle_id] = post.how
            self.stats = settled.stats
        return settled.answer


def test_the_file_describes_its_format_and_covers_what_it_must() -> None:
    assert "format" in VECTORS
    for section in ("clean", "counted_day", "streaks", "tallies", "players"):
        assert VECTORS[section], section
    directions = {post["rating"] for case in VECTORS["players"] for post in case["posts"]}
    assert directions == {"up", "down", "same"}
    answers = [post["answer"] for case in VECTORS["players"] for post in case["posts"]]
    assert {a["already"] for a in answers} == {True, False}
    assert {a.get("daily") for a in answers} >= {None, "2026-11-02"}


@pytest.mark.parametrize("vector", VECTORS["clean"], ids=lambda v: f"{v['mistakes']}-{v['hints']}")
def test_clean(vector: dict[str, Any]) -> None:
    assert is_clean(vector["mistakes"], vector["hints"]) is vector["clean"]


@pytest.mark.parametrize("vector", VECTORS["counted_day"], ids=lambda v: v["why"])
def test_counted_day(vector: dict[str, Any]) -> None:
    assert counted_day(_day(vector["daily_of"]), dt.date.fromisoformat(vector["on"])) == _day(vector["day"])


@pytest.mark.parametrize("vector", VECTORS["streaks"], ids=lambda v: v["name"])
def test_streaks(vector: dict[str, Any]) -> None:
    player = Player()
    for k, solve in enumerate(vector["solves"]):
        post = {"kind": "solve", "puzzle": f"s{k:04d}", "band": "Easy", "puzzle_rating": 1200}
        post |= {"mistakes": 0, "hints": 0}
        player.post(_post(post | solve), _stamp(solve, k).strftime("%Y-%m-%dT%H:%M:%SZ"))
    streak = player.stats.streak
    assert streak.current(dt.date.fromisoformat(vector["today"])) == vector["current"]
    assert streak.best == vector["best"]


@pytest.mark.parametrize("vector", VECTORS["tallies"], ids=lambda v: v["name"])
def test_tallies(vector: dict[str, Any]) -> None:
    player = Player()
    for k, done in enumerate(vector["finished"]):
        post = {"puzzle": f"t{k:04d}", "band": done["band"], "puzzle_rating": 1500}
        post |= {"on": "2026-11-02", "daily_of": None}
        if done["solved"]:
            post |= {"kind": "solve", "mistakes": done["mistakes"], "hints": done["hints"]}
        else:
            post |= {"kind": "miss", "how": "gave-up"}
        player.post(_post(post), AT)
    assert set(vector["bands"]) == set(BANDS)
    for band, tally in vector["bands"].items():
        got = player.stats.band(band)
        assert {"solved": got.solved, "clean": got.clean} == tally, band


def _check_answer(post: dict[str, Any], answer: Posted, rating_before: Any, rating_after: Any) -> None:
    for name, want in post["answer"].items():
        assert getattr(answer, name) == want, (post, name)
    if post["rating"] == "same":
        assert not answer.rated and rating_after == rating_before
        return
    assert answer.rated and answer.before == (rating_before or NEW_PLAYER) and answer.after == rating_after
    assert answer.before is not None and answer.after is not None
    went = "up" if answer.after.rating > answer.before.rating else "down"
    assert went == post["rating"], post


def _check_after(case: dict[str, Any], stats: ChessStats) -> None:
    after = case["after"]
    named = (stats.missed, stats.after_mistake, stats.shown)
    want = (after["missed"], after["after_mistake"], after["shown"])
    got = (stats.solved, stats.clean, *named, stats.rated)
    assert got == (after["solved"], after["clean"], *want, after["rated"])
    for band, tally in after["bands"].items():
        assert {"solved": stats.band(band).solved, "clean": stats.band(band).clean} == tally, band
    assert set(stats.bands) == set(after["bands"])
    today = dt.date.fromisoformat(case["today"])
    streak = after["streak"]
    assert (stats.streak.current(today), stats.streak.best) == (streak["current"], streak["best"])


@pytest.mark.parametrize("case", VECTORS["players"], ids=lambda c: c["name"])
def test_players_by_the_decisions(case: dict[str, Any]) -> None:
    player = Player()
    for k, post in enumerate(case["posts"]):
        before = player.stats.rating
        answer = player.post(_post(post), _stamp(post, k).strftime("%Y-%m-%dT%H:%M:%SZ"))
        _check_answer(post, answer, before, player.stats.rating)
    _check_after(case, player.stats)


@pytest.fixture
def records(tmp_path: Path) -> Iterator[tuple[ChessRecords, str]]:
    """ChessRecords on a fresh SQLite store, and a player's id."""
    with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store:
        yield ChessRecords(store), store.create_player("Ada", "h", dt.datetime(2026, 1, 1, tzinfo=dt.UTC)).id


@pytest.mark.parametrize("case", VECTORS["players"], ids=lambda c: c["name"])
def test_players_through_the_store(case: dict[str, Any], records: tuple[ChessRecords, str]) -> None:
    chess, pid = records
    for k, post in enumerate(case["posts"]):
        before = chess.stats(pid).rating
        made = _post(post)
        now = _stamp(post, k)
        if isinstance(made, SolvePost):
            answer = chess.record_solve(pid, made, now)
        else:
            answer = chess.record_miss(pid, made, now)
        _check_answer(post, answer, before, chess.stats(pid).rating)
        solve, miss = chess.chess_result(pid, post["puzzle"])
        # The result the answer names is the one kept.
        assert (solve if answer.kind == "solve" else miss) is not None
    _check_after(case, chess.stats(pid))


# ---- what a result adds to the history (decided here, written by service/games/chess/history.py) --


def test_a_first_result_adds_its_line_and_its_days_tally() -> None:
    day = dt.date(2026, 11, 2)
    post = SolvePost("aB3dE", "Medium", 1600, ["e2e4"], 0, 1, 30, day, themes=("fork",))
    settled = settle_solve(post, Had(), AT)
    assert settled.history is not None and settled.history.replaced is None
    line, tally = settled.history.line, settled.history.day.tally
    assert (line.result, line.day, line.posted, line.before) == ("help", "2026-11-02", AT, 1500)
    assert line.change == line.after - 1500
    assert settled.history.day.lines == (line,)
    assert tally is not None and (tally.day, tally.played, tally.first) == ("2026-11-02", 1, 0)
    assert tally.themes == {"fork": (1, 0, 1600)}
    after_miss = settle_solve(post, Had(missed=True), AT)
    assert after_miss.record is not None and after_miss.history is None  # the miss was the first result


def test_a_miss_that_wins_a_tie_takes_the_solves_line_on_the_solves_day() -> None:
    from puzzlebook.chess.dashboard import add_result
    from puzzlebook.chess.kept import HistoryDay

    solve_day, miss_day = dt.date(2026, 11, 2), dt.date(2026, 11, 3)
    solve = SolvePost("aB3dE", "Medium", 1600, ["e2e4"], 0, 0, 30, solve_day, themes=("fork",))
    solved = settle_solve(solve, Had(), "2026-11-02T23:59:30.000000Z")
    kept = solved.record
    assert isinstance(kept, KeptSolve) and solved.history is not None and solved.stats is not None
    days = {solve_day.isoformat(): solved.history.day}
    had = Had(solved=True, stats=solved.stats, solve=kept, days=days)
    miss = MissPost("aB3dE", "Medium", 1600, "wrong", ["e2e4"], miss_day, themes=("fork",))
    settled = settle_miss(miss, had, "2026-11-03T00:00:10.000000Z", tie=True)
    entry = settled.history
    assert entry is not None and entry.replaced is None  # the solve's line was among the day's
    assert (entry.line.result, entry.line.day) == ("missed", "2026-11-02")
    assert entry.day.lines == (entry.line,)
    tally = entry.day.tally
    assert tally is not None and (tally.day, tally.played, tally.first) == ("2026-11-02", 1, 0)
    assert settled.solve is not None and not settled.solve.clean and settled.solve.after is None
    # A solve kept before solves said their day: the miss counts as a new one on its own day, and the
    # solve's line, an item of its own, goes.
    old = Had(solved=True, stats=solved.stats, solve=replace(kept, day=None))
    alone = settle_miss(miss, old, "2026-11-03T00:00:10.000000Z", tie=True).history
    assert alone is not None and alone.line.day == "2026-11-03" and alone.replaced is not None
    assert alone.replaced.key == (kept.posted, kept.id)
    assert alone.day.tally == add_result(None, "2026-11-03", ["fork"], 1600, False, alone.line.after)
    # A solve whose day kept its tally alone (before days kept their lines): the tally keeps the
    # puzzle played, no longer first try, and its line goes.
    old_tally = add_result(None, "2026-11-02", ["fork"], 1600, True, 1700)
    legacy = HistoryDay(solve_day.isoformat(), old_tally)
    before = Had(solved=True, stats=solved.stats, solve=kept, days={solve_day.isoformat(): legacy})
    folded = settle_miss(miss, before, "2026-11-03T00:00:10.000000Z", tie=True).history
    assert folded is not None and folded.replaced is not None
    tally = folded.day.tally
    assert tally is not None and (tally.played, tally.first, tally.themes) == (1, 0, {"fork": (1, 0, 1600)})
    assert tally.rating == folded.line.after


def test_a_days_size_is_its_record_as_the_standard_librarys_compact_utf8_json() -> None:
    """The size that sends a day's older lines to a page (service/games/chess/history.py, DAY_BYTES):
    pydantic-core's encoder must count what json.dumps wrote, escapes and non-ASCII text included."""
    from puzzlebook.chess.kept import HistoryDay, HistoryLine
    from service.games.chess.history import _size

    day = HistoryDay("2026-11-02")
    for n, theme in enumerate(("fork", "ça\u2028va", 'a"b\\c\n\x01\x7f', "\U0001f600")):
        line = HistoryLine(f"aB3d{n}", "Medium", 1600 + n, (theme,), "clean", "2026-11-02",
                           f"2026-11-02T10:00:0{n}.000000Z", 1500, None if n % 2 else 1512)
        day, _ = day.with_line(line)
    doc = day.to_doc()
    assert _size(doc) == len(json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))
