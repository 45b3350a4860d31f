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

/**
 * result: { date, score, highest (or null), combo_best, mistakes, place (or null), ranked }; origin: the site.
 * @param {{ date: string, score: number, highest: number | null, combo_best: number, mistakes: number, place: number | null | undefined, ranked: boolean }} result
 * @param {string} origin
 */
export function shareText(result, origin) {
  const lines = [`⚡ Storm · ${shortDate(result.date)}`]
  const solved = `🧩 ${result.score} solved`
  lines.push(result.highest ? `${solved} · 📈 ${result.highest} highest` : solved)
  lines.push(`🔥 Best combo ${result.combo_best} · ❌ ${result.mistakes}`)
  if (result.place) lines.push(`🏆 #${result.place} today`)
  else if (!result.ranked) lines.push('🔁 Practice')
  lines.push(`${origin}/storm/`)
  return lines.join('\n')
}
