/**
 * One Streak run being played, as state and rules (lila's streak.ts beside its puzzle controller):
 * the day's puzzles one after another in rising difficulty, until one wrong move; one skip; the
 * end; what the result sheet says; the record kept in the browser. It never touches the page:
 * view.js draws from it and sends the player's intents back; it moves the pieces through the
 * view's board (`ui.boardFor(fen, color)`) and redraws after every change. The ticket, the clock
 * (here only the tie-break's seconds: there is no countdown) and posting are lib/session.js's.
 *
 * Each puzzle is a chess/line.js PuzzleLine (opened, each move judged, the reply, the marks);
 * what the verdicts add up to is tally.js's (the server's, through tests/vectors/streak.json).
 *
 * ui (the view): RunUi of site/types/play_types.d.ts.
 */
/** @import { SheetWhere } from '../friends_types.js' */
/** @import { Color, Move } from '../vendor/chess.js' */
/** @import { ChessPuzzle } from '../chess_types.js' */
/** @import { PlayBoard, PlayClock, RunUi } from '../play_types.js' */
/** @import { Player, TicketAnswer } from '../session_types.js' */
/** @import { RunFile, StreakFigures, StreakRecord } from '../run_types.js' */
/** @import { StreakStore } from './store.js' */
import * as rules from '../chess/rules.js'
import { PuzzleLine, markBoard } from '../chess/line.js'
import { fromRow } from '../chess/puzzle.js'
import { moveWords } from '../chess/words.js'
import { settled, runBody, tallyOf, endRecord, mayRank } from './results.js'
import { rankWords, answered } from '../lib/run_words.js'
import { shareText } from './share.js'
import { dayKey } from './store.js'
import { Clock } from '../lib/clock.js'
import { PlaySession, flush } from '../lib/session.js'
import { resultKey } from '../lib/outbox.js'
import { playerDay } from '../lib/dates.js'
import { t } from '../lib/i18n.js'

/** The pauses (ms): before a puzzle's first move, before each answer, before the next puzzle. */
export const BEATS = { first: 450, reply: 350, next: 350 }

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
/** @param {string} text */
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * A fresh run of the day `file`. `ranking`: a signed-in player's first run of today in this
 * browser (it asks for a ticket, and the server says whether it is ranked); any other is practice.
 * @param {RunFile} file
 * @param {string} today
 * @param {{ ranking?: boolean, by?: string | null }} [options]
 * @returns {StreakRecord}
 */
export function newRecord(file, today, { ranking = false, by = null } = {}) {
  return {
    key: ranking ? dayKey(file.date) : 'practice',
    date: file.date,
    today: file.date === today,
    rows: file.puzzles,
    bundle: file.bundle ?? null,
    state: 'playing',
    why: null,
    index: 0,
    moves: [[]],
    verdicts: [[]],
    skipped: null,
    seconds: 0,
    opened: Date.now(),
    finished: null,
    asked: false,
    ticket: null,
    ticketCame: null,
    ranked: ranking ? null : false,
    by,
    answer: null,
    posted: null,
  }
}

/** @extends {PlaySession<StreakRecord, StreakStore, RunUi>} */
export class StreakCtrl extends PlaySession {
  /**
   * store: the StreakStore; rec: the run's record (kept up to date in the store); ui: the view.
   * @param {{ store: StreakStore, rec: StreakRecord, ui: RunUi, player?: () => Player | null,
   *   beats?: typeof BEATS, today?: () => string, clock?: PlayClock }} options
   */
  constructor({ store, rec, ui, player, beats = BEATS, today = () => playerDay(), clock }) {
    super({ store, rec, ui, player, clock: clock || new Clock({ seconds: rec.state === 'playing' ? rec.seconds || 0 : 0 }) })
    this.beats = beats
    this.today = today
    /** @type {ChessPuzzle[]} */
    this.puzzles = rec.rows.map((row) => fromRow([row[0], row[1], row[2], row[3], ''], ''))
    /** @type {PuzzleLine} the puzzle in play */
    this.line = new PuzzleLine(this.puzzle, rules)
    /** @type {PlayBoard | null} */
    this.board = null
    this.busy = false // a move being judged (moving.js sets it)
    this.moving = false // a puzzle opening, or the answer to a wrong move being shown
  }

