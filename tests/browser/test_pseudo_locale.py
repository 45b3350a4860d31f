"""Every word a page shows or says comes from a catalog: every page of the site, and the states where
most words appear, opened in the pseudo-locale (docs/languages.md, "The pseudo-locale"), where every
catalog's word is marked and has no plain ASCII letter, so any English word left is one no catalog
gave. Checked: every visible text, the title, every aria-label, title, placeholder, alt and button
value of what is shown, what the live regions announce and what a dialog asks (tests/pseudo_check.py
says what is not a word: names, numbers, dates, moves, a player's own words).

The pages are the ones the build wrote in the pseudo-locale (a new page is opened with no change
here); one width, one colour scheme (the layouts are tests/browser/test_no_sideways_scroll.py's).
Marked `pseudo`: `make test` runs it (`make test-pseudo` alone); it fails naming each page's words
that are not a catalog's.
"""

from __future__ import annotations

import datetime as dt
import time
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.languages import PSEUDO
from puzzlebook.tickets import FLOOR_ALLOWANCE_MS
from tests.browser import chain_helpers as chain
from tests.browser import chess_helpers as chess
from tests.browser.conftest import (
    LAPTOP,
    SiteServer,
    allow_console,
    need_chromium,
    start_server,
    stop_server,
)
from tests.browser.page_checks import SETTLED, WORDS
from tests.pseudo_check import pseudo_pages, report, unmarked
from tests.site_seed import PSEUDO_ENV, pseudo_seed_folder, shared_folder

pytestmark = [pytest.mark.browser, pytest.mark.pseudo, pytest.mark.xdist_group("browser-pseudo_locale")]

P = PSEUDO.prefix  # /en-xa

# Recorded from before any page script runs: every text a live region is given (a screen reader's
# announcements), kept until the test reads it.
ANNOUNCED = """
window.__announced = [];
new MutationObserver((records) => {
  for (const r of records) {
    const node = r.target.nodeType === 1 ? r.target : r.target.parentElement;
    const live = node && node.closest(
      '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"], output');
    const text = live && live.textContent.replace(/\\s+/g, ' ').trim();
    if (text) window.__announced.push(text);
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""

# The world's people and things have names of their own, in Greek: what a player or teacher writes is
# theirs, never the site's words, and no Greek word is an English one the check could miss.
TEACHER, STUDENTS, FRIEND = "Ὑπατία Θέωνος", ["Ἀχιλλεύς", "Ὀδυσσεύς"], "Πηνελόπη"
CLASS, CLUB, LESSON = "Τάξη τῶν πύργων", "Λέσχη σκακιοῦ", "Μάθημα πρῶτο"
LESSON_PUZZLE = {
    "title": "Σούβλα στὴν τετάρτη", "intro": "Ὁ βασιλιὰς καὶ ὁ πύργος στὴν ἴδια γραμμή.",
    "fen": "8/8/8/8/3k3r/8/8/R5K1 w - - 0 1", "playerColor": "white",
    "moves": [{"uci": "a1a4", "comment": "Σάχ!", "hint": "Δῶσε σάχ."}, {"uci": "d4e3"},
              {"uci": "a4h4", "comment": "Ὁ πύργος πέφτει."}],
}
THEIRS = [TEACHER, *STUDENTS, FRIEND, CLASS, CLUB, LESSON, *(v for v in LESSON_PUZZLE.values()
                                                            if isinstance(v, str))]


@dataclass
class World:
    """The people and things the pages show, made through the pseudo-locale's server's API."""

    today: str
    band: str
    daily: Puzzle
    chain_day: dict[str, Any]  # today's Chain, as published
    teacher: dict[str, Any]
    klass: str
    lesson: str
    found: dict[str, list[str]] = field(default_factory=dict)  # where -> its words no catalog gave
    asked: list[str] = field(default_factory=list)  # what the page's dialogs asked since the last look


@pytest.fixture(scope="module")
def pseudo_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    """`build.py serve` writing and speaking the pseudo-locale, over a copy of the run's pseudo seed."""
    need_chromium()
    shared = shared_folder(tmp_path_factory.getbasetemp())
    server = start_server(tmp_path_factory.mktemp("pseudo"), pseudo_seed_folder(shared), shared,
                          PSEUDO_ENV)
    yield server
    stop_server(server)


