/**
 * The live class page's view: draws the controller (live_ctrl.js) and sends the teacher's or
 * student's intents back. It writes no storage and talks to no server: every decision and every word
 * is the controller's. The board is chess/board.js's with its keyboard grid (a student's answer; the
 * teacher's board after the reveal, free to play on); a teacher's page is made for a projector (the
 * countdown and the count large), a student's for a phone.
 */
/** @import { Color } from '../vendor/chess.js' */
/** @import { FirstMove } from '../live_types.js' */
/** @import { LiveClassCtrl } from './live_ctrl.js' */
import { Board } from '../chess/board.js'
import { facing } from '../chess/line.js'
import { boardHooks } from '../chess/moving.js'
import { formatTime } from '../lib/clock.js'
import { announce, byIds, el as make, setText } from '../lib/dom.js'
import { href, number, t, tn } from '../lib/i18n.js'
import { Speech } from '../lib/speech.js'
import { Holdings } from '../lib/playing.js'
import { fillNotice, showOnly } from '../lib/views.js'

const EMPTY = '8/8/8/8/8/8/8/8 w - - 0 1'
const VIEWS = ['live-view', 'notice-view']

const IDS = /** @type {const} */ ([
  'board', 'board-frame', 'live-class', 'live-role', 'live-title', 'live-puzzle', 'live-figures', 'live-countdown', 'countdown-time',
  'countdown-label', 'live-answered-box', 'live-answered', 'live-status', 'open-form', 'open-lesson', 'open-seconds',
  'open-error', 'teacher-actions', 'next-button', 'reveal-button', 'close-button', 'live-reveal', 'reveal-title',
  'reveal-summary', 'live-moves', 'show-start', 'student-reveal', 'student-reveal-words', 'live-over',
  'live-over-words', 'back-to-class',
])

/** @typedef {import('../dom_types.js').ElementsById<typeof IDS[number]>} LiveElements */

export class LiveClassView {
  constructor() {
    this.el = /** @type {LiveElements} */ (byIds(...IDS))
    this.hold = new Holdings()
    this.speech = new Speech()
    /** @type {LiveClassCtrl | null} */
    this.ctrl = null
    /** @type {Board | null} */
    this.board = null
    this.stageDrawn = ''
  }

  get drawn() {
    if (!this.ctrl) throw new Error('no live class controller drawn yet')
    return this.ctrl
  }

  /** Draw `ctrl` from now on, and send the intents to it. @param {LiveClassCtrl} ctrl */
  draw(ctrl) {
    this.ctrl = ctrl
    const { el } = this
    this.hold.on(el.openForm, 'submit', (/** @type {SubmitEvent} */ event) => {
      event.preventDefault()
      const input = /** @type {HTMLInputElement} */ (el.openSeconds)
      if (!ctrl.open(input.value.trim() === '' ? NaN : Number(input.value))) input.focus()
    })
    this.hold.on(el.nextButton, 'click', () => ctrl.next())
    this.hold.on(el.revealButton, 'click', () => ctrl.showAnswers())
    this.hold.on(el.closeButton, 'click', () => ctrl.close())
    this.hold.on(el.showStart, 'click', () => ctrl.show(null))
    this.redraw()
  }

  /** @param {string} fen @param {Color} color */
  boardFor(fen, color) {
    const ctrl = this.drawn
    this.board = facing(this.board, color, fen, (orientation) => new Board(this.el.board, {
      fen, orientation, hooks: boardHooks(ctrl, announce), options: {},
    }))
    return this.board
  }

  /** Said with whatever else changed this frame (lib/speech.js). @param {string} text */
  announce(text) {
    this.speech.say(text)
  }

  tick() {
    const left = this.drawn.secondsLeft()
    setText(this.el.countdownTime, left === null ? '–' : formatTime(left))
  }

  stop() {
    this.hold.release()
    this.board?.destroy()
    this.board = null
  }

  redraw() {
    const ctrl = this.drawn
    const { page } = ctrl
    if (page.kind === 'loading') return
    if (page.kind === 'notice') {
      showOnly(VIEWS, 'notice-view')
      fillNotice(page.title, page.text, page.title + ' · ' + t('Classes'))
      return
    }
    showOnly(VIEWS, 'live-view')
    if (!this.board) this.boardFor(EMPTY, 'w').disable()
    this.drawHead()
    this.drawTeacher()
    this.drawStudent()
    this.tick()
    this.moveFocus()
  }

