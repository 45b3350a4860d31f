"""No page scrolls sideways on a phone (320, 360 and 390 px) or a laptop
(1280 px), light or dark.

Every page of the built site is walked, in the states a person sees: the
boards hold rows (posted through the API first, by players with the longest
names the API takes), the lessons page a lesson with its results open, the
games their play views and result sheets. A test below fails when a page is
added to the site without being walked here. Every page is opened again in every language by
tests/browser/test_every_language.py; two faults of longer words that stay within the screen are
checked here (a label past its card, the nav on two lines).
"""

from __future__ import annotations

import datetime as dt
import json
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.languages import strip_prefix
from puzzlebook.tickets import FLOOR_ALLOWANCE_MS
from tests.browser import chain_helpers as chain
from tests.browser import chess_helpers as chess
from tests.browser.account_helpers import add_passkey, authenticator
from tests.browser.page_checks import sideways

# Its module fixture is made once: the module's tests run on one worker (tests/xdist_groups.py).
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser-no_sideways_scroll")]

WIDTHS = [320, 360, 390, 1280]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "lessons"
# The format guide's worked examples live beside its page, which includes them.
EXAMPLES = Path(__file__).resolve().parents[2] / "site" / "templates" / "lessons" / "_examples"

# The longest names the API takes (24 characters): one with no place to break,
# in wide letters, and ordinary long ones.
NAMES = ["W" * 24, "Maximiliana Wolfeschlege", "Ωμέγα" * 4 + "Ωμέγ", "Bartholomew Featherstone"]

@dataclass
class World:
    """What the module posted, so the views can show it."""

    today: str
    past: str
    player: dict[str, Any]
    lesson: str
    band: str
    klass: str = ""
    code: str = ""
    student: dict[str, Any] = field(default_factory=dict)
    daily_id: str = ""
    storm_first: Any = None  # today's Storm run's first puzzle (a Puzzle)
    follow_code: str = ""  # the third player's, whom the student follows
    club: str = ""  # a club of the longest name the API takes, the student's, the others in it
    club_code: str = ""


@dataclass(frozen=True)
class View:
    """A page in one state: its address, whether the long-named player is
    signed in, and what to do once it is open (wait for it, open a sheet)."""

    name: str
    path: str  # may name the world's fields: "/#/daily/{band}"
    ready: Callable[[Any, World], None] = field(default=lambda page, world: None)
    signed_in: bool = False

    def url(self, world: World) -> str:
        return self.path.format(**vars(world))


@pytest.fixture(scope="module")
def world(site_server: Any, bundle: Any) -> World:
    """Fill every board through the API with long names, and import a lesson."""
    today = chain.site_today(site_server)
    puzzle = chain.public_day(site_server, today)
    status, daily = site_server.get(f"/daily/chess/{today}.json")
    assert status == 200, daily
    entry = daily["dailies"][0]
    status, storm_day = site_server.get(f"/daily/storm/{today}.json")
    assert status == 200, storm_day
    status, streak_day = site_server.get(f"/daily/streak/{today}.json")
    assert status == 200, streak_day
    chess_puzzle = Puzzle.from_row(bundle.row(entry["band"], entry["id"]), entry["band"])
    players = [chain.new_player(site_server, name) for name in NAMES]
    heat_puzzles = [Puzzle.from_row(row, "Medium") for row in bundle.rows("Medium")[:12]
                    if row[0] not in bundle.retired and row[0] != chess_puzzle.id]

    def keep(store: Any, day: dt.date, now: dt.datetime) -> None:
        # Slow and untidy results make the widest cells: 9:59:59, two-digit counts. No ticket allows a
        # ten-hour solve in a test's time, so they go straight to the store, as a post would end.
        from puzzlebook.chain.results import Solve
        from puzzlebook.chess.results import SolvePost
        from service.games.chain.records import ChainRecords
        from service.games.chess.records import ChessRecords

        for k, player in enumerate(players):
            solve = Solve(today, chain.solving_order(puzzle), 35999 - k, 99, 99)
            assert ChainRecords(store).record_chain_solve(player["id"], solve, today=day, now=now).daily
            clean = k % 2 == 0  # some clean, for the all-time board; some not
            post = SolvePost(
                puzzle_id=chess_puzzle.id, band=chess_puzzle.band, puzzle_rating=chess_puzzle.rating,
                moves=chess_puzzle.solution, mistakes=0 if clean else 99, hints=0 if clean else 99,
                seconds=35999 - k, on=day, daily_of=day,
            )
            assert ChessRecords(store).record_solve(player["id"], post, now).daily
        # The students' own puzzles, of many themes, so the class's heatmap is wide (off the boards).
        for k, student in enumerate(players[1:]):
            for n, extra in enumerate(heat_puzzles):
                post = SolvePost(
                    puzzle_id=extra.id, band=extra.band, puzzle_rating=extra.rating, moves=extra.solution,
                    mistakes=0, hints=0 if (n + k) % 3 else 1, seconds=30, on=day, themes=tuple(extra.themes),
                )
                ChessRecords(store).record_solve(student["id"], post, now - dt.timedelta(minutes=n + 1),
                                                 on_boards=False)

    site_server.keep_results(keep)
    # A ranked Storm run each, solved up to its first puzzle, and a ranked Streak run, its first puzzle
    # solved and the second missed. Every run is opened first and all are posted once the longest has
    # had its second a move: how many moves a day's first puzzle takes depends on the day.
    runs = []
    for player in players:
        for game, day_file in (("storm", storm_day), ("streak", streak_day)):
            status, started = site_server.post(f"/api/{game}/runs", {}, token=player["token"])
            assert status == 200, started
            first = day_file["puzzles"][0][2].split()[1::2]
            runs.append((game, started["ticket"], first, player["token"]))
    time.sleep(max(len(first) for _, _, first, _ in runs) - FLOOR_ALLOWANCE_MS / 1000 + 0.3)
    for game, ticket, first, token in runs:
        status, body = site_server.post(
            f"/api/{game}/results",
            {"date": today, "ticket": ticket, "moves": [first], "seconds": len(first)},
            token=token,
        )
        assert status == 200, body
    guide = json.loads((EXAMPLES / "guide_lesson.json").read_text(encoding="utf-8"))
    lesson = site_server.request(
        "POST", "/api/lessons?name=" + urllib.parse.quote("A lesson with a rather long name " * 3),
        guide, token=players[0]["token"],
    )
    assert lesson[0] == 201, lesson
    klass, code = _class_with_results(site_server, players, lesson[1]["id"])
    follow_code, club, club_code = _friends_and_club(site_server, players)
    # A past day ended everywhere (yesterday may still be the date at UTC-12), so its Chain
    # walkthrough is open to all.
    past = (dt.date.fromisoformat(today) - dt.timedelta(days=2)).isoformat()
    site_server.publish()  # the boards page reads each board's snapshot
    return World(today=today, past=past, player=players[0], lesson=lesson[1]["id"], band=entry["band"],
                 klass=klass, code=code, student=players[1], daily_id=entry["id"],
                 storm_first=Puzzle.from_row([*storm_day["puzzles"][0][:4], ""], ""),
                 follow_code=follow_code, club=club, club_code=club_code)


