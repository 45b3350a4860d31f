/**
 * The Chain play view: draws one day's controller (ctrl.js) on the page and sends the
 * player's intents back: tap or keyboard (every tile a button, reachable by Tab and by the
 * arrow keys; 1–6 play a tile by number; U or Backspace undo; P pause; ? help). It writes no
 * storage and posts nothing.
 *
 *   new ChainView() makes the view of the page's elements (looked up once);
 *   view.play(ctrl) draws `ctrl` from now on (its `ui`).
 */
import { Countdown } from '../lib/countdown.js'
import { LEVELS, values, movesLeft } from './state.js'
import { tileLabel, fromToWords, tileName, capital, face } from './words.js'
import { walkWords } from './walk_words.js'
import { t } from '../lib/i18n.js'
import { formatTime } from '../lib/clock.js'
import { byIds, el, setText, announce } from '../lib/dom.js'
import { longDate } from '../lib/dates.js'
import { openSheet } from '../lib/sheet.js'
import { PlayView, isGameKey, shareResult, restartAnimation } from '../lib/playing.js'
import { showFriends, withFollow } from '../friends/on_sheet.js'
/** @import { ChainCtrl } from './ctrl.js' */
/** @import { Walk, WalkthroughText } from '../chain_types.js' */

const RESULTS_AFTER_MS = 500 // the result sheet opens this long after the go ends
const RESULTS_AFTER_REDUCED_MS = 100 // with reduced motion
const FETCHING = t('Fetching the walkthrough…')

/** @extends {PlayView<ChainCtrl>} */
export class ChainView extends PlayView {
  constructor() {
    const els = byIds(
      'chain-board', 'chain-board-inner', 'chain-cover', 'chain-cover-text', 'chain-resume', 'pause-button',
      'chain-hand', 'chain-trail', 'chain-value', 'chain-left', 'chain-status', 'undo-button',
      'reset-button', 'giveup-button', 'giveup-confirm', 'giveup-bar', 'giveup-yes', 'giveup-no',
      'giveup-question', 'chain-kind', 'chain-title', 'chain-meta', 'chain-start', 'chain-target',
      'chain-time', 'chain-undos', 'chain-resets', 'chain-actions', 'chain-done', 'chain-done-title', 'chain-done-next', 'chain-done-next-said',
      'results-button', 'share-button', 'share-preview', 'chain-results-sheet-title', 'results-day',
      'results-time', 'results-undos', 'results-resets', 'results-streak', 'results-place', 'results-note',
      'results-board', 'walkthrough',
    )
    super({
      screen: { frame: els.chainBoard, inner: els.chainBoardInner, cover: els.chainCover, coverText: els.chainCoverText, resume: els.chainResume, pauseButton: els.pauseButton },
      confirm: { box: els.giveupConfirm, button: els.giveupButton, bar: els.giveupBar, first: els.giveupNo },
    })
    // The elements whose kind the view uses beyond HTMLElement's.
    this.el = /** @type {typeof els & { undoButton: HTMLButtonElement, resetButton: HTMLButtonElement, resultsBoard: HTMLAnchorElement }} */ (els)
    /** @type {HTMLButtonElement[]} */
    this.tiles = []
    /** @type {Walk | null | undefined} */
    this.drawnWalk = undefined
  }

  /**
   * Draw `ctrl` from now on: its head and one button per tile, made once.
   * @param {ChainCtrl} ctrl
   */
  play(ctrl) {
    this.ctrl = ctrl
    this.sheetCover = false
    this.drawnWalk = undefined
    const { el: els } = this
    const { rec, puzzle } = ctrl
    setText(els.chainKind, rec.today ? t('Today · {date}', { date: longDate(rec.date) }) : t('Archive · {date}', { date: longDate(rec.date) }))
    setText(els.chainTitle, `Chain · ${LEVELS[puzzle.level]}`)
    setText(els.chainMeta, fromToWords(puzzle))
    setText(els.chainStart, String(puzzle.start))
    setText(els.chainTarget, String(puzzle.target))
    els.giveupButton.hidden = false
    els.giveupConfirm.hidden = true
    const when = rec.today ? t('Today') : longDate(rec.date)
    document.title = `Chain · ${when} · ${LEVELS[puzzle.level]} · Puzzle Book`
    this.tiles = puzzle.hand.map((tile, i) => {
      // The name is the hidden text (the visible face and number are aria-hidden), kept current by redraw().
      const button = el('button', { type: 'button', class: 'tile', dataset: { tile: String(i) } },
        el('span', { class: 'tile-number', text: String(i + 1), 'aria-hidden': 'true' }),
        // A word longer than English's "swap" (German's "tauschen") is set smaller to keep a tile's one line.
        el('span', { class: face(tile).length > 5 ? 'tile-face is-long' : 'tile-face', text: face(tile), 'aria-hidden': 'true' }),
        el('span', { class: 'tile-badge', 'aria-hidden': 'true' }),
        el('span', { class: 'visually-hidden tile-name' }))
      button.addEventListener('animationend', () => button.classList.remove('is-refused'))
      return button
    })
    els.chainHand.replaceChildren(...this.tiles)
    return this
  }

