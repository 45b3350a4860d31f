"""The site's static files: site/static plus the vendor files from node_modules,
published under one content-hashed folder, /static/<hash>/.

One hash for the whole folder (not one per file) keeps the ES modules' relative
imports working unchanged, and lets a CDN cache everything under it for a year:
any change to any file gives a new folder.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from sitebuild import vendor_patches

ENGINE_DIR = "engine"  # under static/: the engine's files, as shipped
ENGINE_FILE = "stockfish-19-lite-single"
ENGINE_VERSION = "19"
ENGINE_NAME = f"Stockfish {ENGINE_VERSION} (lite, single-threaded WebAssembly build by Stockfish.js)"
ENGINE_SOURCE = "https://github.com/nmrugg/stockfish.js"

# (source under node_modules, destination under static/). Folders are copied
# whole (only the listed suffixes). The Staunty pieces are left out on purpose:
# their licence is non-commercial; we use the Wikimedia (Cburnett) set.
VENDOR: list[tuple[str, str, tuple[str, ...]]] = [
    ("chess.js/dist/esm/chess.js", "js/vendor/chess.js", ()),
    ("chess.js/LICENSE", "js/vendor/LICENSE-chess.js.txt", ()),
    ("cm-chessboard/src", "js/vendor/cm-chessboard/src", (".js",)),
    # Review's schedule (site/static/js/review/schedule.js): FSRS, one ES module with no imports.
    ("ts-fsrs/dist/index.mjs", "js/vendor/ts-fsrs.js", ()),
    ("ts-fsrs/LICENSE", "js/vendor/LICENSE-ts-fsrs.txt", ()),
    ("cm-chessboard/LICENSE", "js/vendor/LICENSE-cm-chessboard.txt", ()),
    ("cm-chessboard/assets/chessboard.css", "js/vendor/cm-chessboard/assets/chessboard.css", ()),
    ("cm-chessboard/assets/pieces/standard.svg", "js/vendor/cm-chessboard/assets/pieces/standard.svg", ()),
    ("cm-chessboard/assets/extensions/markers", "js/vendor/cm-chessboard/assets/extensions/markers",
     (".css", ".svg")),
    ("cm-chessboard/assets/extensions/promotion-dialog",
     "js/vendor/cm-chessboard/assets/extensions/promotion-dialog", (".css",)),
    # The analysis engine (docs/analysis.md): Stockfish's lite single-threaded WebAssembly build,
    # GPL-3.0, served as its own files with its licence, as shipped (never minified), and never
    # precached: the service worker keeps it after its first use.
    (f"stockfish/bin/{ENGINE_FILE}.js", f"{ENGINE_DIR}/{ENGINE_FILE}.js", ()),
    (f"stockfish/bin/{ENGINE_FILE}.wasm", f"{ENGINE_DIR}/{ENGINE_FILE}.wasm", ()),
    ("stockfish/Copying.txt", f"{ENGINE_DIR}/COPYING-stockfish.txt", ()),
]

HASH_LENGTH = 10

# cm-chessboard's stylesheets with its markers' and promotion chooser's, in one file the build makes
# (none has a url() to move): one request where a puzzle's board asked for three.
BOARD_CSS_DIR = "js/vendor/cm-chessboard/assets/"
BOARD_CSS = BOARD_CSS_DIR + "board.css"
BOARD_CSS_PARTS = ("chessboard.css", "extensions/markers/markers.css",
                   "extensions/promotion-dialog/promotion-dialog.css")


class MissingVendorFiles(RuntimeError):
    """node_modules lacks a file the site needs."""


@dataclass(frozen=True)
class StaticSet:
    """Every static file's bytes by its path under static/, and the folder they publish to."""

    files: dict[str, bytes]
    digest: str
    fingerprint: str = ""  # the whole hash of every file, the unhashed ones too (a key of what pages read)

    @classmethod
    def of(cls, files: dict[str, bytes], unhashed: dict[str, bytes] | None = None) -> StaticSet:
        """The set of `files` ({path under static/: bytes}) with the hash of their paths and bytes,
        and `unhashed` beside them in the same folder, not in its name: the pseudo-locale's bundles,
        which only a test build writes, so adding them leaves every other file where it was
        (docs/languages.md, "The pseudo-locale")."""
        digest = hashlib.sha256()
        for rel in sorted(files):
            digest.update(rel.encode() + b"\0" + hashlib.sha256(files[rel]).digest())
        folder = digest.hexdigest()[:HASH_LENGTH]
        for rel, data in sorted((unhashed or {}).items()):
            digest.update(b"unhashed\0" + rel.encode() + b"\0" + hashlib.sha256(data).digest())
        return cls(files={**files, **(unhashed or {})}, digest=folder, fingerprint=digest.hexdigest())

    @property
    def prefix(self) -> str:
        """The URL folder of this set, e.g. /static/3f2a1b9c0d/."""
        return f"/static/{self.digest}/"

    def url(self, rel: str) -> str:
        """The URL of a static file; KeyError (naming it) for a file that isn't there."""
        rel = rel.lstrip("/")
        if rel not in self.files:
            raise KeyError(f"no static file {rel!r} (looked in site/static and the vendor list)")
        return self.prefix + rel


