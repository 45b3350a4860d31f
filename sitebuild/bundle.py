"""The site's ES modules bundled with esbuild: one module per view, so a page asks for a few files
rather than a level of imports at a time (docs/site.md, "The first board").

- **A view** (VIEWS: a page's scripts, site.js first) becomes one ES module, `js/pages/<view>.js`,
  with everything it imports statically inside it. A page names it with `view('<view>')`.
- **An import() stays a request of its own**: the module it names is bundled the same way at its
  own path (chess/play.js at js/chess/play.js; chess/rules.js, chess.js inside, at
  js/chess/rules.js), so what loads by need (the play view, the rules, a store) still loads only
  then. A relative `import.meta.url` (cm-chessboard's assets, from chess/cm_board.js) still points
  where it did: the bundles holding cm_board.js (js/pages/<view>.js, js/chess/play.js, ...) sit two
  folders under static/, as cm_board.js does.
- **A module that keeps state for the page is one file** (SHARED): bundled into two files it
  would be two modules, each with its own state. lib/session.js keeps the tickets asked for, the
  tab's id (lib/tickets.js, which only it imports) and who listens for answers. (lib/dom.js keeps
  its announcer's timer on the element, so that copies of it share it.)
- Modules imported only statically are in the bundles, not published on their own. The classic
  scripts (CLASSIC) and everything not JavaScript go through `sitebuild/minify.py` as before.

Not esbuild's own code splitting: it makes a chunk for every set of entries sharing a module, and
the import()s of the home page (a store, the clock, the daily file's fallback...) cut the play
view into some fifteen chunks. Here a module imported statically by two bundles is in both (the
dates, the storage keys: pure code); SHARED is what must not be.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

from puzzlebook.games import GAMES
from puzzlebook.languages import LANGUAGES, SOURCE, Language
from sitebuild import js_messages, themes
from sitebuild.catalogs import BrowserMessages
from sitebuild.minify import MinifyFailed

HERE = Path(__file__).resolve().parent
SITE_JS = "js/site.js"  # every page's: the header, the service worker, posting what waits
CLASSIC = ("js/chess/first_view.js",)  # a classic script run before the first paint: not a module
SHARED = ("js/lib/session.js",)


def _home() -> tuple[str, ...]:
    """The home page's scripts: the chess page's, then each game's card that has a script."""
    static = HERE.parent / "site" / "static"
    cards = tuple(f"js/{g.key}/card.js" for g in GAMES if (static / "js" / g.key / "card.js").is_file())
    return ("js/chess/app.js", *cards)


# The pages' views: {view: its scripts after site.js}. A page's template names its view; tests/test_games.py
# holds these to the views the templates name and to each game's entry module (puzzlebook/games.py).
VIEWS: dict[str, tuple[str, ...]] = {
    "site": (),
    "home": _home(),
    "chain": ("js/chain/app.js",),
    "storm": ("js/storm/app.js",),
    "streak": ("js/streak/app.js",),
    "race": ("js/race/app.js",),
    "themes": ("js/chess/themes.js",),
    "archive": ("js/archive/app.js",),
    "boards": ("js/boards/app.js",),
    "dashboard": ("js/dashboard/app.js",),
    "history": ("js/history/app.js",),
    "account": ("js/account/app.js",),
    "signin": ("js/signin.js",),
    "lessons": ("js/lessons/list.js",),
    "lesson": ("js/lessons/play.js",),
    "lesson_import": ("js/lessons/import.js",),
    "classes": ("js/classes/index.js",),
    "class": ("js/classes/class.js",),
    "class_join": ("js/classes/join.js",),
    "friends": ("js/friends/friends.js",),
    "follow": ("js/friends/follow.js",),
    "club": ("js/friends/club.js",),
    "club_join": ("js/friends/join.js",),
    "class_live": ("js/classes/live.js",),
}


def view_path(view: str) -> str:
    """Where a view's module is published under static/."""
    if view not in VIEWS:
        raise KeyError(f"no view {view!r} (sitebuild/bundle.py VIEWS)")
    return f"js/pages/{view}.js"


def is_module(rel: str) -> bool:
    """An ES module of the site's, to be bundled (the analysis engine sits outside js/)."""
    return rel.startswith("js/") and rel.endswith(".js") and rel not in CLASSIC


def folder_of(language: Language) -> str:
    """Where a language's bundles are published under static/: `js` for English, the sources'
    own folder, `js-es`, `js-pt-br` for the others (beside it, so as deep: a bundle's relative
    import()s stay inside its language's folder).

    >>> [folder_of(language) for language in LANGUAGES[:5]]
    ['js', 'js-es', 'js-fr', 'js-de', 'js-pt-br']
    """
    return "js" + language.prefix.replace("/", "-")


