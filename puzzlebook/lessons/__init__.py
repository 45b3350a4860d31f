"""The teacher's lessons: the seed's JSON format and PGN, parsed, checked and normalised.

`parse(text)` gives (lessons, errors); `check(text)` the full report with warnings.
"""

from .importer import Report, check, detect, parse, read_stored
from .limits import MAX_BYTES, MAX_PUZZLES, MAX_STORED_BYTES, TEXT_LIMITS, stored_size
from .model import Lesson, LessonMove
from .problems import Problem

__all__ = [
    "MAX_BYTES",
    "MAX_PUZZLES",
    "MAX_STORED_BYTES",
    "TEXT_LIMITS",
    "Lesson",
    "LessonMove",
    "Problem",
    "Report",
    "check",
    "detect",
    "parse",
    "read_stored",
    "stored_size",
]
