/**
 * One Streak run being played, as state and rules (lila's streak.ts beside its puzzle controller):
 * the day's puzzles one after another in rising difficulty, until one wrong move; one skip; the
 * end; what the result sheet says; the record kept in the browser. It never touches the page:
 * view.js draws from it and sends the player's intents back; it moves the pieces through the
 * view's board (`ui.boardFor(fen, color)`) and redraws after every change. The ticket, the clock
 * (here only the tie-break's seconds: there is no countdown) and posting are lib/session.js's.
 *
 * The rules of a move are chess/rules.js's (the server's referee, through tests/vectors/chess.json);
 * what the verdicts add up to is tally.js's (the server's, through tests/vectors/streak.json).
 *
 * ui (the view): redraw(), announce(text), paused(on), stop(), boardFor(fen, color) (the board for
 * a puzzle: the same one, or one made anew when the side turns), watch() (start taking the player's
 * intents) and ended() (the run just ended: the results follow).
 */
import { fromRow, positionAt, judge, play, solverColor } from '../chess/rules.js'
import { moveWords, COLOR_NAMES } from '../chess/words.js'
import { checkedKing } from '../chess/moving.js'
import { settled, runBody, tallyOf, endRecord, mayRank } from './results.js'
import { shareText } from './share.js'
import { dayKey } from './store.js'
import { Clock } from '../lib/clock.js'
import { PlaySession, flush } from '../lib/session.js'
import { resultKey } from '../lib/outbox.js'
import { placeText } from '../lib/standing.js'
import { playerDay } from '../lib/dates.js'

/** The pauses (ms): before a puzzle's first move, before each answer, before the next puzzle. */
export const BEATS = { first: 450, reply: 350, next: 350 }

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * A fresh run of the day `file` ({date, bundle, puzzles: [[id, fen, moves, rating]]}). `ranking`:
 * a signed-in player's first run of today in this browser (it asks for a ticket, and the server
 * says whether it is ranked); any other is practice.
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

