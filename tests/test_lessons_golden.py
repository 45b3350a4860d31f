"""The import's output is kept: every lesson, error and warning of a fixed set of imports, as the
code made them when this file was written (tests/golden/lessons_import.json).

The imports are the lesson fixtures, hand-written PGN of every shape the reader has rules for
(variations, comments, slips in SAN, null moves, set-up positions), and random PGN made here the
same every run: random legal games with their SAN spelled every way python-chess reads (long
algebraic, extra file or rank, no capture mark, 0-0, promotions without "="), comments, hints,
NAGs, variations (some nested, some broken, some the moves of another position), and now and then
a move that can't be read. Each PGN lesson is also imported again as the JSON it is stored as,
with slips of its own. A change that only makes the import faster must leave all of it as it was.

A change meant to change what an import gives rewrites the file, and the diff shows what moved:
    .venv/bin/python -m tests.test_lessons_golden --write
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import chess

from puzzlebook.lessons import Problem, check
from puzzlebook.lessons.importer import _STUDY_NAME
from puzzlebook.lessons.limits import stored_list_size, stored_size
from puzzlebook.lessons.pgn_format import join_broken_movetext

GOLDEN = Path(__file__).parent / "golden" / "lessons_import.json"
FIXTURES = Path(__file__).parent / "fixtures" / "lessons"

SKEWER = '[Event "Skewer"]\n[FEN "8/8/8/8/3k3r/8/8/R5K1 w - - 0 1"]\n[SetUp "1"]\n[StudentColor "white"]\n\n'
LATE = '[Event "Late"]\n[FEN "8/8/8/8/3k3r/8/8/R5K1 w - - 3 40"]\n[StudentColor "white"]\n\n'
PLAIN = '[Event "Plain"]\n[StudentColor "white"]\n\n'


def _set_up(fen: str, movetext: str, side: str = "white", event: str = "Set up") -> str:
    side_tag = f'[StudentColor "{side}"]\n' if side else ""
    return f'[Event "{event}"]\n[FEN "{fen}"]\n{side_tag}\n{movetext}'


# Each shape the reader has a rule for, one import each.
HAND_WRITTEN: dict[str, str] = {
    "refutations": SKEWER
    + "1. Ra4+ { Check! } (1. Rd1+? { Check, but } 1... Ke4 { the king steps up. } 2. Rd2 Rh2)"
    " (1. Ra2 Rh2 (1... Rh1+)) 1... Ke3 (1... Kc5 2. Rxh4) 2. Rxh4 *",
    "variations that are no refutations": SKEWER
    + "1. Ra4+ (1. Kg2) (1. Rd1+ Kzz 2. Rd7) (1. Rb1 Rh9) 1... Ke3 2. Rxh4 *",
    "a broken variation, set up late in a game": LATE
    + "40. Ra4+ (40. Rd1+ Ke4 41. Rd7 Rh9 42. Nf3) (40. Ra5 Nb3) 40... Ke3 41. Rxh4 *",
    "a refutation's reply broken": SKEWER + "1. Ra4+ (1. Rd1+ Kc2) 1... Ke3 2. Rxh4 *",
    "a refutation that is the line's own move": SKEWER
    + "1. Ra4+ (1. Ra4+ Ke3) (1. Rd1+ Ke4) (1. Rd1+ Kc3) 1... Ke3 2. Rxh4 *",
    "a mating variation": _set_up("6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1", "1. Ra8# (1. Re8#) (1. Rf1 h6) *"),
    "comments around variations": PLAIN + "{ Intro [%hint lost] } 1. e4 ( ) { after an empty variation } e5 "
    "( { starting } 1... c5 { why } 2. Nf3 { reply } 2... d6 { deeper } ( 2... Nc6 { nested } ) ) "
    "{ after a variation } 2. Nf3 { [%cal Ga1a8] arrows [%hint Develop.] } *",
    "starting comments carried over": PLAIN + "1. e4 e5 ( { kept } ) ( 1... c5 2. Nf3 ) 2. Nf3 *",
    "a variation on the opponent's move": PLAIN
    + "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 (2... d6 3. d4) 3. Bb5 *",
    "variations at the first move": PLAIN + "1. e4 (1. d4 d5) (1. c4 e5 (1... c5)) 1... e5 *",
    "a variation after the last move": PLAIN + "1. e4 e5 2. Nf3 (2. Bc4 Nf6) *",
    "nags and annotations": PLAIN + "1. e4! e5? 2. Nf3!! $1 Nc6?! 3. Bb5!? $14 a6?? *",
    "a mainline move that can't be read, and more after it": PLAIN
    + "1. e4 e5 2. Nf9 { no } (2. Nf3 Nc6) 2... Nc6 ) 3. Bb5 { more } *",
    "an illegal mainline move": PLAIN + "1. e4 e5 2. Ke3 Nc6 *",
    "an ambiguous move": _set_up("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "1. Nd2 *"),
    "a capture of nothing": PLAIN + "1. e4 e5 2. Nxf3 *",
    "a null move": PLAIN + "1. e4 -- 2. d4 *",
    "a null move in a variation": PLAIN + "1. e4 e5 (1... -- 2. d4) 2. Nf3 *",
    "castling spelled every way": PLAIN
    + "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 5. d3 d6 6. Bg5 Bg4 7. Nc3 Qd7 8. Qd2 O-O-O 9. a3 Kb8 *",
    "SAN spelled loosely": PLAIN
    + "1. e2e4 e7-e5 2. Ng1f3 Nb8-c6 3. Bf1xc6 dc6 4. Nf3xe5 Qd8-d4 5. Ne5-f3 Qxe4+ 6. Be2 Bc8g4 "
    "7. 0-0 O-O-O *",
    "promotions spelled every way": _set_up(
        "1r5k/P1P5/8/8/8/8/5p1p/6K1 w - - 0 1", "1. axb8Q h1=Q+ 2. Kxf2 Qh4+ 3. c8=N *"
    ),
    "en passant": _set_up("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "1. exd6 Kd7 *"),
    "checks and mate marked wrongly": PLAIN + "1. f3+ e5# 2. g4 Qh4 *",
    "a mate": PLAIN + "1. f3 e5 2. g4 Qh4# *",
    # A check's SAN named by a problem, when what follows shows whether it was a mate.
    "a mate, then a null move": PLAIN + "1. f3 e5 2. g4 Qh4 { bell \x07 } -- *",
    "a check, then a null move": PLAIN + "1. e4 f5 2. Qh5 { bell \x07 } -- *",
    "a mate, then a move that can't be read": PLAIN + "1. f3 e5 2. g4 Qh4 { bell \x07 } Nf9 *",
    "a check, then an illegal move": PLAIN + "1. e4 f5 2. Qh5 { bell \x07 } Nf6 *",
    "a check, then a variation and a move": PLAIN + "1. e4 f5 2. Qh5+ { bell \x07 } (2. Qg4) g6 *",
    "a set-up position without a side": _set_up("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "1. Ra8# *", ""),
    "a set-up position with black to move": _set_up("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", "1... Ra1# *", ""),
    "a FEN without counters": _set_up("7k/P7/6K1/8/8/8/8/8 w", "1. a8=Q# *"),
    "a FEN that is no position": _set_up("8/8/8/8/8/8/8/8 w - - 0 1", "1. e4 *"),
    "a FEN python-chess can't read": _set_up("nonsense", "1. e4 *"),
    "Chess960": '[Event "960"]\n[Variant "Chess960"]\n[StudentColor "white"]\n\n1. e4 *',
    "a variant named From Position": '[Variant "From Position"]\n'
    + _set_up("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "1. Ra8# *"),
    "chess960 castling rights in a FEN": _set_up("4k3/8/8/8/8/8/8/1R2K2R w HB - 0 1", "1. O-O Kd7 2. Rb7+ *"),
    "turn order": '[Event "Turn"]\n[StudentColor "black"]\n\n1. e4 *',
    "no side": '[Event "Nobody"]\n\n1. e4 e5 *',
    "a side tag that is no colour": '[Event "Red"]\n[StudentColor "red"]\n\n1. e4 e5 *',
    "orientation": '[Event "Lichess"]\n[Orientation "black"]\n\n1. e4 e5 2. Nf3 Nc6 *',
    "a study": '[Event "Study: One"]\n[StudyName "Study"]\n[ChapterName "One"]\n[StudentColor "white"]\n\n'
    '1. e4 *\n\n[Event "Study: Two"]\n[StudyName "Study"]\n[StudentColor "white"]\n\n1. d4 *',
    "titles from players": '[Event "Rated blitz game"]\n[White "A"]\n[Black "B"]\n[StudentColor "white"]\n\n'
    "1. e4 *",
    "texts with slips": PLAIN + "1. e4 { ding\x07 } e5 { [%hint " + "long " * 500 + "] } 2. Nf3 *",
    "a hint on the opponent's move": PLAIN + "1. e4 e5 { [%hint x] } *",
    "blank lines in the movetext": '[Event "Hand written"]\n[StudentColor "white"]\n\n1. e4 { Good.\n\n'
    'A second paragraph. } e5\n\n2. Nf3 *\n\n[Event "Next"]\n[StudentColor "black"]\n\n1. d4 d5 *\n',
    "Windows line endings": '[Event "CRLF"]\r\n[StudentColor "white"]\r\n\r\n1. e4 e5\r\n2. Nf3 *\r\n',
    "a code fence": '```pgn\n[Event "Fenced"]\n[StudentColor "white"]\n\n1. e4 e5 *\n```',
    "line comments and escapes": PLAIN + "1. e4 ; a rest-of-line comment ( not a variation\ne5 2. Nf3 *",
    "moves only": "1. e4 e5 2. Nf3 *",
    "no moves": PLAIN + "*",
    "closing parentheses after an unreadable move": PLAIN + "Bb5 e4 ( 2. ) ) ) ( e4",
    "a result inside a variation": PLAIN + "1. e4 e5 (1... c5 2. Nf3 1-0) 2. Nf3 *",
    "a drop": PLAIN + "1. e4 N@e5 *",
    "a variation before any move": PLAIN + "( 1. d4 ) 1. e4 e5 *",
    "a game without tags after one with": PLAIN + "1. e4 *\n\n1. d4 d5 *",
}


def _spell(board: chess.Board, move: chess.Move, rng: random.Random) -> str:
    """`move` written in one of the ways python-chess reads, often as it writes it."""
    san = board.san(move)
    roll = rng.random()
    if roll < 0.6:
        return san
    bare = san.rstrip("+#")
    piece = board.piece_at(move.from_square)
    letter = "" if piece is None or piece.piece_type == chess.PAWN else piece.symbol().upper()
    capture = board.is_capture(move)
    to = chess.square_name(move.to_square)
    promotion = chess.piece_symbol(move.promotion).upper() if move.promotion else ""
    if board.is_castling(move):
        return rng.choice([bare, bare.replace("O", "0"), move.uci()])
    start, mark = chess.square_name(move.from_square), "x" if capture else ""
    ways = [
        bare,
        move.uci(),
        f"{letter}{start}{mark or '-'}{to}{'=' + promotion if promotion else ''}",
        f"{letter}{start[0]}{mark}{to}",
        f"{letter}{start[1]}{mark}{to}",
        bare.replace("x", ""),
        bare.replace("=", "") if promotion else bare + "+",
        bare.lower() if promotion else f"{letter}-{to}" if letter else bare,
        san + rng.choice(["!", "?", "!?", " $1", " $18"]),
    ]
    return rng.choice(ways)


def _slip(rng: random.Random) -> str:
    """A token that is no legal move here (or is ambiguous, or captures nothing, or is null)."""
    slips = ["Nb5", "Qh9", "Ke3", "Rxa8", "e5", "exf6", "--", "O-O-O", "Bxh7", "Nxe4", "a8=Q", "Kxe2", "Nd2"]
    return rng.choice([*slips, "Z0"])


def _comment(rng: random.Random) -> str:
    return rng.choice(
        [
            "Good move.",
            "[%hint Look at the king.] Think.",
            "[%clk 0:01:00]",
            "[%cal Ga1a8,Rb2b4] arrows",
            "two\nlines",
            "[%hint ] empty hint",
            "[%eval 0.3] fine [%hint first] and [%hint second]",
            "",
            "x" * 2001,
            "bell \x07",
        ][: 8 if rng.random() < 0.97 else 10]
    )


def _variation(board: chess.Board, number_text: str, rng: random.Random, depth: int) -> str:
    """A variation in place of the move about to be played on `board` (a copy is played)."""
    board = board.copy()
    words = ["("]
    if rng.random() < 0.15:
        words.append("{ " + _comment(rng) + " }")
    words.append(number_text)
    for ply in range(rng.choice([0, 1, 2, 2, 2, 3, 5])):
        legal = list(board.legal_moves)
        if not legal or rng.random() < 0.06:
            words.append(_slip(rng))
            continue
        move = rng.choice(legal)
        words.append(_spell(board, move, rng))
        if rng.random() < 0.3:
            words.append("{ " + _comment(rng) + " }")
        if depth < 2 and rng.random() < 0.12:
            words.append(_variation(board, "", rng, depth + 1))
        board.push(move)
        if ply == 0 and rng.random() < 0.2:
            words.append(f"{board.fullmove_number}{'.' if board.turn == chess.WHITE else '...'}")
    words.append(")")
    return " ".join(words)


def _random_game(rng: random.Random, number: int) -> str:
    """One random game, its tags and movetext."""
    board = chess.Board()
    tags = [f'[Event "Random {number}"]']
    if rng.random() < 0.4:
        for _ in range(rng.randrange(1, 40)):
            legal = list(board.legal_moves)
            if not legal:
                break
            board.push(rng.choice(legal))
        if board.is_game_over():
            board = chess.Board()
        else:
            fen = board.fen() if rng.random() < 0.85 else " ".join(board.fen().split()[:2])
            tags.append(f'[FEN "{fen}"]')
            if rng.random() < 0.5:
                tags.append('[SetUp "1"]')
            board = chess.Board(board.fen())
    side = rng.random()
    if side < 0.55:
        tags.append(f'[StudentColor "{rng.choice(["white", "black"])}"]')
    elif side < 0.75:
        tags.append(f'[Orientation "{rng.choice(["white", "black"])}"]')
    elif side < 0.78:
        tags.append('[StudentColor "red"]')
    if rng.random() < 0.05:
        tags.append(f'[Variant "{rng.choice(["Standard", "Chess960", "Atomic", "From Position"])}"]')
    words: list[str] = []
    if rng.random() < 0.2:
        words.append("{ " + _comment(rng) + " }")
    plies = rng.choice([1, 2, 3, 5, 8, 12, 20, 30, 60, 200])
    numbered = rng.random() < 0.8
    slip_at = rng.randrange(plies * 2) if rng.random() < 0.12 else -1
    after_break = True
    for ply in range(plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        number_text = f"{board.fullmove_number}{'.' if board.turn == chess.WHITE else '...'}"
        if numbered and (board.turn == chess.WHITE or after_break):
            words.append(number_text)
        after_break = False
        if ply == slip_at:
            words.append(_slip(rng))
        move = rng.choice(legal)
        if ply != slip_at or rng.random() < 0.5:
            words.append(_spell(board, move, rng))
        if rng.random() < 0.12:
            words.append("{ " + _comment(rng) + " }")
            after_break = True
        for _ in range(rng.choice([0] * 12 + [1, 1, 2])):
            words.append(_variation(board, number_text, rng, 1))
            after_break = True
        board.push(move)
    words.append(rng.choice(["*", "1-0", "0-1", "1/2-1/2", ""]))
    lines = []
    for start in range(0, len(words), 12):
        lines.append(" ".join(words[start : start + 12]))
    return "\n".join(tags) + "\n\n" + "\n".join(lines) + "\n"


def _random_imports() -> dict[str, tuple[str, str | None]]:
    rng = random.Random(32)
    imports: dict[str, tuple[str, str | None]] = {}
    for case in range(120):
        games = [_random_game(rng, number) for number in range(rng.choice([1, 1, 2, 3, 5]))]
        color = rng.choice([None, None, "white", "black"])
        imports[f"random {case}"] = ("\n".join(games), color)
    # A database export at the limits' scale: moves only, every SAN as python-chess writes it.
    games = []
    for number in range(24):
        board, words = chess.Board(), []
        while len(board.move_stack) < 200 and not board.is_game_over():
            move = rng.choice(list(board.legal_moves))
            if board.turn == chess.WHITE:
                words.append(f"{board.fullmove_number}.")
            words.append(board.san(move))
            board.push(move)
        games.append(f'[Event "Game {number}"]\n[StudentColor "white"]\n\n{" ".join(words)} *\n')
    imports["24 games of 200 plies"] = ("\n".join(games), None)
    return imports


@functools.cache  # the golden test and the scan test share them
def imports() -> dict[str, tuple[str, str | None]]:
    """Every import of the golden file: (text, the student's side chosen when importing)."""
    out: dict[str, tuple[str, str | None]] = {}
    for name in sorted(path.name for path in FIXTURES.glob("*.pgn")):
        text = (FIXTURES / name).read_text(encoding="utf-8")
        for color in (None, "white", "black"):
            out[f"{name}, {color}"] = (text, color)
    for name, text in HAND_WRITTEN.items():
        out[name] = (text, None)
        out[f"{name}, white"] = (text, "white")
    out.update(_random_imports())
    # Each PGN lesson again as the JSON it is stored as, now and then with a move changed.
    rng = random.Random(6)
    for name, (text, color) in list(out.items()):
        seeds = [lesson.to_seed() for lesson in check(text, student_color=color).lessons]
        if not seeds:
            continue
        for seed in seeds:
            if rng.random() < 0.3:
                move = rng.choice(seed["moves"])
                move["uci"] = rng.choice(["a1a2", "e2e4", "e7e8q", "zz", move["uci"] + "q"])
            for move in seed["moves"]:
                for refutation in move.get("refutations", []):
                    if rng.random() < 0.2:
                        refutation["reply"] = "a1a1"
        out[f"{name}, stored as JSON"] = (json.dumps(seeds), None)
    return out


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def _fields(problem: Problem) -> list[Any]:
    """A problem's fields (its text is made of them)."""
    return [problem.puzzle, problem.title, problem.move, problem.move_text, problem.unit, problem.message]


def outcome(text: str, color: str | None) -> dict[str, Any]:
    """What the import gives: its kind and name, every problem in full, every lesson in full (or,
    past 8 moves, its digest)."""
    report = check(text, student_color=color)
    lessons = [lesson.to_dict() for lesson in report.lessons]
    return {
        "input": hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16],
        "kind": report.kind,
        "name": report.name,
        "errors": [_fields(problem) for problem in report.errors],
        "warnings": [_fields(problem) for problem in report.warnings],
        "lessons": [lesson if len(lesson["moves"]) <= 8 else _digest(lesson) for lesson in lessons],
    }


