"""A warm build writes what a cold build of the same inputs writes (sitebuild/page_record.py): with
nothing changed it renders no page, and after a template or a catalog entry changes it renders what
they are in, every file then byte for byte a cold build's.

Every build here compresses with a cheap stand-in for Brotli and gzip (the same for the warm builds
and the cold ones they are compared with): which pages a build renders or keeps is the question, and
Brotli 11 over every page and bundle would make each cold build some 20 s of CPU. The esbuild
steps' record is the test run's shared one (tests/static_record.py), as the other site builds'."""

from __future__ import annotations

import datetime as dt
import gzip
import re
import shutil
import zlib
from pathlib import Path

import pytest

from puzzlebook import calendar
from service.settings import load
from sitebuild import builder, compress, pages, records, static_steps
from tests.static_record import shared_static

ROOT = Path(__file__).resolve().parent.parent
SITE_URL = "https://puzzles.example"
# Cold builds against warm ones, 25 s of CPU: `make test` only (test_site_build.py keeps a cold build and
# its warm rebuilds in `make check`).
pytestmark = [pytest.mark.xdist_group("warm_build"), pytest.mark.slow]


def _cheap(data: bytes, path: str = "", suffixes: tuple[str, ...] = (".br", ".gz")) -> dict[str, bytes]:
    made = {".br": b"br" + zlib.compress(data, 1), ".gz": gzip.compress(data, compresslevel=1, mtime=0)}
    return {suffix: made[suffix] for suffix in suffixes}


def _sources(tmp: Path) -> Path:
    """A copy of site/ and locale/ to change, beside the repository's node_modules/ and shards/."""
    root = tmp / "root"
    root.mkdir()
    shutil.copytree(ROOT / "site", root / "site")
    shutil.copytree(ROOT / "locale", root / "locale")
    (root / "node_modules").symlink_to(ROOT / "node_modules")
    (root / "shards").symlink_to(ROOT / "shards")
    return root


def _settings(store: Path, dist: Path):
    return load({"PUZZLEBOOK_STORE": f"sqlite:///{store}", "PUZZLEBOOK_DIST": str(dist),
                 "PUZZLEBOOK_SITE_URL": SITE_URL}, warn=False)


def _site(dist: Path) -> dict[str, bytes]:
    """Every file a build wrote but its records for the next build (their mtimes differ by folder)."""
    return {p.relative_to(dist).as_posix(): p.read_bytes() for p in dist.rglob("*")
            if p.is_file() and not p.relative_to(dist).as_posix().startswith(records.DIR + "/")}


class Built:
    def __init__(self, root: Path, store: Path, dist: Path, today: dt.date) -> None:
        self.root, self.store, self.dist, self.today = root, store, dist, today

    def build(self, dist: Path, root: Path | None = None) -> builder.BuildReport:
        return builder.build_site(_settings(self.store, dist), root=root or self.root, today=self.today)

    def cold(self, tmp: Path, root: Path) -> Path:
        """A cold build of `root` into an empty folder (but for the run's esbuild record, which its
        key decides on)."""
        dist = tmp / "cold"
        kept = self.dist / records.DIR / static_steps.RECORD
        (dist / records.DIR).mkdir(parents=True)
        shutil.copyfile(kept, dist / records.DIR / static_steps.RECORD)
        self.build(dist, root)
        return dist

    def warm(self, tmp: Path) -> tuple[Path, Path]:
        """A copy of the cold build's sources and output (every file's bytes and times), to change
        and build again."""
        root = _sources(tmp)
        shutil.copytree(self.dist, tmp / "dist")
        return root, tmp / "dist"


@pytest.fixture(scope="module")
def cold(tmp_path_factory: pytest.TempPathFactory):
    tmp = tmp_path_factory.mktemp("warm")
    root = _sources(tmp)
    built = Built(root, tmp / "store.sqlite3", tmp / "dist", calendar.site_day(load({}, warn=False).site_tz))
    with pytest.MonkeyPatch.context() as patch, shared_static(built.dist, tmp_path_factory):
        patch.setattr(compress, "compressed", _cheap)
        built.build(built.dist)
    return built


@pytest.fixture
def rendered(cold, monkeypatch):
    """The pages each build renders, by template and language (`<html lang>`)."""
    monkeypatch.setattr(compress, "compressed", _cheap)
    seen: list[tuple[str, str]] = []
    real = pages.render

    def counted(env, page):
        html = real(env, page)
        seen.append((page.template, re.search(r'<html lang="([^"]+)"', html).group(1)))
        return html

    monkeypatch.setattr(pages, "render", counted)
    return seen


def test_a_warm_build_with_nothing_changed_renders_no_page_and_writes_a_cold_builds_bytes(
        cold, rendered, tmp_path):
    root, dist = cold.warm(tmp_path)
    report = cold.build(dist, root)
    assert rendered == []
    assert report.written == 0
    assert _site(dist) == _site(cold.dist)


def test_a_changed_template_renders_its_pages_again_as_a_cold_build_does(cold, rendered, tmp_path):
    root, dist = cold.warm(tmp_path)
    about = root / "site/templates/about.html"
    about.write_text(about.read_text().replace('<article class="prose">',
                                               '<article class="prose"><p>changed-7c1e</p>'))
    cold.build(dist, root)
    assert rendered, "a changed template's pages are rendered"
    assert "changed-7c1e" in (dist / "about/index.html").read_text()
    assert "changed-7c1e" in (dist / "es/about/index.html").read_text()
    assert _site(dist) == _site(cold.cold(tmp_path, root))


def test_a_changed_catalog_entry_renders_its_languages_pages_alone_as_a_cold_build_does(
        cold, rendered, tmp_path):
    root, dist = cold.warm(tmp_path)
    catalog = root / "locale/es/LC_MESSAGES/pages.po"
    text, count = re.subn(r'(msgid "About and credits"\nmsgstr ")([^"]+)"', r'\1\2 (cambiado-7c1e)"',
                          catalog.read_text())
    assert count == 1
    catalog.write_text(text)
    cold.build(dist, root)
    assert {language for _, language in rendered} == {"es"}, "only Spanish's pages are rendered again"
    assert "cambiado-7c1e" in (dist / "es/about/index.html").read_text()
    assert "cambiado-7c1e" not in (dist / "about/index.html").read_text()
    rendered.clear()
    assert _site(dist) == _site(cold.cold(tmp_path, root))


def test_a_page_file_changed_since_is_rendered_again(cold, rendered, tmp_path):
    root, dist = cold.warm(tmp_path)
    (dist / "fr/about/index.html").write_text("edited by hand")
    cold.build(dist, root)
    assert {language for _, language in rendered} == {"fr"}
    assert _site(dist) == _site(cold.dist)


def test_another_site_address_renders_every_page_again(cold, rendered, tmp_path):
    root, dist = cold.warm(tmp_path)
    settings = _settings(cold.store, dist).with_(site_url="https://elsewhere.example")
    builder.build_site(settings, root=root, today=cold.today)
    assert len({language for _, language in rendered}) == 7
    assert "https://elsewhere.example/" in (dist / "index.html").read_text()
