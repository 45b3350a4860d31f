"""Votes and reports on chess puzzles over the API, on both stores (docs/votes.md): a signed-in
player who has played a puzzle votes it up or down and reports a problem with a reason; one word per
player per puzzle, changeable; the tallies are the nightly's view, and `build.py report puzzles`
prints the worst voted and the most reported from it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import pytest

from cli.report import lines
from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.votes import GUEST_WORDS
from service.context import Context
from service.games.chess.puzzles import puzzles_of
from service.games.chess.votes import VIEW, PuzzleVotes
from service.store import keys as K
from service.store.base import Store
from service.store.items import doc_of
from tests.support import (
    Clock,
    StoreKind,
    World,
    post_result,
    settings_for_tests,
    signed_up,
    store_of,
    uvicorn_serving,
    world_of,
)

NOON = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def world(store_kind: StoreKind, tmp_path: Path) -> Iterator[World]:
    with world_of(store_kind, tmp_path, NOON) as world:
        yield world


@dataclass
class Home:
    """A player's own connection to the site: an HTTP client from an address of theirs, and the
    site's clock (what `played` and `vote` ask of a world)."""

    client: Any
    clock: Clock


def puzzles(ctx: Context, n: int, band: str = "Medium") -> list[Puzzle]:
    """`n` puzzles of `band`, none a daily today (a daily's post is its own)."""
    dailies = set(puzzles_of(ctx).dailies(ctx.today()).values())
    bundle = puzzles_of(ctx).bundle
    rows = [r for r in bundle.rows(band) if r[0] not in bundle.retired and r[0] not in dailies][:n]
    return [Puzzle.from_row(r, band) for r in rows]


def played(world: Any, me: dict[str, str], puzzle: Puzzle) -> None:
    body = {"id": puzzle.id, "band": puzzle.band, "moves": puzzle.solution, "mistakes": 0, "hints": 0,
            "seconds": 30}
    got = post_result(world, "/api/chess/solves", body, me)
    assert got.status_code == 200, got.text


def vote(world: Any, me: dict[str, str], puzzle: Puzzle, **word: object) -> Any:
    body = {"id": puzzle.id, "band": puzzle.band, **word}
    return world.client.put("/api/chess/votes", json=body, headers=me)


def test_a_vote_is_the_players_own_changeable_and_counted_once(world: Any) -> None:
    me = signed_up(world.client, "Ada")
    (puzzle,) = puzzles(world.ctx, 1)
    played(world, me, puzzle)
    got = vote(world, me, puzzle, vote="down", reason="several-moves")
    assert got.status_code == 200, got.text
    assert got.json() == {"id": puzzle.id, "vote": "down", "reason": "several-moves"}
    assert got.headers["Cache-Control"] == "no-store"
    mine = world.client.get(f"/api/chess/votes/{puzzle.id}", headers=me)
    assert mine.json() == {"id": puzzle.id, "vote": "down", "reason": "several-moves"}
    # Changed: still one word, under the player's own key.
    assert vote(world, me, puzzle, vote="up").status_code == 200
    assert world.client.get(f"/api/chess/votes/{puzzle.id}", headers=me).json()["vote"] == "up"
    pid = world.client.get("/api/me", headers=me).json()["id"]
    assert world.store.get_item(K.player(pid), f"PV#{puzzle.id}") is not None
    view = PuzzleVotes(world.store).compute_view(NOON)
    assert view.counted == 1 and view.tallies == []  # up, no report: nothing for the operator
    # Both taken back: forgotten.
    assert vote(world, me, puzzle).json() == {"id": puzzle.id, "vote": None, "reason": None}
    assert world.store.get_item(K.player(pid), f"PV#{puzzle.id}") is None
    assert PuzzleVotes(world.store).compute_view(NOON).counted == 0


def test_only_a_puzzle_played_can_be_voted_and_bad_words_are_told_why(world: Any) -> None:
    me = signed_up(world.client, "Ada")
    (puzzle,) = puzzles(world.ctx, 1)
    unplayed = vote(world, me, puzzle, vote="down")
    assert unplayed.status_code == 422 and "once you have played it" in unplayed.json()["error"]
    played(world, me, puzzle)
    wrong = vote(world, me, puzzle, vote="sideways")
    assert wrong.status_code == 400 and wrong.json()["error"] == 'The vote must be "up", "down" or null.'
    reason = vote(world, me, puzzle, reason="ugly")
    assert reason.status_code == 400
    assert "The reason must be null or one of wrong-theme" in reason.json()["error"]
    nowhere = world.client.put("/api/chess/votes", json={"id": "zzzzz", "band": "Medium", "vote": "up"},
                               headers=me)
    assert nowhere.status_code == 422, nowhere.text
    assert world.client.put("/api/chess/votes", json={"id": puzzle.id, "band": "Medium"}).status_code == 401
    assert world.client.get(f"/api/chess/votes/{puzzle.id}").status_code == 401
    assert world.client.get("/api/chess/votes/not-an-id", headers=me).status_code == 400
    assert world.client.get(f"/api/chess/votes/{puzzle.id}", headers=me).json()["vote"] is None


