"""Every catalog complete (issue 44): for every template `locale/*.pot`, whichever domains there are,
every language's `.po` has every message, none empty or fuzzy, each with the placeholders of its
English and as many plural forms as the language's plural rule has (Babel's); and the templates
are what `python -m ops.messages` makes of the code now, so a message added in the code and not
extracted fails here too (docs/languages.md, "Catalogs")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural

from ops.messages import planned, read_catalog, stale
from puzzlebook.languages import LANGUAGES, SOURCE

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
TEMPLATES = sorted(LOCALE.glob("*.pot"))
TRANSLATED = [language for language in LANGUAGES if language.code != SOURCE]
# A placeholder: Python's {name} (escaped {{ }} are text), or %(name)s / %s as gettext's C and Python
# formats write them.
PLACEHOLDER = re.compile(r"(?<!\{)\{[A-Za-z_][A-Za-z0-9_]*\}(?!\})|%(?:\([A-Za-z_]+\))?[sdif]")


def placeholders(text: str) -> list[str]:
    """The placeholders `text` holds, sorted (a translation may put them in another order)."""
    return sorted(PLACEHOLDER.findall(text))


def problems(template: Catalog, catalog: Catalog, forms: int) -> list[str]:
    """Everything wrong with `catalog` against `template`, in words (empty when it is complete)."""
    found: list[str] = []
    for wanted in template:
        if not wanted.id:
            continue
        where = f"{wanted.context or ''}|{wanted.id if isinstance(wanted.id, str) else wanted.id[0]}"
        have: Message | None = catalog.get(wanted.id, context=wanted.context)
        if have is None:
            found.append(f"missing: {where}")
            continue
        if have.fuzzy:
            found.append(f"fuzzy: {where}")
        english = wanted.id if isinstance(wanted.id, tuple) else (wanted.id,)
        strings = have.string if isinstance(have.string, tuple) else (have.string,)
        if isinstance(wanted.id, tuple) and len(strings) != forms:
            found.append(f"{len(strings)} plural forms, not {forms}: {where}")
        for index, string in enumerate(strings):
            # Every form carries the English's names (a plural's forms, the English plural's), except
            # that a plural's form for one number alone may say the number in words: Arabic's
            # "حركة واحدة" (one move) and "حركتان" (two moves) have no count. The last form, the one
            # for most numbers, always has every name.
            wanted_names = placeholders(english[-1])
            names = placeholders(string)
            partial_ok = isinstance(wanted.id, tuple) and index < len(strings) - 1
            if not string or not string.strip():
                found.append(f"empty form {index}: {where}")
            elif names != wanted_names and not (partial_ok and set(names) < set(wanted_names)):
                found.append(f"placeholders {names} in form {index}: {where}")
    return found


def test_there_are_catalogs_to_check() -> None:
    assert {path.stem for path in TEMPLATES} >= {"api", "chess", "pages", "browser"}


@pytest.mark.parametrize("template_path", TEMPLATES, ids=[path.stem for path in TEMPLATES])
@pytest.mark.parametrize("language", TRANSLATED, ids=[language.code for language in TRANSLATED])
def test_every_message_is_translated_in_every_language(template_path: Path, language: object) -> None:
    code, catalog_name = language.code, language.catalog  # type: ignore[attr-defined]
    template = read_catalog(template_path)
    path = LOCALE / catalog_name / "LC_MESSAGES" / f"{template_path.stem}.po"
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing: run python -m ops.messages and translate it"
    catalog = read_catalog(path, catalog_name)
    forms = get_plural(catalog_name).num_plurals
    assert catalog.num_plurals == forms, f"{path.name} ({code}) says {catalog.num_plurals} plural forms"
    assert problems(template, catalog, forms) == []


@pytest.mark.parametrize("language", TRANSLATED, ids=[language.code for language in TRANSLATED])
def test_no_number_parts_from_its_per_cent_sign(language: object) -> None:
    """"({rate} %)" with a plain space let German's "80" end one line and "%)" begin the next."""
    catalog_name = language.catalog  # type: ignore[attr-defined]
    parted = []
    for path in sorted((LOCALE / catalog_name / "LC_MESSAGES").glob("*.po")):
        for message in read_catalog(path, catalog_name):
            forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
            parted += [f"{path.name}: {form!r}" for form in forms if form and re.search(r"\} %", form)]
    assert parted == []


