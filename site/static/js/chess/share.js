/**
 * The share text of a finished puzzle. It never names a move.
 *
 *   ♟️ Chess Puzzles · Sun, Oct 19 · Medium
 *   ✅✅❌💡
 *   🎯 Clean · ⏱️ 0:41 · 🏆 #3 today
 *   https://example.org/
 *
 * Line 2 is a square per solver move (✅ found, 👀 shown by Show solution),
 * then a ❌ per wrong try and a 💡 per hint. "🎯 Clean" only for a solve
 * without mistakes or hints; the place only once the server has given one.
 * A daily links the game (so the puzzle isn't given away); Endless links the puzzle.
 * A replay (Replay missed: unrated, never posted) says so, "· Replay ·" and "🔁 Unrated" in
 * place of "🎯 Clean", and links the puzzle: it never reads as a clean rated solve.
 */
/** @import { ShareResult } from '../chess_types.js' */
import { formatTime } from '../lib/clock.js'
import { shortDate } from '../lib/dates.js'
import { isClean } from './results.js'
import { bandName } from './words.js'
import { t, href } from '../lib/i18n.js'

const RUN_LIMIT = 12 // longer runs are written "❌×23" so the text stays short

/**
 * @param {string} mark
 * @param {number} n
 */
function run(mark, n) {
  if (n <= 0) return ''
  return n > RUN_LIMIT ? `${mark}×${n}` : mark.repeat(n)
}

/**
 * result: { band, id, daily (YYYY-MM-DD or null), found, shown, mistakes, hints,
 *           seconds, solved, replay, review, place (or null) }; origin: the site's address.
 * @param {ShareResult} result
 * @param {string} origin
 */
export function shareText(result, origin) {
  const daily = result.daily && !result.replay
  let kind = t('Endless')
  if (result.review) kind = t('Review')
  else if (result.replay) kind = t('Replay')
  else if (daily) kind = shortDate(/** @type {string} */ (result.daily))
  const head = ['♟️ ' + t('Chess Puzzles'), kind, bandName(result.band)].join(' · ')
  const marks = run('✅', result.found) + run('👀', result.shown) + run('❌', result.mistakes) + run('💡', result.hints)
  const tail = []
  if (result.replay) tail.push('🔁 ' + t('Unrated'))
  else if (result.solved && isClean(result.mistakes, result.hints)) tail.push('🎯 ' + t('Clean'))
  tail.push(`⏱️ ${formatTime(result.seconds)}`)
  if (result.place && !result.replay) tail.push('🏆 ' + t('#{place} today', { place: result.place }))
  const home = origin + href('/') // the game in the page's language
  const link = daily ? home : `${home}#/p/${encodeURIComponent(result.band)}/${encodeURIComponent(result.id)}`
  return [head, marks, tail.join(' · '), link].join('\n')
}
