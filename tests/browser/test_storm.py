"""Storm in the browser: a whole run under a test clock (right moves, a combo bonus, a wrong move,
the clock to zero), played from the keyboard with reduced motion; a ranked run posted and ranked
by the server; the page axe clean."""

from __future__ import annotations

import json
from typing import Any

import pytest

from puzzlebook.chess.bands import BANDS
from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.storm.clock import START, WRONG_PENALTY, combo_bonus
from tests.browser import chess_helpers as ch
from tests.browser.chain_helpers import site_today

pytestmark = pytest.mark.browser


def day_file(site_server: Any) -> dict[str, Any]:
    """Today's run as published (tomorrow's is staged beside it, refused until its day)."""
    today = site_today(site_server)
    return json.loads((site_server.dist / "daily" / "storm" / f"{today}.json").read_text())


def run_puzzles(file: dict[str, Any]) -> list[Puzzle]:
    return [Puzzle.from_row([r[0], r[1], r[2], r[3], ""], "") for r in file["puzzles"]]


def wait_move(page: Any, puzzle: int, moves: int, *, fake: bool) -> None:
    """Until puzzle number `puzzle` has `moves` moves made and the board takes the next (a fake clock
    is run on in steps, so the board's promises and the reply land)."""
    check = """([p, m]) => {
      const f = document.getElementById('board-frame'); const g = document.querySelector('.board-grid');
      return f.dataset.puzzle === String(p) && f.dataset.moves === String(m)
        && g && g.getAttribute('aria-disabled') === 'false';
    }"""
    if not fake:
        page.wait_for_function(check, arg=[puzzle, moves], timeout=15_000)
        return
    for _ in range(100):
        if page.evaluate(check, [puzzle, moves]):
            return
        page.clock.run_for(20)
    raise AssertionError(f"puzzle {puzzle} never took move {moves + 1}")


def end_run(page: Any) -> None:
    """End the run: End the run, then the question's End it (issue 40: it asks first, as Streak's)."""
    page.click("#end-button")
    page.click("#end-yes")


def wrong_move(puzzle: Puzzle) -> str:
    return ch.find_wrong_move(puzzle, 1)


def clock_text(page: Any) -> str:
    return page.text_content("#clock-time") or ""


def seconds_of(text: str) -> int:
    m, s = text.split(":")
    return int(m) * 60 + int(s)


def test_a_whole_run_by_keyboard_under_a_test_clock(make_page, site_server, axe) -> None:
    page = make_page(reduced_motion="reduce")
    page.clock.install()
    page.goto("/storm/")
    page.wait_for_selector("#start-button:not([disabled])")
    assert axe(page) == []
    run = run_puzzles(day_file(site_server))
    # A second on (Playwright's Python takes a number as seconds: milliseconds here were a date in the
    # year 58896, which Start now takes for another day's run).
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)
    page.click("#start-button")
    wait_move(page, 1, 0, fake=True)
    assert clock_text(page) == "3:00"
    ch.tab_to_board(page)
    # Right moves until the combo passes 5 (+3 s); every solve moves on at once.
    combo = bonus = solved = 0
    number = 1
    highest = 0
    while combo < 5:
        puzzle = run[number - 1]
        color = ch.solver_color(puzzle)
        for k, uci in enumerate(puzzle.solution):
            ch.key_move(page, uci, color)
            combo += 1
            bonus += combo_bonus(combo)
            if k < len(puzzle.solution) - 1:
                wait_move(page, number, k + 1, fake=True)
        solved += 1
        highest = max(highest, puzzle.rating)
        number += 1
        wait_move(page, number, 0, fake=True)
        if not ch.focused_square(page):
            ch.tab_to_board(page)
    assert bonus == 3
    assert page.text_content("#stat-score") == str(solved)
    assert page.text_content("#combo-count") == str(combo)
    page.clock.run_for(10_000)
    # Ten seconds and the few the moves took (the test clock runs on while waiting for each reply).
    assert START + bonus - 13 <= seconds_of(clock_text(page)) <= START + bonus - 10
    # A wrong move: 10 seconds off, the combo broken, the next puzzle.
    puzzle = run[number - 1]
    before = seconds_of(clock_text(page))
    ch.key_move(page, wrong_move(puzzle), ch.solver_color(puzzle))
    wait_move(page, number + 1, 0, fake=True)
    assert page.text_content("#combo-count") == "0"
    assert page.text_content("#stat-mistakes") == "1"
    assert before - seconds_of(clock_text(page)) in (WRONG_PENALTY, WRONG_PENALTY + 1)
    assert page.text_content("#clock-change") == f"-{WRONG_PENALTY}"
    # The clock runs to zero: the run is over, at exactly its length.
    page.clock.run_for(170_000)
    page.locator("#results-sheet[open]").wait_for()
    assert clock_text(page) == "0:00"
    assert page.text_content("#results-why") == "Time’s up."
    assert page.text_content("#results-score") == str(solved)
    assert page.text_content("#results-highest") == str(highest)
    assert page.text_content("#results-combo") == str(combo)
    assert page.text_content("#results-mistakes") == "1"
    assert "Practice" in page.text_content("#results-rank")
    share = page.text_content("#share-preview")
    assert f"{solved} solved" in share and "Best combo" in share
    assert not any(uci in share for p in run[:number] for uci in p.line)
    page.clock.resume()  # axe waits on timers of its own
    assert axe(page) == []
    # A move after zero does nothing: the board takes none.
    assert page.get_attribute(".board-grid", "aria-disabled") == "true"


