"""The records' own `to_doc`: what the store keeps of each, field by field, with every field in it.

They are written out by hand (dataclasses.asdict deep-copied a tenth of a solve's time), so a field
added to one of them must be added to its doc too: these fail until it is.
"""

from __future__ import annotations

import json
from dataclasses import asdict, fields

from puzzlebook.chess.kept import BandTally
from puzzlebook.chess.tallies import ChessStats
from puzzlebook.ratings import Rating
from puzzlebook.streaks import Streak


def _full_stats() -> ChessStats:
    return ChessStats(
        version=4,
        solved=9,
        clean=5,
        missed=2,
        after_mistake=3,
        shown=1,
        rated=11,
        rating=Rating(1612.5, 88.1, 0.0598),
        clean_at="2026-11-30T10:00:00Z",
        bands={"Easy": BandTally(3, 2, "2026-11-29T10:00:00Z", 1)},
        streak=Streak("2026-11-30", 3, "2026-11-30T10:00:00Z", 5),
        offline_clean=1,
        board_streak=Streak("2026-11-29", 2, "2026-11-29T10:00:00Z", 4),
    )


def test_chess_stats_doc_holds_every_field_but_the_version() -> None:
    stats = _full_stats()
    expected = asdict(stats)
    expected.pop("version")
    # Each band's tally as a row (the item stays under 1 KB: docs/store.md, "Boards at scale").
    expected["bands"] = {"Easy": [3, 2, "2026-11-29T10:00:00Z", 1]}
    # Each streak in its one-letter keys (Streak.to_doc): it sits twice in the same item.
    expected["streak"], expected["board_streak"] = stats.streak.to_doc(), stats.board_streak.to_doc()
    # The first results by name added since, in short keys for the same reason.
    expected["am"], expected["sh"] = expected.pop("after_mistake"), expected.pop("shown")
    assert stats.to_doc() == expected
    short = {"after_mistake": "am", "shown": "sh"}
    assert set(stats.to_doc()) == {short.get(f.name, f.name) for f in fields(ChessStats)} - {"version"}
    assert len(fields(BandTally)) == 4  # a field added to BandTally needs a place in the row too


def test_chess_stats_keep_the_boards_streak_only_when_it_differs() -> None:
    stats = _full_stats()
    same = stats.with_(board_streak=stats.streak)
    assert same.to_doc()["board_streak"] is None
    again = ChessStats.from_doc(same.to_doc(), same.version)
    assert again.ranked_streak == stats.streak and again.to_doc() == same.to_doc()


def test_chess_stats_kept_with_bands_as_maps_still_read() -> None:
    stats = _full_stats()
    doc = stats.to_doc()
    doc["bands"] = {"Easy": {"solved": 3, "clean": 2, "clean_at": "2026-11-29T10:00:00Z", "offline_clean": 1}}
    assert ChessStats.from_doc(doc, stats.version) == stats


def test_chess_stats_read_back_from_their_doc() -> None:
    stats = _full_stats()
    assert ChessStats.from_doc(stats.to_doc(), stats.version) == stats


def test_a_doc_is_a_copy_the_stats_dont_share() -> None:
    stats = _full_stats()
    doc = stats.to_doc()
    doc["bands"]["Easy"][0] = 99
    assert stats.bands["Easy"].solved == 3


def test_rating_and_streak_docs_hold_every_field() -> None:
    assert Rating(1500.0, 350.0, 0.06).to_doc() == asdict(Rating(1500.0, 350.0, 0.06))
    every = Streak("2026-11-30", 1, "x", 2, 3, 1, -570)
    assert len(every.to_doc()) == len(fields(Streak)) and Streak.from_doc(every.to_doc()) == every
    assert Streak.from_doc(asdict(every)) == every  # as kept before the short keys


def _chess_records() -> list[object]:
    """One of each chess record, every field set to something other than its default."""
    from puzzlebook.chess.dashboard import DayTally
    from puzzlebook.chess.kept import HistoryDay, HistoryLine, KeptMiss, KeptSolve

    rating = Rating(1612.5, 88.1, 0.0598)
    return [
        KeptSolve("aB3dE", "Hard", ("e2e4", "e7e5"), 1, 2, 31, False, 1900, "2026-11-30T10:00:00.000000Z",
                  ("fork",), "2026-11-30", "2026-11-30", rating, Rating(1600.0, 80.0, 0.06), True),
        KeptMiss("aB3dE", "Hard", "gave-up", ("e2e4",), 1900, "2026-11-30T10:00:00.000000Z", ("pin",),
                 "2026-11-30", rating, Rating(1590.0, 80.0, 0.06), True),
        BandTally(4, 3, "2026-11-30T10:00:00.000000Z", 1),
        HistoryLine("aB3dE", "Hard", 1900, ("fork", "pin"), "shown", "2026-11-30",
                    "2026-11-30T10:00:00.000000Z", 1613, 1590),
        DayTally("2026-11-30", 3, 1, 4700, 1590, {"fork": (2, 1, 3000), "pin": (1, 0, 1700)}),
        HistoryDay("2026-11-30", DayTally("2026-11-30", 1, 0, 1900, 1590, {"fork": (1, 0, 1900)}),
                   (HistoryLine("aB3dE", "Hard", 1900, ("fork",), "shown", "2026-11-30",
                                "2026-11-30T10:00:00.000000Z", 1613, 1590),), 2),
    ]


