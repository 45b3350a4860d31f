"""Lessons in the browser: a teacher imports (paste or file, JSON or PGN) and sees every
problem beside its puzzle; students play by clicking and by keyboard (intro, the
opponent's moves, comments, hints, another mate); the teacher's list shows the counts;
texts full of markup read as typed and nothing in them runs; axe finds nothing."""

from __future__ import annotations

import html
import json
import re
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.browser import chess_helpers as ch
from tests.browser.conftest import allow_failed_fetch

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "lessons"
# The format guide's worked examples live beside its page, which includes them.
EXAMPLES = Path(__file__).resolve().parents[2] / "site" / "templates" / "lessons" / "_examples"
CASES = {c["name"]: c for c in json.loads((FIXTURES / "cases.json").read_text(encoding="utf-8"))}
SEED = [CASES["seed_back_rank"]["doc"], CASES["seed_fork"]["doc"]]
GUIDE = json.loads((EXAMPLES / "guide_lesson.json").read_text(encoding="utf-8"))


def make_player(site_server: Any, name: str) -> dict[str, str]:
    status, player = site_server.post("/api/players", {"name": name})
    assert status == 201, player
    return player


def sign_in(page: Any, player: dict[str, str]) -> None:
    """Keep the player in this browser as the site does (pb:player)."""
    page.goto("/lessons/")
    page.evaluate("(p) => localStorage.setItem('pb:player', JSON.stringify(p))", player)


