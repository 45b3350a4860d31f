"""A run mode's hooks for the jobs, and its days' runs kept and published.

A day's run is picked by the mode's `pick_run` and kept by the store the first time anything needs
it (the nightly fill the evening before it begins at UTC+14, through `NightlyRun.through`; the site
build; a player starting a run); the first pick stands. Its public file, daily/<mode>/<date>.json,
is staged by that nightly (service/publish.py:
the CDN refuses it until its day begins, ops/release.py). The site build calls `daily_files`
through today and `keep_through` through tomorrow (it keeps the chess picks a day ahead), so a run
mode keeps runs a day short of that `last`. The file holds the run's puzzles as the shards hold
them ([id, fen, moves, rating]: nothing the shards don't already publish, themes left out); only
which puzzles, in which order, is new, and that only on its day.

Each day's file text is kept with its run (RunKeys.files) the first time the file is made (the
nightly keeping the day, a build): a later build reads one string a day and writes it, rather than
the run's record and its 150 puzzles' rows in the bundle. A kept text stands only while it was made
as `file_made` says (this FILE_FORMAT, this bundle's version); any other, or none (a store kept
before texts were), and the file is made from the run again and kept in its place.
"""

from __future__ import annotations

import datetime as dt
from json.encoder import encode_basestring
from typing import TYPE_CHECKING, Any, ClassVar

from puzzlebook.places import BoardEntry
from service.boards.board import rank_key, snapshot_path
from service.encoding import json_text
from service.games.daily_run.mode import RunMode
from service.games.daily_run.records import KeptRun, RunRecords
from service.games.hooks import GameHooks, NightlyRun
from service.settings import Settings
from service.store.base import Store
from service.store.items import doc_of

if TYPE_CHECKING:
    from puzzlebook.chess.shards import Bundle
    from service.context import Context
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


# What a kept file text was made by besides its run and the bundle: raise it whenever day_file's
# (and so day_text's) output changes, and every text kept before is made again (tests/test_daily_run.py
# holds a file's bytes as they are, beside this number).
FILE_FORMAT = 1


def file_made(bundle: Bundle) -> str:
    """What a kept file text was made by: FILE_FORMAT and the bundle's version (the rows' fen and
    moves are the bundle's)."""
    return f"{FILE_FORMAT}:{bundle.version}"


def day_bytes(day: str, doc: dict[str, Any], bundle: Bundle, parts: dict[str, dict[str, str]]) -> bytes:
    """json_bytes(day_file(run, bundle)) of the run kept on `day` as `doc`: day_text's, encoded."""
    return day_text(day, doc, bundle, parts).encode()


def day_text(day: str, doc: dict[str, Any], bundle: Bundle, parts: dict[str, dict[str, str]]) -> str:
    """json_bytes(day_file(run, bundle)) of the run kept on `day` as `doc` (its record: KeptRun.to_doc)
    as text, made without the objects: each puzzle's `["id","fen","moves",` is encoded once for all
    the days in `parts` ({band: {id: text}}; a build publishing two years of Storm reads 114,000
    puzzles, a fifth of them new)."""
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
    return f'{{"date":{_json(day)},"bundle":{int(doc["bundle"])},"puzzles":[{",".join(entries)}]}}'


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
        cls.board_prefixes = keys.boards

    def _records(self, store: Store) -> RunRecords[Any]:
        return RunRecords(store, self.mode)

    def nightly(self, run: NightlyRun) -> None:
        """Keep today's run and each through `run.through` (tomorrow, or the next date to begin: its
        file is staged tonight)."""
        day = run.today
        while day <= run.through:
            if day >= self.mode.first_day:
                ensure_run(self.mode, run.store, run.settings, run.bundle, day)
                run.report.game(self.key).kept += 1
            day += dt.timedelta(days=1)
        self.day_texts(run.store, run.bundle, run.today.isoformat(), run.through.isoformat())

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
        picked: list[str] = []
        while day <= end:
            if day.isoformat() not in kept:
                ensure_run(self.mode, store, settings, bundle, day)
                picked.append(day.isoformat())
            day += dt.timedelta(days=1)
        if picked:  # their files, kept with them (the days kept before have theirs, or get them when made)
            self.day_texts(store, bundle, picked[0], picked[-1])
        return len(picked)

    def missing_ahead(self, store: Store, settings: Settings, today: dt.date, through: dt.date) -> bool:
        days = [today + dt.timedelta(days=k) for k in range((through - today).days + 1)]
        records = self._records(store)
        return any(day >= self.mode.first_day and records.run_of(day.isoformat()) is None for day in days)

    def daily_files(self, store: Store, bundle: Bundle, first: str | None, last: str) -> dict[str, bytes]:
        """Each kept run's public file, from `first` through `last` (today: module docstring), as
        kept with the run (made and kept now where it isn't: day_texts)."""
        texts = self.day_texts(store, bundle, first, last)
        return {self.mode.path(day): text.encode() for day, text in texts.items()}

    def day_texts(self, store: Store, bundle: Bundle, first: str | None, last: str | None) -> dict[str, str]:
        """{day: its public file's text} of every run kept from `first` through `last` (None: every
        one), by day: the texts kept with the runs, in one read; any the store lacks (or holds as
        made otherwise: file_made) made from the runs now, and kept."""
        records = self._records(store)
        made = file_made(bundle)
        texts = records.file_texts(first, last, made)
        missing = [day for day in records.days(first, last) if day not in texts]
        if not missing:
            return texts
        wanted, parts = set(missing), dict[str, dict[str, str]]()
        docs = records.run_docs(missing[0], missing[-1])
        new = {day: day_text(day, doc, bundle, parts) for day, doc in docs if day in wanted}
        records.keep_files(new, made)
        return dict(sorted({**texts, **new}.items()))

    def published(self, store: Store, last: str) -> list[str]:
        return self._records(store).days(None, last)

    def daily_entry(self, pid: str, item: dict[str, Any]) -> BoardEntry | None:
        """The day's ranked run (the only run kept under the player's `<letter>R#<day>`)."""
        run = self.mode.result_of(doc_of(item))
        path = snapshot_path(self.mode.keys.daily_board_path, run.date)
        return BoardEntry(path, rank_key(self.mode.rank(pid, run)), self.mode.columns(run))

    def board_spec(
        self, ctx: Context, board: str, day: str | None, band: str | None, me: str | None, today: dt.date
    ) -> BoardSpec | None:
        if band is not None:
            return None
        if board == f"{self.key}/daily" and day:
            return self._records(ctx.store).daily_spec(day, me)
        if board == f"{self.key}/best":
            return self._records(ctx.store).best_spec(me)
        return None
