"""Driving the chess board from a test: moves by click, drag or keyboard, and
finding puzzles in the bundle with the shape a test needs.

The squares are the board's named gridcells (`.board-grid [data-square=e4]`);
they take no pointer events, so a click at a cell's centre lands on the board
picture beneath it, as a player's would.
"""

from __future__ import annotations

import json
from typing import Any

import chess

from puzzlebook.chess.puzzle import Puzzle, position_at

# An init script that watches the board's motion: window.__between counts the
# animation frames with a piece between squares, window.__shook says whether a
# piece ever shook (the wrong-move class).
MOTION_WATCH = """
window.__between = 0;
window.__shook = false;
new MutationObserver((records) => {
  for (const r of records) {
    if (r.target.classList && r.target.classList.contains('is-wrong')) window.__shook = true;
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
(function frame() {
  const svg = document.querySelector('.board svg.cm-chessboard');
  if (svg) {
    const w = svg.getBoundingClientRect().width / 8;
    const off = (v) => Math.abs(v / w - Math.round(v / w)) > 0.02;
    for (const g of svg.querySelectorAll('.pieces > g')) {
      const m = g.transform.baseVal.consolidate();
      if (m && (off(m.matrix.e) || off(m.matrix.f))) { window.__between++; break; }
    }
  }
  requestAnimationFrame(frame);
})();
"""


def cell(page: Any, square: str) -> Any:
    return page.locator(f'.board-grid [data-square="{square}"]')


def centre(page: Any, square: str) -> tuple[float, float]:
    box = cell(page, square).bounding_box()
    assert box, f"square {square} is not on screen"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def record(page: Any, band: str, puzzle_id: str) -> dict[str, Any] | None:
    """The game's record of the puzzle in localStorage."""
    raw = page.evaluate("(key) => localStorage.getItem(key)", f"pb:chess:p:{band}/{puzzle_id}")
    return json.loads(raw) if raw else None


def wait_turn(page: Any, band: str, puzzle_id: str, moves_made: int) -> None:
    """Wait until the player has `moves_made` right moves and the board takes input again."""
    page.wait_for_function(
        """([key, n]) => {
          const rec = JSON.parse(localStorage.getItem(key) || 'null');
          const grid = document.querySelector('.board-grid');
          return rec && rec.moves.length === n && grid && grid.getAttribute('aria-disabled') === 'false';
        }""",
        arg=[f"pb:chess:p:{band}/{puzzle_id}", moves_made],
    )


def wait_ready(page: Any) -> None:
    page.wait_for_selector('.board-grid[aria-disabled="false"]')


def wait_lesson_moves(page: Any, count: int) -> None:
    """Wait until `count` moves are in the lesson's line beside the board."""
    page.wait_for_function("(n) => document.querySelectorAll('#lesson-line li').length === n", arg=count)


def wait_lesson_turn(page: Any, count: int) -> None:
    """Wait until `count` of a lesson's moves are played and the board takes the student's move.
    The board alone is not enough: just after a move it still says it takes input."""
    wait_lesson_moves(page, count)
    wait_ready(page)


def open_puzzle(page: Any, route: str) -> None:
    """Go to `route` (e.g. "/#/p/Easy/abc12") and wait until it's the player's move."""
    page.goto(route)
    wait_ready(page)


def open_on_fake_clock(page: Any, route: str) -> None:
    """Install Playwright's fake clock, open `route` and run it until it's the player's move."""
    page.clock.install()
    page.goto(route)
    page.clock.run_for(3000)  # past the beat before the opponent's first move
    wait_ready(page)


def assert_squares_show(page: Any, board: chess.Board) -> None:
    """Every named square says whether a piece stands on it in `board`."""
    for square in chess.SQUARES:
        name = chess.square_name(square)
        empty = cell(page, name).get_attribute("aria-label") == f"{name}, empty"
        assert empty == (board.piece_at(square) is None), name


def choose_promotion(page: Any, piece: str, color: str) -> None:
    """Click `piece` (q, r, b, n) in the promotion chooser."""
    button = page.locator(f'.promotion-dialog-button-group[data-piece="{color}{piece}"]')
    button.wait_for()
    button.click()


def click_move(page: Any, uci: str, color: str = "w") -> None:
    """Tap the piece, then its square (and the promotion piece, if any)."""
    page.mouse.click(*centre(page, uci[:2]))
    page.mouse.click(*centre(page, uci[2:4]))
    if len(uci) == 5:
        choose_promotion(page, uci[4], color)


def drag_move(page: Any, uci: str, color: str = "w") -> None:
    """Drag the piece to its square (and click the promotion piece, if any)."""
    x0, y0 = centre(page, uci[:2])
    x1, y1 = centre(page, uci[2:4])
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + (x1 - x0) * 0.3, y0 + (y1 - y0) * 0.3, steps=4)
    page.mouse.move(x1, y1, steps=6)
    page.mouse.up()
    if len(uci) == 5:
        choose_promotion(page, uci[4], color)


def focused_square(page: Any) -> str | None:
    return page.evaluate("(document.activeElement && document.activeElement.dataset.square) || null")


