"""A whole number may be written 40 or 40.0 in any field the document calls a number
(puzzlebook/numbers.py): the request models turn whole floats into ints in the fields that may hold
a number (functions/models.py, `number_fields`), and only there, once a body."""

from __future__ import annotations

from typing import Any

import pytest

from functions.bodies import parse
from functions.models import Request, number_fields
from functions.routes.chess.models import ChessSolve
from tests.support import request_models


def _says_number(schema: Any) -> bool:
    """Whether a field's schema takes a number anywhere in it (a nested model's `$ref` aside: its own
    fields are its own)."""
    if isinstance(schema, list):
        return any(_says_number(item) for item in schema)
    if not isinstance(schema, dict):
        return False
    kinds = schema.get("type")
    if kinds in ("integer", "number") or (isinstance(kinds, list) and {"integer", "number"} & set(kinds)):
        return True
    if "type" not in schema and not any(k in schema for k in ("$ref", "anyOf", "oneOf", "allOf", "const",
                                                               "enum")):
        return True  # any JSON value at all
    return any(_says_number(value) for key, value in schema.items() if key not in ("$ref", "$defs"))


MODELS = request_models()


def test_the_models_are_found() -> None:
    assert {"ChessSolve", "ChainSolve", "NewSet", "ResultPost", "StreakRun"} <= {m.__name__ for m in MODELS}


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_field_the_document_calls_a_number_takes_whole_floats(model: type[Request]) -> None:
    properties = model.model_json_schema().get("properties", {})
    numbers = [name for name, schema in properties.items() if _says_number(schema)]
    assert set(numbers) <= set(number_fields(model)), (numbers, number_fields(model))


def test_whole_floats_are_ints_and_the_posted_dict_is_left_as_sent() -> None:
    body = {"id": "0000D", "band": "Medium", "moves": ["f8d8"], "mistakes": 1.0, "hints": 0, "seconds": 4e1}
    solve = parse(ChessSolve, body)
    assert (solve.mistakes, solve.seconds) == (1, 40) and type(solve.seconds) is int
    assert body["mistakes"] == 1.0 and type(body["mistakes"]) is float
