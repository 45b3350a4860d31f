"""Streak in the browser: a ranked run played from the keyboard with reduced motion (two puzzles
solved, one skipped with S, a wrong move that ends the run and shows the right one), posted,
scored by the server and on today's board; a guest's run is practice; a run left part way is taken
up again on reload; the pages axe clean."""

from __future__ import annotations

import json
from typing import Any

import pytest

from puzzlebook.chess.puzzle import Puzzle
from tests.browser import chain_helpers as chain
from tests.browser import chess_helpers as ch

pytestmark = pytest.mark.browser


def day_file(site_server: Any) -> dict[str, Any]:
    """Today's run as published (tomorrow's is staged beside it, refused until its day)."""
    today = chain.site_today(site_server)
    return json.loads((site_server.dist / "daily" / "streak" / f"{today}.json").read_text())


def run_puzzles(file: dict[str, Any]) -> list[Puzzle]:
    return [Puzzle.from_row([r[0], r[1], r[2], r[3], ""], "") for r in file["puzzles"]]


def wait_move(page: Any, puzzle: int, moves: int) -> None:
    """Until puzzle number `puzzle` has `moves` moves made and the board takes the next."""
    page.wait_for_function(
        """([p, m]) => {
          const f = document.getElementById('board-frame'); const g = document.querySelector('.board-grid');
          return f.dataset.puzzle === String(p) && f.dataset.moves === String(m)
            && g && g.getAttribute('aria-disabled') === 'false';
        }""",
        arg=[puzzle, moves], timeout=15_000,
    )


def keyboard_solve(page: Any, puzzle: Puzzle, number: int) -> None:
    """Play `puzzle` (the run's `number`) through by keyboard, the board focused again when it turned."""
    color = ch.solver_color(puzzle)
    for k, uci in enumerate(puzzle.solution):
        if not ch.focused_square(page):
            ch.tab_to_board(page)
        ch.key_move(page, uci, color)
        if k < len(puzzle.solution) - 1:
            wait_move(page, number, k + 1)


def test_a_ranked_run_by_keyboard_is_posted_scored_and_on_the_board(make_page, site_server, axe) -> None:
    player = chain.new_player(site_server, "Streaky")
    page = make_page(reduced_motion="reduce")
    chain.sign_in(page, player)
    page.goto("/streak/")
    page.wait_for_selector("#start-button:not([disabled])")
    assert "ranked one" in page.text_content("#start-rank")
    assert axe(page) == []
    file = day_file(site_server)
    run = run_puzzles(file)
    page.focus("#start-button")
    page.keyboard.press("Enter")
    wait_move(page, 1, 0)
    page.wait_for_function("() => document.getElementById('play-kind').textContent === 'Ranked run'")
    assert page.text_content("#stat-skip") == "One left"
    for number in (1, 2):
        keyboard_solve(page, run[number - 1], number)
        wait_move(page, number + 1, 0)
    assert page.text_content("#stat-score") == "2"
    # S skips the third: the fourth comes, and the skip is gone.
    page.keyboard.press("s")
    wait_move(page, 4, 0)
    assert page.text_content("#stat-skip") == "Used"
    assert page.is_disabled("#skip-button")
    page.keyboard.press("s")  # no second skip
    assert page.get_attribute("#board-frame", "data-puzzle") == "4"
    # A wrong move ends the run; the right one is shown and said.
    fourth = run[3]
    if not ch.focused_square(page):
        ch.tab_to_board(page)
    ch.key_move(page, ch.find_wrong_move(fourth, 1), ch.solver_color(fourth))
    page.locator("#results-sheet[open]").wait_for()
    assert page.text_content("#results-why") == "Wrong move: the run is over."
    assert page.text_content("#results-score") == "2"
    assert page.text_content("#results-highest") == str(max(run[0].rating, run[1].rating))
    assert page.text_content("#results-skip") == "Puzzle 3"
    assert page.text_content("#results-answer").startswith("The move was ")
    page.wait_for_function("() => document.getElementById('results-rank').textContent.startsWith('Ranked')",
                           timeout=20_000)
    assert page.text_content("#results-rank") == "Ranked: #1 on today’s board."
    share = page.text_content("#share-preview")
    assert "2 solved" in share and "Skip used" in share and "#1 today" in share
    assert not any(uci in share for p in run[:4] for uci in p.line)
    assert axe(page) == []
    site_server.publish()  # the board's snapshot with the run (the server's own thread: within 15 s)
    status, board = site_server.get(f"/api/boards/streak/daily/{file['date']}")
    assert status == 200
    assert [(r["name"], r["score"]) for r in board["rows"] if r["name"] == "Streaky"] == [("Streaky", 2)]
    # Again the same day: practice, no ticket asked.
    page.click("#again-button")
    page.wait_for_selector("#start-button:not([disabled])")
    page.wait_for_function("() => document.getElementById('start-rank').textContent.includes('in: 2 solved')")
    page.click("#start-button")
    wait_move(page, 1, 0)
    assert page.text_content("#play-kind") == "Practice"
    page.click("#end-button")
    page.click("#end-yes")
    page.locator("#results-sheet[open]").wait_for()
    assert page.text_content("#results-rank") == "Practice: your ranked run today was played earlier."
    page.click("#again-button")
    page.wait_for_selector("#mine:not([hidden])")
    assert "Your best ranked run: 2 solved" in page.text_content("#mine-best")


