"""The pseudo-locale (docs/languages.md, "The pseudo-locale"): a test build writes every page in it
too, every message made from the English and marked, and nowhere else does it show; its static pages
carry no word that no catalog gave (marked `pseudo`: `make test` runs it, `make check` leaves it out;
it fails naming each page's English)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from puzzlebook.languages import LANGUAGES
from puzzlebook.pseudo import CLOSE, OPEN
from service.pseudo_catalogs import teach
from service.settings import load
from tests.pseudo_check import english, pseudo_pages, report, static_words, unmarked
from tests.support import served, settings_for_tests, sqlite_store

ROOT = Path(__file__).resolve().parent.parent
NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The run's seed build and the same with the pseudo-locale (tests/site_seed.py)."""
    from tests.site_seed import pseudo_seed_folder, seed_folder, shared_folder

    shared = shared_folder(tmp_path_factory.getbasetemp())
    return seed_folder(shared), pseudo_seed_folder(shared)


def page_file(dist: Path, url: str) -> Path:
    return dist / (url.lstrip("/") + ("index.html" if url.endswith("/") else ""))


def test_the_setting_is_one_or_zero_and_says_so_otherwise() -> None:
    assert load({"PUZZLEBOOK_PSEUDO_LOCALE": "1"}, warn=False).pseudo_locale
    assert not load({}, warn=False).pseudo_locale
    with pytest.raises(ValueError, match="PUZZLEBOOK_PSEUDO_LOCALE='yes' must be 1"):
        load({"PUZZLEBOOK_PSEUDO_LOCALE": "yes"}, warn=False)


@pytest.mark.parametrize("pseudo", [True, False])
def test_the_api_speaks_the_pseudo_locale_only_on_a_server_that_writes_it(pseudo: bool,
                                                                          tmp_path: Path) -> None:
    settings = settings_for_tests(PUZZLEBOOK_PSEUDO_LOCALE="1" if pseudo else "0")
    with sqlite_store(tmp_path / "s.sqlite3") as store, served(store, NOON, settings) as world:
        if pseudo:
            teach(world.ctx)  # as cli/serve.py does
        got = world.client.get("/api/nothing-here", headers={"Accept-Language": "en-XA, es;q=0.5"})
    assert got.status_code == 404 and got.json()["code"] == "no_such_path"
    if pseudo:
        assert got.headers["Content-Language"] == "en-XA"
        words = got.json()["error"]
        assert words.startswith(OPEN) and words.endswith(CLOSE) and "/api/nothing-here" in words
        assert english(words) == []
    else:  # en-XA is English to a site without the pseudo-locale
        assert got.headers["Content-Language"] == "en"
        assert got.json()["error"] == "There's nothing at /api/nothing-here."


@pytest.mark.slow  # a pseudo-locale build over the run's seed: a few seconds
@pytest.mark.xdist_group("pseudo_locale")
def test_a_test_build_writes_every_page_in_the_pseudo_locale_and_shows_it_nowhere_else(dists) -> None:
    seed, pseudo = dists
    english_pages = [url for url in (f"/{p.relative_to(seed).as_posix()}" for p in seed.rglob("*.html"))
                     if not url.startswith(("/static/", "/daily/", *(f"{lang.prefix}/" for lang in LANGUAGES
                                                                     if lang.prefix)))]
    pages = pseudo_pages(pseudo)
    assert len(pages) == len(english_pages) > 20
    assert not (seed / "en-xa").exists()
    home = page_file(pseudo, "/en-xa/").read_text(encoding="utf-8")
    assert '<html lang="en-XA" dir="ltr">' in home
    assert "/js-en-xa/pages/home.js" in home
    assert 'href="/en-xa/chain/"' in home  # its links stay in it
    # Not in the sitemap, the alternates or the language menu of any page; no other page changed.
    assert "en-xa" not in (pseudo / "sitemap.xml").read_text(encoding="utf-8")
    for url in ("/", "/es/chain/", "/en-xa/chain/", "/en-xa/about/"):
        html = page_file(pseudo, url).read_text(encoding="utf-8")
        assert not re.search(r'hreflang="en-XA"|href="[^"]*/en-xa/[^"]*"[^>]*\bhreflang', html), url
    for url in ("/", "/chain/", "/es/", "/ar/storm/", "/sw.js"):
        assert page_file(pseudo, url).read_bytes() == page_file(seed, url).read_bytes(), url


@pytest.mark.slow
@pytest.mark.xdist_group("pseudo_locale")
def test_a_deploy_refuses_a_build_holding_the_pseudo_locale(dists) -> None:
    from ops.deploy import DeployError, scan

    with pytest.raises(DeployError, match="pseudo-locale"):
        scan(dists[1])


@pytest.mark.pseudo
@pytest.mark.xdist_group("pseudo_locale")
def test_every_page_in_the_pseudo_locale_says_only_words_from_a_catalog(dists) -> None:
    """Every text, title, aria-label, alt and placeholder of every page the build writes, as its HTML
    has it (what scripts write: tests/browser/test_pseudo_locale.py)."""
    _, dist = dists
    found = {}
    for url in pseudo_pages(dist):
        words = unmarked(static_words(page_file(dist, url).read_text(encoding="utf-8")))
        if words:
            found[url] = words
    if found:
        pytest.fail(report(found), pytrace=False)