export class StreakCtrl extends PlaySession {
  /** store: the StreakStore; rec: the run's record (kept up to date in the store); ui: the view. */
  constructor({ store, rec, ui, player, beats = BEATS, today = () => playerDay(), clock }) {
    super({ store, rec, ui, player, clock: clock || new Clock({ seconds: rec.state === 'playing' ? rec.seconds || 0 : 0 }) })
    this.beats = beats
    this.today = today
    this.puzzles = rec.rows.map((row) => fromRow([row[0], row[1], row[2], row[3], ''], ''))
    this.chess = null
    this.board = null
    this.color = 'w'
    this.ply = 1
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

  get side() {
    return capital(COLOR_NAMES[this.color])
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
    this.store.saveRecord(rec)
    if (this.finished) {
      this.store.setCurrent(null)
      this.ui.watch()
      this.setStatus(this.endWords())
      this.redraw()
      return
    }
    this.store.setCurrent(rec.key)
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

  /** The ticket came: the server says whether this run is the day's ranked one. */
  tookTicket(rec, data) {
    rec.ranked = Boolean(data && data.ranked)
    if (rec === this.rec) this.redraw()
  }

  /** Open the puzzle at rec.index: its first move (the opponent's) played, or where it was left. */
  async openPuzzle() {
    const { rec } = this
    const puzzle = this.puzzle
    const made = rec.moves[rec.index]
    this.moving = true
    this.color = solverColor(puzzle)
    this.ply = 1 + 2 * made.length
    const fresh = made.length === 0
    this.chess = positionAt(puzzle, fresh ? 0 : this.ply)
    this.board = this.ui.boardFor(this.chess.fen(), this.color)
    this.board.disable()
    this.setStatus(`You play ${this.side}. Watch the move.`)
    this.redraw()
    let move
    if (fresh) {
      this.board.markLast()
      this.board.markCheck(null)
      await sleep(this.beats.first)
      if (!this.alive || this.finished) return // the run ended meanwhile (End the run, asked before)
      move = this.playLine(0)
      await this.board.setPosition(this.chess.fen(), true)
      if (!this.alive || this.finished) return
    } else {
      move = this.chess.history({ verbose: true }).at(-1)
    }
    this.mark(move)
    this.moving = false
    this.setStatus(made.length ? 'Your move.' : 'Find the best move.')
    this.redraw()
    this.announce(`Puzzle ${this.number}, rated ${puzzle.rating}. You play ${this.side}. ${capital(COLOR_NAMES[move.color])} played ${moveWords(move)}. Your move.`)
    this.yourTurn()
  }

  // ---- play -------------------------------------------------------------------------------

  inPlay() {
    return this.alive && this.rec.state === 'playing' && !this.moving
  }

  yourTurn() {
    if (this.inPlay()) this.board.enable(this.color)
  }

  /** Play the line's move `ply` on the game; answers chess.js's move. */
  playLine(ply) {
    const uci = this.puzzle.line[ply]
    if (!play(this.chess, uci)) throw new Error(`puzzle ${this.puzzle.id}: line move ${uci} is not legal`)
    return this.chess.history({ verbose: true }).at(-1)
  }

  mark(move) {
    if (move) this.board.markLast(move.from, move.to)
    else this.board.markLast()
    this.board.markCheck(checkedKing(this.chess))
  }

  /** The player made the legal move `uci` (board.js calls this through moving.js, one at a time). */
  async judge(uci) {
    const { rec } = this
    const puzzle = this.puzzle
    const before = this.chess.fen()
    if (!play(this.chess, uci)) {
      await this.board.setPosition(before, false)
      return
    }
    const move = this.chess.history({ verbose: true }).at(-1)
    const ruling = judge(puzzle, this.ply, this.chess, uci)
    const verdict = ruling === 'wrong' ? 'wrong' : (ruling === 'mate' || this.ply === puzzle.line.length - 1) ? 'solved' : 'right'
    rec.moves[rec.index].push(uci)
    rec.verdicts[rec.index].push(verdict)
    this.save()
    this.board.disable()
    await this.board.setPosition(this.chess.fen(), false)
    if (!this.alive) return
    this.mark(move)
    if (verdict === 'wrong') return this.missed(move)
    if (verdict === 'solved') {
      const score = this.tally().score
      this.setStatus(`Solved: ${score} in a row.`, 'good')
      this.redraw()
      this.announce(`${capital(moveWords(move))}. Solved: ${score} in a row.`)
      await sleep(this.beats.next)
      if (!this.alive || this.finished) return
      return this.nextPuzzle()
    }
    this.setStatus('Right. Keep going.', 'good')
    this.redraw()
    await sleep(this.beats.reply)
    if (!this.alive || this.finished) return
    const reply = this.playLine(this.ply + 1)
    this.ply += 2
    await this.board.setPosition(this.chess.fen(), true)
    if (!this.alive || this.finished) return
    this.mark(reply)
    this.setStatus('Your move.')
    this.redraw()
    this.announce(`${capital(moveWords(move))}. Right. ${capital(COLOR_NAMES[reply.color])}: ${moveWords(reply)}. Your move.`)
    this.yourTurn()
  }

  /** A wrong move: the line's move is shown in its place, and the run is over. */
  async missed(move) {
    const { rec } = this
    this.moving = true
    this.setStatus('Not that one: the run is over.', 'bad')
    this.redraw()
    this.announce(`${capital(moveWords(move))}. Not that one: the run is over.`)
    this.chess.undo()
    const right = this.playLine(this.ply)
    rec.answer = { uci: this.puzzle.line[this.ply], words: moveWords(right) }
    this.save()
    await sleep(this.beats.reply)
    if (!this.alive) return
    await this.board.setPosition(this.chess.fen(), true)
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
    this.board.disable()
    this.announce(`Puzzle ${this.number} skipped. That was your one skip.`)
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

  /** The run is over: `why` 'wrong', 'ended', 'done' or 'left' (an earlier day's, ended on a later visit). */
  finish(why) {
    const { rec } = this
    if (this.finished) return
    this.clock.hold('over')
    rec.seconds = Math.round(this.clock.seconds)
    this.moving = false
    if (this.board) this.board.disable()
    endRecord(rec, why)
    this.store.setCurrent(null)
    this.settle(settled(rec, this.store.best()))
    if (this.mayRank) this.post('run', '/streak/results', runBody(rec))
    this.setStatus(this.endWords())
    this.redraw()
    this.announce(`${this.endWords()} ${this.tally().score} solved.`)
    this.ui.ended()
  }

  // ---- what the player reads -----------------------------------------------------------------

  endWords() {
    const why = this.rec.why
    if (why === 'wrong') return 'Wrong move: the run is over.'
    if (why === 'done') return 'You reached the end of the run!'
    if (why === 'left') return 'This run was left part way, and ended as it stood.'
    return 'You ended the run.'
  }

  /** The server's answer to the ranked run, when it came and was kept. */
  get answered() {
    const posted = this.rec.posted
    return posted && !posted.dropped ? posted : null
  }

  /** The run's figures: the server's once it answered, else this browser's (the same rules). */
  figures() {
    const tally = this.tally()
    const server = this.answered && this.answered.result
    return server ? { ...tally, ...server } : tally
  }

  /** The line under the figures: ranked and placed, practice, waiting, or not kept. */
  rankWords() {
    const { rec } = this
    if (!this.player()) return 'Practice: make a player on the home page to rank your first run of the day.'
    if (!rec.today) return 'An earlier day’s run is practice: not on the boards.'
    if (rec.key === 'practice') return 'Practice: your ranked run today was played earlier.'
    const posted = rec.posted
    if (posted && posted.dropped && !rec.ticket) return 'Not kept: the run’s ticket never came (the connection was down as it started), so it was practice.'
    if (posted && posted.dropped) return `Not kept: ${posted.error || 'the server refused it.'}`
    if (posted && !posted.ranked) return 'Practice: your ranked run today was started earlier.'
    const kept = posted && posted.already ? ' (kept before)' : ''
    const where = posted && placeText(posted)
    if (where) return `Ranked: ${where} on today’s board${kept}.`
    if (posted && posted.boarded) return `Ranked and kept${kept}: today’s board shows your place in a few seconds.`
    if (posted) return `Ranked and kept${kept}: a new account’s runs go on the boards after its first days.`
    if (rec.ranked === false) return 'Practice: your ranked run today was started earlier.'
    if (this.waiting('run')) return 'Waiting to post your ranked run: it goes as soon as you are online.'
    return rec.finished ? 'Your ranked run.' : ''
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
      answer: rec.why === 'wrong' && rec.answer ? `The move was ${rec.answer.words}.` : null,
      rank: this.rankWords(),
      best: rec.bestHere ? 'Your best run in this browser yet.' : '',
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
}

/**
 * A run left part way on an earlier day, found on a later visit: ended as it stood ('left') and,
 * when it may be ranked, posted (the server takes it until the end of the day after its own).
 */
export function endLeft(store, rec, player) {
  endRecord(rec, 'left')
  store.setCurrent(null)
  const outcome = settled(rec, store.best())
  Object.assign(rec, store.keep(outcome))
  store.updateRecord(rec)
  if (!mayRank(rec, player)) return
  store.outbox.add({ key: resultKey('run', rec.date), kind: 'run', path: '/streak/results', body: runBody(rec), by: player.id })
  flush(store, player)
}