@pytest.fixture(scope="module")
def world(pseudo_server: SiteServer, bundle: Any) -> World:
    """A teacher who follows a friend (and is followed back), with a class of two students who played
    its lesson, in a club with them; today's dailies."""
    server = pseudo_server
    today = chain.site_today(server)
    status, daily = server.get(f"/daily/chess/{today}.json")
    assert status == 200, daily
    entry = daily["dailies"][0]
    teacher, friend = chain.new_player(server, TEACHER), chain.new_player(server, FRIEND)
    students = [chain.new_player(server, name) for name in STUDENTS]
    for one, other in ((teacher, friend), (friend, teacher)):
        status, mine = server.get("/api/me/follow", token=other["token"])
        assert status == 200, mine
        status, body = server.post("/api/follows", {"code": mine["code"]}, token=one["token"])
        assert status == 200, body
    status, made = server.request("POST", "/api/lessons?name=" + urllib.parse.quote(LESSON), [LESSON_PUZZLE],
                                  token=teacher["token"])
    assert status == 201, made
    lesson = made["id"]
    status, klass = server.post("/api/classes", {"name": CLASS}, token=teacher["token"])
    assert status == 201, klass
    code = klass["join_url"].split("code=")[1]
    tickets = []
    for student in students:
        joining = {"name": student["name"], "code": code}
        status, body = server.post(f"/api/classes/{klass['id']}/students", joining, token=student["token"])
        assert status == 200, body
        status, issued = server.post(f"/api/lessons/{lesson}/tickets", {"puzzle": 1}, token=student["token"])
        assert status == 200, issued
        tickets.append(issued["ticket"])
    moves = len(LESSON_PUZZLE["moves"]) // 2 + 1  # the student's, a second each at least
    time.sleep(max(0.0, moves - FLOOR_ALLOWANCE_MS / 1000) + 0.3)
    for n, (student, ticket) in enumerate(zip(students, tickets, strict=True)):
        status, body = server.post(f"/api/lessons/{lesson}/results",
                                   {"puzzle": 1, "solved": True, "clean": n == 0, "mistakes": n, "hints": n,
                                    "seconds": moves, "ticket": ticket}, token=student["token"])
        assert status == 200, body
    status, body = server.request("PUT", f"/api/classes/{klass['id']}/lessons/{lesson}", None,
                                  token=teacher["token"])
    assert status == 200, body
    status, club = server.post("/api/clubs", {"name": CLUB}, token=teacher["token"])
    assert status == 201, club
    chain_day = chain.public_day(server, today)

    def friend_played(store: Any, day: dt.date, now: dt.datetime) -> None:
        """The friend's Chain of today, kept as a post ends (a ticket would wait a second a tile)."""
        from puzzlebook.chain.results import Solve
        from service.games.chain.records import ChainRecords

        solve = Solve(today, chain.solving_order(chain_day), 95, 1, 0)
        assert ChainRecords(store).record_chain_solve(friend["id"], solve, today=day, now=now).daily

    server.keep_results(friend_played)
    return World(today=today, band=entry["band"], teacher=teacher, klass=klass["id"], lesson=lesson,
                 daily=Puzzle.from_row(bundle.row(entry["band"], entry["id"]), entry["band"]),
                 chain_day=chain_day)


def open_page(make_page: Callable[..., Any], server: SiteServer, world: World,
              player: dict[str, Any] | None = None) -> Any:
    page = make_page(viewport=LAPTOP, base_url=server.url)
    page.context.add_init_script(ANNOUNCED)

    def asked(dialog: Any) -> None:
        world.asked.append(dialog.message)
        dialog.accept()

    page.on("dialog", asked)
    if player:
        chain.sign_in(page, player)
    return page


def look(page: Any, world: World, where: str) -> None:
    """Note the words the page shows and says now that no catalog gave, under `where`."""
    page.evaluate(SETTLED)
    words = [tuple(pair) for pair in page.evaluate(WORDS)]
    words += [("asked", text) for text in world.asked]
    world.asked.clear()
    name = page.url.removeprefix(urllib.parse.urljoin(page.url, "/")[:-1])  # the address without its origin
    bad = unmarked(words, THEIRS)
    if bad:
        world.found[f"{name} ({where})" if where else name] = bad


