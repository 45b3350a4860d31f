"""The browser's copy of the game registry: js/games.js, made from puzzlebook.games (the games and
their boards) and each game's service hooks (where the API serves each board).

The build puts it in the static files it publishes; the copy committed at
site/static/js/games.js (for node's tests, which import the modules from the
source tree) is checked against it by tests/test_games.py. After changing the
registry: `python -m sitebuild.games_js` rewrites that copy.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from puzzlebook.chess.bands import BANDS
from puzzlebook.games import GAMES
from puzzlebook.patterns import UCI, whole_text
from service.games.registry import hooks_of

PATH = "js/games.js"
SOURCE = Path(__file__).resolve().parent.parent / "site" / "static" / PATH

HEADER = """\
/**
 * The games, their leaderboards and the chess bands: made from the registry in
 * puzzlebook/games.py (and the UCI move pattern from puzzlebook/patterns.py) by
 * sitebuild/games_js.py. Don't edit: change them and run `python -m sitebuild.games_js`.
 * Their types are site/types/games_types.d.ts.
 */
/** @import { Band, Board, Game, StoreModule, WaitingModule } from './games_types.js' */
"""

# Each constant's type (site/types/games_types.d.ts): the checker holds the generated values to it.
TYPES = {"games": "readonly Game[]", "boards": "readonly Board[]", "bands": "readonly Band[]"}


def browser_registry() -> dict[str, object]:
    """What the browser's js/games.js exports: the games, their boards (with their API paths), and
    the chess bands."""
    return {
        "games": [
            {
                "key": g.key,
                "name": g.name,
                "nav": {"label": g.nav.label, "url": g.nav.url},
                "entry": g.entry,
                "streak": g.streak,
                "rating": g.rating,
                "daily": g.daily,
                "store": g.store or None,
                "noun": list(g.noun) if g.store else None,
                "waiting": g.waiting or None,
                "archive": None if g.archive is None else {
                    "label": g.archive.label,
                    "spoken": g.archive.spoken,
                    "url": g.archive.url,
                    "place": g.archive.place,
                    "pick": g.archive.pick or None,
                    "marks": g.archive.marks,
                },
            }
            for g in GAMES
        ],
        "boards": [
            {
                "id": b.id,
                "game": g.key,
                "title": b.title,
                "api": hooks_of(g).board_paths[b.id],
                "ranks": b.ranks,
                "columns": [{"head": c.head, "field": c.field, "kind": c.kind} for c in b.columns],
                "dated": b.dated,
                "bands": b.bands,
                "caption": b.caption or b.title,
                "joins": b.joins,
            }
            for g in GAMES
            for b in g.boards
        ],
        "bands": [{"name": name, "low": low, "high": high - 1} for name, (low, high) in BANDS.items()],
    }


def _json(value: object, indent: str = "") -> str:
    """`value` as JSON, an object or list on one line when it fits in 100 columns, else one member
    a line (so a board's columns are a line each and the module stays short to read)."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(indent) + len(flat) <= 100 or not isinstance(value, (dict, list)) or not value:
        return flat
    inner = indent + "  "
    if isinstance(value, dict):
        members = [f"{inner}{json.dumps(key)}: {_json(item, inner)}" for key, item in value.items()]
        return "{\n" + ",\n".join(members) + f"\n{indent}}}"
    return "[\n" + ",\n".join(inner + _json(item, inner) for item in value) + f"\n{indent}]"


def render() -> bytes:
    """The module's text. Its values are marked pure, so a bundle (sitebuild/bundle.py) keeps only
    those its modules use: the play view needs the bands' names, not every game's boards."""
    data = browser_registry()
    lines = [HEADER]
    for name in ("games", "boards", "bands"):
        text = _json(data[name])
        lines.append(f"/** @type {{{TYPES[name]}}} */\n")
        lines.append(f"export const {name.upper()} = /* @__PURE__ */ Object.freeze({text})\n")
    lines.append("\n/** The band names, easiest first. */\n")
    lines.append("export const BAND_NAMES = /* @__PURE__ */ Object.freeze(BANDS.map((b) => b.name))\n")
    lines.append("\n/** A whole move in UCI (e2e4, e7e8q), as the server's referee reads it. */\n")
    lines.append(f"export const UCI = /* @__PURE__ */ new RegExp({json.dumps(whole_text(UCI))})\n")
    # Each store's module by a literal path, so the build's bundler (sitebuild/bundle.py) can follow
    # it: an import() of a path made at run time is one it can't resolve.
    # Each loader names its module's contract, GameStore, by a cast: the checker then refuses a
    # store whose shape can't be one, short of a full check of modules that are their games' own.
    lines.append("\n/**\n * Each game's store module, loaded when asked for: `STORES[key]()`.\n")
    lines.append(" * @type {Readonly<Record<string, () => Promise<StoreModule>>>}\n */\n")
    cast = "/** @type {Promise<StoreModule>} */"
    loaders = "".join(f"  {g.key}: () => {cast} (import('./{g.store}')),\n" for g in GAMES if g.store)
    lines.append(f"export const STORES = /* @__PURE__ */ Object.freeze({{\n{loaders}}})\n")
    lines.append("\n/**\n * Each game's module of results waiting outside the outbox: `WAITING[key]()`.\n")
    lines.append(" * @type {Readonly<Record<string, () => Promise<WaitingModule>>>}\n */\n")
    cast = "/** @type {Promise<WaitingModule>} */"
    loaders = "".join(f"  {g.key}: () => {cast} (import('./{g.waiting}')),\n" for g in GAMES if g.waiting)
    lines.append(f"export const WAITING = /* @__PURE__ */ Object.freeze({{\n{loaders}}})\n")
    lines.append("\n/**\n * The game called `key`, or undefined.\n * @param {string} key\n */\n")
    lines.append("export function findGame(key) {\n  return GAMES.find((g) => g.key === key)\n}\n")
    return "".join(lines).encode("utf-8")


def main() -> int:
    SOURCE.write_bytes(render())
    print(f"wrote {SOURCE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