  get finished() {
    return this.rec.state !== 'playing'
  }

  get puzzle() {
    return this.puzzles[this.rec.index]
  }

  get number() {
    return this.rec.index + 1
  }

  /** What board.js's hooks read (chess/moving.js): the position and the player's side. */
  get chess() {
    return this.line.chess
  }

  get color() {
    return this.line.color
  }

  /** The line's next move (the solver's to find). */
  get ply() {
    return this.line.ply
  }

  get side() {
    return this.color === 'w' ? t('White') : t('Black')
  }

  /** The board, once a puzzle has opened. */
  get shown() {
    return /** @type {PlayBoard} */ (this.board)
  }

  /** What the verdicts add up to so far. */
  tally() {
    return tallyOf(this.rec)
  }

  /** Whether the run may still be ranked: the signed-in player's, and the server hasn't said practice. */
  get mayRank() {
    return mayRank(this.rec, this.player())
  }

  // ---- start ------------------------------------------------------------------------

  async start() {
    const { rec } = this
    const store = this.store
    store.saveRecord(rec)
    if (this.finished) {
      store.setCurrent(null)
      this.ui.watch()
      this.setStatus(this.endWords())
      this.redraw()
      return
    }
    store.setCurrent(rec.key)
    // A run asks once: asking again would be a second run of the day, practice by the server's rule.
    if (rec.key.startsWith('d:') && !rec.asked && !rec.ticket && this.posts()) {
      rec.asked = true
      this.save()
      this.askTicket('/streak/runs', { date: rec.date })
    }
    this.ui.watch()
    this.clock.release('waiting')
    await this.openPuzzle()
  }

  /**
   * A Streak ticket is never closed by another play (the server keeps no current play of Streak:
   * the day's first start is the ranked one), so a tab coming back has nothing to take up; asking
   * again would start a second run, practice by the server's rule.
   */
  takeUp() {}

  /**
   * The ticket came: the server says whether this run is the day's ranked one.
   * @param {StreakRecord} rec
   * @param {TicketAnswer} data
   */
  tookTicket(rec, data) {
    rec.ranked = Boolean(data && data.ranked)
    if (rec === this.rec) this.redraw()
  }

  /** Open the puzzle at rec.index: its first move (the opponent's) played, or where it was left. */
  async openPuzzle() {
    const { rec } = this
    const made = rec.moves[rec.index]
    this.moving = true
    const fresh = made.length === 0
    this.line = new PuzzleLine(this.puzzle, rules, { ply: fresh ? 0 : 1 + 2 * made.length })
    this.board = this.ui.boardFor(this.chess.fen(), this.color)
    this.board.disable()
    this.setStatus(t('You play {side}. Watch the move.', { side: this.side }))
    this.redraw()
    /** @type {Move | null} */
    let move
    if (fresh) {
      markBoard(this.board, { last: null, check: null })
      await sleep(this.beats.first)
      if (!this.alive || this.finished) return // the run ended meanwhile (End the run, asked before)
      move = this.line.advance()
      await this.board.setPosition(this.chess.fen(), true)
      if (!this.alive || this.finished) return
    } else {
      move = this.line.last()
    }
    this.mark(move)
    this.moving = false
    this.setStatus(made.length ? t('Your move.') : t('Find the best move.'))
    this.redraw()
    const values = { n: this.number, rating: this.puzzle.rating, side: this.side }
    if (!move) this.announce(t('Puzzle {n}, rated {rating}. You play {side}. Your move.', values))
    else if (move.color === 'w') this.announce(t('Puzzle {n}, rated {rating}. You play {side}. White played {move}. Your move.', { ...values, move: moveWords(move) }))
    else this.announce(t('Puzzle {n}, rated {rating}. You play {side}. Black played {move}. Your move.', { ...values, move: moveWords(move) }))
    this.yourTurn()
  }

