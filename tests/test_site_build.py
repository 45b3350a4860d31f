"""The static site's build (sitebuild/): what lands in dist/, that a second
build rewrites nothing, and that mistakes are named clearly."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import shutil
from pathlib import Path

import pytest

from ops.cache import cache_rule
from puzzlebook.games import GAMES
from service.settings import load
from sitebuild import builder, compress, pages, vendor_patches
from sitebuild.assets import MissingVendorFiles
from sitebuild.pages import PageError
from sitebuild.shards import BadBundle
from tests.static_record import shared_static
from tests.support import build_env, copy_store

ROOT = Path(__file__).resolve().parent.parent


def settings(tmp: Path, root: Path = ROOT, **env: str):
    env = {"PUZZLEBOOK_STORE": f"sqlite:///{tmp / 'store.sqlite3'}", "PUZZLEBOOK_DIST": str(tmp / "dist"),
           "PUZZLEBOOK_SHARDS": str(root / "shards"), **build_env(), **env}
    return load(env, warn=False)


BUILT_ENV = {"PUZZLEBOOK_SITE_URL": "https://puzzles.example"}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory):
    tmp = tmp_path_factory.mktemp("build")
    with shared_static(tmp / "dist", tmp_path_factory):
        report = builder.build_site(settings(tmp, **BUILT_ENV))
    return tmp / "dist", report


def over_built(built, tmp: Path, root: Path = ROOT):
    """Settings for building again over a copy of `built` (its output and its store, every file's
    bytes and times), as if `built` had been made in `tmp`, with the chess bundle under `root`: a
    test of what a later build does starts there, not with a cold build of its own."""
    dist, _ = built
    shutil.copytree(dist, tmp / "dist")  # real copies: a test may write into them
    copy_store(dist.parent / "store.sqlite3", tmp / "store.sqlite3")  # with its log, never a torn copy
    return settings(tmp, root, **BUILT_ENV)


# One xdist worker runs the module: `built` is built once, not once per worker. The builder's own
# behaviours (rebuilds that write only what changed, its refusals) are `make test`'s: a cold build and
# 45 tests over copies of it, 50 s of CPU; `make check` keeps one cold build, test_no_leaks.py's, which
# fails on any page or module that doesn't build.
pytestmark = [pytest.mark.xdist_group("site_build"), pytest.mark.slow]


def files(dist: Path) -> dict[str, int]:
    return {p.relative_to(dist).as_posix(): p.stat().st_mtime_ns for p in dist.rglob("*") if p.is_file()}


def html_pages(dist: Path) -> list[Path]:
    return sorted(dist.rglob("*.html"))


def test_a_second_build_with_nothing_changed_rewrites_nothing(built, tmp_path):
    s = over_built(built, tmp_path)
    before = files(tmp_path / "dist")
    second = builder.build_site(s)
    assert built[1].written > 0
    assert (second.written, second.removed) == (0, 0)
    # Every file the build writes was found unchanged (their compressed copies with them).
    assert second.unchanged == len([rel for rel in before if not compress.is_copy(rel)])
    assert files(tmp_path / "dist") == before


def test_a_second_build_with_nothing_changed_runs_no_esbuild(built, tmp_path, monkeypatch):
    """The bundles and the minified files come from the last build's record (sitebuild/static_steps.py)
    when nothing they are made from has changed: no node or esbuild process, the same files."""
    import subprocess

    s = over_built(built, tmp_path)
    real, ran = subprocess.run, []

    def counted(*args, **kwargs):
        ran.append(args[0] if args else kwargs.get("args"))
        return real(*args, **kwargs)

    monkeypatch.setattr(subprocess, "run", counted)
    report = builder.build_site(s)
    assert ran == []
    assert report.static.startswith("kept from the last build")
    assert (report.static_prefix, report.written) == (built[1].static_prefix, 0)


def _keep_through(s, day: dt.date) -> None:
    """Keep every game's picks through `day` in the store of `s`, as the nightly does."""
    from puzzlebook.chess.shards import Bundle
    from service.games.registry import every_game
    from service.store import open_store

    store = open_store(s.store_url)
    try:
        for _, hooks in every_game():
            hooks.keep_through(store, s, Bundle(s.shards), day + dt.timedelta(days=1))
    finally:
        store.close()


def _daily_truth(s, day: dt.date) -> dict[str, bytes]:
    """Every daily file a cold build of `day` publishes, as service/publish.py makes them."""
    from puzzlebook.chess.shards import Bundle
    from service import publish
    from service.store import open_store

    store = open_store(s.store_url)
    try:
        return publish.daily_files(store, s, Bundle(s.shards), day)
    finally:
        store.close()


