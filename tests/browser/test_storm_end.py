"""Storm's end, as a player meets it (issue 40): End the run asks first, as Streak's does; after a run
the figures line up with their labels at every width, the figures and the review count the same
puzzles and the board shows the last puzzle tried, never one that wasn't; and a ranked run whose
post failed is kept in the browser and sent later, from any page."""

from __future__ import annotations

import json
from typing import Any

import chess
import pytest

from puzzlebook.chess.puzzle import Puzzle, position_at
from tests.browser import chess_helpers as ch
from tests.browser.conftest import LAPTOP, PHONE, allow_failed_fetch
from tests.browser.test_storm import day_file, end_run, run_puzzles, wait_move, wrong_move

pytestmark = pytest.mark.browser


def started(page: Any, site_server: Any) -> list[Puzzle]:
    page.goto("/storm/")
    page.wait_for_selector("#start-button:not([disabled])")
    run = run_puzzles(day_file(site_server))
    page.click("#start-button")
    wait_move(page, 1, 0, fake=False)
    return run


def solve_first(page: Any, run: list[Puzzle]) -> None:
    """Solve the run's first puzzle: the second is then on the board, no move made in it."""
    puzzle = run[0]
    for k, uci in enumerate(puzzle.solution):
        ch.click_move(page, uci, ch.solver_color(puzzle))
        last = k == len(puzzle.solution) - 1
        wait_move(page, 2 if last else 1, 0 if last else k + 1, fake=False)


def pieces_of(board: chess.Board) -> dict[str, str]:
    pieces = board.piece_map().items()
    return {chess.square_name(sq): ("w" if p.color else "b") + p.symbol().lower() for sq, p in pieces}


def wait_pieces(page: Any, board: chess.Board | None) -> None:
    """Until the board draws `board`'s pieces (none for None): a new position comes in a frame of its own."""
    want = pieces_of(board) if board is not None else {}
    page.wait_for_function("""(want) => {
      const shown = Object.fromEntries([...document.querySelectorAll('#board .pieces g[data-square]')]
        .map((g) => [g.dataset.square, g.dataset.piece]))
      return JSON.stringify(Object.keys(shown).sort().map((k) => [k, shown[k]]))
        === JSON.stringify(Object.keys(want).sort().map((k) => [k, want[k]]))
    }""", arg=want, timeout=5_000)


def test_end_the_run_asks_first_and_keep_trying_plays_on(page, site_server, axe) -> None:
    run = started(page, site_server)
    page.click("#end-button")
    assert page.is_visible("#end-confirm") and page.is_hidden("#end-button")
    assert axe(page, "#play-view") == []
    assert page.text_content("#end-question") == "End the run here?"
    assert page.evaluate("() => document.activeElement.id") == "end-yes"
    assert page.locator("#results-sheet[open]").count() == 0 and page.is_hidden("#storm-done")
    page.click("#end-no")
    assert page.is_hidden("#end-confirm") and page.is_visible("#end-button")
    # The run goes on: the board takes the next move.
    puzzle = run[0]
    ch.click_move(page, puzzle.solution[0], ch.solver_color(puzzle))
    wait_move(page, 1 if len(puzzle.solution) > 1 else 2, 1 if len(puzzle.solution) > 1 else 0, fake=False)
    end_run(page)
    page.locator("#results-sheet[open]").wait_for()
    assert page.text_content("#results-why") == "You ended the run."


def test_the_board_and_the_figures_show_the_puzzles_tried(page, site_server) -> None:
    run = started(page, site_server)
    solve_first(page, run)
    end_run(page)
    page.locator("#results-sheet[open]").wait_for()
    page.keyboard.press("Escape")
    page.locator("#results-sheet[open]").wait_for(state="detached")
    # One puzzle tried: the figures, the review and the board all say the first, as it ended.
    assert page.text_content("#stat-puzzle") == "1"
    assert page.get_attribute("#board-frame", "data-puzzle") == "1"
    assert (page.text_content("#review-figures") or "").startswith("1 solved and 0 missed of 1 puzzle in ")
    assert page.locator("#review-list li").count() == 1
    solved = position_at(run[0], len(run[0].line))
    assert pieces_of(solved) != pieces_of(position_at(run[1], 1))
    wait_pieces(page, solved)


