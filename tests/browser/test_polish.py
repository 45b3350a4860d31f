"""Issue 40, 2.6, layout and polish in a real browser: the header one row for a guest at 1024 and
1280 px, the home page's game cards apart, a shared mix opening with its name, count and Play at
the top, the class page's lesson select a control like the others at 16 px, Storm's and Streak's
"Today's board" a link, an empty ratings board saying how to get on it, the analysis board marking
the last move on entry. Screenshots of each at 320, 390 and 1280 px, light and dark, in SHOTS."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from tests.browser import chain_helpers as chain
from tests.browser import chess_helpers as ch

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/puzzlebook-polish-shots")
WIDTHS = (320, 390, 1280)

# How far apart the middles of the header's parts are (the brand, each nav item, the guest's link):
# on one row they are within a few pixels; a second row is some 40 px lower.
HEADER_SPREAD = """() => {
  const parts = [document.querySelector('.brand'), ...document.querySelectorAll('.site-nav li'),
    document.querySelector('[data-guest-link]')]
  const middles = parts.map((el) => { const r = el.getBoundingClientRect(); return (r.top + r.bottom) / 2 })
  return Math.max(...middles) - Math.min(...middles)
}"""


def shoot(make_page: Any, name: str, path: str, ready: str, *, setup: Any = None) -> None:
    """Screenshots of `path` once `ready` shows, at each width, light and dark; none scrolls sideways."""
    SHOTS.mkdir(exist_ok=True)
    for scheme in ("light", "dark"):
        page = make_page(viewport={"width": WIDTHS[0], "height": 900}, color_scheme=scheme)
        if setup:
            setup(page)
        page.goto(path)
        page.wait_for_selector(ready)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            wide = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
            assert wide <= 0, (name, width, scheme, wide)
            page.screenshot(path=str(SHOTS / f"{name}-{width}-{scheme}.png"), full_page=True)


@pytest.mark.parametrize("width", [1024, 1280])
def test_the_header_is_one_row_for_a_guest_on_every_page(make_page: Any, width: int) -> None:
    page = make_page(viewport={"width": width, "height": 800})
    for path in ("/", "/boards/", "/about/", "/chain/", "/themes/", "/lessons/"):
        page.goto(path)
        assert page.evaluate(HEADER_SPREAD) < 12, f"{path} at {width} px: the header wraps"
        assert page.get_by_role("link", name="Sign in / make a player").is_visible()


def test_the_home_pages_game_cards_keep_their_gap(make_page: Any) -> None:
    for width in (390, 1280):
        page = make_page(viewport={"width": width, "height": 900})
        page.goto("/")
        tops = page.locator("#game-cards > .card").evaluate_all(
            "(cards) => cards.map((c) => [c.getBoundingClientRect().top, c.getBoundingClientRect().bottom])")
        assert len(tops) >= 3
        gaps = [below[0] - above[1] for above, below in pairwise(tops)]
        assert min(gaps) >= 16, (width, gaps)  # the home grid's gap (1.25rem), as between its other cards
    shoot(make_page, "home", "/", "#game-cards .card")


def test_a_shared_mix_opens_with_its_name_count_and_play_at_the_top(make_page: Any) -> None:
    path = "/themes/#/mix/fork,pin/1400-1700/Forks%20and%20pins"
    for width in (320, 390, 1280):
        page = make_page(viewport={"width": width, "height": 800})
        page.goto(path)
        page.wait_for_function("() => /puzzles? of these themes/.test("
                               "document.getElementById('mix-shared-count').textContent)")
        assert page.text_content("#mix-shared-name") == "Forks and pins"
        assert page.text_content("#mix-shared-what") == "Fork, Pin"
        assert page.text_content("#mix-shared-count").endswith("of these themes rated 1400–1700.")
        play = page.locator("#mix-shared-play")
        assert play.get_attribute("href") == "/#/mix/fork,pin/1400-1700/Forks%20and%20pins"
        box = play.bounding_box()
        assert box and box["y"] + box["height"] <= 800, (width, box)  # on screen as the page opens
    shoot(make_page, "mix", path, "#mix-shared:not([hidden])")


def test_the_class_pages_lesson_select_is_a_control_like_the_others_at_16_px(
    make_page: Any, site_server: Any
) -> None:
    teacher = chain.new_player(site_server, "Ms Select")
    lesson = [{"title": "Back rank", "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "playerColor": "white",
               "moves": [{"uci": "a1a8"}]}]
    status, made = site_server.post("/api/lessons?name=Mates", lesson, token=teacher["token"])
    assert status == 201, made
    status, klass = site_server.post("/api/classes", {"name": "Friday club"}, token=teacher["token"])
    assert status == 201, klass
    page = make_page(viewport={"width": 390, "height": 800})
    chain.sign_in(page, teacher)
    page.goto(f"/classes/class/?id={klass['id']}")
    page.wait_for_selector("#assign-lesson option", state="attached")
    style = """(el) => { const s = getComputedStyle(el)
      return [s.fontSize, s.minHeight, s.borderTopStyle, s.borderTopColor, s.borderRadius] }"""
    lesson_select = page.eval_on_selector("#assign-lesson", style)
    theme_select = page.eval_on_selector("#set-theme-1", style)
    assert float(lesson_select[0].removesuffix("px")) >= 16  # iOS zooms into a control below 16 px
    assert lesson_select == theme_select
    shoot(make_page, "class", f"/classes/class/?id={klass['id']}", "#assign-lesson",
          setup=lambda p: chain.sign_in(p, teacher))


@pytest.mark.parametrize("game", ["storm", "streak"])
def test_todays_board_looks_like_a_link(make_page: Any, game: str) -> None:
    page = make_page(viewport={"width": 390, "height": 800})
    page.goto(f"/{game}/")
    link = page.locator(f".{game}-start-actions a[href='/boards/#/{game}/daily'], "
                        f"p a[href='/boards/#/{game}/daily']").first
    link.wait_for()
    looks = link.evaluate("""(a) => { const s = getComputedStyle(a), plain = document.createElement('a')
      plain.href = '/'; document.querySelector('main').append(plain)
      const p = getComputedStyle(plain), same = s.color === p.color; plain.remove()
      return [s.textDecorationLine, same, a.getBoundingClientRect().height] }""")
    assert looks[0] == "underline" and looks[1], looks
    assert looks[2] >= 24  # a tap target
    shoot(make_page, game, f"/{game}/", f"a[href='/boards/#/{game}/daily']")


def test_an_empty_ratings_board_says_it_takes_30_rated_puzzles(make_page: Any) -> None:
    page = make_page(viewport={"width": 390, "height": 800})
    page.goto("/boards/#/chess/ratings")
    page.wait_for_function("() => document.getElementById('board-body').textContent.includes('no one')")
    assert page.text_content("#board-body") == (
        "Chess ratings: no one is on this board yet. A player goes on it after 30 rated puzzles, "
        "once their rating is settled (no longer provisional)."
    )
    shoot(make_page, "ratings", "/boards/#/chess/ratings", "#board-body p")


def test_the_analysis_board_marks_the_last_move_on_entry(make_page: Any, bundle: Any) -> None:
    puzzle = ch.find_puzzle(bundle, "Easy", moves=2)
    page = make_page(viewport={"width": 390, "height": 844})
    ch.open_puzzle(page, f"/#/p/{puzzle.band}/{puzzle.id}")
    page.click("#solution-button")
    page.click("#solution-yes")
    page.locator("#results-sheet[open]").wait_for(timeout=20_000)
    page.click("#results-analysis")
    page.locator("#analysis-view:not([hidden])").wait_for()
    first = puzzle.line[0]  # the opponent's move before the position shown
    marker = f"#analysis-board .markers g[data-square='{first[2:4]}'] .marker-last"
    page.wait_for_selector(marker, state="attached")
    marked = page.locator("#analysis-board .markers .marker-last").evaluate_all(
        "(ms) => ms.map((m) => m.closest('g[data-square]').dataset.square).sort()")
    assert marked == sorted([first[:2], first[2:4]])