def test_a_later_build_makes_only_the_new_days_and_the_files_a_cold_one_would(built, tmp_path):
    """The days a build wrote are not made again (sitebuild/dailies.py): a build three days on, over
    a store the nightly kept, rewrites only the new days' files and the index, and every daily file
    then holds what a cold build of that day would write."""
    s = over_built(built, tmp_path)
    dist = tmp_path / "dist"
    today = dt.date.fromisoformat(json.loads((dist / "daily/index.json").read_text())["chess"][-1])
    later = today + dt.timedelta(days=3)
    _keep_through(s, later)
    before = files(dist)
    report = builder.build_site(s, today=later)
    assert report.picked == 0
    truth = _daily_truth(s, later)
    for rel, data in truth.items():
        assert (dist / rel).read_bytes() == data, rel
    assert report.dailies == f"{len(truth)} files through {later.isoformat()}"
    after = files(dist)
    remade = {rel for rel, mtime in after.items()
              if rel.startswith("daily/") and not compress.is_copy(rel) and before.get(rel) != mtime}
    new_days = {rel for rel in truth if rel.split("/")[-1][:10] > today.isoformat()}
    assert remade == {"daily/index.json", *new_days}


def test_a_daily_file_changed_since_the_last_build_has_every_day_made_again(built, tmp_path):
    """A daily file that isn't as the last build wrote it (rewritten by `build.py fill`, or by
    hand) makes the next build write every day's file again, as a cold build would."""
    s = over_built(built, tmp_path)
    dist = tmp_path / "dist"
    first = dist / "daily/chess/2026-01-01.json"
    good = first.read_bytes()
    first.write_bytes(b"{}")
    report = builder.build_site(s)
    assert first.read_bytes() == good
    assert report.written >= 1


def test_a_build_leaves_the_store_it_opened_whole_in_its_file(built, tmp_path):
    """The build closes the store it opened, so the .sqlite3 file alone (what a plain copy takes)
    holds every item it kept: nothing is left only in the write-ahead log."""
    import sqlite3

    live = built[0].parent / "store.sqlite3"
    lone = tmp_path / "lone.sqlite3"
    shutil.copyfile(live, lone)
    whole = tmp_path / "whole.sqlite3"
    copy_store(live, whole)

    def rows(path: Path) -> list[tuple[str, str]]:
        with sqlite3.connect(path) as db:
            return db.execute("SELECT PK, SK FROM items ORDER BY PK, SK").fetchall()

    assert rows(whole), "the build keeps the daily picks in the store"
    assert rows(lone) == rows(whole)


def test_pages_land_where_their_templates_say(built):
    dist, report = built
    assert {"/", "/about/", "/signin/", "/404.html"} <= set(report.pages)
    for rel in ("index.html", "about/index.html", "signin/index.html", "404.html"):
        assert (dist / rel).is_file(), rel
    assert not (dist / "base.html").exists()
    assert not (dist / "_macros.html").exists() and not (dist / "_macros").exists()


def test_no_page_carries_the_site_zone(built):
    """A page's today is the player's own date, from the browser's zone (lib/dates.js playerDay):
    the pages no longer carry the site's zone or its offsets from UTC."""
    dist, _ = built
    for page in html_pages(dist):
        text = page.read_text(encoding="utf-8")
        assert "data-site-tz" not in text and "data-site-offsets" not in text, page


@pytest.mark.parametrize(("template", "output", "url"), [
    ("index.html", "index.html", "/"),
    ("404.html", "404.html", "/404.html"),
    ("about.html", "about/index.html", "/about/"),
    ("chain/index.html", "chain/index.html", "/chain/"),
    ("lessons/format.html", "lessons/format/index.html", "/lessons/format/"),
])
def test_where_a_template_is_published(template, output, url):
    page = pages.page_for(template)
    assert page and (page.output, page.url) == (output, url)


NOT_PAGES = ["base.html", "_macros.html", "lessons/_examples/x.html", "sw.js", "_a/b.html"]


@pytest.mark.parametrize("template", NOT_PAGES)
def test_layouts_partials_and_non_html_are_not_pages(template):
    assert pages.page_for(template) is None


def lede(page: Path) -> str:
    """The words of a page's first lede, its tags taken out."""
    found = re.search(r'<p class="lede"[^>]*>(.*?)</p>', page.read_text(encoding="utf-8"), re.S)
    assert found, f"{page} has no lede"
    return re.sub(r"<[^>]+>", "", found.group(1))


def test_the_about_and_archive_ledes_name_every_game_they_cover(built):
    """About's lede names every game of the registry, and the archive's every game with past
    days (a daily file a day): Storm was left out of both."""
    dist, _ = built
    about, archive = lede(dist / "about" / "index.html"), lede(dist / "archive" / "index.html")
    for game in GAMES:
        assert game.nav.label.lower() in about.lower(), f"About's lede leaves out {game.name}: {about}"
        if game.daily:
            assert game.name in archive, f"the archive's lede leaves out {game.name}: {archive}"


