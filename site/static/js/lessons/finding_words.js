/**
 * The engine's findings on a lesson (engine_check.js) in the page's language. A finding is said by
 * a code and its values (`Said`: { code, values }), each code one whole message; a value is a move
 * in SAN, a figure ("+4.2"), a number, or a word of its own said the same way (who stands better,
 * "White mates in 3", "the move e2–e4"). The import page shows the words as it finds them, and the
 * finding is kept with the lesson as its code and values too, so the Lessons page says a kept
 * finding in the language it is read in (docs/lessons.md, "The engine's check").
 *
 *   findingWords({ code: 'unwon', values: { figure: '+0.3' } })   // "The line ends but the position isn’t won (+0.3)."
 */
import { number, t, tn } from '../lib/i18n.js'
/** @import { Said, SaidLeaf } from '../lesson_check_types.js' */

/** @param {number} n */
const ORDINAL = (n) => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`

/** "2nd move": the student's move by its count. @param {number} n */
function nthMove(n) {
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') return t('{n}th move', { n: number(n) })
  return `${ORDINAL(n)} move`
}

/** @typedef {Record<string, string | number>} Words a message's values, each said */

/** The words a value may be, by code. @type {Record<string, (v: Words) => string>} */
const LEAVES = {
  standing_white_mates: () => t('White mates'),
  standing_black_mates: () => t('Black mates'),
  standing_equal: () => t('the position is about equal'),
  standing_white_little: () => t('White is a little better'),
  standing_black_little: () => t('Black is a little better'),
  standing_white_clearly: () => t('White is clearly better'),
  standing_black_clearly: () => t('Black is clearly better'),
  standing_white_piece: () => t('White is up a piece'),
  standing_black_piece: () => t('Black is up a piece'),
  standing_white_rook: () => t('White is up a rook'),
  standing_black_rook: () => t('Black is up a rook'),
  standing_white_winning: () => t('White is winning easily'),
  standing_black_winning: () => t('Black is winning easily'),
  white_mates_in: (v) => tn('White mates in {n}', 'White mates in {n}', Number(v.n)),
  black_mates_in: (v) => tn('Black mates in {n}', 'Black mates in {n}', Number(v.n)),
  mate: () => t('mate'),
  move_squares: (v) => t('the move {from}–{to}', v),
}

/** The findings' messages, by code. @type {Record<string, (v: Words) => string>} */
const FINDINGS = {
  loses_white: (v) => t('White’s {nth_move} {move} loses: {standing} ({figure}).', v),
  loses_black: (v) => t('Black’s {nth_move} {move} loses: {standing} ({figure}).', v),
  loses_white_after: (v) => t('White’s {nth_move} {move} loses: after {reply} {standing} ({figure}).', v),
  loses_black_after: (v) => t('Black’s {nth_move} {move} loses: after {reply} {standing} ({figure}).', v),
  mates_as_well: (v) => tn('Another move mates as well: {move} against the line’s {line} (both mate in {n}).',
    'Another move mates as well: {move} against the line’s {line} (both mate in {n}).', Number(v.n), v),
  mates_sooner: (v) => t('Another move mates sooner: {move} ({figure}) against the line’s {line} ({line_figure}).', v),
  wins_as_well: (v) => t('Another move wins as well: {move} ({figure}) against the line’s {line} ({line_figure}).', v),
  reply_holds: (v) => t('The opponent’s reply {move} isn’t its best ({best} holds).', v),
  reply_lasts_longer: (v) => t('The opponent’s reply {move} isn’t its best ({best} lasts longer).', v),
  reply_loses_less: (v) => t('The opponent’s reply {move} isn’t its best ({best} loses less).', v),
  refutation_as_good: (v) => t('The refutation {move} is as good as the line’s move {line} ({figure} against {line_figure}): a student who plays it is told it is wrong.', v),
  refutation_better: (v) => t('The refutation {move} is better than the line’s move {line} ({figure} against {line_figure}): a student who plays it is told it is wrong.', v),
  variation_worse: (v) => t('The variation {move}, left out, is worse than the line’s move {line} ({figure} against {line_figure}): keep it as a refutation (or mark it ? in the PGN) and a student who plays it is answered with {reply}.', v),
  unwon: (v) => t('The line ends but the position isn’t won ({figure}).', v),
}

/**
 * A value's words: a word of its own said by its code (null when the code is unknown).
 * @param {string | number | SaidLeaf} value
 * @returns {string | number | null}
 */
export function valueWords(value) {
  if (typeof value !== 'object') return value
  const say = Object.hasOwn(LEAVES, value.code) ? LEAVES[value.code] : null
  return say ? say(value.values || {}) : null
}

/**
 * A finding's words in the page's language, or null when a code or value is one this page doesn't
 * know (a finding kept by a later version of the site: its kept words are shown instead).
 * @param {Said} said
 * @returns {string | null}
 */
export function findingWords(said) {
  const say = Object.hasOwn(FINDINGS, said.code) ? FINDINGS[said.code] : null
  if (!say) return null
  /** @type {Words} */
  const values = {}
  for (const [key, value] of Object.entries(said.values || {})) {
    const words = valueWords(value)
    if (words === null) return null
    values[key] = words
  }
  if (typeof values.n === 'number' && said.code.startsWith('loses_')) values.nth_move = nthMove(values.n)
  return say(values)
}
