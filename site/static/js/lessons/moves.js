// @ts-check
/**
 * A student's move in a lesson puzzle, judged by the chess game's own rules
 * (chess/rules.js, held to the server's referee by tests/vectors/chess.json):
 * the line's move is right; any other move that mates solves the puzzle too;
 * anything else is wrong.
 */
import { judge } from '../chess/rules.js'
/** @import { Chess } from '../vendor/chess.js' */
/** @import { LessonPuzzle } from '../lesson_types.js' */

/**
 * The lesson puzzle's moves (both sides', in order) as the chess rules take a line.
 * @param {LessonPuzzle} puzzle
 */
export function lineOf(puzzle) {
  return { line: puzzle.moves.map((move) => move.uci) }
}

/**
 * 'right', 'mate' (another move that mates) or 'wrong' for `uci`, already played on `chess` as move `ply`.
 * @param {LessonPuzzle} puzzle
 * @param {number} ply
 * @param {Chess} chess
 * @param {string} uci
 * @returns {'right' | 'mate' | 'wrong'}
 */
export function judgeMove(puzzle, ply, chess, uci) {
  return judge(lineOf(puzzle), ply, chess, uci)
}
