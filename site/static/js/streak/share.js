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

/**
 * result: { date, score, highest (or null), skipped (or null), place (or null), ranked }; origin: the site.
 * @param {{ date: string, score: number, highest: number | null, skipped: number | null, place: number | null | undefined, ranked: boolean }} result
 * @param {string} origin
 */
export function shareText(result, origin) {
  const lines = [`🔥 Streak · ${shortDate(result.date)}`]
  const solved = `🧩 ${result.score} solved`
  lines.push(result.highest ? `${solved} · 📈 ${result.highest} highest` : solved)
  lines.push(result.skipped ? '⏭️ Skip used' : '⏭️ No skip used')
  if (result.place) lines.push(`🏆 #${result.place} today`)
  else if (!result.ranked) lines.push('🔁 Practice')
  lines.push(`${origin}/streak/`)
  return lines.join('\n')
}
