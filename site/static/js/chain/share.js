/**
 * The share text of a finished Chain. It names the game, the day and the
 * level, shows each move as a neutral square, and never a tile, a value or
 * the target:
 *
 *   ⛓️ Chain · Mon, Sep 7 · Easy
 *   🟩🟩🟩
 *   🎯 Clean · ⏱️ 0:41 · 🏆 #3 today
 *   https://example.org/chain/
 *
 * Line 2 is a 🟩 per move of a solve, or a ⬜ per move for a day given up.
 * Line 3: "🎯 Clean" (no undo, no reset) or the undos and resets
 * ("↩️ 2 undos · 🔄 1 reset"), or "🏳️ Gave up"; then the time; then the place
 * on the day's board once the server has given one. Today's Chain links the
 * page; an archive day links its own URL.
 */
import { formatTime } from '../lib/clock.js'
import { shortDate } from '../lib/dates.js'
import { LEVELS, isClean, postedSeconds } from './state.js'
import { plural } from './words.js'
/** @import { ChainRecord } from '../chain_types.js' */

/**
 * The link a shared result carries: the Chain page, or an archive day's own URL.
 * @param {Pick<ChainRecord, 'today' | 'date'>} rec
 * @param {string} origin
 */
export function dayLink(rec, origin) {
  return rec.today ? `${origin}/chain/` : `${origin}/chain/#/${rec.date}`
}

/**
 * The share text of `rec` (a finished record); `origin`: the site's address.
 * @param {ChainRecord} rec
 * @param {string} origin
 */
export function shareText(rec, origin) {
  const { puzzle } = rec
  const head = `⛓️ Chain · ${shortDate(rec.date)} · ${LEVELS[puzzle.level]}`
  const solved = rec.state === 'solved'
  const squares = (solved ? '🟩' : '⬜').repeat(puzzle.moves)
  const tail = []
  if (!solved) {
    tail.push('🏳️ Gave up')
  } else if (isClean(rec)) {
    tail.push('🎯 Clean')
  } else {
    const counts = []
    if (rec.undos) counts.push(`↩️ ${plural(rec.undos, 'undo')}`)
    if (rec.resets) counts.push(`🔄 ${plural(rec.resets, 'reset')}`)
    tail.push(counts.join(' · '))
  }
  if (solved) tail.push(`⏱️ ${formatTime(postedSeconds(rec))}`)
  const place = rec.posted && !rec.posted.about && Number.isInteger(rec.posted.place) ? rec.posted.place : null // exact only
  if (solved && place) tail.push(`🏆 #${place} today`)
  return [head, squares, tail.join(' · '), dayLink(rec, origin)].join('\n')
}