def _friends_and_club(site_server: Any, players: list[dict[str, Any]]) -> tuple[str, str, str]:
    """The players with the longest names follow each other (their results on each other's friends'
    boards, their friend streaks), but for the teacher following their students (a class's student is
    followed by classmates only), and are in a club of the longest name a club takes, the student's:
    (the third player's follow code, the club's id, its join code)."""
    codes = []
    for player in players:
        status, mine = site_server.get("/api/me/follow", token=player["token"])
        assert status == 200, mine
        codes.append(mine["code"])
    for player in players:
        for code in codes:
            status, body = site_server.post("/api/follows", {"code": code}, token=player["token"])
            assert status in (200, 404, 422), body  # 404: a student, to their teacher; 422: their own
    status, club = site_server.post("/api/clubs", {"name": "W" * 40}, token=players[1]["token"])
    assert status == 201, club
    join = club["join_link"].split("code=")[1]
    for player in (players[0], *players[2:]):
        status, body = site_server.post(f"/api/clubs/{club['id']}/join", {"code": join},
                                        token=player["token"])
        assert status == 200, body
    return codes[2], club["id"], join


def _class_with_results(site_server: Any, players: list[dict[str, Any]], lesson: str) -> tuple[str, str]:
    """A class of the longest name, taught by the first player, the others its students (with the
    longest names), the lesson assigned and each student's results on it."""
    status, made = site_server.post("/api/classes", {"name": "W" * 60}, token=players[0]["token"])
    assert status == 201, made
    code = made["join_url"].split("code=")[1]
    for n, student in enumerate(players[1:]):
        joining = {"name": student["name"], "code": code}
        url = f"/api/classes/{made['id']}/students"
        status, body = site_server.post(url, joining, token=student["token"])
        assert status == 200, body
        for puzzle in range(1, 4 - n):
            status, issued = site_server.post(f"/api/lessons/{lesson}/tickets", {"puzzle": puzzle},
                                              token=student["token"])
            assert status == 200, issued
            site_server.post(f"/api/lessons/{lesson}/results",
                             {"puzzle": puzzle, "solved": puzzle != 2, "clean": n == 0, "mistakes": n * 9,
                              "hints": n, "seconds": 0, "ticket": issued["ticket"]}, token=student["token"])
    status, body = site_server.request("PUT", f"/api/classes/{made['id']}/lessons/{lesson}", None,
                                       token=players[0]["token"])
    assert status == 200, body
    return made["id"], code


def _wait(selector: str) -> Callable[[Any, World], None]:
    return lambda page, world: page.wait_for_selector(selector)


def _board(board: str, empty: bool = False) -> View:
    """`empty`: nobody in the world qualifies for it (the ratings board wants 30 rated results), so
    the page is ready with its "no one on this board yet" line instead of a table."""

    def ready(page: Any, world: World) -> None:
        page.wait_for_selector("#board-body p.muted" if empty else "#board-body table")

    return View(f"boards {board}", f"/boards/#/{board}", ready, signed_in=True)


def _chess_results(page: Any, world: World) -> None:
    """The results sheet of the day's daily. The world's player solved it in nine hours and more, kept
    on the server, so signed in it opens finished (the widest times); a guest shows the solution."""
    page.wait_for_selector('.board-grid[aria-disabled="false"], #play-done:not([hidden])')
    if page.is_visible("#play-done"):
        page.click("#results-button")
    else:
        page.click("#solution-button")
        page.click("#solution-yes")
    page.wait_for_selector("#results-sheet[open]")


