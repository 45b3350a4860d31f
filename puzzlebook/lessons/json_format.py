"""The seed's JSON format: one puzzle object or an array of them, checked field by field."""

from __future__ import annotations

import difflib
import json
from typing import Any, TypedDict

import chess

from .fen import read_fen
from .limits import MAX_PUZZLES, MAX_REFUTATIONS
from .line import Answer, Step, lesson_of, play_line, turn_order_problem
from .model import Lesson, LessonMove
from .problems import Collector, Problem, shorten
from .slips import plain_guess, slip_problem
from .texts import text_problems
from .uci import uci_shape_problem

PUZZLE_FIELDS = ("title", "intro", "fen", "playerColor", "moves")
MOVE_FIELDS = ("uci", "comment", "hint", "refutations")
REFUTATION_FIELDS = ("uci", "reply", "comment")
COLORS = {"white": chess.WHITE, "black": chess.BLACK}

# Python's JSON messages, in plainer words (the common slips of hand-written and LLM JSON).
_JSON_WORDS = {
    "Expecting ',' delimiter": "expected a comma between two items",
    "Expecting ':' delimiter": "expected a colon after the field name",
    "Expecting property name enclosed in double quotes": "expected a field name in double quotes",
    "Expecting value": "expected a value",
    "Extra data": "unexpected text after the end of the JSON (give one object or one array)",
    "Unterminated string starting at": "a string is not closed with a double quote",
    "Invalid control character at": "a raw line break or control character inside a string (write \\n)",
    "Invalid \\escape": "an invalid backslash escape inside a string",
    "Invalid \\uXXXX escape": "an invalid \\u escape inside a string",
}


class _Where(TypedDict):
    """Where a problem is, as Collector.error and .warn take it."""

    move: int
    move_text: str


class _Object(dict[str, Any]):
    """A JSON object that remembers the field names it was given more than once."""

    duplicates: tuple[str, ...] = ()


