/**
 * A race on the race page, as state and rules with no DOM (lila's ui/racer ctrl beside ui/puz's run):
 * the lobby, the countdown, the race's puzzles one after another on the one puzzle line
 * (chess/line.js) as Storm plays them, every racer's progress as the room is told it, the end's
 * table, race again. It talks to the room through `send` (the page's lib/live.js socket) and hears
 * through `hear(message)`; it moves the pieces through its view's board (`ui.boardFor`) and never
 * touches the page. Node drives it with a stand-in view and socket (tests/js/race_ctrl.test.mjs).
 *
 * **The server judges every move.** The board plays each move at once by the shared referee
 * (chess/rules.js, bound to the server's by tests/vectors/chess.json) and Storm's tally
 * (storm/clock.js), so the racer sees what the server will count; each move goes to the room as
 * played, held to its floor (race/clock.js), and what counts is the server's verdict on it: the
 * client sends moves, never a score, and the table is the server's. A move the server can't take
 * where this board thought it was (a retry it counted already is dropped; anything else) sends
 * `race.join` again, and the hello says where the server has the racer: the moves it hasn't counted
 * are sent again from there, or, when the board is behind it (a reload), the board takes up the
 * server's place, tally and all.
 *
 * **A dropped connection** (the socket connects again and sends `rejoin()`: this race's join) is the
 * same: the hello puts the board where the server has it. A racer who leaves is told `race.left`.
 */
/** @import { Move } from '../vendor/chess.js' */
/** @import { ChessPuzzle } from '../chess_types.js' */
/** @import { LiveError, LiveIn, LiveOut, LiveStatus, RaceHello, RaceMe, RaceState, RaceTableRow } from '../live_types.js' */
/** @import { PlayBoard } from '../play_types.js' */
/** @import { Lane, RaceDeps, RaceStage, RaceUi, TableLine } from '../race_types.js' */
/** @import { StormTally } from '../run_types.js' */
import * as rules from '../chess/rules.js'
import { PuzzleLine, markBoard } from '../chess/line.js'
import { fromRow } from '../chess/puzzle.js'
import { moveWords } from '../chess/words.js'
import { Play } from '../lib/session.js'
import { newTally, step } from '../storm/clock.js'
import { clockEnds, moveDue } from './clock.js'
import { lanes, plural, tableLines } from './track.js'

const TICK_MS = 100
const NOT_RACING_RETRY_MS = 300 // the server's clock not yet at the start: the move again after this

/** @typedef {{ puzzle: number, move: number, uci: string }} Played */

/** @extends {Play<RaceUi>} */
export class RaceCtrl extends Play {
  /** @param {RaceDeps} deps */
  constructor({ ui, send, you, now = () => Date.now(), every = (fn, ms) => setInterval(fn, ms),
    stopEvery = (timer) => clearInterval(/** @type {number} */ (timer)) }) {
    super({ ui })
    this.sendOut = send
    this.you = you
    this.now = now
    this.timer = every(() => this.tick(), TICK_MS)
    this.stopEvery = stopEvery
    /** @type {RaceStage} */
    this.stage = 'choose'
    /** @type {string} why the page is choosing again (a refusal, leaving), said above the choice */
    this.notice = ''
    /** @type {string | null} the race the page is in (or asking to join) */
    this.raceId = null
    /** @type {RaceState | null} the race as the room was last told */
    this.race = null
    /** @type {number | null} when the race starts, on this browser's clock */
    this.startsAt = null
    /** @type {number | null} and when it ends */
    this.endsAt = null
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
    /** @type {Played[]} every move they made in this race, in order: the k-th counts at its floor */
    this.played = []
    this.next = 0 // the index in `played` of the next move to send
    this.holdUntil = 0 // no move is sent before this (a refusal's wait)
    this.syncing = false // asked the room where it has the racer; nothing is sent until the hello
    this.adopt = false // the next hello's place is taken as it is (the board disagreed with the server)
    this.overAt = 0 // when to ask for the table (again)
    /** @type {PuzzleLine | null} */
    this.line = null
    /** @type {PlayBoard | null} */
    this.board = null
    this.busy = false // a move being judged (chess/moving.js sets it)
    /** @type {TableLine[] | null} */
    this.table = null
    /** @type {{ next: string, by: string } | null} someone made the next race */
    this.again = null
    /** @type {LiveStatus} */
    this.link = 'connecting'
  }

