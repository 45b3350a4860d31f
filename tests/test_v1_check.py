"""FastAPI still refuses a pydantic v1 model with its own check replaced (functions/v1_check.py),
and the check answers without importing pydantic.v1."""

from __future__ import annotations

import subprocess
import sys

import pytest
from fastapi import FastAPI
from pydantic import BaseModel

from functions.v1_check import is_v1_model_class


def test_a_v1_response_model_is_still_refused() -> None:
    from fastapi.exceptions import PydanticV1NotSupportedError
    from pydantic import v1

    class Old(v1.BaseModel):
        a: int

    app = FastAPI()
    with pytest.raises(PydanticV1NotSupportedError):
        app.get("/old", response_model=Old)(lambda: None)
    assert is_v1_model_class(Old) and not is_v1_model_class(BaseModel) and not is_v1_model_class(3)


def test_the_check_imports_nothing() -> None:
    probe = (
        "import sys; import functions; from functions.v1_check import is_v1_model_class; "
        "from pydantic import BaseModel; print(is_v1_model_class(BaseModel), 'pydantic.v1' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.split() == ["False", "False"]
