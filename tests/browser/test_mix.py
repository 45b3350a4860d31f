"""Your own mix on the themes page: two themes and a rating range counted from the theme index,
played (each puzzle of one of the themes, in the range, Next staying in the mix), saved under a
name, and its shared link opened in another browser; a bad link is a plain message. Axe clean
with the mix open."""

from __future__ import annotations

from typing import Any

import pytest

from puzzlebook.chess.puzzle import Puzzle
from tests.browser import chess_helpers as chess

pytestmark = pytest.mark.browser

THEMES = ("fork", "pin")
LOW, HIGH = 1450, 1650


def in_mix(row: list[Any]) -> bool:
    return bool(set(row[4].split()) & set(THEMES)) and LOW <= int(row[3]) <= HIGH


def drawn(page: Any, previous: str = "") -> tuple[str, str]:
    """Wait for the draw to land on its #/p/ address (another than `previous`) and the board to
    take the first move: (band, id)."""
    page.wait_for_function(
        "(was) => location.hash.startsWith('#/p/') && !location.hash.endsWith('/' + was)", arg=previous
    )
    _, _, band, puzzle_id = page.evaluate("location.hash").split("/")
    chess.wait_turn(page, band, puzzle_id, 0)
    return band, puzzle_id


def test_a_mix_of_two_themes_in_a_range_plays_saves_and_shares(
    make_page: Any, bundle: Any, axe: Any,
) -> None:
    expected = sum(
        1 for band in bundle.index["bands"] for row in bundle.rows(band)
        if row[0] not in bundle.retired and in_mix(row)
    )
    page = make_page(reduced_motion="reduce")
    page.goto("/themes/")
    page.focus("#mix-card summary")
    page.keyboard.press("Enter")  # the card opens by keyboard
    for theme in THEMES:
        page.check(f"input[name='mix-theme'][value='{theme}']")
    page.fill("#mix-low", str(LOW))
    page.fill("#mix-high", str(HIGH))
    page.wait_for_function(
        "(want) => document.getElementById('mix-count').textContent === want",
        arg=f"{expected:,} puzzles of these themes rated {LOW}–{HIGH}.",
    )
    assert page.locator("#mix-count").get_attribute("aria-live") == "polite"
    assert page.locator("#mix-play").get_attribute("href") == f"/#/mix/fork,pin/{LOW}-{HIGH}"

    # Saved under a name: listed, and still there after a reload.
    page.fill("#mix-name", "Forks and pins")
    page.click("#mix-save")
    saved = page.locator("#mix-saved li")
    saved.first.wait_for()
    assert "Forks and pins" in saved.first.text_content()
    link = page.input_value("#mix-link")
    assert link.endswith(f"/themes/#/mix/fork,pin/{LOW}-{HIGH}/Forks%20and%20pins")
    assert axe(page) == []
    page.reload()
    page.click("#mix-card summary")
    assert page.locator("#mix-saved li").count() == 1

    # Played from the saved mix: two puzzles, each of the mix.
    page.click("#mix-saved a:has-text('Play')")
    previous = ""
    for n in range(2):
        band, puzzle_id = drawn(page, previous)
        row = bundle.row(band, puzzle_id)
        assert in_mix(row), f"puzzle {n + 1}, {puzzle_id}: {row[3]} {row[4]}"
        assert page.text_content("#play-kind") == f"Forks and pins · {LOW}–{HIGH}"
        chess.solve(page, Puzzle.from_row(row, band))
        page.wait_for_selector("#results-sheet[open]")
        next_link = page.locator("#results-next")
        assert next_link.get_attribute("href") == f"#/mix/fork,pin/{LOW}-{HIGH}/Forks%20and%20pins"
        assert next_link.text_content() == "Next puzzle of Forks and pins"
        previous = puzzle_id
        if n == 0:
            next_link.click()

    # The shared link in another browser (nothing kept there): the mix is in the form.
    other = make_page()
    other.goto(link)
    other.wait_for_function(
        "(want) => document.getElementById('mix-count').textContent === want",
        arg=f"{expected:,} puzzles of these themes rated {LOW}–{HIGH}.",
    )
    assert other.locator("#mix-card").get_attribute("open") is not None
    checked = other.eval_on_selector_all("input[name='mix-theme']:checked", "els => els.map((e) => e.value)")
    assert sorted(checked) == list(THEMES)
    assert other.input_value("#mix-low") == str(LOW) and other.input_value("#mix-high") == str(HIGH)
    assert other.input_value("#mix-name") == "Forks and pins"
    assert other.locator("#mix-saved li").count() == 0  # shared, not saved: that is the friend's to do
    other.click("#mix-play")
    band, puzzle_id = drawn(other)
    assert in_mix(bundle.row(band, puzzle_id))


@pytest.mark.parametrize("hash_", ["#/mix/frok,pin/1400-1700", "#/mix/fork/1700-1400", "#/mix/fork/%E0%A4%A"])
def test_a_bad_mix_link_is_a_plain_message(make_page: Any, hash_: str) -> None:
    page = make_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/themes/" + hash_)
    message = page.locator("#mix-message")
    message.wait_for()
    assert message.text_content().startswith("This mix link can’t be opened.")
    assert page.locator("input[name='mix-theme']:checked").count() == 0
    assert errors == []


def test_a_bad_mix_address_on_the_chess_page_is_a_notice(make_page: Any) -> None:
    page = make_page()
    page.goto("/#/mix/frok/1400-1700")
    page.wait_for_selector("#notice-view:not([hidden])")
    assert "That mix can’t be played" in page.text_content("#notice-view")
    assert "no theme called “frok”" in page.text_content("#notice-view")
