/**
 * A class's live session on its page (/classes/live/?id=<class>[&lesson=<lesson>]), as state and rules
 * with no DOM (docs/live.md, "The live class"; "The pages"). The class is read first (GET
 * /api/classes/<id>): anyone not its teacher or one of its students gets a notice and nothing else,
 * not even a connection. Then the page's socket (lib/live.js) joins the class's open session
 * (`rejoin`: `class.join`, again on every reconnect, so the page takes up where it was).
 *
 * - **The teacher** (a projector's view): opens a session on the lesson the address names (the class
 *   page's "Run live"), puts each puzzle up, sees the countdown and how many answered (never who),
 *   reveals the distribution of first moves (the right one marked, the wrong ones counted), each
 *   shown on the board on asking (and the board is free to play on from there), then the next.
 * - **A student**: their own board (the position and their side, never the line), each move judged
 *   on the server (`class.judged`: the board plays its verdict and the reply it sends), one try, each
 *   move held to the floor of a second a move from the puzzle going up (lib/floor.js); at the reveal,
 *   the right move, their own answer and their place. Never another student's answer.
 *
 * Node drives it with a stand-in view, API and socket (tests/js/live_class_ctrl.test.mjs).
 */
/** @import { Chess, Color, Move } from '../vendor/chess.js' */
/** @import { ClassOut } from '../classes_types.js' */
/** @import { LiveClassDeps, LiveClassUi, LivePage, LiveStage } from '../live_class_types.js' */
/** @import { ClassCount, ClassHello, ClassJudged, ClassPuzzle, ClassReveal, ClassRevealed, LiveError, LiveIn, LiveOut, LiveStatus } from '../live_types.js' */
/** @import { PlayBoard } from '../play_types.js' */
import { Chess as Game } from '../vendor/chess.js'
import { play } from '../chess/rules.js'
import { moveWords } from '../chess/words.js'
import { reason } from '../lib/api.js'
import { Play } from '../lib/session.js'
import { number, t, tn } from '../lib/i18n.js'
import { placeWords } from '../race/track.js'
import { StudentAnswer } from './live_answer.js'

const CLASS_ID = /^[A-Za-z0-9_-]{16}$/
export const SECONDS = { low: 10, high: 600, offered: 60 } // puzzlebook/live_class/session.py
const AGAIN_MS = 5000 // no session open yet: asked again this often
const VERDICT_WORDS = { solved: t('solved'), missed: t('missed'), unfinished: t('not finished') }

/** @extends {Play<LiveClassUi>} */
export class LiveClassCtrl extends Play {
  /** @param {LiveClassDeps} deps */
  constructor({ id, lesson, ui, call, send, signedIn, now = () => Date.now(),
    later = (fn, ms) => setTimeout(fn, ms), cancel = (timer) => clearTimeout(/** @type {number} */ (timer)) }) {
    super({ ui })
    this.id = id
    this.lesson = lesson
    this.call = call
    this.sendOut = send
    this.signedIn = signedIn
    this.now = now
    this.later = later
    this.cancel = cancel
    /** @type {LivePage} */
    this.page = { kind: 'loading' }
    /** @type {ClassOut | null} */
    this.klass = null
    /** @type {LiveStage} */
    this.stage = 'connecting'
    /** @type {ClassHello | null} the session */
    this.session = null
    /** @type {ClassPuzzle | null} */
    this.puzzle = null
    /** @type {ClassCount | null} */
    this.count = null
    /** @type {ClassReveal | null} the teacher's reveal */
    this.reveal = null
    /** @type {ClassRevealed | null} a student's */
    this.revealed = null
    /** @type {number | null} when the puzzle's answers close, on this browser's clock */
    this.closesAt = null
    /** @type {StudentAnswer} a student's answer to the puzzle up */
    this.answer = new StudentAnswer(0, 0)
    /** @type {Chess | null} the position on the board */
    this.game = null
    /** @type {PlayBoard | null} */
    this.board = null
    this.busy = false
    /** @type {string | null} the first move the teacher shows on the board */
    this.shown = null
    this.openError = ''
    /** @type {LiveStatus} */
    this.link = 'connecting'
    /** @type {unknown} */
    this.again = null
  }

  get teacher() {
    return this.klass?.role === 'teacher'
  }

  /** The lesson named by the address, as the class lists it (the teacher's). */
  get lessonName() {
    return this.klass?.lessons.find((l) => l.id === this.lesson)?.name ?? ''
  }

  /** @param {string} title @param {string} text */
  notice(title, text) {
    this.page = { kind: 'notice', title, text }
    this.redraw()
  }

