"""The date rule shared with the browser (tests/vectors/dates.json): the API's
parse_day takes exactly the days the pages' parseDay takes."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from puzzlebook.calendar import long_date, parse_day

VECTORS = json.loads((Path(__file__).parent / "vectors" / "dates.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("text", VECTORS["days"])
def test_a_real_day_is_read_as_itself(text: str) -> None:
    assert parse_day(text) == dt.date.fromisoformat(text)
    assert parse_day(text).isoformat() == text


@pytest.mark.parametrize("text", VECTORS["not_days"])
def test_anything_else_is_refused_in_words(text: str) -> None:
    with pytest.raises(ValueError, match="is not a date written YYYY-MM-DD"):
        parse_day(text)


@pytest.mark.parametrize("case", VECTORS["formats"], ids=lambda c: c["day"])
def test_the_long_date_is_written_as_the_pages_write_it(case: dict) -> None:
    # The build writes it into the home page, lib/dates.js longDate after (site_clock_dates.test.mjs).
    assert long_date(dt.date.fromisoformat(case["day"])) == case["long"]
