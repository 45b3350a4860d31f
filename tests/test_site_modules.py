"""The module graphs the pages preload (sitebuild/modules.py): read from the minified static files
the build publishes, every module a page's entry imports statically, and none it loads later."""

from __future__ import annotations

import pytest

from service.settings import ROOT
from sitebuild import assets, games_js, minify
from sitebuild.modules import UnknownModule, imports_of, module_graph

# One xdist worker runs the module, so its module-scoped fixtures are made once.
pytestmark = pytest.mark.xdist_group("site_modules")


@pytest.fixture(scope="module")
def published() -> dict[str, bytes]:
    static = assets.collect(ROOT / "site" / "static", ROOT / "node_modules",
                            generated={games_js.PATH: games_js.render()})
    return minify.minify(static.files, ROOT / "node_modules")


def test_the_play_views_graph_reaches_the_rules_and_every_level_of_the_board(published):
    graph = module_graph(published, "js/chess/play.js")
    assert graph[0] == "js/chess/play.js" and len(graph) == len(set(graph))
    board = "js/vendor/cm-chessboard/src/"
    for deep in ("js/vendor/chess.js", "js/chess/rules.js", board + "Chessboard.js",
                 board + "view/ChessboardView.js", board + "lib/Utils.js"):
        assert deep in graph


def test_the_home_views_graph_leaves_out_what_it_loads_on_demand(published):
    """app.js imports play.js and store.js with import(): the home page must not preload them."""
    graph = module_graph(published, "js/chess/app.js")
    assert graph[0] == "js/chess/app.js" and "js/lib/dates.js" in graph
    later = ("js/chess/play.js", "js/chess/store.js")
    assert not [m for m in graph if m.startswith("js/vendor/") or m in later]


def test_chains_graph_is_its_whole_game(published):
    graph = module_graph(published, "js/chain/app.js")
    whole = {"js/chain/ctrl.js", "js/chain/view.js", "js/chain/tiles.js", "js/lib/playing.js",
             "js/lib/session.js"}
    assert whole <= set(graph)


def test_imports_are_read_in_every_form_and_dynamic_ones_skipped():
    text = ("import{a as b}from'./x.js';import*as c from\"./star.js\";export*from\"../y.js\";"
            "export{d}from'./re.js';const e=import('./later.js');import './side.js'\n"
            "import {\n  q,\n} from './multi.js'\nconst u=import.meta.url")
    assert imports_of(text) == ["./x.js", "./star.js", "../y.js", "./re.js", "./side.js", "./multi.js"]


def test_an_import_of_a_missing_file_names_the_importer():
    files = {"js/a.js": b"import{x}from'./gone.js'"}
    with pytest.raises(UnknownModule, match=r"js/a.js imports './gone.js'"):
        module_graph(files, "js/a.js")
