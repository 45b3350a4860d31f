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
 */
import { formatTime } from '../lib/clock.js'
import { shortDate } from '../lib/dates.js'
import { isClean } from './results.js'

const RUN_LIMIT = 12 // longer runs are written "❌×23" so the text stays short

function run(mark, n) {
  if (n <= 0) return ''
  return n > RUN_LIMIT ? `${mark}×${n}` : mark.repeat(n)
}

/**
 * result: { band, id, daily (YYYY-MM-DD or null), found, shown, mistakes, hints,
 *           seconds, solved, place (or null) }; origin: the site's address.
 */
export function shareText(result, origin) {
  const head = result.daily
    ? `♟️ Chess Puzzles · ${shortDate(result.daily)} · ${result.band}`
    : `♟️ Chess Puzzles · Endless · ${result.band}`
  const marks = run('✅', result.found) + run('👀', result.shown) + run('❌', result.mistakes) + run('💡', result.hints)
  const tail = []
  if (result.solved && isClean(result.mistakes, result.hints)) tail.push('🎯 Clean')
  tail.push(`⏱️ ${formatTime(result.seconds)}`)
  if (result.place) tail.push(`🏆 #${result.place} today`)
  const link = result.daily
    ? `${origin}/`
    : `${origin}/#/p/${encodeURIComponent(result.band)}/${encodeURIComponent(result.id)}`
  return [head, marks, tail.join(' · '), link].join('\n')
}