def view_folder(language: Language, view: str) -> str:
    """Where a view's module is published under static/ for `language`."""
    return folder_of(language) + view_path(view).removeprefix("js")


def bundle(files: dict[str, bytes], node_modules: Path,
           translated: dict[str, BrowserMessages] | None = None,
           languages: tuple[Language, ...] = LANGUAGES, english: bool = True) -> dict[str, bytes]:
    """The bundles made of the ES modules among `files` ({path under static/: bytes}), each with a
    .map beside it: the views' modules, and every module loaded by import() or SHARED. They take
    the place of every module (`is_module`) of `files`. For each language of `languages` in
    `translated` (by its code: its browser messages) the same bundles again in its folder
    (`folder_of`), made from a copy of the modules with its words written in
    (sitebuild/js_messages.py), without maps. `english=False`: only those copies (the pseudo-locale's,
    sitebuild/static_steps.py).

    Raises MinifyFailed naming what esbuild refused, or saying how to install it."""
    esbuild = Path(node_modules).resolve() / "esbuild" / "lib" / "main.js"
    if not esbuild.is_file():
        raise MinifyFailed(f"the build bundles with esbuild, and {node_modules}/esbuild is missing. "
                           "Run `npm ci` (or `make setup`) first.")
    modules = {rel: data for rel, data in files.items() if is_module(rel)}
    # Each module's own code lexed once for its calls, then written once a language.
    texts = {rel: data.decode("utf-8") for rel, data in modules.items() if not rel.startswith("js/vendor/")}
    sites = {rel: js_messages.calls(text) for rel, text in texts.items()}

    def written(messages: BrowserMessages) -> dict[str, bytes]:
        return {rel: js_messages.translate(texts[rel], messages, sites[rel]).encode("utf-8")
                if rel in texts else data for rel, data in modules.items()}

    translated = translated or {}
    copies = {language: translated[language.code] for language in languages if language.code in translated}
    with tempfile.TemporaryDirectory(prefix="pb-bundle-") as tmp:
        source, out = Path(tmp) / "in", Path(tmp) / "out"
        runs: list[dict[str, object]] = []
        if english:
            runs.append({"src": str(source), "out": str(out), "maps": True, "lang": SOURCE})
            none = BrowserMessages({}, {})  # English's: only its t() of words alone made words
            _write(source, written(none))
        for language, messages in copies.items():
            _write(Path(tmp) / f"in-{language.code}", written(messages))
            if themes.JS_PATH in modules:  # the themes' names in the language (the `chess` catalog's)
                _write(Path(tmp) / f"in-{language.code}", {themes.JS_PATH: themes.render_js(messages.themes)})
            runs.append({"src": str(Path(tmp) / f"in-{language.code}"),
                         "out": str(Path(tmp) / f"out-{language.code}"), "maps": False,
                         "lang": language.code})
        job = {"esbuild": esbuild.as_uri(), "shared": list(SHARED), "runs": runs,
               "views": {name: [SITE_JS, *entries] for name, entries in VIEWS.items()}}
        done = subprocess.run(["node", str(HERE / "bundle.mjs")], input=json.dumps(job), cwd=HERE,
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise MinifyFailed(f"esbuild could not bundle the site's modules:\n{done.stderr.strip()}")
        written = json.loads(done.stdout)
        result: dict[str, bytes] = {}
        if english:
            made = {rel: (out / rel).read_bytes() for rel in written.pop(0)}
            result = {rel: _named_map(data, (out / rel).parent, source) if rel.endswith(".map") else data
                      for rel, data in made.items()}
        for (language, _), names in zip(copies.items(), written, strict=True):
            folder = Path(tmp) / f"out-{language.code}"
            result.update({folder_of(language) + rel.removeprefix("js"): (folder / rel).read_bytes()
                           for rel in names})
        return result


def _write(folder: Path, modules: dict[str, bytes]) -> None:
    for rel, data in modules.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def _named_map(data: bytes, folder: Path, source: Path) -> bytes:
    """The source map with each source named `original/<its path under static/>` rather than by the
    temporary folder it was bundled from (`folder`: the map's; `source`: what was bundled). Its text
    is inside the map."""
    sourcemap = json.loads(data)
    sourcemap["sources"] = ["original/" + (folder / name).resolve().relative_to(source.resolve()).as_posix()
                            for name in sourcemap["sources"]]
    return json.dumps(sourcemap, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
