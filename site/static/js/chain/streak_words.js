/**
 * Chain's streak line, one whole sentence a language writes as it likes: "Chain streak: 12 days."
 * or, when the streak used freezes, "Chain streak: 12 days · 1 freeze used." (the freezes' count
 * said by lib/dates.js's freezesWords, a value of the sentence rather than glued on).
 */
import { freezesWords } from '../lib/dates.js'
import { tn } from '../lib/i18n.js'

/**
 * @param {{ length: number, freezesUsed?: number | null }} run
 */
export function chainStreakWords({ length, freezesUsed }) {
  if (!freezesUsed) return tn('Chain streak: {n} day.', 'Chain streak: {n} days.', length)
  const freezes = freezesWords(freezesUsed)
  return tn('Chain streak: {n} day · {freezes}.', 'Chain streak: {n} days · {freezes}.', length, { freezes })
}
