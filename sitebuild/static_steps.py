"""The static files' esbuild steps (sitebuild/bundle.py, then sitebuild/minify.py), made once for
what they read and kept for the next build.

The two steps cost a build about a third of a second of CPU (node and esbuild) whether or not
anything changed. Their output is fixed by what they read: every static file handed to them, the
code saying how (bundle.py with its views, bundle.mjs, minify.py, this module) and esbuild's
version (node only runs esbuild's API; the output is esbuild's own). So a build keeps what they
made in `dist/.build/static` (sitebuild/records.py: a dot folder the deploy never sends) under a
key of all that, and a build with the same key takes it from there without running them. Any
doubt (no record, an unreadable one, another key, one not whole by its digest, no esbuild to name a
version) and they run.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from puzzlebook.languages import PSEUDO
from sitebuild import bundle, minify, records
from sitebuild.catalogs import BrowserCatalogs, BrowserMessages
from sitebuild.output import Output

RECORD = "static"  # dist/.build/static: no suffix, so no compressed copies beside it
PSEUDO_RECORD = "static-pseudo"  # the pseudo-locale's bundles, a test build's (docs/languages.md)
_FORMAT = 2  # 2: the languages' catalogs in the key by their files, not their messages
_HERE = Path(__file__).resolve().parent
_CODE = ("bundle.py", "bundle.mjs", "minify.py", "static_steps.py", "js_messages.py", "catalogs.py",
         "themes.py")
Translated = dict[str, BrowserMessages]  # each language's browser messages, by its code


def run(files: dict[str, bytes], node_modules: Path,
        translated: Translated | None = None) -> dict[str, bytes]:
    """`files` ({path under static/: bytes}) as published: the ES modules bundled a view each (and
    again for each language of `translated`, its words written in), the rest minified file by
    file, each with its .map. Raises minify.MinifyFailed."""
    bundled = bundle.bundle(files, node_modules, translated)
    rest = {rel: data for rel, data in files.items() if not bundle.is_module(rel)}
    return {**minify.minify(rest, node_modules), **bundled}


def key(files: dict[str, bytes], node_modules: Path, catalogs: BrowserCatalogs | None = None) -> str | None:
    """A digest of everything `run` reads (the languages' messages by the catalog files they are
    read from: `catalogs.key()`, so a build that keeps the bundles parses no catalog), or None when
    esbuild's version can't be read (then the steps run, and say what is missing)."""
    try:
        version = json.loads((Path(node_modules) / "esbuild" / "package.json").read_bytes())["version"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    settings = {"format": _FORMAT, "esbuild": version, "views": bundle.VIEWS, "shared": bundle.SHARED,
                "classic": bundle.CLASSIC,
                "languages": [language.code for language in catalogs.languages] if catalogs else [],
                "catalogs": catalogs.key() if catalogs else ""}
    digest = hashlib.sha256(json.dumps(settings, sort_keys=True).encode())
    for name in _CODE:
        digest.update(name.encode() + b"\0" + (_HERE / name).read_bytes())
    for rel in sorted(files):
        digest.update(rel.encode() + b"\0" + hashlib.sha256(files[rel]).digest())
    return digest.hexdigest()


def published(files: dict[str, bytes], node_modules: Path, output: Output,
              catalogs: BrowserCatalogs | None = None) -> tuple[dict[str, bytes], bool]:
    """What `run` makes of `files` (and the languages' messages, `catalogs`), and whether it ran
    now (False: taken from the last build's record in `output`, made from the same inputs). Keeps
    the record for the next build."""
    found = key(files, node_modules, catalogs)
    rest = {rel: data for rel, data in files.items() if not bundle.is_module(rel)}
    if found is not None:
        kept = _kept(records.read(output.root, RECORD, found))
        if kept is not None:
            output.keep(f"{records.DIR}/{RECORD}")  # the record stands as it is
            return {**rest, **kept}, False
    result = run(files, node_modules, catalogs.messages() if catalogs else None)
    if found is not None:
        # Only what the steps made or changed: the files passed through are read again each build.
        made = {rel: data for rel, data in result.items() if rest.get(rel) != data}
        records.write(output, RECORD, found, {"made": _texts(made), "digest": _digest(made)})
    return result, True


def pseudo_bundles(files: dict[str, bytes], node_modules: Path, output: Output,
                   catalogs: BrowserCatalogs) -> dict[str, bytes]:
    """The pseudo-locale's bundles alone (its folder, `js-en-xa/`), with its own record: a test build
    that adds the pseudo-locale to a build without it bundles only its copy, and the other
    languages' record stands (docs/languages.md, "The pseudo-locale")."""
    found = key(files, node_modules, catalogs)
    if found is not None:
        kept = _kept(records.read(output.root, PSEUDO_RECORD, found))
        if kept is not None:
            output.keep(f"{records.DIR}/{PSEUDO_RECORD}")
            return kept
    made = bundle.bundle(files, node_modules, catalogs.messages(), languages=(PSEUDO,), english=False)
    if found is not None:
        records.write(output, PSEUDO_RECORD, found, {"made": _texts(made), "digest": _digest(made)})
    return made


def _texts(made: dict[str, bytes]) -> dict[str, str]:
    # surrogateescape: any byte survives the JSON (escaped, as records.write keeps it ASCII).
    return {rel: made[rel].decode("utf-8", "surrogateescape") for rel in sorted(made)}


def _digest(made: dict[str, bytes]) -> str:
    digest = hashlib.sha256()
    for rel in sorted(made):
        digest.update(rel.encode() + b"\0" + hashlib.sha256(made[rel]).digest())
    return digest.hexdigest()


def _kept(doc: dict[str, Any] | None) -> dict[str, bytes] | None:
    """The files a record holds, or None when it holds none, something else, or not all it had
    when written (its digest differs: a record edited or cut short since)."""
    made = (doc or {}).get("made")
    if not isinstance(made, dict) or not made or not all(isinstance(v, str) for v in made.values()):
        return None
    files = {str(rel): text.encode("utf-8", "surrogateescape") for rel, text in made.items()}
    return files if (doc or {}).get("digest") == _digest(files) else None
