/**
 * What a game page does around a puzzle in play, the same in every game
 * (Lessons takes the keys and the holdings only): the
 * listeners and timers held while the puzzle is open (let go of all at once),
 * the clock's house rules, pause, which key presses are the game's, the
 * question asked before something final, and sharing a result.
 */
import { anySheetOpen } from './sheet.js'
import { announce, toast } from './announce.js'

const SAVE_EVERY_MS = 5000 // the clock's time is saved this often while it runs
const CONFIRM_MS = 6000 // how long a confirmation waits for an answer
const TICK_MS = 250 // the time shown is redrawn four times a second

/** Listeners, intervals and observers held while a puzzle is open; release() lets go of them all. */
export class Holdings {
  constructor() {
    this.listeners = []
    this.timers = []
    this.observers = []
  }

  /** addEventListener, undone by release(). */
  on(target, type, fn) {
    target.addEventListener(type, fn)
    this.listeners.push([target, type, fn])
  }

  /** setInterval, cleared by release(). */
  every(ms, fn) {
    this.timers.push(setInterval(fn, ms))
  }

  /** `observer` watching `el`, disconnected by release(). */
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
 * A puzzle open on a game page: what every game does around it. Its record
 * `rec` is kept in `store` (updateRecord) with the clock's time; the clock
 * keeps the house rules (see keepClock); P pauses with the puzzle covered;
 * a question may ask before something final; stop() lets go of it all.
 *
 * A game extends it and gives inPlay() (moves are taken), updateStats()
 * (redraw the time and counts), afterPause(paused) (what else pausing does:
 * the board, the focus) and, if it holds more, letGo(). `screen` names the
 * elements: { frame (what a cover covers), inner (made inert while covered;
 * optional), cover, coverText, resume, pauseButton }; `confirm` is Confirm's.
 */
export class PlaySession {
  constructor({ store, rec, clock, screen, confirm }) {
    this.store = store
    this.rec = rec
    this.clock = clock
    this.screen = screen
    this.alive = true
    this.hold = new Holdings()
    this.confirm = new Confirm(confirm)
  }

  /** The clock's house rules while this puzzle is open (keepClock's `view`, `threshold`, `outOfView`, `covers`). */
  keepClock(options) {
    keepClock(this.hold, this.clock, {
      ...options,
      save: () => this.save(),
      tick: () => this.updateStats(),
      inPlay: () => this.inPlay(),
      cover: (covered, why) => this.cover(covered, why),
    })
  }

  /** Leave the puzzle (another route): save and let go of everything. */
  stop() {
    if (!this.alive) return
    this.alive = false
    this.save()
    this.hold.release()
    this.confirm.stop()
    this.letGo()
    this.cover(false)
  }

  letGo() {}

  /** Keep the record, with the time so far while it is in play (to a tenth of a second). */
  save() {
    if (this.rec.state === 'playing') this.rec.seconds = Math.round(this.clock.seconds * 10) / 10
    this.store.updateRecord(this.rec)
  }

  /** P: pause (the puzzle is covered and the clock stops), or resume; `force` says which. */
  togglePause(force) {
    if (!this.inPlay()) return
    const pause = force === undefined ? !this.clock.isHeld('paused') : force
    this.clock.set('paused', pause)
    this.screen.pauseButton.setAttribute('aria-pressed', String(pause))
    this.cover(pause, 'paused')
    this.save()
    announce(pause ? 'Paused. Press P or Resume to go on.' : 'Resumed.')
    this.afterPause(pause)
  }

  get paused() {
    return this.clock.isHeld('paused')
  }

  /** Resume first if paused: anything that acts on the puzzle (a hint, the solution) acts in sight. */
  resumeIfPaused() {
    if (this.paused) this.togglePause(false)
  }

  /** The puzzle ended: no pause outlives it (P and Resume only act on a puzzle in play). */
  clearPause() {
    if (!this.paused) return
    this.clock.set('paused', false)
    this.screen.pauseButton.setAttribute('aria-pressed', 'false')
    if (!anySheetOpen()) this.cover(false)
  }

  /** Cover the puzzle (paused or a sheet open), so no one thinks on a stopped clock. */
  cover(on, why = '') {
    const { frame, inner, cover, coverText, resume } = this.screen
    frame.classList.toggle('is-covered', on)
    if (inner) inner.inert = on
    cover.hidden = !on
    coverText.textContent = why === 'paused' ? 'Paused' : ''
    resume.hidden = why !== 'paused'
  }
}

/**
 * The clock's house rules on a page with a puzzle in play. The clock is held
 * while the tab is hidden, while any sheet is open, and while `view` is out of
 * sight (`outOfView(entry)` for its IntersectionObserver entries, watched at
 * `threshold`). `save()` runs when the tab hides, on pagehide and every five
 * seconds while the clock runs; `tick()` (redrawing the time) four times a
 * second. A sheet opened while `inPlay()` covers the puzzle with
 * `cover(true, 'sheet')`, unless `covers(sheetId)` says not; closing the last
 * one uncovers it (`cover(false)`) unless the player paused.
 */
function keepClock(hold, clock, { view, threshold, outOfView, save, tick, inPlay, cover, covers = () => true }) {
  clock.set('hidden', document.visibilityState === 'hidden')
  hold.on(document, 'visibilitychange', () => {
    clock.set('hidden', document.visibilityState === 'hidden')
    if (document.visibilityState === 'hidden') save()
  })
  hold.on(window, 'pagehide', () => save())
  hold.on(document, 'sheet:open', (e) => {
    clock.hold('sheet')
    if (covers(e.detail.id) && inPlay()) cover(true, 'sheet')
  })
  hold.on(document, 'sheet:close', () => {
    if (anySheetOpen()) return
    clock.release('sheet')
    if (!clock.isHeld('paused')) cover(false)
  })
  if ('IntersectionObserver' in window) {
    hold.observe(new IntersectionObserver((entries) => {
      for (const entry of entries) clock.set('offscreen', outOfView(entry))
    }, { threshold }), view)
  }
  hold.every(TICK_MS, tick)
  hold.every(SAVE_EVERY_MS, () => { if (clock.running) save() })
}

/** True when a key press anywhere on the page is the game's: no Ctrl, Alt or Meta, no sheet open, not typing in a field. */
export function isGameKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || anySheetOpen()) return false
  const tag = (event.target.tagName || '').toLowerCase()
  return !(tag === 'input' || tag === 'textarea' || tag === 'select' || event.target.isContentEditable)
}

/** Play `el`'s CSS animation of `className` again from the start. */
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
  constructor({ box, button, bar, first }) {
    Object.assign(this, { box, button, bar, first })
    this.timer = null
  }

  ask() {
    this.box.hidden = false
    this.button.hidden = true
    restartAnimation(this.bar, 'is-running')
    this.first.focus()
    clearTimeout(this.timer)
    this.timer = setTimeout(() => this.cancel(false), CONFIRM_MS)
  }

  /** Take the question back; focus returns to the button if it was in the question, or `byHand`. */
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
 */
export async function shareResult(text, preview) {
  if (navigator.share && matchMedia('(pointer: coarse)').matches) {
    try {
      await navigator.share({ text })
      return
    } catch (error) {
      if (error && error.name === 'AbortError') return
    }
  }
  try {
    await navigator.clipboard.writeText(text)
    toast('Result copied. Paste it anywhere.')
  } catch {
    const range = document.createRange()
    range.selectNodeContents(preview)
    getSelection().removeAllRanges()
    getSelection().addRange(range)
    toast('Copy the selected text to share it.')
  }
}