def _review_due(ready: str) -> Callable[[Any, World], None]:
    """The review holding the day's daily, missed yesterday: due today (review/keep.js's shape)."""

    def fill(page: Any, world: World) -> None:
        queue = {"cards": [{"band": world.band, "id": world.daily_id, "results": [[world.past, "miss"]]}]}
        page.evaluate("(q) => localStorage.setItem('pb:chess:review', JSON.stringify(q))", queue)
        page.reload()
        page.wait_for_selector(ready)

    return fill


def _chess_voted(page: Any, world: World) -> None:
    """The done box with the vote given and the report's reasons open (docs/votes.md)."""
    _chess_results(page, world)
    page.click("#results-sheet [data-close]")
    page.click("#vote-down")
    page.click("#report-button")
    page.click('[data-reason="several-moves"]')


def _chess_analysis(page: Any, world: World) -> None:
    """The analysis view after the daily's solution was shown, the engine's evaluation done."""
    _chess_results(page, world)
    page.click("#results-analysis")
    page.wait_for_selector('#analysis-eval[data-done="true"]', timeout=30_000)


def _chess_howto(page: Any, world: World) -> None:
    chess.wait_ready(page)
    page.keyboard.press("?")
    page.wait_for_selector("#howto-sheet[open]")


def _ways_back_in(page: Any, world: World) -> None:
    """The account page with a passkey of the longest name and a set of recovery codes on show."""
    page.wait_for_selector("#account-player:not([hidden])")
    page.wait_for_function("() => document.getElementById('codes-state').textContent !== ''")
    authenticator(page)
    add_passkey(page, "W" * 24)
    page.click("#codes-make")
    # Opened again (the checks below), the player already has codes: new ones are asked for.
    page.wait_for_selector("#codes-shown:not([hidden]), #codes-confirm:not([hidden])")
    if page.is_visible("#codes-confirm"):
        page.click("#codes-yes")
    page.wait_for_selector("#codes-shown:not([hidden])")


def _signin_ways(page: Any, world: World) -> None:
    page.wait_for_selector("#signin-ways:not([hidden])")


def _chain_walkthrough(page: Any, world: World) -> None:
    page.wait_for_selector("#chain-hand [data-tile]")
    page.click("#giveup-button")
    page.click("#giveup-yes")
    page.wait_for_selector("#chain-results-sheet[open]")


def _chain_results(page: Any, world: World) -> None:
    """Today's Chain, solved on the server (the world's player), opened finished: its sheet, with the
    people they follow under the figures."""
    page.wait_for_selector("#chain-done:not([hidden])")
    page.click("#results-button")
    page.wait_for_selector("#chain-results-sheet[open] #friends-panel:not([hidden]) .friends-rows li")


def _student(ready: str) -> Callable[[Any, World], None]:
    """The page as the class's student, who follows the others and owns the club."""

    def signed(page: Any, world: World) -> None:
        chain.sign_in(page, world.student)
        page.reload()
        page.wait_for_selector(ready)

    return signed


def _friends_asking(page: Any, world: World) -> None:
    """The friends page with a row asking whether to block its person."""
    _student("#follows-list li")(page, world)
    page.click("#follows-list li button[data-act=block]")
    page.wait_for_selector("#follows-list .person-confirm")


COUNTED = "() => !['', 'Counting…'].includes(document.getElementById('stats-source').textContent)"


def _stats_open(ready: str) -> Callable[[Any, World], None]:
    """The page ready, then its stats panel opened and counted (docs/site.md, "Stats")."""

    def run(page: Any, world: World) -> None:
        page.wait_for_selector(ready)
        page.click("#stats-button")
        page.wait_for_selector("#stats-sheet[open]")
        page.wait_for_function(COUNTED)

    return run


def _results_open(page: Any, world: World) -> None:
    page.click(f"[data-lesson='{world.lesson}'] button[aria-controls]")
    page.wait_for_selector(f"[data-lesson='{world.lesson}'] table")


def _class_table(page: Any, world: World) -> None:
    page.wait_for_selector("#teacher-view:not([hidden])")
    page.click(f"[data-lesson='{world.lesson}'] button.button-primary")
    page.wait_for_selector("#results-scroll table")


def _as_student(page: Any, world: World) -> None:
    chain.sign_in(page, world.student)
    page.reload()
    page.wait_for_selector(".own-results")


def _race_lobby(page: Any, world: World) -> None:
    """A race made by the long-named player: its lobby, the link to share, Start."""
    page.click("#make-button:not([disabled])")
    page.wait_for_selector("#race-lobby:not([hidden]) #start-button")


def _live_student(page: Any, world: World) -> None:
    """A student of the long-named class on its live page, no session open: waiting for one."""
    chain.sign_in(page, world.student)
    page.reload()
    page.wait_for_function(
        "() => document.getElementById('live-status').textContent.startsWith('No live session')")


def _edit_loaded(page: Any, world: World) -> None:
    page.wait_for_function("() => document.getElementById('import-text').value.length > 0")
LONG_MIX_NAME = "Forks%2C%20pins%20and%20skewers%20at%20club%20level"  # 37 of the 40 characters


