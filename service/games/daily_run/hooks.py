"""A run mode's hooks for the jobs, and its days' runs kept and published.

A day's run is picked by the mode's `pick_run` and kept by the store the first time anything needs
it (the nightly fill the evening before, the site build, a player starting a run); the first pick
stands. Its public file, daily/<mode>/<date>.json, is staged by that nightly (service/publish.py:
the CDN refuses it until its day begins, ops/release.py). The site build calls `daily_files`
through today and `keep_through` through tomorrow (it keeps the chess picks a day ahead), so a run
mode keeps runs a day short of that `last`. The file holds the run's puzzles as the shards hold
them ([id, fen, moves, rating]: nothing the shards don't already publish, themes left out); only
which puzzles, in which order, is new, and that only on its day.
"""

from __future__ import annotations

import datetime as dt
from json.encoder import encode_basestring
from typing import TYPE_CHECKING, Any, ClassVar

from service.encoding import json_text
from service.games.daily_run.mode import RunMode
from service.games.daily_run.records import KeptRun, RunRecords
from service.games.hooks import GameHooks, NightlyRun
from service.settings import Settings
from service.store.base import Store

if TYPE_CHECKING:
    from puzzlebook.chess.shards import Bundle
    from service.store.boards import BoardSpec


def ensure_run(mode: RunMode[Any], store: Store, settings: Settings, bundle: Bundle, day: dt.date) -> KeptRun:
    """The run of `day`, picked and kept now if it wasn't (ValueError before the mode's first day)."""
    records = RunRecords(store, mode)
    kept = records.run_of(day.isoformat())
    if kept is not None:
        return kept
    puzzles = mode.pick_run(day, key=settings.site_key, bundle=bundle)
    return records.keep_run(day.isoformat(), bundle.version, puzzles)


def day_file(kept: KeptRun, bundle: Bundle) -> dict[str, Any]:
    """{date, bundle, puzzles: [[id, fen, moves, rating], ...]}: the run in order, as the shards have it."""
    rows = []
    for p in kept.puzzles:
        row = _row(bundle, p.band, p.id, kept.day)
        rows.append([p.id, row[1], row[2], p.rating])
    return {"date": kept.day, "bundle": kept.bundle, "puzzles": rows}


def _row(bundle: Bundle, band: str, puzzle_id: str, day: str) -> list[Any]:
    row = bundle.row(band, puzzle_id)
    if row is None:  # a kept run's puzzles are the bundle's: a bundle only ever adds puzzles
        raise ValueError(f"the bundle no longer has {band} puzzle {puzzle_id} of the {day} run")
    return row


def day_bytes(day: str, doc: dict[str, Any], bundle: Bundle, parts: dict[str, dict[str, str]]) -> bytes:
    """json_bytes(day_file(run, bundle)) of the run kept on `day` as `doc` (its record: KeptRun.to_doc),
    made without the objects: each puzzle's `["id","fen","moves",` is encoded once for all the days
    in `parts` ({band: {id: text}}; a build publishing two years of Storm reads 114,000 puzzles, a
    fifth of them new)."""
    entries: list[str] = []
    add = entries.append
    for puzzle_id, band, rating, *_ in doc["puzzles"]:
        by_id = parts.get(band)
        if by_id is None:
            by_id = parts[band] = {}
        part = by_id.get(puzzle_id)
        if part is None:
            row = _row(bundle, band, puzzle_id, day)
            part = by_id[puzzle_id] = f"[{_json(puzzle_id)},{_json(row[1])},{_json(row[2])},"
        add(f"{part}{int(rating)}]")
    return f'{{"date":{_json(day)},"bundle":{int(doc["bundle"])},"puzzles":[{",".join(entries)}]}}'.encode()


def _json(value: Any) -> str:
    # A string as json_text writes it (json's own C quoting, non-ASCII kept), without its machinery.
    return encode_basestring(value) if type(value) is str else json_text(value)


class RunHooks(GameHooks):
    """A run mode's hooks: each day's run kept the evening before (and through the day before the
    build's `last`), its daily files and its two boards. A mode's subclass names only its `mode`."""

    mode: ClassVar[RunMode[Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        keys = cls.mode.keys
        cls.key = cls.mode.key
        cls.item_prefixes = keys.item_prefixes
        cls.board_paths = {f"{cls.key}/daily": keys.daily_board_path, f"{cls.key}/best": keys.best_board_path}

    def _records(self, store: Store) -> RunRecords[Any]:
        return RunRecords(store, self.mode)

    def nightly(self, run: NightlyRun) -> None:
        """Keep today's run and tomorrow's (its file is staged tonight)."""
        for day in (run.today, run.today + dt.timedelta(days=1)):
            if day >= self.mode.first_day:
                ensure_run(self.mode, run.store, run.settings, run.bundle, day)
                run.report.game(self.key).kept += 1

    def keep_through(
        self, store: Store, settings: Settings, bundle: Bundle, last: dt.date, since: dt.date | None = None
    ) -> int:
        """Keep every day's run from the first day (or `since`) up to the day before `last` (today, for
        the build); how many it picked now. The days kept are read in one query, so a build over a
        store that holds them picks nothing and asks for no day on its own."""
        day, end = max(self.mode.first_day, since or self.mode.first_day), last - dt.timedelta(days=1)
        if end < day:
            return 0
        kept = set(self._records(store).days(day.isoformat(), end.isoformat()))
        picked = 0
        while day <= end:
            if day.isoformat() not in kept:
                ensure_run(self.mode, store, settings, bundle, day)
                picked += 1
            day += dt.timedelta(days=1)
        return picked

    def missing_ahead(self, store: Store, settings: Settings, today: dt.date) -> bool:
        days = (today, today + dt.timedelta(days=1))
        records = self._records(store)
        return any(day >= self.mode.first_day and records.run_of(day.isoformat()) is None for day in days)

    def daily_files(self, store: Store, bundle: Bundle, first: str | None, last: str) -> dict[str, bytes]:
        """Each kept run's public file, from `first` through `last` (today: module docstring)."""
        parts: dict[str, dict[str, str]] = {}
        docs = self._records(store).run_docs(first, last)
        return {self.mode.path(day): day_bytes(day, doc, bundle, parts) for day, doc in docs}

    def published(self, store: Store, last: str) -> list[str]:
        return self._records(store).days(None, last)

    def board_spec(
        self, store: Store, board: str, day: str | None, band: str | None, me: str | None, today: dt.date
    ) -> BoardSpec | None:
        if band is not None:
            return None
        if board == f"{self.key}/daily" and day:
            return self._records(store).daily_spec(day, me)
        if board == f"{self.key}/best":
            return self._records(store).best_spec(me)
        return None
