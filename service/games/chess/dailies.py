"""Keeping the chess dailies: pick each day's puzzles once, and keep them for good.

The pick itself is puzzlebook.chess.daily.pick; this module feeds it the
dailies kept so far and keeps what it picks (the first pick stands: a day
never changes, even if the bundle or the kept list later would pick another).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from puzzlebook.chess.daily import EPOCH, NO_REPEAT, bands_of, pick
from service.games.chess.records import ChessRecords, KeptDaily
from service.settings import Settings
from service.store.base import Store


def fill_dailies(
    store: Store, settings: Settings, bundle: Any, first: dt.date, last: dt.date
) -> list[KeptDaily]:
    """Make sure every day from `first` to `last` (from EPOCH at the earliest) has its dailies kept.

    Returns the dailies of those days, kept earlier or now, in date order.
    """
    return keep_dailies(store, settings, bundle, first, last)[0]


def keep_dailies(
    store: Store, settings: Settings, bundle: Any, first: dt.date, last: dt.date
) -> tuple[list[KeptDaily], int]:
    """`fill_dailies`, and how many of the dailies it picked now (0: the store held them all)."""
    first = max(first, EPOCH)
    if last < first:
        return [], 0
    window = ChessRecords(store).kept_dailies(
        (first - dt.timedelta(days=NO_REPEAT)).isoformat(), (last + dt.timedelta(days=NO_REPEAT)).isoformat()
    )
    kept = {(d.day, d.band): d for d in window}
    # Dates, not text: every pick reads every entry, and parsing them each time was most of a cold fill.
    entries = [(dt.date.fromisoformat(d.day), d.band, d.id) for d in window]
    out = []
    picked = 0
    day = first
    while day <= last:
        for band in bands_of(day, settings.site_key):
            slot = (day.isoformat(), band)
            if slot not in kept:
                pid = pick(band, day, entries, key=settings.site_key, bundle=bundle)
                row = bundle.row(band, pid)
                kept[slot] = ChessRecords(store).keep_daily(day.isoformat(), band, pid, int(row[3]))
                entries.append((day, band, kept[slot].id))
                picked += 1
            out.append(kept[slot])
        day += dt.timedelta(days=1)
    return out, picked


def ensure_dailies(store: Store, settings: Settings, bundle: Any, day: dt.date) -> list[KeptDaily]:
    """The dailies of `day`, kept now if they weren't; [] for a day before EPOCH."""
    if day < EPOCH:
        return []
    kept = ChessRecords(store).dailies_on(day.isoformat())
    if {d.band for d in kept} >= set(bands_of(day, settings.site_key)):
        return kept
    return fill_dailies(store, settings, bundle, day, day)