def test_every_page_opened_says_only_words_from_a_catalog(make_page: Callable[..., Any],
                                                          pseudo_server: SiteServer, world: World) -> None:
    page = open_page(make_page, pseudo_server, world)
    # Pages that need an id (a class's, a lesson's) are opened bare here: their own "not found" words
    # are what is checked, and their failed asks for it are expected (their states are the next test's).
    allow_console(page, r"^Failed to load resource: the server responded with a status of 4\d\d",
                  "pages that need an id, opened without one")
    world.found.clear()
    pages = pseudo_pages(pseudo_server.dist)
    assert f"{P}/" in pages and f"{P}/chain/" in pages
    for url in pages:
        page.goto(url)
        page.wait_for_load_state("load")
        look(page, world, "")
    if world.found:
        pytest.fail(report(world.found), pytrace=False)


def _chess_daily(page: Any, world: World) -> None:
    """The daily: playing, its how-to-play sheet, solved and its results sheet."""
    page.goto(f"{P}/#/daily/{world.band}")
    chess.wait_ready(page)
    look(page, world, "the daily, playing")
    page.keyboard.press("?")
    page.wait_for_selector("#howto-sheet[open]")
    look(page, world, "how to play")
    page.keyboard.press("Escape")
    # The board stays covered until the dialog's close event, a task of its own that Chromium may run
    # after a tap already queued (input first): a tap before it lands on the cover, as a person's would.
    page.wait_for_selector("#board-cover", state="hidden")
    chess.solve(page, world.daily)
    page.wait_for_selector("#results-sheet[open]")  # it opens by itself a moment after the solve
    look(page, world, "the daily solved, its results")


def _chain(page: Any, world: World) -> None:
    """Today's Chain, solved: its results sheet."""
    page.goto(f"{P}/chain/")
    page.wait_for_selector("#chain-hand [data-tile]")
    look(page, world, "playing")
    chain.click_tiles(page, chain.solving_order(world.chain_day))
    page.wait_for_selector("#chain-results-sheet[open]")  # it opens by itself a moment after the solve
    # Its walkthrough comes once the solve is posted, a second a move after the ticket: the words are
    # looked at with it, never before it came (CI once looked at them with it, and once without).
    page.wait_for_selector("#walkthrough .walk-steps li")
    look(page, world, "solved, its results")


def _run_ended(game: str) -> Callable[[Any, World], None]:
    """Storm's or Streak's run started, ended, and its results sheet."""

    def run(page: Any, world: World) -> None:
        page.goto(f"{P}/{game}/")
        page.click("#start-button:not([disabled])")
        chess.wait_ready(page)
        look(page, world, "playing")
        page.click("#end-button")
        page.click("#end-yes")
        page.wait_for_selector("#results-sheet[open]")
        page.wait_for_function("() => document.getElementById('results-rank').textContent !== ''")
        look(page, world, "the run ended, its results")

    return run


def _opened(path: str, ready: str) -> Callable[[Any, World], None]:
    def run(page: Any, world: World) -> None:
        page.goto(P + path.format(**vars(world)))
        page.wait_for_selector(ready)
        look(page, world, "signed in")

    return run


def _class_as_teacher(page: Any, world: World) -> None:
    page.goto(f"{P}/classes/class/?id={world.klass}")
    page.wait_for_selector("#teacher-view:not([hidden])")
    page.click(f"[data-lesson='{world.lesson}'] button.button-primary")
    page.wait_for_selector("#results-scroll table")
    look(page, world, "the teacher, a lesson's results")


STATES = [
    _chess_daily,
    _chain,
    _run_ended("storm"),
    _run_ended("streak"),
    _class_as_teacher,
    _opened("/friends/", "#follows-list li"),
    _opened("/account/", "#account-player:not([hidden])"),
    _opened("/lessons/", "[data-lesson] button[aria-controls]"),
    _opened("/lessons/play/?id={lesson}", '.board-grid[aria-disabled="false"]'),
    _opened("/boards/#/friends/chain", "#friends-board table"),
    _opened("/dashboard/", "body[data-dashboard=ready]"),
    _opened("/race/", "#make-button:not([disabled])"),
]


def test_the_main_states_say_only_words_from_a_catalog(make_page: Callable[..., Any],
                                                       pseudo_server: SiteServer, world: World) -> None:
    """Signed in as the teacher: the daily solved, a sheet open, Chain's results, Storm's and Streak's
    end, a class's page, the friends page, and the pages a player's own things fill."""
    page = open_page(make_page, pseudo_server, world, world.teacher)
    world.found.clear()
    for state in STATES:
        state(page, world)
    if world.found:
        pytest.fail(report(world.found), pytrace=False)