def test_a_word_given_as_a_guest_is_taken_on_sign_in_and_kept_marked(world: Any) -> None:
    """A guest's play never posts, so its word comes with `guest` (the browser's outbox on sign-in)
    and needs no result of the account's; without it the played rule stands."""
    me = signed_up(world.client, "Ada")
    (puzzle,) = puzzles(world.ctx, 1)
    assert vote(world, me, puzzle, vote="down").status_code == 422
    got = vote(world, me, puzzle, vote="down", reason="broken", guest=True)
    assert got.status_code == 200, got.text
    assert got.json() == {"id": puzzle.id, "vote": "down", "reason": "broken"}
    pid = world.client.get("/api/me", headers=me).json()["id"]
    item = world.store.get_item(K.player(pid), f"PV#{puzzle.id}")
    assert item is not None and doc_of(item)["guest"] is True and doc_of(item)["played"] is False
    (counted,) = PuzzleVotes(world.store).compute_view(NOON).tallies
    # Counted apart: a guest's word on a day-old account weighs 1/2 × 1/8 of an established player's.
    assert (counted.reports, counted.words, counted.guests) == ({"broken": 0.0625}, 1, 1)
    wrong = vote(world, me, puzzle, vote="up", guest="yes please")
    assert wrong.status_code == 400 and wrong.json()["error"] == "guest must be true or false."


def test_an_account_keeps_only_so_many_words_on_puzzles_it_never_played(world: Any) -> None:
    """The attack: one account sent 300 "down + broken" words on puzzles it never played, each marked
    a guest's, in 0.6 s. An account keeps GUEST_WORDS of them; the rest are refused, saying why."""
    me = signed_up(world.client, "Flood")
    many = puzzles(world.ctx, GUEST_WORDS + 3)
    answers = [vote(world, me, p, vote="down", reason="broken", guest=True) for p in many]
    assert [a.status_code for a in answers] == [200] * GUEST_WORDS + [422] * 3
    assert answers[-1].json()["error"] == (
        f"This account has sent its {GUEST_WORDS} words on puzzles played signed out, the most it keeps: "
        "vote on the puzzles you play signed in.")
    # Changing one of them counts nothing more; nor does a guest's word on a puzzle the account played.
    assert vote(world, me, many[0], vote="up", guest=True).status_code == 200
    played(world, me, many[-1])
    assert vote(world, me, many[-1], vote="down", guest=True).status_code == 200
    pid = world.client.get("/api/me", headers=me).json()["id"]
    assert world.store.get_item(K.player(pid), f"PV#{many[-2].id}") is None
    view = PuzzleVotes(world.store).compute_view(NOON)
    assert view.counted == GUEST_WORDS + 1
    assert sum(t.guests for t in view.tallies) == GUEST_WORDS - 1  # the played one's word is no guest's


# ---- a flood from one address, over real HTTP ----------------------------------------------------

MONTH_AGO = NOON - dt.timedelta(days=30)


@dataclass
class Site:
    """The app over real HTTP: its store, clock and Context, and `client(address)`."""

    store: Store
    clock: Clock
    ctx: Context
    client: Callable[[str], httpx2.Client]


@pytest.fixture
def site(store_kind: StoreKind, tmp_path: Path) -> Iterator[Site]:
    """The app over real HTTP (uvicorn) on a clock a month before NOON; `client(address)` is an HTTP
    client whose requests come from that loopback address (the server counts the socket's peer)."""
    from functions.app import create_app

    with store_of(store_kind, tmp_path) as store:
        clock = Clock(MONTH_AGO)
        app = create_app(settings_for_tests(), store, clock=clock)
        with uvicorn_serving(app) as base, ExitStack() as clients:
            def client(address: str) -> httpx2.Client:
                transport = httpx2.HTTPTransport(local_address=address)
                return clients.enter_context(httpx2.Client(base_url=base, transport=transport, timeout=30))

            yield Site(store=store, clock=clock, ctx=app.state.ctx, client=client)


def report(site: Site, most: int) -> list[str]:
    """`build.py report puzzles --refresh --most N`'s lines over the site's store."""
    view = PuzzleVotes(site.store).refresh_view(site.clock())
    return lines(view.computed, view.counted, view.worst(most), view.reported(most))


