"""The nightly fill: Chain days stored ahead, chess dailies kept, the public daily files written."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from puzzlebook.chain import generate as chain_generate
from puzzlebook.chess.daily import EPOCH
from puzzlebook.chess.shards import Bundle
from service.games.chain import FIRST_DAY as CHAIN_FROM
from service.games.chain.records import ChainRecords
from service.games.chess.records import ChessRecords
from service.nightly import AHEAD, fill, fill_if_needed
from service.publish import DirWriter, S3Writer, daily_files, publish_days
from service.settings import ROOT
from service.store.sqlite import SqliteStore
from tests.support import settings_for_tests

NOW = dt.datetime(2026, 11, 2, 3, 0, tzinfo=dt.UTC)
TODAY = dt.date(2026, 11, 2)


# One xdist worker runs the module, so the filled store in `filled` is made once, not once per worker.
pytestmark = pytest.mark.xdist_group("nightly")


@pytest.fixture(scope="module")
def bundle() -> Bundle:
    return Bundle(ROOT / "shards")


@pytest.fixture(scope="module")
def filled(tmp_path_factory, bundle) -> tuple[SqliteStore, Path, object]:
    root = tmp_path_factory.mktemp("nightly")
    store = SqliteStore(root / "puzzlebook.sqlite3")
    report = fill(store, settings_for_tests(), bundle, writer=DirWriter(root / "dist"), now=NOW)
    yield store, root / "dist", report
    store.close()


def test_chain_days_are_stored_from_the_start_to_31_days_ahead(filled) -> None:
    store, _, report = filled
    days = ChainRecords(store).chain_days()
    last = TODAY + dt.timedelta(days=AHEAD)
    assert days[0] == CHAIN_FROM.isoformat() and days[-1] == last.isoformat()
    assert len(days) + len(report.games['chain'].failed) == (last - CHAIN_FROM).days + 1
    row = ChainRecords(store).chain_day("2026-11-20")
    chain_generate.verify(row)
    assert row == chain_generate.generate("2026-11-20")


def test_chess_dailies_are_kept_from_the_epoch_through_tomorrow(filled) -> None:
    store, _, _ = filled
    kept = ChessRecords(store).kept_dailies()
    assert kept[0].day == EPOCH.isoformat() and kept[-1].day == "2026-11-03"
    assert [d.band for d in ChessRecords(store).dailies_on("2026-10-19")] == ["Easy", "Hard", "Medium"]
    assert [d.band for d in ChessRecords(store).dailies_on("2026-11-03")] == ["Easy"]  # a Tuesday
    ids = [d.id for d in kept]
    assert len(ids) == len(set(ids)), "a puzzle was a daily twice within three years"


def test_the_dates_in_play_and_the_next_to_begin_are_written_and_the_index_through_the_newest(
    filled, bundle
) -> None:
    """At 03:00 UTC on the 2nd the dates somewhere on Earth are the 1st and the 2nd: theirs, the one
    before (its board still taking results), and the next to begin at UTC+14 (the 3rd, staged: the
    CDN refuses it until then, tests/test_release.py) are written; the index names the 2nd last."""
    store, dist, report = filled
    days = ("2026-10-31", "2026-11-01", "2026-11-02", "2026-11-03")
    assert sorted(report.published) == sorted(
        [f"daily/{game}/{day}.json" for game in ("chess", "chain") for day in days]
        + [f"daily/chess/{day}.html" for day in days]  # home cards: the run's last four days
        + [f"daily/storm/{day}.json" for day in days[2:]]  # Storm's first day was 2026-11-01's eve
        + [f"daily/streak/{day}.json" for day in days[2:]]  # and Streak's
        + ["daily/index.json"]
    )
    assert report.published[-1] == "daily/index.json", "the index last"
    assert report.unstaged == [] and "NOT staged" not in report.summary()
    staged = json.loads((dist / "daily/chess/2026-11-03.json").read_text())
    kept = ChessRecords(store).dailies_on("2026-11-03")
    assert [d["id"] for d in staged["dailies"]] == [d.id for d in kept]
    assert json.loads((dist / "daily/storm/2026-11-03.json").read_text())["date"] == "2026-11-03"
    chain = json.loads((dist / "daily/chain/2026-11-02.json").read_text())
    assert chain == chain_generate.public(ChainRecords(store).chain_day("2026-11-02"))
    assert list(chain) == ["date", "level", "start", "target", "moves", "hand"]
    chess = json.loads((dist / "daily/chess/2026-11-02.json").read_text())
    kept = ChessRecords(store).dailies_on("2026-11-02")[0]
    assert chess == {
        "date": "2026-11-02",
        "bundle": bundle.version,
        "dailies": [
            {"band": "Easy", "id": kept.id, "rating": kept.rating, "row": bundle.row("Easy", kept.id)},
        ],
    }
    index = json.loads((dist / "daily/index.json").read_text())
    assert index["chain"][0] == CHAIN_FROM.isoformat() and index["chain"][-1] == "2026-11-02"
    assert index["chess"][0] == "2026-01-01" and index["chess"][-1] == "2026-11-02"
    assert "2026-11-03" not in (dist / "daily/index.json").read_text()


def test_the_build_gets_every_published_date(filled, bundle) -> None:
    store, _, _ = filled
    files = daily_files(store, settings_for_tests(), bundle, through=TODAY)
    chess_files = [p for p in files if p.startswith("daily/chess/") and p.endswith(".json")]
    assert len(chess_files) == (TODAY - EPOCH).days + 1
    # The home page's card only for the last four days (a page asks only for its player's date's).
    cards = sorted(p for p in files if p.startswith("daily/chess/") and p.endswith(".html"))
    days = ("2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02")
    assert cards == [f"daily/chess/{day}.html" for day in days]
    early = json.loads(files["daily/chess/2026-10-19.json"])
    assert [d["band"] for d in early["dailies"]] == ["Easy", "Medium", "Hard"]
    assert "daily/chain/2026-11-03.json" not in files and "daily/chess/2026-11-03.json" not in files


def test_a_second_fill_adds_nothing_and_changes_nothing(filled, bundle) -> None:
    store, _, _ = filled
    before = (ChessRecords(store).kept_dailies(), ChainRecords(store).chain_rows())
    again = fill(store, settings_for_tests(), bundle, now=NOW + dt.timedelta(hours=1))
    assert again.games['chain'].stored == [] and again.games['chain'].failed == {}
    assert (ChessRecords(store).kept_dailies(), ChainRecords(store).chain_rows()) == before
    assert fill_if_needed(store, settings_for_tests(), bundle, now=NOW) is None


def test_a_day_that_fails_reverification_is_recorded_and_skipped(tmp_path, bundle, monkeypatch) -> None:
    store = SqliteStore(tmp_path / "db.sqlite3")
    real = chain_generate.generate
    broken_day = "2026-09-03"

    def generate(day):
        row = real(day)
        if str(day) == broken_day:
            row = {**row, "target": row["target"] + 1}  # the stored order no longer reaches it
        return row

    monkeypatch.setattr(chain_generate, "generate", generate)
    report = fill(store, settings_for_tests(), bundle, writer=DirWriter(tmp_path / "dist"), now=NOW, ahead=2)
    assert report.games['chain'].failed == {broken_day: "bad_solution"}
    assert ChainRecords(store).chain_day(broken_day) is None
    assert ChainRecords(store).chain_failures()[broken_day].code == "bad_solution"
    index = json.loads((tmp_path / "dist/daily/index.json").read_text())
    assert broken_day not in index["chain"] and "2026-09-04" in index["chain"]
    assert report.unstaged == []  # tomorrow (2026-11-03) is another day
    # It stays skipped: the next fill doesn't try it again.
    monkeypatch.setattr(chain_generate, "generate", real)
    assert fill(store, settings_for_tests(), bundle, now=NOW, ahead=2).games['chain'].stored == []
    store.close()


def test_a_tomorrow_that_fails_is_said_unstaged(tmp_path, bundle, monkeypatch) -> None:
    """Tomorrow's Chain day fails its checks: the rest is staged, and the report (and so the metric
    the alarm watches, tests/test_nightly_lambda.py) says what isn't."""
    store = SqliteStore(tmp_path / "db.sqlite3")
    real = chain_generate.generate

    def generate(day):
        row = real(day)
        return {**row, "target": row["target"] + 1} if str(day) == "2026-11-03" else row

    monkeypatch.setattr(chain_generate, "generate", generate)
    report = fill(store, settings_for_tests(), bundle, writer=DirWriter(tmp_path / "dist"), now=NOW, ahead=2)
    assert report.unstaged == ["chain"]
    assert {"daily/chess/2026-11-03.json", "daily/storm/2026-11-03.json"} <= set(report.published)
    assert "tomorrow NOT staged for chain" in report.summary()
    store.close()


