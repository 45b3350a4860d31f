"""functions/framework.py, the one module that reaches inside FastAPI and Starlette: nothing else of
ours imports their private modules, and each piece it takes is as it expects. An upgrade that
changes any of them (renames a private function, moves FastAPI's v1 check, drops a field of a
route's `dependant`, changes how Starlette finds an exception's handler or a request's path) fails
here, by name, rather than quietly changing what the API answers. tests/test_api_direct.py holds
the answers of the routes served through it to FastAPI's own, byte for byte."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path
from typing import Any

import pytest
from fastapi import Depends, FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException
from starlette.requests import Request

from functions import framework

ROOT = Path(__file__).resolve().parent.parent
FENCE = ROOT / "functions" / "framework.py"
HERE = Path(__file__).resolve()
SKIPPED = {".venv", ".venv312", "node_modules", "dist", "var", "build", ".git"}


def _private(module: str) -> bool:
    """Whether `module` is, or is inside, a private module of FastAPI or Starlette."""
    top, *rest = module.split(".")
    return top in ("fastapi", "starlette") and any(part.startswith("_") for part in rest)


def _python_files() -> list[Path]:
    return [p for p in ROOT.rglob("*.py") if not SKIPPED & set(p.relative_to(ROOT).parts)]


@pytest.mark.slow  # parses every module of the repository: 4 s of CPU
def test_no_module_but_the_fence_imports_a_private_module_of_fastapi_or_starlette() -> None:
    found = []
    for path in _python_files():
        if path in (FENCE, HERE):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            found += [f"{path.relative_to(ROOT)}:{node.lineno} {name}" for name in names if _private(name)]
    assert not found, f"import these through functions/framework.py: {found}"


def test_the_fence_imports_only_what_it_names() -> None:
    """The private modules functions/framework.py reaches into, each checked below."""
    tree = ast.parse(FENCE.read_text(encoding="utf-8"))
    private = {f"{node.module}.{alias.name}" for node in ast.walk(tree)
               if isinstance(node, ast.ImportFrom) and node.module and _private(node.module)
               for alias in node.names}
    assert private == {"fastapi._compat.shared", "starlette._utils.get_route_path"}


# ---------------------------------------------------------------- starlette._utils.get_route_path


@pytest.mark.parametrize(("path", "root_path", "route_path"), [
    ("/api/chess/solves", "", "/api/chess/solves"),
    ("/prefix/api/chess/solves", "/prefix", "/api/chess/solves"),
    ("/api/chess/solves/", "", "/api/chess/solves/"),
])
def test_a_requests_route_path_is_its_path_inside_the_app(path: str, root_path: str, route_path: str) -> None:
    assert framework.route_path({"type": "http", "path": path, "root_path": root_path}) == route_path


# ---------------------------------------------------------------- fastapi._compat.shared


def test_fastapis_v1_check_is_the_one_the_package_put_in_its_place() -> None:
    """functions/__init__.py replaced it (functions/v1_check.py): a FastAPI whose check moved or was
    renamed would keep its own, which imports pydantic.v1 at every cold start (tests/test_cold_start.py
    sees that too; tests/test_v1_check.py that a v1 model is still refused)."""
    from fastapi._compat import shared

    from functions.v1_check import is_v1_model_class

    assert getattr(shared, framework.V1_CHECK) is is_v1_model_class


def test_lenient_issubclass_answers_as_the_v1_check_needs() -> None:
    assert framework.lenient_issubclass(bool, int)
    assert not framework.lenient_issubclass(3, int)  # not a class: no, rather than TypeError
    assert not framework.lenient_issubclass(str, int)


# ---------------------------------------------------------------- a route's dependant and answer


def test_a_routes_dependant_has_every_field_the_fence_reads() -> None:
    read = {"path_params", "query_params", "header_params", "cookie_params", "body_params", "dependencies",
            "request_param_name", "response_param_name", "background_tasks_param_name",
            "security_scopes_param_name", "name", "call"}
    fields = {f.name for f in dataclasses.fields(Dependant)}
    assert read <= fields, f"Dependant no longer has {sorted(read - fields)}"


def test_a_route_has_every_attribute_the_fence_reads() -> None:
    app = FastAPI()

    @app.post("/x", response_model=dict[str, int])
    async def x() -> dict[str, int]:
        return {}

    route = next(r for r in app.routes if isinstance(r, APIRoute))
    for name in ("dependant", "dependencies", "endpoint", "response_class", "status_code", "response_field",
                 "response_model_include", "response_model_exclude", "response_model_by_alias",
                 "response_model_exclude_unset", "response_model_exclude_defaults",
                 "response_model_exclude_none", "path", "methods"):
        assert hasattr(route, name), name
    assert route.status_code is None and isinstance(route.response_class, framework.DefaultPlaceholder)


def _route_of(app: FastAPI, path: str) -> APIRoute:
    return next(r for r in app.routes if isinstance(r, APIRoute) and r.path == path)


def test_an_answer_is_written_as_fastapis_serialize_response_writes_it() -> None:
    """The fence writes a route's answer by its response field's own two calls (validate, then
    serialize_json), which is what FastAPI's serialize_response does for a route of the default
    response class: the same bytes, and the same refusal of an answer that doesn't fit its model."""
    import asyncio

    from fastapi.exceptions import ResponseValidationError
    from fastapi.routing import serialize_response
    from pydantic import BaseModel

    class Answer(BaseModel):
        ok: bool
        name: str | None = None
        at: list[int] = []

    app = FastAPI()

    @app.post("/x", response_model=Answer, response_model_exclude_none=True)
    async def x() -> Answer:
        return Answer(ok=True)

    route = _route_of(app, "/x")

    async def fastapis(content: Any) -> Any:
        return await serialize_response(
            field=route.response_field, response_content=content, include=route.response_model_include,
            exclude=route.response_model_exclude, by_alias=route.response_model_by_alias,
            exclude_unset=route.response_model_exclude_unset,
            exclude_defaults=route.response_model_exclude_defaults,
            exclude_none=route.response_model_exclude_none, is_coroutine=True, dump_json=True)

    for content in (Answer(ok=True), {"ok": True, "name": "Ada", "at": [1, 2]}, {"ok": 1, "name": None}):
        ours = asyncio.run(framework.answer(route, content))
        assert ours.body == asyncio.run(fastapis(content)) and ours.status_code == 200
        assert ours.headers["content-type"] == "application/json"
    for wrong in ({"ok": "perhaps"}, {"name": "no ok"}, None):
        with pytest.raises(ResponseValidationError):
            asyncio.run(fastapis(wrong))
        with pytest.raises(ResponseValidationError):
            asyncio.run(framework.answer(route, wrong))


