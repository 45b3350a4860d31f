"""The static site's build: pages, hashed static files, the chess bundle, the
public daily files, and the small files a site needs (sitemap, robots, web
manifest, service worker), all written only where their bytes change."""

from __future__ import annotations

import datetime as dt
import gettext
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from puzzlebook import calendar
from puzzlebook.chess.bands import BANDS
from puzzlebook.games import GAMES
from puzzlebook.languages import BY_CODE, LANGUAGES, PSEUDO, SOURCE, Language, spoken
from service.settings import Settings
from sitebuild import (
    assets,
    bundle,
    catalogs,
    dailies,
    dates,
    games_js,
    meta,
    modules,
    page_record,
    pages,
    shards,
    static_steps,
    themes,
    words,
)
from sitebuild.compressed_cache import CompressedCache
from sitebuild.games import template_globals
from sitebuild.output import Output
from sitebuild.review import result_names, review_example

ROOT = Path(__file__).resolve().parent.parent
ICONS = {"any": "img/icon.svg", "192x192": "img/icon-192.png", "512x512": "img/icon-512.png"}


@dataclass
class BuildReport:
    """What a build did, for the command line and the tests."""

    out: Path
    written: int = 0
    unchanged: int = 0
    removed: int = 0
    seconds: float = 0.0
    static_prefix: str = ""
    pages: list[str] = field(default_factory=list)
    bundle_version: int | None = None
    dailies: str = ""
    static: str = ""  # whether the static files were bundled and minified now or kept from the last build
    picked: int = 0  # the day's picks the store lacked, made now (0 over a store the nightly keeps)
    notes: list[str] = field(default_factory=list)


