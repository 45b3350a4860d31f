/**
 * What a chess puzzle's first result is called, one name each, wherever a page says it: the results
 * sheet, the history, the stats panel, the account page and the review (docs/ratings.md, "One
 * result, one name"). The server's copy is puzzlebook/chess/result_names.py; both are held to
 * tests/vectors/result_names.json.
 *
 * The results are the history's: a solve is clean (no wrong move, no hint), with help (hints, no
 * wrong move) or after a mistake (a wrong move first: the rating counted the wrong move, a loss); a
 * miss is missed (a wrong move, not solved) or shown (Show solution before any wrong move).
 */
/** @import { ChessRecord, HistoryResult } from '../chess_types.js' */
import { t } from '../lib/i18n.js'

/** @type {Readonly<Record<HistoryResult, string>>} */
export const NAMES = Object.freeze({
  clean: t('Solved cleanly'),
  help: t('Solved with help'),
  mistake: t('Solved after a mistake'),
  missed: t('Missed'),
  shown: t('Solution shown'),
})

/** @type {readonly HistoryResult[]} the results, the best first */
export const BEST_FIRST = ['clean', 'help', 'mistake', 'missed', 'shown']

/** @type {readonly HistoryResult[]} the results that are solves */
export const SOLVES = ['clean', 'help', 'mistake']

/**
 * The first result a finished record is, as the server's history reads it (a wrong move at any
 * point, or Show solution, came first).
 * @param {Pick<ChessRecord, 'state' | 'mistakes' | 'hints' | 'missed' | 'tries'>} rec
 * @returns {HistoryResult}
 */
export function resultOfRecord(rec) {
  if (rec.state === 'solved') return rec.missed || rec.mistakes ? 'mistake' : rec.hints ? 'help' : 'clean'
  return rec.tries && rec.tries.length ? 'missed' : 'shown'
}
