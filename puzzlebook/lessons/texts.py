"""Checks on the teacher's texts (titles, intros, comments, hints).

Texts are plain text, kept exactly as typed: never HTML, never stripped of anything;
the pages render them as text. Line breaks, carriage returns and tabs are allowed;
other control characters are refused (they are invisible, break layouts and logs,
and no teacher types them on purpose), and so are unpaired surrogates (a JSON
escape like "\\ud800" that is not a character and cannot be stored as UTF-8).
"""

from __future__ import annotations

import re

from .limits import TEXT_LIMITS

# C0 controls except tab (09), line feed (0a) and carriage return (0d); DEL; C1 controls.
# The schema's "pattern" for texts is the same class.
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
SURROGATE = re.compile("[\ud800-\udfff]")


def text_problems(value: str, field: str) -> list[str]:
    """Plain-words problems with the text `value` of field `field` (empty when fine)."""
    problems = []
    limit = TEXT_LIMITS[field]
    if len(value) > limit:
        problems.append(f'"{field}" is {len(value)} characters long; the limit is {limit}')
    control = CONTROL.search(value)
    if control:
        code = f"U+{ord(control.group()):04X}"
        problems.append(
            f'"{field}" contains an invisible control character ({code}); '
            "only line breaks and tabs are allowed"
        )
    if SURROGATE.search(value):
        problems.append(
            f'"{field}" contains an unpaired surrogate escape (like \\ud800), which is not a character'
        )
    return problems
