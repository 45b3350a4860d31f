"""Themes and your difficulty in the browser: a theme's Endless serves only puzzles of that
theme, each difficulty draws from the window the shared rule names (puzzlebook/chess/
difficulty.py, computed here from the bundle), a guest's estimate moves with their results, a
signed-in player's draws count from the server's rating, and /themes/ lists the themes with the
player's figures (a signed-in player's from every device), axe clean in both schemes."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest

from puzzlebook.chess import difficulty
from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.chess.results import SolvePost
from service.games.chess.records import ChessRecords
from tests.browser import chain_helpers as chain
from tests.browser import chess_helpers as chess

pytestmark = pytest.mark.browser


def drawn(page: Any, previous: str = "") -> tuple[str, str]:
    """Wait for the draw to land on its #/p/ address (another than `previous`) and the board to
    take the first move: (band, id)."""
    page.wait_for_function(
        "(was) => location.hash.startsWith('#/p/') && !location.hash.endsWith('/' + was)", arg=previous
    )
    _, _, band, puzzle_id = page.evaluate("location.hash").split("/")
    chess.wait_turn(page, band, puzzle_id, 0)
    return band, puzzle_id


def stored(page: Any, key: str) -> Any:
    raw = page.evaluate("(k) => localStorage.getItem(k)", f"pb:chess:{key}")
    return json.loads(raw) if raw else None


def settle_at(page: Any, rating: float) -> None:
    """Give this browser a settled estimate (so a result moves it little) before any script runs."""
    estimate = {"rating": rating, "rd": 60, "volatility": 0.06}
    page.context.add_init_script(
        f"localStorage.setItem('pb:chess:estimate', {json.dumps(json.dumps(estimate))})"
    )


def expected_ids(
    bundle: Any, theme: str | None, centre: int, seen: list[str]
) -> tuple[tuple[int, int], set[str]]:
    """What the shared rule allows: the first window around `centre` holding a live, unseen
    puzzle (of `theme`), and those puzzles."""
    candidates = []
    for band in bundle.index["bands"]:
        for row in bundle.rows(band):
            if row[0] not in bundle.retired and (theme is None or theme in row[4].split()):
                candidates.append((row[0], int(row[3])))
    window, ids = difficulty.eligible(candidates, centre, set(seen))
    assert window is not None
    return window, set(ids)


def test_twelve_puzzles_of_a_theme_each_carry_it_and_the_guest_estimate_follows(
    make_page: Any, bundle: Any,
) -> None:
    # Reduced motion: the moves land at once (what is tested is which puzzles come, not their
    # animation; twelve puzzles' slides were most of the suite's longest test).
    page = make_page(reduced_motion="reduce")
    page.goto("/#/theme/pin")
    played: list[str] = []
    before = 1500.0
    for n in range(12):
        band, puzzle_id = drawn(page, played[-1] if played else "")
        row = bundle.row(band, puzzle_id)
        assert "pin" in row[4].split(), f"puzzle {n + 1}, {puzzle_id}, has no pin: {row[4]}"
        assert puzzle_id not in played and puzzle_id not in bundle.retired
        # Drawn around the estimate as it stood, by the rule both sides share.
        seen = [s for s in stored(page, "seen") if s != puzzle_id]
        centre = difficulty.target(before, "normal")
        _, allowed = expected_ids(bundle, "pin", centre, seen)
        assert puzzle_id in allowed, f"{puzzle_id} ({row[3]}) is not in the window around {centre}"
        assert page.text_content("#play-kind") == "Pin · normal"
        played.append(puzzle_id)
        chess.solve(page, Puzzle.from_row(row, band))
        page.wait_for_selector("#results-sheet[open]")
        after = stored(page, "estimate")["rating"]
        assert after > before, "a clean solve raises a guest's estimate"
        before = after
        next_link = page.locator("#results-next")
        assert next_link.get_attribute("href") == "#/theme/pin/normal"
        assert next_link.text_content() == "Next Pin puzzle"
        next_link.click()
    tally = stored(page, "themes")
    assert tally["pin"] == {"played": 12, "clean": 12}
    page.goto("/themes/")
    score = page.locator("[data-theme-score='pin']")
    assert score.text_content() == "You: 12 played, 100% first try"
    assert str(round(before)) in page.text_content("#difficulty-rating")


@pytest.mark.parametrize("theme", [None, "fork"])
def test_the_five_difficulties_draw_from_their_windows(
    make_page: Any, bundle: Any, theme: str | None,
) -> None:
    page = make_page()
    settle_at(page, 1640)
    for step in difficulty.DIFFICULTIES:
        page.goto(f"/#/theme/{theme}/{step}" if theme else f"/#/endless/{step}")
        band, puzzle_id = drawn(page)
        rating = int(bundle.row(band, puzzle_id)[3])
        centre = difficulty.target(1640, step)
        seen = [s for s in stored(page, "seen") if s != puzzle_id]
        window, allowed = expected_ids(bundle, theme, centre, seen)
        assert window == (centre - 100, centre + 100), "the first window has plenty here"
        assert puzzle_id in allowed, f"{step}: {puzzle_id} rated {rating}, not in {window}"
        assert stored(page, "difficulty") == step, "a difficulty in the address becomes the player's"
        page.goto("/")  # leave the puzzle unfinished: the estimate stays where it was
    # Without a step in the address, the last one chosen.
    page.goto(f"/#/theme/{theme}" if theme else "/#/endless")
    band, puzzle_id = drawn(page)
    assert int(bundle.row(band, puzzle_id)[3]) >= difficulty.target(1640, "hardest") - 100


def test_the_difficulty_chooser_and_a_signed_in_player_s_server_rating(
    make_page: Any, site_server: Any, bundle: Any,
) -> None:
    player = chain.new_player(site_server, "Theme Tester")
    # One clean solve of a Hard puzzle: the server's rating moves off 1500.
    puzzle = next(chess.puzzles(bundle, "Hard"))
    status, body = site_server.post_result(  # as the game posts it, with its play ticket
        "/api/chess/solves",
        {"id": puzzle.id, "band": puzzle.band, "moves": puzzle.solution, "mistakes": 0, "hints": 0,
         "seconds": len(puzzle.solution)},
        player["token"],
    )
    assert status == 200, body
    server_rating = body["rating"]["after"]
    assert abs(server_rating - 1500) > 100
    page = make_page()
    settle_at(page, 900)  # a guest's estimate left in this browser: not the player's
    chain.sign_in(page, player)
    page.goto("/themes/")
    page.wait_for_function(
        "(r) => document.getElementById('difficulty-rating').textContent.includes(String(r))",
        arg=round(server_rating),
    )
    page.locator("label.difficulty-step", has_text="Easier").click()
    assert stored(page, "difficulty") == "easier"
    page.locator("a[data-theme='fork']").click()
    _, puzzle_id = drawn(page)
    assert page.text_content("#play-kind") == "Fork · easier"
    centre = difficulty.target(server_rating, "easier")
    seen = [s for s in stored(page, "seen") if s != puzzle_id]
    _, allowed = expected_ids(bundle, "fork", centre, seen)
    assert puzzle_id in allowed, f"drawn around the server's {server_rating}, not the guest's 900"


def test_a_signed_in_player_sees_figures_from_every_device(
    make_page: Any, site_server: Any, bundle: Any,
) -> None:
    player = chain.new_player(site_server, "Theme Figures")
    forks = [p for p in chess.puzzles(bundle, "Medium") if "fork" in p.themes][:5]
    assert len(forks) == 5

    def keep(store: Any, day: dt.date, now: dt.datetime) -> None:
        # Played on another device: the results are the account's, none of them in this browser.
        for n, puzzle in enumerate(forks):
            post = SolvePost(
                puzzle_id=puzzle.id, band=puzzle.band, puzzle_rating=puzzle.rating,
                themes=tuple(puzzle.themes), moves=puzzle.solution, mistakes=0 if n else 1, hints=0,
                seconds=30, on=day, daily_of=None,
            )
            ChessRecords(store).record_solve(player["id"], post, now + dt.timedelta(seconds=n))

    site_server.keep_results(keep)
    page = make_page()
    chain.sign_in(page, player)
    page.goto("/themes/")
    score = page.locator("[data-theme-score='fork']")
    page.wait_for_function(
        "() => document.querySelector(\"[data-theme-score='fork']\").textContent.includes('90 days')"
    )
    assert score.text_content() == "You, last 90 days: 5 played, 80% first try"
    assert stored(page, "themes") is None  # nothing from this browser: the server's figures
    # The longer line wraps on the narrowest phone rather than pushing the page sideways.
    page.set_viewport_size({"width": 320, "height": 700})
    assert page.evaluate("document.documentElement.scrollWidth") <= 320


def test_a_guests_figures_per_theme_are_rounded_and_in_the_dashboards_words(make_page: Any) -> None:
    """The figures counted in this browser say "first try", as the account's and the dashboard's
    do (a clean solve: no mistake, no hint), and round: 3 of 7 is 43 %, not 42."""
    page = make_page()
    page.goto("/themes/")
    page.evaluate(
        "() => localStorage.setItem('pb:chess:themes', JSON.stringify("
        "{fork: {played: 7, clean: 3}, pin: {played: 3, clean: 2}, skewer: {played: 200, clean: 199}}))"
    )
    page.reload()
    scores = {key: page.text_content(f"[data-theme-score='{key}']") for key in ("fork", "pin", "skewer")}
    assert scores == {
        "fork": "You: 7 played, 43% first try",
        "pin": "You: 3 played, 67% first try",
        "skewer": "You: 200 played, 99% first try",  # only all of them reads 100 %
    }


def test_an_unknown_theme_says_so(page: Any) -> None:
    page.goto("/#/theme/frok")
    page.wait_for_selector("#notice-view:not([hidden])")
    assert "No such theme" in page.text_content("#notice-view")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_themes_page_lists_grouped_themes_and_is_axe_clean(
    make_page: Any, axe: Any, bundle: Any, scheme: str,
) -> None:
    page = make_page(color_scheme=scheme)
    page.goto("/themes/")
    page.wait_for_function(
        "() => document.getElementById('difficulty-rating').textContent.includes('1500')"
    )
    groups = page.locator(".theme-group h2").all_text_contents()
    assert groups[:4] == ["Phases", "Motifs", "Advanced", "Mates"]
    shown = set(page.eval_on_selector_all("a[data-theme]", "els => els.map((a) => a.dataset.theme)"))
    counts: dict[str, int] = {}
    for band in bundle.index["bands"]:
        for row in bundle.rows(band):
            if row[0] not in bundle.retired:
                for theme in row[4].split():
                    counts[theme] = counts.get(theme, 0) + 1
    assert shown == {t for t, c in counts.items() if c >= 20}
    assert "equality" not in shown and "superGM" in shown  # 8 and 27 puzzles
    fork = page.locator("a[data-theme='fork']")
    assert fork.get_attribute("href") == "/#/theme/fork"
    assert f"{counts['fork']:,} puzzles" in fork.text_content()
    assert axe(page) == []


@pytest.mark.parametrize("width", [320, 390, 1280])
def test_the_five_difficulties_lay_out_evenly(make_page: Any, width: int) -> None:
    """They wrapped 2 + 2 + 1 with unequal widths at 320 px: now one row of five, or five rows."""
    page = make_page(viewport={"width": width, "height": 800})
    page.goto("/themes/")
    boxes = page.locator(".difficulty-step").evaluate_all(
        "(steps) => steps.map((s) => s.getBoundingClientRect()).map((b) => [b.left, b.top, b.width])"
    )
    assert len(boxes) == 5
    assert max(b[2] for b in boxes) - min(b[2] for b in boxes) < 1, boxes  # one width
    one_row = len({round(b[1]) for b in boxes}) == 1
    one_column = len({round(b[0]) for b in boxes}) == 1
    assert one_row or one_column, boxes
    assert one_row == (width >= 1280)