def import_by_api(
    site_server: Any, player: dict[str, str], doc: Any, name: str | None = None
) -> dict[str, Any]:
    url = site_server.url + "/api/lessons" + (f"?name={urllib.request.quote(name)}" if name else "")
    request = urllib.request.Request(url, data=json.dumps(doc).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    request.add_header("Authorization", f"Bearer {player['token']}")
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status == 201
        return json.loads(answer.read())


def line(page: Any) -> list[str]:
    return page.locator("#lesson-line li").all_inner_texts()


def status(page: Any) -> str:
    return page.text_content("#play-status") or ""


def wait_done(page: Any) -> str:
    page.wait_for_selector("#play-done:not([hidden])")
    return page.text_content("#done-title") or ""


@pytest.mark.slow
def test_seed_examples_import_through_the_page_and_play_by_clicking(page, site_server, axe):
    page.goto("/lessons/new/")
    page.fill("#player-name", "Ms Castle")
    page.click("#player-form button[type=submit]")
    page.wait_for_selector("#import-player", state="hidden")
    page.fill("#import-text", json.dumps(SEED, indent=2))
    page.fill("#import-name", "The seed's two")
    page.click("#import-button")
    page.wait_for_selector("#import-done:not([hidden])")
    assert page.text_content("#done-name") == "The seed's two"
    assert page.text_content("#done-count") == "2 puzzles"
    assert page.locator(".import-puzzle").count() == 2 and page.locator(".import-problem").count() == 0
    assert axe(page) == []
    link = page.input_value("#done-link")
    assert link.startswith(site_server.url + "/lessons/play/?id=")

    page.goto(link)
    ch.wait_ready(page)
    assert page.text_content("#lesson-name") == "The seed's two"
    assert page.text_content("#puzzle-title") == "Back rank"
    assert page.text_content("#puzzle-meta") == "Puzzle 1 of 2 · You play White"
    assert status(page) == "Find the best move."
    ch.click_move(page, "a1a8")
    assert wait_done(page) == "Solved cleanly."
    assert status(page) == "", "the done box says it: the status line doesn't say it again (issue 26)"
    assert line(page) == ["1. Ra8#\nMate."]

    page.click("#next-button")
    ch.wait_lesson_turn(page, 1)  # the opponent's setup move, played for the student
    assert page.text_content("#puzzle-meta") == "Puzzle 2 of 2 · You play Black"
    assert line(page) == ["1. Ng5"]
    ch.click_move(page, "d7d5", "b")
    ch.wait_lesson_turn(page, 3)
    assert line(page) == ["1. Ng5", "1... d5", "2. exd5"]
    assert axe(page) == []
    ch.click_move(page, "c6d4", "b")
    assert wait_done(page) == "Solved cleanly."
    page.click("#next-button")
    page.wait_for_selector("#lesson-end:not([hidden])")
    assert page.text_content("#end-line") == "You solved 2 of 2 puzzles, 2 cleanly."
    assert axe(page) == []

    lesson_id = link.split("id=")[1]
    token = page.evaluate("JSON.parse(localStorage.getItem('pb:player')).token")
    page.wait_for_function(
        "(id) => !(JSON.parse(localStorage.getItem('pb:lessons:l:' + id)).pending || []).length",
        arg=lesson_id,
    )
    _, results = site_server.get(f"/api/lessons/{lesson_id}/results", token=token)
    assert [(p["played"], p["solved"], p["clean"]) for p in results["puzzles"]] == [(1, 1, 1), (1, 1, 1)]


@pytest.mark.slow
def test_a_lesson_plays_by_keyboard_alone_promotion_and_castling_included(page, site_server):
    teacher = make_player(site_server, "Keys")
    made = import_by_api(site_server, teacher, GUIDE)
    page.goto(made["url"])
    ch.wait_ready(page)
    assert page.text_content("#puzzle-intro") == GUIDE[0]["intro"]
    for number, puzzle in enumerate(GUIDE, 1):
        student_moves = [m["uci"] for m in puzzle["moves"]][0::2]
        for k, uci in enumerate(student_moves):
            ch.wait_lesson_turn(page, 2 * k)
            ch.tab_to_board(page)
            ch.key_move(page, uci, "w")
        assert wait_done(page) == "Solved cleanly."
        assert page.evaluate("document.activeElement.id") == "next-button"
        if number == 1:
            assert line(page)[-1] == "2. Rxh4\n" + puzzle["moves"][2]["comment"]
        page.keyboard.press("Enter")
    page.wait_for_selector("#lesson-end:not([hidden])")
    assert page.text_content("#end-line") == "You solved 3 of 3 puzzles, 3 cleanly."


def test_hints_on_request_and_after_a_wrong_move(page, site_server):
    teacher = make_player(site_server, "Hints")
    made = import_by_api(site_server, teacher, GUIDE[0])
    page.goto(made["url"])
    ch.wait_ready(page)
    ch.click_move(page, "a1a2")  # legal, wrong
    page.wait_for_function(
        "() => document.getElementById('play-status').textContent.startsWith('Not that one')"
    )
    assert status(page) == "Not that one. Hint: " + GUIDE[0]["moves"][0]["hint"]
    ch.wait_ready(page)
    assert ch.cell(page, "a1").get_attribute("aria-label") == "a1, white rook"  # it went back
    page.keyboard.press("h")
    assert status(page) == "Hint: " + GUIDE[0]["moves"][0]["hint"]
    page.keyboard.press("h")
    assert status(page) == "Hint: the rook on a1."
    ch.click_move(page, "a1a4")
    ch.wait_lesson_turn(page, 2)
    ch.click_move(page, "a4h4")
    assert wait_done(page) == "Solved."  # not cleanly: a wrong move and hints


TWO_MATES = {
    "title": "Two rooks",
    "fen": "6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1",
    "playerColor": "white",
    "moves": [{"uci": "a1a8", "comment": "The line's mate."}],
}


def test_another_mate_solves_and_show_solution_does_not(page, site_server):
    teacher = make_player(site_server, "Mates")
    two_mates = TWO_MATES
    made = import_by_api(site_server, teacher, [two_mates, GUIDE[2]])
    page.goto(made["url"])
    ch.wait_ready(page)
    ch.click_move(page, "e1e8")
    assert wait_done(page) == "Solved cleanly."
    assert status(page) == "Checkmate: that solves it too."
    page.click("#next-button")
    ch.wait_ready(page)
    page.click("#solution-button")
    page.click("#solution-yes")
    assert wait_done(page) == "Solution shown."
    assert line(page) == ["1. O-O-O+\n" + GUIDE[2]["moves"][0]["comment"]]


def test_a_move_that_neither_follows_the_line_nor_mates_is_refused(page, site_server):
    """The page judges by the chess game's rules (js/lessons/moves.js): Re7 is legal, but neither
    the line's Ra8 nor a mate, so it goes back; then Re8, another mate, solves."""
    made = import_by_api(site_server, make_player(site_server, "Not mate"), [TWO_MATES])
    page.goto(made["url"])
    ch.wait_ready(page)
    ch.click_move(page, "e1e7")
    page.wait_for_function(
        "() => document.getElementById('play-status').textContent.startsWith('Not that one')"
    )
    assert status(page) == "Not that one. Try again."
    ch.wait_ready(page)
    assert ch.cell(page, "e1").get_attribute("aria-label") == "e1, white rook"  # it went back
    assert line(page) == []
    ch.click_move(page, "e1e8")
    assert wait_done(page) == "Solved."  # not cleanly: a wrong move first
    assert status(page) == "Checkmate: that solves it too."


def test_import_page_shows_each_problem_beside_its_puzzle_with_previews(page, site_server, axe):
    sign_in(page, make_player(site_server, "Checker"))
    broken = json.loads(json.dumps(GUIDE))
    broken[0]["moves"][2]["uci"] = "a4h5"
    broken[2]["playerColor"] = "White"
    broken[1]["difficulty"] = "easy"
    page.goto("/lessons/new/")
    page.fill("#import-text", json.dumps(broken, indent=2))
    page.click("#check-button")
    page.wait_for_selector(".import-summary")
    assert page.text_content(".import-summary") == (
        "2 problems in 2 of 3 puzzles: fix them and check again. Nothing was imported."
    )
    cards = page.locator(".import-puzzle")
    assert cards.count() == 3
    assert cards.nth(0).locator(".import-problem").all_inner_texts() == [
        "Error: Move 3 (a4h5): not a legal move in this position"
    ]
    assert cards.nth(1).locator(".import-problem").all_inner_texts() == [
        'Warning: unknown field "difficulty" is ignored'
    ]
    assert cards.nth(2).locator(".import-problem").all_inner_texts() == [
        'Error: "playerColor" must be "white" or "black" (lower case), not "White"'
    ]
    page.wait_for_function("() => document.querySelectorAll('.import-preview svg').length === 3")
    assert axe(page) == []
    page.click("#import-button")
    page.wait_for_selector(".import-summary")
    assert page.locator("#import-done").is_hidden()
    _, mine = site_server.get(
        "/api/lessons", token=page.evaluate("JSON.parse(localStorage.getItem('pb:player')).token")
    )
    assert mine == {"lessons": []}  # nothing stored


def test_a_lichess_study_file_imports_with_its_comments(page, site_server):
    sign_in(page, make_player(site_server, "Studies"))
    page.goto("/lessons/new/")
    game = FIXTURES / "game_clocks.pgn"
    page.set_input_files("#import-file", str(game))
    page.wait_for_selector(".import-summary")
    # No side tag: the result decides, and the check says so (issue 40: never "no side" for a file
    # whose moves and result say whose line it is).
    assert 'the student plays White, as the result "1-0" says' in page.text_content(".import-problem")
    page.check("input[name=student-color][value=white]")
    page.set_input_files("#import-file", str(FIXTURES / "study_classics.pgn"))
    # Valid, with one warning a puzzle summing what a puzzle leaves out (arrows, marks, NAGs, deeper
    # variations: issue 40).
    page.wait_for_function(
        "() => document.querySelector('.import-summary').textContent === '2 puzzles, all valid. 2 warnings.'"
    )
    assert page.locator(".import-puzzle-title").all_inner_texts() == [
        "Game 1: The Opera Game",
        "Game 2: Blackburne's trap",
    ]
    page.click("#import-button")
    page.wait_for_selector("#import-done:not([hidden])")
    assert page.text_content("#done-name") == "Classic finishes"
    page.click("#done-open")
    ch.wait_ready(page)
    assert page.text_content("#puzzle-intro").startswith("Paris, 1858.")
    ch.click_move(page, "d1d7")
    ch.wait_lesson_turn(page, 2)
    assert line(page) == [
        "13. Rxd7\nGive up the exchange to keep the d-file open.",
        "13... Rxd7\nBlack takes back with the rook.",
    ]


def test_a_puzzle_pgn_without_a_side_tag_imports_as_its_last_move_says(page, site_server):
    """The form's default ("as each game's tags say"): a [FEN] game without [StudentColor] or a result
    is played by the side that plays the line's last move, and the check says which evidence decided;
    it imports and plays."""
    sign_in(page, make_player(site_server, "Tagless"))
    page.goto("/lessons/new/")
    assert page.is_checked("input[name=student-color][value=file]")
    page.fill("#import-text", '[Event "Back rank"]\n[FEN "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"]\n\n1. Ra8# *\n')
    page.click("#check-button")
    page.wait_for_function(
        "() => document.querySelector('.import-summary')?.textContent.startsWith('1 puzzle')"
    )
    said = "the student plays White, the side that plays the line's last move (1. Ra8#)"
    assert said in page.text_content("main")
    page.click("#import-button")
    page.wait_for_selector("#import-done:not([hidden])")
    page.click("#done-open")
    ch.wait_ready(page)
    assert page.text_content("#puzzle-meta") == "Puzzle 1 of 1 · You play White"


def test_the_teachers_list_shows_links_results_and_deletes(page, site_server, axe):
    teacher = make_player(site_server, "Lister")
    made = import_by_api(site_server, teacher, GUIDE, name="Week 2")
    issued = {}
    for clean in (True, False):  # two guests, each with the ticket the lesson issued them
        status, issued[clean] = site_server.post(f"/api/lessons/{made['id']}/tickets", {"puzzle": 1})
        assert status == 200, issued[clean]
    time.sleep(1.3)  # the puzzle's two moves take two seconds, less the tickets' second of allowance
    for clean in (True, False):
        status, body = site_server.post(
            f"/api/lessons/{made['id']}/results",
            {"puzzle": 1, "solved": True, "clean": clean, "seconds": 2, "ticket": issued[clean]["ticket"]},
        )
        assert status == 200 and body == {"counted": True}, body
    sign_in(page, teacher)
    page.goto("/lessons/")
    item = page.locator(f'[data-lesson="{made["id"]}"]')
    item.wait_for()
    assert item.locator(".lesson-item-title").inner_text() == "Week 2"
    assert item.locator("code").inner_text() == site_server.url + made["url"]
    item.get_by_role("button", name="Results").click()
    item.locator("table").wait_for()
    assert item.locator("tbody tr").all_inner_texts() == [
        "1. Skewer on the fourth rank\t2\t2\t1",
        "2. Promote to a knight\t0\t0\t0",
        "3. Castle with check\t0\t0\t0",
    ]
    assert axe(page) == []
    item.get_by_role("button", name="Delete").click()
    item.get_by_role("button", name="Delete it").click()
    item.wait_for(state="detached")
    assert page.locator("#lessons-empty").is_visible()
    assert site_server.get(f"/api/lessons/{made['id']}")[0] == 404


MARKUP = [
    '<script>window.__xss = "script"</script>',
    "<img src=x onerror=\"window.__xss = 'img'\">",
    "<svg onload=\"window.__xss = 'svg'\"><circle r=1></circle></svg>",
    '"><iframe srcdoc="<script>parent.__xss=\'iframe\'</script>"></iframe>',
    "<a href=\"javascript:window.__xss='link'\">click</a> <b>bold</b> &amp; &lt;i&gt; {{ 7*7 }} ${7*7}",
]


def test_texts_full_of_markup_read_as_typed_and_nothing_runs(make_page, site_server):
    page = make_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    teacher = make_player(site_server, "Markup")
    puzzles = [
        {
            "title": title,
            "intro": intro + "\nsecond line",
            "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "playerColor": "white",
            "moves": [{"uci": "a1a8", "comment": comment, "hint": hint}],
        }
        for title, intro, comment, hint in (
            (MARKUP[0], MARKUP[1], MARKUP[2], MARKUP[3]),
            (MARKUP[4], MARKUP[0] + MARKUP[2], MARKUP[3] + MARKUP[1], MARKUP[4] + MARKUP[0]),
        )
    ]
    sign_in(page, teacher)

    # The import page: the check shows every title and intro as typed.
    page.goto("/lessons/new/")
    page.fill("#import-text", json.dumps(puzzles))
    page.fill("#import-name", MARKUP[1])
    page.click("#check-button")
    page.wait_for_selector(".import-summary.is-good")
    titles = page.locator(".import-puzzle-title").all_text_contents()
    assert titles == [f"Puzzle {k}: {p['title']}" for k, p in enumerate(puzzles, 1)]
    assert page.locator(".import-puzzle-intro").all_text_contents() == [p["intro"] for p in puzzles]
    page.click("#import-button")
    page.wait_for_selector("#import-done:not([hidden])")
    assert page.text_content("#done-name") == MARKUP[1]
    link = page.input_value("#done-link")

    # The teacher's list.
    page.goto("/lessons/")
    page.locator(".lesson-item-title").wait_for()
    assert page.locator(".lesson-item-title").all_text_contents() == [MARKUP[1]]

    # The lesson page: title, intro, comment and hint of every puzzle.
    page.goto(link)
    for puzzle in puzzles:
        ch.wait_ready(page)
        assert page.text_content("#puzzle-title") == puzzle["title"]
        assert page.text_content("#puzzle-intro") == puzzle["intro"]
        assert page.evaluate("document.getElementById('puzzle-intro').childElementCount") == 0
        page.keyboard.press("h")
        assert status(page) == "Hint: " + puzzle["moves"][0]["hint"]
        ch.click_move(page, "a1a8")
        wait_done(page)
        assert page.locator("#lesson-line .lesson-comment").text_content() == puzzle["moves"][0]["comment"]
        page.click("#next-button")
    page.wait_for_selector("#lesson-end:not([hidden])")
    assert page.locator("#end-list .end-puzzle").all_text_contents() == [p["title"] for p in puzzles]

    assert page.evaluate("window.__xss") is None
    assert dialogs == []
    # None of the markup became elements: the texts' boxes hold text only, and main holds no such tags.
    planted = "main script, main img, main iframe, main b, main a[href^=javascript]"
    assert page.evaluate("(s) => document.querySelectorAll(s).length", planted) == 0
    assert page.evaluate(
        "[...document.querySelectorAll('#end-list .end-puzzle')].every((e) => e.childElementCount === 0)"
    )


def check_text(page: Any, text: str) -> str:
    """Paste `text` on the import page, press Check; the summary line."""
    page.goto("/lessons/new/")
    page.fill("#import-text", text)
    page.click("#check-button")
    # 250 puzzle cards take a while to draw on a loaded machine: wait past the default 10 s.
    page.wait_for_selector(".import-summary", timeout=30_000)
    return page.text_content(".import-summary") or ""


def test_a_move_with_a_line_break_is_its_puzzles_problem_on_the_page(page, site_server):
    """Issue 12, item 2: the page showed "Something went wrong" and no puzzle's problems."""
    doc = [
        {"fen": "6k1/5ppp/8/8/8/6P1/8/R5K1 w - - 0 1", "playerColor": "white", "moves": [{"uci": "a1a8\n"}]},
        {**GUIDE[2], "playerColor": "White"},
        GUIDE[1],
    ]
    summary = check_text(page, json.dumps(doc, indent=2))
    assert summary == "2 problems in 2 of 3 puzzles: fix them and check again. Nothing was imported."
    cards = page.locator(".import-puzzle")
    assert cards.nth(0).locator(".import-problem").all_inner_texts() == [
        'Error: Move 1 (a1a8): has a line break after it: write "a1a8"'
    ]
    assert cards.nth(1).locator(".import-problem").all_inner_texts() == [
        'Error: "playerColor" must be "white" or "black" (lower case), not "White"'
    ]
    assert cards.nth(2).locator(".import-problem").count() == 0


def test_the_import_page_says_what_is_wrong_with_the_whole_import(page, site_server):
    """Issue 12, item 12: "1 problem in 0 of 250 puzzles" over 250 valid cards, and a paste that
    is only too large headed "The import can't be read"."""
    many = [GUIDE[1]] * 250
    assert check_text(page, json.dumps(many)) == (
        "The import has 250 puzzles; the limit is 200: split it into smaller imports. "
        "Each of the 250 puzzles is valid on its own. Nothing was imported."
    )
    assert page.locator(".import-general").count() == 0  # said once, in the summary
    assert page.locator(".import-puzzle").count() == 250
    assert page.locator(".import-puzzle .import-problem").count() == 0

    huge = json.dumps([GUIDE[1]] * 5000)
    size = len(huge.encode())
    # The page shows the server's own 413 words (one rule for the limit, in the importer).
    allow_failed_fetch(page, "413", r"/api/lessons/validate", "a paste over the size limit, on purpose")
    assert check_text(page, huge) == (
        f"The import is {size / 1024:,.0f} KB; the limit is 256 KB: split it into smaller imports. "
        "Nothing was imported."
    )
    assert page.locator(".import-puzzle").count() == 0

    assert check_text(page, '[{"fen": "8/8/8/8/8/8/8/8 w - - 0 1",}]') == (
        "Not valid JSON: expected a field name in double quotes "
        "(JSON allows no comma before a closing } or ]) (line 1, column 38). Nothing was imported."
    )


def test_the_format_guide_carries_the_served_schema(site_server):
    """Issue 12, item 13: the guide holds the JSON Schema inline, and it is /schema/lesson.json."""
    status, guide = site_server.get("/lessons/format/")
    assert status == 200
    inline = r'<pre class="lesson-code lesson-schema" id="lesson-schema"><code>(.*?)</code></pre>'
    (block,) = re.findall(inline, guide, re.DOTALL)
    status, served = site_server.get("/schema/lesson.json")
    assert status == 200 and isinstance(served, dict)
    assert json.loads(html.unescape(block)) == served


REFUTED = json.loads((EXAMPLES / "guide_refutation.json").read_text(encoding="utf-8"))


def test_a_student_plays_a_refuted_wrong_move_sees_the_answer_and_tries_again(
    page, site_server, axe, tmp_path
):
    # Issue 30, part 4: the reply is played, the teacher's comment shown, the position set back; a mistake.
    # The import page's check says how many wrong moves the puzzle answers.
    teacher = make_player(site_server, "Refuter")
    sign_in(page, teacher)
    page.goto("/lessons/new/")
    page.fill("#import-text", json.dumps(REFUTED, indent=2))
    page.click("#check-button")
    page.wait_for_selector(".import-puzzle")
    assert page.text_content(".import-puzzle-facts") == (
        "You play White · the student moves first · 1 move to find · 2 wrong moves answered"
    )
    made = import_by_api(site_server, teacher, REFUTED)
    page.goto(made["url"])
    ch.wait_ready(page)
    ch.click_move(page, "h5e5")  # the queen takes on e5: the knight answers
    page.wait_for_function("() => document.getElementById('play-status').textContent.includes('answers it')")
    assert status(page) == (
        "Not that one: 1... Nxe5 answers it. The knight on c6 guards e5: the queen is lost. Try again."
    )
    assert ch.cell(page, "e5").get_attribute("aria-label") == "e5, black knight"  # the answer, on the board
    assert axe(page) == []
    for width, scheme in [(320, "light"), (390, "dark"), (1280, "light"), (1280, "dark")]:
        page.emulate_media(color_scheme=scheme)
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), width
        page.screenshot(path=str(tmp_path / f"refuted-{width}-{scheme}.png"), full_page=True)
    # Set back for another try, the teacher's words still there.
    page.wait_for_function(
        "() => document.querySelector('.board-grid [data-square=h5]')?.getAttribute('aria-label') "
        "=== 'h5, white queen'"
    )
    ch.wait_ready(page)
    assert ch.cell(page, "e5").get_attribute("aria-label") == "e5, black pawn"
    assert "The knight on c6 guards e5" in status(page)
    ch.click_move(page, "h5f7")
    assert wait_done(page) == "Solved."  # not cleanly: the refuted move was a mistake
    lesson_id = made["id"]
    page.wait_for_function(
        "(id) => !(JSON.parse(localStorage.getItem('pb:lessons:l:' + id)).pending || []).length",
        arg=lesson_id,
    )
    _, results = site_server.get(f"/api/lessons/{lesson_id}/results", token=teacher["token"])
    assert [(p["played"], p["solved"], p["clean"]) for p in results["puzzles"]] == [(1, 1, 0)]