  /** The player's intents, the clock's house rules and the keys, while the day is open. */
  watch() {
    const ctrl = this.drawn
    const els = this.el
    /**
     * Listen while the day is open; the handler names the event it takes.
     * @template {Event} E
     * @param {EventTarget} target
     * @param {string} type
     * @param {(event: E) => void} fn
     */
    const on = (target, type, fn) => this.hold.on(target, type, fn)
    this.watchClock({
      // The clock stops while the numbers are scrolled out of view.
      view: els.chainBoard,
      threshold: 0.2,
      outOfView: (/** @type {IntersectionObserverEntry} */ entry) => !entry.isIntersecting,
    })
    on(els.chainHand, 'click', (e) => {
      const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-tile]'))
      if (button) this.playTile(Number(button.dataset.tile))
    })
    on(els.chainHand, 'keydown', (/** @type {KeyboardEvent} */ e) => this.onHandKey(e))
    on(els.undoButton, 'click', () => ctrl.undo())
    on(els.resetButton, 'click', () => ctrl.reset())
    on(els.pauseButton, 'click', () => ctrl.togglePause())
    on(els.chainResume, 'click', () => ctrl.togglePause(false))
    on(els.giveupButton, 'click', () => this.askGiveUp())
    on(els.giveupYes, 'click', () => {
      this.confirm.cancel(false)
      ctrl.giveUp()
    })
    on(els.giveupNo, 'click', () => this.confirm.cancel(true))
    on(els.resultsButton, 'click', () => this.openResults())
    on(els.shareButton, 'click', () => shareResult(withFollow(ctrl.shareText()), els.sharePreview))
    on(document, 'keydown', (/** @type {KeyboardEvent} */ e) => this.onKey(e))
    // Made a player or signed in (here or in another tab): the sheet says whose this go is.
    on(document, 'player:change', () => ctrl.playerChanged())
    on(window, 'storage', (/** @type {StorageEvent} */ e) => { if (e.key === 'pb:player') ctrl.playerChanged() })
  }

  /**
   * Play tile `index`; a refused tile shakes, a played one takes back the Give up question.
   * @param {number} index
   */
  playTile(index) {
    const result = this.drawn.playTile(index)
    if (!result) return
    if (result.ok) this.confirm.cancel(false)
    else restartAnimation(this.tiles[index], 'is-refused')
  }

  askGiveUp() {
    const question = this.drawn.giveUpQuestion()
    if (!question) return
    this.el.giveupQuestion.textContent = question
    this.confirm.ask()
    announce(question)
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    if (!isGameKey(event)) return
    const ctrl = this.drawn
    if (event.key === '?') {
      event.preventDefault()
      openSheet('chain-howto-sheet')
    } else if (event.key === 'p' || event.key === 'P') {
      event.preventDefault()
      ctrl.togglePause()
    } else if (ctrl.paused) {
      // Paused: nothing plays until Resume.
    } else if (event.key === 'u' || event.key === 'U' || event.key === 'Backspace') {
      event.preventDefault()
      ctrl.undo()
    } else if (/^[1-9]$/.test(event.key) && Number(event.key) <= ctrl.puzzle.hand.length) {
      event.preventDefault()
      const index = Number(event.key) - 1
      this.playTile(index)
      this.tiles[index]?.focus()
    }
  }

  /**
   * Arrows, Home and End move focus between the tiles (Tab reaches each one too).
   * @param {KeyboardEvent} event
   */
  onHandKey(event) {
    const buttons = this.tiles
    const at = buttons.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement))
    if (at === -1) return
    /** @type {Record<string, number>} */
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }
    let next = null
    if (event.key in moves) next = (at + moves[event.key] + buttons.length) % buttons.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = buttons.length - 1
    if (next === null) return
    event.preventDefault()
    buttons[next].focus()
  }

  /**
   * Resumed: the first tile has the focus; paused: Resume has it.
   * @param {boolean} [on]
   */
  paused(on) {
    if (on) this.el.chainResume.focus()
    else this.tiles[0]?.focus()
  }

  /** The go just ended: the result sheet follows. */
  ended() {
    const ctrl = this.drawn
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches
    setTimeout(() => ctrl.alive && this.openResults(), reduced ? RESULTS_AFTER_REDUCED_MS : RESULTS_AFTER_MS)
  }

  openResults() {
    this.redraw()
    openSheet('chain-results-sheet')
  }

  // ---- drawing ------------------------------------------------------------------------

  redraw() {
    const ctrl = this.drawn
    const els = this.el
    const { rec } = ctrl
    const { puzzle, played } = rec
    const playing = rec.state === 'playing'
    for (const [i, button] of this.tiles.entries()) {
      const at = played.indexOf(i)
      const playable = playing && at === -1 && ctrl.canPlay(i)
      button.classList.toggle('is-played', at !== -1)
      button.classList.toggle('is-blocked', playing && at === -1 && !playable)
      setText(/** @type {Element} */ (button.querySelector('.tile-badge')), at === -1 ? '' : String(at + 1))
      setText(/** @type {Element} */ (button.querySelector('.tile-name')), tileLabel(rec, i))
      // A tile that can't be played now still answers a press (with why), so only a finished go disables them.
      button.setAttribute('aria-disabled', String(!playing))
    }
    const chain = values(puzzle, played)
    const items = [trailItem(t('Start'), String(chain[0]), t('Start: {value}', { value: chain[0] }))]
    played.forEach((i, k) => {
      items.push(trailItem(face(puzzle.hand[i]), String(chain[k + 1]), t('Move {n}: {tile}, {value}', { n: k + 1, tile: tileName(puzzle.hand[i]), value: chain[k + 1] })))
    })
    if (els.chainTrail.children.length !== items.length || els.chainTrail.textContent !== items.map((li) => li.textContent).join('')) {
      els.chainTrail.replaceChildren(...items)
    }
    const value = chain.at(-1)
    setText(els.chainValue, String(value))
    els.chainValue.parentElement?.classList.toggle('is-target', value === puzzle.target && played.length === puzzle.moves)
    setText(els.chainLeft, String(movesLeft(puzzle, played)))
    els.undoButton.disabled = !played.length || !playing
    els.resetButton.disabled = !played.length || !playing
    setText(els.chainStatus, capital(ctrl.status.text))
    els.chainStatus.className = 'play-status' + (ctrl.status.tone ? ` is-${ctrl.status.tone}` : '')
    this.drawClock()
    setText(els.chainUndos, String(rec.undos))
    setText(els.chainResets, String(rec.resets))
    this.drawCover()
    els.chainActions.hidden = !playing
    if (!playing) els.giveupConfirm.hidden = true
    els.chainDone.hidden = playing
    if (!playing) this.drawResults()
    else this.countdown?.show(false)
    showFriends(playing ? null : this.drawn.friendsWhere(), () => this.redraw())
  }

  drawClock() {
    setText(this.el.chainTime, formatTime(this.drawn.seconds()))
  }

  /** The done box, the result sheet and its walkthrough. */
  drawResults() {
    const { el: els } = this
    const results = this.drawn.results()
    setText(els.chainDoneTitle, `${results.title}.`)
    // Today's Chain over: the time to the next one (lib/countdown.js).
    if (results.countdown && !this.countdown) this.countdown = new Countdown(els.chainDoneNext, els.chainDoneNextSaid, {
      next: t('Next Chain in {time}'),
      comes: t('The next Chain comes in {time}.'),
      out: t('The next Chain is out: reload the page for it.'),
    })
    this.countdown?.show(results.countdown)
    setText(els.chainResultsSheetTitle, results.title)
    setText(els.resultsDay, results.day)
    setText(els.resultsTime, formatTime(results.seconds))
    setText(els.resultsUndos, String(results.undos))
    setText(els.resultsResets, String(results.resets))
    els.resultsStreak.hidden = results.streak === null
    setText(els.resultsStreak, results.streak || '')
    els.resultsPlace.hidden = results.place === null
    setText(els.resultsPlace, results.place || '')
    setText(els.resultsNote, results.note)
    els.resultsBoard.href = results.board
    setText(els.sharePreview, withFollow(results.share))
    this.drawWalk(this.drawn.walk)
  }

  /**
   * The walkthrough, drawn again only when the controller's changed.
   * @param {Walk | null} walk
   */
  drawWalk(walk) {
    if (walk === this.drawnWalk) return
    this.drawnWalk = walk
    if (!walk || walk.note) {
      this.el.walkthrough.replaceChildren(el('p', { class: 'muted', text: walk ? walk.note : FETCHING }))
      return
    }
    const { walkthrough } = /** @type {{ walkthrough: WalkthroughText }} */ (walk) // a walk without a note has one
    // The solution is the steps' tiles, in order; the words are the page's language's (walk_words.js).
    const solution = (walkthrough.steps || []).map((step) => step.tile ?? -1)
    const words = walkWords(walkthrough, this.drawn.puzzle, solution)
    /** @type {HTMLElement[]} */
    const parts = [
      el('p', { text: words.summary }),
      // A sum reads left to right in every language: on an Arabic page "93 ÷ 3 = 31", not "31 = 3 ÷ 93".
      el('ol', { class: 'walk-steps' }, ...words.steps.map(({ text, sum }) => el('li', {}, sum ? el('span', { dir: 'ltr', text }) : text))),
    ]
    const spares = words.spares
    if (spares.length) {
      parts.push(
        el('p', { class: 'walk-spares-head', text: spares.length === 1 ? t('Why the spare tile doesn’t belong:') : t('Why the spare tiles don’t belong:') }),
        el('ul', { class: 'walk-spares' }, ...spares.map((text) => el('li', { text }))),
      )
    }
    this.el.walkthrough.replaceChildren(...parts)
  }
}

/**
 * @param {string} head
 * @param {string} value
 * @param {string} spoken
 */
function trailItem(head, value, spoken) {
  return el('li', { class: 'trail-step' },
    el('span', { class: 'trail-tile', text: head, 'aria-hidden': 'true' }),
    el('span', { class: 'trail-value', text: value, 'aria-hidden': 'true' }),
    el('span', { class: 'visually-hidden', text: spoken }))
}
