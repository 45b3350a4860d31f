"""The gettext catalogs: extract every domain's messages into `locale/<domain>.pot`, bring each
language's `locale/<catalog>/LC_MESSAGES/<domain>.po` up to it, and compile each `.po` to the `.mo`
beside it (what runs reads: service/speech.py). Babel does the work; this is build-time only (the
Lambda package carries the compiled `api.mo`, never Babel: ops/deploy.py).

    python -m ops.messages             # extract, update every language's catalogs, compile
    python -m ops.messages --compile   # compile only (make setup does this when a .po changes)

A domain is a name and how its messages are found (`DOMAINS`):
- `api`: the API's words, every `msg(code, english)` and `msg_plural(code, one, many, count)` call in
  puzzlebook/, service/ and functions/ (the code is the entry's msgctxt; puzzlebook/messages.py);
- `chess`: the puzzle themes' names, their groups' names and their one-line descriptions, from the
  site's theme table (puzzlebook/chess/themes.py), with contexts `theme:<key>`,
  `theme-description:<key>` and `theme-group:<key>`.

A new entry lands in every language's `.po` untranslated, and tests/test_catalogs.py fails until it
is translated; an entry gone from the code leaves every `.po` (docs/languages.md, "Catalogs").
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import os
import sys
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from puzzlebook.languages import LANGUAGES, SOURCE

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
PROJECT = "Puzzle Book"
# How the API's messages are called (puzzlebook/messages.py): the code is the context.
API_KEYWORDS = {"msg": ((1, "c"), 2), "msg_plural": ((1, "c"), 2, 3)}
API_SOURCES = ("puzzlebook", "service", "functions")


@dataclass(frozen=True)
class Domain:
    """A catalog: its name, and what makes its template from the repository at `root`."""

    name: str
    template: Callable[[Path], Catalog]


# A fixed date in every header, so running the command again changes no file that didn't change.
STAMP = dt.datetime(2026, 12, 1, tzinfo=dt.UTC)


def _new_catalog(locale: str | None = None, about: str = "") -> Catalog:
    catalog = Catalog(locale=locale, project=PROJECT, version="1", copyright_holder=PROJECT, charset="utf-8",
                      fuzzy=False, creation_date=STAMP, revision_date=STAMP,
                      last_translator=PROJECT, language_team=PROJECT)
    catalog.header_comment = (f"# {PROJECT}: {about}.\n# Made and updated by `python -m ops.messages` "
                              "(docs/languages.md, \"Catalogs\"); translate the msgstr lines.")
    return catalog


def _new_template() -> Catalog:
    return _new_catalog(about="the template every language's catalog follows")


def api_template(root: Path) -> Catalog:
    """Every `msg`/`msg_plural` of the API's code, with where it is."""
    template = _new_template()
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
    template = _new_template()
    for group in GROUPS:
        template.add(group.name, context=f"theme-group:{group.key}", locations=where)
    for theme in THEMES.values():
        template.add(theme.name, context=f"theme:{theme.key}", locations=where)
        template.add(theme.description, context=f"theme-description:{theme.key}", locations=where)
    return template


DOMAINS: tuple[Domain, ...] = (
    Domain("api", api_template),
    Domain("chess", chess_template),
)


def catalog_path(locale: Path, catalog: str, domain: str, suffix: str = ".po") -> Path:
    return locale / catalog / "LC_MESSAGES" / f"{domain}{suffix}"


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


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, ignore_obsolete=True, include_previous=False)
    return out.getvalue()


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=locale)


def update(root: Path = ROOT, domains: Iterable[Domain] = DOMAINS) -> list[Path]:
    """Extract each domain's template and bring every language's catalog up to it; the paths written."""
    locale = root / "locale"
    written = []
    for domain in domains:
        template = domain.template(root)
        pot = locale / f"{domain.name}.pot"
        _write(pot, _po_bytes(template))
        written.append(pot)
        for language in LANGUAGES:
            if language.code == SOURCE:
                continue
            path = catalog_path(locale, language.catalog, domain.name)
            if path.exists():
                catalog = read_catalog(path, language.catalog)
            else:
                catalog = _new_catalog(language.catalog, f"the {domain.name} catalog in {language.name}")
            catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
            catalog.revision_date = STAMP
            catalog.obsolete.clear()
            _write(path, _po_bytes(catalog))
            written.append(path)
    return written


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
    parser.add_argument("--compile", action="store_true", help="only compile the .po files to .mo")
    args = parser.parse_args(argv)
    if not args.compile:
        for path in update():
            print(f"wrote {path.relative_to(ROOT)}")
    made = compile_all()
    print(f"compiled {len(made)} catalogs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
