/**
 * The Streak play view: draws a run's controller (ctrl.js) on the page and sends the player's
 * intents back to it (Skip, End the run, the board's moves). It writes no storage and posts
 * nothing: every decision is the controller's, every word it draws the controller's state.
 *
 *   new StreakView() makes the view of the play elements (looked up once);
 *   view.play(ctrl) draws `ctrl` from now on (its `ui`: RunUi of site/types/play_types.d.ts).
 */
/** @import { Color } from '../vendor/chess.js' */
/** @import { StreakCtrl } from './ctrl.js' */
import { Board } from '../chess/board.js'
import { facing } from '../chess/line.js'
import { boardHooks } from '../chess/moving.js'
import { longDate } from '../lib/dates.js'
import { byIds, setText, announce } from '../lib/dom.js'
import { openSheet } from '../lib/sheet.js'
import { PlayView, isGameKey, shareResult } from '../lib/playing.js'
import { showFriends, withFollow } from '../friends/on_sheet.js'
import { t } from '../lib/i18n.js'

const RESULTS_AFTER_MS = 700 // the result sheet opens this long after the last move lands
const RESULTS_AFTER_REDUCED_MS = 150 // with reduced motion

const IDS = /** @type {const} */ ([
  'board', 'board-frame', 'board-cover', 'board-cover-text', 'play-kind', 'play-title', 'play-meta',
  'play-status', 'stat-score', 'stat-puzzle', 'stat-skip', 'play-actions', 'skip-button', 'end-button',
  'end-confirm', 'end-yes', 'end-no', 'end-bar', 'play-done', 'play-done-title', 'play-done-rank', 'results-button',
  'results-why', 'results-score', 'results-highest', 'results-skip', 'results-answer', 'results-rank',
  'results-best', 'share-preview', 'share-button',
])

/**
 * @typedef {{ board: HTMLElement, boardFrame: HTMLElement, boardCover: HTMLElement, boardCoverText: HTMLElement,
 *   playKind: HTMLElement, playTitle: HTMLElement, playMeta: HTMLElement, playStatus: HTMLElement,
 *   statScore: HTMLElement, statPuzzle: HTMLElement, statSkip: HTMLElement, playActions: HTMLElement,
 *   skipButton: HTMLButtonElement, endButton: HTMLButtonElement, endConfirm: HTMLElement, endYes: HTMLButtonElement,
 *   endNo: HTMLButtonElement, endBar: HTMLElement, playDone: HTMLElement, playDoneTitle: HTMLElement,
 *   playDoneRank: HTMLElement, resultsButton: HTMLButtonElement, resultsWhy: HTMLElement, resultsScore: HTMLElement,
 *   resultsHighest: HTMLElement, resultsSkip: HTMLElement, resultsAnswer: HTMLElement, resultsRank: HTMLElement,
 *   resultsBest: HTMLElement, sharePreview: HTMLElement, shareButton: HTMLButtonElement }} StreakElements
 */

/** @extends {PlayView<StreakCtrl>} */
export class StreakView extends PlayView {
  constructor() {
    const el = /** @type {StreakElements} */ (byIds(...IDS))
    super({
      screen: { frame: el.boardFrame, cover: el.boardCover, coverText: el.boardCoverText },
      confirm: { box: el.endConfirm, button: el.endButton, bar: el.endBar, first: el.endYes },
    })
    this.el = el
    /** @type {Board | null} */
    this.board = null
  }

