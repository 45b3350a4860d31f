/**
 * One Storm run being played, as state and rules (lila's ui/storm beside ui/puz's run.ts): the
 * day's puzzles one after another on a three-minute clock, the combo and its bonuses, a wrong move's
 * ten seconds, the end; what the result sheet and the review say; a ranked run kept and posted
 * through the outbox. It never touches the page: view.js draws from it and sends the player's
 * intents back; it moves the pieces through the view's board (`ui.boardFor(fen, color)`).
 *
 * Each puzzle is a chess/line.js PuzzleLine; what the verdicts add up to is clock.js's (the
 * server's, through tests/vectors/storm.json). The run keeps, per puzzle attempted, the solver's
 * moves in order: exactly what is posted ({date, ticket, moves, seconds}). The clock starts as the
 * first puzzle appears and runs on Date.now() (a test's fake clock drives it), never held: it is a
 * race. When it reaches zero the run is over, and a move made after zero never counts.
 *
 * ui (the view): StormUi of site/types/play_types.d.ts.
 */
/** @import { SheetWhere } from '../friends_types.js' */
/** @import { Move } from '../vendor/chess.js' */
/** @import { ChessPuzzle } from '../chess_types.js' */
/** @import { PlayBoard, PlayClock, StormUi } from '../play_types.js' */
/** @import { Player } from '../session_types.js' */
/** @import { StormFigures, StormRecord } from '../run_types.js' */
/** @import { StormStore } from './store.js' */
import * as rules from '../chess/rules.js'
import { PuzzleLine, markBoard } from '../chess/line.js'
import { fromRow } from '../chess/puzzle.js'
import { moveWords } from '../chess/words.js'
import { Clock } from '../lib/clock.js'
import { answered, rankWords } from '../lib/run_words.js'
import { PlaySession } from '../lib/session.js'
import { length, step } from './clock.js'
import { endRecord, outcomes, runBody } from './results.js'
import { reviewOf } from './review.js'
import { shareText } from './share.js'
import { t, tn } from '../lib/i18n.js'

const TICK_MS = 100
// The board with no puzzle on it: a run over before any puzzle was tried shows none.
const EMPTY = '8/8/8/8/8/8/8/8 w - - 0 1'

const WHY = {
  clock: t('Time’s up.'),
  done: t('You reached the end of the run!'),
  player: t('You ended the run.'),
}

/** @extends {PlaySession<StormRecord, StormStore, StormUi>} */
export class StormCtrl extends PlaySession {
  /**
   * store: the StormStore; rec: the run's record (storm/results.js newRecord); ui: the view.
   * @param {{ store: StormStore, rec: StormRecord, ui: StormUi, player?: () => Player | null,
   *   now?: () => number, clock?: PlayClock }} options
   */
  constructor({ store, rec, ui, player, now = () => Date.now(), clock }) {
    super({ store, rec, ui, player, clock: clock || new Clock({ now }) })
    /** @type {ChessPuzzle[]} */
    this.puzzles = rec.rows.map((row) => fromRow([row[0], row[1], row[2], row[3], ''], ''))
    /** @type {PuzzleLine} the puzzle in play */
    this.line = new PuzzleLine(this.puzzles[0], rules, { ply: 1 })
    /** @type {PuzzleLine | null} the puzzle before it, as it ended */
    this.previous = null
    /** @type {PlayBoard | null} */
    this.board = null
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.timer = undefined
    this.busy = false // a move being judged (moving.js sets it)
    this.sending = false // the ranked run's first post is on its way
  }

  get over() {
    return this.rec.state !== 'playing'
  }

  get finished() {
    return this.over
  }

  get puzzle() {
    return this.puzzles[this.rec.index]
  }

  /** The puzzle on the board, from 1. */
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

  get side() {
    return this.color === 'w' ? t('White') : t('Black')
  }

  /** The board, once a puzzle has opened. */
  get shown() {
    return /** @type {PlayBoard} */ (this.board)
  }

  /** Whether this run posts: its ticket came saying it is the day's ranked run. */
  get mayRank() {
    return this.rec.key.startsWith('d:') && Boolean(this.rec.ticket) && this.posts()
  }

  inPlay() {
    return this.alive && !this.over
  }

  // ---- the clock -------------------------------------------------------------------------------

  /** Seconds the run has lasted (never past the clock: at zero the run is over). */
  elapsed() {
    return Math.min(this.clock.seconds, length(this.rec.tally))
  }

  /** Seconds left on the clock. */
  left() {
    return Math.max(0, length(this.rec.tally) - this.clock.seconds)
  }

  tick() {
    if (this.over) return
    this.ui.tick()
    if (this.left() <= 0) this.end('clock')
  }

  // ---- the run ---------------------------------------------------------------------------------

  /** Start: the clock and the first puzzle. A ranked run is kept from here on (its ticket with it). */
  start() {
    this.store.saveRecord(this.rec)
    this.ui.watch()
    this.clock.release('waiting')
    this.setStatus(t('Your move.'))
    this.next()
    this.timer = setInterval(() => this.tick(), TICK_MS)
    this.tick()
  }

  /** Never taken up: a Storm ticket is the run's start, and the clock never stops. */
  takeUp() {}