  /** Read the class: whether this player is its teacher or student (else a notice, and nothing more). */
  async load() {
    if (!CLASS_ID.test(this.id)) {
      this.notice(t('No class here'), t('This link has no class in it. Open your class from the Classes page.'))
      return false
    }
    if (!this.signedIn()) {
      this.notice(t('Sign in to join the live session'), t('A class’s live session is for its teacher and its students only: sign in as the player who joined the class.'))
      return false
    }
    const answer = await this.call(`/classes/${this.id}`)
    if (answer.status !== 200 || !answer.data) {
      this.notice(t('This live session isn’t open to you'), answer.status === 0
        ? reason(answer)
        : t('A class’s live session is for its teacher and its students only. If you are in this class, sign in as the player who joined it.'))
      return false
    }
    this.klass = /** @type {ClassOut} */ (answer.data)
    this.page = { kind: 'live' }
    this.redraw()
    return true
  }

  // ---- the socket ----------------------------------------------------------------------------------

  /** What the socket sends as it opens (again): the class's session joined. */
  rejoin() {
    return this.page.kind === 'live' ? /** @type {LiveOut} */ ({ t: 'class.join', class: this.id }) : null
  }

  /** @param {LiveStatus} status */
  linked(status) {
    const before = this.link
    this.link = status
    if (status === 'away' && before === 'open') this.announce(t('Connection lost: reconnecting…'))
    if (status === 'open' && before === 'away') this.announce(t('Connected again.'))
    this.redraw()
  }

  /** @param {LiveOut} message */
  send(message) {
    return this.sendOut(message)
  }

  // ---- the teacher's intents -------------------------------------------------------------------------

  /** Open a session on the address's lesson, each puzzle's countdown `seconds`. @param {number} seconds */
  open(seconds) {
    if (!Number.isInteger(seconds) || seconds < SECONDS.low || seconds > SECONDS.high) {
      this.openError = t('Give each puzzle {low} to {high} seconds, a whole number.', { low: number(SECONDS.low), high: number(SECONDS.high) })
      this.redraw()
      return false
    }
    this.openError = ''
    this.send({ t: 'class.open', class: this.id, lesson: this.lesson, seconds })
    return true
  }

  next() {
    this.send({ t: 'class.next' })
  }

  showAnswers() {
    this.send({ t: 'class.reveal' })
  }

  close() {
    this.send({ t: 'class.close' })
  }

  /** The teacher shows a first move on the board (null: the puzzle's position). @param {string | null} uci */
  show(uci) {
    const puzzle = this.puzzle
    if (!puzzle || !this.teacher) return
    this.shown = uci
    this.game = new Game(puzzle.fen)
    const move = uci ? playUci(this.game, uci) : null
    this.board = this.ui.boardFor(this.game.fen(), sideOf(puzzle))
    this.mark(move)
    if (move) this.announce(t('On the board: {move}.', { move: moveWords(move) }))
    if (this.inPlay()) this.board.enable(this.game.turn())
    this.redraw()
  }

  // ---- hearing the room -------------------------------------------------------------------------------

  /** @param {LiveIn} message */
  hear(message) {
    if (!this.alive) return
    switch (message.t) {
      case 'class.hello': return this.hello(message)
      case 'class.puzzle': return this.puzzleUp(message)
      case 'class.count':
        this.count = message
        if (this.teacher && message.n) this.announce(tn('{answered} of {n} student answered.', '{answered} of {n} students answered.', message.of, { answered: number(message.answered) }))
        else if (this.teacher) this.announce(tn('{n} student in.', '{n} students in.', message.of))
        this.redraw()
        return
      case 'class.judged': return this.judged(message)
      case 'class.reveal': return this.teacherReveal(message)
      case 'class.revealed': return this.studentReveal(message)
      case 'class.closed':
        this.stage = 'over'
        this.board?.disable()
        this.announce(this.teacher ? t('The session is closed.') : t('Your teacher closed the session.'))
        this.redraw()
        return
      case 'error': return this.refused(message)
      default:
    }
  }

  /** @param {ClassHello} hello */
  hello(hello) {
    this.cancel(this.again)
    const first = !this.session
    this.session = hello
    this.count = hello.count ?? this.count
    if (hello.closed) {
      this.stage = 'over'
    } else if (!hello.puzzle) {
      this.stage = 'ready'
    } else {
      this.puzzleUp(hello.puzzle, { quiet: true, mine: hello.mine ?? null })
      if (hello.reveal) this.teacherReveal(hello.reveal, { quiet: true })
      if (hello.revealed) this.studentReveal(hello.revealed, { quiet: true })
    }
    if (first) {
      this.announce(this.teacher
        ? tn('The live session of {title} is open: {n} puzzle.', 'The live session of {title} is open: {n} puzzles.', hello.puzzles, { title: hello.title })
        : t('You joined the live session: {title}.', { title: hello.title }))
    }
    this.redraw()
  }