def test_static_files_live_under_one_content_hashed_folder_and_every_reference_resolves(built):
    dist, report = built
    prefix = report.static_prefix
    assert re.fullmatch(r"/static/[0-9a-f]{10}/", prefix)
    assert [p.name for p in (dist / "static").iterdir()] == [prefix.strip("/").split("/")[1]]
    assert cache_rule(prefix + "js/chess/app.js").name == "immutable"
    for page in html_pages(dist):
        for url in re.findall(r'(?:href|src)="(/static/[^"]+)"', page.read_text()):
            assert (dist / url.lstrip("/")).is_file(), f"{page}: {url}"


def test_the_vendor_files_are_copied_but_not_the_non_commercial_pieces(built):
    dist, report = built
    static = dist / report.static_prefix.strip("/")
    npm = ROOT / "node_modules/chess.js/dist/esm/chess.js"
    # Published minified inside the rules' bundle (sitebuild/bundle.py), its source map holding
    # npm's file with the build's one change (sitebuild/vendor_patches.py: its keys made faster);
    # cm-chessboard's modules inside the play view's.
    published = (static / "js/chess/rules.js").read_bytes()
    assert len(published) < npm.stat().st_size / 2
    sourcemap = json.loads((static / "js/chess/rules.js.map").read_text())
    assert vendor_patches.chess_keys(npm.read_bytes()).decode() in sourcemap["sourcesContent"]
    assert "original/js/vendor/chess.js" in sourcemap["sources"]
    play = json.loads((static / "js/chess/play.js.map").read_text())
    assert "original/js/vendor/cm-chessboard/src/Chessboard.js" in play["sources"]
    assert (static / "js/vendor/cm-chessboard/assets/board.css").is_file()
    assert (static / "js/vendor/cm-chessboard/assets/pieces/standard.svg").is_file()
    assert (static / "js/vendor/cm-chessboard/assets/extensions/markers/markers.svg").is_file()
    assert not list(static.rglob("staunty*"))
    about = (dist / "about/index.html").read_text()
    for credit in ("Cburnett", "CC BY-SA 3.0", "cm-chessboard", "MIT", "chess.js", "BSD", "CC0"):
        assert credit in about, credit


def test_no_page_has_an_inline_script_or_style(built):
    """The CSP (script-src 'self'; style-src 'self') would block them."""
    dist, _ = built
    for page in html_pages(dist):
        text = page.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), page
        assert not re.search(r"<style[\s>]", text), page
        assert not re.search(r"\sstyle=", text), page
        assert not re.search(r"\son[a-z]+=", text), page


def test_shards_are_published_under_content_hashed_names_the_index_points_to(built):
    dist, _ = built
    committed = json.loads((ROOT / "shards/index.json").read_text())
    index = json.loads((dist / "shards/index.json").read_text())
    for key in ("version", "bands", "duplicates"):
        assert index[key] == committed[key]
    for band, info in committed["bands"].items():
        names = index["files"][band]
        assert len(names) == info["shards"]
        for k, name in enumerate(names):
            data = (ROOT / "shards" / band / f"{k}.json").read_bytes()
            assert name == f"{band}/{k}.{hashlib.sha256(data).hexdigest()[:12]}.json"
            assert (dist / "shards" / name).read_bytes() == data
            assert cache_rule("shards/" + name).name == "immutable"
    assert cache_rule("shards/index.json").name == "short"


def test_the_daily_files_run_from_the_epoch_through_today(built):
    dist, report = built
    index = json.loads((dist / "daily/index.json").read_text())
    chess = index["chess"]
    assert chess[0] == "2026-01-01"
    assert chess == sorted(chess)
    first = json.loads((dist / "daily/chess/2026-01-01.json").read_text())
    assert first["date"] == "2026-01-01"
    assert [d["band"] for d in first["dailies"]] == ["Easy", "Medium", "Hard"]
    assert set(first["dailies"][0]) == {"band", "id", "rating", "row"}
    # Each daily's row as the shards publish it: a daily opens from its day's file alone.
    from puzzlebook.chess.shards import Bundle

    bundle = Bundle(ROOT / "shards")
    for daily in first["dailies"]:
        assert daily["row"] == bundle.row(daily["band"], daily["id"]), daily
    last = chess[-1]
    assert report.dailies.endswith(f"through {last}")
    assert len(list((dist / "daily/chess").glob("*.json"))) == len(chess)
    # The index is made from the files the build wrote, and says what the store's own would.
    truth = _daily_truth(settings(dist.parent, **BUILT_ENV), dt.date.fromisoformat(last))
    assert (dist / "daily/index.json").read_bytes() == truth["daily/index.json"]


