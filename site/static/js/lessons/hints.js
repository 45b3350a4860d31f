/**
 * A lesson's hint, step by step (pure): the teacher's words first, when the move has them, then
 * the piece to move, then its square too. H asks for the next step; a wrong move may show the
 * teacher's words at once (lessons/ctrl.js).
 */
/** @import { Square } from '../vendor/chess.js' */
/** @import { LessonMove } from '../lesson_types.js' */
import { t } from '../lib/i18n.js'

/**
 * How many steps the hint of `move` has.
 * @param {LessonMove} move
 */
export const hintSteps = (move) => (move.hint ? 3 : 2)

/**
 * What step `level` (from 1) of `move`'s hint shows: its words, and the squares it marks (the
 * piece's, then its square's too). `what`: the piece to move, in words ("the knight on f3").
 * @param {LessonMove} move
 * @param {number} level
 * @param {string} what
 * @returns {{ words: string, from: Square | null, to: Square | null }}
 */
export function hintAt(move, level, what) {
  const from = /** @type {Square} */ (move.uci.slice(0, 2))
  const to = /** @type {Square} */ (move.uci.slice(2, 4))
  const step = move.hint ? level - 1 : level
  if (step === 0) return { words: t('Hint: {hint}', { hint: move.hint ?? '' }), from: null, to: null }
  if (step === 1) return { words: t('Hint: {piece}.', { piece: what }), from, to: null }
  return { words: t('Hint: {piece} goes to {square}.', { piece: what, square: to }), from, to }
}
