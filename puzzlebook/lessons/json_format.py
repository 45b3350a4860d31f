"""The seed's JSON format: one puzzle object or an array of them, checked field by field."""

from __future__ import annotations

import difflib
import json
from typing import Any, TypedDict

import chess

from puzzlebook.messages import Message, Refusal, msg, msg_plural

from .fen import read_fen
from .limits import MAX_PUZZLES, MAX_REFUTATIONS
from .line import REFUTATION_WHY, REPLY_WHY, Answer, Step, lesson_of, play_line, turn_order_problem
from .model import Lesson, LessonMove
from .problems import Collector, Problem, shorten
from .slips import LATIN_LETTER, PLAIN_DIGIT, plain_guess, slip_problem
from .texts import text_problems
from .uci import uci_shape_problem

PUZZLE_FIELDS = ("title", "intro", "fen", "playerColor", "moves")
MOVE_FIELDS = ("uci", "comment", "hint", "refutations")
REFUTATION_FIELDS = ("uci", "reply", "comment")
COLORS = {"white": chess.WHITE, "black": chess.BLACK}

# Python's JSON messages, in plainer words (the common slips of hand-written and LLM JSON).
_JSON_WORDS = {
    "Expecting ',' delimiter": msg("lesson_json_expected_comma", "expected a comma between two items"),
    "Expecting ':' delimiter": msg("lesson_json_expected_colon", "expected a colon after the field name"),
    "Expecting property name enclosed in double quotes": msg(
        "lesson_json_expected_name", "expected a field name in double quotes"
    ),
    "Expecting value": msg("lesson_json_expected_value", "expected a value"),
    "Extra data": msg(
        "lesson_json_extra_data", "unexpected text after the end of the JSON (give one object or one array)"
    ),
    "Unterminated string starting at": msg(
        "lesson_json_unclosed_string",
        "a string is not closed with a double quote",
    ),
    "Invalid control character at": msg(
        "lesson_json_control_in_string", "a raw line break or control character inside a string (write \\n)"
    ),
    "Invalid \\escape": msg("lesson_json_bad_escape", "an invalid backslash escape inside a string"),
    "Invalid \\uXXXX escape": msg("lesson_json_bad_u_escape", "an invalid \\u escape inside a string"),
}


class _Where(TypedDict):
    """Where a problem is, as Collector.error and .warn take it."""

    move: int
    move_text: str


class _Object(dict[str, Any]):
    """A JSON object that remembers the field names it was given more than once."""

    duplicates: tuple[str, ...] = ()


# Problems as messages (said in the request's language by the API): a field's name, a move, a
# number are values.
TOO_DEEP = msg("lesson_json_too_deep", "Not valid JSON: it is nested too deeply")
EMPTY_ARRAY = msg("lesson_json_empty", "The array is empty: there are no puzzles to import")
TOO_MANY_PUZZLES = msg_plural(
    "lesson_too_many_puzzles",
    "The import has {count} puzzle; the limit is {limit}: split it into smaller imports",
    "The import has {count} puzzles; the limit is {limit}: split it into smaller imports",
    "count",
)
MISSING_FIELD = msg("lesson_missing_field", 'the required field "{field}" is missing')
NO_MOVES = msg("lesson_no_moves", '"moves" is empty: give at least one move')
NOT_JSON = msg("lesson_json_invalid", "Not valid JSON: {reason}")  # the decoder's reason, in English
NOT_JSON_AT = msg("lesson_json_invalid_at", "Not valid JSON: {reason} (line {line}, column {column})")
TRAILING_COMMA = msg("lesson_json_trailing_comma", "{reason} (JSON allows no comma before a closing }} or ])")
SINGLE_QUOTES = msg("lesson_json_single_quotes", "{reason} (JSON uses double quotes, not single quotes)")
TEXT_BEFORE = msg(
    "lesson_json_text_before",
    "{problem}; the text must begin with the JSON itself ([ or {{): remove what comes before it",
)
NOT_A_VALUE = msg("lesson_json_not_a_value", "{name} is not a JSON value")
NOT_PUZZLES = msg(
    "lesson_json_not_puzzles", "The JSON must be one puzzle object or an array of puzzle objects, not {kind}"
)
# The JSON kinds, as kind_of says them.
NULL = msg("lesson_json_null", "null")
TRUE_FALSE = msg("lesson_json_true_false", "true/false")
A_NUMBER = msg("lesson_json_a_number", "a number")
A_STRING = msg("lesson_json_a_string", "a string")
AN_ARRAY = msg("lesson_json_an_array", "an array")
AN_OBJECT = msg("lesson_json_an_object", "an object")
# A field's problems; a field's name and a JSON example are values.
GIVEN_TWICE = msg("lesson_field_twice", 'the field "{field}" is given more than once')
UNKNOWN_FIELD = msg("lesson_unknown_field", 'unknown field "{field}" is ignored')
UNKNOWN_FIELD_MEANT = msg(
    "lesson_unknown_field_meant",
    'unknown field "{field}" is ignored (did you mean "{meant}"?)',
)
NOT_TEXT = msg("lesson_field_not_text", '"{field}" must be a string (text in double quotes), not {kind}')
NOT_A_STRING = msg("lesson_field_not_string", '"{field}" must be a string, not {kind}')
NOT_A_MOVE_STRING = msg("lesson_field_not_move_string", '"{field}" must be a string like "e2e4", not {kind}')
FIELD_PROBLEM = msg("lesson_field_problem", '"{field}": {problem}')
FIELD_SLIP = msg("lesson_field_slip", '"{field}" {slip}')
FIELD_SLIP_WRITE = msg("lesson_field_slip_write", '"{field}" {slip}: write "{value}"')
NOT_A_COLOR = msg("lesson_player_color", '"playerColor" must be "white" or "black" (lower case), not {value}')
NOT_A_PUZZLE = msg("lesson_not_puzzle_object", "must be a puzzle object like {example}, not {kind}")
NOT_AN_ARRAY_OF_MOVES = msg("lesson_moves_not_array", '"moves" must be an array of move objects, not {kind}')
NOT_A_MOVE = msg("lesson_not_move_object", "must be a move object like {example}, not {kind}")
NOT_AN_ARRAY_OF_REFUTATIONS = msg(
    "lesson_refutations_not_array", '"refutations" must be an array of objects like {example}, not {kind}'
)
TOO_MANY_REFUTATIONS = msg_plural(
    "lesson_too_many_refutations",
    '"refutations" has {count} entry; the limit is {limit} a move',
    '"refutations" has {count} entries; the limit is {limit} a move',
    "count",
)
NOT_A_REFUTATION = msg(
    "lesson_not_refutation_object",
    "refutation {place} must be an object like {example}, not {kind}",
)
IN_REFUTATION = msg("lesson_in_refutation", "refutation {place}: {problem}")

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
    raise Refusal(NOT_A_VALUE(name=name))


