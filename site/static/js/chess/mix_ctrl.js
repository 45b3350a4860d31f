/**
 * The themes page's "Make your own mix" (docs/site.md, "Your own mix"): the controller. It holds
 * the mix being made, the mixes saved in this browser and how many puzzles match, takes the
 * player's intents (a theme ticked, the level, a name saved, a link opened) and calls
 * `ui.redraw()`. It never touches the DOM (node drives it with a stand-in view); its helpers are
 * given: `storage` (lib/storage.js's namespace), `count` ({themes, low, high} -> number or null:
 * bundle.js countRated) and `centre(step)` (the rating a difficulty draws around).
 */
import { readMix, readLevel, mixPath, levelWords, cleanName, MAX_THEMES } from './mix.js'
import { HALF_WIDTHS, LOWEST, HIGHEST, DEFAULT_DIFFICULTY, difficultyName } from './difficulty.js'
import { t, tn, href } from '../lib/i18n.js'
/** @import { Difficulty, Mix, MixRead, MixUi, SavedMix, Span } from '../chess_types.js' */
/** @import { Namespace } from '../storage_types.js' */
/**
 * The controller's helpers: where mixes are saved, how puzzles are counted, the rating a difficulty
 * draws around, its view, and the themes the index has.
 * @typedef {{ storage: Namespace, count: (query: { themes: string[], low: number, high: number }) => Promise<number | null> | number | null,
 *   centre: (step: Difficulty) => number, ui: MixUi, known?: ReadonlySet<string> }} MixHelpers
 */

export const MAX_SAVED = 30
const SAVED = 'mixes'

export class MixCtrl {
  /** @param {MixHelpers} helpers */
  constructor({ storage, count, centre, ui, known = new Set() }) {
    this.storage = storage
    this.countWith = count
    this.centre = centre
    this.ui = ui
    this.known = known
    /** @type {string[]} */
    this.themes = []
    /** @type {'range' | 'difficulty'} */
    this.kind = 'range'
    /** @type {Difficulty} */
    this.step = DEFAULT_DIFFICULTY
    this.rangeText = ['1400', '1700']
    this.name = ''
    this.open = false
    this.shared = false // opened from a shared link: its name, count and Play head the card
    this.message = '' // why a link or a save didn't take
    /** @type {number | null} */
    this.count = null // puzzles matching, once counted
    this.countedFor = ''
    this.counting = false
    this.serial = 0
  }

  /**
   * The themes the index has (the page knows them once it has read /shards/index.json).
   * @param {ReadonlySet<string>} known
   */
  setKnown(known) {
    this.known = known
    this.recount()
  }

  /**
   * { mix } or { error } for what the form holds now.
   * @returns {MixRead}
   */
  current() {
    if (!this.themes.length) return { error: t('Choose at least one theme.') }
    const level = this.kind === 'difficulty' ? { level: this.step } : readLevel(`${this.rangeText[0].trim()}-${this.rangeText[1].trim()}`)
    if (level.error) return level
    return { mix: { themes: [...this.themes], level: /** @type {Mix['level']} */ (level.level), name: cleanName(this.name) } }
  }

  /** The mix's play address on the chess page, or null while the form doesn't make one. */
  playHref() {
    const { mix } = this.current()
    return mix ? `${href('/')}#/mix/${mixPath(mix)}` : null
  }

  /**
   * The link that opens this mix on the themes page (the shared link), or ''.
   * @param {string} origin
   */
  shareLink(origin) {
    const { mix } = this.current()
    return mix ? `${origin}/themes/#/mix/${mixPath(mix)}` : ''
  }

  /** The live region's words: how many puzzles match, or what is missing. */
  countWords() {
    const got = this.current()
    if (got.error) return got.error
    const mix = /** @type {Mix} */ (got.mix) // no error: a mix
    const [low, high] = this.span(mix.level)
    if (this.count === null || this.countedFor !== this.countKey(mix)) return this.counting ? t('Counting the puzzles…') : ''
    const n = this.count
    const values = { low, high }
    if (this.kind === 'range') {
      if (this.themes.length === 1) {
        return n ? tn('{n} puzzle of this theme rated {low}–{high}.', '{n} puzzles of this theme rated {low}–{high}.', n, values)
          : t('No puzzles of this theme rated {low}–{high}.', values)
      }
      return n ? tn('{n} puzzle of these themes rated {low}–{high}.', '{n} puzzles of these themes rated {low}–{high}.', n, values)
        : t('No puzzles of these themes rated {low}–{high}.', values)
    }
    const at = { ...values, difficulty: difficultyName(String(mix.level)) }
    return n ? tn('{n} puzzle rated {low}–{high}, around your rating at {difficulty}.', '{n} puzzles rated {low}–{high}, around your rating at {difficulty}.', n, at)
      : t('No puzzles rated {low}–{high}, around your rating at {difficulty}: the mix will draw from further out.', at)
  }

  /**
   * The ratings the count covers: the range, or a difficulty's first window (the draw widens past it).
   * @param {Mix['level']} level
   * @returns {Span}
   */
  span(level) {
    if (Array.isArray(level)) return level
    const centre = this.centre(level)
    return [Math.max(LOWEST, centre - HALF_WIDTHS[0]), Math.min(HIGHEST, centre + HALF_WIDTHS[0])]
  }

  /** @param {Mix} mix */
  countKey(mix) {
    return `${mix.themes.join(',')}/${this.span(mix.level).join('-')}`
  }