def _mix_saved(page: Any, world: World) -> None:
    """A shared mix's link opened and the mix saved under its (long) name."""
    page.wait_for_selector("#mix-count:not(:empty)")
    page.click("#mix-save")
    page.wait_for_selector("#mix-saved li")


def _storm_play(page: Any, world: World) -> None:
    page.click("#start-button:not([disabled])")
    chess.wait_ready(page)


def _storm_results(page: Any, world: World) -> None:
    _storm_play(page, world)
    page.click("#end-button")
    page.click("#end-yes")  # End the run asks first (issue 40), as Streak's does
    page.wait_for_selector("#results-sheet[open]")
    page.wait_for_function("() => document.getElementById('results-rank').textContent !== ''")


def _storm_review(page: Any, world: World) -> None:
    """The run over and its sheet closed: the review of each puzzle tried (docs/storm.md)."""
    _storm_play(page, world)
    puzzle = world.storm_first
    chess.click_move(page, chess.find_wrong_move(puzzle, 1), chess.solver_color(puzzle))
    page.wait_for_function("() => document.getElementById('board-frame').dataset.puzzle === '2'")
    page.click("#end-button")
    page.click("#end-yes")
    page.wait_for_selector("#results-sheet[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#storm-review:not([hidden]) li")


def _streak_play(page: Any, world: World) -> None:
    page.click("#start-button:not([disabled])")
    chess.wait_ready(page)


def _streak_results(page: Any, world: World) -> None:
    _streak_play(page, world)
    page.click("#end-button")
    page.click("#end-yes")
    page.wait_for_selector("#results-sheet[open]")
    page.wait_for_function("() => document.getElementById('results-rank').textContent !== ''")


def _import_checked(page: Any, world: World) -> None:
    broken = [{"fen": "not a position", "playerColor": "white", "moves": [{"uci": "a1a8"}],
               "title": "A puzzle whose title is long enough to wrap " * 2}]
    page.fill("#import-text", json.dumps(broken))
    page.click("#check-button")
    page.wait_for_selector(".import-problem")


def _engine_checked(page: Any, world: World) -> None:
    """A valid lesson whose line loses a piece, checked by the engine: its warning beside the puzzle."""
    losing = [{"fen": "r1b1kbnr/pppp1ppp/2n2q2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1",
               "playerColor": "white", "moves": [{"uci": "f3e5"}, {"uci": "c6e5"}, {"uci": "d2d4"}],
               "title": "A puzzle whose title is long enough to wrap " * 2}]
    page.fill("#import-text", json.dumps(losing))
    page.click("#check-button")
    page.wait_for_selector("body[data-engine-check=done] .engine-finding", timeout=180_000)


# A guest's log of long-named themes, each played often enough to be charted (chess/store.js's log).
LONG_THEMES = [
    "discoveredAttack", "attackingF2F7", "exposedKing", "backRankMate", "doubleCheck", "intermezzo"
]


def _guest_log(ready: str) -> Callable[[Any, World], None]:
    def fill(page: Any, world: World) -> None:
        log = [
            {"id": f"g{k:04d}", "band": "Expert", "rating": 2900 + k, "themes": LONG_THEMES,
             "result": ["clean", "help", "missed", "shown"][k % 4], "day": world.today,
             "posted": f"{world.today}T09:00:00.000Z", "before": None, "after": None, "change": None}
            for k in range(24)
        ]
        page.evaluate("(log) => localStorage.setItem('pb:chess:log', JSON.stringify(log))", log)
        page.reload()
        page.wait_for_selector(ready, state="attached")

    return fill