def test_a_run_over_before_any_puzzle_was_tried_shows_none(page, site_server) -> None:
    run = started(page, site_server)
    wait_pieces(page, position_at(run[0], 1))
    end_run(page)
    page.locator("#results-sheet[open]").wait_for()
    wait_pieces(page, None)
    assert page.text_content("#stat-puzzle") == "0"
    assert page.is_hidden("#storm-review")


@pytest.mark.parametrize("width", [320, PHONE["width"], LAPTOP["width"]])
def test_the_figures_line_up_with_their_labels(make_page, site_server, width) -> None:
    page = make_page(viewport={"width": width, "height": 720}, reduced_motion="reduce")
    run = started(page, site_server)
    ch.click_move(page, wrong_move(run[0]), ch.solver_color(run[0]))
    wait_move(page, 2, 0, fake=False)
    end_run(page)
    page.locator("#results-sheet[open]").wait_for()
    boxes = page.eval_on_selector_all("#results-sheet dl.stats > div", """(divs) => divs.map((div) => {
      const box = (el) => {
        const r = el.getBoundingClientRect()
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }
      }
      return { div: box(div), dt: box(div.querySelector('dt')), dd: box(div.querySelector('dd')) }
    })""")
    sheet = page.eval_on_selector("#results-sheet", "(s) => [s.getBoundingClientRect().left,"
                                  " s.getBoundingClientRect().right]")
    assert len(boxes) == 4
    for figure in boxes:
        dt, dd = figure["dt"], figure["dd"]
        # Each number over its label, and none cut off.
        assert abs(dd["left"] - dt["left"]) < 1 and dd["bottom"] <= dt["top"] + 1, figure
        assert sheet[0] <= dt["left"] and max(dt["right"], dd["right"]) <= sheet[1], (figure, sheet)
    # The numbers of a row of figures stand at one height (two rows of two on a phone, one of four wider).
    rows: dict[int, list[float]] = {}
    for figure in boxes:
        rows.setdefault(round(figure["div"]["top"]), []).append(figure["dd"]["top"])
    assert len(rows) == (2 if width <= PHONE["width"] else 1), rows
    for tops in rows.values():
        assert max(tops) - min(tops) < 1, (width, rows)


def test_a_ranked_run_whose_post_failed_is_kept_and_sent_later_from_any_page(page, site_server) -> None:
    status, player = site_server.post("/api/players", {"name": "Gale"})
    assert status == 201, player
    page.goto("/about/")
    page.evaluate("(p) => localStorage.setItem('pb:player', JSON.stringify(p))", player)
    allow_failed_fetch(page, "503", r"/api/storm/results", "the server is down as the run posts")
    down = json.dumps({"error": "Try again later."})
    page.route("**/api/storm/results",
               lambda route: route.fulfill(status=503, content_type="application/json", body=down))
    run = started(page, site_server)
    solve_first(page, run)
    end_run(page)
    page.locator("#results-sheet[open]").wait_for()
    waiting = "Waiting to post your ranked run: it goes as soon as you are online."
    assert page.text_content("#results-rank") == waiting
    queued = page.evaluate("() => JSON.parse(localStorage.getItem('pb:storm:queue'))")
    assert [item["key"] for item in queued] == [f"run:{day_file(site_server)['date']}"]
    status, mine = site_server.get("/api/storm/me", token=player["token"])
    assert status == 200 and mine["runs"] == []
    # Back online, any page sends it (site.js flushes every game's outbox).
    page.unroute("**/api/storm/results")
    page.goto("/about/")

    def kept() -> list[int]:
        return [r["score"] for r in site_server.get("/api/storm/me", token=player["token"])[1]["runs"]]

    page.wait_for_function("() => JSON.parse(localStorage.getItem('pb:storm:queue') || '[]').length === 0")
    assert kept() == [1]
    page.goto("/storm/")
    page.wait_for_selector("#mine:not([hidden])")
    assert page.text_content("#start-rank").startswith("Today’s ranked run is done: 1 solved.")
