/**
 * The chess play view: draws one puzzle's controller (ctrl.js) on the page and sends the
 * player's intents back to it (lila's view/main.ts). It writes no storage and posts nothing:
 * every decision is the controller's, every word it draws the controller's state.
 *
 *   new PuzzleView() makes the view of the play elements (looked up once);
 *   view.play(ctrl) draws `ctrl` from now on (its `ui`: PuzzleUi of site/types/play_types.d.ts).
 */
/** @import { PuzzleCtrl } from './ctrl.js' */
import { Countdown } from '../lib/countdown.js'
import { t } from '../lib/i18n.js'
import { Board } from './board.js'
import { facing } from './line.js'
import { boardHooks } from './moving.js'
import { mediumDate } from '../lib/dates.js'
import { formatTime } from '../lib/clock.js'
import { byIds, setText, announce } from '../lib/dom.js'
import { openSheet } from '../lib/sheet.js'
import { PlayView, isGameKey, shareResult } from '../lib/playing.js'
import { showFriends, withFollow } from '../friends/on_sheet.js'
import { kindOf } from './result_words.js'
import { bandName } from './words.js'

const RESULTS_AFTER_MS = 700 // the results sheet opens this long after the last move lands
const RESULTS_AFTER_REDUCED_MS = 150 // with reduced motion

const IDS = /** @type {const} */ ([
  'board', 'board-frame', 'board-cover', 'board-cover-text', 'resume-button', 'pause-button',
  'hint-button', 'solution-button', 'solution-confirm', 'confirm-bar', 'solution-yes', 'solution-no',
  'play-kind', 'play-title', 'play-meta', 'play-status', 'stat-time', 'stat-mistakes', 'stat-hints',
  'play-actions', 'play-done', 'play-done-title', 'next-link', 'results-button', 'share-button',
  'share-preview', 'first-move-how', 'results-sheet-title', 'results-motifs', 'results-time',
  'results-mistakes', 'results-hints', 'lichess-link', 'results-streak', 'results-rating',
  'results-note', 'results-cheer', 'results-next', 'game-link', 'results-game', 'results-game-link',
  'analysis-link', 'results-analysis', 'puzzle-vote', 'vote-up', 'vote-down', 'report-button',
  'report-reasons', 'vote-note', 'play-done-next', 'play-done-next-said',
])

/**
 * The play view's elements by id, in camelCase (lib/dom.js byIds); the links and buttons as such.
 * @typedef {Record<'board' | 'boardFrame' | 'boardCover' | 'boardCoverText' | 'solutionConfirm' | 'confirmBar' | 'playKind'
 *   | 'playTitle' | 'playMeta' | 'playStatus' | 'statTime' | 'statMistakes' | 'statHints' | 'playActions' | 'playDone'
 *   | 'playDoneTitle' | 'sharePreview' | 'firstMoveHow' | 'resultsSheetTitle' | 'resultsMotifs' | 'resultsTime'
 *   | 'resultsMistakes' | 'resultsHints' | 'resultsStreak' | 'resultsRating' | 'resultsNote' | 'resultsCheer'
 *   | 'resultsGame' | 'puzzleVote' | 'reportReasons' | 'voteNote' | 'playDoneNext'
 *   | 'playDoneNextSaid', HTMLElement>
 *   & Record<'resumeButton' | 'pauseButton' | 'hintButton' | 'solutionButton' | 'solutionYes' | 'solutionNo'
 *   | 'resultsButton' | 'shareButton' | 'voteUp' | 'voteDown' | 'reportButton', HTMLButtonElement>
 *   & Record<'nextLink' | 'lichessLink' | 'resultsNext' | 'gameLink' | 'resultsGameLink' | 'analysisLink' | 'resultsAnalysis',
 *   HTMLAnchorElement>} PuzzleElements
 */

/** @extends {PlayView<PuzzleCtrl>} */
export class PuzzleView extends PlayView {
  constructor() {
    const el = /** @type {PuzzleElements} */ (byIds(...IDS))
    super({
      screen: { frame: el.boardFrame, cover: el.boardCover, coverText: el.boardCoverText, resume: el.resumeButton, pauseButton: el.pauseButton },
      confirm: { box: el.solutionConfirm, button: el.solutionButton, bar: el.confirmBar, first: el.solutionYes },
    })
    this.el = el
    /** @type {HTMLInputElement[]} the helpers' options (checkboxes named by data-option) */
    this.options = [...document.querySelectorAll('[data-option]')].map((input) => /** @type {HTMLInputElement} */ (input))
    /** @type {HTMLButtonElement[]} */
    this.reasons = [...el.reportReasons.querySelectorAll('[data-reason]')].map((button) => /** @type {HTMLButtonElement} */ (button))
    /** @type {Board | null} */
    this.board = null
    /** @type {Countdown | null} the time to the next daily, once today's is over */
    this.countdown = null
  }