def test_sitemap_robots_manifest_and_404(built):
    dist, _ = built
    sitemap = (dist / "sitemap.xml").read_text()
    assert "<loc>https://puzzles.example/</loc>" in sitemap
    assert "<loc>https://puzzles.example/about/</loc>" in sitemap
    assert "404" not in sitemap and "/signin/" not in sitemap
    assert "Sitemap: https://puzzles.example/sitemap.xml" in (dist / "robots.txt").read_text()
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert (dist / icon["src"].lstrip("/")).is_file()
    assert {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}
    assert "That page isn’t in the book" in (dist / "404.html").read_text()


def test_the_service_worker_precaches_files_that_exist(built):
    dist, report = built
    sw = (dist / "sw.js").read_text()
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\])\n", sw).group(1))
    assert "/" in precache and "/shards/index.json" in precache
    assert report.static_prefix + "js/pages/home.js" in precache
    assert report.static_prefix + "js/chess/rules.js" in precache, "the rules, loaded later, play offline too"
    assert sum(url.startswith("/shards/") and url != "/shards/index.json" for url in precache) == 5
    for url in precache:
        rel = url.lstrip("/") or "index.html"
        if rel.endswith("/"):
            rel += "index.html"
        assert (dist / rel).is_file(), url


# ---- changes and mistakes, in a copy of the site's sources ----------------------


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    """A copy of site/ to change, beside the repository's node_modules/, shards/ and locale/. A test builds
    it over a copy of `built` (`over_built`): its store keeps every pick already, and its record
    of the bundled modules stands for an unchanged copy, so what is timed is the build's reaction
    to the change, not a cold build's picks and esbuild (some 8 s of CPU a test)."""
    root = tmp_path / "root"
    root.mkdir()
    shutil.copytree(ROOT / "site", root / "site")
    (root / "node_modules").symlink_to(ROOT / "node_modules")
    (root / "shards").symlink_to(ROOT / "shards")
    # The catalogs too: without them each language's bundles are other bytes, and the record of
    # `built`'s would not stand for the copy (esbuild again, some 10 s of CPU a test).
    (root / "locale").symlink_to(ROOT / "locale")
    return root


def test_changing_a_static_file_moves_the_folder_and_removes_the_old_one(built, sources, tmp_path):
    # English alone: the folder's move is the same in every language, and each language's bundles
    # made again and compressed at Brotli 11 were most of the test's CPU.
    s = over_built(built, tmp_path, sources).with_(build_languages=("en",))
    first = builder.build_site(s, root=sources)
    css = sources / "site/static/css/site.css"
    css.write_text(css.read_text() + "\n.pb-changed-style { color: red }\n")
    # A module's new code reaches its bundles: the record of the last build's bundles is not reused.
    module = sources / "site/static/js/site.js"
    module.write_text(module.read_text() + "\nglobalThis.pbChanged = 'changed-3f9a'\n")
    second = builder.build_site(s, root=sources)
    static = tmp_path / "dist" / second.static_prefix.strip("/")
    assert second.static == "bundled and minified"
    assert "changed-3f9a" in (static / "js/pages/home.js").read_text()
    assert ".pb-changed-style" in (static / "css/site.css").read_text()
    assert second.static_prefix != first.static_prefix
    assert second.removed > 0
    assert not (tmp_path / "dist" / first.static_prefix.strip("/")).exists()
    assert second.static_prefix in (tmp_path / "dist/index.html").read_text()


def test_a_template_naming_a_missing_static_file_is_a_clear_error(built, sources, tmp_path):
    (sources / "site/templates/broken.html").write_text(
        '{% extends "base.html" %}{% block head %}'
        '<link rel="stylesheet" href="{{ static(\'css/nope.css\') }}">{% endblock %}'
    )
    with pytest.raises(PageError, match=r"site/templates/broken.html: no static file 'css/nope.css'"):
        builder.build_site(over_built(built, tmp_path, sources), root=sources)


def test_a_template_syntax_error_names_the_file_and_line(built, sources, tmp_path):
    (sources / "site/templates/broken.html").write_text("line one\n{% if %}\n")
    with pytest.raises(PageError, match=r"broken.html, line 2"):
        builder.build_site(over_built(built, tmp_path, sources), root=sources)


def test_missing_npm_packages_say_how_to_get_them(sources, tmp_path):
    (sources / "node_modules").unlink()
    (sources / "node_modules").mkdir()
    with pytest.raises(MissingVendorFiles, match="npm ci"):
        builder.build_site(settings(tmp_path, sources), root=sources)