def test_the_nightly_at_its_hour_stages_the_next_date_to_begin_for_every_game(tmp_path, bundle) -> None:
    """At 23:00 UTC (the job's hour, the site at UTC) the next date to begin is the day after
    tomorrow: it begins at UTC+14 at 10:00 UTC, thirteen hours before the next run. Every daily
    game's file of it is staged then, and kept first (service.games.hooks.kept_through). Keeping
    only tomorrow, the report said chess, Storm and Streak NOT staged every night, and from 10:00
    UTC players east of UTC met their new date with no file, only the API's copy."""
    store = SqliteStore(tmp_path / "db.sqlite3")
    night = dt.datetime(2026, 11, 2, 23, 0, tzinfo=dt.UTC)
    assert fill_if_needed(store, settings_for_tests(), bundle, now=night) is not None  # make serve's
    dist = DirWriter(tmp_path / "dist")
    report = fill(store, settings_for_tests(), bundle, writer=dist, now=night, ahead=3)
    assert report.unstaged == [] and "NOT staged" not in report.summary()
    assert {f"daily/{game}/2026-11-04.json" for game in ("chess", "chain", "storm", "streak")} <= set(
        report.published)
    assert "2026-11-04" not in (tmp_path / "dist/daily/index.json").read_text(), "not out: not in the index"
    assert fill_if_needed(store, settings_for_tests(), bundle, now=night) is None
    store.close()


