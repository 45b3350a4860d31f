"""The gettext catalogs: extract every domain's messages into `locale/<domain>.pot`, bring each
language's `locale/<catalog>/LC_MESSAGES/<domain>.po` up to it, and compile each `.po` to the `.mo`
beside it (what the API reads at run time: service/speech.py). Babel does the work; this is
build-time only (the Lambda package carries the compiled `api.mo`, never Babel: ops/deploy.py).

    python -m ops.messages             # extract, update every language's catalogs, compile
    python -m ops.messages --check     # change nothing; exit 1 naming any catalog not up to date
    python -m ops.messages --compile   # compile only (make setup does this when a .po changes)

A domain is a name and how its template is made from the repository (`DOMAINS`):
- `api`: the API's words, every `msg(code, english)` and `msg_plural(code, one, many, count)` call in
  puzzlebook/, service/ and functions/ (the code is the entry's msgctxt; puzzlebook/messages.py);
- `chess`: the puzzle themes' names, their groups' names and their one-line descriptions, from the
  theme table (puzzlebook/chess/themes.py), with contexts `theme:<key>`, `theme-description:<key>`
  and `theme-group:<key>`;
- `pages`: the Jinja2 templates and the build's Python, as `babel.cfg` maps them;
- `browser`: the ES modules' `t()` and `tn()` (site/static/js/lib/i18n.js), as `babel.cfg` maps them.

A new message lands in every language's `.po` empty (a changed one as a fuzzy guess), and
tests/test_catalogs.py fails until it is translated; a message gone from the code leaves every
`.po`. The files carry no line numbers and no dates, so code that moves without changing its words
changes no catalog (docs/languages.md, "Catalogs").
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from puzzlebook.languages import LANGUAGES, SOURCE

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
PROJECT = "Puzzle Book"
HEADER = ("# {kind} of Puzzle Book's {domain} messages: `python -m ops.messages` writes it "
          "(docs/languages.md, \"Catalogs\").\n#")
# How the API's messages are called (puzzlebook/messages.py): the code is the context.
API_KEYWORDS = {"msg": ((1, "c"), 2), "msg_plural": ((1, "c"), 2, 3)}
API_SOURCES = ("puzzlebook", "service", "functions")


@dataclass(frozen=True)
class Domain:
    """A catalog: its name, and what makes its template from the repository at `root`."""

    name: str
    template: Callable[[Path], Catalog]


def _new_template(domain: str) -> Catalog:
    return Catalog(project=PROJECT, fuzzy=False, msgid_bugs_address="", version="1",
                   header_comment=HEADER.format(kind="The template", domain=domain))


def api_template(root: Path) -> Catalog:
    """Every `msg`/`msg_plural` of the API's code, with where it is."""
    template = _new_template("api")
    for source in API_SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
            root / source, keywords=API_KEYWORDS, comment_tags=("Translators:",), strip_comment_tags=True
        ):
            template.add(message, locations=[(f"{source}/{filename}", lineno)],
                         auto_comments=comments, context=context)
    return template


def chess_template(root: Path) -> Catalog:
    """The theme table's groups, names and descriptions (puzzlebook/chess/themes.py)."""
    from puzzlebook.chess.themes import GROUPS, THEMES

    where = [("puzzlebook/chess/themes.py", 0)]
    template = _new_template("chess")
    for group in GROUPS:
        template.add(group.name, context=f"theme-group:{group.key}", locations=where)
    for theme in THEMES.values():
        template.add(theme.name, context=f"theme:{theme.key}", locations=where)
        template.add(theme.description, context=f"theme-description:{theme.key}", locations=where)
    return template


def _mapped_template(name: str, methods: frozenset[str], keywords: dict[str, tuple[int, ...] | None]
                     ) -> Callable[[Path], Catalog]:
    """A template from the sections of `babel.cfg` whose extractor is one of `methods`."""

    def template(root: Path) -> Catalog:
        with open(root / "babel.cfg", encoding="utf-8") as cfg:
            method_map, options_map = parse_mapping_cfg(cfg)
        method_map = [(pattern, method) for pattern, method in method_map if method in methods]
        catalog = _new_template(name)
        for filename, lineno, message, comments, context in extract_from_dir(
                str(root), method_map, options_map, keywords=keywords, comment_tags=("Translators:",),
                strip_comment_tags=True):
            catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
        return catalog

    return template


DOMAINS: tuple[Domain, ...] = (
    Domain("api", api_template),
    Domain("chess", chess_template),
    Domain("pages", _mapped_template("pages", frozenset({"jinja2.ext.babel_extract", "python"}),
                                     {"_": None, "gettext": None, "ngettext": (1, 2)})),
    Domain("browser", _mapped_template("browser", frozenset({"javascript"}), {"t": None, "tn": (1, 2)})),
)


