"""Words the API says, each with a stable code: the English is the catalog's message, the code its
context, so a client reads the code and a person the words in their own language.

`msg(code, english)` and `msg_plural(code, one, many, count)` are what `python -m ops.messages`
extracts into `locale/api.pot` (the code as the entry's `msgctxt`); calling a message with values
fills its `{name}` placeholders. A value may itself be a message, said in the same language. The
translating is done where the catalogs are read (`service/speech.py`); here it is English only and
pure (docs/languages.md, "The API's language").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class Message:
    """Words by `code`: `english` (and `plural`, chosen by the value named `count`), with the values
    for their placeholders."""

    code: str
    english: str
    plural: str = ""
    count: str = ""
    values: Mapping[str, Any] = field(default_factory=dict, compare=False)
    # Said with a capital first letter, in any language: for words that may begin with a value
    # written in lower case (a field's name, "{field} is missing.").
    capital: bool = False

    def __call__(self, **values: Any) -> Message:
        """The same words with these values filled in.

        >>> str(msg("late", "{day} isn’t out yet.")(day="2027-01-01"))
        '2027-01-01 isn’t out yet.'
        """
        return replace(self, values={**self.values, **values})

    def english_of(self) -> str:
        """The English form for the count: the singular for 1, the plural otherwise."""
        if self.plural and self.values.get(self.count) != 1:
            return self.plural
        return self.english

    def __str__(self) -> str:
        """The words in English (what a log line or a test without a language reads).

        >>> tries = msg_plural("tries", "{n} try left.", "{n} tries left.", "n")
        >>> str(tries(n=1)), str(tries(n=3))
        ('1 try left.', '3 tries left.')
        """
        said = self.english_of().format_map({name: str(value) for name, value in self.values.items()})
        return capitalized(said) if self.capital else said


def capitalized(words: str) -> str:
    """`words` with its first letter a capital, the rest as it is (str.capitalize lowers the rest).

    >>> capitalized("credential.type must be one of 'public-key'.")
    "Credential.type must be one of 'public-key'."
    """
    return words[:1].upper() + words[1:]


def uncatalogued(text: str) -> Message:
    """English text that is no message of the catalog (yet): said as it is, in English, with no code of
    its own (the API gives it its status's)."""
    return Message("", text.replace("{", "{{").replace("}", "}}"))


def msg(code: str, english: str, *, capital: bool = False) -> Message:
    """A message with one form. `code`: short snake_case, the same wherever these words are meant."""
    return Message(code, english, capital=capital)


def msg_plural(code: str, one: str, many: str, count: str, *, capital: bool = False) -> Message:
    """A message whose form follows the number in its value `count` (by each language's plural rule
    where translated)."""
    return Message(code, one, many, count, capital=capital)


class Refusal(ValueError):
    """A rule's refusal whose words are a message: str() is the English, `.message` the message to say
    in the asker's language."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message
