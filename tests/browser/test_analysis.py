"""Analysis after a puzzle, with the real Stockfish in its worker (docs/analysis.md): it opens
only once the puzzle is over; the line in SAN, each position selectable; the engine's
evaluation and best line; playing on against the engine, by keyboard; "Why not my move?"
played and said; the source game linked; offline after a first use."""

from __future__ import annotations

import re
from typing import Any

import chess
import pytest

from puzzlebook.chess.puzzle import Puzzle, position_at
from tests.browser import chess_helpers as ch

pytestmark = pytest.mark.browser

ENGINE = re.compile(r"/static/[0-9a-f]+/engine/stockfish-19-lite-single\.(js|wasm)$")


# Everything said through #announcer, kept in window.__announced.
ANNOUNCED = """
window.__announced = [];
new MutationObserver(() => {
  const region = document.getElementById('announcer');
  if (region && region.textContent) window.__announced.push(region.textContent);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def find_with_game(bundle: Any, band: str = "Easy", moves: int = 2) -> Puzzle:
    """A puzzle of `band` with `moves` solver moves whose source game the bundle knows."""
    for puzzle in ch.puzzles(bundle, band):
        if puzzle.game and len(puzzle.solution) == moves:
            return puzzle
    raise LookupError(f"no {band} puzzle of {moves} moves with its game")


def game_link(puzzle: Puzzle) -> str:
    game, ply = puzzle.game.split("#")
    return f"https://lichess.org/{game}{'/black' if ch.solver_color(puzzle) == 'b' else ''}#{ply}"


def sans(puzzle: Puzzle) -> list[str]:
    board = position_at(puzzle, 0)
    out = []
    for uci in puzzle.line:
        move = chess.Move.from_uci(uci)
        out.append(board.san(move))
        board.push(move)
    return out


def miss_then_show(page: Any, puzzle: Puzzle) -> str:
    """Open the puzzle, play a wrong move, then Show solution; answers the wrong move."""
    ch.open_puzzle(page, f"/#/p/{puzzle.band}/{puzzle.id}")
    wrong = ch.find_wrong_move(puzzle, 1)
    ch.click_move(page, wrong, ch.solver_color(puzzle))
    page.wait_for_function("() => document.getElementById('stat-mistakes').textContent === '1'")
    ch.wait_ready(page)
    page.click("#solution-button")
    page.click("#solution-yes")
    page.locator("#results-sheet[open]").wait_for(timeout=20_000)
    return wrong


def wait_eval(page: Any) -> str:
    """Wait for the engine's finished evaluation of the position shown; answers its figure."""
    page.wait_for_selector('#analysis-eval[data-done="true"]', timeout=30_000)
    return page.text_content("#eval-figure") or ""


def test_analysis_opens_only_after_the_puzzle_and_shows_the_engines_view(page, bundle, axe):
    puzzle = find_with_game(bundle)
    engine_requests: list[str] = []
    page.on("request", lambda r: ENGINE.search(r.url) and engine_requests.append(r.url))

    # In play: no analysis, and no link to the game (it shows the answer).
    ch.open_puzzle(page, f"/#/p/{puzzle.band}/{puzzle.id}")
    assert page.locator("#game-link").is_hidden()
    page.goto(f"/#/analysis/{puzzle.band}/{puzzle.id}")
    page.locator("#notice-view:not([hidden])").wait_for()
    assert page.text_content("#notice-title") == "Finish the puzzle first"
    assert not engine_requests, "the engine loads only when an analysis opens"

    page.goto(f"/#/p/{puzzle.band}/{puzzle.id}")
    ch.wait_ready(page)
    wrong = miss_then_show(page, puzzle)
    # The result sheet links the source game, from the solver's side; so does the done box.
    assert page.get_attribute("#results-game-link", "href") == game_link(puzzle)
    assert page.locator("#results-game-link").is_visible()
    assert page.get_attribute("#game-link", "href") == game_link(puzzle)
    assert not engine_requests

    page.click("#results-analysis")
    page.locator("#analysis-view:not([hidden])").wait_for()
    figure = wait_eval(page)
    assert re.fullmatch(r"[+−]\d+\.\d|0\.0|#−?\d+", figure), figure
    assert page.text_content("#eval-words").strip()
    assert re.match(r"\d+\.|\d+…", page.text_content("#engine-line") or ""), "the best line, numbered"
    assert {u.rsplit(".", 1)[1] for u in engine_requests} == {"js", "wasm"}

    # The line in SAN, each position a button; the puzzle's first position is shown.
    labels = page.locator("#move-list button").all_text_contents()
    assert labels[0] == "Start" and len(labels) == len(puzzle.line) + 1
    assert [re.sub(r"^\d+(\.|…) ", "", label) for label in labels[1:]] == sans(puzzle)
    assert page.get_attribute("#move-list li:nth-child(2) button", "aria-current") == "step"
    ch.assert_squares_show(page, position_at(puzzle, 1))

    page.click("#move-list li:last-child button")
    ch.assert_squares_show(page, position_at_end(puzzle))
    wait_eval(page)

    # Why not my move? The wrong move, then the engine's answer, on the board and in words.
    button = page.locator("#why-list button")
    assert button.count() == 1
    board = position_at(puzzle, 1)
    wrong_san = board.san(chess.Move.from_uci(wrong))
    assert wrong_san in button.text_content()
    button.click()
    page.wait_for_function("() => document.getElementById('refutation').textContent.includes('answers')",
                           timeout=30_000)
    words = page.text_content("#refutation")
    assert words.startswith(f"{'White' if board.turn else 'Black'} plays {wrong_san}:")
    assert f"The puzzle’s move was {sans(puzzle)[1]}." in words
    side = page.locator("#side-list button").all_text_contents()
    assert len(side) == 2 and side[0].endswith(wrong_san)
    board.push(chess.Move.from_uci(wrong))
    reply = board.parse_san(re.sub(r"^\d+(\.|…) ", "", side[1]))  # legal, or this raises
    board.push(reply)
    ch.assert_squares_show(page, board)
    assert page.get_attribute("#refutation", "aria-live") == "polite"

    assert axe(page, "#analysis-view") == []


