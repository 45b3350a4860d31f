/**
 * What a finished go at a Chain day counts for in this browser: the server's
 * rules (puzzlebook/chain/results.py) on the counts this browser keeps
 * (chain/store.js: the tally and the days of the streak).
 *
 * The first result for a day stands: a finished go is never played again
 * (state.js refuses every tile and a give-up once it is over). A solve is
 * clean with no undo and no reset (state.js isClean). Only a solve that ends
 * on its own site day counts for the streak, as only a solve posted on its
 * own day goes on the server's board. tests/vectors/chain_results.json holds
 * both sides to the same histories.
 */
import { isClean } from './state.js'
/** @import { ChainOutcome, ChainRecord } from '../chain_types.js' */
/** @import { StatsDay } from '../stats_types.js' */

/**
 * What finishing `rec` (just solved or given up) on the site day `today`
 * counts, or null while it is still in play:
 *   { kind: 'solve' | 'giveup', clean, counts: ['solved', 'clean'] | ['solved'] | ['gaveup'], streakDay }
 * `streakDay` is the date to mark for the streak (a solve ending on its own
 * day), else null.
 * @param {ChainRecord} rec
 * @param {string} today
 * @returns {ChainOutcome | null}
 */
export function settled(rec, today) {
  if (rec.state === 'gaveup') return { kind: 'giveup', clean: false, counts: ['gaveup'], streakDay: null }
  if (rec.state !== 'solved') return null
  const clean = isClean(rec)
  const onItsDay = rec.today && rec.date === today
  return { kind: 'solve', clean, counts: clean ? ['solved', 'clean'] : ['solved'], streakDay: onItsDay ? rec.date : null }
}

/**
 * A day's record as the stats panel's day (lib/stats.js), or null while in play: clean (no undo, no
 * reset) or with help, with its time and undos, or missed (given up), as GET /api/me/stats/chain.
 * @param {ChainRecord | null | undefined} rec
 * @returns {StatsDay | null}
 */
export function statsDay(rec) {
  if (!rec || typeof rec.date !== 'string') return null
  if (rec.state === 'gaveup') return { day: rec.date, result: 'missed', seconds: null, undos: null }
  if (rec.state !== 'solved') return null
  return { day: rec.date, result: isClean(rec) ? 'clean' : 'help', seconds: rec.seconds, undos: rec.undos }
}
