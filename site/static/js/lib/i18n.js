/**
 * The page's words in the page's language (docs/languages.md, "The browser's words").
 *
 * A module writes its English and marks it: `t('Solved in {time}', { time })`, and a count's
 * words `tn('{n} puzzle', '{n} puzzles', n)`. `python -m ops.messages` extracts them into
 * locale/browser.pot; the build writes each language's translation into that language's copy of
 * the modules (sitebuild/js_messages.py), a plural as its forms by CLDR category, which
 * Intl.PluralRules picks from. So here a message is already in the page's language: t() fills in
 * its values. English, the sources as they are, never makes an Intl object for a plural.
 *
 * Numbers, dates and times go through Intl in the page's language.
 */

/** @typedef {Record<string, string | number>} Values */
/** @typedef {Partial<Record<Intl.LDMLPluralRule, string>>} PluralForms */

/**
 * The page's language, a BCP 47 tag: the build's constant in each language's bundles (PAGE_LANG,
 * site/types/page_lang.d.ts); English where the modules run unbundled (node --test). Code for the
 * other languages alone tests the constant itself, `if (typeof PAGE_LANG === 'string' &&
 * PAGE_LANG !== 'en')`, which esbuild decides as it bundles, so English's bundles keep none of it
 * (a test on LANG, imported, is not decided there).
 */
export const LANG = typeof PAGE_LANG === 'string' ? PAGE_LANG : 'en'

/** The page's path prefix: '' for English at the root, else '/' and the tag lowercased ('/pt-br'). */
export const PREFIX = LANG === 'en' ? '' : '/' + LANG.toLowerCase()

/**
 * `text` with each `{name}` replaced by its value (a name without a value is left as it is).
 * @param {string} text
 * @param {Values} [values]
 */
function fill(text, values) {
  if (!values) return text
  return text.replace(/\{(\w+)\}/g, (whole, /** @type {string} */ name) => (name in values ? String(values[name]) : whole))
}

/**
 * A message in the page's language, its values filled in.
 * @param {string} text
 * @param {Values} [values]
 */
export function t(text, values) {
  return fill(text, values)
}

/** @type {Intl.PluralRules | undefined} */
let rules

/**
 * A count's message: English's two forms as written (`one` for 1, `other` otherwise), or the
 * build's forms of a translation, picked by the page's language's rule. `{n}` is the count as
 * the language writes numbers unless `values` says otherwise.
 * @param {string | PluralForms} one
 * @param {string} other
 * @param {number} n
 * @param {Values} [values]
 */
export function tn(one, other, n, values) {
  let form
  if (typeof one === 'string') {
    form = n === 1 ? one : other
  } else {
    rules ??= new Intl.PluralRules(LANG)
    form = one[rules.select(n)] ?? one.other ?? Object.values(one).at(-1) ?? ''
  }
  return fill(form, { n: number(n), ...values })
}

/** @type {Map<string, Intl.NumberFormat>} */
const numberFormats = new Map()

/**
 * A number as the page's language writes it (1,234 · 1 234 · 1.234).
 * @param {number} n
 * @param {Intl.NumberFormatOptions} [options]
 */
export function number(n, options) {
  if (LANG === 'en' && !options && Number.isInteger(n) && Math.abs(n) < 1000) return String(n)
  const key = JSON.stringify(options ?? {})
  let format = numberFormats.get(key)
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(LANG, options)))
  return format.format(n)
}

/**
 * A date (YYYY-MM-DD, a day of the calendar, not an instant) in the page's language.
 * @param {string} day
 * @param {Intl.DateTimeFormatOptions} options
 */
export function dayWords(day, options) {
  const [y, m, d] = day.split('-').map(Number)
  return new Intl.DateTimeFormat(LANG, { ...options, timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)))
}

/**
 * An instant in the player's own zone, in the page's language.
 * @param {Date} at
 * @param {Intl.DateTimeFormatOptions} options
 */
export function timeWords(at, options) {
  return new Intl.DateTimeFormat(LANG, options).format(at)
}

/**
 * A page's address (an English path at the root, '/chain/') in the page's language ('/es/chain/').
 * @param {string} path
 */
export function href(path) {
  return PREFIX + path
}

/**
 * Items as one list in the page's language: "Bo, Cy and Di" (English as the site writes it, no
 * comma before "and"), "Bo, Cy y Di", "Bo وCy وDi" (Intl.ListFormat).
 * @param {string[]} items
 */
export function list(items) {
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') return new Intl.ListFormat(LANG, { type: 'conjunction' }).format(items)
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}