def build_site(
    settings: Settings,
    *,
    root: Path = ROOT,
    store: Any = None,
    today: dt.date | None = None,
) -> BuildReport:
    """Build the whole site into settings.dist and say what was done.

    The chess bundle published is settings.shards, the sitemap's address
    settings.site_url; `root` holds site/ and node_modules/; `today` is the site
    day (default: today in SITE_TZ); `store` the store the daily picks are kept
    in (default: the one settings.store_url names).
    Raises assets.MissingVendorFiles, minify.MinifyFailed, shards.BadBundle or a Jinja2 error, each
    naming what was wrong; files already in the output are left as they were
    unless replaced by a complete new version.
    """
    started = time.perf_counter()
    out = Path(settings.dist)
    output = Output(out, CompressedCache(settings.compress_cache) if settings.compress_cache else None)
    report = BuildReport(out=out)
    bundle_dir = Path(settings.shards)
    site_url = settings.site_url
    today = today or calendar.site_day(settings.site_tz)

    static = assets.collect(root / "site" / "static", root / "node_modules",
                            generated={games_js.PATH: games_js.render(), themes.JS_PATH: themes.render_js()})
    # The ES modules bundled into a few files (sitebuild/bundle.py), the rest minified file by file;
    # taken from the last build's record when nothing they read has changed (sitebuild/static_steps.py).
    # Each language's words for the browser, written into its own copy of the bundles (docs/languages.md);
    # its catalogs read only when the bundles are made or a page of it is rendered.
    browser = catalogs.BrowserCatalogs(spoken(False, settings.build_languages), root / "locale")
    processed, made = static_steps.published(static.files, root / "node_modules", output, browser)
    report.static = "bundled and minified" if made else "kept from the last build (nothing they read changed)"
    # A test build's pseudo-locale: its bundles beside the others', not in the folder's name.
    pseudo_browser = catalogs.BrowserCatalogs((PSEUDO,), root / "locale") if settings.pseudo_locale else None
    pseudo = (static_steps.pseudo_bundles(static.files, root / "node_modules", output, pseudo_browser)
              if pseudo_browser else {})
    static = assets.StaticSet.of(processed, unhashed=pseudo)
    for rel, data in static.files.items():
        output.write(f"static/{static.digest}/{rel}", data)
    report.static_prefix = static.prefix
    for rel, data in assets.api_docs_files(root / "node_modules").items():
        output.write(rel, data)

    index = shards.publish(bundle_dir, output)
    if index is None:
        report.notes.append(f"no chess bundle at {bundle_dir}: the chess game has no puzzles to play")
    else:
        report.bundle_version = index.get("version")

    public = root / "site" / "public"
    if public.is_dir():
        for path in sorted(public.rglob("*")):
            if path.is_file() and not path.name.startswith("."):
                output.copy(path.relative_to(public).as_posix(), path)

    has_bundle = index is not None
    report.dailies, dailies = _publish_dailies(output, report, settings, bundle_dir, today, store,
                                               has_bundle=has_bundle)

    templates = root / "site" / "templates"
    found = pages.discover(templates)
    languages = spoken(settings.pseudo_locale, settings.build_languages)
    # Each language's pages kept from the last build while nothing they are rendered from has
    # changed (sitebuild/page_record.py); else rendered, the catalogs and templates read only then.
    common = page_record.common_key(
        templates=templates, static_fingerprint=static.fingerprint, site_url=site_url,
        today=today.isoformat(), index=index, card=dailies.get(_card_of(today)), languages=languages)
    record = page_record.PageRecord.read(out, common)
    page_urls = {page.url for page in found}
    if record.listed is None or set(record.listed) != page_urls:
        record = page_record.PageRecord(out, common)
    # Each page in the sitemap or not: the same in every language, read once.
    listed: dict[str, bool] = dict(record.listed or {})
    speaks = (browser, pseudo_browser) if pseudo_browser else (browser,)  # each page's browser words
    renderer = _Renderer(root, templates, _globals(static, settings, site_url, index, found, today),
                         static, today, dailies, index, speaks)
    sitemap_urls, source_urls = [], []
    for language in languages:
        key = page_record.language_key(common, language, root / "locale")
        outputs = [pages.output_of(page, language) for page in found]
        if record.kept(language.code, key) == outputs:
            record.keep(output, language.code, key, outputs)
        else:
            env = renderer.speaking(language)
            for page, rel in zip(found, outputs, strict=True):
                output.write(rel, pages.localise(pages.tidy(pages.render(env, page)), language, page_urls))
                if page.url not in listed:
                    listed[page.url] = pages.in_sitemap(env, page)
            record.wrote(language.code, key, outputs)
        for page in found:
            report.pages.append(language.prefix + page.url)
            if listed[page.url] and language != PSEUDO:  # a test build's pseudo-locale: not listed
                sitemap_urls.append(language.prefix + page.url)
                if language.code == SOURCE:
                    source_urls.append(page.url)
    output.write("sitemap.xml", meta.sitemap(site_url, sitemap_urls))
    output.write("robots.txt", meta.robots(site_url))
    icons = {size: static.url(rel) for size, rel in ICONS.items()}
    output.write("manifest.webmanifest", meta.manifest(icons))
    if record.kept(page_record.COMMON, common) == [SW]:
        record.keep(output, page_record.COMMON, common, [SW])
    else:
        version = f"{static.digest}-{(index or {}).get('version', 0)}"
        sw = renderer.env().get_template(SW).render(
            version=version, precache=_precache(static, index, source_urls),
            pages=[*source_urls, *pages.SPECIAL_URLS],
            prefixes=[lang.prefix for lang in LANGUAGES if lang.prefix])
        output.write(SW, sw)
        record.wrote(page_record.COMMON, common, [SW])
    output.settle()  # before the record that says the pages are whole
    record.write(output, listed)

    report.removed = output.prune("static") + output.prune("shards") + output.prune("swagger-ui")
    report.written, report.unchanged = output.written, output.unchanged
    report.seconds = time.perf_counter() - started
    return report


SW = "sw.js"


def _card_of(today: dt.date) -> str:
    """The daily file of the day's chess card, which the home page draws (`home_of`)."""
    return f"daily/chess/{today.isoformat()}.html"


