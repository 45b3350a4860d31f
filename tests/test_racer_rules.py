"""A race's rules (puzzlebook/racer/), pure: its life, each move judged on the server's clock by Storm's
rules, the floor, the standings, and the shared vectors (tests/vectors/racer.json) the browser's copy
runs too (tests/js/racer_vectors.test.mjs)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from puzzlebook.chess.ladder import RunPuzzle
from puzzlebook.chess.shards import Bundle
from puzzlebook.racer.progress import MoveRefused, Racer, play
from puzzlebook.racer.puzzles import RACE_LENGTH, as_rows, pick_race, puzzles_of
from puzzlebook.racer.race import RACE_MS, Pace, Race, RaceRefused, joined, made, quick_open, started
from puzzlebook.racer.table import standings, table
from puzzlebook.storm.clock import Tally, tally_run
from puzzlebook.tickets import floor_wait

ROOT = Path(__file__).resolve().parent.parent
VECTORS = json.loads((ROOT / "tests" / "vectors" / "racer.json").read_text(encoding="utf-8"))
# Two puzzles of the bundle's shape: a mate in one after the opponent's move, and a two-move line.
MATE = ["m1", "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", "h7h6 a1a8", 900]
LINE = ["l2", "8/k7/1K6/8/8/8/8/7R b - - 0 1", "a7a8 h1h2 a8b8 h2h8", 950]
STARTED = Race("r", "link", "p1", 0, starts=10_000, racers=2)


@pytest.fixture(scope="module")
def bundle() -> Bundle:
    return Bundle(ROOT / "shards")


def test_the_vectors_floor_is_the_tickets() -> None:
    for started_ms, now, k, wait in VECTORS["floor"]:
        assert floor_wait(started_ms, now, k) == wait, (started_ms, now, k)


def test_the_vectors_clocks_are_storms_tally_less_the_net_penalty() -> None:
    assert VECTORS["race_ms"] == RACE_MS
    for case in VECTORS["clocks"]:
        tally = tally_run([(p["rating"], p["verdicts"]) for p in case["puzzles"]])
        assert {k: v for k, v in tally.to_doc().items() if k != "length"} == case["tally"], case["name"]
        assert Racer("p", "P", 0, tally=tally).clock_ends(0) == case["clock_ms"], case["name"]


def test_the_vectors_standings() -> None:
    for case in VECTORS["standings"]:
        racers = [Racer(r["pid"], r["pid"], r["joined"], tally=Tally(score=r["score"], highest=r["highest"]),
                        scored=r["scored"]) for r in case["racers"]]
        assert [r.pid for r in standings(racers)] == case["order"], case["name"]


def test_a_race_lives_from_made_to_over() -> None:
    race = made("r", "link", "p1", 0)
    assert race.phase(0) == "waiting"
    with pytest.raises(RaceRefused, match="at least 2"):
        started(joined(race, 1, already=False), "p1", 2)
    race = joined(joined(race, 1, already=False), 2, already=False)
    with pytest.raises(RaceRefused, match="Only the player who made"):
        started(race, "p2", 3)
    race = started(race, "p1", 3)
    assert race.starts == 10_003
    phases = [race.phase(t) for t in (10_002, 10_003, 100_002, 100_003)]
    assert phases == ["countdown", "racing", "racing", "over"]
    assert joined(race, 50_000, already=True) == race  # a racer back after a dropped connection
    with pytest.raises(RaceRefused) as refused:
        joined(race, 5_000, already=False)
    assert refused.value.code == "started"


def test_a_race_made_at_a_shorter_pace_keeps_it_and_lasts_by_it() -> None:
    """A test server shortens races (PUZZLEBOOK_RACE_SECONDS, _COUNTDOWN): the race made keeps its
    pace, read back from its doc by whichever process judges its moves."""
    pace = Pace(seconds=20, countdown=3, quick_countdown=4)
    race = joined(joined(made("r", "link", "p1", 0, pace), 1, already=False), 2, already=False)
    race = Race.from_doc("r", started(race, "p1", 1_000).to_doc())
    assert (race.starts, race.ends, race.ms) == (4_000, 24_000, 20_000)
    phases = [race.phase(t) for t in (3_999, 4_000, 23_999, 24_000)]
    assert phases == ["countdown", "racing", "racing", "over"]
    assert Racer("p", "P", 0, tally=Tally(penalty=10)).clock_ends(4_000, race.ms) == 14_000
    quick = joined(joined(made("q", "quick", "", 0, pace), 1, already=False), 2, already=False)
    assert quick.starts == 4_002
    # A race kept before races kept their pace reads as the site's.
    old = Race.from_doc("o", {"kind": "quick", "owner": "", "made": 0, "racers": 1})
    assert (old.ms, old.countdown_ms) == (RACE_MS, 15_000)


def test_a_race_takes_ten_racers_at_most() -> None:
    race = made("r", "link", "p1", 0)
    for k in range(10):
        race = joined(race, k, already=False)
    with pytest.raises(RaceRefused) as refused:
        joined(race, 11, already=False)
    assert refused.value.code == "full"


def test_a_quick_race_counts_down_from_its_second_racer_and_closes_three_seconds_before_its_start() -> None:
    race = joined(made("q", "quick", "", 0), 1_000, already=False)
    assert race.starts is None and quick_open(race, 5_000)
    race = joined(race, 2_000, already=False)
    assert race.starts == 17_000 and quick_open(race, 13_999) and not quick_open(race, 14_000)
    with pytest.raises(RaceRefused):
        joined(race, 14_000, already=False)


def test_the_races_puzzles_rise_like_storms_and_differ_by_race(bundle: Bundle) -> None:
    first = pick_race("race-a", key=b"k", bundle=bundle)
    assert len(first) == RACE_LENGTH and first[0].rating >= 800
    assert [p.rating // 100 for p in first] == sorted(p.rating // 100 for p in first)
    assert pick_race("race-a", key=b"k", bundle=bundle) == first
    assert pick_race("race-b", key=b"k", bundle=bundle) != first
    assert pick_race("race-a", key=b"other", bundle=bundle) != first
    rows = as_rows(first, bundle.row)
    assert [r[0] for r in rows] == [p.id for p in first] and len(puzzles_of(rows)) == RACE_LENGTH
    with pytest.raises(LookupError):
        as_rows([RunPuzzle("nope0", "Easy", 1000)], bundle.row)


def _racer() -> Racer:
    return Racer("p", "P", 0)


def test_a_move_is_judged_where_the_racer_is_by_storms_rules() -> None:
    puzzles = puzzles_of([LINE, MATE])
    played = play(_racer(), STARTED, puzzles, (0, 0), "h1h2", 10_000)
    assert (played.verdict, played.reply, played.ended) == ("right", "a8b8", False)
    played = play(played.racer, STARTED, puzzles, (0, 1), "h2h8", 11_000)
    assert (played.verdict, played.ended, played.racer.puzzle) == ("solved", True, 1)
    assert played.racer.tally.score == 1 and played.racer.tally.combo == 2 and played.racer.scored == 11_000
    wrong = play(played.racer, STARTED, puzzles, (1, 0), "a1a2", 12_000)
    assert (wrong.verdict, wrong.racer.results, wrong.racer.tally.combo) == ("wrong", ("solved", "missed"), 0)
    assert wrong.racer.clock_ends(STARTED.starts or 0) == STARTED.starts + RACE_MS - 10_000  # type: ignore[operator]


def test_any_mate_solves() -> None:
    board_mate = ["bm", "6k1/p4ppp/8/8/8/8/8/RR4K1 b - - 0 1", "a7a6 a1a8", 900]
    played = play(_racer(), STARTED, puzzles_of([board_mate]), (0, 0), "b1b8", 10_000)
    assert played.verdict == "solved"


@pytest.mark.parametrize(("at", "now", "racer", "code"), [
    ((0, 0), 9_999, _racer(), "not-racing"),
    ((0, 0), 100_000, _racer(), "over"),
    ((0, 0), 20_000, replace(_racer(), left=True), "left"),
    ((0, 0), 20_000, replace(_racer(), tally=Tally(penalty=90)), "out-of-time"),
    ((0, 1), 20_000, _racer(), "out-of-step"),
    ((0, 0), 20_000, replace(_racer(), puzzle=1), "done"),
    ((0, 0), 10_500, replace(_racer(), moves=1), "too-fast"),
])
def test_a_move_that_doesnt_count_says_why(at: tuple[int, int], now: int, racer: Racer, code: str) -> None:
    with pytest.raises(MoveRefused) as refused:
        play(racer, STARTED, puzzles_of([MATE, MATE]), at, "a1a8", now)
    assert refused.value.code == code
    if code == "too-fast":
        assert refused.value.wait == 500
    if code in ("done", "out-of-step"):
        assert refused.value.at == (racer.puzzle, len(racer.line))


def test_an_illegal_move_is_refused_and_counts_nothing() -> None:
    with pytest.raises(MoveRefused) as refused:
        play(_racer(), STARTED, puzzles_of([MATE]), (0, 0), "a1h8", 10_000)
    assert refused.value.code == "illegal"


def test_a_script_at_a_move_a_millisecond_counts_a_move_a_second() -> None:
    """The floor: a script sending the right moves as fast as it can, from the start, counts no more
    moves than a person at a second a move (and the allowance) in the same time."""
    puzzles = puzzles_of([MATE] * 100)
    racer, counted = _racer(), 0
    for now in range(10_000, 20_000, 1):  # a move every millisecond for ten seconds
        try:
            racer = play(racer, STARTED, puzzles, (racer.puzzle, 0), "a1a8", now).racer
            counted += 1
        except MoveRefused as refused:
            assert refused.code == "too-fast"
    assert counted == 10  # the first at the start (the allowance), then one a second


def test_the_table_keeps_every_racer_with_their_puzzles() -> None:
    rows = [MATE, LINE, MATE]
    left = Racer("c", "Cy", 3, puzzle=1, line=("h1h2",), results=("solved",),
                 tally=Tally(score=1, highest=900), scored=12_000, left=True)
    first = Racer("a", "Ada", 1, puzzle=2, results=("solved", "solved"), tally=Tally(score=2, highest=950),
                  scored=15_000)
    got = table([left, first, Racer("b", "Bo", 2)], rows)
    assert [(r["name"], r["place"], r["left"]) for r in got] == [("Ada", 1, False), ("Cy", 2, True),
                                                               ("Bo", 3, False)]
    assert got[1]["puzzles"] == [{"id": "m1", "rating": 900, "result": "solved"},
                                 {"id": "l2", "rating": 950, "result": "left"}]


def test_a_racers_progress_reads_back_from_its_doc() -> None:
    racer = Racer("p", "P", 5, 2, ("e2e4",), ("solved", "missed"), Tally(3, 1, 2, 4, 3, 10, 1200, 2), 7, 9, 8,
                  True, True)
    assert Racer.from_doc(json.loads(json.dumps(racer.to_doc()))) == racer
    race = Race("r", "quick", "", 1, 2, 3, "next", True)
    assert Race.from_doc("r", json.loads(json.dumps(race.to_doc()))) == race
