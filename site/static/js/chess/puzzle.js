// A puzzle's facts read from its row alone, without chess.js: the play view draws its first board
// from these while chess.js (rules.js) is still coming (docs/site.md, "The first board").
/** @import { Color } from '../vendor/chess.js' */
/** @import { ChessPuzzle, PuzzleRow } from '../chess_types.js' */
/** @import { LinePuzzle } from '../line_types.js' */

/**
 * A puzzle from a shard's row [id, fen, moves, rating, themes], with the source game's
 * reference ('<game id>#<ply>') as a sixth field when the bundle knows it.
 * @param {PuzzleRow} row
 * @param {string} band
 * @returns {ChessPuzzle}
 */
export function fromRow(row, band) {
  const [id, fen, moves, rating, themes, game] = row;
  return { id, band, fen, line: moves.split(' '), rating, themes: themes ? themes.split(' ') : [], game: game || '' };
}

// The bundle's reference to a source game (puzzlebook/chess/source_game.py REF_RE).
const GAME_REF = /^([0-9A-Za-z]{8})#(0|[1-9][0-9]{0,3})$/;

/**
 * The puzzle's source game on Lichess, at the puzzle's move and from the solver's side, or
 * null when the bundle doesn't know it. tests/vectors/source_game.json binds it to the
 * bundle maker's reading of the dump's GameUrl.
 * @param {ChessPuzzle} puzzle
 */
export function gameUrl(puzzle) {
  const found = GAME_REF.exec(puzzle.game || '');
  if (!found) return null;
  return `https://lichess.org/${found[1]}${solverColor(puzzle) === 'b' ? '/black' : ''}#${found[2]}`;
}

/**
 * The solver's moves: every other move of the line, from the second.
 * @param {LinePuzzle} puzzle
 */
export function solution(puzzle) {
  return puzzle.line.filter((_, ply) => ply % 2 === 1);
}

/**
 * The solver's side, 'w' or 'b': the side not to move in the FEN.
 * @param {{ fen: string }} puzzle
 * @returns {Color}
 */
export function solverColor(puzzle) {
  return puzzle.fen.split(' ')[1] === 'w' ? 'b' : 'w';
}