  /**
   * Draw `ctrl` from now on: it calls this view's redraw(), makeBoard(), watch() and the rest.
   * @param {PuzzleCtrl} ctrl
   */
  play(ctrl) {
    this.ctrl = ctrl
    this.board = null
    this.sheetCover = false
    this.el.solutionConfirm.hidden = true
    this.el.solutionButton.hidden = false
    const options = ctrl.options()
    for (const input of this.options) input.checked = options[/** @type {keyof typeof options} */ (input.dataset.option)]
    this.watchDone(ctrl)
    return this
  }

  /**
   * The done box's buttons, from the first draw: a finished puzzle shows the box before its board
   * and rules have come (watch() waits for them), and Results must answer at once.
   * @param {PuzzleCtrl} ctrl
   */
  watchDone(ctrl) {
    const { el } = this
    /** @type {(target: EventTarget, fn: () => void) => void} */
    const on = (target, fn) => this.hold.on(target, 'click', fn)
    on(el.resultsButton, () => this.openResults())
    on(el.shareButton, () => shareResult(withFollow(ctrl.shareText()), el.sharePreview))
    on(el.voteUp, () => ctrl.vote('up'))
    on(el.voteDown, () => ctrl.vote('down'))
    on(el.reportButton, () => ctrl.toggleReporting())
    for (const button of this.reasons) on(button, () => ctrl.report(button.dataset.reason || ''))
  }

  /** The board, once the controller knows the position, turned to the solver's side (line.js facing). */
  makeBoard() {
    const ctrl = this.drawn
    this.board = facing(this.board, ctrl.color, ctrl.fen, (orientation) => new Board(this.el.board, {
      fen: ctrl.fen, orientation, options: ctrl.options(), hooks: boardHooks(ctrl, announce),
    }))
    return this.board
  }

  /** The board, once made. */
  get shown() {
    return /** @type {Board} */ (this.board)
  }

  /** The player's intents, the clock's house rules and the keys, while the puzzle is open. */
  watch() {
    const { el } = this
    const ctrl = this.drawn
    /** @type {(target: EventTarget, type: string, fn: (event: Event) => void) => void} */
    const on = (target, type, fn) => this.hold.on(target, type, fn)
    this.watchClock({
      // The board counts as in view while at least 35% of it is on screen.
      view: el.boardFrame,
      threshold: [0, 0.35, 1],
      outOfView: (entry) => entry.intersectionRatio < 0.35,
      covers: (id) => id !== 'first-move-sheet', // the first-move prompt leaves the board in sight
    })
    on(el.hintButton, 'click', () => ctrl.hint())
    on(el.pauseButton, 'click', () => ctrl.togglePause())
    on(el.resumeButton, 'click', () => ctrl.togglePause(false))
    on(el.solutionButton, 'click', () => { if (ctrl.inPlay()) this.confirm.ask() })
    on(el.solutionYes, 'click', () => {
      this.confirm.cancel(false)
      ctrl.showSolution()
    })
    on(el.solutionNo, 'click', () => this.confirm.cancel(true))
    on(document, 'keydown', (e) => this.onKey(/** @type {KeyboardEvent} */ (e)))
    for (const input of this.options) {
      on(input, 'change', () => ctrl.setOptions(Object.fromEntries(this.options.map((i) => [i.dataset.option || '', i.checked]))))
    }
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    if (!isGameKey(event)) return
    if (event.key === '?') {
      event.preventDefault()
      openSheet('howto-sheet')
    } else if (event.key === 'h' || event.key === 'H') {
      event.preventDefault()
      this.drawn.hint()
    } else if (event.key === 'p' || event.key === 'P') {
      event.preventDefault()
      this.drawn.togglePause()
    }
  }

  /**
   * Paused: Resume has the focus; resumed: the board.
   * @param {boolean} on
   */
  paused(on) {
    if (on) this.el.resumeButton.focus()
    else this.shown.focus()
  }

  /**
   * Once per browser, before the first move: how to move. Resolves when the prompt closes.
   * @param {string} side
   */
  firstMove(side) {
    this.el.firstMoveHow.textContent = t('You play {side}: tap a piece, then its square, or drag it.', { side })
    const sheet = /** @type {HTMLDialogElement} */ (openSheet('first-move-sheet'))
    return new Promise((resolve) => sheet.addEventListener('close', resolve, { once: true }))
  }

