"""Chain's part of the site build: the template globals `chain_home` (the home page's card)
and `chain_guide`,
puzzlebook.chain.guide bound to the site day, for the Chain guides
(site/templates/chain/strategy.html and difficulty.html).

Every example is made by the generator during the build, so the pages can't
drift from it, and only days before the site day can be shown: asking for
today or later fails the build (guide.NotPastError), as does a worked example
whose reasoning no longer leads to its day's answer (guide.GuideError).
"""

from __future__ import annotations

import datetime as dt
from functools import cache
from typing import Any

from puzzlebook.chain import guide
from puzzlebook.chain import score as scoring
from puzzlebook.chain.calendar import LEVELS, level_of
from puzzlebook.chain.report import CALIBRATION_DAYS, CALIBRATION_START


class ChainGuide:
    """What the guide templates call: `chain_guide.example("2026-09-07")` ..."""

    size_up = staticmethod(guide.size_up)
    sum_up = staticmethod(guide.sum_up)
    rule_in = staticmethod(guide.rule_in)
    work_back = staticmethod(guide.work_back)
    level_sizes = staticmethod(guide.level_sizes)
    bands = scoring.BANDS
    trap_cap = scoring.TRAP_CAP
    peak_cap = scoring.PEAK_CAP
    percentiles = (scoring.LOW_PERCENTILE, scoring.HIGH_PERCENTILE)
    calibration_days = CALIBRATION_DAYS
    calibration_start = CALIBRATION_START

    def __init__(self, today: dt.date) -> None:
        self.today = today
        # Both guides and the sitemap check render the same days: make each once.
        self.example = cache(lambda day: guide.example(day, before=today))
        self.rejected = cache(lambda day, k: guide.rejected(day, k, before=today))


def template_globals(today: dt.date) -> dict[str, Any]:
    """`chain_guide`, and `chain_home`: the build day's level for the home page's card (a day's
    level comes from its date alone, so the card needs no script to show it), and every level's
    name by its key, for js/chain/card.js to name another day's."""
    level = LEVELS[level_of(today)]
    home = {"level": level.name.capitalize(), "moves": level.moves, "tiles": level.tiles,
            "levels": {key: lv.name.capitalize() for key, lv in LEVELS.items()}}
    return {"chain_guide": ChainGuide(today), "chain_home": home}
