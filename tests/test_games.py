"""The game registry (puzzlebook/games.py) drives both sides: what each game registers is there,
no two games share store items, and the browser's copy of the list is the registry's."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from puzzlebook.games import GAMES, find_game
from sitebuild import games_js
from tests.support import settings_for_tests

ROOT = Path(__file__).resolve().parent.parent


def test_keys_are_unique_and_name_folders() -> None:
    keys = [g.key for g in GAMES]
    assert len(set(keys)) == len(keys)
    for game in GAMES:
        assert (ROOT / "site/static/js" / game.entry).is_file(), game.entry
        assert game.entry.startswith(f"{game.key}/")
        assert find_game(game.key) is game
    with pytest.raises(KeyError, match="no game 'go'"):
        find_game("go")


def test_no_two_games_share_a_store_item_prefix() -> None:
    from service.games.registry import hooks_of

    seen: dict[str, str] = {}
    for game in GAMES:
        for prefix in hooks_of(game).item_prefixes:
            for other, owner in seen.items():
                assert not (prefix.startswith(other) or other.startswith(prefix)), (game.key, owner, prefix)
            seen[prefix] = game.key


def test_every_board_is_read_from_partitions_its_game_names_and_no_two_games_share_one() -> None:
    """`python -m ops.shard_boards` finds the entries to move by the boards' partition prefixes: the
    shared ones (service/store/keys.py) and each game's hooks' `board_prefixes`. Every live board is
    read from partitions among them, on the index they name, and no two games name the same one."""
    import datetime as dt

    from ops.shard_boards import BOARDS
    from service.boards.live import live_boards
    from service.context import Context
    from service.games.registry import hooks_of
    from service.store import keys as K
    from tests.support import sqlite_store

    owners: dict[tuple[int, str], str] = {}
    for game in GAMES:
        for prefix in hooks_of(game).board_prefixes:
            assert prefix not in owners and prefix not in K.BOARDS, (game.key, prefix, owners.get(prefix))
            owners[prefix] = game.key
    assert set(BOARDS) == set(K.BOARDS) | set(owners)
    with sqlite_store(":memory:") as store:
        noon = dt.datetime(2026, 12, 2, 12, tzinfo=dt.UTC)
        boards = live_boards(Context(store, settings_for_tests()), noon)
    assert {b.board for b in boards} == {board.id for game in GAMES for board in game.boards}
    for board in boards:
        game = board.board.split("/")[0]  # a board's id starts with its game's key
        for partition in board.spec.partitions:
            named = [(i, p) for i, p in BOARDS if i == board.spec.index and partition.startswith(p)]
            assert named, (board.path, partition)
            assert all(owners.get(n, game) == game for n in named), (board.path, partition)


def test_every_game_has_its_service_hooks() -> None:
    from service.games.registry import HOOKS

    assert list(HOOKS) == [g.key for g in GAMES]
    for key, hooks in HOOKS.items():
        assert type(hooks).__module__ == f"service.games.{key}", (key, type(hooks))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_a_game_overrides_the_hooks_the_registry_promises(game) -> None:
    """A daily game publishes files, a streak game keeps streaks and a rated one a ratings board: the
    base class refuses those hooks, so a game marked for them overrides them (and only then)."""
    from service.games.hooks import GameHooks
    from service.games.registry import hooks_of

    promised = {
        ("daily_files", "published"): game.daily,
        ("streak", "streak_board", "daily_results"): game.streak,
        ("ratings_board",): game.rating,
    }
    kind = type(hooks_of(game))
    for names, marked in promised.items():
        for name in names:
            overridden = getattr(kind, name) is not getattr(GameHooks, name)
            assert overridden == marked, f"{game.key}: {name} {'missing' if marked else 'not marked'}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_every_game_registers_its_routes(game) -> None:
    module = importlib.import_module(f"functions.routes.{game.key}")
    assert module.router.routes, f"functions/routes/{game.key} has no routes"


def test_every_board_is_served_by_the_api() -> None:
    from functions.app import create_app
    from service.games.registry import hooks_of
    from service.store.sqlite import SqliteStore

    app = create_app(settings_for_tests(), SqliteStore(":memory:"))
    paths = set(app.openapi()["paths"])
    for game in GAMES:
        board_paths = hooks_of(game).board_paths
        assert set(board_paths) == {board.id for board in game.boards}, game.key
        for board in game.boards:
            template = "/api" + board_paths[board.id]
            generic = template.replace(f"/{game.key}", "/{game}")
            assert template in paths or generic in paths, board_paths[board.id]


def test_what_the_browsers_generic_pages_load_by_name_is_there() -> None:
    """The outbox's flush, the sign-in page and the archive load a game's store by the
    registry's name for it (js/games.js), the flush its module of results waiting outside the
    outbox, and the archive lists a day's links by place."""
    places = [g.archive.place for g in GAMES if g.archive]
    assert len(set(places)) == len(places)
    for game in GAMES:
        if game.store:
            module = ROOT / "site/static/js" / game.store
            assert game.store.startswith(f"{game.key}/") and module.is_file(), game.store
            assert "export const openStore" in module.read_text(encoding="utf-8"), game.store
            assert all(game.noun), game.key
        if game.waiting:
            module = ROOT / "site/static/js" / game.waiting
            assert game.waiting.startswith(f"{game.key}/") and module.is_file(), game.waiting
            assert "export function postWaiting" in module.read_text(encoding="utf-8"), game.waiting
        if game.archive:
            assert game.daily and "{date}" in game.archive.url, game.key
            assert not game.archive.marks or game.store, f"{game.key}: a mark needs a store"
            assert not game.archive.pick or "{band}" in game.archive.pick, game.key