def _object(pairs: list[tuple[str, Any]]) -> _Object:
    obj = _Object(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        repeated: list[str] = []
        for k, _ in pairs:
            if k in seen:
                repeated.append(k)
            seen.add(k)
        obj.duplicates = tuple(dict.fromkeys(repeated))
    return obj


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def kind_of(value: Any) -> str:
    """The JSON kind of `value` in plain words: 'a number', 'an array'..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def load(text: str) -> tuple[Any, Problem | None]:
    """The JSON value of `text`, or None and a problem naming the line and column."""
    try:
        return json.loads(text, object_pairs_hook=_object, parse_constant=_no_constant), None
    except json.JSONDecodeError as error:
        words = next((w for key, w in _JSON_WORDS.items() if error.msg.startswith(key)), error.msg)
        at = text[error.pos : error.pos + 1]
        if at in ("}", "]") and error.msg.startswith("Expecting"):
            words += " (JSON allows no comma before a closing } or ])"
        elif at == "'":
            words += " (JSON uses double quotes, not single quotes)"
        message = f"Not valid JSON: {words} (line {error.lineno}, column {error.colno})"
        stripped = text.lstrip()
        if error.pos == len(text) - len(stripped) and ("[" in stripped or "{" in stripped):
            message += "; the text must begin with the JSON itself ([ or {): remove what comes before it"
        return None, Problem(message)
    except ValueError as error:  # NaN, Infinity
        return None, Problem(f"Not valid JSON: {error}")
    except RecursionError:
        return None, Problem("Not valid JSON: it is nested too deeply")


def read_json(text: str) -> tuple[list[Lesson], list[Problem], list[Problem]]:
    """Lessons, errors and warnings for the seed-format JSON `text`.

    The lessons are those of the puzzles without errors; the import as a whole is
    valid only when there are no errors.
    """
    value, problem = load(text)
    if problem is not None:
        return [], [problem], []
    if isinstance(value, dict):
        items = [value]
    elif isinstance(value, list):
        items = value
    else:
        message = f"The JSON must be one puzzle object or an array of puzzle objects, not {kind_of(value)}"
        return [], [Problem(message)], []
    errors: list[Problem] = []
    warnings: list[Problem] = []
    if not items:
        errors.append(Problem("The array is empty: there are no puzzles to import"))
    if len(items) > MAX_PUZZLES:
        errors.append(
            Problem(
                f"The import has {len(items)} puzzles; the limit is {MAX_PUZZLES}: "
                "split it into smaller imports"
            )
        )
    lessons = []
    for index, item in enumerate(items, 1):
        lesson, problems = read_puzzle(item, index)
        errors.extend(problems.errors)
        warnings.extend(problems.warnings)
        if lesson is not None:
            lessons.append(lesson)
    return lessons, errors, warnings


def _field_warnings(
    obj: dict[str, Any], known: tuple[str, ...], problems: Collector, prefix: str = "", **where: Any
) -> None:
    for name in getattr(obj, "duplicates", ()):
        problems.error(f'{prefix}the field "{name}" is given more than once', **where)
    for name in obj:
        if name in known:
            continue
        close = difflib.get_close_matches(name, known, n=1) or [k for k in known if k.lower() == name.lower()]
        advice = f' (did you mean "{close[0]}"?)' if close else ""
        problems.warn(f'{prefix}unknown field "{shorten(name, 30)}" is ignored{advice}', **where)


def _text(obj: dict[str, Any], field: str, problems: Collector, prefix: str = "", **where: Any) -> str:
    value = obj.get(field, "")
    if not isinstance(value, str):
        problems.error(
            f'{prefix}"{field}" must be a string (text in double quotes), not {kind_of(value)}', **where
        )
        return ""
    for message in text_problems(value, field):
        problems.error(prefix + message, **where)
    return value


def read_puzzle(item: Any, index: int) -> tuple[Lesson | None, Collector]:
    """The lesson of one puzzle object (None when it has errors) and its problems."""
    if not isinstance(item, dict):
        problems = Collector(index)
        problems.error(
            f'must be a puzzle object like {{"fen": …, "playerColor": …, "moves": […]}}, not {kind_of(item)}'
        )
        return None, problems
    title = item.get("title")
    problems = Collector(index, title if isinstance(title, str) else "")
    _field_warnings(item, PUZZLE_FIELDS, problems)
    title = _text(item, "title", problems)
    intro = _text(item, "intro", problems)
    for field in ("fen", "playerColor", "moves"):
        if field not in item:
            problems.error(f'the required field "{field}" is missing')

    board = None
    if "fen" in item:
        fen = item["fen"]
        if not isinstance(fen, str):
            problems.error(f'"fen" must be a string, not {kind_of(fen)}')
        else:
            board, reasons = read_fen(fen)
            for reason in reasons:
                problems.error(f'"fen": {reason}')

    student = None
    if "playerColor" in item:
        color = item["playerColor"]
        slip = slip_problem(color, "a plain Latin letter", "a plain 0–9") if isinstance(color, str) else None
        if isinstance(color, str) and color in COLORS:
            student = COLORS[color]
        elif slip is not None:
            guess = plain_guess(color).lower()
            problems.error(f'"playerColor" {slip}' + (f': write "{guess}"' if guess in COLORS else ""))
        else:
            shown = json.dumps(shorten(color, 20)) if isinstance(color, str) else kind_of(color)
            problems.error(f'"playerColor" must be "white" or "black" (lower case), not {shown}')

    steps = _read_moves(item, problems) if "moves" in item else None
    played: tuple[LessonMove, ...] = ()
    complete = False
    first_unchecked = 1
    if board is not None and student is not None and steps:
        order = turn_order_problem(board, student, len(steps))
        if order:
            problems.error(order)
        played, complete = play_line(board, student, steps, problems)
        first_unchecked = len(played) + 2  # the move after the one the line stopped at
    if not complete:
        # Moves the line never reached: report those not written as UCI.
        for number, step in enumerate(steps or (), 1):
            if step is None or number < first_unchecked:
                continue
            # The first move's position is known even when the line was not played.
            shape = uci_shape_problem(step.uci, board if number == 1 else None)
            if shape:
                problems.error(shape, number, step.uci)
            for place, answer in enumerate(step.refutations, 1):
                for field, uci in (("", answer.uci), (f', its reply "{answer.reply}"', answer.reply)):
                    shape = uci_shape_problem(uci)
                    if shape:
                        problems.error(
                            f'refutation {place} ("{answer.uci}"){field}: {shape}', number, step.uci
                        )
    if problems.errors or not complete or board is None or student is None:
        return None, problems
    return lesson_of(index, title, intro, board, student, played), problems


def _read_moves(item: dict[str, Any], problems: Collector) -> list[Step | None] | None:
    """The steps of "moves": None for a malformed entry (reported here), except a "uci"
    string not written as UCI, which is reported when the line reaches it (so SAN can be
    translated in the running position). None when "moves" is not a non-empty array."""
    moves = item["moves"]
    if not isinstance(moves, list):
        problems.error(f'"moves" must be an array of move objects, not {kind_of(moves)}')
        return None
    if not moves:
        problems.error('"moves" is empty: give at least one move')
        return None
    steps: list[Step | None] = []
    for number, entry in enumerate(moves, 1):
        if not isinstance(entry, dict):
            problems.error(f'must be a move object like {{"uci": "e2e4"}}, not {kind_of(entry)}', number)
            steps.append(None)
            continue
        uci = entry.get("uci")
        where: _Where = {"move": number, "move_text": uci if isinstance(uci, str) else ""}
        _field_warnings(entry, MOVE_FIELDS, problems, **where)
        comment = _text(entry, "comment", problems, **where)
        hint = _text(entry, "hint", problems, **where)
        if "uci" not in entry:
            problems.error('the required field "uci" is missing', **where)
            steps.append(None)
        elif not isinstance(uci, str):
            problems.error(f'"uci" must be a string like "e2e4", not {kind_of(uci)}', **where)
            steps.append(None)
        else:
            refutations = _read_refutations(entry, problems, where) if "refutations" in entry else ()
            steps.append(Step(uci=uci, comment=comment, hint=hint, refutations=refutations))
    return steps


def _read_refutations(entry: dict[str, Any], problems: Collector, where: _Where) -> tuple[Answer, ...]:
    """The refutations of one move, each field checked (whether they can be played is the line's to
    check: line.play_refutations). Only the well-formed ones are given back; the rest are reported."""
    given = entry["refutations"]
    if not isinstance(given, list):
        problems.error(
            f'"refutations" must be an array of objects like {{"uci": …, "reply": …, "comment": …}}, '
            f"not {kind_of(given)}",
            **where,
        )
        return ()
    if len(given) > MAX_REFUTATIONS:
        problems.error(
            f'"refutations" has {len(given)} entries; the limit is {MAX_REFUTATIONS} a move', **where
        )
    answers: list[Answer] = []
    for place, item in enumerate(given, 1):
        if not isinstance(item, dict):
            problems.error(
                f'refutation {place} must be an object like {{"uci": "e2e4", "reply": "d7d5"}}, '
                f"not {kind_of(item)}",
                **where,
            )
            continue
        prefix = f"refutation {place}: "
        _field_warnings(item, REFUTATION_FIELDS, problems, prefix, **where)
        comment = _text(item, "comment", problems, prefix, **where)
        ok = True
        for field in ("uci", "reply"):
            value = item.get(field)
            if field not in item:
                problems.error(f'{prefix}the required field "{field}" is missing', **where)
                ok = False
            elif not isinstance(value, str):
                problems.error(
                    f'{prefix}"{field}" must be a string like "e2e4", not {kind_of(value)}', **where
                )
                ok = False
        if ok:
            answers.append(Answer(uci=item["uci"], reply=item["reply"], comment=comment))
    return tuple(answers)