class _Renderer:
    """The pages' Jinja2 environment, made when a page is first rendered (a build that keeps every
    page makes none), with each language's translations and language-bound globals swapped in by
    `speaking`: templates are compiled once a build; a gettext call reads the language as it renders."""

    def __init__(self, root: Path, templates: Path, globals_: dict[str, Any], static: assets.StaticSet,
                 today: dt.date, dailies: dict[str, bytes], index: dict | None,
                 browser: tuple[catalogs.BrowserCatalogs, ...]) -> None:
        self.root, self.templates, self.globals, self.static = root, templates, globals_, static
        self.today, self.dailies, self.index, self.browser = today, dailies, index, browser
        self._speaking = pages.Speaking()
        self._env: Any = None

    def env(self) -> Any:
        if self._env is None:
            self._env = pages.environment(self.templates, self.globals, self._speaking)
        return self._env

    def speaking(self, language: Language) -> Any:
        """The environment, speaking `language`."""
        env = self.env()
        self._speaking.use(catalogs.translations(language, "pages", self.root / "locale"))
        env.globals.update(_language_globals(self.static, language, self.today, self.dailies,
                                             self._speaking.translations, self.index, self.root))
        # A registry word (a board's title: js/games.js marks them with t()) in the language, as
        # its bundles say it: from the browser catalog, whose words they are (sitebuild/games_js.py).
        words = next((found.messages()[language.code] for found in self.browser
                      if language in found.languages), None)
        env.globals["game_word"] = (lambda text, texts=words.texts if words else {}: texts.get(text, text))
        return env


def _globals(static: assets.StaticSet, settings: Settings, site_url: str, index: dict | None,
             found: list[pages.Page], today: dt.date) -> dict[str, Any]:
    return {
        "static": static.url,
        "data_uri": lambda rel: data_uri(static, rel),
        "static_prefix": static.prefix,
        "site": {"name": "Puzzle Book", "url": site_url.rstrip("/")},
        "languages": LANGUAGES,
        "bands": [{"name": name, "low": low, "high": high - 1} for name, (low, high) in BANDS.items()],
        "games": GAMES,
        "game_nav": [(game.nav.url, game.nav.label) for game in GAMES],
        "bundle_version": (index or {}).get("version"),
        "page_urls": {p.url for p in found},
        "engine": assets.engine_globals(static),
        **template_globals(today),  # each game's own (sitebuild/games/<key>.py)
    }


def _language_globals(static: assets.StaticSet, language: Language, today: dt.date,
                      dailies: dict[str, bytes], pages: gettext.NullTranslations, index: dict | None = None,
                      root: Path = ROOT) -> dict[str, Any]:
    """What a page's template reads that depends on its language: the language itself, its
    modules (a view, the modules to preload: in its own folder of bundles), the home's day, and
    the words the build writes into its pages (the themes', the results' names, numbers)."""
    folder = bundle.folder_of(language)
    locale = root / "locale"

    def in_folder(rel: str) -> str:
        return folder + rel.removeprefix("js") if rel.startswith("js/") else rel

    return {
        "lang": language,
        # The themes page's groups, their names and descriptions in the language (the `chess` catalog).
        "theme_groups": themes.page_groups(index, catalogs.translations(language, "chess", locale)),
        "number": lambda n: dates.number(n, language),  # a number as the language writes it (Babel)
        # A day with its year ("Monday 7 September 2026") and a short list ("×2 and ×3"): the Chain guides'.
        "dated": lambda day, weekday=True: dates.dated(day, language, weekday=weekday),
        "and_list": lambda items: dates.and_list(list(items), language),
        "review_example": review_example(pages),  # the /review/ page's, by the review's own rule
        "result_names": result_names(pages),  # a chess result's one name (puzzlebook/chess/result_names.py)
        "view": lambda name: static.url(bundle.view_folder(language, name)),  # a page's one module
        # A module and all it imports (their URLs), for <link rel="modulepreload"> (sitebuild/modules.py).
        "module_graph": lambda rel: [static.url(m)
                                     for m in modules.module_graph(static.files, in_folder(rel))],
        "home": home_of(today, dailies, language, pages.gettext),
    }


def data_uri(static: assets.StaticSet, rel: str) -> str:
    """A small static SVG as a data: URI (the CSP allows data: images), so a page that shows it
    on every visit (the brand mark, the tab's icon) needs no request for it."""
    from urllib.parse import quote

    static.url(rel)  # a KeyError naming the file when there is none
    text = " ".join(static.files[rel].decode("utf-8").split()).replace('"', "'")
    return "data:image/svg+xml," + quote(text, safe=" =:/',.-()")