def current() -> dict[str, dict[str, Any]]:
    return {name: outcome(text, color) for name, (text, color) in imports().items()}


def test_every_import_gives_what_it_gave() -> None:
    kept = json.loads(GOLDEN.read_text(encoding="utf-8"))
    now = current()
    assert now.keys() == kept.keys(), "the imports themselves changed: rewrite the file with the code before"
    inputs = [name for name in now if now[name]["input"] != kept[name]["input"]]
    assert not inputs, f"the texts of {inputs[:5]} changed: rewrite the file with the code before"
    changed = [name for name in now if now[name] != kept[name]]
    assert not changed, (
        f"{len(changed)} imports give something else now, e.g. {changed[0]!r}: "
        + json.dumps({"before": kept[changed[0]], "now": now[changed[0]]}, ensure_ascii=False)[:4000]
    )


def test_the_golden_imports_cover_the_reader_s_rules() -> None:
    """The set is worth keeping: lessons, errors and warnings of many kinds, refutations, and
    every spelling of SAN (held by the golden file's content)."""
    kept = json.loads(GOLDEN.read_text(encoding="utf-8"))
    messages = {p[-1].split(":")[0][:40] for case in kept.values() for p in case["errors"] + case["warnings"]}
    lessons = sum(len(case["lessons"]) for case in kept.values())
    full = [lesson for case in kept.values() for lesson in case["lessons"] if isinstance(lesson, dict)]
    assert lessons > 300 and len(messages) > 25
    assert any(move.get("refutations") for lesson in full for move in lesson["moves"])