def test_a_bundle_index_naming_a_missing_shard_is_a_clear_error(built, sources, tmp_path):
    (sources / "shards").unlink()
    shutil.copytree(ROOT / "shards", sources / "shards")
    (sources / "shards/Easy/0.json").unlink()
    with pytest.raises(BadBundle, match=r"Easy/0.json is missing"):
        builder.build_site(over_built(built, tmp_path, sources), root=sources)


def test_without_a_bundle_the_build_says_so_and_publishes_no_dailies(built, sources, tmp_path):
    (sources / "shards").unlink()
    report = builder.build_site(over_built(built, tmp_path, sources), root=sources)
    assert any("no chess bundle" in note for note in report.notes)
    assert report.dailies == "skipped: no chess bundle"
    assert (tmp_path / "dist/index.html").is_file()


def test_the_local_server_serves_a_real_favicon_ico(built):
    """Browsers and other clients ask for /favicon.ico without reading the page's
    <link rel=icon>; it was a 404 (issue 12, item 8)."""
    import struct

    from ops.server import SiteServer
    from tests.test_site_server import Client, echo_api

    dist, _ = built
    answer = Client(SiteServer(dist, echo_api)).get("/favicon.ico")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "image/x-icon"
    ico = answer.content
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind) == (0, 1) and count >= 1
    sizes = []
    for k in range(count):
        width, height, _, _, _, _, length, offset = struct.unpack_from("<BBBBHHII", ico, 6 + 16 * k)
        png = ico[offset : offset + length]
        assert png.startswith(b"\x89PNG\r\n\x1a\n"), f"entry {k} is not a PNG"
        assert struct.unpack_from(">II", png, 16) == (width or 256, height or 256), f"entry {k}'s size"
        sizes.append(width)
    assert {16, 32} <= set(sizes)


def test_every_text_file_but_the_daily_files_has_brotli_and_gzip_copies_of_its_bytes(built):
    """The daily files have none: they grow with the days stored, and the local server compresses
    one as it sends it (ops/server.py), as CloudFront does every file."""
    import gzip

    import brotli

    dist, _ = built
    text = [p for p in dist.rglob("*") if p.is_file() and compress.is_text(p.name)]
    daily = [p for p in text if p.relative_to(dist).as_posix().startswith("daily/")]
    assert len(text) - len(daily) > 300 and len(daily) > 300
    for path in text:
        copies = [path.with_name(path.name + suffix) for suffix in (".br", ".gz")]
        if path in daily:
            assert not any(copy.exists() for copy in copies), path
            continue
        data = path.read_bytes()
        assert brotli.decompress(copies[0].read_bytes()) == data, path
        assert gzip.decompress(copies[1].read_bytes()) == data, path
    for binary in ("favicon.ico", f"{built[1].static_prefix.strip('/')}/img/icon-192.png"):
        assert not (dist / (binary + ".br")).exists() and not (dist / (binary + ".gz")).exists(), binary
    page = (dist / "index.html").read_bytes()
    assert len((dist / "index.html.br").read_bytes()) < len(page) / 3


def test_a_compressed_copy_older_than_its_file_is_made_again(built, tmp_path):
    """Something that rewrote a file without compressing it (`build.py fill` writing a daily
    file) leaves copies of the old bytes; the next build makes them again."""
    import brotli

    s = over_built(built, tmp_path)
    about = tmp_path / "dist" / "about/index.html"
    stale = about.with_name("index.html.br")
    stale.write_bytes(brotli.compress(b"old bytes"))
    import os

    os.utime(stale, ns=(about.stat().st_mtime_ns - 10**9,) * 2)
    builder.build_site(s)
    assert brotli.decompress(stale.read_bytes()) == about.read_bytes()


def test_modules_are_bundled_a_view_each_and_styles_minified_with_source_maps(built):
    dist, report = built
    static = dist / report.static_prefix.strip("/")
    home = (static / "js/pages/home.js").read_text()
    # The map holds English's copy of the source: its t('…') of words alone written as the words
    # (sitebuild/js_messages.py), all else as written.
    from sitebuild.catalogs import BrowserMessages
    from sitebuild.js_messages import translate

    source = translate((ROOT / "site/static/js/chess/app.js").read_text(), BrowserMessages({}, {}))
    # One ES module for the home page: site.js, app.js and the Chain card inside, the play view
    # still loaded when a puzzle opens (sitebuild/bundle.py).
    assert home.count("\n") < 5, "minified"
    assert 'import("../chess/play.js")' in home, "the play view's modules load when a puzzle opens"
    assert home.rstrip().endswith("//# sourceMappingURL=home.js.map")
    sourcemap = json.loads((static / "js/pages/home.js.map").read_text())
    for name in ("site.js", "chess/app.js", "chain/card.js"):
        assert f"original/js/{name}" in sourcemap["sources"], name
    assert source in sourcemap["sourcesContent"]
    css = (static / "css/site.css").read_text()
    assert "\n\n" not in css and css.rstrip().endswith("/*# sourceMappingURL=site.css.map */")
    assert (static / "css/site.css.map").is_file()


