"""The static imports of the site's ES modules, for `<link rel="modulepreload">`.

A browser finds a module's imports only once it has fetched that module, so a page whose modules
import others, which import others (chess's play view: play.js, game.js, board.js, cm-chessboard's
Chessboard.js, its view, its model...), pays one round trip per level before the last arrives. A
page that names the whole graph up front (`modulepreload`) fetches it all at once. The build reads
the graph from the files themselves (minified or not): static `import … from '…'`, `import '…'` and
`export … from '…'`; a dynamic `import('…')` is left out, as it loads later on purpose.
"""

from __future__ import annotations

import re
from posixpath import dirname, normpath

_STATIC_IMPORT = re.compile(
    r"""(?:^|[;\s}/)])(?:import\s*(?:[\w$*{}\s,]+?\s*from\s*)?|export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*)"""
    r"""["']([^"']+)["']"""
)


class UnknownModule(KeyError):
    """A module (or one it imports) isn't among the static files; str names it and who imports it."""


def imports_of(text: str) -> list[str]:
    """The specifiers of `text`'s static imports, in order.

    >>> imports_of("import{a as b}from'./x.js';export*from\\"../y.js\\";const c=import('./z.js')")
    ['./x.js', '../y.js']
    >>> imports_of("import './side.js'\\nimport {\\n  q,\\n} from './multi.js'")
    ['./side.js', './multi.js']
    """
    return _STATIC_IMPORT.findall(text)


def module_graph(files: dict[str, bytes], entry: str) -> list[str]:
    """`entry` (a path under static/, e.g. js/chess/play.js) and every module it imports statically,
    directly or not, each once, the entry first and then in the order they are first reached.
    Raises UnknownModule for a relative import that names no static file."""
    if entry not in files:
        raise UnknownModule(f"no static module {entry!r}")
    order = [entry]
    seen = {entry}
    for rel in order:  # grows while walked: breadth first
        for spec in imports_of(files[rel].decode("utf-8")):
            if not spec.startswith("."):
                continue  # a bare name or an absolute URL: the site's modules import neither
            target = normpath(f"{dirname(rel)}/{spec}")
            if target not in files:
                raise UnknownModule(f"{rel} imports {spec!r}, which is not a static file ({target})")
            if target not in seen:
                seen.add(target)
                order.append(target)
    return order
