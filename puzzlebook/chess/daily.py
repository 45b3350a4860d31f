"""The chess daily: which bands a day has, and which puzzle each band's daily is.

The calendar (DESIGN.md, "The daily"): dailies start on EPOCH. Before
ONE_A_DAY every day has three dailies, Easy, Medium and Hard. From ONE_A_DAY
to the day before WEEK_FROM a day has one daily whose band is drawn by the
site's seed with BAND_WEIGHTS. From WEEK_FROM the band follows the week:
Easy Monday and Tuesday, Medium Wednesday to Saturday, Hard Sunday.

The puzzle: each band's daily pool (puzzles of two solver moves or more) is
put in an order only the site key can produce; day n since EPOCH takes the
n-th puzzle of its band's order, passing over (without moving the order) any
puzzle that was a daily within NO_REPEAT days either side, or is retired.
Everything here is pure: the dailies kept so far come in as an argument.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from puzzlebook.calendar import parse_day, seed, seeded_digest
from puzzlebook.chess.bands import BANDS

EPOCH = dt.date(2026, 1, 1)
NO_REPEAT = 1095
ONE_A_DAY = dt.date(2026, 10, 20)
WEEK_FROM = dt.date(2026, 10, 26)
DAILY_BANDS = ("Easy", "Medium", "Hard")
BAND_WEIGHTS = {"Easy": 30, "Medium": 45, "Hard": 25}
# By date.weekday(): Monday is 0.
WEEK_BANDS = ("Easy", "Easy", "Medium", "Medium", "Medium", "Medium", "Hard")

Kept = Mapping[tuple[Any, str], str] | Iterable[tuple[Any, str, str]]
T = TypeVar("T")


class BundleLike(Protocol):
    """What pick needs of puzzlebook.chess.shards.Bundle."""

    @property
    def version(self) -> int: ...
    @property
    def retired(self) -> set[str] | frozenset[str]: ...
    def rows(self, band: str) -> Iterable[Sequence[Any]]: ...
    def derived(self, what: Hashable, make: Callable[[], T]) -> T: ...


def _check_day(day: dt.date) -> None:
    if not isinstance(day, dt.date) or isinstance(day, dt.datetime):
        raise TypeError(f"a daily's day must be a datetime.date, not {day!r}")
    if day < EPOCH:
        raise ValueError(f"Chess dailies start on {EPOCH.isoformat()}, so {day.isoformat()} has none.")


def band_of(day: dt.date, key: bytes | None = None) -> str:
    """The band of the one daily of `day` (from ONE_A_DAY on).

    From WEEK_FROM the weekday's band; before that, drawn with BAND_WEIGHTS by
    the site's seed for the day, which needs the site `key`. Raises
    ValueError for a day that has three dailies (use bands_of) or none.
    """
    _check_day(day)
    if day < ONE_A_DAY:
        raise ValueError(
            f"{day.isoformat()} has three chess dailies (Easy, Medium, Hard), not one; use bands_of."
        )
    if day >= WEEK_FROM:
        return WEEK_BANDS[day.weekday()]
    if key is None:
        raise ValueError(f"The band of {day.isoformat()} is drawn by the site's seed: pass the site key.")
    at = seed(key, "chess", "band", day.isoformat()) % sum(BAND_WEIGHTS.values())
    for name in BANDS:
        weight = BAND_WEIGHTS.get(name, 0)
        if at < weight:
            return name
        at -= weight
    raise AssertionError("BAND_WEIGHTS covers a hundred")


def bands_of(day: dt.date, key: bytes | None = None) -> list[str]:
    """Every band with a daily on `day`: Easy, Medium and Hard before ONE_A_DAY, else the one band."""
    _check_day(day)
    if day < ONE_A_DAY:
        return list(DAILY_BANDS)
    return [band_of(day, key)]


def daily_pool(rows: Iterable[Sequence[Any]], retired: Iterable[str] = ()) -> list[str]:
    """The ids of `rows` (bundle rows) a daily may be: two solver moves or more, and not `retired`.

    pick orders the pool *with* retired puzzles in it and passes over them at
    pick time, so retiring a puzzle never moves another day's place.
    """
    gone = set(retired)
    return [row[0] for row in rows if len(row[2].split()) >= 4 and row[0] not in gone]


def order(band: str, key: bytes, pool_ids: Iterable[str]) -> list[str]:
    """The band's daily order of `pool_ids`: sorted by SHA-256 of the band's seed and the id.

    The band's seed is HMAC-SHA256(key, "chess:order:<band>"), so only the
    site key gives this order; ties (none expected) fall back to the id.
    """
    band_seed = seeded_digest(key, "chess", "order", band)
    return sorted(set(pool_ids), key=lambda pid: (hashlib.sha256(band_seed + pid.encode()).digest(), pid))


def _order_for(band: str, key: bytes, bundle: BundleLike) -> list[str]:
    """The band's daily order in `bundle`, made once and kept with the bundle (SHA-256 of every
    puzzle of the band: a tenth of a second and more)."""
    return bundle.derived(("daily order", band, key, bundle.version),
                          lambda: order(band, key, daily_pool(bundle.rows(band))))


def _as_date(value: Any) -> dt.date:
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    return parse_day(value)


def recent_ids(kept: Kept, day: dt.date) -> set[str]:
    """Ids kept as a daily within NO_REPEAT days of `day`, either side, the day itself excepted.

    `kept` is either a mapping {(date, band): id} or an iterable of
    (date, band, id); dates are datetime.date or 'YYYY-MM-DD' text.
    """
    ids = set()
    is_map = isinstance(kept, Mapping)
    entries: Iterable[Any] = kept.items() if isinstance(kept, Mapping) else kept
    for entry in entries:
        try:
            if is_map:
                (when, _name), pid = entry
            else:
                when, _name, pid = entry
            gap = abs((_as_date(when) - day).days)
        except (TypeError, ValueError):
            raise TypeError(
                f"kept dailies must be {{(date, band): id}} or (date, band, id) with dates as "
                f"datetime.date or 'YYYY-MM-DD'; got {entry!r}"
            ) from None
        if 0 < gap <= NO_REPEAT:
            ids.add(pid)
    return ids


def pick(band: str, day: dt.date, kept: Kept, *, key: bytes, bundle: BundleLike) -> str:
    """The id of `band`'s daily on `day`, given the dailies `kept` so far.

    Day n since EPOCH starts at the n-th puzzle of the band's order and takes
    the first one that was not a daily within NO_REPEAT days (either side,
    from `kept`: see recent_ids) and is not retired in `bundle`. Raises
    ValueError when `band` has no daily on `day`, and LookupError when every
    puzzle of the pool has been a daily lately or is retired.
    """
    wanted = bands_of(day, key)
    if band not in wanted:
        its = f"its daily is {wanted[0]}" if len(wanted) == 1 else f"its dailies are {', '.join(wanted)}"
        raise ValueError(f"{day.isoformat()} has no {band} chess daily; {its}.")
    ranked = _order_for(band, key, bundle)
    skip = recent_ids(kept, day)
    retired = bundle.retired
    start = (day - EPOCH).days
    size = len(ranked)
    for k in range(size):
        candidate = ranked[(start + k) % size]
        if candidate not in skip and candidate not in retired:
            return candidate
    raise LookupError(
        f"Every {band} puzzle of the daily pool ({size}) was a daily within {NO_REPEAT} days of "
        f"{day.isoformat()} or is retired; the bundle needs more {band} puzzles."
    )