def kind_of(value: Any) -> Message:
    """The JSON kind of `value` in plain words: 'a number', 'an array'..."""
    if value is None:
        return NULL
    if isinstance(value, bool):
        return TRUE_FALSE
    if isinstance(value, int | float):
        return A_NUMBER
    if isinstance(value, str):
        return A_STRING
    if isinstance(value, list):
        return AN_ARRAY
    return AN_OBJECT


def load(text: str) -> tuple[Any, Problem | None]:
    """The JSON value of `text`, or None and a problem naming the line and column."""
    try:
        return json.loads(text, object_pairs_hook=_object, parse_constant=_no_constant), None
    except json.JSONDecodeError as error:
        # A reason the decoder gives that has no words here is said as it gives it (in English).
        words: str | Message = next(
            (w for key, w in _JSON_WORDS.items() if error.msg.startswith(key)), error.msg
        )
        at = text[error.pos : error.pos + 1]
        if at in ("}", "]") and error.msg.startswith("Expecting"):
            words = TRAILING_COMMA(reason=words)
        elif at == "'":
            words = SINGLE_QUOTES(reason=words)
        message = NOT_JSON_AT(reason=words, line=error.lineno, column=error.colno)
        stripped = text.lstrip()
        if error.pos == len(text) - len(stripped) and ("[" in stripped or "{" in stripped):
            message = TEXT_BEFORE(problem=message)
        return None, Problem(message)
    except Refusal as refusal:  # NaN, Infinity
        return None, Problem(NOT_JSON(reason=refusal.message))
    except ValueError as error:  # a number too long for Python to read, and the like
        return None, Problem(NOT_JSON(reason=str(error)))
    except RecursionError:
        return None, Problem(TOO_DEEP)


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
        return [], [Problem(NOT_PUZZLES(kind=kind_of(value)))], []
    errors: list[Problem] = []
    warnings: list[Problem] = []
    if not items:
        errors.append(Problem(EMPTY_ARRAY))
    if len(items) > MAX_PUZZLES:
        errors.append(
            Problem(TOO_MANY_PUZZLES(count=len(items), limit=MAX_PUZZLES))
        )
    lessons = []
    for index, item in enumerate(items, 1):
        lesson, problems = read_puzzle(item, index)
        errors.extend(problems.errors)
        warnings.extend(problems.warnings)
        if lesson is not None:
            lessons.append(lesson)
    return lessons, errors, warnings


def _in(place: int | None, problem: Message) -> Message:
    """`problem`, said of refutation `place` when there is one ("refutation 2: …")."""
    return problem if place is None else IN_REFUTATION(place=place, problem=problem)


def _field_warnings(
    obj: dict[str, Any], known: tuple[str, ...], problems: Collector, place: int | None = None, **where: Any
) -> None:
    for name in getattr(obj, "duplicates", ()):
        problems.error(_in(place, GIVEN_TWICE(field=name)), **where)
    for name in obj:
        if name in known:
            continue
        close = difflib.get_close_matches(name, known, n=1) or [k for k in known if k.lower() == name.lower()]
        shown = shorten(name, 30)
        unknown = UNKNOWN_FIELD_MEANT(field=shown, meant=close[0]) if close else UNKNOWN_FIELD(field=shown)
        problems.warn(_in(place, unknown), **where)


