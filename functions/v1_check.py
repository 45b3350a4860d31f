"""FastAPI's check that no model is a pydantic v1 one, without importing pydantic.v1 to make it.

FastAPI 0.165 refuses pydantic v1 models: for every response model it makes, it imports
`pydantic.v1` to ask whether the model subclasses v1's BaseModel. That import was a tenth of the
handler's own cold import (docs/operations.md, "Cold start"), and it answers no: a class can be a v1
model only once pydantic.v1 has been imported. So the check asks the imported module, if any, and
is the same check without the import. `install` is called by the package (functions/__init__.py)
before any route is made; should FastAPI's check move, it leaves FastAPI as it is (and
tests/test_framework.py fails, as does tests/test_cold_start.py, pydantic.v1 coming back at a cold
start). FastAPI's check is reached through functions/framework.py, the one module that reaches into
FastAPI's private modules.
"""

from __future__ import annotations

import sys
from typing import Any

from functions.framework import lenient_issubclass, replace_v1_check


def is_v1_model_class(cls: Any) -> bool:
    """Whether `cls` is a pydantic v1 model class: never while pydantic.v1 isn't imported."""
    v1 = sys.modules.get("pydantic.v1")
    return v1 is not None and lenient_issubclass(cls, v1.BaseModel)


def install() -> None:
    """Have FastAPI's v1 check use `is_v1_model_class` (nothing if FastAPI has no such check)."""
    replace_v1_check(is_v1_model_class)