  /**
   * A puzzle up: a student's board at its position, their side; the teacher's with the line kept.
   * @param {ClassPuzzle} puzzle
   * @param {{ quiet?: boolean, mine?: ClassHello['mine'] }} [options]
   */
  puzzleUp(puzzle, { quiet = false, mine = null } = {}) {
    const now = this.now()
    const same = this.puzzle?.n === puzzle.n
    this.puzzle = puzzle
    this.closesAt = puzzle.closes_in === null ? null : now + puzzle.closes_in
    if (!same) {
      this.answer = new StudentAnswer(puzzle.n, now)
      this.setStatus('')
      this.reveal = null
      this.revealed = null
      this.shown = null
    }
    this.answer.keep(mine)
    this.stage = puzzle.revealed ? 'revealed' : this.answering() ? 'puzzle' : 'closed-answers'
    this.game = new Game(puzzle.fen)
    if (!this.teacher && this.answer.moves.length) play(this.game, this.answer.moves[0])
    this.board = this.ui.boardFor(this.game.fen(), sideOf(puzzle))
    this.mark(null)
    if (this.inPlay()) this.board.enable(sideOf(puzzle))
    else this.board.disable()
    if (!quiet) {
      const seconds = puzzle.closes_in === null ? '' : ' ' + tn('{n} second.', '{n} seconds.', Math.round(puzzle.closes_in / 1000))
      const values = { n: number(puzzle.n), of: number(puzzle.of), title: puzzle.title, side: sideOf(puzzle) === 'w' ? t('White') : t('Black') }
      this.announce((this.teacher
        ? t('Puzzle {n} of {of} is up: {title}.', values)
        : t('Puzzle {n} of {of}: {title}. You play {side}.', values)) + seconds)
    }
    this.redraw()
  }

  /** Whether the puzzle up takes answers now (its countdown, by this browser's clock). */
  answering() {
    return Boolean(this.puzzle) && !this.puzzle?.revealed && this.closesAt !== null && this.now() < this.closesAt
  }

  /** @param {ClassReveal} reveal @param {{ quiet?: boolean }} [options] */
  teacherReveal(reveal, { quiet = false } = {}) {
    this.reveal = reveal
    this.stage = 'revealed'
    const right = reveal.moves.find((m) => m.right)
    const others = reveal.moves.filter((m) => !m.right).reduce((sum, m) => sum + m.count, 0)
    if (!quiet) {
      this.announce(tn('Revealed: the right move is {san}, played by {count} of {answered} who answered; {n} other first move.', 'Revealed: the right move is {san}, played by {count} of {answered} who answered; {n} other first moves.', others, { san: reveal.right.san, count: number(right?.count ?? 0), answered: number(reveal.answered) }))
    }
    this.show(null)
  }

  /** @param {ClassRevealed} revealed @param {{ quiet?: boolean }} [options] */
  studentReveal(revealed, { quiet = false } = {}) {
    this.revealed = revealed
    this.stage = 'revealed'
    this.answer.drop()
    this.board?.disable()
    const [from, to] = [revealed.right.uci.slice(0, 2), revealed.right.uci.slice(2, 4)]
    this.board?.markHint(/** @type {import('../vendor/chess.js').Square} */ (from), /** @type {import('../vendor/chess.js').Square} */ (to))
    if (!quiet) this.announce(this.revealWords())
    this.redraw()
  }

  /** A student's reveal in words: the right move, their answer, their place. */
  revealWords() {
    const r = this.revealed
    if (!r) return ''
    const yours = r.yours ? t('Yours: {san}, {verdict}.', { san: r.yours.san, verdict: VERDICT_WORDS[r.yours.verdict] }) : t('You didn’t answer this one.')
    const place = r.place ? ' ' + t('You are {place} of {count}.', { place: placeWords(r.place), count: number(r.of) }) : ''
    return t('The right move: {san}.', { san: r.right.san }) + ' ' + yours + place
  }