def test_serve_fills_only_when_the_next_week_is_missing(tmp_path, bundle) -> None:
    store = SqliteStore(tmp_path / "db.sqlite3")
    first = fill_if_needed(store, settings_for_tests(), bundle, now=NOW)
    assert first is not None and "2026-11-09" in first.games["chain"].stored
    assert fill_if_needed(store, settings_for_tests(), bundle, now=NOW) is None
    # Tomorrow's Storm run is missing once the day turns (the fill keeps it the day before).
    assert fill_if_needed(store, settings_for_tests(), bundle, now=NOW + dt.timedelta(days=1)) is not None
    later = NOW + dt.timedelta(days=AHEAD - 3)
    assert fill_if_needed(store, settings_for_tests(), bundle, now=later) is not None
    store.close()


def test_the_files_go_to_s3_in_aws(filled, bundle) -> None:
    import boto3

    from tests.support import mocked_aws

    store, _, _ = filled
    with mocked_aws():
        s3 = boto3.client("s3", region_name="us-east-1")
        s3.create_bucket(Bucket="puzzlebook-site")
        written = publish_days(store, settings_for_tests(), bundle, S3Writer("puzzlebook-site", s3), NOW)
        assert written[-1] == "daily/index.json"
        got = s3.get_object(Bucket="puzzlebook-site", Key="daily/chain/2026-11-02.json")
        row = ChainRecords(store).chain_day("2026-11-02")
        assert json.loads(got["Body"].read()) == chain_generate.public(row)
        assert got["ContentType"].startswith("application/json")
        assert got["CacheControl"] == "public, max-age=300"


def test_a_file_written_over_loses_the_compressed_copies_of_its_old_bytes(tmp_path):
    """The site build keeps x.br and x.gz beside its files; the nightly (or `build.py fill`)
    rewriting a daily file must not leave copies of the old bytes for a server to send."""
    daily = tmp_path / "daily/chess/2026-11-02.json"
    daily.parent.mkdir(parents=True)
    daily.write_bytes(b'{"old": true}')
    for suffix in (".br", ".gz"):
        daily.with_name(daily.name + suffix).write_bytes(b"copy of the old bytes")
    DirWriter(tmp_path).write("daily/chess/2026-11-02.json", b'{"new": true}')
    assert daily.read_bytes() == b'{"new": true}'
    assert sorted(p.name for p in daily.parent.iterdir()) == ["2026-11-02.json"]


def test_the_api_answers_a_day_exactly_as_its_file_rows_and_all(filled) -> None:
    """Before the CDN has the day's file, the site asks the API (lib/daily.js): the same content,
    each daily's row with it, so the play view opens it without the bundle either way."""
    from tests.support import served

    store, dist, _ = filled
    file = json.loads((dist / f"daily/chess/{TODAY}.json").read_text())
    with served(store, NOW) as world:
        got = world.client.get(f"/api/chess/daily/{TODAY}")
    assert got.status_code == 200
    assert got.json() == file
    assert all(d["row"][0] == d["id"] for d in file["dailies"])