def test_the_catalogs_are_what_the_code_holds_now() -> None:
    """`python -m ops.messages` would change no file: every message of the code is in its template and
    in every language's catalog, and none that the code no longer has."""
    out_of_date = [str(path.relative_to(ROOT)) for path in stale(planned(ROOT))]
    assert out_of_date == [], "stale: run python -m ops.messages"


def test_a_code_names_one_message() -> None:
    """A code (the msgctxt) is one error's name: the same code never carries two different Englishes."""
    api = read_catalog(LOCALE / "api.pot")
    english: dict[str, object] = {}
    for message in api:
        if message.id:
            assert english.setdefault(message.context, message.id) == message.id, message.context
            assert re.fullmatch(r"[a-z][a-z0-9_]*", message.context or ""), message.context


def test_docs_api_lists_every_code() -> None:
    """docs/api.md, "The codes", names every message of the API's catalog and every status's code."""
    from functions.errors import STATUS_CODES

    said = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `([a-z0-9_]+)` \|", said, re.M))
    codes = {message.context for message in read_catalog(LOCALE / "api.pot") if message.id}
    assert codes - listed == set()
    assert [code for code in STATUS_CODES.values() if f"`{code}`" not in said] == []


# ---- the check itself fails on what it is for ----------------------------------------------------


def _template() -> Catalog:
    template = Catalog(locale=None)
    template.add("There's nothing at {path}.", context="no_such_path")
    template.add(("{count} try left.", "{count} tries left."), context="tries_left")
    return template


def _catalog(**changes: object) -> Catalog:
    catalog = Catalog(locale="ru")
    strings = {
        "no_such_path": "По адресу {path} ничего нет.",
        "tries_left": ("Осталась {count} попытка.", "Осталось {count} попытки.", "Осталось {count} попыток."),
    }
    strings.update(changes)  # type: ignore[arg-type]
    for message in _template():
        if message.id and strings.get(message.context) is not None:
            catalog.add(message.id, strings[message.context], context=message.context)  # type: ignore[arg-type]
    return catalog


def test_the_check_passes_a_complete_catalog() -> None:
    assert problems(_template(), _catalog(), 3) == []


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ({"no_such_path": None}, "missing: no_such_path"),
        ({"no_such_path": ""}, "empty form 0: no_such_path"),
        ({"no_such_path": "Ничего нет."}, "placeholders [] in form 0: no_such_path"),
        ({"no_such_path": "По адресу {pth} ничего нет."}, "placeholders ['{pth}'] in form 0: no_such_path"),
        ({"tries_left": ("Осталась {count} попытка.", "Осталось {count} попыток.")}, "2 plural forms, not 3"),
        ({"tries_left": ("Осталась {count} попытка.", "", "Осталось {count} попыток.")}, "empty form 1"),
        ({"tries_left": ("Осталась {count} попытка.", "Осталось {count} попытки.", "Осталось попыток.")},
         "placeholders [] in form 2"),
        ({"tries_left": ("Осталась {cnt} попытка.", "Осталось {count} попытки.",
                         "Осталось {count} попыток.")},
         "placeholders ['{cnt}'] in form 0"),
    ],
)
def test_the_check_fails_on_each_kind_of_gap(changes: dict[str, object], said: str) -> None:
    found = problems(_template(), _catalog(**changes), 3)
    assert any(said in problem for problem in found), found


def test_a_plural_form_for_one_number_may_say_it_in_words() -> None:
    catalog = _catalog(tries_left=("Осталась одна попытка.", "Осталось {count} попытки.",
                                   "Осталось {count} попыток."))
    assert problems(_template(), catalog, 3) == []


def test_the_check_fails_on_a_fuzzy_translation() -> None:
    catalog = _catalog()
    catalog.get("There's nothing at {path}.", context="no_such_path").flags.add("fuzzy")
    assert problems(_template(), catalog, 3) == ["fuzzy: no_such_path|There's nothing at {path}."]
