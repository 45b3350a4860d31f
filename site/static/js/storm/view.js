/**
 * The Storm play view: draws a run's controller (ctrl.js) on the page and sends the player's
 * intents back to it (the board's moves, End the run, asked first). It writes no storage and posts
 * nothing: every decision is the controller's, every word it draws the controller's state. Storm
 * is a race: no pause and no cover, the clock never held.
 *
 *   new StormView() makes the view of the play elements (looked up once);
 *   view.play(ctrl) draws `ctrl` from now on (its `ui`: StormUi of site/types/play_types.d.ts).
 */
/** @import { Color } from '../vendor/chess.js' */
/** @import { StormCtrl } from './ctrl.js' */
import { Board } from '../chess/board.js'
import { facing } from '../chess/line.js'
import { boardHooks } from '../chess/moving.js'
import { formatTime } from '../lib/clock.js'
import { longDate } from '../lib/dates.js'
import { byIds, el as make, setText, announce } from '../lib/dom.js'
import { PlayView, restartAnimation, shareResult } from '../lib/playing.js'
import { showFriends, withFollow } from '../friends/on_sheet.js'
import { openSheet } from '../lib/sheet.js'
import { nextBonus } from './clock.js'
import { resultWords } from './review.js'
import { t, tn } from '../lib/i18n.js'

const IDS = /** @type {const} */ ([
  'board', 'board-frame', 'play-kind', 'play-title', 'play-status', 'clock-time', 'clock-change',
  'stat-score', 'stat-puzzle', 'stat-mistakes', 'combo-count', 'combo-next', 'combo-words', 'combo-bar',
  'play-actions', 'end-button', 'end-confirm', 'end-yes', 'end-no', 'end-bar', 'storm-done', 'storm-done-title',
  'storm-done-rank', 'storm-done-actions', 'storm-result', 'storm-review', 'review-figures', 'review-list',
  'results-why', 'results-score', 'results-highest', 'results-combo', 'results-mistakes', 'results-rank',
  'share-preview', 'share-button',
])

/**
 * @typedef {{ board: HTMLElement, boardFrame: HTMLElement, playKind: HTMLElement, playTitle: HTMLElement,
 *   playStatus: HTMLElement, clockTime: HTMLElement, clockChange: HTMLElement, statScore: HTMLElement,
 *   statPuzzle: HTMLElement, statMistakes: HTMLElement, comboCount: HTMLElement, comboNext: HTMLElement,
 *   comboWords: HTMLElement, comboBar: HTMLProgressElement, playActions: HTMLElement, endButton: HTMLButtonElement,
 *   endConfirm: HTMLElement, endYes: HTMLButtonElement, endNo: HTMLButtonElement, endBar: HTMLElement,
 *   stormDone: HTMLElement, stormDoneTitle: HTMLElement, stormDoneRank: HTMLElement, stormDoneActions: HTMLElement,
 *   stormResult: HTMLButtonElement, stormReview: HTMLElement, reviewFigures: HTMLElement, reviewList: HTMLElement,
 *   resultsWhy: HTMLElement, resultsScore: HTMLElement, resultsHighest: HTMLElement, resultsCombo: HTMLElement,
 *   resultsMistakes: HTMLElement, resultsRank: HTMLElement, sharePreview: HTMLElement,
 *   shareButton: HTMLButtonElement }} StormElements
 */

/** @extends {PlayView<StormCtrl>} */
export class StormView extends PlayView {
  constructor() {
    const el = /** @type {StormElements} */ (byIds(...IDS))
    super({
      screen: { frame: el.boardFrame },
      confirm: { box: el.endConfirm, button: el.endButton, bar: el.endBar, first: el.endYes },
    })
    this.el = el
    /** @type {Board | null} */
    this.board = null
    this.reviewed = false // the review drawn for the run over
  }

  /**
   * Draw `ctrl` from now on: it calls this view's redraw(), boardFor(), watch() and the rest.
   * @param {StormCtrl} ctrl
   */
  play(ctrl) {
    this.ctrl = ctrl
    this.reviewed = false
    this.el.endConfirm.hidden = true
    this.el.endButton.hidden = false
    this.el.stormReview.hidden = true
    return this
  }

  /**
   * The board for a puzzle played by `color` from `fen`, turned to that side (chess/line.js facing).
   * @param {string} fen
   * @param {Color} color
   */
  boardFor(fen, color) {
    const ctrl = this.drawn
    this.board = facing(this.board, color, fen, (orientation) => new Board(this.el.board, {
      fen, orientation, hooks: boardHooks(ctrl, announce), options: {},
    }))
    return this.board
  }

  /** The player's intents while the run is open: End the run (asked first), the result, sharing. */
  watch() {
    const { el } = this
    const ctrl = this.drawn
    /** @type {(target: EventTarget, type: string, fn: () => void) => void} */
    const on = (target, type, fn) => this.hold.on(target, type, fn)
    on(el.endButton, 'click', () => { if (ctrl.inPlay()) this.confirm.ask() })
    on(el.endYes, 'click', () => {
      this.confirm.cancel(false)
      ctrl.endRun()
    })
    on(el.endNo, 'click', () => this.confirm.cancel(true))
    on(el.stormResult, 'click', () => this.openResults())
    on(el.shareButton, 'click', () => shareResult(withFollow(ctrl.shareText()), el.sharePreview))
  }