def tab_to_board(page: Any, limit: int = 60) -> None:
    """Press Tab until the keyboard focus is on the board."""
    for _ in range(limit):
        if focused_square(page):
            return
        page.keyboard.press("Tab")
    raise AssertionError("Tab never reached the board")


def key_to(page: Any, square: str, orientation: str) -> None:
    """Arrow keys from the focused square to `square` (the board seen with `orientation` at the bottom)."""
    here = focused_square(page)
    assert here, "the board has no keyboard focus"
    files = "abcdefgh"
    df = files.index(square[0]) - files.index(here[0])
    dr = int(square[1]) - int(here[1])
    if orientation == "b":
        df, dr = -df, -dr
    for _ in range(abs(df)):
        page.keyboard.press("ArrowRight" if df > 0 else "ArrowLeft")
    for _ in range(abs(dr)):
        page.keyboard.press("ArrowUp" if dr > 0 else "ArrowDown")
    assert focused_square(page) == square


def key_move(page: Any, uci: str, orientation: str) -> None:
    """Pick up and put down with arrows and Enter (and choose a promotion with arrows and Enter)."""
    key_to(page, uci[:2], orientation)
    page.keyboard.press("Enter")
    key_to(page, uci[2:4], orientation)
    page.keyboard.press("Enter")
    if len(uci) == 5:
        page.locator(".promotion-dialog-button-group").first.wait_for()
        page.wait_for_function(
            "() => document.activeElement.classList.contains('promotion-dialog-button-group')"
        )
        for _ in range("qrbn".index(uci[4])):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")


def solver_color(puzzle: Puzzle) -> str:
    return "w" if puzzle.solver_color == chess.WHITE else "b"


def solve(page: Any, puzzle: Puzzle, how: Any = click_move) -> None:
    """Play the whole solution with `how` (click_move, drag_move), waiting for each answer."""
    color = solver_color(puzzle)
    for k, uci in enumerate(puzzle.solution):
        how(page, uci, color)
        if k < len(puzzle.solution) - 1:
            wait_turn(page, puzzle.band, puzzle.id, k + 1)


# ---- finding puzzles of a shape ------------------------------------------------


def puzzles(bundle: Any, band: str | None = None) -> Any:
    for name in [band] if band else list(bundle.index["bands"]):
        for row in bundle.rows(name):
            if row[0] not in bundle.retired:
                yield Puzzle.from_row(row, name)


def find_promotion(bundle: Any, color: str | None = None) -> Puzzle:
    """The shortest puzzle whose solution promotes a pawn (to any piece); with `color`
    ('w' or 'b'), one where the solver plays that side."""
    found = [
        p for p in puzzles(bundle)
        if any(len(uci) == 5 for uci in p.solution) and color in (None, solver_color(p))
    ]
    if not found:
        raise LookupError(f"no puzzle in the bundle promotes{f' for {color}' if color else ''}")
    return min(found, key=lambda p: len(p.solution))


def find_underpromotion_trap(bundle: Any) -> tuple[Puzzle, str] | None:
    """A puzzle promoting to a queen, with a legal knight promotion that isn't mate (a wrong piece)."""
    for puzzle in puzzles(bundle):
        for k, uci in enumerate(puzzle.solution):
            if len(uci) == 5 and uci[4] == "q":
                board = position_at(puzzle, 2 * k + 1)
                wrong = chess.Move.from_uci(uci[:4] + "n")
                if wrong in board.legal_moves:
                    board.push(wrong)
                    if not board.is_checkmate():
                        return puzzle, uci[:4] + "n"
    return None


def find_other_mate(bundle: Any) -> tuple[Puzzle, str]:
    """A puzzle whose last move can also be another mate; (puzzle, that other mate)."""
    for puzzle in puzzles(bundle):
        if len(puzzle.line) < 4:
            continue  # at least one right move before the other mate
        ply = len(puzzle.line) - 1
        for uci, mate in off_line_moves(puzzle, ply):
            if mate:
                return puzzle, uci
    raise LookupError("no puzzle in the bundle has a second mate")


def find_wrong_move(puzzle: Puzzle, ply: int) -> str:
    """A legal move at `ply` that is neither the line's nor a mate."""
    for uci, mate in off_line_moves(puzzle, ply):
        if not mate:
            return uci
    raise LookupError(f"puzzle {puzzle.id} has no wrong move at ply {ply}")


def off_line_moves(puzzle: Puzzle, ply: int) -> Any:
    """Each legal move at `ply` other than the line's, as (uci, whether it mates)."""
    board = position_at(puzzle, ply)
    for move in list(board.legal_moves):
        if move.uci() == puzzle.line[ply]:
            continue
        board.push(move)
        mate = board.is_checkmate()
        board.pop()
        yield move.uci(), mate


def find_puzzle(bundle: Any, band: str, *, moves: int) -> Puzzle:
    """The first puzzle of `band` where the solver makes `moves` moves."""
    for puzzle in puzzles(bundle, band):
        if len(puzzle.solution) == moves:
            return puzzle
    raise LookupError(f"no {band} puzzle of {moves} moves")
