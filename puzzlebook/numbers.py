"""Whole numbers in JSON as JSON Schema counts them: by value, not by how they are written.

JSON Schema's "integer" is any number with no fractional part, so 40, 40.0 and 4e1 are all the
integer 40; a published schema saying "integer" promises all three. The API takes them alike
(and still refuses 40.5, "40" and true), so a client built from the schema is never refused.
"""

from __future__ import annotations

import math


def whole(value: object) -> int | None:
    """`value` as a whole number (an int, or a float with no fractional part), else None.

    true and false are not numbers here, though Python counts them as ints.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return None
