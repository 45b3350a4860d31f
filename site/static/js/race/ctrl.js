/**
 * A race on the race page, as state and rules with no DOM (lila's ui/racer ctrl beside ui/puz's run):
 * the lobby, the countdown, the puzzles on the one puzzle line (chess/line.js) as Storm plays them,
 * every racer's progress as the room tells it, the table, race again. It sends through `send` (the
 * page's lib/live.js socket), hears through `hear(message)`, moves the pieces through its view's
 * board (`ui.boardFor`). The board judges each move at once by the shared referee and Storm's tally;
 * the move goes to the room held to its floor (moves.js), never a score: the server's verdicts are
 * what count, and where the two disagree (or the page was reloaded, or the connection dropped: the
 * socket's `rejoin()`) the hello's place wins. docs/live.md, "The pages"; tests/js/race_ctrl.test.mjs.
 */
/** @import { Move } from '../vendor/chess.js' */
/** @import { ChessPuzzle } from '../chess_types.js' */
/** @import { LiveError, RaceMe, RacePuzzleRow } from '../live_types.js' */
/** @import { PlayBoard } from '../play_types.js' */
/** @import { Lane, RaceDeps } from '../race_types.js' */
/** @import { StormTally } from '../run_types.js' */
import * as rules from '../chess/rules.js'
import { PuzzleLine, markBoard } from '../chess/line.js'
import { fromRow } from '../chess/puzzle.js'
import { moveWords } from '../chess/words.js'
import { number, t, tn } from '../lib/i18n.js'
import { newTally, step } from '../storm/clock.js'
import { clockEnds } from './clock.js'
import { RaceMoves } from './moves.js'
import { RaceRoom } from './room.js'
import { lanes } from './track.js'

const TICK_MS = 100

/** The race page's controller: the room (room.js) and the player's own play in it. */
export class RaceCtrl extends RaceRoom {
  /** @param {RaceDeps} deps */
  constructor({ ui, send, you, now = () => Date.now(), every = (fn, ms) => setInterval(fn, ms),
    stopEvery = (timer) => clearInterval(/** @type {number} */ (timer)) }) {
    super({ ui, send, you, now })
    this.timer = every(() => this.tick(), TICK_MS)
    this.stopEvery = stopEvery
    /** @type {ChessPuzzle[]} */
    this.puzzles = []
    this.racer = false // the player races in it (else they watch)
    this.begun = false // their first puzzle is open
    this.index = 0 // the puzzle they are on
    /** @type {string[]} their moves in it */
    this.moves = []
    /** @type {('solved' | 'missed')[]} */
    this.results = []
    /** @type {StormTally} */
    this.tally = newTally()
    /** their moves on their way to the room (moves.js) */
    this.sent = new RaceMoves()
    /** @type {PuzzleLine | null} */
    this.line = null
    /** @type {PlayBoard | null} */
    this.board = null
    this.busy = false // a move being judged (chess/moving.js sets it)
  }

  // ---- what the room tells of the player (room.js's hooks) ---------------------------------------

  /**
   * The hello's place for the player: the moves the server hasn't counted are sent again; a board
   * behind it (a reload) or one that disagreed takes up its place, tally and all.
   * @param {RaceMe | null} me
   */
  heardMe(me) {
    this.racer = me !== null
    if (!me || this.sent.resume(me.moves)) return
    this.index = me.puzzle
    this.results = [...me.results]
    this.tally = { ...newTally(), ...me.tally }
    this.moves = [...me.line]
    if (this.begun) this.open()
  }

  /** A move refused: the room asked where it has the racer, unless nothing is to be done. @param {LiveError} error */
  moveRefused(error) {
    if (this.sent.refused(error, this.now()) && this.raceId) this.send({ t: 'race.join', race: this.raceId })
  }

  syncing() {
    this.sent.syncing = true
  }

  /** @param {RacePuzzleRow[]} rows */
  heardPuzzles(rows) {
    if (!this.puzzles.length) this.puzzles = rows.map((row) => fromRow([row[0], row[1], row[2], row[3], ''], ''))
  }

  playOver() {
    this.board?.disable()
  }

  // ---- what the page reads -----------------------------------------------------------------------

  /** The puzzle in play. */
  get puzzle() {
    return this.puzzles[this.index]
  }

  /** What chess/moving.js reads: the position and the player's side. */
  get chess() {
    return /** @type {PuzzleLine} */ (this.line).chess
  }

  get color() {
    return /** @type {PuzzleLine} */ (this.line).color
  }

  /** The player's clock ran out (before the race's end). */
  get out() {
    return this.begun && this.endsAt !== null && this.now() >= clockEnds(this.endsAt, this.tally) && this.now() < this.endsAt
  }

  inPlay() {
    return this.alive && this.stage === 'racing' && this.begun && !this.out && Boolean(this.line)
  }

  /** Ms left on the player's own clock (the race's while they watch). */
  clockLeft() {
    if (this.endsAt === null) return this.race?.race_ms ?? 0
    const ends = this.racer ? clockEnds(this.endsAt, this.tally) : this.endsAt
    return Math.max(0, ends - this.now())
  }

