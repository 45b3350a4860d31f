"""The teacher's lessons: the seed's JSON format and PGN, parsed, checked and normalised.

`parse(text)` gives (lessons, errors); `check(text)` the full report with warnings.
"""

from .importer import Report, check, detect, parse
from .limits import MAX_BYTES, MAX_PUZZLES, TEXT_LIMITS
from .model import Lesson, LessonMove
from .problems import Problem

__all__ = [
    "MAX_BYTES",
    "MAX_PUZZLES",
    "TEXT_LIMITS",
    "Lesson",
    "LessonMove",
    "Problem",
    "Report",
    "check",
    "detect",
    "parse",
]
