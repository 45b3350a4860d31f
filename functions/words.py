"""Request bodies that say what is wrong in their own words.

A field's type carries its words (`Says`) beside the shape the OpenAPI document publishes, so
one model is the single source of both. A refused body is told the words of its first field out
of shape, fields in the model's order; a body that isn't an object, or lacks fields the model
names in REQUIRED, is told so first (all the missing ones at once). The words reach the answer
through pydantic as a "plain" error, which functions.errors.plain_words passes on as written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import ValidationError, ValidatorFunctionWrapHandler, model_validator
from pydantic_core import ErrorDetails, PydanticCustomError

from functions.errors import PLAIN
from functions.models import Request
from puzzlebook.messages import Message, msg

NOT_AN_OBJECT = msg("request_not_object", "The request must be a JSON object.")
MISSING = msg("request_missing_fields", "The request is missing {fields}.")


def plain(words: Message | str) -> PydanticCustomError:
    """A validation error whose message is `words`, as written (said in the request's language)."""
    return PydanticCustomError(PLAIN, "{words}", {"words": words})


@dataclass(frozen=True)
class Refused:
    """A refused field: its name, pydantic's error type ("missing", "int_type", "too_long"...),
    where inside the value (a list's index, or nothing), and the value as posted (None if absent)."""

    field: str
    kind: str
    at: tuple[int | str, ...]
    value: Any


@dataclass(frozen=True)
class Says:
    """A field's words when its value is refused: a sentence, or a function of the refusal."""

    words: Message | str | Callable[[Refused], Message | str]

    def __call__(self, refused: Refused) -> Message | str:
        return self.words if isinstance(self.words, (Message, str)) else self.words(refused)


def first_words(model: type[Request], errors: list[ErrorDetails], data: dict[str, Any]) -> Message | str:
    """The words of the first refused field in `errors` (pydantic lists them in field order)."""
    error = errors[0]
    if error["type"] == PLAIN:
        words: Message | str = (error.get("ctx") or {})["words"]
        return words
    name, at = str(error["loc"][0]), tuple(error["loc"][1:])
    says = next(m for m in model.model_fields[name].metadata if isinstance(m, Says))
    return says(Refused(name, error["type"], at, data.get(name)))


def object_with(data: Any, required: tuple[str, ...]) -> dict[str, Any]:
    """`data` if it is an object holding every one of `required`; else a plain error saying which."""
    if not isinstance(data, dict):
        raise plain(NOT_AN_OBJECT)
    missing = [name for name in required if name not in data]
    if missing:
        raise plain(MISSING(fields=", ".join(missing)))
    return data


class Worded(Request):
    """A request model whose refusals are its fields' words. REQUIRED: the fields whose absence
    is told first, together (the others' absence is their own words' "missing")."""

    REQUIRED: ClassVar[tuple[str, ...]] = ()

    @model_validator(mode="wrap")
    @classmethod
    def _in_words(cls, data: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        if isinstance(data, cls):  # already checked
            return handler(data)
        checked = object_with(data, cls.REQUIRED)
        try:
            return handler(checked)
        except ValidationError as exc:
            raise plain(first_words(cls, exc.errors(), checked)) from None