  /** @param {LiveError} error */
  refused(error) {
    if (error.of === 'class.join' && error.code === 'no-session') {
      this.session = null
      this.stage = this.teacher && this.lesson ? 'opening' : 'none'
      this.cancel(this.again)
      if (this.stage === 'none') this.again = this.later(() => this.send({ t: 'class.join', class: this.id }), AGAIN_MS)
      this.redraw()
      return
    }
    if (error.of === 'class.open') {
      if (error.code === 'open') {
        this.send({ t: 'class.join', class: this.id })
        return
      }
      this.openError = error.words
      this.redraw()
      return
    }
    if (error.of === 'class.move') {
      if (error.code === 'too-fast') {
        this.answer.wait(this.now(), error.wait ?? 500)
        return
      }
      if (error.code === 'done') return
      this.answer.drop()
      this.board?.disable()
    }
    this.setStatus(error.words, 'bad')
    this.announce(error.words)
    this.redraw()
  }

  // ---- a student's answer ------------------------------------------------------------------------------

  /** What chess/moving.js reads: the position and the side to move. */
  get chess() {
    return /** @type {Chess} */ (this.game)
  }

  get color() {
    return this.teacher ? this.chess.turn() : sideOf(/** @type {ClassPuzzle} */ (this.puzzle))
  }

  /** A student moves while their answer is open; the teacher plays on after the reveal. */
  inPlay() {
    if (!this.alive || !this.puzzle || !this.game) return false
    if (this.teacher) return this.stage === 'revealed'
    return this.stage === 'puzzle' && this.answer.open && this.answering()
  }

  /**
   * The legal move `uci` made on the board: the teacher's played on; a student's sent to be judged
   * (held to its floor), the board waiting for the verdict.
   * @param {string} uci
   */
  async judge(uci) {
    const board = /** @type {PlayBoard} */ (this.board)
    if (!this.inPlay()) return
    const move = playUci(this.chess, uci)
    if (!move) return
    this.mark(move)
    if (this.teacher) {
      this.announce(`${moveWords(move)}.`)
      board.enable(this.chess.turn())
      return
    }
    this.answer.made(uci)
    board.disable()
    this.setStatus(t('Sent: waiting for the verdict…'))
    this.redraw()
    this.answer.take(this.now(), (message) => this.send(message))
  }

  /** @param {ClassJudged} judged */
  async judged(judged) {
    if (!this.answer.judged(judged)) return
    const words = judged.verdict === 'wrong'
      ? t('Not the move: your answer is in. Wait for the reveal.')
      : judged.verdict === 'solved' ? t('Solved! Wait for the reveal.') : t('Right. Your move.')
    this.setStatus(words, judged.verdict === 'wrong' ? 'bad' : 'good')
    const board = /** @type {PlayBoard} */ (this.board)
    if (judged.verdict === 'right' && judged.reply) {
      const reply = playUci(this.chess, judged.reply)
      await board.setPosition(this.chess.fen(), true)
      this.mark(reply)
      this.announce(t('Right. Reply: {reply}. Your move.', { reply: reply ? moveWords(reply) : judged.reply }))
      if (this.inPlay()) board.enable(this.color)
    } else {
      this.announce(words)
    }
    this.redraw()
  }

  /** @param {Move | null} move */
  mark(move) {
    if (!this.board) return
    if (move) this.board.markLast(move.from, move.to)
    else this.board.markLast()
  }

  // ---- the clock -----------------------------------------------------------------------------------

  /** Four times a second: a student's move at its floor, the countdown's end. */
  tick() {
    if (!this.alive) return
    this.answer.take(this.now(), (message) => this.send(message))
    if (this.stage === 'puzzle' && !this.answering()) {
      this.stage = 'closed-answers'
      if (!this.teacher) this.board?.disable()
      this.announce(this.teacher ? t('Time’s up: reveal the answers when you are ready.') : t('Time’s up: wait for the reveal.'))
      this.redraw()
    }
    this.ui.tick()
  }

  /** Seconds left to answer the puzzle up, or null. */
  secondsLeft() {
    return this.closesAt === null ? null : Math.max(0, Math.ceil((this.closesAt - this.now()) / 1000))
  }

  letGo() {
    this.cancel(this.again)
  }
}

/** @param {ClassPuzzle} puzzle @returns {Color} the students' side */
export function sideOf(puzzle) {
  return puzzle.color === 'white' ? 'w' : 'b'
}

/**
 * Play `uci` on `chess` (chess/rules.js's `play`): the move played, or null when it isn't legal there.
 * @param {Chess} chess
 * @param {string} uci
 * @returns {Move | null}
 */
function playUci(chess, uci) {
  return play(chess, uci) ? chess.history({ verbose: true }).at(-1) ?? null : null
}
