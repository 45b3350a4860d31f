/**
 * The share text of a Storm run. It names no move and no puzzle.
 *
 *   ⚡ Storm · Mon, Nov 30
 *   🧩 23 solved · 📈 1480 highest
 *   🔥 Best combo 14 · ❌ 3
 *   🏆 #4 today
 *   https://example.org/storm/
 *
 * The place only once the server has given one (a ranked run); a practice run says so.
 */
import { shortDate } from '../lib/dates.js'
import { t, href } from '../lib/i18n.js'

/**
 * result: { date, score, highest (or null), combo_best, mistakes, place (or null), ranked }; origin: the site.
 * @param {{ date: string, score: number, highest: number | null, combo_best: number, mistakes: number, place: number | null | undefined, ranked: boolean }} result
 * @param {string} origin
 */
export function shareText(result, origin) {
  const lines = [`⚡ Storm · ${shortDate(result.date)}`]
  const solved = '🧩 ' + t('{score} solved', { score: result.score })
  lines.push(result.highest ? solved + ' · 📈 ' + t('{rating} highest', { rating: result.highest }) : solved)
  lines.push('🔥 ' + t('Best combo {n}', { n: result.combo_best }) + ' · ❌ ' + result.mistakes)
  if (result.place) lines.push('🏆 ' + t('#{place} today', { place: result.place }))
  else if (!result.ranked) lines.push('🔁 ' + t('Practice'))
  lines.push(`${origin}${href('/storm/')}`)
  return lines.join('\n')
}
