"""What the API takes from inside FastAPI and Starlette, past their documented interface, in one
place: an upgrade may change any of it without a word, so tests/test_framework.py holds every piece
to what this module expects of it, and fails on an upgrade that changes one. No other module of
ours imports a private module of either (`fastapi._*`, `starlette._*`; the same test checks).

- `route_path(scope)`: a request's path inside the app, as Starlette's router matches it
  (`starlette._utils.get_route_path`): functions/direct.py finds its routes by it.
- `replace_v1_check(check)`: FastAPI's check that a class is a pydantic v1 model
  (`fastapi._compat.shared.is_pydantic_v1_model_class`), replaced by functions/v1_check.py, which
  asks `lenient_issubclass` (`fastapi._compat.shared`'s) as FastAPI's own check does.
- `one_dependency(route)`: how FastAPI calls a route that takes one dependency and nothing else, read
  from the route's `dependant`; `answer(route, content)`: the route's answer as FastAPI writes it
  (by its response field, as `fastapi.routing.serialize_response` does); `exception_handler(handlers,
  exc)`: the app's handler for an exception, found as Starlette's exception middleware finds it.
  functions/direct.py calls a route by these, and tests/test_api_direct.py holds its answers to
  FastAPI's own, byte for byte.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from inspect import iscoroutinefunction
from typing import Any

from fastapi._compat import shared
from fastapi.datastructures import DefaultPlaceholder
from fastapi.exceptions import ResponseValidationError
from fastapi.routing import APIRoute
from starlette._utils import get_route_path
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Scope

# The request's path inside the app (its root path taken off), as the router matches it: Starlette's
# own function, not a wrapper (a call more on every request).
route_path: Callable[[Scope], str] = get_route_path


def lenient_issubclass(cls: Any, parents: Any) -> bool:
    """Whether `cls` is a class and a subclass of `parents`, as FastAPI's own checks ask it."""
    return bool(shared.lenient_issubclass(cls, parents))


# FastAPI's check, in fastapi._compat.shared, that a class is a pydantic v1 model.
V1_CHECK = "is_pydantic_v1_model_class"


def replace_v1_check(check: Callable[[Any], bool]) -> bool:
    """Have FastAPI ask `check` whether a class is a pydantic v1 model; False, changing nothing, when
    this FastAPI has no such check."""
    if not hasattr(shared, V1_CHECK):
        return False
    setattr(shared, V1_CHECK, check)
    return True


@dataclass(frozen=True, slots=True)
class OneDependency:
    """A route's one dependency as FastAPI calls it: the endpoint's parameter `name`, and the
    dependency's `call`, taking the request alone."""

    name: str
    call: Callable[[Request], Awaitable[Any]]


def one_dependency(route: APIRoute) -> OneDependency:
    """The one dependency FastAPI would call `route` with; ValueError naming why FastAPI would give it
    anything more (or other): path, query, header, cookie or body parameters, route-level
    dependencies, another response class or status, no response model, a sync endpoint or dependency,
    the request, response or background tasks taken by the endpoint, or a dependency that takes more
    than the request."""
    main = route.dependant
    why = []
    if main.path_params or main.query_params or main.header_params or main.cookie_params or main.body_params:
        why.append("it has parameters besides its one dependency")
    if route.dependencies or len(main.dependencies) != 1:
        why.append("it hasn't exactly one dependency")
    if not iscoroutinefunction(route.endpoint):
        why.append("it isn't async")
    if not isinstance(route.response_class, DefaultPlaceholder) or route.status_code is not None:
        why.append("it sets its own response class or status")
    if route.response_field is None:
        why.append("it has no response model")
    if main.request_param_name or main.response_param_name or main.background_tasks_param_name:
        why.append("it takes the request, the response or background tasks itself")
    if not why:
        dep = main.dependencies[0]
        takes_only_request = not (
            dep.dependencies or dep.path_params or dep.query_params or dep.header_params
            or dep.cookie_params or dep.body_params or dep.security_scopes_param_name
        ) and dep.request_param_name is not None
        call = dep.call
        if not takes_only_request or dep.name is None or call is None:
            why.append("its dependency takes more than the request")
        elif not (iscoroutinefunction(call) or iscoroutinefunction(type(call).__call__)):
            why.append("its dependency isn't async")
        else:
            return OneDependency(dep.name, call)
    raise ValueError(f"{route.path} can't be served directly: {'; '.join(why)}")


async def answer(route: APIRoute, content: Any) -> Response:
    """`content`, what `route`'s endpoint returned, as FastAPI answers it for a route of the default
    response class and status (`fastapi.routing.serialize_response`, and the `Response` it is put
    in): checked by the route's response field (ResponseValidationError when it doesn't fit) and
    written as JSON by it, status 200. The field's own two calls, not serialize_response: the same
    steps without a coroutine and its eleven arguments, on the busiest route (tests/test_framework.py
    holds serialize_response to these steps)."""
    field = route.response_field
    assert field is not None  # one_dependency checked
    value, errors = field.validate(content, {}, loc=("response",))
    if errors:
        raise ResponseValidationError(errors=errors, body=content)
    body = field.serialize_json(
        value,
        include=route.response_model_include,
        exclude=route.response_model_exclude,
        by_alias=route.response_model_by_alias,
        exclude_unset=route.response_model_exclude_unset,
        exclude_defaults=route.response_model_exclude_defaults,
        exclude_none=route.response_model_exclude_none,
    )
    return Response(content=body, media_type="application/json", status_code=200)


def exception_handler(handlers: Mapping[Any, Any], exc: Exception) -> Any:
    """The app's handler for `exc` (`handlers`: the app's exception handlers), found as Starlette's
    exception middleware finds it (an HTTP error's status first, then the exception's classes,
    nearest first); None when there is none, or only the server-error handler (`Exception`'s, which
    Starlette leaves to ServerErrorMiddleware, outside every other layer)."""
    if isinstance(exc, HTTPException) and exc.status_code in handlers:
        return handlers[exc.status_code]
    for cls in type(exc).__mro__:
        if cls is Exception:
            return None
        if cls in handlers:
            return handlers[cls]
    return None