def test_a_ranked_run_is_posted_scored_and_ranked_then_practice(page, site_server) -> None:
    status, player = site_server.post("/api/players", {"name": "Stormy"})
    assert status == 201, player
    page.goto("/about/")
    page.evaluate("(p) => localStorage.setItem('pb:player', JSON.stringify(p))", player)
    page.goto("/storm/")
    page.wait_for_selector("#start-button:not([disabled])")
    assert "ranked one" in page.text_content("#start-rank")
    run = run_puzzles(day_file(site_server))
    page.click("#start-button")
    wait_move(page, 1, 0, fake=False)
    puzzle = run[0]
    color = ch.solver_color(puzzle)
    for k, uci in enumerate(puzzle.solution):
        ch.click_move(page, uci, color)
        if k < len(puzzle.solution) - 1:
            wait_move(page, 1, k + 1, fake=False)
    wait_move(page, 2, 0, fake=False)
    ch.click_move(page, wrong_move(run[1]), ch.solver_color(run[1]))
    wait_move(page, 3, 0, fake=False)
    end_run(page)
    page.locator("#results-sheet[open]").wait_for()
    page.wait_for_function("() => document.getElementById('results-rank').textContent.startsWith('Ranked')")
    assert page.text_content("#results-score") == "1"
    assert page.text_content("#results-mistakes") == "1"
    site_server.publish()  # the board's snapshot with the run (the server's own thread: within 15 s)
    status, board = site_server.get(f"/api/boards/storm/daily/{day_file(site_server)['date']}")
    assert status == 200
    mine = [r for r in board["rows"] if r["name"] == "Stormy"]
    assert mine and mine[0]["score"] == 1
    # Again the same day: practice, and the result sheet says so.
    page.click("#again-button")
    wait_move(page, 1, 0, fake=False)
    assert page.text_content("#play-kind") == "Practice"
    end_run(page)
    page.locator("#results-sheet[open]").wait_for()
    assert page.text_content("#results-rank").startswith("Practice")
    # Closing the sheet leaves the result in the play view, not a dead board with End the run.
    page.keyboard.press("Escape")
    page.locator("#results-sheet[open]").wait_for(state="detached")
    assert page.is_visible("#storm-done") and page.is_hidden("#end-button")
    assert page.text_content("#storm-done-title") == "Run over: 0 solved."
    assert page.text_content("#storm-done-rank").startswith("Practice")
    page.click("#storm-result")  # the sheet again
    page.locator("#results-sheet[open]").wait_for()
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Play again (practice)").click()
    wait_move(page, 1, 0, fake=False)
    assert page.is_hidden("#storm-done") and page.is_visible("#end-button")
    assert page.text_content("#play-kind") == "Practice"
    page.goto("/storm/")
    page.wait_for_selector("#mine:not([hidden])")
    assert "Your best: 1 solved" in page.text_content("#mine-best")
    # The start page knows today's ranked run is done (it said the first run would be ranked).
    assert page.text_content("#start-rank").startswith("Today’s ranked run is done: 1 solved.")
    assert page.text_content("#start-button") == "Start a practice run"