def catalog_path(locale: Path, catalog: str, domain: str, suffix: str = ".po") -> Path:
    return locale / catalog / "LC_MESSAGES" / f"{domain}{suffix}"


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=locale)


def text_of(catalog: Catalog) -> str:
    """A catalog as it is committed: no line numbers, no dates, sorted by where each is first used."""
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, include_lineno=False, ignore_obsolete=True,
             sort_by_file=True)
    lines = out.getvalue().decode("utf-8").splitlines(keepends=True)
    dated = ("\"POT-Creation-Date:", "\"PO-Revision-Date:", "\"Generated-By:")
    return "".join(line for line in lines if not line.startswith(dated))


def updated(template: Catalog, po: Path, catalog_name: str, domain: str) -> Catalog:
    """The language's catalog at `po` brought up to `template` (a new one if there is none)."""
    if po.is_file():
        catalog = read_catalog(po, catalog_name)
    else:
        catalog = Catalog(locale=catalog_name, project=PROJECT, fuzzy=False, msgid_bugs_address="",
                          version="1",
                          header_comment=HEADER.format(kind=f"The {catalog_name} catalog", domain=domain))
    catalog.update(template, update_header_comment=False)
    catalog.obsolete.clear()
    return catalog


def planned(root: Path = ROOT, domains: Iterable[Domain] = DOMAINS) -> dict[Path, str]:
    """Every catalog file under `root`/locale and the text it should hold now."""
    files: dict[Path, str] = {}
    locale = root / "locale"
    for domain in domains:
        template = domain.template(root)
        files[locale / f"{domain.name}.pot"] = text_of(template)
        for language in LANGUAGES:
            if language.code == SOURCE:
                continue
            po = catalog_path(locale, language.catalog, domain.name)
            files[po] = text_of(updated(template, po, language.catalog, domain.name))
    return files


def stale(files: dict[Path, str]) -> list[Path]:
    """The files of `planned` whose text on disk is not what it should be."""
    return [path for path, text in files.items()
            if not path.is_file() or path.read_text(encoding="utf-8") != text]


def _write(path: Path, data: bytes) -> None:
    """Write through a temporary file in the same folder, so a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def update(root: Path = ROOT, domains: Iterable[Domain] = DOMAINS) -> list[Path]:
    """Bring every template and catalog under `root` up to the code; the paths written."""
    files = planned(root, domains)
    written = stale(files)
    for path in written:
        _write(path, files[path].encode("utf-8"))
    return written


def untranslated(files: Iterable[Path]) -> dict[Path, int]:
    """How many messages each .po file lacks a translation for (a fuzzy one counts as lacking)."""
    missing: dict[Path, int] = {}
    for path in files:
        if path.suffix != ".po":
            continue
        catalog = read_catalog(path)
        count = sum(1 for message in catalog if message.id and (message.fuzzy or not all(
            message.string if isinstance(message.string, tuple) else (message.string,))))
        if count:
            missing[path] = count
    return missing


def compile_all(
    locale: Path = LOCALE, domains: Iterable[str] | None = None, out: Path | None = None
) -> list[Path]:
    """Compile every language's `.po` (of `domains`, or every domain found) to its `.mo`, beside it
    or under `out` in the same layout; only where the `.mo` is older than its `.po`. The paths of the
    `.mo` files (written or already fresh)."""
    wanted = set(domains) if domains is not None else None
    made = []
    for language in LANGUAGES:
        folder = locale / language.catalog / "LC_MESSAGES"
        if language.code == SOURCE or not folder.is_dir():
            continue
        for po in sorted(folder.glob("*.po")):
            if wanted is not None and po.stem not in wanted:
                continue
            mo = catalog_path(out or locale, language.catalog, po.stem, ".mo")
            if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
                compiled = io.BytesIO()
                write_mo(compiled, read_catalog(po, language.catalog), use_fuzzy=False)
                _write(mo, compiled.getvalue())
            made.append(mo)
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ops.messages", description=__doc__.split("\n\n")[0])
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--check", action="store_true", help="change nothing; fail if a catalog is out of date")
    what.add_argument("--compile", action="store_true", help="only compile the .po files to .mo")
    args = parser.parse_args(argv)
    if args.check:
        out_of_date = stale(planned())
        for path in out_of_date:
            print(f"{path.relative_to(ROOT)} is out of date: run `python -m ops.messages`", file=sys.stderr)
        return 1 if out_of_date else 0
    if not args.compile:
        for path in update():
            print(f"wrote {path.relative_to(ROOT)}")
        for path, count in untranslated(LOCALE.glob("*/LC_MESSAGES/*.po")).items():
            print(f"{path.relative_to(ROOT)}: {count} message(s) to translate")
    print(f"compiled {len(compile_all())} catalogs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