  // ---- what the page asks ------------------------------------------------------------------------

  /** Make a race (its link to share). */
  make() {
    this.ask({ t: 'race.make' }, null)
  }

  /** Race whoever is waiting. */
  quick() {
    this.ask({ t: 'race.quick' }, null)
  }

  /** @param {string} id the race of a link */
  join(id) {
    this.ask({ t: 'race.join', race: id }, id)
  }

  /** @param {LiveOut} message @param {string | null} id */
  ask(message, id) {
    this.notice = ''
    this.reset(id)
    this.stage = 'joining'
    this.send(message)
    this.redraw()
  }

  /** The maker starts the countdown. */
  start() {
    if (this.canStart()) this.send({ t: 'race.start' })
  }

  /** Leave the race: marked left in the table. */
  leave() {
    if (this.raceId) this.send({ t: 'race.leave' })
  }

  /** After the end: join the next race with the same people (or make it). */
  raceAgain() {
    if (this.stage === 'over') this.send({ t: 'race.again' })
  }

  /** What the socket sends as it opens again: the race's join, so the room says where the page is. */
  rejoin() {
    if (!this.raceId || this.stage === 'choose') return null
    this.syncing = true
    return /** @type {LiveOut} */ ({ t: 'race.join', race: this.raceId })
  }

  /** @param {LiveStatus} status the socket's */
  linked(status) {
    const before = this.link
    this.link = status
    if (status === 'away' && before === 'open' && this.raceId) this.announce('Connection lost: reconnecting…')
    if (status === 'open' && before === 'away' && this.raceId) this.announce('Connected again.')
    this.redraw()
  }

  /** @param {LiveOut} message */
  send(message) {
    return this.sendOut(message)
  }

  // ---- what the page reads -----------------------------------------------------------------------

  get owner() {
    return this.race?.kind === 'link' && this.race.owner === this.you.id
  }

  /** Racers still in (not left). */
  get present() {
    return (this.race?.racers || []).filter((r) => !r.left)
  }

  canStart() {
    return this.stage === 'waiting' && this.owner && this.present.length >= 2
  }

  /** The race's link to share. @param {string} origin */
  shareUrl(origin) {
    return this.raceId ? `${origin}/race/?id=${encodeURIComponent(this.raceId)}` : ''
  }

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

