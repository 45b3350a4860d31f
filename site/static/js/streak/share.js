/**
 * The share text of a Streak run. It names no move and no puzzle.
 *
 *   🔥 Streak · Wed, Dec 2
 *   🧩 12 solved · 📈 1480 highest
 *   ⏭️ Skip used
 *   🏆 #4 today
 *   https://example.org/streak/
 *
 * The place only once the server has given one (a ranked run); a practice run says so.
 */
import { shortDate } from '../lib/dates.js'
import { t, href } from '../lib/i18n.js'

/**
 * result: { date, score, highest (or null), skipped (or null), place (or null), ranked }; origin: the site.
 * @param {{ date: string, score: number, highest: number | null, skipped: number | null, place: number | null | undefined, ranked: boolean }} result
 * @param {string} origin
 */
export function shareText(result, origin) {
  const lines = [`🔥 Streak · ${shortDate(result.date)}`]
  const solved = '🧩 ' + t('{score} solved', { score: result.score })
  lines.push(result.highest ? solved + ' · 📈 ' + t('{rating} highest', { rating: result.highest }) : solved)
  lines.push(result.skipped ? '⏭️ ' + t('Skip used') : '⏭️ ' + t('No skip used'))
  if (result.place) lines.push('🏆 ' + t('#{place} today', { place: result.place }))
  else if (!result.ranked) lines.push('🔁 ' + t('Practice'))
  lines.push(`${origin}${href('/streak/')}`)
  return lines.join('\n')
}