  /** @returns {Lane[]} */
  lanes() {
    return lanes(this.race?.racers || [], this.you.id, this.racer ? { score: this.tally.score, out: this.out } : null)
  }

  // ---- the clock ---------------------------------------------------------------------------------

  /** Ten times a second: the start, the player's clock, the end, and the moves due to be sent. */
  tick() {
    if (!this.alive) return
    const now = this.now()
    if (this.stage === 'countdown' && this.startsAt !== null && now >= this.startsAt) {
      this.enter('racing')
      if (this.racer && this.puzzles.length) this.begin()
      else this.announce(t('The race has started.'))
      this.redraw()
    }
    if (this.stage === 'racing' && this.begun && this.out && this.board?.enabled) {
      this.board.disable()
      this.setStatus(t('Your clock ran out: watch the others finish.'), 'bad')
      this.announce(this.status.text)
      this.redraw()
    }
    if (this.stage === 'racing' && this.endsAt !== null && now >= this.endsAt) {
      this.enter('over')
      this.board?.disable()
      this.announce(t('Time’s up: the race is over.'))
      this.redraw()
    }
    this.askTable(now)
    this.pump()
    this.ui.tick()
  }

  /** Send the moves whose floor has come, in order (moves.js). */
  pump() {
    if (this.startsAt === null || !this.raceId || this.stage !== 'racing') return
    this.sent.pump(this.startsAt, this.now(), (message) => this.send(message))
  }

  // ---- the race ----------------------------------------------------------------------------------

  /** The race started: the player's puzzle opens. */
  begin() {
    this.begun = true
    this.setStatus(t('Your move.'))
    this.open()
  }

  /** Open the puzzle the player is on, their moves in it played (with the replies). */
  open() {
    const puzzle = this.puzzle
    if (!puzzle) {
      this.setStatus(t('You have played every puzzle of this race!'), 'good')
      this.board?.disable()
      return
    }
    this.line = new PuzzleLine(puzzle, rules, { ply: 1 })
    for (const uci of this.moves) {
      this.line.judge(uci)
      this.line.reply()
    }
    this.board = this.ui.boardFor(this.chess.fen(), this.color)
    markBoard(this.board, this.line.marks())
    // Translators: the side the player has, as in "You play {side}".
    const side = this.color === 'w' ? t('White') : t('Black')
    const values = { n: number(this.index + 1), rating: puzzle.rating, side }
    this.announce(this.index === 0 && !this.moves.length
      ? t('Go! Puzzle {n}, rated {rating}. You play {side}.', values)
      : t('Puzzle {n}, rated {rating}. You play {side}.', values))
    this.redraw()
    if (this.inPlay()) this.board.enable(this.color)
  }

  /**
   * The player made the legal move `uci` (board.js, through chess/moving.js, one at a time): judged
   * here by the server's rules, sent to be judged there.
   * @param {string} uci
   */
  async judge(uci) {
    const line = /** @type {PuzzleLine} */ (this.line)
    const board = /** @type {PlayBoard} */ (this.board)
    const before = this.chess.fen()
    if (!this.inPlay()) {
      await board.setPosition(before, false)
      return
    }
    const judged = line.judge(uci)
    if (!judged) {
      await board.setPosition(before, false)
      return
    }
    const { verdict, move } = judged
    this.sent.made(this.index, this.moves.length, uci)
    this.moves.push(uci)
    const { tally, gained } = step(this.tally, verdict, this.puzzle.rating)
    this.tally = tally
    this.pump()
    const said = verdict === 'wrong' ? t('Wrong: 10 seconds off.') : verdict === 'solved' ? t('Solved.') : t('Right.')
    this.setStatus(said, verdict === 'wrong' ? 'bad' : 'good')
    if (gained) this.ui.gained(gained)
    if (verdict !== 'right') {
      this.results.push(verdict === 'solved' ? 'solved' : 'missed')
      this.tally = { ...this.tally, attempted: this.tally.attempted + 1 }
      const back = gained > 0 ? tn('Combo {combo}: {n} second back.', 'Combo {combo}: {n} seconds back.', gained, { combo: number(tally.combo) }) : ''
      this.announce(t('{move}. {verdict}', { move: moveWords(move), verdict: back ? said + ' ' + back : said }))
      this.redraw()
      board.disable()
      await board.settled()
      if (!this.alive || this.stage !== 'racing') return
      this.index += 1
      this.moves = []
      this.open()
      return
    }
    this.redraw()
    const reply = /** @type {Move} */ (line.reply())
    board.disable()
    await board.setPosition(this.chess.fen(), true)
    if (!this.alive || this.line !== line) return
    markBoard(board, line.marks(reply))
    this.announce(t('{move}. Right. Reply: {reply}. Your move.', { move: moveWords(move), reply: moveWords(reply) }))
    if (this.inPlay()) board.enable(this.color)
  }

  /** Forget the race (another one, or none): `id` the race now asked for. @param {string | null} id */
  reset(id) {
    super.reset(id)
    this.puzzles = []
    this.racer = false
    this.begun = false
    this.index = 0
    this.moves = []
    this.results = []
    this.tally = newTally()
    this.sent = new RaceMoves()
    this.line = null
    this.board?.disable()
  }

  letGo() {
    this.stopEvery(this.timer)
  }
}