  /** No cover in a race. */
  drawCover() {}

  /** The clock: the time left, whole seconds up. */
  tick() {
    setText(this.el.clockTime, formatTime(Math.ceil(this.drawn.left())))
  }

  /**
   * A move's change to the clock: "+3" or "-10", shown and faded (not faded with reduced motion: storm.css).
   * @param {number} seconds
   */
  gained(seconds) {
    const change = this.el.clockChange
    change.textContent = seconds > 0 ? `+${seconds}` : `${seconds}`
    change.className = `storm-clock-change ${seconds > 0 ? 'up' : 'down'}`
    restartAnimation(change, 'shown')
  }

  /** The run is over and its result in: the result sheet. */
  ended() {
    this.openResults()
  }

  openResults() {
    this.redraw()
    openSheet('results-sheet')
  }

  letGo() {
    this.board?.destroy()
    this.board = null
  }

  // ---- drawing ----------------------------------------------------------------------

  redraw() {
    const { el } = this
    const ctrl = this.drawn
    const { rec } = ctrl
    const { tally } = rec
    setText(el.playKind, ctrl.mayRank ? t('Ranked run') : t('Practice'))
    setText(el.playTitle, rec.today ? t('Storm · today') : `Storm · ${longDate(rec.date)}`)
    setText(el.playStatus, ctrl.status.text)
    el.playStatus.className = 'play-status' + (ctrl.status.tone ? ` is-${ctrl.status.tone}` : '')
    // Where the run is, on the board's frame: the puzzle (from 1) and the moves made in it.
    el.boardFrame.dataset.puzzle = String(ctrl.number)
    el.boardFrame.dataset.moves = String(rec.moves[rec.index]?.length ?? 0)
    // Over, "Puzzle" is how many were tried: the puzzle on the board is the last of them.
    setText(el.statPuzzle, String(ctrl.over ? rec.moves.length : ctrl.number))
    setText(el.statScore, String(tally.score))
    setText(el.statMistakes, String(tally.mistakes))
    this.drawCombo(tally.combo)
    this.tick()
    const over = ctrl.over
    el.playActions.hidden = over
    if (over) el.endConfirm.hidden = true
    el.stormDone.hidden = !over
    if (over) this.drawResults()
    showFriends(over ? ctrl.friendsWhere() : null, () => this.redraw())
  }

  /** @param {number} combo */
  drawCombo(combo) {
    const { el } = this
    const { at, bonus } = nextBonus(combo)
    el.comboBar.max = at
    el.comboBar.value = combo
    setText(el.comboCount, String(combo))
    setText(el.comboNext, t('+{bonus} s at {at}', { bonus, at }))
    setText(el.comboWords, tn('Combo {combo}; {n} second more at {at}', 'Combo {combo}; {n} seconds more at {at}', bonus, { combo, at }))
  }

  /** The done box, the result sheet and the review: the run's result once it is in. */
  drawResults() {
    const { el } = this
    const ctrl = this.drawn
    const results = ctrl.results()
    const waiting = ctrl.sending // the ranked run on its way: the result once it is in
    setText(el.stormDoneTitle, waiting ? results.why : t('Run over: {score} solved.', { score: results.score }))
    setText(el.stormDoneRank, results.rank)
    el.stormDoneActions.hidden = waiting
    if (waiting) return
    setText(el.resultsWhy, results.why)
    setText(el.resultsScore, String(results.score))
    setText(el.resultsHighest, results.highest ? String(results.highest) : '–')
    setText(el.resultsCombo, String(results.combo_best))
    setText(el.resultsMistakes, String(results.mistakes))
    setText(el.resultsRank, results.rank)
    setText(el.sharePreview, withFollow(results.share))
    if (!this.reviewed) this.drawReview()
  }

  /** The run's review under its result: each puzzle tried, how it went, and a link to play it again. */
  drawReview() {
    const { el } = this
    const { rows, figures } = this.drawn.review()
    this.reviewed = true
    setText(el.reviewFigures, figures)
    el.reviewList.replaceChildren(...rows.map((row) => {
      const li = make('li', { class: 'storm-review-row', dataset: { result: row.result } },
        make('span', { text: t('Puzzle {n} · rated {rating}', { n: row.n, rating: row.rating }) }),
        make('span', { class: `storm-review-result is-${row.result}`, text: resultWords(row.result) }))
      if (row.href) {
        li.append(make('a', { href: row.href }, t('Play it again'), make('span', { class: 'visually-hidden', text: ' ' + t('(puzzle {n})', { n: row.n }) })))
      }
      return li
    }))
    el.stormReview.hidden = rows.length === 0
  }
}