def _chain_records() -> list[object]:
    from puzzlebook.chain.kept import KeptGiveup, KeptSolve
    from service.games.chain.records import ChainFailure

    return [
        KeptSolve((2, 0, 3), 41, 1, 2, False, "2026-11-30T10:00:00.000000Z", True, True),
        KeptGiveup("2026-11-30T10:00:00.000000Z", True),
        ChainFailure("spare", "a spare no chain reaches", "2026-11-30T01:00:00.000000Z"),
    ]


def _storm_records() -> list[object]:
    from puzzlebook.storm.clock import Tally
    from puzzlebook.storm.kept import RunResult
    from service.games.daily_run.records import RunStarted

    tally = Tally(score=7, mistakes=2, combo=1, combo_best=4, bonus=6, penalty=20, highest=1890, attempted=9)
    run = RunResult("2026-11-30", tally, 170, "2026-11-30T10:03:00.000000Z")
    return [run, RunStarted("n0nce", 1_700_000)]


def test_a_storm_run_reads_back_whole() -> None:
    (run, started) = _storm_records()
    assert type(run).from_doc(run.to_doc()) == run  # type: ignore[attr-defined]
    assert type(started).from_doc(started.to_doc()) == started  # type: ignore[attr-defined]
    assert {"date", "score", "highest", "length", "seconds", "posted"} <= set(run.to_doc())  # type: ignore[attr-defined]


def _streak_records() -> list[object]:
    from puzzlebook.streak.kept import StreakResult
    from puzzlebook.streak.tally import Tally
    from service.games.daily_run.records import RunStarted

    tally = Tally(score=7, highest=1890, attempted=9, skipped=3, missed=9, moves=15)
    return [tally, StreakResult("2026-12-05", tally, 170, "2026-12-05T10:03:00.000000Z"),
            RunStarted("n0nce", 1_700_000)]


def test_a_streak_run_reads_back_whole() -> None:
    (tally, run, _) = _streak_records()
    assert type(run).from_doc(run.to_doc()) == run  # type: ignore[attr-defined]
    assert set(run.to_doc()) == set(tally.to_doc()) | {"date", "seconds", "posted"}  # type: ignore[attr-defined]
    assert json.loads(json.dumps(run.to_doc())) == run.to_doc()  # type: ignore[attr-defined]


def test_a_streak_day_run_reads_back_from_its_item() -> None:
    from puzzlebook.chess.ladder import RunPuzzle
    from service.games.daily_run.records import KeptRun
    from service.games.streak import STREAK
    from service.store.items import make_item

    puzzles = [RunPuzzle("aB3dE", "Beginner", 812), RunPuzzle("x1", "Expert", 2550)]
    kept = KeptRun("2026-12-05", 3, puzzles)
    assert STREAK.keys.runs == "STREAKRUN"
    assert KeptRun.from_item(make_item("STREAKRUN", kept.day, kept.to_doc())) == kept


def _lesson_records() -> list[object]:
    from puzzlebook.lessons.results import LessonResult

    return [LessonResult(True, False, 1, 2, 44, 3, "2026-11-30T10:00:00.000000Z",
                         "2026-11-30T09:59:16.000000Z", "liveSession1")]


def test_a_lesson_head_reads_back_from_its_doc() -> None:
    from service.games.lessons.records import LessonHead

    head = LessonHead("AAAAAAAAAAAAAAAA", "t1", "Forks", 3, "2026-11-30T10:00:00.000000Z", 2, (1, 2, 2),
                      "2026-11-30T11:00:00.000000Z")
    doc = head.to_doc(parts=2)
    assert doc["parts"] == 2 and LessonHead.from_doc(head.id, doc) == head


# Fields a record reads from other items beside its own: a day of the history's pages of older lines.
READ_BESIDE = {"HistoryDay": {"paged"}}


def test_every_kept_record_reads_back_from_its_doc_with_every_field() -> None:
    records = _chess_records() + _chain_records() + _storm_records()[1:] + _streak_records()[::2]
    for record in records + _lesson_records():
        kind = type(record)
        doc = record.to_doc()  # type: ignore[attr-defined]
        assert kind.from_doc(doc) == record, kind.__name__  # type: ignore[attr-defined]
        beside = READ_BESIDE.get(kind.__name__, set())
        assert {f.name for f in fields(kind)} - beside <= set(doc), kind.__name__  # type: ignore[arg-type]
        assert json.loads(json.dumps(doc)) == doc  # JSON as it is, no tuples or ratings left in it


def test_a_chess_record_kept_before_its_newer_fields_reads_with_their_defaults() -> None:
    from puzzlebook.chess.kept import KeptSolve

    old = {"id": "aB3dE", "band": "Easy", "moves": ["e2e4"], "mistakes": 0, "hints": 0, "seconds": 9,
           "clean": True, "rating": 900, "posted": "2026-11-01T10:00:00Z", "daily": None,
           "before": None, "after": None}
    solve = KeptSolve.from_doc(old)
    assert (solve.themes, solve.day, solve.offline, solve.rated) == ((), None, False, False)
    assert BandTally.from_doc({"solved": 2, "clean": 1, "clean_at": None}).ranked_clean == 1


def test_a_chain_result_reads_back_as_its_kind() -> None:
    from puzzlebook.chain.kept import KeptGiveup, KeptSolve, result_of_doc

    solve = KeptSolve((0, 1), 9, 0, 0, True, "t")
    assert result_of_doc(solve.to_doc()) == solve
    assert result_of_doc({"kind": "giveup", "posted": "t"}) == KeptGiveup("t")
