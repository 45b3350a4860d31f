"""Playing Chain in the browser: today's puzzle solved by clicking and by the
keyboard; a tile that can't be played, explained; undo and reset counted;
out of moves; giving up, then the walkthrough; a reload that resumes.

Each test's answer comes from puzzlebook.chain's solver run on the public
puzzle (a test is not a player), never from the API's walkthrough.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest

from tests.browser import chain_helpers as ch
from tests.browser.conftest import allow_failed_fetch

pytestmark = pytest.mark.browser


def today_puzzle(site_server):
    today = ch.site_today(site_server)
    return today, ch.public_day(site_server, today)


def sheet(page) -> dict[str, str]:
    page.locator("#chain-results-sheet[open]").wait_for()
    return {
        "title": page.text_content("#chain-results-sheet-title"),
        "time": page.text_content("#results-time"),
        "undos": page.text_content("#results-undos"),
        "resets": page.text_content("#results-resets"),
        "share": page.text_content("#share-preview"),
        "note": page.text_content("#results-note"),
    }


def assert_share_gives_nothing_away(share: str, puzzle) -> None:
    assert share.startswith("⛓️ Chain · ")
    for text in ch.labels(puzzle):
        assert text not in share, f"{text} in {share!r}"
    numbers = {int(n) for n in re.findall(r"\d+", share.split("\n")[1])}
    assert not numbers, "the moves line is squares only"


def test_solve_today_by_clicking(page, site_server):
    today, puzzle = today_puzzle(site_server)
    ch.open_day(page)
    assert page.text_content("#chain-kind").startswith("Today")
    assert page.text_content("#chain-start") == str(puzzle["start"])
    assert page.text_content("#chain-target") == str(puzzle["target"])
    assert page.text_content("#chain-left") == str(puzzle["moves"])
    faces = page.locator("#chain-hand .tile-face").all_text_contents()
    assert faces == ch.labels(puzzle)

    order = ch.solving_order(puzzle)
    values = ch.values_of(puzzle, order)
    for k, i in enumerate(order):
        page.click(f'#chain-hand [data-tile="{i}"]')
        assert page.text_content("#chain-value") == str(values[k + 1])
        if k < len(order) - 1:
            assert page.text_content("#chain-left") == str(puzzle["moves"] - k - 1)
            trail = page.locator("#chain-trail .trail-value").all_text_contents()
            assert trail == [str(v) for v in values[: k + 2]]
    seen = sheet(page)
    assert seen["title"] == "Solved, cleanly"
    # The panel says the result once: in the done box, not again in the status line (issue 26).
    assert page.text_content("#chain-done-title") == "Solved, cleanly."
    done = f"{puzzle['start']} to {puzzle['target']} in {puzzle['moves']} moves."
    assert page.text_content("#chain-status") == done
    assert (seen["undos"], seen["resets"]) == ("0", "0")
    assert seen["share"].startswith("⛓️ Chain · ") and "🎯 Clean" in seen["share"]
    assert seen["share"].split("\n")[1] == "🟩" * puzzle["moves"]
    assert_share_gives_nothing_away(seen["share"], puzzle)
    rec = ch.record(page, today)
    assert rec["state"] == "solved" and rec["played"] == order
    assert rec["seconds"] >= puzzle["moves"], "a solve shows and posts at least a second a move"
    # Not signed in: nothing is queued, and the sheet says how to keep results.
    assert "Make a player" in seen["note"]
    assert page.evaluate("localStorage.getItem('pb:chain:queue')") is None
    # Today's walkthrough waits for a posted result (or for the day to end everywhere).
    assert "opens for everyone at" in page.text_content("#walkthrough")


def test_solve_today_by_keyboard_with_every_tile_spoken(page, site_server):
    today, puzzle = today_puzzle(site_server)
    ch.open_day(page)
    # Tab from the page's start reaches the first tile; every tile is a Tab stop.
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.tile") == "0":
            break
    else:
        raise AssertionError("Tab never reached the first tile")
    name0 = page.evaluate("document.activeElement.querySelector('.tile-name').textContent")
    assert name0.startswith(f"{ch.labels(puzzle)[0]}, tile 1: ")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.tile") == "1"
    page.keyboard.press("Shift+Tab")

    order = ch.solving_order(puzzle)
    values = ch.values_of(puzzle, order)
    at = 0
    for k, i in enumerate(order):
        # Arrows walk the hand (wrapping round); each tile names itself and what it would make.
        while at != i:
            page.keyboard.press("ArrowRight")
            at = (at + 1) % len(puzzle["hand"])
            assert page.evaluate("document.activeElement.dataset.tile") == str(at)
        spoken = page.evaluate("document.activeElement.querySelector('.tile-name').textContent")
        assert spoken.endswith(f"{values[k]} becomes {values[k + 1]}."), spoken
        page.keyboard.press("Enter")
        if k < len(order) - 1:
            page.wait_for_function(
                "(v) => document.getElementById('announcer').textContent.includes(`becomes ${v}.`)",
                arg=values[k + 1],
            )
    seen = sheet(page)
    assert seen["title"] == "Solved, cleanly"
    assert ch.record(page, today)["played"] == order


def test_an_unplayable_tile_is_explained_not_played(page, site_server):
    today = ch.site_today(site_server)
    status, index = site_server.get("/daily/index.json")
    assert status == 200
    for date in sorted(index["chain"], reverse=True):
        if date > today:
            continue
        puzzle = ch.public_day(site_server, date)
        found = next(ch.illegal_moves(puzzle), None)
        if found:
            break
    else:
        pytest.fail("no published Chain day has a tile that can't be played somewhere on its solving order")
    prefix, tile, reason = found
    ch.open_day(page, date)
    ch.click_tiles(page, prefix)
    before = ch.record(page, date)["played"]
    name = page.text_content(f'#chain-hand [data-tile="{tile}"] .tile-name')
    assert "Can't be played now" in name
    page.click(f'#chain-hand [data-tile="{tile}"]')
    assert page.text_content("#chain-status") == reason[0].upper() + reason[1:]
    page.wait_for_function("(r) => document.getElementById('announcer').textContent === r", arg=reason)
    assert ch.record(page, date)["played"] == before == prefix
    assert page.text_content("#chain-left") == str(puzzle["moves"] - len(prefix))


def test_undo_and_reset_are_counted_and_out_of_moves_says_so(page, site_server):
    today, puzzle = today_puzzle(site_server)
    wrong, end = ch.wrong_chain(puzzle)
    ch.open_day(page)
    ch.click_tiles(page, wrong)
    status = page.text_content("#chain-status")
    assert status == f"Out of moves at {end}, not {puzzle['target']}. Undo or reset to try another way."
    assert page.is_enabled("#undo-button")
    page.click("#undo-button")  # undo 1
    assert page.text_content("#chain-undos") == "1"
    assert page.text_content("#chain-left") == "1"
    page.keyboard.press("u")  # undo 2, from the keyboard
    assert page.text_content("#chain-undos") == "2"
    page.click("#reset-button")  # reset 1
    assert page.text_content("#chain-resets") == "1"
    assert page.text_content("#chain-value") == str(puzzle["start"])
    assert page.locator("#chain-trail li").count() == 1
    assert not page.is_enabled("#reset-button"), "nothing to reset at the start"
    order = ch.solving_order(puzzle)
    ch.click_tiles(page, order)
    seen = sheet(page)
    assert seen["title"] == "Solved"
    assert (seen["undos"], seen["resets"]) == ("2", "1")
    assert seen["share"].split("\n")[2].startswith("↩️ 2 undos · 🔄 1 reset · ⏱️ ")
    rec = ch.record(page, today)
    assert (rec["undos"], rec["resets"], rec["played"]) == (2, 1, order)


def test_a_reload_resumes_where_the_player_left(page, site_server):
    _, puzzle = today_puzzle(site_server)
    order = ch.solving_order(puzzle)
    ch.open_day(page)
    ch.click_tiles(page, order[:2])
    page.click("#undo-button")
    page.reload()
    page.wait_for_selector("#chain-hand [data-tile]")
    assert page.text_content("#chain-value") == str(ch.values_of(puzzle, order[:1])[-1])
    assert page.text_content("#chain-undos") == "1"
    assert page.locator("#chain-hand .tile.is-played").count() == 1


def test_give_up_then_the_walkthrough(make_page, site_server):
    today, puzzle = today_puzzle(site_server)
    player = ch.new_player(site_server, "Quitter")
    page = make_page()
    ch.sign_in(page, player)
    ch.open_day(page)
    page.click("#giveup-button")
    assert page.is_visible("#giveup-confirm")
    page.click("#giveup-no")
    assert not page.is_visible("#giveup-confirm"), "keep trying goes back to the puzzle"
    page.click("#giveup-button")
    page.click("#giveup-yes")
    seen = sheet(page)
    assert seen["title"] == "Gave up"
    assert seen["share"].split("\n")[1:3] == ["⬜" * puzzle["moves"], "🏳️ Gave up"]
    page.wait_for_selector("#walkthrough .walk-steps li")
    status, walk = site_server.get(f"/api/chain/{today}/walkthrough", token=player["token"])
    assert status == 200, "the give-up was posted, so the walkthrough is open to this player"
    assert page.text_content("#walkthrough p") == walk["walkthrough"]["summary"]
    steps = page.locator("#walkthrough .walk-steps li").all_text_contents()
    assert steps == [s["text"] for s in walk["walkthrough"]["steps"]]
    spares = page.locator("#walkthrough .walk-spares li").all_text_contents()
    assert spares == [s["text"] for s in walk["walkthrough"]["spares"]]
    assert ch.record(page, today)["state"] == "gaveup"
    # The walkthrough is kept: a reload shows it without asking again.
    page.reload()
    page.click("#results-button")
    page.wait_for_selector("#walkthrough .walk-steps li")
    assert page.locator("#chain-hand .tile[aria-disabled='false']").count() == 0


def test_an_arabic_walkthrough_is_said_in_arabic_its_sums_left_to_right(make_page, site_server):
    """The walkthrough in the page's language (chain/walk_words.js), from the API's numbers; each sum
    kept left to right in a right-to-left page ("93 ÷ 3 = 31", never "31 = 3 ÷ 93")."""
    today, puzzle = today_puzzle(site_server)
    player = ch.new_player(site_server, "Quitter")
    page = make_page()
    ch.sign_in(page, player)
    page.goto("/ar/chain/")
    page.wait_for_selector("#chain-hand [data-tile]")
    page.click("#giveup-button")
    page.click("#giveup-yes")
    page.wait_for_selector("#walkthrough .walk-steps li")
    status, walk = site_server.get(f"/api/chain/{today}/walkthrough", token=player["token"])
    assert status == 200
    summary = page.text_content("#walkthrough p") or ""
    assert summary != walk["walkthrough"]["summary"] and f"{puzzle['start']}" in summary and "من" in summary
    hand = puzzle["hand"]
    items = page.locator("#walkthrough .walk-steps li").all()
    for li, step in zip(items, walk["walkthrough"]["steps"], strict=True):
        sums = li.locator("span[dir=ltr]")
        if hand[step["tile"]]["op"] == "swap":
            assert sums.count() == 0
        else:
            assert sums.text_content() == step["text"]
    spares = page.locator("#walkthrough .walk-spares li").all_text_contents()
    assert len(spares) == len(walk["walkthrough"]["spares"])
    assert not any(spare == s["text"] for spare, s in zip(spares, walk["walkthrough"]["spares"], strict=True))


def test_pause_covers_the_numbers_and_stops_the_clock(page, site_server):
    today = ch.site_today(site_server)
    ch.open_day(page)
    page.keyboard.press("p")
    assert page.is_visible("#chain-cover")
    assert page.evaluate("document.getElementById('chain-board-inner').inert")
    held = ch.record(page, today)["seconds"]
    page.wait_for_timeout(1200)
    page.keyboard.press("p")
    assert not page.is_visible("#chain-cover")
    page.keyboard.press("p")
    assert ch.record(page, today)["seconds"] - held < 1, "paused time does not count"


def test_giving_up_while_paused_leaves_no_pause_behind(page, site_server):
    ch.open_day(page)
    page.keyboard.press("p")
    assert page.is_visible("#chain-cover")
    page.click("#giveup-button")
    page.click("#giveup-yes")
    sheet(page)
    page.keyboard.press("Escape")
    assert not page.is_visible("#chain-cover"), "the puzzle is over: its pause cover goes"
    assert page.get_attribute("#pause-button", "aria-pressed") == "false"


def test_the_chain_page_is_axe_clean_in_every_state(page, site_server, axe):
    today = ch.site_today(site_server)
    index = site_server.get("/daily/index.json")[1]
    # A day ended everywhere, so its walkthrough shows after the solve (docs/ratings.md, "Whose day").
    ended = (dt.date.fromisoformat(today) - dt.timedelta(days=1)).isoformat()
    past = max(d for d in index["chain"] if d < ended)
    puzzle = ch.public_day(site_server, past)
    ch.open_day(page, past)
    assert axe(page) == [], "playing"
    found = next(ch.illegal_moves(puzzle), None)
    if found:
        ch.click_tiles(page, found[0])
        page.click(f'#chain-hand [data-tile="{found[1]}"]')
        assert axe(page) == [], "a refused tile"
        if found[0]:
            page.click("#reset-button")
    page.keyboard.press("?")
    page.locator("#chain-howto-sheet[open]").wait_for()
    assert axe(page) == [], "the help sheet"
    page.keyboard.press("Escape")
    page.keyboard.press("p")
    assert axe(page) == [], "paused"
    page.keyboard.press("p")
    page.click("#giveup-button")
    assert axe(page) == [], "asking to give up"
    page.click("#giveup-no")
    ch.click_tiles(page, ch.solving_order(puzzle))
    page.locator("#chain-results-sheet[open]").wait_for()
    page.wait_for_selector("#walkthrough .walk-steps li")
    assert axe(page) == [], "the result sheet with its walkthrough"
    # The browser logs the 404 for the day that has no file, which this step asks for.
    allow_failed_fetch(page, "404", r"/daily/chain/2019-01-01\.json", "no Chain that day, on purpose")
    page.goto("/chain/#/2019-01-01")
    page.wait_for_selector("#notice-view:not([hidden])")
    assert axe(page) == [], "a day that doesn't exist"


def test_the_chain_page_is_axe_clean_on_a_phone_in_the_dark(make_page, site_server, axe):
    today = ch.site_today(site_server)
    puzzle = ch.public_day(site_server, today)
    page = make_page(viewport={"width": 390, "height": 844}, color_scheme="dark")
    ch.open_day(page)
    assert axe(page) == [], "playing"
    ch.click_tiles(page, ch.solving_order(puzzle))
    page.locator("#chain-results-sheet[open]").wait_for()
    assert axe(page) == [], "the result sheet"


def test_an_offline_solve_posts_once_back_online_then_opens_the_walkthrough(make_page, site_server):
    today, puzzle = today_puzzle(site_server)
    player = ch.new_player(site_server, "Offline Otto")
    page = make_page()
    ch.sign_in(page, player)
    posts = []
    # Results, not openings (asked with the player's date: /plays?date=…).
    page.on("response", lambda r: r.request.method == "POST" and "/api/chain/" in r.url
            and not r.url.split("?")[0].endswith("/plays") and posts.append(r.url))
    ch.open_day(page)
    # The browser logs the post refused while the test has it offline.
    allow_failed_fetch(page, "net::ERR_INTERNET_DISCONNECTED", r"/api/chain/solves", "offline on purpose")
    page.context.set_offline(True)
    ch.click_tiles(page, ch.solving_order(puzzle))
    seen = sheet(page)
    assert seen["note"].startswith("Waiting to post")
    assert "once your result is posted" in page.text_content("#walkthrough")
    queue = page.evaluate("JSON.parse(localStorage.getItem('pb:chain:queue'))")
    assert [(q["kind"], q["path"], q["body"]["date"]) for q in queue] == [("solve", "/chain/solves", today)]
    assert site_server.get("/api/me", token=player["token"])[1]["chain"]["solved"] == 0

    page.context.set_offline(False)  # the browser's "online" event sends the queue
    page.wait_for_function("() => JSON.parse(localStorage.getItem('pb:chain:queue')).length === 0")
    page.wait_for_selector("#results-place:not([hidden])")
    page.wait_for_selector("#walkthrough .walk-steps li")
    assert page.text_content("#results-note") == "Posted to today’s board."
    me = site_server.get("/api/me", token=player["token"])[1]
    assert me["chain"] == {"solved": 1, "clean": 1, "gave_up": 0}
    page.reload()
    page.wait_for_selector("#chain-hand [data-tile]")
    page.wait_for_timeout(500)
    assert len(posts) == 1, posts



def test_a_solve_whose_answer_never_came_is_found_kept_not_posted_again(make_page, site_server):
    """Solved at a test's speed, the page left as the solve's post went: the server kept it, but the
    page never heard. The next page asks the server for the day's result and finds it kept: one post
    in all (a second, with the same ticket, was refused 409 "closed" and posted again offline)."""
    today, puzzle = today_puzzle(site_server)
    player = ch.new_player(site_server, "Hasty Hana")
    page = make_page()
    ch.sign_in(page, player)
    posts = []
    page.on("request", lambda r: r.url.endswith("/api/chain/solves") and posts.append(r))
    kept = []

    def unheard(route):
        """The first post reaches the server, which keeps it; its answer never reaches the page."""
        if kept:
            route.continue_()
        else:
            kept.append(route.fetch())

    page.route("**/api/chain/solves", unheard)
    ch.open_day(page)
    ch.click_tiles(page, ch.solving_order(puzzle))
    page.locator("#chain-results-sheet[open]").wait_for()
    while not kept:
        page.wait_for_timeout(50)
    assert kept[0].status == 200 and kept[0].json()["kept"] == "solve"
    ch.open_day(page)  # the page leaves as the post went; the next one flushes what waits
    page.wait_for_function("() => JSON.parse(localStorage.getItem('pb:chain:queue')).length === 0")
    assert page.text_content("#results-note") == "Posted to today’s board."
    assert ch.record(page, today)["posted"]["kept"] == "solve"
    page.wait_for_timeout(500)
    assert [(p.method, p.url.split("/api")[1]) for p in posts] == [("POST", "/chain/solves")]
    assert site_server.get("/api/me", token=player["token"])[1]["chain"]["solved"] == 1

# Each line box of an element's text, as the browser lays it out: one top per line.
LINES = """(els) => els.map((el) => {
  const range = document.createRange()
  range.selectNodeContents(el)
  const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
  return { text: el.textContent, lines: tops.size }
})"""
# Where a tile's digits are drawn, and its corner marks (its number, its place in the order played).
COVERS = """(tiles) => tiles.map((tile) => {
  const range = document.createRange()
  range.selectNodeContents(tile.querySelector('.tile-face'))
  const digits = range.getBoundingClientRect()
  const marks = [...tile.querySelectorAll('.tile-number, .tile-badge')].filter((mark) => mark.textContent)
  const hits = marks.filter((mark) => {
    const box = mark.getBoundingClientRect()
    const across = box.left < digits.right && digits.left < box.right
    return across && box.top < digits.bottom && digits.top < box.bottom
  })
  return { face: tile.querySelector('.tile-face').textContent, covered: hits.map((m) => m.className) }
})"""


def test_chain_on_a_320_phone_keeps_numbers_whole_and_the_card_even(make_page, site_server, axe):
    """At 320 px: two-digit tiles on one line ("+5" used to sit over "8"), the play-order badges
    and tile numbers clear of the digits, and the Target box as far from the card's edge as the
    Start box (it was 3 px against 20)."""
    today = ch.site_today(site_server)
    status, index = site_server.get("/daily/index.json")
    assert status == 200, index
    days = sorted((d for d in index["chain"] if d <= today), reverse=True)[:40]
    # A day with a six-tile hand and a two-digit tile: the widest a hand gets.
    date, puzzle = next(
        (d, p) for d in days for p in [ch.public_day(site_server, d)]
        if len(p["hand"]) == 6 and any(len(label) >= 3 for label in ch.labels(p))
    )
    page = make_page(viewport={"width": 320, "height": 568})
    ch.open_day(page, date)
    ch.click_tiles(page, ch.solving_order(puzzle)[:2])  # two badges: the order played
    page.wait_for_function("() => document.querySelectorAll('.tile-badge:not(:empty)').length === 2")
    numbers = page.locator(".tile-face, .goal-number, .chain-stats dd, .trail-value")
    numbers = numbers.evaluate_all(LINES)
    assert len(numbers) >= 6 + 2 + 5
    assert [n for n in numbers if n["lines"] != 1] == []
    assert [t for t in page.locator("#chain-hand .tile").evaluate_all(COVERS) if t["covered"]] == []
    gaps = page.evaluate("""() => {
      const card = document.querySelector('.chain-board').getBoundingClientRect()
      const boxes = [...document.querySelectorAll('.goal-box')].map((b) => b.getBoundingClientRect())
      const [start, target] = boxes
      return [start.left - card.left, card.right - target.right]
    }""")
    # The phone's play view pads the card less (it fits 320 × 568: test_phone_play.py), but evenly.
    assert gaps[0] >= 12 and abs(gaps[0] - gaps[1]) <= 1, gaps
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    assert axe(page) == []


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_refused_tile_is_marked_for_a_moment_with_or_without_motion(make_page, site_server, motion):
    """A tile that can't be played is marked refused (it shakes; with reduced motion it stands still),
    then let go: with reduced motion it once stayed marked for the rest of the game."""
    index = site_server.get("/daily/index.json")[1]
    today = ch.site_today(site_server)
    date, found = next((d, f) for d in sorted(index["chain"], reverse=True) if d <= today
                       for f in [next(ch.illegal_moves(ch.public_day(site_server, d)), None)] if f)
    page = make_page(reduced_motion=motion)
    ch.open_day(page, date)
    ch.click_tiles(page, found[0])
    tile = page.locator(f'#chain-hand [data-tile="{found[1]}"]')
    tile.click()
    assert "is-refused" in tile.get_attribute("class")
    moved = page.evaluate("(t) => getComputedStyle(t).animationName", tile.element_handle())
    assert moved == ("shake" if motion == "no-preference" else "refused")
    page.wait_for_function("(t) => !t.classList.contains('is-refused')", arg=tile.element_handle(),
                           timeout=5_000)