VIEWS = [
    View("home", "/", _wait(".daily-item")),
    View("home, player card", "/#/you", _wait(".daily-item"), signed_in=True),
    View("chess daily", "/#/daily/{band}", lambda page, world: chess.wait_ready(page)),
    View("chess how to play sheet", "/#/daily/{band}", _chess_howto),
    View("chess results sheet", "/#/daily/{band}", _chess_results, signed_in=True),
    View("chain results sheet, the people you follow", "/chain/", _chain_results, signed_in=True),
    View("chess done, voted and reporting", "/#/daily/{band}", _chess_voted, signed_in=True),
    View("chess done, a guest's vote", "/#/daily/{band}", _chess_voted),
    View("chess analysis", "/#/daily/{band}", _chess_analysis),
    View("chess stats panel", "/#/daily/{band}", _stats_open(".board-grid"), signed_in=True),
    View("chess stats panel, a guest", "/#/daily/{band}", _stats_open(".board-grid")),
    View("about", "/about/"),
    View("review", "/review/"),
    View("home, review due", "/", _review_due("#review-card:not([hidden]) #review-start:not([hidden])")),
    View("chess review play", "/#/review", _review_due('.board-grid[aria-disabled="false"]')),
    View("themes", "/themes/", _wait("a[data-theme='fork']")),
    View("themes, a mix saved", "/themes/#/mix/fork,pin,skewer/1400-1700/" + LONG_MIX_NAME, _mix_saved),
    View("chain today", "/chain/", _wait("#chain-hand [data-tile]")),
    View("chain past day, walkthrough", "/chain/#/{past}", _chain_walkthrough),
    View("chain stats panel", "/chain/", _stats_open("#chain-hand [data-tile]"), signed_in=True),
    View("chain how-to", "/howto/chain/"),
    View("storm", "/storm/", _wait("#start-button:not([disabled])")),
    View("storm, signed in with runs", "/storm/", _wait("#mine:not([hidden])"), signed_in=True),
    View("storm playing", "/storm/", _storm_play),
    View("storm results sheet", "/storm/", _storm_results, signed_in=True),
    View("storm run review", "/storm/", _storm_review),
    View("storm past day", "/storm/#/{past}", _wait("#start-button:not([disabled])")),
    View("storm how-to", "/howto/storm/"),
    View("streak", "/streak/", _wait("#start-button:not([disabled])")),
    View("streak, signed in with runs", "/streak/", _wait("#mine:not([hidden])"), signed_in=True),
    View("streak playing", "/streak/", _streak_play),
    View("streak results sheet", "/streak/", _streak_results, signed_in=True),
    View("streak past day", "/streak/#/{past}", _wait("#start-button:not([disabled])")),
    View("streak how-to", "/howto/streak/"),
    View("chess how-to", "/howto/chess/"),
    View("chain strategy guide", "/chain/strategy/"),
    View("chain difficulty guide", "/chain/difficulty/"),
    View("archive", "/archive/", _wait("#archive-list a")),
    View("archive, three chess dailies", "/archive/#/chess/2026-10-01", _wait("#chess-day-list a")),
    _board("chess/daily"),
    _board("chess/alltime"),
    _board("chess/ratings", empty=True),
    _board("chess/streaks"),
    _board("chain/daily"),
    _board("chain/streaks"),
    _board("storm/daily"),
    _board("storm/best"),
    _board("streak/daily"),
    _board("streak/best"),
    View("account", "/account/", _wait("#account-anonymous:not([hidden])")),
    View("account, signed in", "/account/", _wait("#account-player:not([hidden])"), signed_in=True),
    View("account, a passkey and recovery codes", "/account/", _ways_back_in, signed_in=True),
    View("dashboard", "/dashboard/", _wait("body[data-dashboard=ready]")),
    View("dashboard, a guest's themes", "/dashboard/?days=7",
         _guest_log("body[data-dashboard=ready] #theme-rows tr")),
    View("dashboard, signed in", "/dashboard/", _wait("body[data-dashboard=ready]"), signed_in=True),
    View("history", "/history/", _wait("body[data-history=ready]")),
    View("history, a guest's puzzles", "/history/", _guest_log("body[data-history=ready] #history-rows tr")),
    View("history, signed in", "/history/", _wait("body[data-history=ready] #history-rows tr"),
         signed_in=True),
    View("lessons", "/lessons/"),
    View("lessons, with results", "/lessons/", _results_open, signed_in=True),
    View("lessons new", "/lessons/new/"),
    View("lessons new, checked", "/lessons/new/", _import_checked, signed_in=True),
    View("lessons new, the engine's warnings", "/lessons/new/", _engine_checked, signed_in=True),
    View("lesson play", "/lessons/play/?id={lesson}", lambda page, world: chess.wait_ready(page)),
    View("lesson format guide", "/lessons/format/"),
    View("lesson edit", "/lessons/edit/?id={lesson}", _edit_loaded, signed_in=True),
    View("classes", "/classes/", _wait("#classes-player:not([hidden])")),
    View("classes, signed in", "/classes/", _wait("#teaching-list li"), signed_in=True),
    View("class, the teacher's table", "/classes/class/?id={klass}", _class_table, signed_in=True),
    View("class, the teacher's progress", "/classes/class/?id={klass}",
         _wait("body[data-heatmap=ready-30] #progress-scroll table"), signed_in=True),
    View("class, a student", "/classes/class/?id={klass}", _as_student),
    View("dashboard, a student's to their teacher", "/dashboard/?class={klass}&student={student[id]}",
         _wait("body[data-dashboard=ready]"), signed_in=True),
    View("history, a student's to their teacher", "/history/?class={klass}&student={student[id]}",
         _wait("body[data-history=ready] #history-rows tr"), signed_in=True),
    View("class join", "/classes/join/?id={klass}&code={code}", _wait("#join-form:not([hidden])")),
    View("boards, friends", "/boards/#/friends/chain", _student("#friends-board table")),
    View("boards, friends' week", "/boards/#/friends/chess/week", _student("#friends-board table")),
    View("boards, friends, a guest", "/boards/#/friends", _wait("#friends-board .social-invite")),
    View("friends", "/friends/", _wait("#friends-guest:not([hidden])")),
    View("friends, signed in", "/friends/", _student("#follows-list li")),
    View("friends, asking to block", "/friends/", _friends_asking),
    View("follow link, a guest", "/friends/follow/?code={follow_code}", _wait("#follow-guest:not([hidden])")),
    View("follow link, followed", "/friends/follow/?code={follow_code}",
         _student("#follow-done:not([hidden])")),
    View("club", "/friends/club/?id={club}#/chain", _student("#club-board table")),
    View("club, its week", "/friends/club/?id={club}#/storm/week", _student("#club-board table")),
    View("club join, a guest", "/friends/clubs/join/?id={club}&code={club_code}",
         _wait("#join-guest:not([hidden])")),
    View("club join, signed in", "/friends/clubs/join/?id={club}&code={club_code}",
         _wait("#join-offer:not([hidden])"), signed_in=True),
    View("class live, the teacher opening it", "/classes/live/?id={klass}&lesson={lesson}",
         _wait("#open-form:not([hidden])"), signed_in=True),
    View("class live, a student waiting", "/classes/live/?id={klass}", _live_student),
    View("class live, a guest", "/classes/live/?id={klass}", _wait("#notice-view:not([hidden])")),
    View("race", "/race/", _wait("#make-button:not([disabled])"), signed_in=True),
    View("race, a guest", "/race/", _wait("#choose-guest:not([hidden])")),
    View("race lobby", "/race/", _race_lobby, signed_in=True),
    View("sign in", "/signin/", _signin_ways),
    # A missing address is served this same page with status 404; walking it here would make the
    # browser log the failed load, so the page is walked at its own address.
    View("404", "/404.html"),
    View("offline", "/offline.html"),  # what the service worker answers for a page it never kept
]


