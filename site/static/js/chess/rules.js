// The rules of Chess Puzzles in the browser: the same as the server's referee
// (puzzlebook/chess/referee.py). tests/vectors/chess.json is run through both,
// so the two engines (chess.js here, python-chess there) can't drift apart.
//
// chess.js is imported from the built site's vendor folder; the node tests map
// that path to node_modules (tests/js/vendor_hooks.mjs).
/** @import { Square } from '../vendor/chess.js' */
/** @import { LinePuzzle, Ruling } from '../line_types.js' */
import { Chess } from '../vendor/chess.js';
import { UCI } from '../games.js';
import { solution, solverColor } from './puzzle.js';

// A puzzle's own facts need no chess.js: they live in puzzle.js, and are the rules' too.
export { fromRow, gameUrl, solution, solverColor } from './puzzle.js';

/**
 * Play `uci` on `chess` if it is a legal move there; true if it was played.
 * The promotion piece is part of the move: e7e8 where a pawn promotes, or
 * e2e4q, name no move (chess.js alone would ignore a stray promotion letter).
 * @param {Chess} chess
 * @param {unknown} uci
 * @returns {boolean}
 */
export function play(chess, uci) {
  if (typeof uci !== 'string' || !UCI.test(uci)) return false;
  const from = /** @type {Square} */ (uci.slice(0, 2));
  const to = /** @type {Square} */ (uci.slice(2, 4));
  const promotion = uci[4];
  const legal = chess.moves({ square: from, verbose: true });
  if (!legal.some((m) => m.to === to && m.promotion === promotion)) return false;
  chess.move({ from, to, promotion });
  return true;
}

/**
 * A new game at the puzzle's FEN with the first `ply` moves of its line played.
 * @param {LinePuzzle} puzzle
 * @param {number} ply
 * @returns {Chess}
 */
export function positionAt(puzzle, ply) {
  if (!(ply >= 0 && ply <= puzzle.line.length)) {
    throw new RangeError(`puzzle ${puzzle.id}: ply ${ply} is outside its line`);
  }
  const chess = new Chess(puzzle.fen);
  for (const uci of puzzle.line.slice(0, ply)) {
    if (!play(chess, uci)) throw new Error(`puzzle ${puzzle.id}: its line move ${uci} is not legal`);
  }
  return chess;
}

/**
 * Judge the solver's move `uci`, already played on `chess`, as move `ply` of
 * the line: 'right' (the line's move), 'mate' (another move that mates, so
 * the puzzle is solved) or 'wrong'.
 * @param {LinePuzzle} puzzle
 * @param {number} ply
 * @param {Chess} chess
 * @param {string} uci
 * @returns {Ruling}
 */
export function judge(puzzle, ply, chess, uci) {
  if (uci === puzzle.line[ply]) return 'right';
  return chess.isCheckmate() ? 'mate' : 'wrong';
}

/**
 * The verdict on trying `uci` as move `ply`, or 'illegal' if it can't be played there.
 * @param {LinePuzzle} puzzle
 * @param {number} ply
 * @param {string} uci
 * @returns {Ruling | 'illegal'}
 */
export function attempt(puzzle, ply, uci) {
  const chess = positionAt(puzzle, ply);
  if (!play(chess, uci)) return 'illegal';
  return judge(puzzle, ply, chess, uci);
}

/**
 * Replay a solve (the solver's moves only, in order): true if every move is
 * legal and right, the line's answers played in between, and the last either
 * ends the line or mates.
 * @param {LinePuzzle} puzzle
 * @param {unknown} moves
 * @returns {boolean}
 */
export function solves(puzzle, moves) {
  const line = puzzle.line;
  if (!Array.isArray(moves) || moves.length < 1 || moves.length > Math.floor(line.length / 2)) return false;
  const chess = positionAt(puzzle, 1);
  for (let k = 0; k < moves.length; k++) {
    const ply = 2 * k + 1;
    const uci = moves[k];
    if (!play(chess, uci)) return false;
    const verdict = judge(puzzle, ply, chess, uci);
    if (verdict === 'wrong') return false;
    const last = k === moves.length - 1;
    if (verdict === 'mate') return last;
    if (last) return ply === line.length - 1;
    if (!play(chess, line[ply + 1])) return false;
  }
  return false;
}

/**
 * Whether a solve follows the line but for its last move (right only if that move mates).
 * @param {LinePuzzle} puzzle
 * @param {string[]} moves
 */
export function needsReferee(puzzle, moves) {
  const line = solution(puzzle);
  const n = moves.length;
  if (!(n > 0 && n <= line.length) || moves[n - 1] === line[n - 1]) return false;
  return moves.slice(0, -1).every((uci, k) => uci === line[k]);
}

/**
 * The fewest whole seconds a real solve of `moves` takes: one a move, one at least.
 * @param {string[]} moves
 */
export function minSeconds(moves) {
  return Math.max(1, moves.length);
}