  drawHead() {
    const ctrl = this.drawn
    const { el } = this
    const klass = ctrl.klass
    const session = ctrl.session
    if (klass) {
      setText(el.liveClass, klass.name)
      el.liveClass.setAttribute('href', href(klass.url))
      el.backToClass.setAttribute('href', href(klass.url))
    }
    setText(el.liveRole, ctrl.teacher ? t('Live: your class') : t('Live'))
    const title = session ? session.title : ctrl.stage === 'opening'
      ? (ctrl.lessonName ? t('Run {name} live', { name: ctrl.lessonName }) : t('Run a lesson live')) : t('Live class')
    setText(el.liveTitle, title)
    document.title = [title, t('Live'), t('Classes')].join(' · ')
    const puzzle = ctrl.puzzle
    setText(el.livePuzzle, puzzle && ctrl.stage !== 'over' ? t('Puzzle {n} of {of}: {title}', { n: number(puzzle.n), of: number(puzzle.of), title: puzzle.title }) : '')
    const up = ['puzzle', 'closed-answers', 'revealed'].includes(ctrl.stage)
    el.liveFigures.hidden = !up
    el.liveCountdown.hidden = ctrl.stage === 'revealed' // answers closed: the count stays
    el.liveAnsweredBox.hidden = !ctrl.teacher
    if (ctrl.count) setText(el.liveAnswered, `${number(ctrl.count.answered)} / ${number(ctrl.count.of)}`)
    const status = this.statusWords()
    setText(el.liveStatus, status)
    el.liveStatus.hidden = !status
    const tone = ctrl.link === 'away' ? 'bad' : ctrl.stage === 'puzzle' ? ctrl.status.tone : ''
    el.liveStatus.className = 'play-status' + (tone ? ` is-${tone}` : '')
    el.boardFrame.dataset.stage = ctrl.stage
    el.boardFrame.dataset.puzzle = String(puzzle ? puzzle.n : 0)
    el.boardFrame.dataset.moves = String(ctrl.answer.moves.length)
  }

  /** The status line: the connection, else what the stage asks of this player. */
  statusWords() {
    const ctrl = this.drawn
    if (ctrl.link === 'away') return t('Connection lost: reconnecting…')
    switch (ctrl.stage) {
      case 'connecting': return t('Connecting…')
      case 'opening': return t('Choose how long each puzzle stays open, then open the session: your students join from their class page.')
      case 'none': return ctrl.teacher
        ? t('No live session is open: run one from the class page, on one of its lessons.')
        : ctrl.klass ? t('No live session is open in {name} now: this page joins as soon as your teacher opens one.', { name: ctrl.klass.name })
          : t('No live session is open in your class now: this page joins as soon as your teacher opens one.')
      case 'ready': return !ctrl.teacher ? t('You are in. Wait for your teacher to show the first puzzle.')
        : ctrl.count ? tn('{n} student in. Show the first puzzle when the class is ready.', '{n} students in. Show the first puzzle when the class is ready.', ctrl.count.of)
          : t('No students in. Show the first puzzle when the class is ready.')
      case 'puzzle': return ctrl.teacher ? t('Answers are coming in.') : ctrl.status.text || (ctrl.color === 'w' ? t('Your move: you play White.') : t('Your move: you play Black.'))
      case 'closed-answers': return ctrl.teacher ? t('Time’s up: reveal the answers when you are ready.') : ctrl.status.text || t('Time’s up: wait for the reveal.')
      case 'revealed': return ctrl.teacher ? '' : t('Wait for the next puzzle.')
      case 'over': return ''
      default: return ''
    }
  }

