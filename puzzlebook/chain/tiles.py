"""The tiles and the one rule for playing a tile on a value.

A tile is add n or sub n (n in 1–99), mul n or div n (n in 2–9), or swap, which
reverses the decimal digits. A move is legal when its result is a whole number
in 1–9999; a swap is refused when it would leave the value unchanged (121, 7)
or drop a digit (120 would become 021).

Inside the engine a tile is a pair (op, n) of small integers (n is 0 for swap)
and `step` answers 0 for an illegal move, so the solver allocates nothing.
Outside it a tile is the public dict {"op": "add", "n": 5} or {"op": "swap"}.
The browser's copy of this rule is site/static/js/chain/tiles.js; both are run
against tests/vectors/chain.json and must give the same verdicts and words.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

ADD, SUB, MUL, DIV, SWAP = 0, 1, 2, 3, 4
OP_NAMES = ("add", "sub", "mul", "div", "swap")
OP_CODES = {name: code for code, name in enumerate(OP_NAMES)}
# Operand range per op (both ends included); swap has none.
OPERANDS: dict[int, tuple[int, int]] = {ADD: (1, 99), SUB: (1, 99), MUL: (2, 9), DIV: (2, 9)}
LOW, HIGH = 1, 9999
SYMBOLS = ("+", "−", "×", "÷")

Tile = tuple[int, int]


class TileError(ValueError):
    """A tile that is not one of the five shapes; the message says why."""


@dataclass(frozen=True)
class Verdict:
    """The verdict on one move: ok with the new value, or a code and a reason.

    Codes: bad_tile, inexact_divide, swap_unchanged, swap_drops_digit,
    too_small, too_large.
    """

    ok: bool
    value: int | None
    code: str | None
    reason: str | None


def reverse_digits(value: int) -> int:
    """The decimal digits of `value` (positive) read backwards: 1234 -> 4321."""
    return int(str(value)[::-1])


def step(value: int, op: int, n: int) -> int:
    """The value after playing (op, n) on `value`, or 0 when the move is illegal.

    `value` must already be in 1–9999 and the tile well formed.
    """
    if op == ADD:
        v = value + n
        return v if v <= HIGH else 0
    if op == SUB:
        v = value - n
        return v if v >= LOW else 0
    if op == MUL:
        v = value * n
        return v if v <= HIGH else 0
    if op == DIV:
        return value // n if value % n == 0 else 0
    if value % 10 == 0:
        return 0
    v = reverse_digits(value)
    return v if v != value else 0


def _json(value: Any) -> str:
    # The same text JavaScript's JSON.stringify gives for JSON values.
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=repr)


def parse_tile(obj: Any) -> Tile:
    """The engine's (op, n) for a public tile dict; TileError saying what is wrong."""
    if not isinstance(obj, dict):
        raise TileError(f'a tile must be an object like {{"op":"add","n":5}}, got {_json(obj)}')
    op_name = obj.get("op")
    if not isinstance(op_name, str) or op_name not in OP_CODES:
        raise TileError(f"unknown tile op {_json(op_name)} (expected add, sub, mul, div or swap)")
    op = OP_CODES[op_name]
    if op == SWAP:
        if set(obj) != {"op"}:
            raise TileError("swap tiles have only an op")
        return (SWAP, 0)
    if set(obj) != {"op", "n"}:
        raise TileError(f"{op_name} tiles have exactly an op and an n")
    n = obj["n"]
    low, high = OPERANDS[op]
    if not isinstance(n, int) or isinstance(n, bool) or not low <= n <= high:
        raise TileError(f"{op_name} takes a whole number n from {low} to {high}, got {_json(n)}")
    return (op, n)


def to_public(tile: Tile) -> dict[str, Any]:
    """The public dict of an engine tile."""
    op, n = tile
    return {"op": "swap"} if op == SWAP else {"op": OP_NAMES[op], "n": n}


def label(tile: Tile) -> str:
    """How a player sees the tile: +54, −28, ×3, ÷4 or swap."""
    op, n = tile
    return "swap" if op == SWAP else f"{SYMBOLS[op]}{n}"


def explain(value: int, tile: Tile) -> Verdict:
    """The verdict, with words, on playing the engine `tile` on `value` (1–9999)."""
    op, n = tile
    result = step(value, op, n)
    if result:
        return Verdict(True, result, None, None)
    if op == SWAP:
        if value % 10 == 0:
            return Verdict(False, None, "swap_drops_digit",
                        f"{value} ends in 0, so swapping its digits would drop one")
        return Verdict(False, None, "swap_unchanged", f"swapping the digits of {value} leaves it unchanged")
    sum_text = f"{value} {SYMBOLS[op]} {n}"
    if op == DIV:
        return Verdict(False, None, "inexact_divide", f"{sum_text} is not a whole number")
    if op == SUB:
        return Verdict(False, None, "too_small", f"{sum_text} is below {LOW}")
    return Verdict(False, None, "too_large", f"{sum_text} is above {HIGH}")


def apply(value: int, tile: Any) -> Verdict:
    """The verdict on playing a public tile dict on `value` (a whole number in
    1–9999): ok with the new value, or a code and a reason a player can read."""
    if not isinstance(value, int) or isinstance(value, bool) or not LOW <= value <= HIGH:
        raise ValueError(f"a value is a whole number from {LOW} to {HIGH}, got {_json(value)}")
    try:
        engine_tile = parse_tile(tile)
    except TileError as exc:
        return Verdict(False, None, "bad_tile", str(exc))
    return explain(value, engine_tile)
