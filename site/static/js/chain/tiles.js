// Chain's tile rule in the browser: the same verdicts and the same words as
// puzzlebook/chain/tiles.py and play.py, checked against tests/vectors/chain.json.
//
// A tile is {op: "add"|"sub"|"mul"|"div", n} or {op: "swap"}. add/sub take n in
// 1–99, mul/div n in 2–9; swap reverses the decimal digits. A move is legal when
// its result is a whole number in 1–9999; a swap is refused when it would leave
// the value unchanged (121) or drop a digit (120 would become 021).

export const LOW = 1;
export const HIGH = 9999;
/** @import { Tile, TileOp, TileVerdict, SolveCheck } from '../chain_types.js' */
/** @type {Record<TileOp, [low: number, high: number]>} */
export const OPERANDS = { add: [1, 99], sub: [1, 99], mul: [2, 9], div: [2, 9] };
/** @type {Record<TileOp, string>} */
const SYMBOLS = { add: "+", sub: "−", mul: "×", div: "÷" };
const OP_LIST = "add, sub, mul, div or swap";

/**
 * @param {unknown} x
 * @returns {x is number}
 */
const isWhole = (x) => typeof x === "number" && Number.isInteger(x);
// The text Python's json.dumps(separators=(",", ":")) gives; a missing value reads as null there.
/** @param {unknown} x */
const json = (x) => (x === undefined ? "null" : JSON.stringify(x));

/**
 * The digits of a positive whole number read backwards: 1234 -> 4321.
 * @param {number} value
 */
export function reverseDigits(value) {
  return Number(String(value).split("").reverse().join(""));
}

/**
 * The reason a tile is malformed, or null when it is one of the five shapes.
 * @param {unknown} tile
 * @returns {string | null}
 */
export function tileProblem(tile) {
  if (tile === null || typeof tile !== "object" || Array.isArray(tile)) {
    return `a tile must be an object like {"op":"add","n":5}, got ${json(tile)}`;
  }
  const op = /** @type {{ op?: unknown }} */ (tile).op;
  if (typeof op !== "string" || !(Object.hasOwn(OPERANDS, op) || op === "swap")) {
    return `unknown tile op ${json(op)} (expected ${OP_LIST})`;
  }
  const keys = Object.keys(tile).sort().join(",");
  if (op === "swap") return keys === "op" ? null : "swap tiles have only an op";
  if (keys !== "n,op") return `${op} tiles have exactly an op and an n`;
  const [low, high] = OPERANDS[/** @type {TileOp} */ (op)];
  const { n } = /** @type {{ n?: unknown }} */ (tile);
  if (!isWhole(n) || n < low || n > high) {
    return `${op} takes a whole number n from ${low} to ${high}, got ${json(n)}`;
  }
  return null;
}

/**
 * How a player sees a tile: +54, −28, ×3, ÷4 or swap.
 * @param {Tile} tile
 */
export function label(tile) {
  return tile.op === "swap" ? "swap" : `${SYMBOLS[tile.op]}${tile.n}`;
}

/**
 * Play `tile` on `value` (a whole number in 1–9999; anything else throws).
 * Returns {ok: true, value} or {ok: false, code, reason}; codes: bad_tile,
 * inexact_divide, swap_unchanged, swap_drops_digit, too_small, too_large.
 * @param {number} value
 * @param {Tile} tile
 * @returns {TileVerdict}
 */
export function applyTile(value, tile) {
  if (!isWhole(value) || value < LOW || value > HIGH) {
    throw new RangeError(`a value is a whole number from ${LOW} to ${HIGH}, got ${json(value)}`);
  }
  const problem = tileProblem(tile);
  if (problem) return { ok: false, code: "bad_tile", reason: problem };
  // A swap has no n and no symbol: its case is the switch's default, which reads neither.
  const { op, n } = /** @type {{ op: TileOp, n: number }} */ (tile);
  const sum = `${value} ${SYMBOLS[op]} ${n}`;
  switch (op) {
    case "add":
      return value + n <= HIGH
        ? { ok: true, value: value + n }
        : { ok: false, code: "too_large", reason: `${sum} is above ${HIGH}` };
    case "sub":
      return value - n >= LOW
        ? { ok: true, value: value - n }
        : { ok: false, code: "too_small", reason: `${sum} is below ${LOW}` };
    case "mul":
      return value * n <= HIGH
        ? { ok: true, value: value * n }
        : { ok: false, code: "too_large", reason: `${sum} is above ${HIGH}` };
    case "div":
      return value % n === 0
        ? { ok: true, value: value / n }
        : { ok: false, code: "inexact_divide", reason: `${sum} is not a whole number` };
    default: {
      if (value % 10 === 0) {
        return {
          ok: false,
          code: "swap_drops_digit",
          reason: `${value} ends in 0, so swapping its digits would drop one`,
        };
      }
      const swapped = reverseDigits(value);
      return swapped !== value
        ? { ok: true, value: swapped }
        : { ok: false, code: "swap_unchanged", reason: `swapping the digits of ${value} leaves it unchanged` };
    }
  }
}

/**
 * Whether playing hand indices `tiles` in order solves `puzzle` ({start,
 * target, moves, hand}). Checks, in order: a list of whole numbers, each a
 * tile of the hand, none twice, exactly `moves` of them, every move legal, the
 * target reached. Returns {ok, code, reason, values} (values: the start and
 * each value reached while the moves were legal).
 * @param {{ start: number, target: number, moves: number, hand: Tile[] }} puzzle
 * @param {unknown} tiles
 * @returns {SolveCheck}
 */
export function checkSolve(puzzle, tiles) {
  const { hand, moves, start, target } = puzzle;
  /** @type {(code: string, reason: string, values?: number[]) => SolveCheck} */
  const fail = (code, reason, values = []) => ({ ok: false, code, reason, values });
  if (!Array.isArray(tiles) || !tiles.every(isWhole)) {
    return fail("bad_tiles", "tiles must be a list of tile numbers (0 for the first tile)");
  }
  for (const t of tiles) {
    if (t < 0 || t >= hand.length) {
      return fail("no_such_tile", `there is no tile ${t}: the hand's tiles are numbered 0 to ${hand.length - 1}`);
    }
  }
  const seen = new Set();
  for (const t of tiles) {
    if (seen.has(t)) return fail("tile_reused", `tile ${t} is played twice; each tile can be played once`);
    seen.add(t);
  }
  if (tiles.length !== moves) {
    return fail("wrong_length", `this puzzle takes exactly ${moves} moves; ${tiles.length} were played`);
  }
  const values = [start];
  for (const [i, t] of tiles.entries()) {
    const problem = tileProblem(hand[t]);
    if (problem) throw new Error(`the puzzle's tile ${t} is malformed: ${problem}`);
    const verdict = applyTile(values[values.length - 1], hand[t]);
    if (!verdict.ok) return fail("illegal_move", `move ${i + 1} (${label(hand[t])}): ${verdict.reason}`, values);
    values.push(verdict.value);
  }
  const end = values[values.length - 1];
  if (end !== target) return fail("missed_target", `the chain ends at ${end}, not at the target ${target}`, values);
  return { ok: true, code: null, reason: null, values };
}