_TERMINATION = re.compile(r"(1-0|0-1|1/2-1/2|\*)\s*$")


def _join_broken_movetext_before(text: str) -> str:
    """pgn_format.join_broken_movetext as it was (2355ade), its time growing with the square of the
    number of blank lines: the rules the faster one keeps."""
    lines = text.split("\n")
    kept: list[str] = []
    in_comment = False
    last_content = ""
    seen = 0  # issue 40: a White move number no greater than one seen starts a second game
    for number, line in enumerate(lines):
        if not in_comment and not line.strip():
            upcoming = next((later for later in lines[number + 1 :] if later.strip()), "")
            restart = re.match(r"\s*(\d+)\s*\.(?!\s*\.)", upcoming) if seen else None
            if (
                upcoming.lstrip().startswith("[")
                or _TERMINATION.search(last_content)
                or not upcoming
                or (restart is not None and int(restart.group(1)) <= seen)
            ):
                kept.append(line)
                seen = 0
            continue
        kept.append(line)
        if not in_comment and line.lstrip().startswith("["):
            seen = 0
        elif "." in line:
            seen = max([seen, *(int(found) for found in re.findall(r"(?<![\w.])(\d+)\s*\.", line))])
        for char in line:
            if in_comment:
                in_comment = char != "}"
            elif char == "{":
                in_comment = True
            elif char == ";":
                break
        if line.strip():
            last_content = line
    return "\n".join(kept)


