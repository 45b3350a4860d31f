"""service/settings.py reads the environment in one place: the values a test server shortens, and the
words a wrong value gets."""

from __future__ import annotations

import pytest

from puzzlebook.racer.race import Pace
from service.settings import load


def test_a_race_keeps_the_sites_pace_unless_a_test_server_shortens_it() -> None:
    assert load({}, warn=False).race_pace == Pace(90, 10, 15)
    short = load({"PUZZLEBOOK_RACE_SECONDS": "20", "PUZZLEBOOK_RACE_COUNTDOWN": "3"}, warn=False)
    assert short.race_pace == Pace(20, 3, 3)


@pytest.mark.parametrize(("name", "value", "words"), [
    ("PUZZLEBOOK_RACE_SECONDS", "91", "5 to 90: how long a race lasts"),
    ("PUZZLEBOOK_RACE_SECONDS", "fast", "5 to 90"),
    ("PUZZLEBOOK_RACE_COUNTDOWN", "0", "1 to 15: a race's countdown"),
])
def test_a_race_pace_out_of_its_range_is_refused_by_name(name: str, value: str, words: str) -> None:
    with pytest.raises(ValueError, match=name) as refused:
        load({name: value}, warn=False)
    assert words in str(refused.value)


def test_a_build_writes_every_language_unless_told_which_in_the_sites_order() -> None:
    assert load({}, warn=False).build_languages is None
    assert load({"PUZZLEBOOK_BUILD_LANGUAGES": "de, en"}, warn=False).build_languages == ("en", "de")


@pytest.mark.parametrize(("value", "words"), [
    ("es", "en among them"),
    ("en,xx", "(not xx)"),
    ("en,ES", "(not ES)"),
])
def test_build_languages_naming_no_english_or_an_unknown_code_are_refused(value: str, words: str) -> None:
    with pytest.raises(ValueError, match="PUZZLEBOOK_BUILD_LANGUAGES") as refused:
        load({"PUZZLEBOOK_BUILD_LANGUAGES": value}, warn=False)
    assert words in str(refused.value)
