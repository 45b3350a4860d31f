"""Hot items stay under 1 KB (issue 28): every rated chess result rewrites the player's `STATS#chess`,
and DynamoDB charges a write by the KB, rounded up (twice in a transaction), so an item of 1,025
bytes costs double. A veteran's tallies are built here and measured on DynamoDB's own rule for an
item's size (bench/scale/units.py), as kept on the moto table after a real solve."""

from __future__ import annotations

import datetime as dt

import pytest

from bench.scale.units import KB, item_size
from puzzlebook.chess.bands import BANDS
from puzzlebook.chess.kept import BandTally
from puzzlebook.chess.tallies import ChessStats
from puzzlebook.ratings import Rating
from puzzlebook.streaks import Streak
from service.games.chess import keys as CK
from service.store import keys as K
from service.store.base import Put, make_item
from tests.support import STORE_T0, dynamo_store
from tests.support import record_test_solve as solve

STAMP = "2026-11-01T23:59:59.999999Z"


def _veteran(offline: bool) -> ChessStats:
    """Years of play in every band, six-digit counts, a long streak, a full-precision rating; with
    `offline`, offline results too, so the boards' streak differs from the player's own."""
    bands = {band: BandTally(199_999, 99_999, STAMP, 9_999 if offline else 0) for band in BANDS}
    streak = Streak("2026-11-01", 1_999, STAMP, 2_999, used=99, held=2, o=-570)
    return ChessStats(
        version=99_999, solved=999_999, clean=499_999, missed=499_999, after_mistake=499_999, shown=499_999,
        rated=999_999,
        rating=Rating(2345.678901234567, 45.67890123456789, 0.059876543210987654), clean_at=STAMP,
        bands=bands, streak=streak, offline_clean=49_999 if offline else 0,
        board_streak=Streak("2026-10-30", 999, STAMP, 2_999, used=99, held=2, o=-570) if offline else streak,
    )


@pytest.mark.parametrize("offline", [False, True])
def test_a_veterans_chess_tallies_stay_under_a_kilobyte(offline: bool) -> None:
    with dynamo_store() as store:
        pid = store.create_player("A veteran of many years", "h", STORE_T0).id
        stats = _veteran(offline)
        seeded = make_item(K.player(pid), CK.CHESS_STATS, stats.to_doc(), version=stats.version)
        store.transact([Put(seeded)])
        later = STORE_T0 + dt.timedelta(hours=1)
        posted = solve(store, pid, puzzle="zZ9yY", daily=STORE_T0.date(), now=later, offset=-570)
        assert posted.entry is not None  # on the day's board (placed there from its snapshot by the API)
        got = store.client.get_item(TableName=store.table, Key={"PK": {"S": K.player(pid)},
                                                                "SK": {"S": CK.CHESS_STATS}})["Item"]
    # On every board its tallies feed: ratings, streaks, all time (each an index key pair).
    assert {"GSI1PK", "GSI2PK", "GSI3PK"} <= set(got)
    size = item_size(got)
    assert size < KB, f"{size} bytes"


def test_a_profile_with_all_playing_together_keeps_stays_under_a_kilobyte() -> None:
    # The profile is read at every sign-in and written once a date and game a social player plays: a
    # long name in four-byte characters, a follow code, two clubs, a record of days at its fullest.
    from puzzlebook.friends.played import MISSED_KEPT, RECENT, Played
    from puzzlebook.friends.state import Social, with_social

    recent = tuple((f"2026-12-{31 - n:02d}", ("chain", "chess", "storm", "streak")) for n in range(RECENT))
    played = Played("2024-01-01", "2026-12-31", tuple(range(1000, 1000 + MISSED_KEPT)), recent, -570)
    social = Social("7KQ2M9XD4T", True, ("A" * 16, "B" * 16), played)
    with dynamo_store() as store:
        pid = store.create_player("\U0001f600" * 24, "f" * 64, STORE_T0).id
        profile = store.get_player(pid)
        assert profile is not None
        doc = with_social(profile.doc, social)
        store.transact([Put(make_item(K.player(pid), K.PROFILE, doc, version=2))])
        got = store.client.get_item(TableName=store.table, Key={"PK": {"S": K.player(pid)},
                                                                "SK": {"S": K.PROFILE}})["Item"]
    size = item_size(got)
    assert size < KB, f"{size} bytes"