  // ---- play -------------------------------------------------------------------------------

  inPlay() {
    return this.alive && this.rec.state === 'playing' && !this.moving
  }

  yourTurn() {
    if (this.inPlay()) this.shown.enable(this.color)
  }

  /** @param {Move | null} move */
  mark(move) {
    markBoard(this.shown, this.line.marks(move))
  }

  /**
   * The player made the legal move `uci` (board.js calls this through moving.js, one at a time).
   * @param {string} uci
   */
  async judge(uci) {
    const { rec } = this
    const board = this.shown
    const before = this.chess.fen()
    const judged = this.line.judge(uci)
    if (!judged) {
      await board.setPosition(before, false)
      return
    }
    const { verdict, move } = judged
    rec.moves[rec.index].push(uci)
    rec.verdicts[rec.index].push(verdict)
    this.save()
    board.disable()
    await board.setPosition(this.chess.fen(), false)
    if (!this.alive) return
    this.mark(move)
    if (verdict === 'wrong') return this.missed(move)
    if (verdict === 'solved') {
      const score = this.tally().score
      const solved = t('Solved: {n} in a row.', { n: score })
      this.setStatus(solved, 'good')
      this.redraw()
      this.announce(`${capital(moveWords(move))}. ${solved}`)
      await sleep(this.beats.next)
      if (!this.alive || this.finished) return
      return this.nextPuzzle()
    }
    this.setStatus(t('Right. Keep going.'), 'good')
    this.redraw()
    await sleep(this.beats.reply)
    if (!this.alive || this.finished) return
    const reply = /** @type {Move} */ (this.line.reply())
    await board.setPosition(this.chess.fen(), true)
    if (!this.alive || this.finished) return
    this.mark(reply)
    this.setStatus(t('Your move.'))
    this.redraw()
    const words = { move: capital(moveWords(move)), reply: moveWords(reply) }
    this.announce(reply.color === 'w' ? t('{move}. Right. White: {reply}. Your move.', words) : t('{move}. Right. Black: {reply}. Your move.', words))
    this.yourTurn()
  }

  /**
   * A wrong move: the line's move is shown in its place, and the run is over.
   * @param {Move} move
   */
  async missed(move) {
    const { rec } = this
    this.moving = true
    this.setStatus(t('Not that one: the run is over.'), 'bad')
    this.redraw()
    this.announce(capital(moveWords(move)) + '. ' + t('Not that one: the run is over.'))
    this.line.takeBack()
    const uci = /** @type {string} */ (this.line.expected)
    const right = this.line.advance()
    rec.answer = { uci, words: moveWords(right) }
    this.save()
    await sleep(this.beats.reply)
    if (!this.alive) return
    await this.shown.setPosition(this.chess.fen(), true)
    if (!this.alive) return
    this.mark(right)
    this.finish('wrong')
  }

  /** The next puzzle of the run, or its end when there is none. */
  async nextPuzzle() {
    const { rec } = this
    if (rec.index + 1 >= this.puzzles.length) return this.finish('done')
    rec.index += 1
    rec.moves.push([])
    rec.verdicts.push([])
    this.save()
    await this.openPuzzle()
  }

  /** S: pass this puzzle, once a run. It ends unsolved and the next one comes. */
  async skip() {
    const { rec } = this
    if (!this.inPlay() || this.busy || !this.canSkip) return
    rec.skipped = this.number
    this.save()
    this.shown.disable()
    this.announce(t('Puzzle {n} skipped. That was your one skip.', { n: this.number }))
    await this.nextPuzzle()
  }

  get canSkip() {
    return this.rec.skipped === null && this.rec.state === 'playing'
  }

  /** End the run as it stands (the view asks first). */
  endRun() {
    if (this.finished || this.busy) return
    this.finish('ended')
  }

  // ---- the end -------------------------------------------------------------------------------