def test_todays_run_opens_from_the_apis_copy_while_the_site_hasnt_its_file(page, site_server) -> None:
    """A night the staging failed: the site has no file of today, so the page asks the API's copy
    (GET /api/storm/daily/<date>, kept at the edge), which is the same run, and it plays."""
    from tests.browser.conftest import allow_failed_fetch

    today = site_today(site_server)
    page.route(f"**/daily/storm/{today}.json", lambda route: route.fulfill(status=404, body="Not found"))
    allow_failed_fetch(page, "404", rf"/daily/storm/{today}\.json", "the site hasn't today's file")
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url.removeprefix(site_server.url)))
    page.goto("/storm/")
    page.wait_for_selector("#start-button:not([disabled])")
    file = day_file(site_server)
    shown = f"{len(file['puzzles'])} puzzles, rated {file['puzzles'][0][3]}"
    assert shown in page.text_content("#start-meta")
    assert f"/api/storm/daily/{today}" in asked
    status, copy = site_server.get(f"/api/storm/daily/{today}")
    assert status == 200 and copy == file
    page.click("#start-button")
    wait_move(page, 1, 0, fake=False)
    assert page.locator("#board-frame").get_attribute("data-puzzle") == "1"


def solve_in_run(page: Any, run: list[Puzzle], index: int) -> None:
    """Solve the run's puzzle `index` (from 0) by clicks, until the next is on the board."""
    puzzle = run[index]
    for k, uci in enumerate(puzzle.solution):
        ch.click_move(page, uci, ch.solver_color(puzzle))
        last = k == len(puzzle.solution) - 1
        wait_move(page, index + 1 + last, 0 if last else k + 1, fake=False)


def test_the_review_lists_the_run_each_puzzle_replayable(page, site_server, axe) -> None:
    """After a run: each puzzle tried, solved, missed or left part way, with the run's figures, and
    a link that plays it again on the chess page (docs/storm.md, "The review")."""
    page.goto("/storm/")
    page.wait_for_selector("#start-button:not([disabled])")
    run = run_puzzles(day_file(site_server))
    page.click("#start-button")
    wait_move(page, 1, 0, fake=False)
    first = run[0]
    solve_in_run(page, run, 0)
    ch.click_move(page, wrong_move(run[1]), ch.solver_color(run[1]))
    wait_move(page, 3, 0, fake=False)
    third = next(k for k in range(2, len(run)) if len(run[k].solution) > 1)
    for k in range(2, third):  # on to a puzzle of two moves or more, solving those before it
        solve_in_run(page, run, k)
    ch.click_move(page, run[third].solution[0], ch.solver_color(run[third]))
    wait_move(page, third + 1, 1, fake=False)
    end_run(page)
    page.locator("#results-sheet[open]").wait_for()
    page.keyboard.press("Escape")
    page.locator("#results-sheet[open]").wait_for(state="detached")

    review = page.locator("#storm-review")
    assert review.is_visible()
    rows = page.eval_on_selector_all("#review-list li", """(lis) => lis.map((li) => ({
      result: li.dataset.result, text: li.textContent, href: li.querySelector('a')?.getAttribute('href'),
    }))""")
    tried = third + 1
    assert [r["result"] for r in rows] == ["solved", "missed", *["solved"] * (third - 2), "unfinished"]
    for k, row in enumerate(rows):
        puzzle = run[k]
        assert row["text"].startswith(f"Puzzle {k + 1} · rated {puzzle.rating}")
        band = next(b for b, (low, high) in BANDS.items() if low <= puzzle.rating < high)
        assert row["href"] == f"/#/p/{band}/{puzzle.id}"
    assert "Missed" in rows[1]["text"] and "Left when the run ended" in rows[-1]["text"]
    solved = third - 1
    figures = page.text_content("#review-figures") or ""
    assert figures.startswith(f"{solved} solved and 1 missed of {tried} puzzles in ")
    assert axe(page, "#storm-done") == []

    # Replayable: its link plays the first puzzle on the chess page.
    page.get_by_role("link", name="Play it again (puzzle 1)").click()
    page.wait_for_url(f"**{rows[0]['href']}")
    ch.wait_ready(page)
    side = "White" if ch.solver_color(first) == "w" else "Black"
    assert page.text_content("#play-meta") == f"You play {side} · Rated {first.rating}"
