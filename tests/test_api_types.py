"""The browser's types for the API's answers (site/types/api_types.d.ts) are what the OpenAPI
document says today: a model changed without `python -m ops.api_types` fails here, before the
browser's checker reads a stale shape."""

from __future__ import annotations

from ops import api_types


def test_the_committed_answer_types_are_the_documents() -> None:
    assert api_types.PATH.read_text(encoding="utf-8") == api_types.render(api_types.document()), (
        "site/types/api_types.d.ts is stale: run `python -m ops.api_types`"
    )


ROW = "functions__routes__x__models__Row"


def test_a_schema_is_named_as_the_browser_reads_it() -> None:
    schemas = {"components": {"schemas": {
        "Answer": {"type": "object", "description": "An answer.", "required": ["n"], "properties": {
            "n": {"type": "integer"},
            "kind": {"anyOf": [{"type": "string", "enum": ["a", "b"]}, {"type": "null"}]},
            "rows": {"type": "array", "items": {"$ref": "#/components/schemas/" + ROW}},
            "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}]},
            "extra": {"type": "object", "additionalProperties": {"type": "boolean"}},
        }},
        ROW: {"type": "object", "properties": {"ok": {"const": True}}},
    }}}
    text = api_types.render(schemas)
    assert "/** An answer. */\nexport interface Answer {\n  n: number\n" in text
    assert '  kind: "a" | "b" | null\n' in text
    assert "  rows: XRow[]\n  pair: [string, number]\n  extra: Record<string, boolean>\n}" in text
    assert "export interface XRow {\n  ok: true\n}" in text