def _text(
    obj: dict[str, Any], field: str, problems: Collector, place: int | None = None, **where: Any
) -> str:
    value = obj.get(field, "")
    if not isinstance(value, str):
        problems.error(_in(place, NOT_TEXT(field=field, kind=kind_of(value))), **where)
        return ""
    for message in text_problems(value, field):
        problems.error(_in(place, message), **where)
    return value


def read_puzzle(item: Any, index: int) -> tuple[Lesson | None, Collector]:
    """The lesson of one puzzle object (None when it has errors) and its problems."""
    if not isinstance(item, dict):
        problems = Collector(index)
        problems.error(NOT_A_PUZZLE(example='{"fen": …, "playerColor": …, "moves": […]}', kind=kind_of(item)))
        return None, problems
    title = item.get("title")
    problems = Collector(index, title if isinstance(title, str) else "")
    _field_warnings(item, PUZZLE_FIELDS, problems)
    title = _text(item, "title", problems)
    intro = _text(item, "intro", problems)
    for field in ("fen", "playerColor", "moves"):
        if field not in item:
            problems.error(MISSING_FIELD(field=field))

    board = None
    if "fen" in item:
        fen = item["fen"]
        if not isinstance(fen, str):
            problems.error(NOT_A_STRING(field="fen", kind=kind_of(fen)))
        else:
            board, reasons = read_fen(fen)
            for reason in reasons:
                problems.error(FIELD_PROBLEM(field="fen", problem=reason))

    student = None
    if "playerColor" in item:
        color = item["playerColor"]
        slip = slip_problem(color, LATIN_LETTER, PLAIN_DIGIT) if isinstance(color, str) else None
        if isinstance(color, str) and color in COLORS:
            student = COLORS[color]
        elif slip is not None:
            guess = plain_guess(color).lower()
            problems.error(
                FIELD_SLIP_WRITE(field="playerColor", slip=slip, value=guess)
                if guess in COLORS
                else FIELD_SLIP(field="playerColor", slip=slip)
            )
        else:
            shown = json.dumps(shorten(color, 20)) if isinstance(color, str) else kind_of(color)
            problems.error(NOT_A_COLOR(value=shown))

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
                shape = uci_shape_problem(answer.uci)
                if shape:
                    refutation = REFUTATION_WHY(place=place, move=answer.uci, problem=shape)
                    problems.error(refutation, number, step.uci)
                shape = uci_shape_problem(answer.reply)
                if shape:
                    problems.error(
                        REPLY_WHY(place=place, move=answer.uci, reply=answer.reply, problem=shape),
                        number,
                        step.uci,
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
        problems.error(NOT_AN_ARRAY_OF_MOVES(kind=kind_of(moves)))
        return None
    if not moves:
        problems.error(NO_MOVES)
        return None
    steps: list[Step | None] = []
    for number, entry in enumerate(moves, 1):
        if not isinstance(entry, dict):
            problems.error(NOT_A_MOVE(example='{"uci": "e2e4"}', kind=kind_of(entry)), number)
            steps.append(None)
            continue
        uci = entry.get("uci")
        where: _Where = {"move": number, "move_text": uci if isinstance(uci, str) else ""}
        _field_warnings(entry, MOVE_FIELDS, problems, **where)
        comment = _text(entry, "comment", problems, **where)
        hint = _text(entry, "hint", problems, **where)
        if "uci" not in entry:
            problems.error(MISSING_FIELD(field="uci"), **where)
            steps.append(None)
        elif not isinstance(uci, str):
            problems.error(NOT_A_MOVE_STRING(field="uci", kind=kind_of(uci)), **where)
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
        example = '{"uci": …, "reply": …, "comment": …}'
        problems.error(NOT_AN_ARRAY_OF_REFUTATIONS(example=example, kind=kind_of(given)), **where)
        return ()
    if len(given) > MAX_REFUTATIONS:
        problems.error(TOO_MANY_REFUTATIONS(count=len(given), limit=MAX_REFUTATIONS), **where)
    answers: list[Answer] = []
    for place, item in enumerate(given, 1):
        if not isinstance(item, dict):
            example = '{"uci": "e2e4", "reply": "d7d5"}'
            problems.error(NOT_A_REFUTATION(place=place, example=example, kind=kind_of(item)), **where)
            continue
        _field_warnings(item, REFUTATION_FIELDS, problems, place, **where)
        comment = _text(item, "comment", problems, place, **where)
        ok = True
        for field in ("uci", "reply"):
            value = item.get(field)
            if field not in item:
                problems.error(_in(place, MISSING_FIELD(field=field)), **where)
                ok = False
            elif not isinstance(value, str):
                problems.error(_in(place, NOT_A_MOVE_STRING(field=field, kind=kind_of(value))), **where)
                ok = False
        if ok:
            answers.append(Answer(uci=item["uci"], reply=item["reply"], comment=comment))
    return tuple(answers)