  /** The next puzzle, its first move (the opponent's) played at once. */
  next() {
    const { rec } = this
    if (rec.index >= 0) this.previous = this.line
    rec.index += 1
    if (rec.index >= this.puzzles.length) return this.end('done')
    rec.moves.push([])
    this.line = new PuzzleLine(this.puzzle, rules, { ply: 1 })
    this.board = this.ui.boardFor(this.chess.fen(), this.color)
    this.mark(this.line.last())
    this.redraw()
    this.announce(t('Puzzle {n}, rated {rating}. You play {side}.', { n: this.number, rating: this.puzzle.rating, side: this.side }))
    this.board.enable(this.color)
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
    if (this.left() <= 0) return this.end('clock') // a move after zero never counts
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
    if (verdict !== 'right') rec.results[rec.index] = verdict === 'solved' ? 'solved' : 'missed'
    const { tally, gained } = step(rec.tally, verdict, this.puzzle.rating)
    rec.tally = tally
    const said = verdict === 'wrong' ? t('Wrong: 10 seconds off.') : verdict === 'solved' ? t('Solved.') : t('Right.')
    this.setStatus(said, verdict === 'wrong' ? 'bad' : 'good')
    this.redraw()
    if (gained) this.ui.gained(gained)
    const bonus = gained > 0 ? ' ' + tn('Combo {combo}: {n} second added.', 'Combo {combo}: {n} seconds added.', gained, { combo: tally.combo }) : ''
    if (verdict !== 'right') this.announce(`${moveWords(move)}. ${said}${bonus}`)
    this.tick() // the clock shows the change at once, and a penalty to zero ends the run here
    if (this.over) return
    if (verdict !== 'right') {
      // The next puzzle once the piece has landed: cm-chessboard finishes a pointer move's slide
      // on its own, and a new position or input during it would leave its input stuck.
      board.disable()
      await board.settled()
      if (!this.over && this.alive) this.next()
      return
    }
    const reply = /** @type {Move} */ (this.line.reply())
    board.disable()
    await board.setPosition(this.chess.fen(), true)
    if (this.over || !this.alive) return
    this.mark(reply)
    this.announce(t('{move}. Right. Reply: {reply}. Your move.', { move: moveWords(move), reply: moveWords(reply) }))
    board.enable(this.color)
  }

  /** End the run here (the view asks first); resolves once its result is in. */
  endRun() {
    return this.end('player')
  }

  /**
   * End the run: 'clock' (it reached zero), 'player' (End the run) or 'done' (no puzzles left). The
   * board shows the last puzzle tried, as it ended, never one not tried. A ranked run is kept and
   * posted; the result follows once its first try at posting is over.
   * @param {'clock' | 'player' | 'done'} why
   */
  async end(why) {
    const { rec } = this
    if (this.over) return
    clearInterval(this.timer)
    const elapsed = this.elapsed()
    this.clock.hold('over')
    const untried = rec.index < this.puzzles.length && !rec.moves[rec.index]?.length
    endRecord(rec, why, elapsed)
    if (this.board) this.board.disable()
    if (untried) this.showLastTried()
    else rec.index = rec.moves.length - 1 // every puzzle done: the last stays on the board
    this.save()
    if (this.mayRank) {
      this.sending = true
      this.redraw()
      await this.post('run', '/storm/results', runBody(rec))
      this.sending = false
    }
    if (!this.alive) return
    this.redraw()
    this.announce(this.endWords() + ' ' + t('{score} solved.', { score: this.figures().score }))
    this.ui.ended()
  }

  /** The board back on the last puzzle tried, as it ended (or empty: none was tried). */
  showLastTried() {
    const { rec } = this
    rec.index = rec.moves.length - 1
    if (this.previous && rec.index >= 0) {
      this.line = this.previous
      this.board = this.ui.boardFor(this.chess.fen(), this.color)
      this.mark(this.line.last())
    } else {
      this.board = this.ui.boardFor(EMPTY, this.color)
      markBoard(this.board, { last: null, check: null })
    }
    this.board.disable()
  }

  letGo() {
    clearInterval(this.timer)
  }

  // ---- what the player reads -----------------------------------------------------------------

  endWords() {
    return this.rec.why ? WHY[this.rec.why] : ''
  }

  /** The server's answer to the ranked run, when it came and was kept. */
  get answered() {
    return answered(this.rec.posted)
  }

  /**
   * The run's figures: the server's once it answered, else this browser's (the same rules).
   * @returns {StormFigures}
   */
  figures() {
    const { tally } = this.rec
    return this.answered?.result || { score: tally.score, highest: tally.highest, combo_best: tally.combo_best, mistakes: tally.mistakes }
  }

  /** The line under the figures: practice, being kept, ranked and placed, waiting, or not kept. */
  rankWords() {
    const { rec } = this
    if (!rec.ticket) {
      if (!rec.today) return t('An earlier day: practice, not on the boards.')
      return this.player() ? t('Practice: your ranked run today was started earlier.') : t('Practice: not on the boards.')
    }
    if (this.sending) return t('Keeping your ranked run…')
    return rankWords(rec, { waiting: this.waiting('run') })
  }

  /** The result sheet and the done box: how it ended, the figures, the rank line, the share. */
  results() {
    const figures = this.figures()
    return { why: this.endWords(), ...figures, rank: this.rankWords(), share: this.shareText() }
  }

  shareText() {
    const posted = this.answered
    return shareText({
      ...this.figures(), date: this.rec.date, ranked: Boolean(posted && posted.ranked),
      place: posted && posted.ranked && !posted.about && Number.isInteger(posted.place) ? posted.place : null,
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
    return { game: 'storm', date: rec.date, counts: Boolean(posted && posted.ranked), posted: Boolean(posted) }
  }


  /** The run, puzzle by puzzle (review.js), once it is over. */
  review() {
    const { rec } = this
    return reviewOf({ puzzles: rec.rows }, { moves: rec.moves, results: outcomes(rec), seconds: rec.seconds, tally: rec.tally })
  }
}