def api_docs_files(node_modules: Path) -> dict[str, bytes]:
    """Swagger UI's files for /api/docs, by their path in dist/ (swagger-ui/<version>/...): the API's
    page names them by the version service/swagger_ui.py pins, so they live outside the hashed
    static folder, in a folder named by that version.

    Raises MissingVendorFiles when node_modules lacks them or holds another version.
    """
    from service.swagger_ui import SWAGGER_UI_FILES, SWAGGER_UI_FOLDER, SWAGGER_UI_VERSION

    package = node_modules / "swagger-ui-dist"
    try:
        installed = json.loads((package / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        raise MissingVendorFiles(
            f"the API's docs page needs {package} (swagger-ui-dist {SWAGGER_UI_VERSION}). "
            "Run `npm ci` (or `make setup`) first."
        ) from None
    if installed != SWAGGER_UI_VERSION:
        raise MissingVendorFiles(
            f"node_modules has swagger-ui-dist {installed}, but service/swagger_ui.py pins "
            f"{SWAGGER_UI_VERSION}: run `npm ci`, or change both pins together."
        )
    missing = [name for name in SWAGGER_UI_FILES if not (package / name).is_file()]
    if missing:
        raise MissingVendorFiles(f"swagger-ui-dist lacks {', '.join(missing)}. Run `npm ci` first.")
    return {f"{SWAGGER_UI_FOLDER}/{name}": (package / name).read_bytes() for name in SWAGGER_UI_FILES}


def collect(static_dir: Path, node_modules: Path, generated: dict[str, bytes] | None = None) -> StaticSet:
    """The site's own static files, the vendor files and the `generated` ones ({path: bytes}, made by
    the build; each replaces a source file of that path), with their folder hash.

    The vendor files are changed as sitebuild/vendor_patches.py says.

    Raises MissingVendorFiles naming what is missing and how to get it, VendorPatchFailed when a
    vendor file no longer holds what a patch replaces.
    """
    files: dict[str, Path] = {}
    if static_dir.is_dir():
        for path in sorted(static_dir.rglob("*")):
            if path.is_file() and not path.name.startswith("."):
                files[path.relative_to(static_dir).as_posix()] = path
    missing = []
    for source, dest, suffixes in VENDOR:
        src = node_modules / source
        if src.is_dir():
            for path in sorted(src.rglob("*")):
                if path.is_file() and (not suffixes or path.suffix in suffixes):
                    files[f"{dest}/{path.relative_to(src).as_posix()}"] = path
        elif src.is_file():
            files[dest] = src
        else:
            missing.append(str(src))
    if missing:
        raise MissingVendorFiles(
            "the site needs files from node_modules that are not there: "
            + ", ".join(missing) + ". Run `npm ci` (or `make setup`) first."
        )
    contents = {rel: path.read_bytes() for rel, path in files.items()}
    vendor_patches.patch(contents)  # chess.js's keys made faster, checked against the text replaced
    contents[BOARD_CSS] = b"\n".join(contents[BOARD_CSS_DIR + part] for part in BOARD_CSS_PARTS)
    contents.update(generated or {})
    return StaticSet.of(contents)


def engine_globals(static: StaticSet) -> dict[str, str]:
    """What the pages say of the analysis engine: its name, and its worker's, licence's and source's URLs."""
    return {
        "name": ENGINE_NAME,
        "version": ENGINE_VERSION,  # the pages say the name in their language (index.html's credit)
        "worker": static.url(f"{ENGINE_DIR}/{ENGINE_FILE}.js"),
        "licence": static.url(f"{ENGINE_DIR}/COPYING-stockfish.txt"),
        "source": ENGINE_SOURCE,
    }