def test_the_nightly_view_ranks_the_worst_voted_and_the_most_reported(site: Site) -> None:
    """Three players of a month's standing, each from an address of their own, played a, b and c: each
    word counts in full. A day-old account's word counts an eighth."""
    a, b, c = puzzles(site.ctx, 3)
    homes = [Home(client=site.client(f"127.0.0.{k + 2}"), clock=site.clock) for k in range(4)]
    players = [signed_up(home.client, f"Voter {k}") for k, home in enumerate(homes[:3])]
    site.clock.at = NOON
    players.append(signed_up(homes[3].client, "Newcomer"))
    for home, me in zip(homes, players, strict=True):
        for p in (a, b, c):
            played(home, me, p)
    vote(homes[0], players[0], a, vote="down", reason="broken")
    vote(homes[1], players[1], a, vote="down", reason="broken")
    vote(homes[2], players[2], a, vote="up")
    vote(homes[0], players[0], b, vote="down")
    vote(homes[1], players[1], b, vote="down")
    vote(homes[2], players[2], b, vote="down")
    vote(homes[0], players[0], c, reason="wrong-theme")
    vote(homes[3], players[3], c, reason="wrong-theme")
    votes = PuzzleVotes(site.store)
    assert votes.view() is None
    # The nightly's chess hook makes the view; a request never reads more than the player's own item.
    from service.games.hooks import FillReport, NightlyRun
    from service.games.registry import HOOKS

    run = NightlyRun(site.store, site.ctx.settings, puzzles_of(site.ctx).bundle, NOON.date(), NOON, 1,
                     FillReport(NOON.date().isoformat()))
    HOOKS["chess"].nightly(run)
    view = votes.view()
    assert view is not None and view.counted == 8 and site.store.get_item(*VIEW) is not None
    assert [(t.puzzle, t.up, t.down) for t in view.worst(5)] == [(b.id, 0, 3), (a.id, 1, 2)]
    reported = [(t.puzzle, t.reports) for t in view.reported(5)]
    assert reported == [(a.id, {"broken": 2}), (c.id, {"wrong-theme": 1.125})]
    text = lines(view.computed, view.counted, view.worst(5), view.reported(5))
    assert text[1] == "worst voted:"
    assert text[2].startswith(f"  {b.id} (Medium): 0 up, 3 down; no reports (3 words)")
    assert f"  {a.id} (Medium): 1 up, 2 down; broken 2 (3 words)  /#/p/Medium/{a.id}" in text
    assert f"  {c.id} (Medium): 0 up, 0 down; wrong theme 1.12 (2 words)  /#/p/Medium/{c.id}" in text


def test_a_flood_from_one_address_cant_bury_what_real_players_reported(site: Site) -> None:
    """The attack: eight accounts from one address sent "down + broken" on puzzles they never played
    (a guest's word), and the puzzle every real player had reported broken fell off the report.
    Now a word weighs by whether its account played the puzzle and by the account's age, and one
    address's words on a puzzle count as one voter's: the report's order stands."""
    broken, doubtful, *flooded = puzzles(site.ctx, 14)
    # Three players of a month's standing, each at home, played `broken` and reported it; one of them
    # also had doubts about `doubtful`.
    homes = [Home(client=site.client(f"127.0.0.{k + 2}"), clock=site.clock) for k in range(3)]
    players = [(home, signed_up(home.client, f"Real {k}")) for k, home in enumerate(homes)]
    site.clock.at = NOON
    for home, me in players:
        for puzzle in (broken, doubtful):
            played(home, me, puzzle)
        assert vote(home, me, broken, vote="down", reason="broken").status_code == 200
    home, me = players[0]
    assert vote(home, me, doubtful, vote="down", reason="other").status_code == 200
    honest = report(site, 10)
    assert [line.split()[0] for line in honest[2:4]] == [broken.id, doubtful.id]
    # Eight new accounts from one address, each a "down + broken" on every other puzzle it never played.
    sock = Home(client=site.client("127.0.0.99"), clock=site.clock)
    for k in range(8):
        me = signed_up(sock.client, f"Sock {k}")
        for puzzle in flooded:
            got = vote(sock, me, puzzle, vote="down", reason="broken", guest=True)
            assert got.status_code == 200, got.text
    after = report(site, 10)
    worst = after[2:after.index("most reported:")]
    reported = after[after.index("most reported:") + 1:]
    assert [line.split()[0] for line in worst[:2]] == [broken.id, doubtful.id]
    assert [line.split()[0] for line in reported[:2]] == [broken.id, doubtful.id]
    assert {line.split()[0] for line in reported[2:]} <= {p.id for p in flooded}
    assert reported[0] == f"  {broken.id} (Medium): 0 up, 3 down; broken 3 (3 words)  /#/p/Medium/{broken.id}"
