"""The site's message catalogs, extracted and brought up to date in one command:

    python -m ops.messages           # extract, write locale/<domain>.pot, update every language's .po
    python -m ops.messages --check   # change nothing; exit 1 naming any catalog that is not up to date

Babel reads the sources as `babel.cfg` maps them: the pages' words (the Jinja2 templates and the
build's Python) go to `locale/pages.pot`, the browser's (the ES modules, `t()` and `tn()` of
lib/i18n.js) to `locale/browser.pot`. Each language of puzzlebook/languages.py but the source
(English, whose words are the msgids) has `locale/<catalog>/LC_MESSAGES/<domain>.po`, updated from
its template: a new message is added empty, a changed one kept as a fuzzy guess, a gone one dropped.
The files carry no line numbers or dates, so a change of code that moves no words changes no
catalog. The compiled forms are the build's (sitebuild/catalogs.py), never committed.
docs/languages.md says how a string is marked and translated.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from puzzlebook.languages import LANGUAGES, SOURCE

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
PROJECT = "Puzzle Book"
HEADER = ("# {kind} of Puzzle Book's {domain} messages: `python -m ops.messages` writes it "
          "(docs/languages.md).\n#")


@dataclass(frozen=True)
class Domain:
    """One catalog: its name, which of babel.cfg's extractors feed it, and their keywords."""

    name: str
    methods: frozenset[str]
    keywords: dict[str, tuple[int, ...] | None]


DOMAINS = (
    Domain("pages", frozenset({"jinja2.ext.babel_extract", "python"}),
           {"_": None, "gettext": None, "ngettext": (1, 2)}),
    Domain("browser", frozenset({"javascript"}), {"t": None, "tn": (1, 2)}),
)


def template(domain: Domain, root: Path = ROOT) -> Catalog:
    """The domain's template: every message its sources mark, in the order first met."""
    with open(root / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    method_map = [(pattern, method) for pattern, method in method_map if method in domain.methods]
    catalog = Catalog(project=PROJECT, fuzzy=False, msgid_bugs_address="", version="1",
                      header_comment=HEADER.format(kind="The template", domain=domain.name))
    for filename, lineno, message, comments, context in extract_from_dir(
            str(root), method_map, options_map, keywords=domain.keywords, comment_tags=("Translators:",),
            strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def text_of(catalog: Catalog) -> str:
    """A catalog as it is committed: no line numbers, no dates, sorted by where each is first used."""
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, include_lineno=False, ignore_obsolete=True,
             sort_by_file=True)
    lines = out.getvalue().decode("utf-8").splitlines(keepends=True)
    dated = ("\"POT-Creation-Date:", "\"PO-Revision-Date:", "\"Generated-By:")
    return "".join(line for line in lines if not line.startswith(dated))


def updated(template_catalog: Catalog, po: Path, catalog_name: str, domain: str) -> Catalog:
    """The language's catalog at `po` brought up to `template_catalog` (a new one if there is none)."""
    if po.is_file():
        with open(po, "rb") as file:
            catalog = read_po(file, locale=catalog_name)
    else:
        catalog = Catalog(locale=catalog_name, project=PROJECT, fuzzy=False, msgid_bugs_address="",
                          version="1",
                          header_comment=HEADER.format(kind=f"The {catalog_name} catalog", domain=domain))
    catalog.update(template_catalog, update_header_comment=False)
    catalog.obsolete.clear()
    return catalog


def planned(root: Path = ROOT) -> dict[Path, str]:
    """Every catalog file and the text it should hold."""
    files: dict[Path, str] = {}
    locale = root / "locale"
    for domain in DOMAINS:
        pot = template(domain, root)
        files[locale / f"{domain.name}.pot"] = text_of(pot)
        for language in LANGUAGES:
            if language.code == SOURCE:
                continue
            po = locale / language.catalog / "LC_MESSAGES" / f"{domain.name}.po"
            files[po] = text_of(updated(pot, po, language.catalog, domain.name))
    return files


def untranslated(files: Iterable[Path]) -> dict[Path, int]:
    """How many messages each .po file lacks a translation for (a fuzzy one counts as lacking)."""
    missing: dict[Path, int] = {}
    for path in files:
        if path.suffix != ".po":
            continue
        with open(path, "rb") as file:
            catalog = read_po(file)
        count = sum(1 for message in catalog if message.id and (message.fuzzy or not all(
            message.string if isinstance(message.string, tuple) else (message.string,))))
        if count:
            missing[path] = count
    return missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ops.messages", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; fail if a catalog is out of date")
    args = parser.parse_args(argv)
    files = planned()
    stale = [path for path, text in files.items()
             if not path.is_file() or path.read_text(encoding="utf-8") != text]
    if args.check:
        for path in stale:
            print(f"{path.relative_to(ROOT)} is out of date: run `python -m ops.messages`", file=sys.stderr)
        return 1 if stale else 0
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(files[path], encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    for path, count in untranslated(files).items():
        print(f"{path.relative_to(ROOT)}: {count} message(s) to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