  /** Ms to the start (countdown), else null. */
  startsIn() {
    return this.startsAt === null ? null : Math.max(0, this.startsAt - this.now())
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

  /** The status line's words for the stage. */
  stageWords() {
    const race = this.race
    if (this.stage === 'waiting' && race) {
      if (race.kind === 'quick') return 'Waiting for another racer: the race counts down once one joins.'
      if (this.owner) return this.present.length < 2 ? 'Share the link: a race needs 2 racers.' : 'Start the race when everyone is in.'
      return 'Waiting for the race’s maker to start it.'
    }
    if (this.stage === 'countdown') return 'Get ready: the race is about to start.'
    if (this.stage === 'over') return this.table ? 'Race over.' : 'Race over: waiting for the table…'
    return this.status.text
  }

  // ---- hearing the room --------------------------------------------------------------------------

  /** @param {LiveIn} message */
  hear(message) {
    if (!this.alive) return
    switch (message.t) {
      case 'race.hello': return this.hello(message)
      case 'race.state':
        if (message.race === this.raceId) this.took(message)
        return
      case 'race.table':
        if (message.race === this.raceId) this.tabled(message.rows, message.again)
        return
      case 'race.again':
        if (message.race === this.raceId) {
          this.again = { next: message.next, by: message.by }
          this.announce(`${message.by} made the next race: choose Race again to join them.`)
          this.redraw()
        }
        return
      case 'race.left':
        this.reset(null)
        this.stage = 'choose'
        this.notice = 'You left the race.'
        this.announce(this.notice)
        this.redraw()
        return
      case 'error': return this.refused(message)
      default:
    }
  }

  /** @param {RaceHello} hello */
  hello(hello) {
    const fresh = hello.race !== this.raceId
    if (fresh) {
      this.reset(hello.race)
      this.stage = 'joining'
    }
    const stageBefore = this.stage
    this.took(hello, { quiet: fresh || stageBefore === 'joining' })
    this.syncing = false
    this.racer = hello.me !== null
    if (hello.me) this.resume(hello.me)
    if (fresh || stageBefore === 'joining') {
      const names = this.present.map((r) => (r.pid === this.you.id ? 'you' : r.name))
      this.announce(`You are in the race: ${plural(names.length, 'racer')}, ${names.join(', ')}.`)
    }
    this.tick()
    this.redraw()
  }

  /**
   * The room's word on the race: its racers, phase, times and (once) puzzles.
   * @param {RaceState | RaceHello} state
   * @param {{ quiet?: boolean }} [options]
   */
  took(state, { quiet = false } = {}) {
    const before = this.race
    this.race = { ...state, t: 'race.state' }
    const now = this.now()
    // The earliest word of a time is the nearest the truth (each came after it was sent).
    if (state.starts_in !== null) this.startsAt = Math.min(this.startsAt ?? Infinity, now + state.starts_in)
    if (state.ends_in !== null) this.endsAt = Math.min(this.endsAt ?? Infinity, now + state.ends_in)
    if (state.puzzles && !this.puzzles.length) this.puzzles = state.puzzles.map((row) => fromRow([row[0], row[1], row[2], row[3], ''], ''))
    if (!quiet && before) this.tellChanges(before)
    if (this.stage === 'joining' || this.stage === 'waiting') {
      // Racing already (a page taken up again): the next tick opens the player's puzzle.
      this.stage = state.phase === 'waiting' ? 'waiting' : state.phase === 'over' ? 'over' : 'countdown'
      if (state.phase === 'countdown') this.announce(`The race starts in ${Math.ceil((state.starts_in ?? 0) / 1000)} seconds.`)
    }
    this.redraw()
  }

  /** Say who joined, left, dropped out or came back since `before`. @param {RaceState} before */
  tellChanges(before) {
    const was = new Map(before.racers.map((r) => [r.pid, r]))
    for (const r of this.race?.racers || []) {
      if (r.pid === this.you.id) continue
      const old = was.get(r.pid)
      if (!old) this.announce(`${r.name} joined the race.`)
      else if (r.left && !old.left) this.announce(`${r.name} left the race.`)
      else if (r.away && !old.away) this.announce(`${r.name} lost their connection.`)
      else if (!r.away && old.away && !r.left) this.announce(`${r.name} is back.`)
    }
  }

  /**
   * The server's place for the player (a hello): the moves it hasn't counted are sent again; a board
   * behind it (or one that disagreed) takes up its place.
   * @param {RaceMe} me
   */
  resume(me) {
    const ahead = this.played.length >= me.moves && !this.adopt
    this.adopt = false
    if (ahead) {
      this.next = me.moves
      return
    }
    this.index = me.puzzle
    this.results = [...me.results]
    this.tally = { ...newTally(), ...me.tally }
    this.moves = [...me.line]
    this.played = Array.from({ length: me.moves }, () => ({ puzzle: -1, move: -1, uci: '' }))
    this.next = me.moves
    if (this.begun) this.open()
  }

  /** @param {LiveError} error */
  refused(error) {
    if (error.of === 'race.move') return this.moveRefused(error)
    if (error.of === 'race.over' && error.code === 'not-over') {
      this.overAt = this.now() + (error.wait ?? 1000)
      return
    }
    if (['race.join', 'race.make', 'race.quick'].includes(error.of) && this.stage === 'joining') {
      this.reset(null)
      this.stage = 'choose'
      this.notice = error.words
      this.announce(error.words)
      this.redraw()
      return
    }
    this.setStatus(error.words, 'bad')
    this.announce(error.words)
    this.redraw()
  }

  /** @param {LiveError} error */
  moveRefused(error) {
    if (error.code === 'done') return // a retry of a move counted already
    if (['over', 'out-of-time', 'left', 'not-racer', 'no-puzzle'].includes(error.code)) {
      this.next = this.played.length // nothing more counts
      return
    }
    if (error.code === 'too-fast' || error.code === 'not-racing') {
      this.holdUntil = this.now() + (error.wait ?? NOT_RACING_RETRY_MS)
    }
    if (error.code === 'illegal') this.adopt = true
    if (this.syncing || !this.raceId) return
    this.syncing = true
    this.send({ t: 'race.join', race: this.raceId })
  }

  /** @param {RaceTableRow[]} rows @param {string | null} again */
  tabled(rows, again) {
    this.table = tableLines(rows, this.you.id)
    this.stage = 'over'
    if (again && !this.again) this.again = { next: again, by: '' }
    this.board?.disable()
    const mine = this.table.find((r) => r.you)
    this.announce(mine
      ? `Race over. You placed ${mine.placeWords} of ${rows.length} with ${plural(mine.score, 'puzzle')} solved.`
      : 'Race over.')
    this.redraw()
  }

  // ---- the clock ---------------------------------------------------------------------------------

  /** Ten times a second: the start, the player's clock, the end, and the moves due to be sent. */
  tick() {
    if (!this.alive) return
    const now = this.now()
    if (this.stage === 'countdown' && this.startsAt !== null && now >= this.startsAt) {
      this.stage = 'racing'
      if (this.racer && this.puzzles.length) this.begin()
      else this.announce('The race has started.')
      this.redraw()
    }
    if (this.stage === 'racing' && this.begun && this.out && this.board?.enabled) {
      this.board.disable()
      this.setStatus('Your clock ran out: watch the others finish.', 'bad')
      this.announce(this.status.text)
      this.redraw()
    }
    if (this.stage === 'racing' && this.endsAt !== null && now >= this.endsAt) {
      this.stage = 'over'
      this.board?.disable()
      this.announce('Time’s up: the race is over.')
      this.redraw()
    }
    if (this.stage === 'over' && !this.table && this.raceId && now >= this.overAt) {
      this.overAt = now + 2000 // asked again if no table comes
      this.send({ t: 'race.over' })
    }
    this.pump()
    this.ui.tick()
  }

  /** Send the moves whose floor has come, in order. */
  pump() {
    if (this.syncing || this.startsAt === null || !this.raceId || this.stage !== 'racing') return
    const now = this.now()
    while (this.next < this.played.length && now >= this.holdUntil) {
      const k = this.next + 1
      if (now < moveDue(this.startsAt, k)) return
      const { puzzle, move, uci } = this.played[this.next]
      if (puzzle < 0) { // a move counted before this page took the race up
        this.next += 1
        continue
      }
      if (!this.send({ t: 'race.move', puzzle, move, uci })) return
      this.next += 1
    }
  }

  // ---- the race ----------------------------------------------------------------------------------

  /** The race started: the player's puzzle opens. */
  begin() {
    this.begun = true
    this.setStatus('Your move.')
    this.open()
  }

  /** Open the puzzle the player is on, their moves in it played (with the replies). */
  open() {
    const puzzle = this.puzzle
    if (!puzzle) {
      this.setStatus('You have played every puzzle of this race!', 'good')
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
    const side = this.color === 'w' ? 'White' : 'Black'
    this.announce(`${this.index === 0 && !this.moves.length ? 'Go! ' : ''}Puzzle ${this.index + 1}, rated ${puzzle.rating}. You play ${side}.`)
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
    this.played.push({ puzzle: this.index, move: this.moves.length, uci })
    this.moves.push(uci)
    const { tally, gained } = step(this.tally, verdict, this.puzzle.rating)
    this.tally = tally
    this.pump()
    const said = verdict === 'wrong' ? 'Wrong: 10 seconds off.' : verdict === 'solved' ? 'Solved.' : 'Right.'
    this.setStatus(said, verdict === 'wrong' ? 'bad' : 'good')
    if (gained) this.ui.gained(gained)
    if (verdict !== 'right') {
      this.results.push(verdict === 'solved' ? 'solved' : 'missed')
      this.tally = { ...this.tally, attempted: this.tally.attempted + 1 }
      this.announce(`${moveWords(move)}. ${said}${gained > 0 ? ` Combo ${tally.combo}: ${gained} seconds back.` : ''}`)
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
    this.announce(`${moveWords(move)}. Right. Reply: ${moveWords(reply)}. Your move.`)
    if (this.inPlay()) board.enable(this.color)
  }

  /** Forget the race (another one, or none): `id` the race now asked for. @param {string | null} id */
  reset(id) {
    this.raceId = id
    this.race = null
    this.startsAt = null
    this.endsAt = null
    this.puzzles = []
    this.racer = false
    this.begun = false
    this.index = 0
    this.moves = []
    this.results = []
    this.tally = newTally()
    this.played = []
    this.next = 0
    this.holdUntil = 0
    this.syncing = false
    this.adopt = false
    this.overAt = 0
    this.line = null
    this.table = null
    this.again = null
    this.setStatus('')
    this.board?.disable()
  }

  letGo() {
    this.stopEvery(this.timer)
  }
}
