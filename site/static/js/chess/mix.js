/**
 * Your own mix (issue 29, part 4): several themes at once, at a difficulty or in a rating range,
 * drawn in the browser from the theme index (docs/site.md, "Your own mix"). This module is the
 * rule alone, no I/O: what a mix is, its address (one text for the play route and the shared
 * link, read back with every fault named rather than thrown), and which places of the index it
 * holds.
 *
 * A mix is { themes: [key, ...], level: 'normal' | [low, high], name: '' }. A puzzle belongs to
 * it when it carries any of its themes (forks or pins: the union; all of them at once leaves
 * a handful) and its rating is in the range (or, for a difficulty, in the draw's windows).
 */
import { DIFFICULTY_NAMES, isDifficulty, LOWEST, HIGHEST, difficultyName } from './difficulty.js'
import { t } from '../lib/i18n.js'

export { unionPlaces, placesRated } from './places.js'
/** @import { Difficulty, Mix, Span } from '../chess_types.js' */

export const MAX_THEMES = 12
export const MAX_NAME = 40
const KEY = /^[A-Za-z0-9]{1,40}$/
const RANGE = /^(\d{1,4})-(\d{1,4})$/

/**
 * The mix's address after `#/mix/`: "fork,pin/1400-1700" or "fork,pin/harder", then the name if any.
 * @param {Mix} mix
 */
export function mixPath(mix) {
  const level = Array.isArray(mix.level) ? `${mix.level[0]}-${mix.level[1]}` : mix.level
  const path = `${mix.themes.join(',')}/${level}`
  return mix.name ? `${path}/${encodeURIComponent(mix.name)}` : path
}

/**
 * "1400–1700" or "harder": how a mix's level reads.
 * @param {Mix['level']} level
 */
export function levelWords(level) {
  return Array.isArray(level) ? `${level[0]}–${level[1]}` : difficultyName(level)
}

/**
 * A name as kept: spaces folded, control characters out, at most MAX_NAME characters.
 * @param {unknown} text
 */
export function cleanName(text) {
  // eslint-disable-next-line no-control-regex
  return String(text ?? '').replace(/\s+/g, ' ').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, MAX_NAME)
}

/**
 * Read a mix from its address's parts (after "mix": themes, level, name; already decoded),
 * against the themes the index has. Answers { mix } or { error: words for the player }; never
 * throws, whatever it is given.
 * @param {unknown} parts
 * @param {ReadonlySet<string>} known
 * @returns {{ mix: Mix, error?: undefined } | { error: string, mix?: undefined }}
 */
export function readMix(parts, known) {
  const [themesText, levelText, nameText, ...rest] = Array.isArray(parts) ? parts : []
  if (rest.length || typeof themesText !== 'string' || typeof levelText !== 'string') {
    return { error: t('This link doesn’t name a mix: it needs themes and a difficulty or rating range.') }
  }
  /** @type {string[]} */
  const themes = []
  for (const key of themesText.split(',')) {
    if (!key) continue
    if (!KEY.test(key) || !known.has(key)) return { error: t('There is no theme called “{theme}”.', { theme: key.slice(0, 40) }) }
    if (!themes.includes(key)) themes.push(key)
  }
  if (!themes.length) return { error: t('A mix needs at least one theme.') }
  if (themes.length > MAX_THEMES) return { error: t('A mix holds at most {n} themes.', { n: MAX_THEMES }) }
  const level = readLevel(levelText)
  if (level.error) return level
  const name = typeof nameText === 'string' ? cleanName(nameText) : ''
  return { mix: { themes, level: /** @type {Mix['level']} */ (level.level), name } } // no error: a level
}

/**
 * A difficulty's name or "low-high" inside the bundle's ratings: { level } or { error }.
 * @param {unknown} text
 * @returns {{ level: Difficulty | Span, error?: undefined } | { error: string, level?: undefined }}
 */
export function readLevel(text) {
  if (isDifficulty(text)) return { level: text }
  const range = RANGE.exec(String(text))
  if (!range) return { error: t('“{text}” is neither a difficulty ({names}) nor a rating range such as 1400-1700.', { text: String(text).slice(0, 20), names: DIFFICULTY_NAMES.join(', ') }) }
  const [low, high] = [Number(range[1]), Number(range[2])]
  if (low > high) return { error: t('The rating range {low}–{high} runs backwards: put the lower rating first.', { low, high }) }
  if (low < LOWEST || high > HIGHEST) return { error: t('Puzzles are rated {lowest} to {highest}: the range {low}–{high} goes outside that.', { lowest: LOWEST, highest: HIGHEST, low, high }) }
  return { level: [low, high] }
}
