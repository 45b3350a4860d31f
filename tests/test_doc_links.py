"""Every reference to a page of docs/ (and to the repository's other guides) names a page that
exists, and every section it quotes is a heading of that page.

The forms in use, in code comments, docstrings, templates and the docs themselves:

    docs/operations.md, "Speed"                 a page and a section
    docs/site.md, "The first board", "A daily by its address"   a section, then one inside it
    docs/bundle.md's "The theme index"
    docs/api.md ("Classes", "Lessons")
    site.md, "A past daily"                     from a page of docs/, its neighbour
    docs/architecture.md                        a page alone
    "Themes and your difficulty" below          within a page of docs/, a section of the same page
    [text](store.md#checkpoints)                a Markdown link with an anchor

A comment's reference may wrap over lines ("docs/site.md, "The first" / "# board""): each file's
lines are joined with their comment markers taken off before searching.

A section is a Markdown heading (`## Speed`) or a bold lead opening a paragraph or a list item
(`**The outbox** posts …`), outside fenced code. The quote is the heading, or the first words of
it up to a comma, colon, bracket or dash (`"The first board"` for "The first board, and what a
first visit costs"); backticks don't count.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SEARCHED = ("puzzlebook", "service", "functions", "sitebuild", "ops", "cli", "bench", "tests", "site",
            "docs", "infra", ".github", ".ci")
TOP_FILES = ("README.md", "Makefile", "pyproject.toml", "build.py", "package.json")
SUFFIXES = {".py", ".js", ".mjs", ".html", ".css", ".md", ".yaml", ".yml", ".toml", ".sh", ".txt", ""}
NOT_OURS = {"node_modules", "__pycache__", ".venv", "dist", "var"}
# Guides outside this repository (the shared design and data), named by bare file name.
ELSEWHERE = {"DESIGN.md", "SOURCES.md"}

COMMENT = re.compile(r"^\s*(?:#+|//+|/\*+|\*+/?|\{#-?|<!--|-->|-?#\})?\s?")
QUOTES = r'(?:"[^"]{1,160}"(?:,? (?:and )?(?="))?)+'
PAGE_REF = re.compile(
    r"(?<![\w/.-])((?:[\w.-]+/)*[\w-]+\.md)(?![\w])"  # the page
    r"(?:(?:'s|,|:)? \(?(" + QUOTES + r"))?"         # its sections, if any
)
SAME_PAGE = re.compile(r'"([^"]{1,160})",? (?:below|above)\b|\b(?:below|above), "([^"]{1,160})"')
MD_LINK = re.compile(r"\]\(([^)#\s]*)#([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$")
BOLD_LEAD = re.compile(r"^(?:[-*]\s+|\d+\.\s+)?\*\*(.+?)\*\*")
ENDS = (",", ":", " (", " —", " –", ";", ".")


@dataclass(frozen=True)
class Ref:
    where: str
    page: Path
    sections: tuple[str, ...]

    def __str__(self) -> str:
        quoted = ", ".join(f'"{s}"' for s in self.sections)
        return f"{self.where}: {self.page.relative_to(ROOT)}{', ' + quoted if quoted else ''}"


def _files() -> list[Path]:
    found = [ROOT / name for name in TOP_FILES if (ROOT / name).is_file()]
    for top in SEARCHED:
        for path in sorted((ROOT / top).rglob("*")):
            if (path.is_file() and path.suffix in SUFFIXES
                    and not NOT_OURS.intersection(path.relative_to(ROOT).parts)):
                found.append(path)
    return found


def _flat(text: str) -> str:
    return " ".join(COMMENT.sub("", line).strip() for line in text.splitlines())


def _page(name: str, source: Path) -> Path | None:
    """The file a reference names, or None for a guide kept outside the repository. A bare name is
    a page of docs/ (from anywhere: "see bundle.md"), else a file at the top (README.md)."""
    if "/" not in name:
        if name in ELSEWHERE:
            return None
        return ROOT / name if (ROOT / name).is_file() else DOCS / name
    if name.startswith("../"):
        return None
    return ROOT / name


def refs_in(text: str, path: Path) -> list[Ref]:
    """The references in `text`, the contents of the file at `path`."""
    refs = []
    where = str(path.relative_to(ROOT))
    flat = _flat(text)
    for match in PAGE_REF.finditer(flat):
        page = _page(match.group(1), path)
        if page is not None:
            sections = tuple(re.findall(r'"([^"]+)"', match.group(2) or ""))
            refs.append(Ref(where, page, sections))
    if path.suffix == ".md":
        for match in MD_LINK.finditer(text):
            target = (path.parent / match.group(1)).resolve() if match.group(1) else path
            refs.append(Ref(where, target, (match.group(2),)))
    if path.parent == DOCS:
        for match in SAME_PAGE.finditer(flat):
            refs.append(Ref(where, path, (match.group(1) or match.group(2),)))
    return refs


def _refs() -> list[Ref]:
    refs = []
    for path in _files():
        if path == Path(__file__).resolve():
            continue  # this file's docstring shows the forms
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if ".md" in text or path.parent == DOCS:
            refs.extend(refs_in(text, path))
    return refs


def _plain(text: str) -> str:
    return text.replace("`", "").replace("**", "").strip()


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


@functools.cache
def sections_of(page: Path) -> list[str]:
    found, fenced = [], False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        for pattern in (HEADING, BOLD_LEAD):
            match = pattern.match(line)
            if match:
                found.append(_plain(match.group(1)).rstrip("."))
                break
    return found


def names(quote: str, heading: str) -> bool:
    quote = _plain(quote).rstrip(".")
    return heading == quote or (heading.startswith(quote) and heading[len(quote):].startswith(ENDS))


REFS = _refs()


def test_the_search_finds_the_forms_in_use() -> None:
    # If a change to the patterns stopped finding references, every other test here would pass
    # on nothing.
    assert len(REFS) > 100
    assert any(len(ref.sections) > 1 for ref in REFS)
    assert any(ref.where.startswith("site/") for ref in REFS)
    assert any(ref.where.startswith("docs/") and not ref.sections for ref in REFS)


def test_every_page_named_exists() -> None:
    missing = sorted({str(ref) for ref in REFS if not ref.page.is_file()})
    assert not missing, "references to pages that don't exist:\n" + "\n".join(missing)


def test_every_section_quoted_is_a_heading_of_its_page() -> None:
    broken = []
    for ref in REFS:
        if not ref.page.is_file() or not ref.sections:
            continue
        headings = sections_of(ref.page)
        anchors = {_slug(h) for h in headings}
        for section in ref.sections:
            if section not in anchors and not any(names(section, h) for h in headings):
                broken.append(f"{ref}: no section {section!r}")
    assert not broken, "references to sections that don't exist:\n" + "\n".join(sorted(set(broken)))


def test_each_form_in_use_is_read() -> None:
    code = ROOT / "service" / "example.py"
    found = {(ref.page.relative_to(ROOT).as_posix(), ref.sections) for ref in refs_in(
        '# The rule (docs/site.md, "The first\n'
        '# board"); see docs/bundle.md\'s "The theme index" and docs/api.md ("Classes", "Lessons").\n'
        '"""Cited as docs/site.md, "The first board", "A daily by its address", and\n'
        '    docs/architecture.md alone; hashlib.md5 is no page."""\n'
        '// docs/operations.md,\n// "Speed", in a script\n', code)}
    assert found == {
        ("docs/site.md", ("The first board",)),
        ("docs/bundle.md", ("The theme index",)),
        ("docs/api.md", ("Classes", "Lessons")),
        ("docs/site.md", ("The first board", "A daily by its address")),
        ("docs/architecture.md", ()),
        ("docs/operations.md", ("Speed",)),
    }
    page = DOCS / "site.md"
    found = {(ref.page.relative_to(ROOT).as_posix(), ref.sections) for ref in refs_in(
        'As "Offline" below says; (above, "Look"); see chain.md, "Speed", and [the table](store.md#items).',
        page)}
    assert found == {
        ("docs/site.md", ("Offline",)),
        ("docs/site.md", ("Look",)),
        ("docs/chain.md", ("Speed",)),
        ("docs/store.md", ("items",)),
        ("docs/store.md", ()),  # the link's page, read as a page named alone
    }


@pytest.mark.parametrize(("quote", "heading", "named"), [
    ("Speed", "Speed", True),
    ("The first board", "The first board, and what a first visit costs", True),
    ("Kept in the browser", "Kept in the browser: the pb: prefix", True),
    ("Lessons", "Lessons: one lesson, several items", True),
    ("History", "The dashboard and the history", False),
    ("The first", "The first board", False),
    ("Speed", "Speedy", False),
])
def test_a_quote_names_a_heading_or_its_first_words(quote: str, heading: str, named: bool) -> None:
    assert names(quote, heading) is named


MERGE_MARK = re.compile(r"^(?:<{7} |>{7} |={7}$)", re.MULTILINE)


def test_no_file_searched_holds_an_unresolved_merge_conflict() -> None:
    """A merge's unresolved conflict left in a guide reads as both versions at once (it happened to
    docs/operations.md's table of goals)."""
    marked = [str(path.relative_to(ROOT)) for path in _files() if MERGE_MARK.search(path.read_text())]
    assert not marked, f"unresolved merge conflicts in {marked}"