  /** @returns {SavedMix[]} */
  saved() {
    const list = this.storage.get(SAVED, [])
    if (!Array.isArray(list)) return []
    // A saved mix is read back as a link is: one the index can't play any more is left out.
    /** @type {{ item: { path?: unknown } | null, read: MixRead }[]} */
    const items = list.map((item) => ({ item, read: typeof item?.path === 'string' ? readMix(item.path.split('/').map(safeDecode), this.known) : { error: 'unreadable' } }))
    const readable = /** @type {{ read: { mix: Mix } }[]} */ (items.filter(({ read }) => !read.error)) // a mix each
    return readable.map(({ read }) => ({ ...read.mix, path: mixPath(read.mix), level: read.mix.level, words: levelWords(read.mix.level) }))
  }

  // ---- intents -------------------------------------------------------------------

  /**
   * @param {string} key
   * @param {boolean} on
   */
  toggleTheme(key, on) {
    this.message = ''
    if (on && !this.themes.includes(key)) {
      if (this.themes.length >= MAX_THEMES) {
        this.message = t('A mix holds at most {n} themes.', { n: MAX_THEMES })
      } else {
        this.themes.push(key)
      }
    }
    if (!on) this.themes = this.themes.filter((t) => t !== key)
    this.recount()
  }

  /** @param {string} kind */
  setKind(kind) {
    this.kind = kind === 'difficulty' ? 'difficulty' : 'range'
    this.recount()
  }

  /** @param {Difficulty} step */
  setStep(step) {
    this.step = step
    this.recount()
  }

  /**
   * @param {string | number} low
   * @param {string | number} high
   */
  setRange(low, high) {
    this.rangeText = [String(low), String(high)]
    this.recount()
  }

  /** @param {string} name */
  setName(name) {
    this.name = name
    this.ui.redraw()
  }

  /** @param {unknown} open */
  setOpen(open) {
    this.open = Boolean(open)
  }

  /** Keep the mix under its name (the same name replaces the one saved before). */
  save() {
    const got = this.current()
    const name = cleanName(this.name)
    if (got.error) this.message = t('Nothing to save yet: {why}', { why: lowerFirst(got.error) })
    else if (!name) this.message = t('Give the mix a name to save it.')
    else {
      const others = this.saved().filter((m) => m.name !== name).map((m) => ({ name: m.name, path: m.path }))
      const kept = [{ name, path: mixPath(/** @type {Mix} */ (got.mix)) }, ...others].slice(0, MAX_SAVED)
      this.message = this.storage.set(SAVED, kept) ? '' : t('This browser won’t keep it (its storage is full or blocked).')
      if (!this.message) this.ui.saved?.(name)
    }
    this.ui.redraw()
  }

  /** @param {string} name */
  remove(name) {
    const kept = this.saved().filter((m) => m.name !== name).map((m) => ({ name: m.name, path: m.path }))
    this.storage.set(SAVED, kept)
    this.ui.redraw()
  }

  /**
   * Put a saved mix (or one read from a link) in the form.
   * @param {Mix} mix
   */
  load(mix) {
    this.themes = [...mix.themes]
    if (Array.isArray(mix.level)) {
      this.kind = 'range'
      this.rangeText = mix.level.map(String)
    } else {
      this.kind = 'difficulty'
      this.step = mix.level
    }
    this.name = mix.name || ''
    this.message = ''
    this.open = true
    this.recount()
  }

  /**
   * The page's address after its `#`: a shared mix ("/mix/fork,pin/1400-1700/Name") goes into
   * the form; a bad one is said in plain words. Any other address is left alone.
   * @param {string | null | undefined} hash
   */
  openLink(hash) {
    const text = String(hash || '').replace(/^#/, '')
    if (!text.startsWith('/mix/') && text !== '/mix') return false
    const parts = text.slice('/mix/'.length).split('/').map(safeDecode)
    /** @type {MixRead} */
    const read = parts.includes(null) ? { error: t('Part of it is not written as a link writes it.') } : readMix(parts, this.known)
    if (read.error) {
      this.open = true
      this.message = t('This mix link can’t be opened. {why} Make the mix again below.', { why: read.error })
      this.ui.redraw()
    } else {
      this.shared = true
      this.load(/** @type {Mix} */ (read.mix))
    }
    return true
  }

  /** Count the puzzles matching (asynchronous: the index's files are read). */
  recount() {
    const got = this.current()
    this.ui.redraw()
    if (got.error || !this.known.size) return
    const mix = /** @type {Mix} */ (got.mix) // no error: a mix
    const key = this.countKey(mix)
    if (key === this.countedFor && this.count !== null) {
      this.serial++ // a count still on its way is of another mix
      this.counting = false
      return
    }
    const [low, high] = this.span(mix.level)
    const serial = ++this.serial
    this.counting = true
    Promise.resolve(this.countWith({ themes: mix.themes, low, high })).catch(() => null).then((n) => {
      if (serial !== this.serial) return // a later change is being counted
      this.counting = false
      this.count = n
      this.countedFor = key
      if (n === null) this.message = t('The puzzle files for this mix can’t be read here (offline?).')
      this.ui.redraw()
    })
  }
}

/**
 * decodeURIComponent that answers null for text no link writes, rather than throwing.
 * @param {string} part
 */
export function safeDecode(part) {
  try {
    return decodeURIComponent(part)
  } catch {
    return null
  }
}

/**
 * A sentence begun small, to follow a colon (English's; German's nouns keep their capital, and the
 * other languages' sentences begin with no word that needs one there either way).
 * @param {string} text
 */
function lowerFirst(text) {
  if (typeof PAGE_LANG === 'string' && PAGE_LANG === 'de') return text
  return text.charAt(0).toLowerCase() + text.slice(1)
}
