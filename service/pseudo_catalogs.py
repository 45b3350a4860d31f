"""The pseudo-locale's catalogs, made from the templates (`locale/<domain>.pot`) as they are read,
never written as a `.po` (docs/languages.md, "The pseudo-locale"): every message's translation is its
English as puzzlebook/pseudo.py writes it, a plural's two forms each so. The build reads them for the
pages and the browser's bundles (sitebuild/catalogs.py), the API for its errors (service/speech.py),
only when the pseudo-locale is asked for (PUZZLEBOOK_PSEUDO_LOCALE). Babel, which reads the
templates, is a build dependency: this module is left out of the Lambda package (ops/deploy.py,
LAMBDA_LEFT_OUT), and the local server gives the API its catalog (`teach`, from cli/serve.py).
"""

from __future__ import annotations

import io
from gettext import GNUTranslations
from pathlib import Path
from typing import TYPE_CHECKING

from puzzlebook.languages import PSEUDO
from puzzlebook.pseudo import pseudo
from service.speech import Speech

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

    from service.context import Context


def catalog(template: Path) -> Catalog | None:
    """The pseudo-locale's catalog of the template at `template` (None when there is none), in
    Babel's English for its plural rule."""
    from babel.messages.pofile import read_po

    if not template.is_file():
        return None
    with open(template, "rb") as file:
        made = read_po(file, locale="en")
    for message in made:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            message.string = tuple(pseudo(str(form)) for form in message.id)
        else:
            message.string = pseudo(str(message.id))
    return made


def translations(template: Path) -> GNUTranslations | None:
    """gettext's translations of `catalog(template)`, compiled in memory (None without a template)."""
    from babel.messages.mofile import write_mo

    made = catalog(template)
    if made is None:
        return None
    compiled = io.BytesIO()
    write_mo(compiled, made)
    compiled.seek(0)
    return GNUTranslations(compiled)


def teach(ctx: Context) -> None:
    """Have the app of `ctx` speak the pseudo-locale: its errors' catalog made from the API's template
    (a server whose settings ask for it: cli/serve.py, the tests)."""
    speech = ctx.part(Speech)
    made = translations(speech.folder / f"{speech.domain}.pot")
    if made is not None:
        speech.given(PSEUDO, made)