def test_every_page_is_written_in_every_language_with_its_lang_dir_and_alternates(built):
    """Issue 44: each page once per language under its prefix, `lang` and `dir` on <html>, the
    canonical link its own address and an hreflang alternate for every language, English's also
    x-default (docs/languages.md, "The pages")."""
    from puzzlebook.languages import LANGUAGES

    dist, report = built
    english = [url for url in report.pages
               if not any(url.startswith(lang.prefix + "/") for lang in LANGUAGES[1:])]
    assert "/" in english and "/about/" in english
    for url in english:
        for language in LANGUAGES:
            rel = (language.prefix + url).lstrip("/")
            html = (dist / (rel if rel.endswith(".html") else rel + "index.html")).read_text(encoding="utf-8")
            where, site = f"{language.code} {url}", "https://puzzles.example"
            assert f'<html lang="{language.code}" dir="{language.direction}">' in html, where
            assert f'<link rel="canonical" href="{site}{language.prefix}{url}">' in html, where
            for other in LANGUAGES:
                alternate = f'<link rel="alternate" hreflang="{other.code}" href="{site}{other.prefix}{url}">'
                assert alternate in html, where
            assert f'<link rel="alternate" hreflang="x-default" href="{site}{url}">' in html, where
    assert 'dir="rtl"' in (dist / "ar" / "index.html").read_text(encoding="utf-8")
    sitemap = (dist / "sitemap.xml").read_text(encoding="utf-8")
    assert "<loc>https://puzzles.example/es/about/</loc>" in sitemap
    assert "<loc>https://puzzles.example/pt-br/chain/</loc>" in sitemap


def test_a_languages_page_speaks_it_and_links_its_own_pages(built):
    dist, _ = built
    spanish = (dist / "es" / "about" / "index.html").read_text(encoding="utf-8")
    english = (dist / "about" / "index.html").read_text(encoding="utf-8")
    assert ">Saltar al contenido<" in spanish and ">Skip to content<" in english
    assert ">Saltar al contenido<" not in english
    # A macro's words (the player form, _macros.html) in the page's language, not the language
    # whose page first imported the macros (Jinja2 keeps an imported module).
    spanish_home = (dist / "es" / "index.html").read_text(encoding="utf-8")
    assert ">Tu nombre</label>" in spanish_home
    assert ">Your name</label>" in (dist / "index.html").read_text("utf-8")
    assert '<a href="/es/chain/"' in spanish, "a link to a page goes to the page in the same language"
    assert 'href="/es/static/' not in spanish and "/static/" in spanish, "a static file is every language's"
    assert '/js-es/pages/site.js"' in spanish and '/js/pages/site.js"' in english, "each its own bundles"
    # The language menu: every language's version of this page, named in its own language.
    assert '<a href="/about/?chosen" lang="en">English</a>' in spanish, "in every page's footer"
    assert '<a href="/es/about/?chosen" aria-current="true">Español</a>' in spanish


def test_the_friends_and_account_pages_speak_the_pages_language(built):
    """Friends, clubs and the account (issue 44): the pages' words and their modules' in Spanish, and
    the account page's language choice naming each language's account page."""
    dist, report = built
    friends = (dist / "es" / "friends" / "index.html").read_text(encoding="utf-8")
    assert ">Personas que sigues<" in friends and ">People you follow<" not in friends
    account = (dist / "ar" / "account" / "index.html").read_text(encoding="utf-8")
    assert ">لغتك<" in account, "the language card's title"
    assert '<option value="es" lang="es" data-page="/es/account/">Español</option>' in account
    assert '<option value="ar" lang="ar" data-page="/ar/account/" selected>العربية</option>' in account
    static = dist / report.static_prefix.strip("/")
    spanish = "".join(f.read_text(encoding="utf-8") for f in (static / "js-es").rglob("*.js"))
    assert "Dejar de seguir" in spanish and "Guardado para ti: {language}." in spanish


