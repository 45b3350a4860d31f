/**
 * The countdown to the next daily, shown once today's is over (docs/site.md, "The countdown"):
 * "Next daily in 5:12:09", the clock ticking each second for the eye (aria-hidden), and the same in
 * words for a screen reader, "The next daily comes in 5 hours and 12 minutes.", as text that follows
 * the minutes but is never live, and said once through a polite live region of its own when the
 * countdown first shows. When the next day begins it says the puzzle is out.
 *
 * The next day is the player's own: it begins at their next local midnight (lib/dates.js
 * `nextPlayerDay`, the one place the pages ask when the next day begins).
 */
import { nextPlayerDay } from './dates.js'
import { t, tn } from './i18n.js'

/**
 * What a countdown says of the game it counts to (its `what`: 'daily', the chess daily's; 'Chain'),
 * each a whole sentence, so a language says the game's name as its sentence needs: the clock's
 * words around the time, the time left in words, and the next one out.
 * @param {string} what
 * @returns {[clock: string, comes: string, out: string]}
 */
function sayings(what) {
  return what === 'Chain'
    ? [t('Next Chain in {time}'), t('The next Chain comes in {time}.'), t('The next Chain is out: reload the page for it.')]
    : [t('Next daily in {time}'), t('The next daily comes in {time}.'), t('The next daily is out: reload the page for it.')]
}

/**
 * "5:12:09" for `seconds` left; "0:00:00" at most.
 * @param {number} seconds
 */
export function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds))
  /** @param {number} n */
  const pad = (n) => String(n).padStart(2, '0')
  return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`
}

/**
 * "5 hours and 12 minutes", "1 minute", "less than a minute", for `seconds` left.
 * @param {number} seconds
 */
export function wordsFor(seconds) {
  const s = Math.max(0, Math.floor(seconds))
  const hours = Math.floor(s / 3600)
  const minutes = Math.floor(s / 60) % 60
  if (!hours && !minutes) return t('less than a minute')
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') {
    const h = tn('{n} hour', '{n} hours', hours)
    const m = tn('{n} minute', '{n} minutes', minutes)
    return !hours ? m : !minutes ? h : t('{hours} and {minutes}', { hours: h, minutes: m })
  }
  // English's plurals written out: tn() would bring the plural rules into the daily's bundle.
  /** @type {(n: number, w: string) => string} */
  const plural = (n, w) => `${n} ${w}${n === 1 ? '' : 's'}`
  if (!hours) return plural(minutes, 'minute')
  if (!minutes) return plural(hours, 'hour')
  return `${plural(hours, 'hour')} and ${plural(minutes, 'minute')}`
}

export class Countdown {
  /**
   * `node`: the countdown's empty container (hidden until shown); `said`: a polite live region
   * (present in the page from the start, so what is written into it is spoken); `what`: the thing
   * counted to ("daily", "Chain").
   * @param {HTMLElement} node
   * @param {HTMLElement} said
   * @param {string} what
   * @param {{ now?: () => Date }} [options]
   */
  constructor(node, said, what, { now = () => new Date() } = {}) {
    this.node = node
    this.said = said
    this.sayings = sayings(what)
    this.now = now
    this.timer = 0 // the ticking interval's id; 0 while it isn't ticking (an interval's id is never 0)
    /** When the next day begins (Unix ms), from show(). */
    this.end = 0
    this.spoken = false
    this.clock = document.createElement('span')
    this.clock.setAttribute('aria-hidden', 'true')
    this.time = document.createElement('time')
    const [before, after] = this.sayings[0].split('{time}')
    this.clock.append(before, this.time, after ?? '')
    this.words = document.createElement('span')
    this.words.className = 'visually-hidden'
    node.replaceChildren(this.clock, this.words)
  }

  /**
   * Show and tick (`on`), or hide and stop. Showing again keeps what was said said.
   * @param {boolean} on
   */
  show(on) {
    if (!on) {
      clearInterval(this.timer)
      this.timer = 0
      this.node.hidden = true
      return
    }
    this.node.hidden = false
    if (this.timer) return
    this.end = nextPlayerDay(this.now())
    this.tick()
    this.timer = setInterval(() => this.tick(), 1000)
  }

  tick() {
    const left = Math.ceil((this.end - this.now().getTime()) / 1000)
    if (left <= 0) {
      clearInterval(this.timer)
      const out = this.sayings[2]
      this.clock.replaceChildren(out)
      this.words.textContent = out
      return
    }
    const clock = clockText(left)
    if (this.time.textContent !== clock) this.time.textContent = clock
    this.time.dateTime = `PT${left}S`
    const words = this.sayings[1].replace('{time}', wordsFor(left))
    if (this.words.textContent !== words) this.words.textContent = words
    if (!this.spoken) {
      this.spoken = true
      this.said.textContent = words
    }
  }
}
