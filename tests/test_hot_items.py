"""Hot items stay small (issue 28): every chess result and every ticket rewrites the player's
`STATS#chess` (their tallies and their current play, service/plays.py), and DynamoDB charges a write
by the KB, rounded up (twice in a transaction), so an item of 1,025 bytes costs double. A steady
player's state item stays under 1 KB; a veteran's at its fullest (every band, six-digit counts, a
full hour against the cap, seven plays held) under 2 KB, no more than its tallies and play cost as two
items of 1 KB. Each is built here and measured on DynamoDB's own rule for an item's size
(bench/scale/units.py), as kept on the moto table after a real solve."""

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


def _steady() -> ChessStats:
    """A month of play: two bands, a rating, a streak."""
    bands = {"Medium": BandTally(420, 260, STAMP, 0), "Hard": BandTally(88, 31, STAMP, 0)}
    streak = Streak("2026-11-01", 29, STAMP, 29, used=1, held=1, o=60)
    return ChessStats(version=600, solved=508, clean=291, missed=96, rated=600,
                      rating=Rating(1712.345678901234, 61.23456789012345, 0.05987654321098765),
                      clean_at=STAMP, bands=bands, streak=streak)


def _kept(stats: ChessStats, full_hour: bool) -> dict:
    """The player's state item as kept on moto after a daily solve with its ticket, from `stats` and a
    play: with `full_hour`, 7 plays held and the hourly cap's count in every minute of the hour; else
    an Endless session's ten results counted, one puzzle at a time."""
    from functions.plays import RATED_PER_HOUR, RATED_STEP
    from puzzlebook.rolling import Rolling
    from service.plays import PlayCheck, open_play

    later = STORE_T0 + dt.timedelta(hours=1)
    with dynamo_store() as store:
        pid = store.create_player("A player of many years", "h", STORE_T0).id
        seeded = make_item(K.player(pid), CK.CHESS_STATS, version=stats.version)
        seeded["stats"] = stats.to_doc()
        store.transact([Put(seeded)])
        rule, now_ts = Rolling(RATED_PER_HOUR, 3600, RATED_STEP), int(later.timestamp())
        if full_hour:
            for n in range(8):  # seven left part way, then the daily
                open_play(store, b"k", pid, "chess", f"p{n:04d}", later - dt.timedelta(minutes=10 - n))
        ticket = open_play(store, b"k", pid, "chess", "zZ9yY", later - dt.timedelta(minutes=1)).ticket
        counted = None
        for minute in range(60) if full_hour else range(50, 60):
            counted = rule.take(counted, now_ts - 3600 + 60 * minute)
        item = store.get_item(K.player(pid), CK.CHESS_STATS)
        store.transact([Put({**item, "play": {**item["play"], "rated": counted}})])
        from puzzlebook.chess.results import SolvePost
        from service.games.chess.records import ChessRecords

        post = SolvePost("zZ9yY", "Medium", 1600, ["e2e4"], 0, 0, 30, STORE_T0.date(),
                         daily_of=STORE_T0.date(), offset=-570)
        posted = ChessRecords(store).record_solve(pid, post, later, PlayCheck(pid, ticket, rule, now_ts))
        assert posted.entry is not None  # on the day's board (placed there from its snapshot by the API)
        got: dict = store.client.get_item(TableName=store.table, Key={"PK": {"S": K.player(pid)},
                                                                      "SK": {"S": CK.CHESS_STATS}})["Item"]
    assert "play" in got and "stats" in got
    return got


def test_a_steady_players_state_item_stays_under_a_kilobyte() -> None:
    got = _kept(_steady(), full_hour=False)
    assert {"GSI2PK", "GSI3PK"} <= set(got)  # on the streak and all-time boards
    size = item_size(got)
    assert size < KB, f"{size} bytes"


@pytest.mark.parametrize("offline", [False, True])
def test_a_veterans_state_item_at_its_fullest_stays_under_two_kilobytes(offline: bool) -> None:
    got = _kept(_veteran(offline), full_hour=True)
    # On every board its tallies feed: ratings, streaks, all time (each an index key pair).
    assert {"GSI1PK", "GSI2PK", "GSI3PK"} <= set(got)
    size = item_size(got)
    assert size < 2 * KB, f"{size} bytes"


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
