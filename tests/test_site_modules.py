"""The pages' modules as the build publishes them: one bundled module per view (sitebuild/bundle.py),
what loads later in files of its own, and the graphs the pages preload (sitebuild/modules.py)."""

from __future__ import annotations

import re
from posixpath import dirname, normpath

import pytest

from service.settings import ROOT
from sitebuild import assets, bundle, games_js, static_steps, themes
from sitebuild.modules import UnknownModule, imports_of, module_graph

# One xdist worker runs the module, so its module-scoped fixtures are made once.
pytestmark = pytest.mark.xdist_group("site_modules")

_DYNAMIC = re.compile(r"""import\(\s*["']([^"']+)["']\s*\)""")


@pytest.fixture(scope="module")
def published() -> dict[str, bytes]:
    static = assets.collect(ROOT / "site" / "static", ROOT / "node_modules",
                            generated={games_js.PATH: games_js.render(), themes.JS_PATH: themes.render_js()})
    return static_steps.run(static.files, ROOT / "node_modules")


def _modules(published: dict[str, bytes]) -> list[str]:
    return [rel for rel in published if rel.startswith("js/") and rel.endswith(".js")]


def test_every_view_is_one_module_and_what_it_imports_is_published(published):
    for view in bundle.VIEWS:
        graph = module_graph(published, bundle.view_path(view))  # raises for an import of no file
        assert set(graph[1:]) <= set(bundle.SHARED), (view, graph)
    for rel in _modules(published):
        for spec in _DYNAMIC.findall(published[rel].decode("utf-8")):
            assert normpath(f"{dirname(rel)}/{spec}") in published, (rel, spec)


def test_modules_imported_only_statically_are_inside_the_bundles(published):
    modules = _modules(published)
    for inside in ("js/chess/ctrl.js", "js/chess/view.js", "js/chess/board.js", "js/lib/playing.js",
                   "js/vendor/chess.js", "js/vendor/cm-chessboard/src/Chessboard.js", "js/site.js"):
        assert inside not in modules
    assert "js/chess/first_view.js" in modules, "the classic script before the first paint stays as it is"


def test_the_play_view_is_one_file_and_the_rules_come_after_it(published):
    """play.js holds the board, the controller and the view; chess.js (in rules.js) is asked for
    once the board is drawn, so it is not in the graph a puzzle's address preloads."""
    assert module_graph(published, "js/chess/play.js") == ["js/chess/play.js", "js/lib/session.js"]
    start = b"Invalid FEN: must contain six space-delimited fields"  # chess.js's own words
    assert "./rules.js" in _DYNAMIC.findall(published["js/chess/play.js"].decode("utf-8"))
    assert start not in published["js/chess/play.js"] and start in published["js/chess/rules.js"]


def test_a_module_keeping_state_for_the_page_is_one_file(published):
    """lib/session.js's tab id and tickets: in one file every bundle imports, never copied."""
    holding = [rel for rel in _modules(published) if b"pb:play-asked:" in published[rel]]
    assert holding == ["js/lib/session.js"]


def test_the_home_views_graph_leaves_out_what_it_loads_on_demand(published):
    """The home's module loads the play view and the store with import(): never preloaded."""
    graph = module_graph(published, bundle.view_path("home"))
    later = ("js/chess/play.js", "js/chess/store.js")
    assert not [m for m in graph if m.startswith("js/vendor/") or m in later]


def test_imports_are_read_in_every_form_and_dynamic_ones_skipped():
    text = ("import{a as b}from'./x.js';import*as c from\"./star.js\";export*from\"../y.js\";"
            "export{d}from'./re.js';const e=import('./later.js');import './side.js'\n"
            "import {\n  q,\n} from './multi.js'\nconst u=import.meta.url")
    assert imports_of(text) == ["./x.js", "./star.js", "../y.js", "./re.js", "./side.js", "./multi.js"]


def test_an_import_of_a_missing_file_names_the_importer():
    files = {"js/a.js": b"import{x}from'./gone.js'"}
    with pytest.raises(UnknownModule, match=r"js/a.js imports './gone.js'"):
        module_graph(files, "js/a.js")


# `$` made as the lookup by id (a view's local `const $ = byIds(...)`, its elements, is another thing).
# A JSDoc cast may stand between the arrow and the lookup (lib/dom.js's own types its answer).
_OWN_DOLLAR = re.compile(
    r"\$\s*=\s*\(?\s*\w+\s*\)?\s*=>\s*(?:/\*\*.*?\*/\s*\(\s*)?document\.getElementById|function\s+\$\s*\("
)


def test_only_lib_dom_defines_the_element_lookup() -> None:
    """`$` (the element by its id) is lib/dom.js's: a module writing its own copy is how seven of
    them came to, each free to drift from it."""
    js = ROOT / "site" / "static" / "js"
    ours = [path for path in js.rglob("*.js") if "vendor" not in path.relative_to(js).parts]
    own = sorted(p.relative_to(js).as_posix() for p in ours if _OWN_DOLLAR.search(p.read_text("utf-8")))
    assert own == ["lib/dom.js"], own


# Issue 41's bar for the browser's modules: one job a file, and none over this many lines.
MAX_MODULE_LINES = 450


def test_no_browser_module_is_over_its_line_bar() -> None:
    """Every module of site/static/js (the generated games.js included, vendor aside) fits the bar."""
    sources = ROOT / "site" / "static" / "js"
    over = {
        str(path.relative_to(sources)): lines
        for path in sorted(sources.rglob("*.js"))
        if "vendor" not in path.relative_to(sources).parts
        and (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert over == {}, f"split these modules (lines each, bar {MAX_MODULE_LINES}): {over}"
