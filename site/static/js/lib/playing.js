/**
 * What a game's view does around a puzzle in play, the same in every game
 * (Lessons takes the keys and the holdings only): the
 * listeners and timers held while the puzzle is open (let go of all at once),
 * the clock's house rules, the cover while paused, which key presses are the
 * game's, the question asked before something final, and sharing a result.
 * The play itself (its record, clock, ticket, posts) is lib/session.js's.
 */
/** @import { ConfirmParts, PlayClock, PlayScreen, ViewedPlay } from '../play_types.js' */
import { anySheetOpen } from './sheet.js'
import { announce, toast } from './dom.js'
import { t } from './i18n.js'

const SAVE_EVERY_MS = 5000 // the clock's time is saved this often while it runs
const CONFIRM_MS = 6000 // how long a confirmation waits for an answer
const TICK_MS = 250 // the time shown is redrawn four times a second

/** Listeners, intervals and observers held while a puzzle is open; release() lets go of them all. */
export class Holdings {
  constructor() {
    /** @type {[EventTarget, string, EventListener][]} */
    this.listeners = []
    /** @type {ReturnType<typeof setInterval>[]} */
    this.timers = []
    /** @type {IntersectionObserver[]} */
    this.observers = []
  }

  /**
   * addEventListener, undone by release().
   * @template {Event} [E=Event]
   * @param {EventTarget} target
   * @param {string} type
   * @param {(event: E) => void} fn
   */
  on(target, type, fn) {
    const listener = /** @type {EventListener} */ (fn)
    target.addEventListener(type, listener)
    this.listeners.push([target, type, listener])
  }

  /**
   * setInterval, cleared by release().
   * @param {number} ms
   * @param {() => void} fn
   */
  every(ms, fn) {
    this.timers.push(setInterval(fn, ms))
  }

  /**
   * `observer` watching `el`, disconnected by release().
   * @param {IntersectionObserver} observer
   * @param {Element} el
   */
  observe(observer, el) {
    observer.observe(el)
    this.observers.push(observer)
  }

  release() {
    for (const [target, type, fn] of this.listeners) target.removeEventListener(type, fn)
    for (const timer of this.timers) clearInterval(timer)
    for (const observer of this.observers) observer.disconnect()
    this.listeners = []
    this.timers = []
    this.observers = []
  }
}

/**
 * The view of a puzzle open on a game page (its controller is a lib/session.js PlaySession):
 * what every game's view does around it. It holds the listeners it adds (`hold`, let go of at
 * stop()), keeps the clock's house rules (watchClock), covers the puzzle while paused or while
 * a sheet is open during play (drawCover, from the controller's state), asks before something
 * final (`confirm`), and says things to screen readers. A game's view extends it; its
 * controller calls redraw(), announce(text), paused(on) and stop().
 *
 * `screen` names the elements: { frame (what a cover covers), inner (made inert while covered;
 * optional), cover, coverText, resume, pauseButton }; `confirm` is Confirm's.
 * @template {ViewedPlay} C the controller it draws
 */
export class PlayView {
  /** @param {{ screen: PlayScreen, confirm: ConfirmParts }} parts */
  constructor({ screen, confirm }) {
    /** @type {C | null} the controller, set by the game's view as it draws one */
    this.ctrl = null
    this.screen = screen
    this.hold = new Holdings()
    this.confirm = new Confirm(confirm)
    this.sheetCover = false // a sheet opened during play covers the puzzle
  }

  /** @param {string} text */
  announce(text) {
    announce(text)
  }

  redraw() {}

  /**
   * Where focus goes once the player paused (`on`) or resumed.
   * @param {boolean} on
   */
  paused(on) {}

  /** The controller drawn (a view draws one once its page started a play). */
  get drawn() {
    if (!this.ctrl) throw new Error('no controller drawn yet')
    return this.ctrl
  }

  /** Let go of the page: listeners, timers, the question, the cover. */
  stop() {
    this.hold.release()
    this.confirm.stop()
    this.letGo()
    this.sheetCover = false
    this.cover('')
  }

  letGo() {}

  /**
   * The clock's house rules while the puzzle is open (keepClock's `view`, `threshold`, `outOfView`, `covers`).
   * @param {{ view: Element, threshold: number | number[], outOfView: (entry: IntersectionObserverEntry) => boolean,
   *   covers?: (sheetId: string) => boolean }} options
   */
  watchClock(options) {
    const ctrl = this.drawn
    keepClock(this.hold, ctrl.clock, {
      ...options,
      save: () => ctrl.save(),
      shown: () => ctrl.takeUp(),
      tick: () => this.drawClock(),
      sheet: (open) => {
        this.sheetCover = open && ctrl.inPlay()
        this.drawCover()
      },
    })
  }

  drawClock() {}

  /** The cover, from the controller's state: a sheet opened during play, or the pause. */
  drawCover() {
    const ctrl = this.drawn
    this.screen.pauseButton?.setAttribute('aria-pressed', String(ctrl.paused))
    this.cover(this.sheetCover ? 'sheet' : ctrl.paused ? 'paused' : '')
  }