  /**
   * The run is over: `why` 'wrong', 'ended', 'done' or 'left' (an earlier day's, ended on a later visit).
   * @param {'wrong' | 'ended' | 'done' | 'left'} why
   */
  finish(why) {
    const { rec } = this
    const store = this.store
    if (this.finished) return
    this.clock.hold('over')
    rec.seconds = Math.round(this.clock.seconds)
    this.moving = false
    if (this.board) this.board.disable()
    endRecord(rec, why)
    store.setCurrent(null)
    this.settle(settled(rec, store.best()))
    if (this.mayRank) this.post('run', '/streak/results', runBody(rec))
    this.setStatus(this.endWords())
    this.redraw()
    this.announce(this.endWords() + ' ' + t('{score} solved.', { score: this.tally().score }))
    this.ui.ended()
  }

  // ---- what the player reads -----------------------------------------------------------------

  endWords() {
    const why = this.rec.why
    if (why === 'wrong') return t('Wrong move: the run is over.')
    if (why === 'done') return t('You reached the end of the run!')
    if (why === 'left') return t('This run was left part way, and ended as it stood.')
    return t('You ended the run.')
  }

  /** The server's answer to the ranked run, when it came and was kept. */
  get answered() {
    return answered(this.rec.posted)
  }

  /**
   * The run's figures: the server's once it answered, else this browser's (the same rules).
   * @returns {StreakFigures & ReturnType<typeof tallyOf>}
   */
  figures() {
    const tally = this.tally()
    const server = this.answered?.result
    return server ? { ...tally, ...server } : tally
  }

  /** The line under the figures: ranked and placed, practice, waiting, or not kept. */
  rankWords() {
    const { rec } = this
    if (!this.player()) return t('Practice: make a player on the home page to rank your first run of the day.')
    if (!rec.today) return t('An earlier day’s run is practice: not on the boards.')
    if (rec.key === 'practice') return t('Practice: your ranked run today was played earlier.')
    return rankWords(rec, { waiting: this.waiting('run') }) || (rec.finished ? t('Your ranked run.') : '')
  }

  /** The result sheet: how it ended, the figures, the move that was right, the rank line, the share. */
  results() {
    const { rec } = this
    const figures = this.figures()
    return {
      why: this.endWords(),
      score: figures.score,
      highest: figures.highest,
      skipped: figures.skipped,
      answer: rec.why === 'wrong' && rec.answer ? t('The move was {move}.', { move: rec.answer.words }) : null,
      rank: this.rankWords(),
      best: rec.bestHere ? t('Your best run in this browser yet.') : '',
      share: this.shareText(),
    }
  }

  shareText() {
    const figures = this.figures()
    const posted = this.answered
    return shareText({
      date: this.rec.date, score: figures.score, highest: figures.highest, skipped: figures.skipped,
      place: posted && posted.ranked && !posted.about && Number.isInteger(posted.place) ? posted.place : null,
      ranked: Boolean(posted && posted.ranked),
    }, globalThis.location?.origin ?? '')
  }
  /**
   * The day whose people you follow the result sheet shows (friends/on_sheet.js): a run of today's, once
   * over; null for an earlier day's. The day's ranked run, once the server has it, counts for the
   * friend streaks.
   * @returns {SheetWhere | null}
   */
  friendsWhere() {
    const { rec } = this
    if (!rec.today || rec.state !== 'over') return null
    const posted = this.answered
    return { game: 'streak', date: rec.date, counts: Boolean(posted && posted.ranked), posted: Boolean(posted) }
  }

}

/**
 * A run left part way on an earlier day, found on a later visit: ended as it stood ('left') and,
 * when it may be ranked, posted (the server takes it until the end of the day after its own).
 * @param {StreakStore} store
 * @param {StreakRecord} rec
 * @param {Player | null} player
 */
export function endLeft(store, rec, player) {
  endRecord(rec, 'left')
  store.setCurrent(null)
  const outcome = settled(rec, store.best())
  Object.assign(rec, store.keep(outcome))
  store.updateRecord(rec)
  if (!player || !mayRank(rec, player)) return
  store.outbox.add({ key: resultKey('run', rec.date), kind: 'run', path: '/streak/results', body: runBody(rec), by: player.id })
  flush(store, player)
}