  /**
   * Draw `ctrl` from now on: it calls this view's redraw(), boardFor(), watch() and the rest.
   * @param {StreakCtrl} ctrl
   */
  play(ctrl) {
    this.ctrl = ctrl
    this.sheetCover = false
    this.el.endConfirm.hidden = true
    this.el.endButton.hidden = false
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

  /** The player's intents and the clock's house rules while the run is open. */
  watch() {
    const { el } = this
    const ctrl = this.drawn
    /** @type {(target: EventTarget, type: string, fn: (event: Event) => void) => void} */
    const on = (target, type, fn) => this.hold.on(target, type, fn)
    this.watchClock({
      view: el.boardFrame,
      threshold: [0, 0.35, 1],
      outOfView: (entry) => entry.intersectionRatio < 0.35,
    })
    on(el.skipButton, 'click', () => ctrl.skip())
    on(el.endButton, 'click', () => { if (ctrl.inPlay()) this.confirm.ask() })
    on(el.endYes, 'click', () => {
      this.confirm.cancel(false)
      ctrl.endRun()
    })
    on(el.endNo, 'click', () => this.confirm.cancel(true))
    on(el.resultsButton, 'click', () => this.openResults())
    on(el.shareButton, 'click', () => shareResult(withFollow(ctrl.shareText()), el.sharePreview))
    on(document, 'keydown', (e) => this.onKey(/** @type {KeyboardEvent} */ (e)))
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    if (!isGameKey(event)) return
    if (event.key === '?') {
      event.preventDefault()
      openSheet('howto-sheet')
    } else if (event.key === 's' || event.key === 'S') {
      event.preventDefault()
      this.drawn.skip()
    }
  }

  /** Streak has no pause: the cover only hides the board while a sheet is open during play. */
  drawCover() {
    this.cover(this.sheetCover ? 'sheet' : '')
  }

  /** @param {'' | 'paused' | 'sheet'} why */
  cover(why) {
    const { frame, cover, coverText } = this.screen
    frame.classList.toggle('is-covered', Boolean(why))
    if (cover) cover.hidden = !why
    if (coverText) coverText.textContent = ''
  }

  /** The run just ended: the result sheet follows once the last move has landed. */
  ended() {
    const ctrl = this.drawn
    const reduced = this.board ? this.board.reduced : true
    setTimeout(() => ctrl.alive && this.openResults(), reduced ? RESULTS_AFTER_REDUCED_MS : RESULTS_AFTER_MS)
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
    const tally = ctrl.tally()
    setText(el.playKind, !rec.today ? t('Archive · {date} · practice', { date: longDate(rec.date) })
      : ctrl.mayRank ? (rec.ranked ? t('Ranked run') : t('Your first run today')) : t('Practice'))
    setText(el.playMeta, ctrl.finished ? '' : t('Puzzle {n} of {of} · rated {rating} · you play {side}', { n: ctrl.number, of: ctrl.puzzles.length, rating: ctrl.puzzle.rating, side: ctrl.side }))
    setText(el.playStatus, ctrl.status.text)
    el.playStatus.className = 'play-status' + (ctrl.status.tone ? ` is-${ctrl.status.tone}` : '')
    setText(el.statScore, String(tally.score))
    setText(el.statPuzzle, String(Math.min(ctrl.number, ctrl.puzzles.length)))
    setText(el.statSkip, rec.skipped ? t('Used') : ctrl.finished ? t('Not used') : t('One left'))
    el.boardFrame.dataset.puzzle = String(ctrl.number)
    el.boardFrame.dataset.moves = String(rec.moves[rec.index]?.length ?? 0)
    el.skipButton.disabled = !ctrl.canSkip
    this.drawCover()
    const done = ctrl.finished
    el.playActions.hidden = done
    if (done) el.endConfirm.hidden = true
    el.playDone.hidden = !done
    if (done) this.drawResults()
    showFriends(done ? ctrl.friendsWhere() : null, () => this.redraw())
  }

  /** The done box and the result sheet. */
  drawResults() {
    const { el } = this
    const results = this.drawn.results()
    setText(el.playDoneTitle, results.why + ' ' + t('{score} solved.', { score: results.score }))
    setText(el.playDoneRank, results.rank)
    setText(el.resultsWhy, results.why)
    setText(el.resultsScore, String(results.score))
    setText(el.resultsHighest, results.highest ? String(results.highest) : '–')
    setText(el.resultsSkip, results.skipped ? t('Puzzle {n}', { n: results.skipped }) : t('Not used'))
    el.resultsAnswer.hidden = !results.answer
    setText(el.resultsAnswer, results.answer || '')
    setText(el.resultsRank, results.rank)
    el.resultsBest.hidden = !results.best
    setText(el.resultsBest, results.best)
    setText(el.sharePreview, withFollow(results.share))
  }
}
