"""The site's own pages in the browser: no axe-core violations in a game's
stages, a sheet or a missing address's page, the security headers really served,
the board working under the CSP, sheets, and the sign-in link."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from puzzlebook.chess.puzzle import Puzzle
from tests.browser import chess_helpers as ch
from tests.browser.chain_helpers import site_today
from tests.browser.conftest import PHONE, allow_console, allow_failed_fetch, console_problems

pytestmark = pytest.mark.browser


def assert_clean(axe, page, where: str) -> None:
    violations = axe(page)
    assert not violations, f"axe on {where}:\n" + "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"][:5]) for v in violations
    )


# Every page at its own address is axe's in every language (tests/browser/test_every_language.py); this
# is the 404 page as a missing address serves it.
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_missing_address_has_no_axe_violations(make_page, axe, scheme):
    page = make_page(color_scheme=scheme)
    # The browser logs the 404 this test asks for, to see the page that comes with it.
    allow_failed_fetch(page, "404", r"/no/such/page", "a missing page on purpose")
    page.goto("/no/such/page")
    page.wait_for_load_state("networkidle")
    assert_clean(axe, page, f"/no/such/page ({scheme})")


def test_the_game_has_no_axe_violations_at_any_stage(make_page, axe, bundle):
    page = make_page()
    puzzle = ch.find_puzzle(bundle, "Easy", moves=1)
    ch.open_puzzle(page, f"/#/p/Easy/{puzzle.id}")
    assert_clean(axe, page, "the play view")
    ch.tab_to_board(page)
    page.keyboard.press("Enter")  # whatever is there: a piece picked up or a word said
    assert_clean(axe, page, "the board with keyboard focus")
    page.keyboard.press("Escape")
    page.keyboard.press("?")
    page.locator("#howto-sheet[open]").wait_for()
    assert_clean(axe, page, "How to play")
    page.keyboard.press("Escape")
    page.click("#options-button")
    page.locator("#options-sheet[open]").wait_for()
    assert_clean(axe, page, "the options")
    page.keyboard.press("Escape")
    page.click("#solution-button")
    assert_clean(axe, page, "the Show solution question")
    page.click("#solution-yes")
    page.locator("#results-sheet[open]").wait_for()
    assert_clean(axe, page, "the results")


def test_the_phone_layout_in_the_dark_has_no_axe_violations(make_page, axe, bundle):
    page = make_page(viewport=PHONE, color_scheme="dark", first_move_seen=False)
    page.goto("/")
    page.locator(".daily-item").first.wait_for()
    assert_clean(axe, page, "home on a phone")
    puzzle = ch.find_puzzle(bundle, "Hard", moves=2)
    page.goto(f"/#/p/Hard/{puzzle.id}")
    page.locator("#first-move-sheet[open]").wait_for()
    assert_clean(axe, page, "the first-move prompt")


def test_a_promotion_chooser_has_no_axe_violations(page, axe, bundle):
    puzzle = ch.find_promotion(bundle)
    color = ch.solver_color(puzzle)
    ch.open_puzzle(page, f"/#/p/{puzzle.band}/{puzzle.id}")
    for k, uci in enumerate(puzzle.solution):
        if len(uci) == 5:
            page.mouse.click(*ch.centre(page, uci[:2]))
            page.mouse.click(*ch.centre(page, uci[2:4]))
            page.locator(".promotion-dialog-button-group").first.wait_for()
            assert_clean(axe, page, "the promotion chooser")
            ch.choose_promotion(page, uci[4], color)
            return
        ch.click_move(page, uci, color)
        ch.wait_turn(page, puzzle.band, puzzle.id, k + 1)


def test_every_response_carries_the_security_headers(page, site_server):
    from ops.headers import security_headers

    for path in ["/", "/about/", "/manifest.webmanifest", "/shards/index.json", "/nope", "/api/health"]:
        response = page.request.get(site_server.url + path)
        for name, value in security_headers().items():
            assert response.headers.get(name.lower()) == value, (path, name)


def test_the_service_worker_registers_under_the_csp(make_page):
    page = make_page(service_workers="allow")
    page.goto("/")
    state = page.evaluate("async () => (await navigator.serviceWorker.ready).active.state")
    assert state in ("activating", "activated")


# Notes when the page asks for its service worker (site.js calls register once the page is quiet).
NOTE_REGISTER = """
const register = ServiceWorkerContainer.prototype.register
window.__registeredAt = null
ServiceWorkerContainer.prototype.register = function (...args) {
  window.__registeredAt = performance.now()
  return register.apply(this, args)
}
"""


def test_the_service_worker_waits_until_a_daily_opened_by_its_address_has_fetched_all_it_needs(
        make_page, site_server):
    """The service worker's first install fetches some 150 files. A daily opened by its address asks
    for the day's file, the board's styles and its sprites after the page's load, so registering at
    load put that burst among them (Lighthouse's phone run of the daily read 85 against 98 now). It
    registers once the page has fetched nothing for two seconds."""
    band = site_server.get(f"/daily/chess/{site_today(site_server)}.json")[1]["dailies"][0]["band"]
    page = make_page(viewport=PHONE, service_workers="allow")
    page.add_init_script(NOTE_REGISTER)
    page.goto(f"/#/daily/{band}")
    ch.wait_ready(page)
    page.wait_for_function("() => window.__registeredAt !== null", timeout=15000)
    registered, loaded, fetched = page.evaluate("""() => [
      window.__registeredAt,
      performance.getEntriesByType('navigation')[0].loadEventEnd,
      performance.getEntriesByType('resource').map((e) => [e.name, e.startTime, e.responseEnd]),
    ]""")
    opening = [(name, start) for name, start, end in fetched
               if end > loaded and ("/daily/chess/" in name or name.endswith("/pieces/standard.svg"))]
    assert len(opening) == 2, f"the day's file and the pieces come after load: {opening}"
    late = [name for name, start in opening if start >= registered]
    assert not late, f"asked for after the service worker registered: {late}"
    before = [(name, end) for name, start, end in fetched if start < registered]
    last = max(before, key=lambda item: item[1])
    assert registered - last[1] >= 1900, f"registered {registered - last[1]:.0f} ms after {last[0]} arrived"
    assert page.evaluate("async () => (await navigator.serviceWorker.ready).active !== null")


def test_making_a_player_and_signing_in_elsewhere(make_page, site_server):
    page = make_page()
    page.goto("/")
    page.click("#player-form button[type=submit]")
    # The message is written after the click's handler runs: wait for it, not a read at once.
    expect(page.locator("#player-form-error")).to_have_text("Type the name to show on the boards.")
    page.fill("#player-name-input", "Ada")
    page.click("#player-form button[type=submit]")
    page.locator("#you [data-when=player]:not([hidden])").wait_for()
    assert page.text_content("[data-player-chip] [data-player-name]") == "Ada"
    link = page.input_value("#signin-link")
    assert "/signin/#token=" in link
    # Another device: a fresh browser context opens the link.
    other = make_page()
    other.goto(link)
    other.wait_for_function("() => document.querySelector('#signin-title').textContent.startsWith('Welcome')")
    assert "#token" not in other.url  # wiped from the address bar
    assert other.text_content("[data-player-chip] [data-player-name]") == "Ada"
    # A broken link says so.
    third = make_page()
    # The browser logs the 401 the made-up token gets from /api/me.
    allow_failed_fetch(third, "401", r"/api/me", "a made-up token on purpose")
    third.goto(site_server.url + "/signin/#token=not-a-real-token")
    third.wait_for_function("() => document.querySelector('#signin-title').textContent.includes('work')")


def test_axe_judges_the_colours_a_transition_ends_on_not_one_in_between(page, axe):
    """The axe fixture waits for a transition that ends within a second: a contrast measured mid-way
    (a button's colours just after the scheme changed) once failed a page whose colours are fine."""
    page.goto("/about/")
    page.evaluate("""() => {
      const probe = document.createElement('p')
      probe.id = 'probe'
      probe.textContent = 'Fading in'
      Object.assign(probe.style, { color: '#f4f4f4', background: '#ffffff' })
      document.querySelector('main').append(probe)
      probe.getBoundingClientRect()  // the pale colour is the one the transition starts from
      probe.style.transition = 'color 0.8s linear'
      probe.style.color = '#000000'
    }""")
    assert axe(page, "#probe") == []


def test_a_console_warning_or_error_from_a_page_is_a_problem_unless_allowed(page):
    """The fixtures fail a test on any console warning or error its pages log; a test
    may allow a message it provokes on purpose, and only that one."""
    page.goto("/about/")
    page.evaluate("() => { console.warn('loose warning'); console.error('loose error'); console.log('ok') }")
    page.wait_for_function("() => true")  # the console events are in before the next round trip
    said = [p.split(" (")[0] for p in console_problems(page)]
    assert said == ["console warning: loose warning", "console error: loose error"]
    allow_console(page, r"^loose warning$", "logged by this test to see it caught")
    assert [p.split(" (")[0] for p in console_problems(page)] == ["console error: loose error"]
    allow_console(page, r"^loose error$", "logged by this test to see it caught")
    assert console_problems(page) == []


def _luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0-255 channels)."""

    def linear(channel: float) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """WCAG 2 contrast ratio of two colours."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_wcag_contrast_is_computed_as_wcag_says():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)  # #767676, the AA grey


# Each coordinate's ink, the fill of the square it is drawn on, and the fills of the
# markers on that square painted under it.
COORDINATE_COLOURS = """() => {
  const rgba = (text) => {
    const [r, g, b, a = 1] = text.match(/[\\d.]+/g).map(Number)
    return [r, g, b, a]
  }
  const svg = document.querySelector('#board svg.cm-chessboard')
  const layers = [...svg.children].map((g) => g.getAttribute('class'))
  const squares = [...svg.querySelectorAll('.board .square')]
  const alpha = (el) => {
    let opacity = Number(getComputedStyle(el).fillOpacity)
    for (let node = el; node !== svg; node = node.parentNode) {
      opacity *= Number(getComputedStyle(node).opacity)
    }
    return opacity
  }
  return {
    layers,
    coordinates: [...svg.querySelectorAll('.coordinates .coordinate')].map((el) => {
      const box = el.getBoundingClientRect()
      const x = box.x + box.width / 2
      const y = box.y + box.height / 2
      const square = squares.find((s) => {
        const r = s.getBoundingClientRect()
        return x >= r.left && x < r.right && y >= r.top && y < r.bottom
      })
      const name = square.dataset.square
      const marks = [...svg.querySelectorAll(`.markers-layer g[data-square="${name}"] use`)].map((m) => {
        const [r, g, b, a] = rgba(getComputedStyle(m).fill)
        return { rgb: [r, g, b], alpha: a * alpha(m), kind: m.getAttribute('class') }
      })
      const [r, g, b] = rgba(getComputedStyle(el).fill)
      return {
        text: el.textContent, square: name, visible: getComputedStyle(el).display !== 'none',
        ink: [r, g, b], alpha: rgba(getComputedStyle(el).fill)[3] * alpha(el),
        paper: rgba(getComputedStyle(square).fill).slice(0, 3), marks,
      }
    }),
  }
}"""


def over(top: list[float], alpha: float, under: tuple[float, ...]) -> tuple[float, ...]:
    """`top` painted at `alpha` over the colour `under`."""
    return tuple(alpha * t + (1 - alpha) * u for t, u in zip(top, under, strict=True))


def marked_coordinate_puzzle(bundle) -> Puzzle:
    """An Easy puzzle whose opening move is marked on a square that carries a coordinate
    (the solver's left file or bottom rank)."""
    for puzzle in ch.puzzles(bundle, "Easy"):
        white = ch.solver_color(puzzle) == "w"
        edge_file, edge_rank = ("a", "1") if white else ("h", "8")
        if any(sq[0] == edge_file or sq[1] == edge_rank for sq in (puzzle.line[0][:2], puzzle.line[0][2:4])):
            return puzzle
    raise LookupError("no Easy puzzle opens on a coordinate's square")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_board_coordinates_have_at_least_4_5_to_1_contrast_with_their_squares(make_page, bundle, scheme):
    """Computed from the rendered colours (WCAG relative luminance), a marked square's tint
    included: the opening move's marker lies on one of the coordinates' squares."""
    page = make_page(color_scheme=scheme)
    puzzle = marked_coordinate_puzzle(bundle)
    ch.open_puzzle(page, f"/#/p/Easy/{puzzle.id}")
    seen = page.evaluate(COORDINATE_COLOURS)
    # The letters are painted over the markers, so a marker only tints the paper beneath.
    assert seen["layers"].index("coordinates") > seen["layers"].index("markers-layer")
    coordinates = seen["coordinates"]
    assert len(coordinates) == 16 and all(c["visible"] for c in coordinates)
    assert any(c["marks"] for c in coordinates), "no coordinate stands on a marked square"
    ratios = {}
    for c in coordinates:
        paper = tuple(c["paper"])
        for mark in c["marks"]:
            paper = over(mark["rgb"], mark["alpha"], paper)
        ink = over(c["ink"], c["alpha"], paper)
        where = f"{c['text']} on {c['square']}{' (marked)' if c['marks'] else ''}"
        ratios[where] = round(contrast(ink, paper), 2)
    low = {k: v for k, v in ratios.items() if v < 4.5}
    assert not low, f"coordinates under 4.5:1 ({scheme}): {low}"


def test_the_home_page_has_a_storm_card(page, axe):
    """Storm was the one game without a card on the home page."""
    page.goto("/")
    card = page.locator("#game-cards .storm-card")
    assert card.locator("h2").text_content() == "Storm"
    link = card.get_by_role("link", name="Storm: Today’s run Play 3:00 on the clock")
    assert link.get_attribute("href") == "/storm/"
    assert axe(page, ".storm-card") == []
    link.click()
    page.wait_for_url("**/storm/")