def test_one_dependency_is_read_from_the_dependant_and_anything_more_refused() -> None:
    app = FastAPI()

    async def given(request: Request) -> int:
        return 1

    @app.post("/one", response_model=dict[str, int])
    async def one(value: int = Depends(given)) -> dict[str, int]:
        return {"value": value}

    @app.post("/more", response_model=dict[str, int])
    async def more(q: int, value: int = Depends(given)) -> dict[str, int]:
        return {"value": value}

    found = framework.one_dependency(_route_of(app, "/one"))
    assert (found.name, found.call) == ("value", given)
    with pytest.raises(ValueError, match="parameters besides its one dependency"):
        framework.one_dependency(_route_of(app, "/more"))


# ---------------------------------------------------------------- exception handlers


class _Base(Exception):
    pass


class _Derived(_Base):
    pass


def test_an_exceptions_handler_is_found_as_starlettes_middleware_finds_it() -> None:
    """Starlette's own lookup (its private `_lookup_exception_handler`, and the status first for an
    HTTP error) and the fence's agree, but for the server-error handler, which Starlette keeps out
    of that lookup (ServerErrorMiddleware answers with it)."""
    from starlette._exception_handler import _lookup_exception_handler

    def base(*_: Any) -> None: ...
    def status(*_: Any) -> None: ...
    def server_error(*_: Any) -> None: ...

    handlers: dict[Any, Any] = {_Base: base, 418: status}
    for exc in (_Base(), _Derived(), ValueError(), HTTPException(404)):
        assert framework.exception_handler(handlers, exc) is _lookup_exception_handler(handlers, exc)
    assert framework.exception_handler(handlers, HTTPException(418)) is status
    with_server_error = {**handlers, Exception: server_error}
    assert framework.exception_handler(with_server_error, ValueError()) is None
    assert _lookup_exception_handler(with_server_error, ValueError()) is server_error