def test_the_chain_guides_speak_the_pages_language_and_keep_their_sums(built):
    """The Chain guides (issue 44): a Spanish page's words, its worked example's day as the language
    writes it, the same route and sums as English's; an Arabic one's arithmetic kept left to right."""
    dist, _ = built
    english = (dist / "chain" / "strategy" / "index.html").read_text(encoding="utf-8")
    spanish = (dist / "es" / "chain" / "strategy" / "index.html").read_text(encoding="utf-8")
    arabic = (dist / "ar" / "chain" / "difficulty" / "index.html").read_text(encoding="utf-8")
    assert ">Descartar y elegir fichas</h1>" in spanish and "Ruling tiles in and out" not in spanish
    assert "Worked example: Monday 7 September 2026" in english
    assert "Ejemplo resuelto: lunes, 7 de septiembre de 2026" in spanish
    for sums in ("20 ×7 → 140, ÷2 → 70, ×9 → 630", "20 + 48 + 28 = 96", "630 = 2 × 3 × 3 × 5 × 7"):
        assert sums in english and sums in spanish, sums
    assert "the multiplies ×7 and ×9 fit" in english and "las multiplicaciones ×7 y ×9 encajan" in spanish
    assert '<span dir="ltr">20 ×7 → 140, ÷2 → 70, ×9 → 630</span>' in arabic, "a route left to right"
    assert '<span dir="ltr">' not in english, "English's pages as they were"


def test_chains_how_to_keeps_its_tiles_and_sums_left_to_right_in_arabic(built):
    """An Arabic page wrote the tiles' faces as "n+" and the sums from the right, "133 → 54+ 79"."""
    dist, _ = built
    arabic = (dist / "ar" / "howto" / "chain" / "index.html").read_text(encoding="utf-8")
    english = (dist / "howto" / "chain" / "index.html").read_text(encoding="utf-8")
    for text in ("+n", "÷n", "79 +54 → 133", "79 → 97, 1234 → 4321"):
        assert f'<span dir="ltr">{text}</span>' in arabic, text
        assert f">{text}</" in english, text
    # The divide's example is a sentence with a sum at each end: each sum left to right in it.
    assert '<span dir="ltr">160 ÷4 → 40</span>، لكن أبدًا <span dir="ltr">133 ÷4</span>' in arabic
    assert ">160 ÷4 → 40, but never 133 ÷4</" in english
    assert '<span dir="ltr">' not in english, "English's page as it was"


def test_every_band_and_level_a_page_names_is_marked_for_the_catalog():
    from puzzlebook.chain.calendar import LEVELS
    from puzzlebook.chess.bands import BANDS
    from sitebuild.words import WORDS

    assert set(BANDS) <= WORDS
    assert {level.name.capitalize() for level in LEVELS.values()} <= WORDS


def test_each_languages_bundles_carry_its_words_and_englishs_carry_no_call_for_them(built):
    """The browser's words are written into each language's copy of the bundles at build time
    (sitebuild/js_messages.py): a marked string with no values is its words alone, in English too."""
    dist, report = built
    static = dist / report.static_prefix.strip("/")
    english = (static / "js" / "chess" / "play.js").read_text(encoding="utf-8")
    spanish = (static / "js-es" / "chess" / "play.js").read_text(encoding="utf-8")
    assert '"Find the best move."' in english and "Encuentra la mejor jugada." not in english
    assert "Encuentra la mejor jugada." in spanish and "Find the best move." not in spanish
    assert "Juegas con {side}. Mira la jugada." in spanish, "a message with values keeps them"
    assert not (static / "js-es" / "chess" / "play.js.map").exists(), "English's map serves every language"


def test_the_teachers_and_live_pages_speak_the_pages_language(built):
    """Classes, lessons and the race (issue 44): a German page's words and its bundle's, the format
    guide English in every language with a note in the page's own saying so."""
    dist, report = built
    static = dist / report.static_prefix.strip("/")
    german_class = (dist / "de" / "classes" / "class" / "index.html").read_text(encoding="utf-8")
    assert ">Fortschritt bei Aufgaben<" in german_class and ">Progress in puzzles<" not in german_class
    arabic_race = (dist / "ar" / "race" / "index.html").read_text(encoding="utf-8")
    assert ">إنشاء سباق<" in arabic_race and ">Make a race<" not in arabic_race
    race = (static / "js-de" / "pages" / "race.js").read_text(encoding="utf-8")
    assert "Rennen vorbei: Warte auf die Tabelle" in race and "Race over: waiting for the table" not in race
    # The results table's CSV head, read after a regex the build's lexer once misread (classes/table.js).
    classes = (static / "js-es" / "pages" / "class.js").read_text(encoding="utf-8")
    assert "Segundos en total" in classes and "Seconds in all" not in classes
    guide = (dist / "fr" / "lessons" / "format" / "index.html").read_text(encoding="utf-8")
    assert "Ce guide est en anglais" in guide
    assert '<article class="prose lesson-guide" lang="en" dir="ltr">' in guide
    english_guide = (dist / "lessons" / "format" / "index.html").read_text(encoding="utf-8")
    assert "This guide is in English" not in english_guide and 'lesson-guide" lang="en"' not in english_guide


