"""The server's answers as TypeScript types for the browser's checker: site/types/api_types.d.ts,
written from the OpenAPI document's schemas (the FastAPI models under functions/).

The browser's modules read the API's answers through these names (`/** @import { Me } from
'../api_types.js' */`), so an answer's shape is written once, in its pydantic model, and
tests/test_api_types.py fails when the committed file is not what this makes. After changing a
model: `python -m ops.api_types` rewrites it.

The document's named schemas are the answers (a request body's schema is written inline), and an
answer carries every field of its model, defaulted ones too (no route leaves any out), so every
property is there; one that may be null says so. A schema the document names by its module
(two models of one name, `functions__routes__streak__models__StreakRow`) is named by its class, led
by the segments of its module that are neither `functions`, `routes` nor `models`
(`StreakStreakRow`; `functions__models__StreakRow` is `StreakRow`).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

PATH = Path(__file__).resolve().parent.parent / "site" / "types" / "api_types.d.ts"

HEADER = """\
// The API's answers, from the OpenAPI document's schemas (the FastAPI models under functions/), by
// ops/api_types.py. Don't edit: change the model and run `python -m ops.api_types`.
"""

_SKIPPED = {"functions", "routes", "models"}


def type_name(schema_name: str) -> str:
    """The TypeScript name of a schema (see the module's docstring for the qualified ones)."""
    if "__" not in schema_name:
        return schema_name
    *module, name = schema_name.split("__")
    return "".join(part.capitalize() for part in module if part not in _SKIPPED) + name


def _ts(schema: dict[str, Any]) -> str:
    """A schema as a TypeScript type."""
    if "$ref" in schema:
        return type_name(schema["$ref"].rsplit("/", 1)[-1])
    if "anyOf" in schema:
        return " | ".join(dict.fromkeys(_ts(part) for part in schema["anyOf"]))
    if "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    if "enum" in schema:
        return " | ".join(json.dumps(value, ensure_ascii=False) for value in schema["enum"])
    kind = schema.get("type")
    if kind in ("integer", "number"):
        return "number"
    if kind in ("string", "boolean", "null"):
        return kind
    if kind == "array":
        if "prefixItems" in schema:
            return "[" + ", ".join(_ts(item) for item in schema["prefixItems"]) + "]"
        item = _ts(schema.get("items", {}))
        return f"({item})[]" if "|" in item else f"{item}[]"
    if kind == "object":
        if "properties" in schema:
            return _object(schema, indent="")
        if "patternProperties" in schema:  # keys by a pattern: a record of their values' types
            values = dict.fromkeys(_ts(v) for v in schema["patternProperties"].values())
            return f"Record<string, {' | '.join(values)}>"
        extra = schema.get("additionalProperties", True)
        return f"Record<string, {'unknown' if extra is True else _ts(extra)}>"
    return "unknown"


def _comment(text: str, indent: str) -> str:
    lines = text.strip().replace("*/", "*\\/").splitlines()
    if len(lines) == 1:
        return f"{indent}/** {lines[0]} */\n"
    body = "".join(f"{indent} * {line}".rstrip() + "\n" for line in lines)
    return f"{indent}/**\n{body}{indent} */\n"


def _object(schema: dict[str, Any], indent: str) -> str:
    lines = ["{"]
    for name, prop in schema["properties"].items():
        key = name if re.fullmatch(r"[A-Za-z_$][\w$]*", name) else json.dumps(name)
        if prop.get("description"):
            lines.append(_comment(prop["description"], indent + "  ").rstrip("\n"))
        lines.append(f"{indent}  {key}: {_ts(prop)}")
    lines.append(indent + "}")
    return "\n".join(lines)


def render(doc: dict[str, Any]) -> str:
    """The declaration file's text for the OpenAPI document `doc`."""
    out = [HEADER]
    for name, schema in sorted(doc["components"]["schemas"].items(), key=lambda item: type_name(item[0])):
        out.append("\n")
        if schema.get("description"):
            out.append(_comment(schema["description"], ""))
        if schema.get("type") == "object" and "properties" in schema:
            out.append(f"export interface {type_name(name)} {_object(schema, indent='')}\n")
        else:
            out.append(f"export type {type_name(name)} = {_ts(schema)}\n")
    return "".join(out)


def document() -> dict[str, Any]:
    """The API's OpenAPI document, from an app over an empty store in memory."""
    from functions.app import create_app
    from service.settings import load
    from service.store.sqlite import SqliteStore

    return create_app(load({"SITE_KEY": "api-types"}, warn=False), SqliteStore(":memory:")).openapi()


def main() -> int:
    PATH.write_text(render(document()), encoding="utf-8")
    print(f"wrote {PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