  drawTeacher() {
    const ctrl = this.drawn
    const { el } = this
    const teacher = ctrl.teacher
    el.openForm.hidden = !(teacher && ctrl.stage === 'opening')
    setText(el.openLesson, ctrl.lessonName ? t('{name}: each puzzle up for the class to answer, one at a time.', { name: ctrl.lessonName }) : '')
    setText(el.openError, ctrl.openError)
    el.openSeconds.toggleAttribute('aria-invalid', Boolean(ctrl.openError))
    const acting = teacher && ['ready', 'puzzle', 'closed-answers', 'revealed'].includes(ctrl.stage)
    el.teacherActions.hidden = !acting
    const puzzle = ctrl.puzzle
    const last = Boolean(puzzle && puzzle.n >= puzzle.of)
    el.nextButton.hidden = !(ctrl.stage === 'ready' || (ctrl.stage === 'revealed' && !last))
    setText(el.nextButton, ctrl.stage === 'ready' ? t('Show the first puzzle') : t('Next puzzle'))
    el.revealButton.hidden = !(ctrl.stage === 'puzzle' || ctrl.stage === 'closed-answers')
    el.liveReveal.hidden = !(teacher && ctrl.stage === 'revealed' && ctrl.reveal)
    if (teacher && ctrl.reveal) this.drawReveal(ctrl.reveal.moves)
    el.liveOver.hidden = ctrl.stage !== 'over'
    setText(el.liveOverWords, teacher
      ? t('Every answer is in the class’s results, marked live.')
      : t('Your answers are in your class’s results.'))
  }

  /** The class's first moves: each its count, a bar, the right one marked, shown on the board on asking. @param {FirstMove[]} moves */
  drawReveal(moves) {
    const ctrl = this.drawn
    const reveal = /** @type {import('../live_types.js').ClassReveal} */ (ctrl.reveal)
    const wrong = moves.filter((m) => !m.right).reduce((sum, m) => sum + m.count, 0)
    const wrongWords = tn('{n} wrong first move', '{n} wrong first moves', wrong)
    setText(this.el.revealSummary, tn('{answered} of {n} student answered; {wrong}.', '{answered} of {n} students answered; {wrong}.', reveal.of, { answered: number(reveal.answered), wrong: wrongWords }))
    const most = Math.max(1, ...moves.map((m) => m.count))
    const drawnKey = moves.map((m) => `${m.uci}:${m.count}`).join(',') + `|${ctrl.shown}`
    if (this.el.liveMoves.dataset.drawn === drawnKey) return
    this.el.liveMoves.dataset.drawn = drawnKey
    this.el.liveMoves.replaceChildren(...moves.map((move) => {
      const bar = make('span', { class: 'live-move-bar', 'aria-hidden': 'true' }, make('span', { class: 'live-move-fill' }))
      const fill = /** @type {HTMLElement} */ (bar.firstElementChild)
      fill.style.setProperty('--share', (move.count / most).toFixed(3))
      const button = make('button', {
        class: 'live-move', type: 'button', 'aria-pressed': String(ctrl.shown === move.uci),
        'aria-describedby': 'moves-help', dataset: { uci: move.uci, count: String(move.count) },
      },
      make('span', { class: 'live-move-san', text: move.san }),
      make('span', { class: 'live-move-count', text: number(move.count) }),
      bar,
      move.right ? make('span', { class: 'live-move-right', text: t('right move') }) : null)
      button.addEventListener('click', () => ctrl.show(move.uci))
      return make('li', { class: move.right ? 'is-right' : 'is-wrong' }, button)
    }))
  }

  drawStudent() {
    const ctrl = this.drawn
    const { el } = this
    el.studentReveal.hidden = !(!ctrl.teacher && ctrl.stage === 'revealed' && ctrl.revealed)
    setText(el.studentRevealWords, ctrl.revealWords())
    setText(el.countdownLabel, t('Time to answer'))
  }

  /** Focus follows the session where what held it went away: to the next thing to do. */
  moveFocus() {
    const ctrl = this.drawn
    if (ctrl.stage === this.stageDrawn) return
    this.stageDrawn = ctrl.stage
    const active = /** @type {HTMLElement | null} */ (document.activeElement)
    const { el } = this
    const lost = !active || active === document.body || active === el.liveTitle || active.closest('[hidden]') !== null
    if (!lost) return
    if (ctrl.teacher) {
      const next = ctrl.stage === 'opening' ? el.openSeconds : ctrl.stage === 'ready' ? el.nextButton
        : ctrl.stage === 'revealed' ? el.revealTitle : ['puzzle', 'closed-answers'].includes(ctrl.stage) ? el.revealButton : el.liveTitle
      if (next !== active) next.focus()
    } else if (ctrl.stage === 'puzzle' && ctrl.inPlay()) {
      this.board?.focus()
    } else if (active !== el.liveTitle) {
      el.liveTitle.focus()
    }
  }
}