@pytest.mark.parametrize("view", VIEWS, ids=[v.name for v in VIEWS])
def test_no_page_scrolls_sideways(make_page: Any, world: World, view: View) -> None:
    # Opened at the narrowest width (where a script that sizes things once at
    # load would do its worst), then resized through the others.
    page = make_page(viewport={"width": WIDTHS[0], "height": 800})
    if view.signed_in:
        chain.sign_in(page, world.player)
    page.goto(view.url(world))
    page.wait_for_load_state("load")
    view.ready(page, world)
    problems = sideways(page, WIDTHS)
    assert not problems, f"{view.name} ({view.url(world)}) scrolls sideways:\n" + "\n".join(problems)


# Two faults of the longer words that stay within the screen, so the sideways check can't see them:
# German's longest Chain label (NEUSTARTS) ran past its card at 320 px, and Spanish's, French's and
# German's nav wrapped onto a second line at 1280 px.
TEXT_OUTSIDE_CARD = """(selector) => {
  const card = document.querySelector('#chain-board').getBoundingClientRect()
  return [...document.querySelectorAll(selector)].map((el) => {
    const words = document.createRange()
    words.selectNodeContents(el)  // the words themselves, which may overflow their element's box
    const box = words.getBoundingClientRect()
    return { text: el.textContent.trim(), out: Math.max(card.left - box.left, box.right - card.right) }
  }).filter((label) => label.out > 0.5)
}"""


@pytest.mark.parametrize("code", ["de", "ar"])
def test_chains_labels_keep_inside_the_card_on_a_phone(make_page: Any, code: str) -> None:
    page = make_page(viewport={"width": WIDTHS[0], "height": 800})
    page.goto(f"/{code}/chain/")
    page.wait_for_selector("#chain-hand [data-tile]")
    for width in WIDTHS[:-1]:
        page.set_viewport_size({"width": width, "height": 800})
        out = page.evaluate(TEXT_OUTSIDE_CARD, "#chain-stats dt, #chain-stats dd")
        assert not out, f"/{code}/chain/ at {width} px: past the card by " + ", ".join(
            f"{label['text']!r} {label['out']:.0f} px" for label in out)


@pytest.mark.parametrize("code", ["es", "fr", "de"])
def test_the_nav_keeps_to_one_line_on_a_laptop(make_page: Any, code: str) -> None:
    page = make_page(viewport={"width": 1280, "height": 800})
    page.goto(f"/{code}/")
    page.wait_for_load_state("load")
    for width in (1280, 1024):
        page.set_viewport_size({"width": width, "height": 800})
        tops = page.locator("#site-nav li").evaluate_all(
            "(items) => items.map((item) => Math.round(item.getBoundingClientRect().top))")
        assert len(set(tops)) == 1, f"/{code}/ at {width} px: the nav's items on {len(set(tops))} lines"


def test_every_page_of_the_site_is_walked(site_server: Any) -> None:
    dist = site_server.dist
    pages = set()
    for html in dist.rglob("*.html"):
        rel = html.relative_to(dist).as_posix()
        if rel.startswith(("static/", "daily/")):  # daily/: the home card's fragments, not pages
            continue
        # A page in another language is its English page's (every state walked in English, every
        # page as opened in every language: tests/browser/test_every_language.py, from VIEWS).
        url = "/" + rel.removesuffix("index.html") if rel.endswith("index.html") else "/" + rel
        pages.add(strip_prefix(url)[1])
    walked = {urllib.parse.urlsplit(v.path).path for v in VIEWS}
    missing = sorted(pages - walked)
    assert not missing, f"pages no test walks for sideways scroll: {missing}"


# What the walk's states showed a person that the sideways check can't see: each of these was wrong
# once, in the language and at the width named.
VIEW = {view.name: view for view in VIEWS}


def _opened(make_page: Any, world: World, name: str, width: int, language: str = "") -> Any:
    """The view `name` opened at `width` px, in `language` ("ar": its pages under /ar/), ready."""
    view = VIEW[name]
    page = make_page(viewport={"width": width, "height": 800})
    if view.signed_in:
        chain.sign_in(page, world.player)
    page.goto(f"/{language}{view.url(world)}" if language else view.url(world))
    page.wait_for_load_state("load")
    view.ready(page, world)
    return page