def test_a_guests_run_is_practice_and_is_taken_up_again_on_reload(page, site_server) -> None:
    page.goto("/streak/")
    page.wait_for_selector("#start-button:not([disabled])")
    assert "guest" in page.text_content("#start-rank")
    run = run_puzzles(day_file(site_server))
    page.click("#start-button")
    wait_move(page, 1, 0)
    assert page.text_content("#play-kind") == "Practice"
    first = run[0]
    for k, uci in enumerate(first.solution):
        ch.click_move(page, uci, ch.solver_color(first))
        if k < len(first.solution) - 1:
            wait_move(page, 1, k + 1)
    wait_move(page, 2, 0)
    page.reload()
    wait_move(page, 2, 0)  # taken up again where it was
    assert page.text_content("#stat-score") == "1"
    page.click("#end-button")
    page.click("#end-yes")
    page.locator("#results-sheet[open]").wait_for()
    assert page.text_content("#results-why") == "You ended the run."
    assert page.text_content("#results-score") == "1"
    assert page.text_content("#stat-skip") == "Not used"  # never "Used" for a skip left
    assert page.text_content("#results-rank").startswith("Practice")
    page.click("#again-button")
    page.wait_for_selector("#start-best:not([hidden])")
    assert "Your best in this browser: 1 solved" in page.text_content("#start-best")


def test_the_home_page_has_a_streak_card(page, axe) -> None:
    page.goto("/")
    card = page.locator("#game-cards .streak-card")
    assert card.locator("h2").text_content() == "Streak"
    link = card.get_by_role("link", name="Streak: Today’s run Play No clock")
    assert link.get_attribute("href") == "/streak/"
    assert axe(page, ".streak-card") == []
    link.click()
    page.wait_for_url("**/streak/")


def test_todays_run_opens_from_the_apis_copy_while_the_site_hasnt_its_file(page, site_server) -> None:
    """A night the staging failed: the site has no file of today, so the page asks the API's copy
    (GET /api/streak/daily/<date>, kept at the edge), which is the same run, and it plays."""
    from tests.browser.conftest import allow_failed_fetch

    today = chain.site_today(site_server)
    page.route(f"**/daily/streak/{today}.json", lambda route: route.fulfill(status=404, body="Not found"))
    allow_failed_fetch(page, "404", rf"/daily/streak/{today}\.json", "the site hasn't today's file")
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url.removeprefix(site_server.url)))
    page.goto("/streak/")
    page.wait_for_selector("#start-button:not([disabled])")
    file = day_file(site_server)
    shown = f"{len(file['puzzles'])} puzzles, rated {file['puzzles'][0][3]}"
    assert shown in page.text_content("#start-meta")
    assert f"/api/streak/daily/{today}" in asked
    status, copy = site_server.get(f"/api/streak/daily/{today}")
    assert status == 200 and copy == file
    page.click("#start-button")
    wait_move(page, 1, 0)
