"""PGN import: Lichess-study-like files become the same lessons the JSON format makes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import chess
import chess.pgn
import pytest

from puzzlebook.lessons import MAX_PUZZLES, check, detect
from puzzlebook.lessons.pgn_format import game_title, join_broken_movetext, split_comment

FIXTURES = Path(__file__).parent / "fixtures" / "lessons"


def _read(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def _game(tags: str, movetext: str) -> str:
    return tags.strip() + "\n\n" + movetext.strip() + "\n"


def test_lichess_study_chapters_become_lessons() -> None:
    report = check(_read("study_classics.pgn"))
    assert report.kind == "pgn" and report.ok
    # What a puzzle can't show is summed, once a puzzle.
    assert [w.text for w in report.warnings] == [
        'Game 1 "The Opera Game": left out, as a puzzle shows none of them: 4 arrows, 4 marked squares, '
        "2 NAGs (!, ?, $14…), 1 variation of the opponent's moves, 2 moves deeper in variations",
        'Game 2 "Blackburne\'s trap": left out, as a puzzle shows none of them: 2 arrows, 1 marked square, '
        "3 NAGs (!, ?, $14…), 1 variation of the opponent's moves, 2 moves deeper in variations",
    ]
    opera, trap = report.lessons
    assert (opera.index, opera.title, opera.student, opera.opponent_first) == (
        1,
        "The Opera Game",
        "white",
        False,
    )
    assert opera.intro == "Paris, 1858. Morphy has every piece in play; Black's king is still in the centre."
    assert opera.fen == "3rkb1r/p2nqppp/5n2/1B2p1B1/4P3/1Q6/PPP2PPP/2KR3R w k - 3 13"
    assert [m.san for m in opera.moves] == [
        "Rxd7",
        "Rxd7",
        "Rd1",
        "Qe6",
        "Bxd7+",
        "Nxd7",
        "Qb8+",
        "Nxb8",
        "Rd8#",
    ]
    first = opera.moves[0]
    assert first.comment == "Give up the exchange to keep the d-file open."
    assert first.hint == "The knight on d7 is pinned. Take it."
    assert opera.moves[1].comment == "Black takes back with the rook."  # %csl removed, text kept
    assert [m.hint for m in opera.student_moves] == [
        "The knight on d7 is pinned. Take it.",
        "Bring the last piece into the attack.",
        "Take the rook with check.",
        "Deflect the knight from d7 with a queen check.",
        "Checkmate on the back rank.",
    ]
    assert (trap.title, trap.student, trap.opponent_first, trap.to_move) == (
        "Blackburne's trap",
        "black",
        True,
        "white",
    )
    assert [(m.san, m.by_student) for m in trap.moves[:2]] == [("Nxe5", False), ("Qg5", True)]
    assert trap.moves[0].comment == "White takes the bait."  # %eval and %cal gone
    assert trap.moves[5].comment == "" and trap.moves[5].hint == "Check from the centre."  # %clk gone
    assert trap.moves[-1].comment == "Smothered by its own pieces."


def test_every_pgn_lesson_replays_to_its_final_position() -> None:
    for lesson in check(_read("study_classics.pgn")).lessons:
        board = chess.Board(lesson.fen)
        for move in lesson.moves:
            board.push_uci(move.uci)
        assert board.is_checkmate()


def test_pgn_lessons_round_trip_through_the_seed_json() -> None:
    lessons = check(_read("study_classics.pgn")).lessons
    again = check(json.dumps([lesson.to_seed() for lesson in lessons]))
    assert again.kind == "json" and again.lessons == lessons


def test_the_san_written_while_reading_is_the_one_the_line_would_write() -> None:
    """Each PGN move's SAN is written once, as python-chess reads it, and the line trusts it: the
    same lessons as the JSON path, which writes every SAN in the line itself. Random games give
    checks, mates, captures, castling, promotions and moves that need their file or rank."""
    rng = random.Random(7)
    games = []
    for number in range(12):
        board = chess.Board()
        while len(board.move_stack) < 160 and not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = f"Random {number}"
        game.headers["StudentColor"] = "white"
        games.append(str(game))
    # A set-up position whose [FEN] leaves out the counters, where a promotion mates.
    games.append(_game('[FEN "7k/P7/6K1/8/8/8/8/8 w"]\n[StudentColor "white"]', "1. a8=Q# *"))
    lessons = check("\n\n".join(games)).lessons
    assert len(lessons) == 13 and lessons[-1].moves[0].san == "a8=Q#"
    sans = {san for lesson in lessons for san in (m.san for m in lesson.moves)}
    assert all(any(mark in san for san in sans) for mark in ("O-O", "+", "#", "=", "x"))
    again = check(json.dumps([lesson.to_seed() for lesson in lessons]))
    assert again.kind == "json" and again.lessons == lessons


# Positions with pins, checks (a double one, one a pawn's that en passant answers), en passant and
# promotions, each with the move that leads there.
SAN_POSITIONS = [
    ("4k3/8/8/8/8/2b5/3N4/4K3 b - - 0 1", "Bb4"),  # the knight is pinned
    ("4k3/8/8/r7/8/8/8/2N1K1N1 b - - 0 1", "Re5+"),  # in check: two knights can block, both on e2
    ("4k3/8/8/8/7b/8/5r2/R3K2R b KQ - 0 1", "Re2+"),  # a double check: only the king moves
    ("8/3p4/8/4P3/4K3/8/8/7k b - - 0 1", "d5+"),  # a pawn's check, taken en passant
    ("4k3/2p5/8/3P4/8/8/8/4K3 b - - 0 1", "c5"),  # en passant
    ("k7/3p4/8/K3P2r/8/8/8/8 b - - 0 1", "d5"),  # en passant that would leave the king in check
    ("1r3k2/P1P5/8/8/8/8/8/4K3 b - - 0 1", "Ke8"),  # promotions, one by taking
    ("3k4/8/8/8/8/8/8/R3K2R b KQ - 0 1", "Ke8"),  # castling either way
    ("3k4/8/8/8/8/2N3N1/8/1N2K1N1 b - - 0 1", "Ke8"),  # knights that need their file, rank or both
    ("3k4/8/8/8/1Q3Q2/8/1Q6/4K3 b - - 0 1", "Ke8"),  # three queens on one square's lines
]


@pytest.mark.slow  # every move of every position through both readers: 6 s of CPU
def test_every_san_is_read_and_written_as_python_chess_reads_and_writes_it() -> None:
    """The reader reads most SANs itself, sharing the search for the move with writing its SAN, and
    with looking for check after the move before (pgn_format._Reader._read_san): every way of
    writing every legal move (and moves that are not legal, or are ambiguous, or take nothing) gives
    the move and SAN python-chess gives, or the error its reading gives, as a game's first move and
    as the move after another."""
    from puzzlebook.lessons.pgn_format import _san_words

    rng = random.Random(11)
    positions = list(SAN_POSITIONS)
    while len(positions) < 40:
        board = chess.Board()
        for _ in range(rng.randrange(1, 70)):
            if board.is_game_over():
                break
            board.push(rng.choice(list(board.legal_moves)))
        if not board.is_game_over():
            last = board.pop()
            positions.append((board.fen(), board.san(last)))
    tried = 0
    for before, played in positions:
        board = chess.Board(before)
        board.push_san(played)
        tokens = {piece + square for piece in ("N", "B", "R", "Q", "K", "") for square in ("d2", "e4", "f7")}
        for move in board.legal_moves:
            san, start = board.san(move).rstrip("+#"), chess.square_name(move.from_square)
            tokens |= {san, san.replace("x", ""), move.uci(), san[:1] + start[0] + san[1:]}
            tokens |= {san[:1] + start[1] + san[1:], san[:1] + start + san[1:]}
        side = f'[StudentColor "{"white" if board.turn == chess.WHITE else "black"}"]'
        # Each as python-chess's reader takes it: one token.
        for token in sorted(t for t in tokens if (m := chess.pgn.MOVETEXT_REGEX.fullmatch(t)) and m.group(1)):
            first = check(_game(f'[Event "S"]\n[FEN "{board.fen()}"]\n{side}', f"{token} *"))
            then = check(_game(f'[Event "S"]\n[FEN "{before}"]\n{side}', f"{played} {token} *"))
            try:
                move = board.parse_san(token)
            except ValueError as error:
                for report in (first, then):
                    expected = [str(_san_words(error))]
                    assert [e.message for e in report.errors] == expected, (before, played, token)
                continue
            if "x" in token and not board.is_capture(move):
                for report in (first, then):
                    assert [e.message[:12] for e in report.errors] == ["written as a"], (before, token)
                continue
            expected = (move.uci(), board.san(move))
            assert (first.lessons[0].moves[0].uci, first.lessons[0].moves[0].san) == expected, (before, token)
            assert (then.lessons[0].moves[1].uci, then.lessons[0].moves[1].san) == expected, (before, token)
            tried += 1
    assert tried > 1000


def test_game_export_with_clocks_takes_the_side_from_its_result_or_the_flag() -> None:
    text = _read("game_clocks.pgn")
    report = check(text)
    assert report.ok and report.lessons[0].student == "white"
    assert report.warnings[0].text == (
        'Game 1 "river_pawn – NightOwl64": no [StudentColor] or [Orientation] tag: the student plays White, '
        'as the result "1-0" says (add [StudentColor "black"] for the other side)'
    )
    (lesson,) = check(text, student_color="white").lessons
    assert lesson.fen == chess.STARTING_FEN and not lesson.opponent_first
    assert len(lesson.moves) == 13 and lesson.moves[-1].san == "Nd5#"
    assert (
        lesson.moves[7].comment == "(0.50 → 1.81) Mistake. Nf6 was best."
    )  # two comments joined, commands gone
    assert lesson.moves[8].hint == "Ignore the pin on your queen."
    assert lesson.moves[-1].comment == "White wins by checkmate: Légal's mate."
    assert all("[%" not in m.comment for m in lesson.moves)


def test_tags_say_the_side_before_the_flag() -> None:
    moves = "1. e4 e5 2. Nf3 *"
    orientation = _game('[Event "A"]\n[Orientation "Black"]', moves)
    both = _game('[Event "B"]\n[Orientation "black"]\n[StudentColor "white"]', moves)
    assert check(orientation, student_color="white").lessons[0].student == "black"
    assert check(both, student_color="black").lessons[0].student == "white"
    (error,) = check(_game('[Event "C"]\n[StudentColor "w"]', moves)).errors
    assert error.text == 'Game 1 "C": the [StudentColor] tag must be "white" or "black", not "w"'


def test_broken_study_names_game_and_move() -> None:
    report = check(_read("study_broken.pgn"))
    assert [e.text for e in report.errors] == [
        'Game 2 "Opposition", move 4. Ke4: not a legal move in this position',
        'Game 3 "Square of the pawn": the [FEN] tag: not a legal position: there is no black king',
        'Game 3 "Square of the pawn": no side for the student: '
        'add a [StudentColor "white"] (or "black") tag, '
        "or choose the student's side when importing",
    ]
    assert [(e.puzzle, e.move, e.move_text) for e in report.errors] == [
        (2, 7, "4. Ke4"),
        (3, None, ""),
        (3, None, ""),
    ]
    assert [lesson.title for lesson in report.lessons] == ["Lucena"]
    assert not report.ok


@pytest.mark.parametrize(
    ("tags", "movetext", "message"),
    [
        (
            '[Event "Amb"]\n[StudentColor "white"]\n[FEN "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"]',
            "1. Nd2 *",
            'Game 1 "Amb", move 1. Nd2: ambiguous: more than one piece can make this move '
            "(add the file or rank it comes from)",
        ),
        (
            '[Event "Black"]\n[StudentColor "black"]',
            "1. e4 e5 2. Nf3 Nf4 *",
            'Game 1 "Black", move 2... Nf4: not a legal move in this position',
        ),
        (
            '[Event "Null"]\n[StudentColor "white"]',
            "1. e4 -- 2. d4 *",
            'Game 1 "Null", move 1... --: a null move (--) cannot be played in a puzzle',
        ),
        (
            '[Event "Empty"]\n[StudentColor "white"]',
            "*",
            "The game has no moves, so there is no puzzle to import",
        ),
        (
            '[Event "960"]\n[Variant "Chess960"]\n[StudentColor "white"]',
            "1. e4 *",
            'Game 1 "960": only standard chess can be imported, not "Chess960"',
        ),
        (
            '[Event "Turn"]\n[StudentColor "black"]',
            "1. e4 *",
            'Game 1 "Turn": white is to move in the FEN but the student plays black, '
            "so the first move is the opponent's setup move and the line needs at least 2 moves "
            "for the student to get a turn (it has 1)",
        ),
        (
            '[Event "Fen"]\n[StudentColor "white"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n[SetUp "1"]',
            "1. e4 *",
            'Game 1 "Fen": the [FEN] tag: not a legal position: the board is empty',
        ),
        (
            '[Event "Bell"]\n[StudentColor "white"]',
            "1. e4 { ding\x07 } *",
            'Game 1 "Bell", move 1. e4: "comment" contains an invisible control character (U+0007); '
            "only line breaks and tabs are allowed",
        ),
        (
            '[Event "Study: Opposition"]\n[ChapterName "Opposition"]\n[StudentColor "white"]\n'
            '[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]',
            "1. Kd2 Kd7 2. Kxd3 Kd6 *",
            'Game 1 "Opposition", move 2. Kxd3: written as a capture, but there is nothing to capture on d3',
        ),
    ],
)
def test_pgn_errors(tags: str, movetext: str, message: str) -> None:
    assert [e.text for e in check(_game(tags, movetext)).errors] == [message]


def test_pgn_warnings() -> None:
    report = check(
        _game('[Event "W"]\n[StudentColor "white"]', "{ Intro [%hint lost] } 1. e4 e5 { [%hint x] } *")
    )
    assert report.ok and report.lessons[0].intro == "Intro"
    assert [w.text for w in report.warnings] == [
        'Game 1 "W": a [%hint] before the first move belongs to no move; '
        "put it in the comment after that move",
        'Game 1 "W", move 1... e5: this hint is on the opponent\'s move, so it is never shown '
        "(hints are for the student's moves)",
        'Game 1 "W": the line ends with the opponent\'s move: '
        "it is played for the student and the puzzle ends",
    ]


def test_a_broken_variation_does_not_touch_the_mainline() -> None:
    text = _game(
        '[Event "V"]\n[StudentColor "white"]', "1. e4 e5 (1... b4 2. Qx9 { no } (2. Nf9)) 2. Nf3 { yes } *"
    )
    (lesson,) = check(text).lessons
    assert [(m.san, m.comment) for m in lesson.moves] == [("e4", ""), ("e5", ""), ("Nf3", "yes")]


def test_blank_lines_inside_movetext_do_not_split_a_game() -> None:
    text = (
        '[Event "Hand written"]\n[StudentColor "white"]\n\n1. e4 { Good.\n\nA second paragraph. } e5\n\n'
        '2. Nf3 *\n\n[Event "Next"]\n[StudentColor "black"]\n\n1. d4 d5 *\n'
    )
    first, second = check(text).lessons
    assert [m.san for m in first.moves] == ["e4", "e5", "Nf3"]
    assert first.moves[0].comment == "Good.\n\nA second paragraph."
    assert second.title == "Next" and [m.san for m in second.moves] == ["d4", "d5"]
    assert join_broken_movetext("1. e4 *\n\n1. d4 *") == "1. e4 *\n\n1. d4 *"  # a result ends a game


def test_windows_line_endings() -> None:
    text = '[Event "CRLF"]\r\n[StudentColor "white"]\r\n\r\n{ Intro\r\nline two } 1. e4 { c } *\r\n'
    (lesson,) = check(text).lessons
    assert lesson.intro == "Intro\nline two" and lesson.moves[0].comment == "c"


def test_game_count_limit() -> None:
    one = _game('[Event "G"]\n[StudentColor "white"]', "1. e4 *")
    assert len(check("\n".join([one] * MAX_PUZZLES)).lessons) == MAX_PUZZLES
    errors = check("\n".join([one] * (MAX_PUZZLES + 1))).errors
    assert [e.text for e in errors] == [
        f"The PGN has {MAX_PUZZLES + 1} games; the limit is {MAX_PUZZLES}: split it into smaller imports"
    ]


def test_no_games() -> None:
    assert [e.text for e in check("", kind="pgn").errors] == ["Nothing to import: the text is empty"]
    assert [e.text for e in check("% only an escape line\n", kind="pgn").errors] == [
        "No games found in the PGN"
    ]


def test_split_comment() -> None:
    assert split_comment("[%clk 0:01:00] Nice [%cal Ga1a8,Rb2b4]  move. [%hint  Look left. ]") == (
        "Nice move.",
        "Look left.",
    )
    assert split_comment("line one\nline two [%eval 0.3]") == ("line one\nline two", "")


@pytest.mark.parametrize(
    ("tags", "title"),
    [
        ({"Event": "S: Ch", "StudyName": "S", "ChapterName": "Chapter one"}, "Chapter one"),
        ({"Event": "Study name: Fork", "StudyName": "Study name"}, "Fork"),
        ({"Event": "London 1851"}, "London 1851"),
        ({"Event": "Casual rapid game", "White": "a", "Black": "b"}, "a – b"),
        ({"Event": "?", "White": "Anderssen", "Black": "Kieseritzky"}, "Anderssen – Kieseritzky"),
        ({"Event": "?"}, ""),
    ],
)
def test_game_title(tags: dict[str, str], title: str) -> None:
    headers = chess.pgn.Headers()
    headers.update(tags)
    assert game_title(headers) == title


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ('[Event "x"]\n1. e4 *', "pgn"),
        ("1. e4 e5 *", "pgn"),
        ("{ An intro } 1. e4 *", "pgn"),
        ('  [ {"fen": "x"} ]', "json"),
        ("[]", "json"),
        ('{"fen": "x"}', "json"),
        ("{'fen': 'x'}", "json"),
        ("{fen: 'x'}", "json"),
        ("{}", "json"),
        ("42", "json"),
        ("Here is the JSON: []", "json"),
    ],
)
def test_detect(text: str, kind: str) -> None:
    assert detect(text) == kind


def test_a_capture_marker_must_capture_something() -> None:
    """Issue 12, item 14: python-chess reads "Kxe7" onto an empty square as "Ke7"; the importer
    refuses it, naming the chapter and the move. Real captures, en passant included, pass."""
    study = (
        '[Event "S: Takes"]\n[ChapterName "Takes"]\n[StudentColor "white"]\n\n1. e4 d5 2. exd5 Qxd5 *\n\n'
        '[Event "S: En passant"]\n[ChapterName "En passant"]\n[StudentColor "white"]\n'
        '[FEN "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"]\n\n1. exd6 *\n\n'
        '[Event "S: Kings"]\n[ChapterName "Kings"]\n[StudentColor "black"]\n'
        '[FEN "4k3/8/8/8/8/8/8/4K3 b - - 0 1"]\n\n1... Kxe7 2. Kd2 *\n'
    )
    report = check(study)
    assert [lesson.title for lesson in report.lessons] == ["Takes", "En passant"]
    assert [m.san for m in report.lessons[0].moves] == ["e4", "d5", "exd5", "Qxd5"]
    assert [e.text for e in report.errors] == [
        'Game 3 "Kings", move 1... Kxe7: written as a capture, but there is nothing to capture on e7'
    ]


def test_a_position_without_a_side_tag_is_played_by_the_side_of_the_last_move_and_says_so() -> None:
    """An ordinary PGN puzzle, [FEN] and no [StudentColor]: with "as the tags say" (no choice
    sent) the student plays the side that plays the line's last move, and the check says so; a
    choice still wins."""
    white = _game('[Event "Back rank"]\n[FEN "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"]', "1. Ra8# *")
    report = check(white)
    assert not report.errors and [lesson.student for lesson in report.lessons] == ["white"]
    assert [w.text for w in report.warnings] == [
        'Game 1 "Back rank": no [StudentColor] or [Orientation] tag: the student plays White, the side that '
        'plays the line\'s last move (1. Ra8#) (add [StudentColor "black"] for the other side)'
    ]
    black = _game('[Event "Mirror"]\n[FEN "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1"]', "1... Ra1# *")
    (lesson,) = check(black).lessons
    assert lesson.student == "black" and not lesson.opponent_first
    # The importer's choice is asked for: it stands (here the line starts with the opponent's move).
    chosen = _game('[Event "Chosen"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]', "1. Kd2 Kd8 *")
    report = check(chosen, student_color="black")
    assert report.lessons[0].student == "black" and report.lessons[0].opponent_first
    assert not report.warnings


SKEWER_TAGS = '[Event "Skewer"]\n[FEN "8/8/8/8/3k3r/8/8/R5K1 w - - 0 1"]\n[SetUp "1"]\n[StudentColor "white"]'


def test_variations_in_place_of_the_students_moves_become_refutations() -> None:
    # Issue 30: the wrong move, the opponent's answer, and their comments as why it fails.
    text = _game(
        SKEWER_TAGS,
        "1. Ra4+ { Check! } (1. Rd1+? { Check, but } 1... Ke4 { the king steps up. } 2. Rd2 Rh2)"
        " (1. Ra2 Rh2 (1... Rh1+)) 1... Ke3 (1... Kc5 2. Rxh4) 2. Rxh4 *",
    )
    report = check(text)
    assert report.ok
    (lesson,) = report.lessons
    first = lesson.moves[0]
    # Issue 40: only a variation the PGN marks worse (Rd1+?) is a wrong move; Ra2 is left out.
    assert [(r.uci, r.san, r.reply, r.reply_san, r.comment) for r in first.refutations] == [
        ("a1d1", "Rd1+", "d4e4", "Ke4", "Check, but the king steps up."),
    ]
    assert [(v.san, v.reply_san) for v in first.variations] == [("Ra2", "Rh2")]
    assert lesson.moves[1].refutations == ()  # a variation of the opponent's move: not read
    again = check(json.dumps([lesson.to_seed()]))
    assert again.lessons == report.lessons  # stored as the seed JSON, played back the same


def test_a_variation_that_cant_be_a_refutation_is_skipped_with_a_warning() -> None:
    text = _game(SKEWER_TAGS, "1. Ra4+ (1. Kg2? $2) (1. Rd1+ Kzz 2. Rd7) (1. Rb1? Rh9) 1... Ke3 2. Rxh4 *")
    report = check(text)
    assert report.ok and report.lessons[0].moves[0].refutations == ()
    no_answer = "has no answer from the opponent, so it can't be a refutation (a wrong move and the reply "
    assert [(w.move, w.move_text, w.message) for w in report.warnings][:3] == [
        (1, "1. Ra4+", f"the variation 1. Kg2 {no_answer}that punishes it): it is skipped"),
        (1, "1. Ra4+", f"the variation 1. Rb1 {no_answer}that punishes it): it is skipped"),  # Rh9 is no move
        (1, "", "a variation in place of this move can't be read (1... Rd7: not a legal move in this "
         "position), so it is skipped"),
    ]
    mates = _game(
        '[Event "M"]\n[FEN "6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1"]\n[SetUp "1"]\n[StudentColor "white"]',
        "1. Ra8# (1. Re8#) *",
    )
    report = check(mates)
    assert report.ok and report.lessons[0].moves[0].refutations == ()
    assert [w.message for w in report.warnings][:1] == [
        "the variation 1. Re8# mates too, and any mating move solves the puzzle: it is not a refutation, "
        "so it is skipped"
    ]


def test_the_guide_pgn_example_s_variation_is_a_refutation() -> None:
    tags = '[Event "K"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n[SetUp "1"]\n[Orientation "white"]'
    text = _game(tags, "1. Kd2 (1. e4? Kd7 { The king reaches the key square first. }) 1... Kd7 2. Kd3 *")
    (lesson,) = check(text).lessons
    assert [(r.san, r.reply_san, r.comment) for r in lesson.moves[0].refutations] == [
        ("e4", "Kd7", "The king reaches the key square first.")
    ]


def test_a_closing_parenthesis_after_an_unreadable_mainline_move_is_no_crash() -> None:
    # python-chess ends what it skipped after a bad mainline move at the next ")", with no variation
    # begun: the builder has nothing to close then (found by test_any_input_gets_a_report_...).
    report = check(_game('[Event "x"]\n[StudentColor "white"]', "Bb5 e4 ( 2. ) ) ) ( e4"))
    assert [e.message for e in report.errors] == ["not a legal move in this position"]


def test_an_unknown_variant_with_a_position_and_a_variation_gets_the_variant_error() -> None:
    # python-chess's GameBuilder asked the game's ply at a variation, reading a board of the unknown
    # variant, and the check crashed (a 500 from the API); the reader takes the ply from its board.
    tags = '[Event "x"]\n[Variant "Foo"]\n[FEN "8/8/8/3k3r/8/8/8/R5K1 w - - 0 40"]\n[StudentColor "white"]'
    report = check(_game(tags, "40. Ra4 (40. Ra5+ Ke4) Ke5 *"))
    assert [e.text for e in report.errors] == ['Game 1 "x": only standard chess can be imported, not "Foo"']


def test_a_variation_the_teacher_keeps_is_a_refutation_as_one_marked_worse_is() -> None:
    """Issue 40, part 1: the engine check found Ra2 (not marked in the PGN) clearly worse; the teacher
    keeps it, and it is a refutation exactly as `1. Ra2?` would have made it."""
    from puzzlebook.lessons.kept_variations import KeptVariation

    unmarked = "1. Ra4+ (1. Ra2 { Pins nothing. } 1... Rh2 { and the rook escapes. }) 1... Ke3 2. Rxh4 *"
    marked = unmarked.replace("1. Ra2 {", "1. Ra2? {")
    report = check(_game(SKEWER_TAGS, unmarked), keep=(KeptVariation(1, 1, "Ra2"),))
    assert report.ok
    assert report.lessons == check(_game(SKEWER_TAGS, marked)).lessons
    first = report.lessons[0].moves[0]
    assert [(r.san, r.reply_san, r.comment) for r in first.refutations] == [
        ("Ra2", "Rh2", "Pins nothing. and the rook escapes.")
    ]
    assert first.variations == ()
    assert not any("not marked as worse" in w.message for w in report.warnings)
    # Without the choice it is left out, as before.
    assert check(_game(SKEWER_TAGS, unmarked)).lessons[0].moves[0].refutations == ()


@pytest.mark.parametrize(
    ("choice", "said"),
    [
        ((1, 1, "Rd1+"), "the variation 1. Rd1+ can't be kept as a refutation: the PGN has no such variation "
         "at this move"),
        ((1, 1, "Qxz9"), "the variation Qxz9 can't be kept as a refutation: it is no legal move here"),
        ((1, 1, "Ra4+"), "the variation 1. Ra4+ can't be kept as a refutation: it is skipped, as the warning "
         "about it says"),
        ((1, 2, "Kc5"), "the variation Kc5 can't be kept as a refutation: the PGN has no variation of the "
         "student's move here"),
        ((1, 9, "Rxh4"), "the variation Rxh4 can't be kept as a refutation: the game has no move 9"),
    ],
)
def test_a_choice_of_anything_but_a_variation_in_the_pgn_at_that_move_is_refused(
    choice: tuple[int, int, str], said: str
) -> None:
    from puzzlebook.lessons.kept_variations import KeptVariation

    text = _game(SKEWER_TAGS, "1. Ra4+ (1. Ra2 Rh2) (1. Ra4+ Ke3) 1... Ke3 (1... Kc5 2. Rxh4) 2. Rxh4 *")
    report = check(text, keep=(KeptVariation(*choice),))
    assert not report.ok and [e.message for e in report.errors] == [said]


def test_a_choice_for_a_game_not_there_or_a_json_import_is_refused() -> None:
    from puzzlebook.lessons.kept_variations import KeptVariation

    text = _game(SKEWER_TAGS, "1. Ra4+ (1. Ra2 Rh2) 1... Ke3 2. Rxh4 *")
    report = check(text, keep=(KeptVariation(2, 1, "Ra2"),))
    assert [e.text for e in report.errors] == [
        "The variation Ra2 can't be kept as a refutation: game 2 isn't in the PGN, which has 1 game"
    ]
    as_json = check(json.dumps([check(text).lessons[0].to_seed()]), keep=(KeptVariation(1, 1, "Ra2"),))
    assert not as_json.ok
    assert as_json.errors[0].text.startswith("Variations are kept as refutations only from a PGN's")
