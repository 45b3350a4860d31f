"""The figures behind `build.py chain report` and `build.py chain calibrate`.

Both replay generation without building rows, so they count exactly what
generate() does: report tallies candidates and rejections over a range of days,
calibrate collects the scores the bands are made from.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from puzzlebook.chain.calendar import LEVELS, level_of
from puzzlebook.chain.candidate import assemble, first_failure
from puzzlebook.chain.generate import MAX_ATTEMPTS, GenerationError, find
from puzzlebook.chain.score import Features, band_of

CALIBRATION_START = dt.date(2026, 1, 1)
CALIBRATION_DAYS = 3000

Progress = Callable[[int], None]


def days_from(first: dt.date, count: int) -> list[dt.date]:
    """`count` consecutive dates from `first`."""
    if count < 1:
        raise ValueError(f"the number of days must be at least 1, got {count}")
    return [first + dt.timedelta(days=i) for i in range(count)]


@dataclass
class Tally:
    """What generating a range of days took."""

    days: int = 0
    candidates: int = 0
    rejects: Counter[str] = field(default_factory=Counter)
    attempts: dict[str, list[int]] = field(default_factory=lambda: {name: [] for name in LEVELS})
    capped: list[dt.date] = field(default_factory=list)
    most: tuple[int, dt.date | None] = (0, None)

    @property
    def kept(self) -> int:
        return self.days - len(self.capped)


def tally(dates: list[dt.date], progress: Progress | None = None) -> Tally:
    """Generate every day of `dates` as generate() would and count candidates,
    rejections by reason, attempts per level and days that hit the cap."""
    out = Tally()
    for done, date in enumerate(dates, start=1):
        out.days += 1
        try:
            _, failures = find(date)
        except GenerationError as exc:
            out.capped.append(date)
            out.candidates += len(exc.failures)
            out.rejects.update(exc.failures)
        else:
            attempts = len(failures) + 1
            out.candidates += attempts
            out.rejects.update(failures)
            out.attempts[level_of(date)].append(attempts)
            if attempts > out.most[0]:
                out.most = (attempts, date)
        if progress:
            progress(done)
    return out


@dataclass
class Calibration:
    """Per level: the scores and features of the first candidate of each date
    that passes checks 1–4, and the band made from them."""

    scores: dict[str, list[int]] = field(default_factory=lambda: {name: [] for name in LEVELS})
    features: dict[str, list[Features]] = field(default_factory=lambda: {name: [] for name in LEVELS})

    def bands(self) -> dict[str, tuple[int, int]]:
        return {name: band_of(scores) for name, scores in self.scores.items() if scores}


def calibrate(dates: list[dt.date], progress: Progress | None = None) -> Calibration:
    """Collect, for each of `dates`, the first candidate passing every check
    but the score's, and its score (attempt order as in generate())."""
    out = Calibration()
    for done, date in enumerate(dates, start=1):
        for k in range(MAX_ATTEMPTS):
            candidate = assemble(date, k)
            if candidate is not None and first_failure(candidate, check_score=False) is None:
                out.scores[candidate.level.name].append(candidate.score)
                out.features[candidate.level.name].append(candidate.features)
                break
        if progress:
            progress(done)
    return out