_STUDY_NAME_BEFORE = re.compile(r'^\s*\[StudyName\s+"(.*)"\s*\]\s*$', re.MULTILINE)


def test_the_text_is_scanned_as_it_was() -> None:
    """Blank lines inside a game and the [StudyName] are found as before, in time that grows with
    the text rather than with its square (bench lessons times 255 KB of line breaks)."""
    rng = random.Random(4)
    bits = ["\n", "\n", "\n", " ", "\t", "{", "}", ";", "[", "]", "*", "1-0", "e4", '[StudyName "S"]', "\r"]
    for _ in range(3000):
        text = "".join(rng.choice(bits) for _ in range(rng.randrange(40)))
        assert join_broken_movetext(text) == _join_broken_movetext_before(text), repr(text)
        assert set(_STUDY_NAME.findall(text)) == set(_STUDY_NAME_BEFORE.findall(text)), repr(text)
    for name, (text, _) in imports().items():
        assert join_broken_movetext(text) == _join_broken_movetext_before(text), name


def test_an_import_is_sized_one_puzzle_at_a_time_as_it_was_all_at_once() -> None:
    values: list[list[Any]] = [[], [{}], [{"a": "é\ud800"}, [1, "x"]], [{"moves": [{"uci": "e2e4"}]}] * 3]
    for value in values:
        assert stored_list_size(iter(value)) == stored_size(value)


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.test_lessons_golden --write")
    data = current()
    # One import a line, so a diff shows which changed.
    lines = [f"{json.dumps(name)}: {json.dumps(value, ensure_ascii=False)}" for name, value in data.items()]
    text = "{\n" + ",\n".join(lines) + "\n}\n"
    assert json.loads(text) == data
    GOLDEN.write_text(text, encoding="utf-8")
    print(f"wrote {GOLDEN}: {len(data)} imports")
