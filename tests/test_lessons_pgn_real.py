"""Issue 40, section 1: a Lichess study (and the other PGN teachers paste) imports as exported.

Each rule is checked through the API over HTTP (POST /api/lessons/validate, and POST /api/lessons
where the lesson is stored), on the SQLite store: the reading is the importer's, the same for both
stores (tests/test_lessons_api.py runs the routes on both)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import World, served, signed_up, sqlite_store
from tests.test_lessons_api import NOON

JSON = {"Content-Type": "application/json"}
CORPUS = Path(__file__).parent / "fixtures" / "pgn_corpus"


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store, served(store, NOON) as world:
        yield world


def validate(world: World, text: str, **params: str) -> dict[str, Any]:
    got = world.client.post("/api/lessons/validate", content=text.encode(), headers=JSON, params=params)
    assert got.status_code == 200, got.text
    answer: dict[str, Any] = got.json()
    return answer


def texts(problems: list[dict[str, Any]]) -> list[str]:
    return [problem["text"] for problem in problems]


def test_a_chapter_without_moves_is_skipped_and_its_text_opens_the_next_intro(world: World) -> None:
    study = (CORPUS / "lichess_study_fork_excerpt.pgn").read_text(encoding="utf-8")
    answer = validate(world, study)
    assert answer["ok"] and [p["index"] for p in answer["puzzles"]] == [2, 3, 4, 5]
    assert texts(answer["warnings"])[0] == (
        'Game 1 "Chess Tactics - Fork: Introduction": it has no moves, so it is not a puzzle: skipped, '
        "and its text opens the next puzzle's intro"
    )
    intro = answer["puzzles"][0]["intro"]
    assert intro.startswith("Chess tactics are discussed often")
    assert intro.endswith("with the move Rc7. Let's try it, move Rc7.")
    assert not any("no moves" in e or "no side" in e for e in texts(answer["errors"]))
    # Stored as it was checked.
    teacher = signed_up(world.client, "Teacher")
    made = world.client.post("/api/lessons", content=study.encode(), headers={**JSON, **teacher})
    assert made.status_code == 201, made.text
    kept = world.client.get(f"/api/lessons/{made.json()['id']}").json()
    assert kept["puzzles"][0]["intro"] == intro


def test_text_only_chapters_at_the_end_and_a_study_of_nothing_but_text(world: World) -> None:
    tail = (
        '[Event "S: One"]\n[StudentColor "white"]\n\n1. e4 *\n\n'
        '[Event "S: Two"]\n\n{ Thanks for reading. }\n*\n'
    )
    answer = validate(world, tail)
    assert answer["ok"] and texts(answer["warnings"]) == [
        'Game 2 "S: Two": it has no moves, so it is not a puzzle: skipped '
        "(its text is left out: no game with moves follows it)"
    ]
    only = (CORPUS / "lichess_study_temazur_no_moves.pgn").read_text(encoding="utf-8")
    answer = validate(world, only)
    assert not answer["ok"]
    assert texts(answer["errors"]) == ["The game has no moves, so there is no puzzle to import"]


@pytest.mark.parametrize(
    ("tags", "movetext", "side", "why"),
    [
        ('[Orientation "black"]', "1... h6 2. Ra8+ *", "black", None),
        ('[Result "1-0"]', "1... h6 2. Ra8+ 1-0", "white", 'as the result "1-0" says'),
        (
            '[Result "0-1"]',
            "1... h6 2. Ra8+ 0-1",
            "black",
            'as the result "0-1" says (the line\'s last move (2. Ra8+) would say White, but counts for less)',
        ),
        ("", "1... h6 2. Ra8+ *", "white", "the side that plays the line's last move (2. Ra8+)"),
    ],
)
def test_the_students_side_from_the_evidence_in_order(
    world: World, tags: str, movetext: str, side: str, why: str | None
) -> None:
    text = f'[Event "Side"]\n[FEN "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1"]\n{tags}\n\n{movetext}\n'
    answer = validate(world, text)
    assert answer["ok"] and answer["puzzles"][0]["student"] == side
    said = [w for w in texts(answer["warnings"]) if "[StudentColor]" in w]
    if why is None:
        assert said == []
    else:
        assert said == [
            f'Game 1 "Side": no [StudentColor] or [Orientation] tag: '
            f"the student plays {side.capitalize()}, {why} "
            f'(add [StudentColor "{"black" if side == "white" else "white"}"] for the other side)'
        ]


def test_the_chapters_words_decide_last_and_are_named_when_they_disagree() -> None:
    from puzzlebook.lessons.pgn_side import student_side

    assert student_side({}, None, None, ["Jogam as brancas"]).color is True
    decided = student_side({}, None, (False, "1... Qh5#"), ["White to play"])
    assert decided.color is False and str(decided.warning) == (
        "no [StudentColor] or [Orientation] tag: the student plays Black, "
        "the side that plays the line's last move (1... Qh5#)"
        ' (the chapter\'s words ("White to play") would say White, but counts for less) '
        '(add [StudentColor "white"] for the other side)'
    )


def test_a_study_of_exercises_gets_each_side_from_its_result_or_last_move(world: World) -> None:
    """The study of issue 40 whose exercises open with the opponent's move: the side to move in the
    [FEN] (the rule before) gave most of them the wrong side."""
    study = (CORPUS / "lichess_study_basso01_excerpt.pgn").read_text(encoding="utf-8")
    answer = validate(world, study)
    assert answer["ok"]
    assert [p["student"] for p in answer["puzzles"]] == [
        "black", "black", "white", "white", "black", "white", "white", "white", "black"
    ]


def test_a_variation_is_a_refutation_only_when_marked_worse(world: World) -> None:
    tags = '[Event "Skewer"]\n[FEN "8/8/8/8/3k3r/8/8/R5K1 w - - 0 1"]\n[StudentColor "white"]'
    text = (
        f"{tags}\n\n1. Ra4+ (1. Rd1+? Ke4) (1. Rb1 $4 Rh1+) (1. Rc1 {{ a mistake }} Ke3) (1. Ra2 Rh2) "
        "(1. Kg2 { also good } Rh5) 1... Ke3 2. Rxh4 *\n"
    )
    answer = validate(world, text)
    first = answer["puzzles"][0]["moves"][0]
    assert [r["san"] for r in first["refutations"]] == ["Rd1+", "Rb1", "Rc1"]
    assert [v["san"] for v in first["variations"]] == ["Ra2", "Kg2"]  # for the engine's check only
    assert (
        'Game 1 "Skewer": 2 variations of the student\'s moves (1. Ra2, 1. Kg2) '
        "are not marked as worse than the line's move (with ?, ?? or ?!, or a comment such as "
        "\"a mistake\"), so left out rather than made wrong moves the student is answered with: "
        "mark one ? to make it one"
    ) in texts(answer["warnings"])
    teacher = signed_up(world.client, "Teacher")
    made = world.client.post("/api/lessons", content=text.encode(), headers={**JSON, **teacher}).json()
    kept = world.client.get(f"/api/lessons/{made['id']}").json()["puzzles"][0]["moves"][0]
    assert [r["san"] for r in kept["refutations"]] == ["Rd1+", "Rb1", "Rc1"] and "variations" not in kept


def test_a_variation_repeating_the_lines_move_is_skipped_and_named_in_san(world: World) -> None:
    crafty = (CORPUS / "chesscom_crafty_annotated.pgn").read_text(encoding="utf-8")
    answer = validate(world, crafty, student_color="black")
    assert not any("own move" in e for e in texts(answer["errors"]))
    repeats = [w for w in answer["warnings"] if "repeats the line's own move" in w["message"]]
    assert repeats[0]["message"] == "the variation 5... Qd6 repeats the line's own move, so it is skipped"
    assert repeats[0]["move_text"] == "5... Qd6"
    tags = '[Event "Twice"]\n[FEN "8/8/8/8/3k3r/8/8/R5K1 w - - 0 1"]\n[StudentColor "white"]'
    moves = "1. Ra4+ (1. Ra4+ Ke3) (1. Rd1+? Ke4) (1. Rd1+? Kc3) 1... Ke3 2. Rxh4 *"
    answer = validate(world, f"{tags}\n\n{moves}\n")
    assert answer["ok"] and [w["message"] for w in answer["warnings"]][:2] == [
        "the variation 1. Ra4+ repeats the line's own move, so it is skipped",
        "the variation 1. Rd1+ is given twice: the second is skipped",
    ]


@pytest.mark.parametrize(
    ("name", "sans"),
    [
        ("variant_spaces", ["e4", "e5", "Nf3"]),
        ("tag_line_moves", ["e4", "e5", "Nf3"]),
        ("one_line_tags", ["e4", "e5", "Nf3"]),
        ("castling_dashes", ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"]),
    ],
)
def test_slips_of_real_files_are_read_as_meant(world: World, name: str, sans: list[str]) -> None:
    text = {
        "variant_spaces": '[Event "V"]\n[Variant " Standard "]\n\n1. e4 e5 2. Nf3 *\n',
        "tag_line_moves": '[Event "V"] 1. e4 e5 2. Nf3 *\n',
        "one_line_tags": '[Event "V"] [Site "?"] [Result "*"]\n\n1. e4 e5 2. Nf3 *\n',
        "castling_dashes": '[Event "V"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O\u2011O *\n',
    }[name]
    answer = validate(world, text)
    assert answer["ok"], answer["errors"]
    assert answer["puzzles"][0]["title"] == "V" and [m["san"] for m in answer["puzzles"][0]["moves"]] == sans


def test_a_forum_wrapper_is_removed_and_said(world: World) -> None:
    answer = validate(world, (CORPUS / "forum_pgn_wrapper.pgn").read_text(encoding="utf-8"))
    assert answer["ok"] and answer["kind"] == "pgn"
    assert texts(answer["warnings"])[0] == "Removed the forum's [pgn]…[/pgn] wrapper around the text"
    assert answer["puzzles"][0]["moves"][-1]["san"] == "Qe8#"


def test_two_games_without_a_result_between_them_are_two_games(world: World) -> None:
    answer = validate(world, '[Event "A"]\n[StudentColor "white"]\n\n1. e4 e5\n\n1. d4 d5 2. c4 *\n')
    assert [[m["san"] for m in p["moves"]] for p in answer["puzzles"]] == [["e4", "e5"], ["d4", "d5", "c4"]]
    # A blank line in the middle of one game's moves still joins them.
    answer = validate(world, '[Event "A"]\n[StudentColor "white"]\n\n1. e4 e5\n\n2. Nf3 *\n')
    assert [[m["san"] for m in p["moves"]] for p in answer["puzzles"]] == [["e4", "e5", "Nf3"]]


def test_a_chapter_comment_over_the_limit_is_cut_with_a_warning(world: World) -> None:
    long = "word " * 500
    answer = validate(world, f'[Event "Long"]\n[StudentColor "white"]\n\n{{ {long} }} 1. e4 *\n')
    assert answer["ok"] and len(answer["puzzles"][0]["intro"]) == 2000
    assert texts(answer["warnings"]) == [
        'Game 1 "Long": the text before the first move is 2,499 characters long; the limit is 2,000: '
        "it is cut to its first 2,000"
    ]


def test_castling_rights_without_their_rook_are_dropped_with_a_warning(world: World) -> None:
    text = '[Event "Rights"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1"]\n[StudentColor "white"]\n\n1. O-O *\n'
    answer = validate(world, text)
    assert answer["ok"] and answer["puzzles"][0]["fen"] == "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    assert texts(answer["warnings"])[0] == (
        'Game 1 "Rights": the [FEN]\'s castling rights "KQkq" name a king or rook that is not on its '
        'starting square: read as "K"'
    )


def test_one_warning_a_puzzle_sums_what_it_leaves_out(world: World) -> None:
    answer = validate(world, (CORPUS / "lichess_study_nt9.pgn").read_text(encoding="utf-8"))
    assert (
        'Game 2 "nt9\'s Study: Chapter 3": left out, as a puzzle shows none of them: '
        "4 arrows, 8 marked squares, "
        "4 NAGs (!, ?, $14…), 1 variation of the opponent's moves, 1 move deeper in a variation"
    ) in texts(answer["warnings"])


def test_the_engines_new_kinds_are_kept_with_the_lesson(world: World) -> None:
    teacher = signed_up(world.client, "Teacher")
    text = '[Event "K"]\n[StudentColor "white"]\n\n1. e4 *\n'
    made = world.client.post("/api/lessons", content=text.encode(), headers={**JSON, **teacher}).json()
    findings = [
        {"puzzle": 1, "kind": "refutation", "words": "The refutation …Rxe5 is as good as the line’s move."},
        {"puzzle": 1, "kind": "variation", "words": "The variation Nh4, left out, is worse."},
    ]
    kept = world.client.put(
        f"/api/lessons/{made['id']}/check", json={"version": 1, "findings": findings}, headers=teacher
    )
    assert kept.status_code == 200, kept.text
    assert [f["kind"] for f in kept.json()["findings"]] == ["refutation", "variation"]
