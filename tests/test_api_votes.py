"""Votes and reports on chess puzzles over the API, on both stores (docs/votes.md): a signed-in
player who has played a puzzle votes it up or down and reports a problem with a reason; one word per
player per puzzle, changeable; the tallies are the nightly's view, and `build.py report puzzles`
prints the worst voted and the most reported from it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cli.report import lines
from puzzlebook.chess.puzzle import Puzzle
from service.games.chess.puzzles import puzzles_of
from service.games.chess.votes import VIEW, PuzzleVotes
from service.store import keys as K
from service.store.items import doc_of
from tests.support import StoreKind, World, post_result, signed_up, world_of

NOON = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def world(store_kind: StoreKind, tmp_path: Path) -> Iterator[World]:
    with world_of(store_kind, tmp_path, NOON) as world:
        yield world


def puzzles(world: World, n: int, band: str = "Medium") -> list[Puzzle]:
    """`n` puzzles of `band`, none a daily today (a daily's post is its own)."""
    dailies = set(puzzles_of(world.ctx).dailies(world.ctx.today()).values())
    bundle = puzzles_of(world.ctx).bundle
    rows = [r for r in bundle.rows(band) if r[0] not in bundle.retired and r[0] not in dailies][:n]
    return [Puzzle.from_row(r, band) for r in rows]


def played(world: World, me: dict[str, str], puzzle: Puzzle) -> None:
    body = {"id": puzzle.id, "band": puzzle.band, "moves": puzzle.solution, "mistakes": 0, "hints": 0,
            "seconds": 30}
    got = post_result(world, "/api/chess/solves", body, me)
    assert got.status_code == 200, got.text


def vote(world: World, me: dict[str, str], puzzle: Puzzle, **word: object) -> Any:
    body = {"id": puzzle.id, "band": puzzle.band, **word}
    return world.client.put("/api/chess/votes", json=body, headers=me)


def test_a_vote_is_the_players_own_changeable_and_counted_once(world: World) -> None:
    me = signed_up(world.client, "Ada")
    (puzzle,) = puzzles(world, 1)
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


def test_only_a_puzzle_played_can_be_voted_and_bad_words_are_told_why(world: World) -> None:
    me = signed_up(world.client, "Ada")
    (puzzle,) = puzzles(world, 1)
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


def test_a_word_given_as_a_guest_is_taken_on_sign_in_and_kept_marked(world: World) -> None:
    """A guest's play never posts, so its word comes with `guest` (the browser's outbox on sign-in)
    and needs no result of the account's; without it the played rule stands."""
    me = signed_up(world.client, "Ada")
    (puzzle,) = puzzles(world, 1)
    assert vote(world, me, puzzle, vote="down").status_code == 422
    got = vote(world, me, puzzle, vote="down", reason="broken", guest=True)
    assert got.status_code == 200, got.text
    assert got.json() == {"id": puzzle.id, "vote": "down", "reason": "broken"}
    pid = world.client.get("/api/me", headers=me).json()["id"]
    item = world.store.get_item(K.player(pid), f"PV#{puzzle.id}")
    assert item is not None and doc_of(item)["guest"] is True
    assert PuzzleVotes(world.store).compute_view(NOON).tallies[0].reports == {"broken": 1}
    wrong = vote(world, me, puzzle, vote="up", guest="yes please")
    assert wrong.status_code == 400 and wrong.json()["error"] == "guest must be true or false."


def test_the_nightly_view_ranks_the_worst_voted_and_the_most_reported(world: World) -> None:
    a, b, c = puzzles(world, 3)
    players = [signed_up(world.client, f"Voter {k}") for k in range(3)]
    for me in players:
        for p in (a, b, c):
            played(world, me, p)
    vote(world, players[0], a, vote="down", reason="broken")
    vote(world, players[1], a, vote="down", reason="broken")
    vote(world, players[2], a, vote="up")
    vote(world, players[0], b, vote="down")
    vote(world, players[1], b, vote="down")
    vote(world, players[2], b, vote="down")
    vote(world, players[0], c, reason="wrong-theme")
    votes = PuzzleVotes(world.store)
    assert votes.view() is None
    # The nightly's chess hook makes the view; a request never reads more than the player's own item.
    from service.games.hooks import FillReport, NightlyRun
    from service.games.registry import HOOKS

    run = NightlyRun(world.store, world.ctx.settings, puzzles_of(world.ctx).bundle, NOON.date(), NOON, 1,
                     FillReport(NOON.date().isoformat()))
    HOOKS["chess"].nightly(run)
    view = votes.view()
    assert view is not None and view.counted == 7 and world.store.get_item(*VIEW) is not None
    assert [(t.puzzle, t.up, t.down) for t in view.worst(5)] == [(b.id, 0, 3), (a.id, 1, 2)]
    reported = [(t.puzzle, t.reports) for t in view.reported(5)]
    assert reported == [(a.id, {"broken": 2}), (c.id, {"wrong-theme": 1})]
    text = lines(view.computed, view.counted, view.worst(5), view.reported(5))
    assert text[1] == "worst voted:" and text[2].startswith(f"  {b.id} (Medium): 0 up, 3 down; no reports")
    assert f"  {a.id} (Medium): 1 up, 2 down; broken 2  /#/p/Medium/{a.id}" in text