def test_the_chess_core_speaks_the_pages_language(built):
    """Issue 44: the themes' names come from the `chess` catalog into each language's
    theme_names.js and themes page; the results' names, the moves a screen reader hears and the
    review page's worked example are the language's; English's bundles keep only English's own
    way of saying a move (the whole phrases other languages need are not in them)."""
    dist, report = built
    static = dist / report.static_prefix.strip("/")
    names = (static / "js-es" / "chess" / "theme_names.js").read_text(encoding="utf-8")
    assert '"Ataque doble"' in names
    assert '"Fork"' in (static / "js" / "chess" / "theme_names.js").read_text(encoding="utf-8")
    english = (static / "js" / "chess" / "play.js").read_text(encoding="utf-8")
    spanish = (static / "js-es" / "chess" / "play.js").read_text(encoding="utf-8")
    assert "Resuelto limpiamente" in spanish and "{piece} captura dama en {square}" in spanish
    assert "takes queen on" not in english and "Solved cleanly" in english
    themes = (dist / "es" / "themes" / "index.html").read_text(encoding="utf-8")
    assert ">Tu dificultad</h2>" in themes and ">Your difficulty</h2>" not in themes
    review = (dist / "es" / "review" / "index.html").read_text(encoding="utf-8")
    assert "<strong>Resuelto con ayuda</strong>" in review and ">Día 1</th>" in review


def test_no_marked_words_inside_a_template_literal():
    """A t() or tn() inside a template literal's ${…} is neither extracted nor written in another
    language (Babel's lexer reads the literal whole): it would stay English everywhere."""
    modules = sorted((ROOT / "site" / "static" / "js").rglob("*.js"))
    found = [f"{path.relative_to(ROOT)}:{n}" for path in modules
             if "vendor" not in path.parts
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\$\{[^}]*\btn?\(['\"]", line) and not line.lstrip().startswith("*")]
    assert not found, found


def test_the_boards_and_archive_say_the_registrys_words_in_the_pages_language(built):
    """A board's title, a column's head and an archive label are the registry's (js/games.js marks
    them with t()): a Spanish page and its bundles say them in Spanish, English's as they were."""
    dist, _ = built
    spanish = (dist / "es" / "boards" / "index.html").read_text(encoding="utf-8")
    english = (dist / "boards" / "index.html").read_text(encoding="utf-8")
    assert 'data-board="chess/daily">Ajedrez diario</a>' in spanish, "a tab in the page's language"
    assert 'data-board="chess/daily">Chess daily</a>' in english
    assert "<h1 id=\"boards-title\">Clasificaciones</h1>" in spanish
    view = re.search(r'<script type="module" src="([^"]+)"', spanish)
    assert view and "/js-es/" in view[1]
    bundle = (dist / view[1].lstrip("/")).read_text(encoding="utf-8")
    assert '"Congelaciones usadas"' in bundle and "Freezes used" not in bundle, "a column's head"
    # The streak boards' column, a word and not the game Streak's name, which stays "Streak".
    assert '"Racha actual"' in bundle and "Current streak" not in bundle
    assert "Actualizado hace {n} minuto" in bundle, "the view's own words"
    archive = (dist / "es" / "archive" / "index.html").read_text(encoding="utf-8")
    assert ">Todos los días hasta hoy</h1>" in archive and ">Ajedrez diario</h1>" in archive


def test_the_last_english_pieces_speak_the_pages_language(built):
    """Issue 44: a student's pages as their teacher sees them (whole sentences with the name, no
    possessive glued on), a streak's freezes, the chart summaries' lists, the promotion chooser's
    words (cm-chessboard's own, given to it) and the engine's findings, in a Spanish page's bundles."""
    dist, report = built
    static = dist / report.static_prefix.strip("/")
    spanish = "".join(f.read_text(encoding="utf-8") for f in (static / "js-es").rglob("*.js"))
    english = "".join(f.read_text(encoding="utf-8") for f in (static / "js").rglob("*.js"))
    for words in ("Panel de problemas de {name}", "Panel de problemas de este alumno",  # viewed.js
                  "Racha de Chain: {n} días · {freezes}.",  # the freezes a value of the sentence
                  "{label} ({count})",  # a chart's summary, its list by Intl.ListFormat
                  "Elige la pieza de coronación", "Caballo",  # the promotion chooser
                  "La línea termina, pero la posición no está ganada ({figure}).",  # a finding
                  "las negras tienen una pieza de más"):
        assert words in spanish, words
    assert "’s puzzle dashboard" not in spanish and "This student" not in spanish
    assert "Elige la pieza" not in english and "Panel de problemas" not in english