BOX = "(el) => { const r = el.getBoundingClientRect(); return [r.left, r.right] }"


@pytest.mark.parametrize("name", ["boards chess/streaks", "boards storm/daily", "boards, friends"])
def test_a_board_on_a_phone_leads_each_row_with_its_first_figure_named(make_page: Any, world: World,
                                                                      name: str) -> None:
    """A phone draws a row as place, name and one figure, then the rest: the figure is the board's first
    column, named ("Current streak 1 day", not a bare "0" of freezes used; "Solved 1", not a time)."""
    page = _opened(make_page, world, name, 390)
    first = page.locator("#board-body tbody tr:not(.board-gap), .social-table tbody tr").first
    heads = page.locator("#board-body thead th, .social-table thead th").all_text_contents()
    lead = first.locator(".board-lead")
    assert lead.count() == 1
    label = lead.evaluate("(el) => getComputedStyle(el, '::before').content")
    assert heads[2].strip() in label, f"{label!r} names {heads[2]!r}, the first column after Place and Name"


@pytest.mark.parametrize("name", ["boards chess/daily", "boards, friends"])
def test_an_arabic_board_on_a_phone_keeps_each_place_apart_from_its_name(make_page: Any, world: World,
                                                                        name: str) -> None:
    page = _opened(make_page, world, name, 390, "ar")
    rows = page.locator("#board-body tbody tr:not(.board-gap), .social-table tbody tr")
    assert rows.count() >= 2
    for row in rows.all():
        place = row.locator(".board-place").evaluate(BOX)
        name_box = row.locator(".board-name").evaluate(BOX)
        assert place[1] <= name_box[0] + 0.5 or name_box[1] <= place[0] + 0.5, (
            f"the place {place} and the name {name_box} overlap")


def test_an_arabic_rating_change_reads_with_its_sign_first(make_page: Any, world: World) -> None:
    """"−117", as arithmetic is written in Arabic too, never "117−"."""
    page = _opened(make_page, world, "history, a student's to their teacher", 390, "ar")
    cells = page.locator(".history-change").all()
    signed = [cell for cell in cells if (cell.text_content() or "")[:1] in "+−"]
    assert signed, "the student's history has rating changes"
    for cell in signed:
        sign_left, rest_left = cell.evaluate("""(el) => {
          const text = el.firstChild, range = document.createRange()
          range.setStart(text, 0); range.setEnd(text, 1)
          const sign = range.getBoundingClientRect().left
          range.setStart(text, 1); range.setEnd(text, text.length)
          return [sign, range.getBoundingClientRect().left]
        }""")
        assert sign_left < rest_left, f"{cell.text_content()!r}: the sign is drawn after the digits"


def test_an_arabic_dashboards_charts_keep_their_words_on_the_chart(make_page: Any, world: World) -> None:
    page = _opened(make_page, world, "dashboard, a student's to their teacher", 390, "ar")
    page.wait_for_selector("svg.chart text")
    out = page.evaluate("""() => [...document.querySelectorAll('svg.chart')].flatMap((svg) => {
      const box = svg.getBoundingClientRect()
      return [...svg.querySelectorAll('text')].map((text) => [text.textContent, text.getBoundingClientRect()])
        .filter(([, r]) => r.left < Math.max(0, box.left) - 1
                           || r.right > Math.min(innerWidth, box.right) + 1)
        .map(([words]) => words)
    })""")
    assert out == [], f"off the chart or the screen: {out}"


def test_an_arabic_race_starts_its_cars_at_the_right(make_page: Any, world: World) -> None:
    page = _opened(make_page, world, "race lobby", 390, "ar")
    road = page.locator(".race-road").first.evaluate(BOX)
    car = page.locator(".race-car").first.evaluate(BOX)
    assert abs(car[1] - road[1]) < 2, f"the car {car} starts at the road's right end {road}"


def test_a_long_name_keeps_the_laptops_nav_on_one_line(make_page: Any, world: World) -> None:
    page = _opened(make_page, world, "classes, signed in", 1280)
    for width in (1280, 1100, 1024, 1000):
        page.set_viewport_size({"width": width, "height": 800})
        tops = page.locator("#site-nav li").evaluate_all(
            "(items) => items.map((item) => Math.round(item.getBoundingClientRect().top))")
        assert len(set(tops)) == 1, f"{width} px, signed in: the nav on {len(set(tops))} lines"


# The first character of each that starts with a sign or a digit: drawn left of the last, as arithmetic
# and moves are written everywhere.
LEFT_TO_RIGHT = """(els) => els.filter((el) => /^[+−\\d].+/.test(el.textContent.trim())).map((el) => {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
  const texts = []
  while (walker.nextNode()) if (walker.currentNode.textContent.trim()) texts.push(walker.currentNode)
  const first = texts[0], last = texts.at(-1), range = document.createRange()
  const start = first.textContent.search(/\\S/), end = last.textContent.trimEnd().length
  range.setStart(first, start); range.setEnd(first, start + 1)
  const a = range.getBoundingClientRect().left
  range.setStart(last, end - 1); range.setEnd(last, end)
  return [el.textContent.trim(), a < range.getBoundingClientRect().left]
}).filter(([, ok]) => !ok).map(([text]) => text)"""


