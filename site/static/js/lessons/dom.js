/**
 * Words for the lesson and class pages: counts, dates, copying. Their elements are built with
 * lib/dom.js (every text as textContent, never as HTML); `el` and `$` are passed on from there
 * for the modules that still import them here.
 */
export { el, $ } from '../lib/dom.js'
import { LANG } from '../lib/i18n.js'

/**
 * "1 puzzle", "3 puzzles".
 * @param {number} n
 * @param {string} word
 */
export function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/**
 * A date-time stamp ("2026-11-02T12:00:00Z") as "2 Nov 2026".
 * @param {string | number} stamp
 */
export function shortDate(stamp) {
  const date = new Date(stamp)
  if (Number.isNaN(date.getTime())) return ''
  return date.toLocaleDateString(LANG === 'en' ? 'en-GB' : LANG, { day: 'numeric', month: 'short', year: 'numeric' })
}

/**
 * Copy `text` to the clipboard; true when it worked.
 * @param {string} text
 */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}