  /**
   * Cover the puzzle (`why`: 'paused' or 'sheet'; '' uncovers), so no one thinks on a stopped clock.
   * @param {'' | 'paused' | 'sheet'} why
   */
  cover(why) {
    const { frame, inner, cover, coverText, resume } = this.screen
    const on = Boolean(why)
    frame.classList.toggle('is-covered', on)
    if (inner) inner.inert = on
    if (cover) cover.hidden = !on
    if (coverText) coverText.textContent = why === 'paused' ? t('Paused') : ''
    if (resume) resume.hidden = why !== 'paused'
  }
}

/**
 * The clock's house rules on a page with a puzzle in play. The clock is held
 * while the tab is hidden, while any sheet is open, and while `view` is out of
 * sight (`outOfView(entry)` for its IntersectionObserver entries, watched at
 * `threshold`). `save()` runs when the tab hides, on pagehide and every five
 * seconds while the clock runs; `shown()` when the tab is in sight again (the
 * play takes up its ticket, if another tab took it); `tick()` (redrawing the
 * time) four times a second. `sheet(true)` hears a sheet open (unless `covers(sheetId)` says it
 * leaves the puzzle in sight), `sheet(false)` the last one close.
 * @param {Holdings} hold
 * @param {PlayClock} clock
 * @param {{ view: Element, threshold: number | number[], outOfView: (entry: IntersectionObserverEntry) => boolean,
 *   save: () => void, shown: () => void, tick: () => void, sheet: (open: boolean) => void,
 *   covers?: (sheetId: string) => boolean }} options
 */
function keepClock(hold, clock, { view, threshold, outOfView, save, shown, tick, sheet, covers = () => true }) {
  clock.set('hidden', document.visibilityState === 'hidden')
  hold.on(document, 'visibilitychange', () => {
    clock.set('hidden', document.visibilityState === 'hidden')
    if (document.visibilityState === 'hidden') save()
    else shown()
  })
  hold.on(window, 'pagehide', () => save())
  hold.on(document, 'sheet:open', (/** @type {CustomEvent<{ id: string }>} */ e) => {
    clock.hold('sheet')
    if (covers(e.detail.id)) sheet(true)
  })
  hold.on(document, 'sheet:close', () => {
    if (anySheetOpen()) return
    clock.release('sheet')
    sheet(false)
  })
  if ('IntersectionObserver' in window) {
    hold.observe(new IntersectionObserver((entries) => {
      for (const entry of entries) clock.set('offscreen', outOfView(entry))
    }, { threshold }), view)
  }
  hold.every(TICK_MS, tick)
  hold.every(SAVE_EVERY_MS, () => { if (clock.running) save() })
}

/**
 * True when a key press anywhere on the page is the game's: no Ctrl, Alt or Meta, no sheet open, not typing in a field.
 * @param {KeyboardEvent} event
 */
export function isGameKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || anySheetOpen()) return false
  const target = /** @type {HTMLElement | null} */ (event.target)
  const tag = (target?.tagName || '').toLowerCase()
  return !(tag === 'input' || tag === 'textarea' || tag === 'select' || Boolean(target?.isContentEditable))
}

/**
 * Play `el`'s CSS animation of `className` again from the start.
 * @param {HTMLElement} el
 * @param {string} className
 */
export function restartAnimation(el, className) {
  el.classList.remove(className)
  void el.offsetWidth // a reflow, so the class coming back starts the animation anew
  el.classList.add(className)
}

/**
 * A question asked before something final (Show solution, Give up): `box`
 * shows in place of its `button`, focus goes to `first`, and `bar` empties
 * over six seconds, when the question goes away unanswered.
 */
export class Confirm {
  /** @param {ConfirmParts} parts */
  constructor({ box, button, bar, first }) {
    this.box = box
    this.button = button
    this.bar = bar
    this.first = first
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined
  }

  ask() {
    this.box.hidden = false
    this.button.hidden = true
    restartAnimation(this.bar, 'is-running')
    this.first.focus()
    clearTimeout(this.timer)
    this.timer = setTimeout(() => this.cancel(false), CONFIRM_MS)
  }

  /**
   * Take the question back; focus returns to the button if it was in the question, or `byHand`.
   * @param {boolean} byHand
   */
  cancel(byHand) {
    clearTimeout(this.timer)
    if (this.box.hidden) return
    const hadFocus = this.box.contains(document.activeElement)
    this.box.hidden = true
    this.button.hidden = false
    if (hadFocus || byHand) this.button.focus()
  }

  stop() {
    clearTimeout(this.timer)
  }
}

/**
 * Share a result's `text`: the system share sheet on a touch device, else the
 * clipboard, else `preview` (the text on the page) selected to copy by hand.
 * @param {string} text
 * @param {Node} preview
 */
export async function shareResult(text, preview) {
  if (navigator.share && matchMedia('(pointer: coarse)').matches) {
    try {
      await navigator.share({ text })
      return
    } catch (error) {
      if (error && typeof error === 'object' && 'name' in error && error.name === 'AbortError') return
    }
  }
  try {
    await navigator.clipboard.writeText(text)
    toast(t('Result copied. Paste it anywhere.'))
  } catch {
    const range = document.createRange()
    range.selectNodeContents(preview)
    const selection = getSelection()
    selection?.removeAllRanges()
    selection?.addRange(range)
    toast(t('Copy the selected text to share it.'))
  }
}