def _views_named() -> dict[str, list[str]]:
    """{view: the templates naming it} of every `view('<name>')` a page's template names."""
    import re

    named: dict[str, list[str]] = {}
    for template in sorted((ROOT / "site/templates").rglob("*.html")):
        for view in re.findall(r"""\bview\(\s*['"](\w+)['"]\s*\)""", template.read_text(encoding="utf-8")):
            named.setdefault(view, []).append(template.relative_to(ROOT / "site/templates").as_posix())
    return named


def test_the_bundles_views_are_those_the_pages_name_and_their_scripts_are_there() -> None:
    """sitebuild/bundle.py's VIEWS is held to the templates both ways: a view no page names would be
    bundled for nothing, and one a page names but VIEWS lacks fails the build's `view()`."""
    from sitebuild import bundle

    assert set(bundle.VIEWS) == set(_views_named())
    for view, scripts in bundle.VIEWS.items():
        for script in (bundle.SITE_JS, *scripts):
            assert bundle.is_module(script) and (ROOT / "site/static" / script).is_file(), (view, script)


def test_each_games_page_bundles_the_games_entry_and_the_home_page_every_card() -> None:
    """A game's page (site/templates/<its nav's address>index.html) names a view holding the module
    the registry says the page starts from (`entry`); the home page's view holds every game's card."""
    from sitebuild import bundle

    named = _views_named()
    for game in GAMES:
        page = game.nav.url.strip("/") + "/index.html" if game.nav.url.strip("/") else "index.html"
        views = [view for view, pages in named.items() if page in pages]
        assert views, f"{page}, {game.key}'s page, names no view"
        assert any(f"js/{game.entry}" in bundle.VIEWS[view] for view in views), (game.key, views)
        card = ROOT / "site/static/js" / game.key / "card.js"
        assert not card.is_file() or f"js/{game.key}/card.js" in bundle.VIEWS["home"], game.key


def test_the_browser_copy_is_the_registry() -> None:
    assert games_js.SOURCE.read_bytes() == games_js.render(), (
        "site/static/js/games.js is stale: run `python -m sitebuild.games_js`"
    )


def test_every_operation_is_listed_under_one_tag() -> None:
    """A game's boards sit among its routes but are listed under "boards" only (Swagger UI shows an
    operation once per tag)."""
    from functions.app import create_app
    from service.store.sqlite import SqliteStore

    doc = create_app(settings_for_tests(), SqliteStore(":memory:")).openapi()
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            assert len(operation.get("tags", [])) == 1, (method, path, operation.get("tags"))