@pytest.mark.parametrize(("name", "selector"), [
    ("chess analysis", "#move-list .move-button, #engine-line"),
    ("themes", ".difficulty-offset"),
    ("chain difficulty guide", ".guide-score td.num"),
])
def test_arabic_pages_write_moves_and_signed_numbers_left_to_right(make_page: Any, world: World, name: str,
                                                                  selector: str) -> None:
    """"31. bxc5+", never "+bxc5 .31"; "−600", never "600−"."""
    page = _opened(make_page, world, name, 390, "ar")
    page.wait_for_selector(selector)
    backwards = page.locator(selector).evaluate_all(LEFT_TO_RIGHT)
    assert backwards == [], f"drawn right to left: {backwards}"


@pytest.mark.parametrize(("name", "selector"), [
    ("home, player card", "#signin-link"),
    ("lessons new, checked", "#import-text"),
])
def test_arabic_pages_show_links_and_lessons_source_left_to_right(make_page: Any, world: World, name: str,
                                                                  selector: str) -> None:
    page = _opened(make_page, world, name, 390, "ar")
    assert page.locator(selector).evaluate("(el) => getComputedStyle(el).direction") == "ltr"


def test_a_german_result_sheets_figures_keep_inside_it_on_a_phone(make_page: Any, world: World) -> None:
    page = _opened(make_page, world, "chain results sheet, the people you follow", 320, "de")
    out = page.evaluate("""() => {
      const card = document.querySelector('dialog[open] .sheet-card').getBoundingClientRect()
      return [...document.querySelectorAll('dialog[open] .stats dt, dialog[open] .stats dd')]
        .map((el) => [el.textContent, el.getBoundingClientRect()])
        .filter(([, r]) => r.right > card.right + 0.5 || r.left < card.left - 0.5).map(([words]) => words)
    }""")
    assert out == [], f"past the sheet's edge: {out}"


def test_a_heading_a_page_moves_focus_to_shows_no_ring(make_page: Any, world: World) -> None:
    page = _opened(make_page, world, "class live, a student waiting", 390)
    focused = page.evaluate("() => [document.activeElement.id, "
                            "getComputedStyle(document.activeElement).outlineStyle]")
    assert focused == ["live-title", "none"]


def test_the_live_lessons_seconds_are_a_field_like_the_others(make_page: Any, world: World) -> None:
    page = _opened(make_page, world, "class live, the teacher opening it", 320)
    field_height, button_height = page.evaluate("""() => ['open-seconds', 'open-button']
      .map((id) => document.getElementById(id).getBoundingClientRect().height)""")
    assert field_height >= 44 and abs(field_height - button_height) <= 2, (field_height, button_height)


@pytest.mark.parametrize("language", ["", "ar"])
def test_every_recovery_codes_number_is_inside_its_box(make_page: Any, world: World, language: str) -> None:
    page = _opened(make_page, world, "account, a passkey and recovery codes", 1280, language)
    room, needed = page.locator(".codes-list").first.evaluate("""(list) => {
      const probe = document.createElement('span')
      probe.textContent = list.children.length + '. '
      probe.style.cssText = 'position: absolute; white-space: pre'
      list.lastElementChild.append(probe)
      const width = probe.getBoundingClientRect().width
      probe.remove()
      return [parseFloat(getComputedStyle(list).paddingInlineStart), width]
    }""")
    assert room >= needed, f"{needed:.0f} px of number in {room:.0f} px of padding"


def test_a_toast_of_a_long_name_keeps_on_the_screen(make_page: Any, world: World) -> None:
    """A toast says a name back ("Passkey WWWW… added"): one with no place to break ran off a phone."""
    page = _opened(make_page, world, "account, signed in", 320)
    left, right = page.evaluate("""(name) => {
      const toast = document.getElementById('toasts').appendChild(document.createElement('div'))
      toast.className = 'toast'
      toast.textContent = `Passkey “${name}” added`
      const r = toast.getBoundingClientRect()
      return [r.left, r.right]
    }""", "W" * 24)
    assert left >= 0 and right <= 320, f"the toast runs from {left:.0f} to {right:.0f} px on a 320 px screen"


def test_an_arabic_analysis_says_its_best_move_in_arabic_the_move_left_to_right(make_page: Any,
                                                                                world: World) -> None:
    page = _opened(make_page, world, "chess analysis", 390, "ar")
    page.wait_for_function("() => document.getElementById('eval-words').textContent.includes(':')")
    words = page.text_content("#eval-words") or ""
    assert "Best" not in words and "الأفضل" in words, words
    move = words.split("\u2066")[1].split("\u2069")[0]  # the move, isolated left to right
    assert move[:1].isdigit() and move in (page.text_content("#engine-line") or ""), words


def test_an_arabic_teachers_heatmap_names_the_themes_in_arabic(make_page: Any, world: World) -> None:
    labels = {}
    for language in ("", "ar"):
        page = _opened(make_page, world, "class, the teacher's progress", 390, language)
        page.wait_for_selector(".heat-table [data-heat-sort]")
        buttons = page.locator(".heat-table thead th:nth-child(n+3) .sort-button").all()
        labels[language] = [(button.text_content() or "").strip(" ▲▼") for button in buttons]
    assert labels[""] and len(labels["ar"]) == len(labels[""])
    assert set(labels["ar"]).isdisjoint(labels[""]), labels