def position_at_end(puzzle: Puzzle) -> chess.Board:
    board = position_at(puzzle, len(puzzle.line) - 1)
    board.push(chess.Move.from_uci(puzzle.line[-1]))
    return board


def test_playing_on_by_keyboard_the_engine_answers(page, bundle):
    puzzle = find_with_game(bundle, "Medium")
    page.add_init_script(ANNOUNCED)
    miss_then_show(page, puzzle)
    page.click("#results-analysis")
    page.locator("#analysis-view:not([hidden])").wait_for()
    wait_eval(page)
    # Right and Left step through the line when the board hasn't the focus.
    page.locator("#move-list li:nth-child(2) button").focus()
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("#move-list li:nth-child(3) button", "aria-current") == "step"
    ch.assert_squares_show(page, position_at(puzzle, 2))
    page.keyboard.press("ArrowLeft")
    assert page.get_attribute("#move-list li:nth-child(2) button", "aria-current") == "step"

    # From the puzzle's first position, a move of the player's own by keyboard; the engine answers.
    board = position_at(puzzle, 1)
    mine = next(m for m in board.legal_moves if m.uci() != puzzle.line[1] and not m.promotion)
    ch.tab_to_board(page)
    ch.key_move(page, mine.uci(), ch.solver_color(puzzle))
    page.wait_for_function("() => document.querySelectorAll('#side-list button').length === 2",
                           timeout=30_000)
    side = page.locator("#side-list button").all_text_contents()
    assert side[0].endswith(board.san(mine))
    board.push(mine)
    board.push(board.parse_san(re.sub(r"^\d+(\.|…) ", "", side[1])))
    ch.assert_squares_show(page, board)
    # Said for a screen reader: the player's move and the engine's.
    page.wait_for_function("() => /Engine: /.test(window.__announced.join(' | '))")


@pytest.mark.slow
def test_analysis_works_offline_after_its_first_use(make_page, bundle):
    """The service worker doesn't precache the engine (docs/analysis.md): it keeps the engine's
    files the first time an analysis fetches them, so a second analysis evaluates offline."""
    page = make_page(service_workers="allow")
    page.goto("/")
    page.evaluate("async () => { await navigator.serviceWorker.ready }")
    page.reload()  # now controlled by the service worker, and so is the engine's worker
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    puzzle = find_with_game(bundle)
    miss_then_show(page, puzzle)
    page.click("#results-analysis")
    page.locator("#analysis-view:not([hidden])").wait_for()
    wait_eval(page)
    page.wait_for_function("""async () => {
      const urls = [];
      for (const name of await caches.keys()) {
        for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
      }
      return ['.js', '.wasm'].every(end => urls.some(u => u.includes('/engine/') && u.endsWith(end)));
    }""")

    engine: list[tuple[str, bool]] = []
    page.on("response", lambda r: ENGINE.search(r.url) and engine.append((r.url, r.from_service_worker)))
    page.context.set_offline(True)
    page.goto("/")
    page.locator("#home-title").wait_for()
    page.goto(f"/#/analysis/{puzzle.band}/{puzzle.id}")
    page.locator("#analysis-view:not([hidden])").wait_for()
    figure = wait_eval(page)
    assert re.fullmatch(r"[+−]\d+\.\d|0\.0|#−?\d+", figure), figure
    assert page.text_content("#eval-words").strip()
    # Offline, only the service worker's cache can have answered the engine's files.
    assert engine and all(from_sw for _, from_sw in engine), engine