def home_of(today: dt.date, dailies: dict[str, bytes], language: Language = BY_CODE[SOURCE],
            say: Callable[[str], str] = str) -> dict[str, Any]:
    """What the home page shows of the build day without JavaScript (docs/site.md, "The first
    board"): the day and its chess card (service/games/chess/home.py); each game's own card reads
    its part from its template globals (sitebuild/games/<key>.py). Only the build day's: the page
    never holds a later day (nor is any later day's file published)."""
    from markupsafe import Markup

    day = today.isoformat()
    card = dailies.get(_card_of(today))
    return {
        "day": day,
        "long_date": dates.long_date(today, language),  # as lib/dates.js longDate writes it
        "chess_card": Markup(words.chess_card(card.decode("utf-8"), say)) if card else None,
    }


def _precache(static: assets.StaticSet, index: dict | None, urls: list[str]) -> list[str]:
    """What the service worker fetches on install so the game opens offline:
    the pages (and offline.html, its answer for a page it never kept), every
    static file but licences, source maps, the analysis engine (kept once it
    is first used) and the other languages' bundles, the bundle's index and one
    shard of each band (Endless can start offline at once). The pages and
    bundles are English's: the worker takes a page's own language's instead
    (site/templates/sw.js, docs/languages.md)."""
    wanted = [*urls, "/404.html", "/offline.html", "/manifest.webmanifest"]
    wanted += [static.prefix + rel for rel in sorted(static.files)
               if not rel.endswith((".txt", ".map")) and not rel.startswith((assets.ENGINE_DIR + "/", "js-"))]
    if index:
        wanted.append("/shards/index.json")
        wanted += ["/shards/" + names[0] for names in index["files"].values() if names]
    return wanted


def _keep(store: Any, settings: Settings, bundle: Any, today: dt.date, since: dt.date | None) -> int:
    """Keep every game's picks through tomorrow (from `since` when given); how many were picked."""
    from service.games.registry import every_game

    tomorrow = today + dt.timedelta(days=1)
    return sum(hooks.keep_through(store, settings, bundle, tomorrow, since) for _, hooks in every_game())


def _publish_dailies(output: Output, report: BuildReport, settings: Settings, bundle_dir: Path,
                     today: dt.date, store: Any, *, has_bundle: bool) -> tuple[str, dict[str, bytes]]:
    """The public daily files from the start through today (never tomorrow's: docs/api.md, "The
    daily files and the nightly job"), made by the service layer's own code: each game keeps what
    it publishes (chess: its picks, through tomorrow, the first pick standing) and writes its files
    from what is kept. The build never picks a daily itself."""
    if not has_bundle:
        return "skipped: no chess bundle", {}
    from puzzlebook.chess.shards import Bundle
    from service import publish
    from service.store import open_store

    bundle = Bundle(bundle_dir)
    through = today
    opened = store is None
    store = store if store is not None else open_store(settings.store_url)
    try:
        # The nightly keeps each day's picks before its day; a store that lacks some (a fresh one:
        # `make serve`, the tests) has them picked and kept here, once, by the nightly's own code.
        # Only the days since the last build's, when nothing they are made from has changed: the
        # days before were kept then, and their files stand.
        key = dailies.source_key(bundle_dir)
        record = dailies.Record.read(output.root)
        since = dailies.since_of(record, key, output.root, today)
        report.picked = _keep(store, settings, bundle, today, since)
        files = publish.daily_files(store, settings, bundle, through, since=since, index=False)
        if record is not None and since is not None and not dailies.agrees(output.root, record, files):
            since = None  # another store than the last build's: every day, kept from the first
            report.picked += _keep(store, settings, bundle, today, None)
            files = publish.daily_files(store, settings, bundle, through, index=False)
    finally:
        if opened:  # closed, so what the build kept is in the store's file, not only in its log
            store.close()
    count = dailies.write(output, key, today, record, since, files)
    return f"{count} files through {through.isoformat()}", files