  /** The puzzle just ended: the results sheet follows once the last move has landed. */
  ended() {
    const ctrl = this.drawn
    setTimeout(() => ctrl.alive && this.openResults(), this.shown.reduced ? RESULTS_AFTER_REDUCED_MS : RESULTS_AFTER_MS)
  }

  openResults() {
    this.redraw()
    openSheet('results-sheet')
  }

  letGo() {
    this.board?.destroy()
    this.countdown?.show(false)
  }

  // ---- drawing ----------------------------------------------------------------------

  redraw() {
    const { el } = this
    const ctrl = this.drawn
    const { rec, puzzle } = ctrl
    setText(el.playKind, rec.review ? t('Review · unrated') : rec.replay ? t('Replay missed · unrated') : rec.daily ? t('Daily') + ' · ' + mediumDate(rec.daily) : kindOf(rec))
    setText(el.playTitle, bandName(puzzle.band))
    setText(el.playMeta, t('You play {side}', { side: ctrl.side }) + ' · ' + t('Rated {rating}', { rating: puzzle.rating }))
    const tab = [rec.daily ? t('Daily') : t('Endless'), bandName(puzzle.band), t('Chess Puzzles')].join(' · ')
    if (document.title !== tab) document.title = tab
    setText(el.playStatus, ctrl.status.text)
    el.playStatus.className = 'play-status' + (ctrl.status.tone ? ` is-${ctrl.status.tone}` : '')
    this.drawClock()
    setText(el.statMistakes, String(rec.mistakes))
    setText(el.statHints, String(rec.hints))
    this.drawCover()
    const done = ctrl.ended
    el.playActions.hidden = done
    if (done) el.solutionConfirm.hidden = true
    el.playDone.hidden = !done
    if (done) this.drawResults()
    else this.countdown?.show(false)
    showFriends(done ? ctrl.friendsWhere() : null, () => this.redraw())
    this.drawVote()
  }

  /** The vote buttons and the report's reasons, as the controller holds the player's word. */
  drawVote() {
    const { el } = this
    const ctrl = this.drawn
    el.puzzleVote.hidden = !ctrl.votes()
    if (el.puzzleVote.hidden) return
    const word = ctrl.word()
    el.voteUp.setAttribute('aria-pressed', String(word.vote === 'up'))
    el.voteDown.setAttribute('aria-pressed', String(word.vote === 'down'))
    el.reportButton.setAttribute('aria-expanded', String(word.reporting))
    el.reportReasons.hidden = !word.reporting
    for (const button of this.reasons) button.setAttribute('aria-pressed', String(word.reason === button.dataset.reason))
    setText(el.voteNote, word.note)
  }

  drawClock() {
    setText(this.el.statTime, formatTime(this.drawn.seconds()))
  }

  /** The done box and the results sheet. */
  drawResults() {
    const { el } = this
    const results = this.drawn.results()
    setText(el.playDoneTitle, `${results.title}.`)
    // Today's daily over: the time to the next one (lib/countdown.js).
    if (results.countdown && !this.countdown) this.countdown = new Countdown(el.playDoneNext, el.playDoneNextSaid, {
      next: t('Next daily in {time}'),
      comes: t('The next daily comes in {time}.'),
      out: t('The next daily is out: reload the page for it.'),
    })
    this.countdown?.show(results.countdown)
    setText(el.resultsSheetTitle, results.title)
    setText(el.resultsMotifs, results.motifs)
    setText(el.resultsTime, formatTime(results.seconds))
    setText(el.resultsMistakes, String(results.mistakes))
    setText(el.resultsHints, String(results.hints))
    el.lichessLink.href = results.lichess
    // The source game, once the puzzle is over (it shows the answer): the done box and the sheet.
    el.gameLink.hidden = !results.game
    el.resultsGame.hidden = !results.game
    if (results.game) el.gameLink.href = el.resultsGameLink.href = results.game
    el.analysisLink.href = el.resultsAnalysis.href = results.analysis
    el.resultsStreak.hidden = results.streak === null
    if (results.streak !== null) setText(el.resultsStreak, results.streak)
    el.resultsRating.hidden = !results.rating
    if (results.rating) setText(el.resultsRating, results.rating)
    setText(el.resultsNote, results.note)
    el.resultsCheer.hidden = !results.cheer
    setText(el.resultsCheer, results.cheer)
    el.resultsNext.href = results.next.href
    el.nextLink.href = el.resultsNext.href // the done box's Next: the same address, resolved
    for (const link of [el.resultsNext, el.nextLink]) setText(link, results.next.text)
    setText(el.sharePreview, withFollow(results.share))
  }
}
