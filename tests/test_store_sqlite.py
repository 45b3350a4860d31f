"""SQLite specifics: the file is made on first use, in WAL mode; expired rate windows are pruned."""

from __future__ import annotations

import sqlite3

from service.store import open_store
from service.store.sqlite import SqliteStore


def test_the_database_is_created_on_first_use_in_wal_mode(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    store = open_store("sqlite:///var/puzzlebook.sqlite3")
    try:
        assert (tmp_path / "var" / "puzzlebook.sqlite3").is_file()
        store.put_chain_day("2026-11-02", {"date": "2026-11-02"})
    finally:
        store.close()
    db = sqlite3.connect(tmp_path / "var" / "puzzlebook.sqlite3")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    # A second store on the same file sees what the first kept.
    again = SqliteStore(tmp_path / "var" / "puzzlebook.sqlite3")
    assert again.chain_day("2026-11-02") == {"date": "2026-11-02"}
    again.close()


def test_expired_rate_windows_are_pruned_and_live_ones_kept(tmp_path) -> None:
    store = SqliteStore(tmp_path / "db.sqlite3")
    now = 1_800_000_000
    store.take_rate("replay", "old", limit=5, window=3600, now_ts=now - 10 * 86_400)
    store.take_rate("replay", "new", limit=5, window=3600, now_ts=now)
    store.put_chain_day("2026-11-02", {"date": "2026-11-02"})
    assert store.prune_expired(now) == 1
    assert store.chain_day("2026-11-02") is not None
    assert store.take_rate("replay", "new", limit=2, window=3600, now_ts=now) is None
    assert store.take_rate("replay", "new", limit=2, window=3600, now_ts=now) is not None
    store.close()


def test_unknown_store_urls_are_refused_saying_why() -> None:
    for url, words in [
        ("postgres://x", "must start with"),
        ("sqlite:///", "names no file"),
        ("dynamodb://", "names no table"),
    ]:
        try:
            open_store(url)
        except ValueError as exc:
            assert words in str(exc)
        else:
            raise AssertionError(f"{url} was accepted")
