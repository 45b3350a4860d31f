"""The pages a build rendered, and the record that lets the next build with the same inputs keep
them without rendering them again.

Rendering every page in every language (Jinja2, each language's catalogs parsed and compiled) was
most of a warm build's CPU. A page's bytes are fixed by what it is rendered from, so the build
keeps in `dist/.build/pages` (sitebuild/records.py) a key of all of it and what it wrote:

- the **common key** (`common_key`): every file under site/templates, the build's code (every
  module of sitebuild/, puzzlebook/ and service/), Jinja2's, MarkupSafe's and Babel's versions,
  every static file's path and bytes (the pseudo-locale's too: a page names them, `module_graph`
  reads their imports, `data_uri` their bytes), the published bundle index, the site's address
  (site_url), the site day, the day's chess card (the home page draws it), the languages built
  and whether the pseudo-locale is among them. It stands for the sitemap's choice of pages and
  for `sw.js` too;
- each **language's key** (`language_key`): the common key and every catalog file its pages read
  (`pages`, `chess` and `browser`: sitebuild/catalogs.py, `sources_digest`);
- what it wrote: each page's file and its compressed copies, size and mtime, per language.

A language whose key is its record's, over files just as recorded (every size and mtime, the
copies' too), has its pages counted unchanged without rendering them; anything else (no record, an
unreadable one, another key, a file missing or changed since) and that language's pages are
rendered and written as a cold build writes them (each file compared byte for byte by `Output`).
A page is never kept from a record made from other inputs: a changed template or code renders
every language again, a changed catalog that language's pages.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path
from typing import Any

from puzzlebook.languages import Language
from sitebuild import catalogs, compress, records
from sitebuild.output import Output

RECORD = "pages"  # dist/.build/pages: no suffix, so no compressed copies beside it
_FORMAT = 1
_HERE = Path(__file__).resolve().parent
_PACKAGES = ("jinja2", "markupsafe", "babel")
PAGE_DOMAINS = ("pages", "chess", "browser")  # the catalogs a language's pages read
COMMON = ""  # the record's entry for the files every language shares (sw.js)


def common_key(*, templates: Path, static_fingerprint: str, site_url: str, today: str,
               index: dict[str, Any] | None, card: bytes | None, languages: tuple[Language, ...]) -> str:
    """A digest of everything the pages read besides a language's catalogs (the module's docstring)."""
    digest = hashlib.sha256()
    settings = {"format": _FORMAT, "packages": {name: version(name) for name in _PACKAGES},
                "static": static_fingerprint, "site_url": site_url, "today": today, "index": index,
                "languages": [language.code for language in languages], "source": records.source_digest()}
    digest.update(json.dumps(settings, sort_keys=True).encode())
    digest.update(b"card\0" + (hashlib.sha256(card).digest() if card is not None else b"-"))
    for path in sorted(_HERE.rglob("*.py")):
        digest.update(path.relative_to(_HERE).as_posix().encode() + b"\0" + path.read_bytes())
    for path in sorted(templates.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            digest.update(f"{path.relative_to(templates).as_posix()}\0{len(data)}\0".encode() + data)
    return digest.hexdigest()


def language_key(common: str, language: Language, locale: Path) -> str:
    """The common key and the catalogs the language's pages read."""
    return hashlib.sha256(f"{common}\0{language.code}\0".encode()
                          + catalogs.sources_digest((language,), PAGE_DOMAINS, locale).encode()).hexdigest()


def _stat(path: str) -> list[int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return [found.st_size, found.st_mtime_ns]


@dataclass
class PageRecord:
    """The last build's record (`found`: its entries by language code, COMMON for the shared files;
    `listed`: each page in the sitemap or not) and the entries this build makes for the next."""

    out: Path
    key: str
    found: dict[str, dict[str, Any]] = field(default_factory=dict)
    listed: dict[str, bool] | None = None
    made: dict[str, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def read(cls, out: Path, key: str) -> PageRecord:
        """The record in `out` made with the common `key`; an empty one when there is none such."""
        doc = records.read(out, RECORD, key) or {}
        found = doc.get("entries")
        listed = doc.get("listed")
        return cls(out, key, found if isinstance(found, dict) else {},
                   listed if isinstance(listed, dict) else None)

    def kept(self, name: str, key: str) -> list[str] | None:
        """The files (compressed copies left out) the entry `name` wrote, when its key is `key` and
        every file it recorded is as it was; else None (render them)."""
        entry = self.found.get(name)
        if not isinstance(entry, dict) or entry.get("key") != key:
            return None
        files = entry.get("files")
        if not isinstance(files, dict) or not files:
            return None
        root = str(self.out)
        if any(_stat(f"{root}/{rel}") != seen for rel, seen in files.items()):
            return None
        return [rel for rel in files if not compress.is_copy(rel)]

    def keep(self, output: Output, name: str, key: str, rels: list[str]) -> None:
        """Count the kept files unchanged, and carry their entry into this build's record."""
        for rel in rels:
            output.keep(rel)
        self.made[name] = self.found[name]

    def wrote(self, name: str, key: str, rels: list[str]) -> None:
        """Note the files the entry `name` (made with `key`) wrote now, as they are on disk."""
        root = str(self.out)
        files: dict[str, list[int] | None] = {}
        for rel in rels:
            files[rel] = _stat(f"{root}/{rel}")
            if compress.copied(rel):
                for suffix, _ in compress.ENCODINGS:
                    files[rel + suffix] = _stat(f"{root}/{rel}{suffix}")
        self.made[name] = {"key": key, "files": files}

    def write(self, output: Output, listed: dict[str, bool]) -> None:
        """Keep this build's record for the next."""
        records.write(output, RECORD, self.key, {"format": _FORMAT, "listed": listed,
                                                 "entries": dict(sorted(self.made.items()))})
