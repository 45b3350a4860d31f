"""The records' own `to_doc`: what the store keeps of each, field by field, with every field in it.

They are written out by hand (dataclasses.asdict deep-copied a tenth of a solve's time), so a field
added to one of them must be added to its doc too: these fail until it is.
"""

from __future__ import annotations

from dataclasses import asdict, fields

from puzzlebook.chess.tallies import ChessStats
from puzzlebook.ratings import Rating
from puzzlebook.streaks import Streak


def _full_stats() -> ChessStats:
    return ChessStats(
        version=4,
        solved=9,
        clean=5,
        missed=2,
        rated=11,
        rating=Rating(1612.5, 88.1, 0.0598),
        clean_at="2026-11-30T10:00:00Z",
        bands={"Easy": {"solved": 3, "clean": 2, "clean_at": "2026-11-29T10:00:00Z"}},
        streak=Streak("2026-11-30", 3, "2026-11-30T10:00:00Z", 5),
        offline_clean=1,
        board_streak=Streak("2026-11-29", 2, "2026-11-29T10:00:00Z", 4),
    )


def test_chess_stats_doc_holds_every_field_but_the_version() -> None:
    stats = _full_stats()
    expected = asdict(stats)
    expected.pop("version")
    assert stats.to_doc() == expected
    assert set(stats.to_doc()) == {f.name for f in fields(ChessStats)} - {"version"}


def test_chess_stats_read_back_from_their_doc() -> None:
    stats = _full_stats()
    assert ChessStats.from_doc(stats.to_doc(), stats.version) == stats


def test_a_doc_is_a_copy_the_stats_dont_share() -> None:
    stats = _full_stats()
    doc = stats.to_doc()
    doc["bands"]["Easy"]["solved"] = 99
    assert stats.bands["Easy"]["solved"] == 3


def test_rating_and_streak_docs_hold_every_field() -> None:
    assert Rating(1500.0, 350.0, 0.06).to_doc() == asdict(Rating(1500.0, 350.0, 0.06))
    assert Streak("2026-11-30", 1, "x", 2).to_doc() == asdict(Streak("2026-11-30", 1, "x", 2))
