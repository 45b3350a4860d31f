"""Checks on the teacher's texts (titles, intros, comments, hints).

Texts are plain text, kept exactly as typed: never HTML, never stripped of anything;
the pages render them as text. Line breaks, carriage returns and tabs are allowed;
other control characters are refused (they are invisible, break layouts and logs,
and no teacher types them on purpose), and so are unpaired surrogates (a JSON
escape like "\\ud800" that is not a character and cannot be stored as UTF-8).
"""

from __future__ import annotations

import re

from puzzlebook.messages import Message, msg, msg_plural

from .limits import TEXT_LIMITS

# C0 controls except tab (09), line feed (0a) and carriage return (0d); DEL; C1 controls.
# The schema's "pattern" for texts is the same class.
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
SURROGATE = re.compile("[\ud800-\udfff]")
# The problems, as messages (said in the request's language by the API); a field's name is a value.
TOO_LONG = msg_plural(
    "lesson_text_too_long",
    '"{field}" is {length} character long; the limit is {limit}',
    '"{field}" is {length} characters long; the limit is {limit}',
    "length",
)
HAS_CONTROL = msg(
    "lesson_text_control",
    '"{field}" contains an invisible control character ({code}); only line breaks and tabs are allowed',
)
HAS_SURROGATE = msg(
    "lesson_text_surrogate",
    '"{field}" contains an unpaired surrogate escape (like \\ud800), which is not a character',
)


def text_problems(value: str, field: str) -> list[Message]:
    """Plain-words problems with the text `value` of field `field` (empty when fine)."""
    problems = []
    limit = TEXT_LIMITS[field]
    if len(value) > limit:
        problems.append(TOO_LONG(field=field, length=len(value), limit=limit))
    control = CONTROL.search(value)
    if control:
        problems.append(HAS_CONTROL(field=field, code=f"U+{ord(control.group()):04X}"))
    if SURROGATE.search(value):
        problems.append(HAS_SURROGATE(field=field))
    return problems
