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
import { t, tn, href } from '../lib/i18n.js'
/** @import { ChainRecord } from '../chain_types.js' */

/**
 * The link a shared result carries: the Chain page, or an archive day's own URL.
 * @param {Pick<ChainRecord, 'today' | 'date'>} rec
 * @param {string} origin
 */
export function dayLink(rec, origin) {
  return rec.today ? `${origin}${href('/chain/')}` : `${origin}${href('/chain/')}#/${rec.date}`
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
    tail.push('🏳️ ' + t('Gave up'))
  } else if (isClean(rec)) {
    tail.push('🎯 ' + t('Clean'))
  } else {
    const counts = []
    if (rec.undos) counts.push('↩️ ' + tn('{n} undo', '{n} undos', rec.undos))
    if (rec.resets) counts.push('🔄 ' + tn('{n} reset', '{n} resets', rec.resets))
    tail.push(counts.join(' · '))
  }
  if (solved) tail.push(`⏱️ ${formatTime(postedSeconds(rec))}`)
  const place = rec.posted && !rec.posted.about && Number.isInteger(rec.posted.place) ? rec.posted.place : null // exact only
  if (solved && place) tail.push('🏆 ' + t('#{place} today', { place }))
  return [head, squares, tail.join(' · '), dayLink(rec, origin)].join('\n')
}
