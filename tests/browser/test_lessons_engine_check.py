"""The engine's check of an imported lesson in Chromium (issue 30, part 3): once the format is
valid, Stockfish in a worker plays through each line on /lessons/new/ and warns, beside the
puzzle, of a student's move that loses; a sound line gets no warning; the warnings never stop
the import. axe on the checked page; screenshots at 320, 390 and 1280 px, light and dark."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser import chain_helpers as ch

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/puzzlebook-engine-check-shots")

# White's knight takes a pawn twice defended: a piece for a pawn. And the back-rank mate, sound.
LESSON = [
    {"title": "Grab the pawn?", "fen": "r1b1kbnr/pppp1ppp/2n2q2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1",
     "playerColor": "white", "moves": [{"uci": "f3e5"}, {"uci": "c6e5"}, {"uci": "d2d4"}]},
    {"title": "Back rank", "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "playerColor": "white",
     "moves": [{"uci": "a1a8"}]},
]


def check(page: Any) -> None:
    page.goto("/lessons/new/")
    page.fill("#import-text", json.dumps(LESSON, indent=2))
    page.click("#check-button")
    page.wait_for_selector("body[data-engine-check=done]", timeout=180_000)


@pytest.mark.slow
def test_a_losing_move_is_warned_of_and_the_lesson_still_imports(make_page: Any, site_server: Any, axe: Any):
    teacher = ch.new_player(site_server, "Ms Knight")
    page = make_page()
    ch.sign_in(page, teacher)
    check(page)
    first = page.locator(".import-puzzle[data-puzzle='1'] .engine-finding")
    words = first.all_inner_texts()
    assert any(w.startswith("Engine: White’s 1st move Nxe5 loses: after …") and "Black is up" in w
               for w in words), words
    assert page.locator(".import-puzzle[data-puzzle='2'] .engine-finding").count() == 0
    assert "You can import anyway" in page.text_content("#engine-status").replace("you can", "You can")
    assert axe(page) == []
    page.click("#import-button")
    page.wait_for_selector("#import-done:not([hidden])")
    # The findings are kept with the lesson, for its teacher: under its Results on the Lessons page.
    page.wait_for_selector("body[data-engine-kept='200']", timeout=180_000)
    assert "kept with the lesson" in page.text_content("#done-engine")
    page.goto("/lessons/")
    page.click(".lesson-item .lesson-item-actions button:has-text('Results')")
    kept = page.locator(".lesson-engine .engine-finding[data-puzzle='1']")
    kept.first.wait_for()
    assert "1. Grab the pawn? — White’s 1st move Nxe5 loses" in kept.first.inner_text()
    assert page.locator(".lesson-engine .engine-finding[data-puzzle='2']").count() == 0
    assert axe(page) == []
    SHOTS.mkdir(exist_ok=True)
    for scheme in ("light", "dark"):
        shot = make_page(viewport={"width": 320, "height": 900}, color_scheme=scheme)
        ch.sign_in(shot, teacher)
        shot.goto("/lessons/")
        shot.click(".lesson-item .lesson-item-actions button:has-text('Results')")
        shot.locator(".lesson-engine .engine-finding").first.wait_for()
        for width in (320, 390, 1280):
            shot.set_viewport_size({"width": width, "height": 900})
            wide = shot.evaluate("() => document.documentElement.scrollWidth - innerWidth")
            assert wide <= 0, (width, scheme, wide)
            shot.screenshot(path=str(SHOTS / f"lessons-kept-{width}-{scheme}.png"), full_page=True)
    for scheme in ("light", "dark"):
        shot = make_page(viewport={"width": 320, "height": 900}, color_scheme=scheme)
        ch.sign_in(shot, teacher)
        check(shot)
        for width in (320, 390, 1280):
            shot.set_viewport_size({"width": width, "height": 900})
            wide = shot.evaluate("() => document.documentElement.scrollWidth - innerWidth")
            assert wide <= 0, (width, scheme, wide)
            shot.screenshot(path=str(SHOTS / f"engine-check-{width}-{scheme}.png"), full_page=True)


SKEWER_PGN = (
    '[Event "Skewer"]\n[FEN "8/8/8/8/3k3r/8/8/R5K1 w - - 0 1"]\n[SetUp "1"]\n[StudentColor "white"]\n\n'
    "1. Ra4+ (1. Ra2 { Pins nothing. } 1... Kc3) 1... Ke3 2. Rxh4 *\n"
)


@pytest.mark.slow
def test_a_variation_the_engine_finds_worse_is_kept_as_a_refutation_when_the_teacher_chooses(
    make_page: Any, site_server: Any, axe: Any
) -> None:
    """Issue 40, part 1: beside the engine's finding that a PGN variation left out (1. Ra2, not marked
    worse) is clearly worse, the import page offers to keep it as a refutation, in SAN; ticked, the
    import sends the choice and the lesson keeps it as a wrong move the student is answered with."""
    teacher = ch.new_player(site_server, "Mr Skewer")
    page = make_page()
    ch.sign_in(page, teacher)
    page.goto("/lessons/new/")
    page.fill("#import-text", SKEWER_PGN)
    page.click("#check-button")
    page.wait_for_selector("body[data-engine-check=done]", timeout=180_000)
    finding = page.locator(".engine-finding[data-kind='variation']")
    assert "The variation Ra2, left out, is worse than the line’s move Ra4+" in finding.inner_text()
    offer = finding.locator("label.engine-keep")
    assert offer.inner_text().strip() == "Keep Ra2 as a refutation"
    assert not offer.locator("input").is_checked()
    assert axe(page) == []
    offer.locator("input").check()
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" and "/api/lessons?" in r.url
            else None)
    page.click("#import-button")
    page.wait_for_selector("#import-done:not([hidden])")
    assert len(sent) == 1 and "refute=1%3A1%3ARa2" in sent[0], sent
    lesson_id = (page.get_attribute("#done-open", "href") or "").split("id=")[1]
    status, lesson = site_server.get(f"/api/lessons/{lesson_id}")
    assert status == 200
    refutations = lesson["puzzles"][0]["moves"][0]["refutations"]
    assert [(r["san"], r["reply_san"]) for r in refutations] == [("Ra2", "Kc3")]
    for scheme in ("light", "dark"):
        shot = make_page(viewport={"width": 320, "height": 900}, color_scheme=scheme)
        ch.sign_in(shot, teacher)
        shot.goto("/lessons/new/")
        shot.fill("#import-text", SKEWER_PGN)
        shot.click("#check-button")
        shot.wait_for_selector("body[data-engine-check=done]", timeout=180_000)
        for width in (320, 390, 1280):
            shot.set_viewport_size({"width": width, "height": 900})
            wide = shot.evaluate("() => document.documentElement.scrollWidth - innerWidth")
            assert wide <= 0, (width, scheme, wide)
            SHOTS.mkdir(exist_ok=True)
            shot.locator(".import-puzzle").first.screenshot(path=str(SHOTS / f"keep-{width}-{scheme}.png"))
