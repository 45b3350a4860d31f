/**
 * A lesson puzzle as the puzzle line (chess/line.js) plays it: its moves, both sides', in order,
 * judged by the chess game's own rules (chess/rules.js, held to the server's referee by
 * tests/vectors/chess.json): the line's move is right; any other move that mates solves the puzzle
 * too; anything else is wrong.
 */
/** @import { LessonPuzzle } from '../lesson_types.js' */
/** @import { LinePuzzle } from '../line_types.js' */

/**
 * The lesson puzzle's moves (both sides', in order) as the chess rules take a line.
 * @param {Pick<LessonPuzzle, 'fen' | 'moves'> & { index?: number }} puzzle
 * @returns {LinePuzzle}
 */
export function lineOf(puzzle) {
  return { id: `lesson puzzle ${puzzle.index ?? ''}`.trim(), fen: puzzle.fen, line: puzzle.moves.map((move) => move.uci) }
}
