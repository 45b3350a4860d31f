/**
 * One chess puzzle being played, as state and rules (lila's PuzzleCtrl): the line, the
 * position, hints, Show solution, the end, what the results sheet says, and the record kept
 * in the browser. It never touches the page: view.js draws from it and sends the player's
 * intents back; it moves the pieces through the view's board (`ui.makeBoard()`), and redraws
 * after every change. The ticket, the clock, pause and posting are lib/session.js's.
 *
 * The rules (which move is right, what solves) are rules.js's, shared with the server's
 * referee through tests/vectors/chess.json; what a finished puzzle counts for is results.js's.
 *
 * ui (the view): redraw(), announce(text), paused(on), stop(), makeBoard() (the board, made once
 * the position is known), watch() (start taking the player's intents), firstMove(side) (the once-a-browser
 * prompt; resolves when it closes) and ended() (the puzzle just ended: the results follow).
 */
import { fromRow, solverColor, solution, gameUrl } from './puzzle.js'
import { moveWords, pieceOn, COLOR_NAMES, ratingWords } from './words.js'
import { motifLine } from './motifs.js'
import { shareText } from './share.js'
import { checkedKing } from './moving.js'
import { countedDay, isClean, settled } from './results.js'
import { Clock } from '../lib/clock.js'
import { PlaySession, flushNotes } from '../lib/session.js'
import { call } from '../lib/api.js'
import { streakRun, freezesWords, playerDay, longDate } from '../lib/dates.js'
import { nextTask } from '../lib/tasks.js'
import { pressed, voteItem, voteNote, voteWords } from './votes.js'

// The rules (rules.js, and chess.js with them) are asked for once a fresh puzzle's board is drawn:
// that board needs only the FEN, so the play view's first paint never waits for chess.js
// (docs/site.md, "The first board"). Set once loaded; nothing below runs before start() has it.
let rules = null
const loadRules = async () => (rules ||= await import('./rules.js'))

/** A report's reasons in words, as the buttons say them (puzzlebook/votes.py REASONS). */
const REASON_WORDS = { 'wrong-theme': 'Wrong theme', 'several-moves': 'Several good moves', broken: 'Broken', other: 'Other' }

/** The pauses between moves (ms): before the opponent's first, before each answer, in Show solution. */
export const BEATS = { first: 700, reply: 450, solution: 650 }

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** A fresh record for a puzzle opened for the first time. */
export function newRecord(row, band, daily) {
  return {
    band, id: row[0], row, daily: daily || null, opened: Date.now(), state: 'playing', started: false,
    moves: [], tries: [], mistakes: 0, hints: 0, hintLevel: 0, seconds: 0, shown: 0, missed: false, posted: null,
  }
}

export class PuzzleCtrl extends PlaySession {
  /**
   * store: the ChessStore (or the Replay missed run's); rec: the puzzle's record (kept up to
   * date in the store); ui: the view; beats: the pauses between moves; today(): the site day.
   */
  constructor({ store, rec, ui, player, beats = BEATS, today = () => playerDay(), clock }) {
    super({ store, rec, ui, player, clock: clock || new Clock({ seconds: rec.seconds || 0 }) })
    this.beats = beats
    this.today = today
    this.puzzle = fromRow(rec.row, rec.band)
    this.color = solverColor(this.puzzle)
    this.ply = 1 + 2 * rec.moves.length
    this.chess = null
    this.board = null
    this.busy = false
  }

  get side() {
    return this.color === 'w' ? 'White' : 'Black'
  }

  get finished() {
    return this.rec.state !== 'playing'
  }

  /** Finished and done showing it: the solution's line played out (the done box waits for that). */
  get ended() {
    return this.finished && !this.busy
  }

  get clean() {
    return isClean(this.rec.mistakes, this.rec.hints)
  }

  // ---- start and stop -----------------------------------------------------

  /** The position shown: the FEN until the rules have come (a fresh puzzle's first board). */
  get fen() {
    return this.chess ? this.chess.fen() : this.puzzle.fen
  }

  /** Load the rules (once per page) and set up the position they play on. */
  async takeRules() {
    await loadRules()
    const { rec, puzzle } = this
    this.chess = this.finished ? this.finalPosition() : rules.positionAt(puzzle, rec.started ? this.ply : 0)
  }

  async start() {
    const { rec, puzzle } = this
    this.store.saveRecord(rec)
    this.store.markSeen(rec.id)
    this.redraw()
    if (!this.finished) this.askTicket('/chess/plays', { id: rec.id, band: rec.band })
    // The panel, the board and the rules each in a task of their own (lib/tasks.js). A fresh
    // puzzle's board is drawn from its FEN before chess.js is even asked for; a puzzle part played
    // or finished needs the rules for its position first.
    const fresh = !this.finished && !rec.started
    await nextTask()
    if (!this.alive) return
    if (!fresh) await this.takeRules()
    if (!this.alive) return
    this.board = this.ui.makeBoard()
    await nextTask()
    if (!this.alive) return
    if (fresh) await this.takeRules()
    if (!this.alive) return
    this.ui.watch()
    if (this.finished) {
      this.markLastMove()
      this.keepRatingHigh()
      this.setStatus(rec.state === 'solved' ? 'You solved this one.' : 'You saw the solution of this one.', rec.state === 'solved' ? 'good' : '')
      this.redraw()
      return
    }
    if (!rec.started) {
      this.setStatus(`You play ${this.side}. Watch the move.`)
      this.redraw()
      this.announce(`${puzzle.band} puzzle, rated ${puzzle.rating}. You play ${this.side}.`)
      await sleep(this.beats.first)
      if (!this.alive) return
      const move = this.playLine(0)
      rec.started = true
      this.save()
      await this.board.setPosition(this.chess.fen(), true)
      if (!this.alive) return
      this.markLastMove(move)
      this.announce(`${capitalColor(move.color)}: ${moveWords(move)}. Your move.`)
    } else {
      this.markLastMove()
      this.announce(`${puzzle.band} puzzle, rated ${puzzle.rating}, where you left it. You play ${this.side}. Your move.`)
    }
    this.hintMarkers()
    await this.firstMovePrompt()
    if (!this.alive) return
    this.setStatus(this.rec.moves.length ? 'Your move.' : 'Find the best move.')
    this.yourTurn()
    this.clock.release('waiting')
    this.redraw()
  }

  /** Once per browser, before the first move: how to move. The clock waits for it. */
  async firstMovePrompt() {
    if (this.store.firstMoveShown()) return
    // In a task of its own: a modal makes the rest of the page inert, which restyles all of it, and
    // done in the frame where the opponent's move lands the two were one long task on a phone.
    await nextTask()
    if (!this.alive) return
    this.store.markFirstMove()
    await this.ui.firstMove(this.side)
  }

  // ---- the line ---------------------------------------------------------------

  inPlay() {
    return this.alive && this.rec.state === 'playing' && this.rec.started
  }

  /** Play the line's move `ply` on the game; answers chess.js's move. */
  playLine(ply) {
    const uci = this.puzzle.line[ply]
    if (!rules.play(this.chess, uci)) throw new Error(`puzzle ${this.puzzle.id}: line move ${uci} is not legal`)
    return this.chess.history({ verbose: true }).at(-1)
  }

  /** The position a finished puzzle ended on. */
  finalPosition() {
    const { rec, puzzle } = this
    if (rec.state === 'shown' || !rec.moves.length) return rules.positionAt(puzzle, puzzle.line.length)
    // A solve ends on the solver's last move, which may be a mate off the line.
    const chess = rules.positionAt(puzzle, 2 * rec.moves.length - 1)
    rules.play(chess, rec.moves.at(-1))
    return chess
  }

  /** The player made the legal move `uci` (the piece stands on its new square); the board's hooks call this once at a time. */
  async judge(uci) {
    const { rec, puzzle } = this
    const before = this.chess.fen()
    if (!rules.play(this.chess, uci)) {
      await this.board.setPosition(before, false)
      return
    }
    const move = this.chess.history({ verbose: true }).at(-1)
    const verdict = rules.judge(puzzle, this.ply, this.chess, uci)
    if (verdict === 'wrong') {
      this.chess.undo()
      rec.mistakes++
      rec.tries.push(uci)
      rec.triedAt = [...(rec.triedAt || []), this.ply] // where, for the analysis's "Why not my move?"
      const firstMiss = !rec.missed
      rec.missed = true
      this.save()
      this.setStatus('Not that one. Try again.', 'bad')
      this.redraw()
      this.announce(`${moveWords(move)}. Not that one. Try again.`)
      if (firstMiss) this.postMiss('wrong', [...rec.moves, uci])
      this.board.disable()
      await this.board.shakeBack(uci.slice(2, 4), before)
      if (this.inPlay()) {
        this.yourTurn()
        this.hintMarkers()
      }
      return
    }
    rec.moves.push(uci)
    rec.hintLevel = 0
    this.board.clearHint()
    this.board.disable()
    const done = verdict === 'mate' || this.ply === puzzle.line.length - 1
    this.save()
    await this.board.setPosition(this.chess.fen(), false)
    this.markLastMove(move)
    if (done) {
      this.announce(`${moveWords(move)}. Solved.`)
      this.finish('solved')
      return
    }
    this.announce(`${moveWords(move)}. Right.`)
    this.setStatus('Right. Keep going.', 'good')
    this.redraw()
    await sleep(this.beats.reply)
    if (!this.alive) return
    const reply = this.playLine(this.ply + 1)
    this.ply += 2
    this.save()
    await this.board.setPosition(this.chess.fen(), true)
    if (!this.alive) return
    this.markLastMove(reply)
    this.announce(`${capitalColor(reply.color)}: ${moveWords(reply)}. Your move.`)
    this.setStatus('Your move.')
    this.yourTurn()
    this.redraw()
  }

  /** The board takes the player's moves again, unless paused meanwhile (Resume enables it then). */
  yourTurn() {
    if (!this.paused) this.board.enable(this.color)
  }

  markLastMove(move) {
    const options = this.store.options()
    const last = move || this.chess.history({ verbose: true }).at(-1)
    if (options.lastMove && last) this.board.markLast(last.from, last.to)
    else this.board.markLast()
    this.board.markCheck(options.check ? checkedKing(this.chess) : null)
  }

  // ---- help and options -----------------------------------------------------------

  /** H: ring the piece to move; again, mark its square too. Each press that shows more counts. Resumes first if paused. */
  hint() {
    const { rec, puzzle } = this
    if (!this.inPlay() || this.busy) return
    this.resumeIfPaused()
    if (!this.board.enabled) return
    const uci = puzzle.line[this.ply]
    const from = uci.slice(0, 2)
    const to = uci.slice(2, 4)
    const what = pieceOn(from, this.chess.get(from))
    if (rec.hintLevel >= 2) {
      this.announce(`Hint: move ${what} to ${to}.`)
      return
    }
    rec.hintLevel++
    rec.hints++
    this.save()
    this.hintMarkers()
    const words = rec.hintLevel === 1 ? `Hint: ${what}.` : `Hint: ${what} goes to ${to}.`
    this.setStatus(words, 'hint')
    this.redraw()
    this.announce(words)
  }

  hintMarkers() {
    const { rec, puzzle } = this
    if (!rec.hintLevel || rec.state !== 'playing') return this.board.clearHint()
    const uci = puzzle.line[this.ply]
    this.board.markHint(uci.slice(0, 2), rec.hintLevel >= 2 ? uci.slice(2, 4) : null)
  }

  /** Paused: the board takes no moves; resumed: it takes them again. */
  afterPause(paused) {
    if (paused) this.board.disable()
    else if (!this.busy) this.board.enable(this.color)
  }

  /** The helpers' opt-outs ({dots, lastMove, check, coordinates}). */
  options() {
    return this.store.options()
  }

  /** The player changed the options: keep them and show them on the board. */
  setOptions(options) {
    for (const [name, value] of Object.entries(options)) this.store.setOption(name, value)
    const now = this.store.options()
    this.board.setDots(now.dots)
    this.board.setCoordinates(now.coordinates)
    this.markLastMove()
  }

  // ---- the end ----------------------------------------------------------------------

  /** Play the rest of the line out, in sight (resumed first if paused); the puzzle ends unsolved. */
  async showSolution() {
    const { rec, puzzle } = this
    if (!this.inPlay() || this.busy) return
    this.resumeIfPaused()
    this.busy = true
    rec.state = 'shown'
    rec.shown = solution(puzzle).length - rec.moves.length
    this.clock.hold('over')
    rec.seconds = Math.round(this.clock.seconds)
    const firstMiss = !rec.missed
    rec.missed = true
    this.save()
    if (firstMiss) this.postMiss('gave-up', [])
    this.board.disable()
    this.board.clearHint()
    this.setStatus('The solution:')
    this.redraw()
    this.announce('Showing the solution.')
    for (let ply = this.ply; ply < puzzle.line.length; ply++) {
      await sleep(this.beats.solution)
      if (!this.alive) return
      const move = this.playLine(ply)
      await this.board.setPosition(this.chess.fen(), true)
      if (!this.alive) return
      this.markLastMove(move)
      this.announce(`${capitalColor(move.color)}: ${moveWords(move)}.`)
    }
    this.busy = false
    this.finish('shown')
  }

  /** The puzzle is over: the clock stops, the result is kept here and posted, and the results follow. */
  finish(state) {
    const { rec } = this
    this.clock.hold('over')
    this.clearPause() // P pressed while the last move landed
    rec.state = state
    rec.seconds = state === 'solved' ? Math.max(1, Math.round(this.clock.seconds)) : Math.round(this.clock.seconds)
    rec.finished = Date.now()
    this.board.disable()
    // A guest's difficulty counts from a rating kept here by the server's rule; a signed-in
    // player's from the server's (docs/site.md, "Themes and your difficulty").
    const guest = !this.player() && !rec.estimated && !rec.replay ? this.store.estimate() : null
    this.settle(settled(rec, this.today(), guest))
    if (state === 'solved') {
      this.post('solve', '/chess/solves', {
        id: rec.id, band: rec.band, moves: rec.moves, mistakes: rec.mistakes, hints: rec.hints, seconds: rec.seconds,
      })
    }
    // The done box says how it ended; the status line doesn't say it again (issue 26).
    this.setStatus(state === 'solved' ? '' : 'That was the line.')
    this.redraw()
    this.ui.ended()
  }

  postMiss(how, moves) {
    this.post('miss', '/chess/misses', { id: this.rec.id, band: this.rec.band, how, moves })
  }

  /** A post's answer came: a settled rating's new high is noted once. */
  heard() {
    this.keepRatingHigh()
  }

  /**
   * A solve's rating change, once posted, may be a new high for this browser: noted once per
   * puzzle (rec.ratingHigh). A provisional rating's highs are its first guesses, not something
   * won: they aren't celebrated or kept.
   */
  keepRatingHigh() {
    const { rec } = this
    const change = this.ratingChange()
    if (rec.state !== 'solved' || !change || change.provisional || rec.ratingHigh !== undefined) return
    rec.ratingHigh = this.store.noteRating(Math.round(change.after))
    this.store.updateRecord(rec)
  }

  /** The rating change from whichever post was rated (a miss, if it came first), or null. */
  ratingChange() {
    return ratingChange(this.rec.posted) || ratingChange(this.rec.missPosted)
  }

  // ---- the player's word on the puzzle (chess/votes.js) -------------------------------

  /** Whether this puzzle takes a vote: once it is over, in a store that sends them (not a replay's copy). */
  votes() {
    return this.ended && Boolean(this.store.notes)
  }

  /** The vote and report drawn: {vote, reason, reporting (the reasons shown), note}. */
  word() {
    const { rec } = this
    const word = { vote: rec.vote || null, reason: rec.reason || null }
    const waiting = this.wordWaiting()
    const guest = !this.player()
    return { ...word, reporting: Boolean(this.reporting || word.reason), note: voteNote({ word, guest, waiting, answer: rec.voted }) }
  }

  /** Whether a word of this browser's on this puzzle waits to be sent. */
  wordWaiting() {
    const key = `vote:${this.rec.band}/${this.rec.id}#`
    return Boolean(this.store.notes?.items().some((item) => item.key.startsWith(key)))
  }

  redraw() {
    super.redraw()
    // Offline the read would only fail (and the browser log it): a later redraw asks once online.
    const online = !globalThis.navigator || navigator.onLine !== false
    if (this.votes() && this.player() && online && !this.wordAsked) this.readWord()
  }

  /**
   * The signed-in player's word as the server keeps it (GET /api/chess/votes/<id>), read once the
   * vote is offered, so a word given on another device shows as chosen here. A word of this
   * browser's still waiting to go, or given while the answer was out, is the later one and stands.
   */
  async readWord() {
    this.wordAsked = true
    const { rec } = this
    const serial = rec.voteSerial || 0
    const answer = await call(`/chess/votes/${encodeURIComponent(rec.id)}`)
    if (!this.alive || answer.status !== 200 || !answer.data) return
    if (this.wordWaiting() || (rec.voteSerial || 0) !== serial) return
    const vote = answer.data.vote || null
    const reason = answer.data.reason || null
    if (vote === (rec.vote || null) && reason === (rec.reason || null)) return
    rec.vote = vote
    rec.reason = reason
    if (vote || reason) rec.voted = { sent: true }
    else delete rec.voted
    this.store.updateRecord(rec)
    this.redraw()
  }

  /** Up or down ('up'/'down'); the chosen one again takes the vote back. */
  vote(choice) {
    this.changeWord('vote', choice)
  }

  /** Report a problem with `reason`; the chosen one again takes the report back. */
  report(reason) {
    this.changeWord('reason', reason)
  }

  /** Show or hide the reasons ("Report a problem"); a report made keeps them shown. */
  toggleReporting() {
    if (!this.votes()) return
    this.reporting = !this.word().reporting || Boolean(this.rec.reason)
    this.redraw()
  }

  changeWord(field, choice) {
    const { rec } = this
    if (!this.votes()) return
    const word = pressed({ vote: rec.vote || null, reason: rec.reason || null }, field, choice)
    rec.vote = word.vote
    rec.reason = word.reason
    rec.voteSerial = (rec.voteSerial || 0) + 1
    delete rec.voted
    const player = this.player()
    this.store.notes.add(voteItem(rec, word, rec.voteSerial, player ? player.id : null))
    this.store.updateRecord(rec)
    this.redraw()
    this.announce(voteWords(word, field, REASON_WORDS))
    if (player) flushNotes(this.store, player).then(() => this.redraw()).catch(() => {})
  }

  // ---- what the player reads ------------------------------------------------------

  /** The done box's words: how the puzzle ended. */
  doneTitle() {
    if (this.rec.state !== 'solved') return 'Solution shown'
    return this.clean ? 'Solved, cleanly' : 'Solved'
  }

  /** Seconds on the clock: running while in play, else the record's. */
  seconds() {
    return this.rec.state === 'playing' ? this.clock.seconds : this.rec.seconds
  }

  /** What the results sheet shows: time, mistakes, hints, motifs, streak, rating, note, celebration, next, share. */
  results() {
    const { rec, puzzle } = this
    const today = this.today()
    let streakLine = null
    if (countedDay(rec.daily, today)) {
      const posted = rec.posted && Number.isInteger(rec.posted.streak) ? rec.posted : null
      const run = posted ? { length: posted.streak, freezesUsed: posted.freezes_used || 0 } : streakRun(this.store.days(), today)
      streakLine = run.length ? `Daily streak: ${run.length} ${run.length === 1 ? 'day' : 'days'}${freezesWords(run.freezesUsed)}.` : 'No daily streak yet.'
    }
    const change = this.ratingChange()
    const next = rec.review ? { href: '#/review', text: 'Next review' }
      : rec.replay ? { href: '#/replay', text: 'Next missed puzzle' } : nextOf(rec)
    return {
      title: this.doneTitle(),
      motifs: motifLine(puzzle),
      seconds: rec.seconds,
      mistakes: rec.mistakes,
      hints: rec.hints,
      lichess: `https://lichess.org/training/${encodeURIComponent(rec.id)}`,
      game: gameUrl(puzzle), // null when the bundle doesn't know the source game
      analysis: `#/analysis/${encodeURIComponent(rec.band)}/${encodeURIComponent(rec.id)}`,
      streak: streakLine,
      countdown: Boolean(countedDay(rec.daily, today)), // today's daily is over: the time to the next
      rating: change ? ratingWords(change) : null,
      note: this.postNote(today),
      cheer: celebration(rec, today),
      next,
      share: this.shareText(),
    }
  }

  shareText() {
    const { rec } = this
    return shareText({
      band: rec.band, id: rec.id, daily: rec.daily, found: rec.moves.length, shown: rec.shown || 0,
      mistakes: rec.mistakes, hints: rec.hints, seconds: rec.seconds, solved: rec.state === 'solved',
      replay: Boolean(rec.replay),
      review: Boolean(rec.review),
      place: rec.posted && !rec.posted.about && Number.isInteger(rec.posted.place) ? rec.posted.place : null, // exact only
    }, globalThis.location?.origin ?? '')
  }

  postNote(today) {
    const { rec } = this
    if (!this.player()) return 'Make a player on the home page to keep your streak and rating.'
    if (rec.state !== 'solved') {
      if (!rec.missed) return ''
      return rec.missPosted?.offline ? 'Counted as a miss in your own tallies: played offline, so not rated.' : 'Counted as a miss for your rating.'
    }
    if (rec.posted) {
      // Refused for good (e.g. faster than a second a move): say so, never "Posted".
      if (rec.posted.dropped) return `Your result wasn’t kept: ${rec.posted.error || 'the server refused it'}`
      if (rec.posted.already) return 'Your first result for this puzzle stands.'
      if (rec.posted.offline) return 'Kept in your own tallies and streak. It was played offline, so it isn’t rated and goes on no board.'
      // The API put it on a board only if it was posted on the daily's own day.
      if (rec.daily && !countedDay(rec.daily, today) && !rec.posted.daily) return 'Posted. A past daily counts for your rating; only one solved on its day goes on the board.'
      return 'Posted.'
    }
    if (this.waiting('solve')) return 'Waiting to post: it goes as soon as you are online.'
    return ''
  }
}

function capitalColor(color) {
  const name = COLOR_NAMES[color]
  return name.charAt(0).toUpperCase() + name.slice(1)
}

/** The result's one line of celebration: a best clean time, a rating high, or the daily done. */
function celebration(rec, today) {
  if (rec.state !== 'solved') return ''
  if (rec.bestTime) return `Your best clean time in ${rec.band} yet.`
  if (rec.ratingHigh) return 'A new rating high.'
  if (rec.daily) return countedDay(rec.daily, today) ? 'Today’s puzzle is done.' : `The daily of ${longDate(rec.daily)} is done.`
  return ''
}

/**
 * Where "Next" goes: the same theme or difficulty the puzzle was drawn from (rec.source, set by
 * play.js), else the puzzle's band.
 */
export function nextOf(rec) {
  const source = rec.source || {}
  if (source.mix) return { href: `#/mix/${source.mix}`, text: `Next puzzle of ${source.name}` }
  if (source.theme) {
    return { href: `#/theme/${encodeURIComponent(source.theme)}/${source.difficulty}`, text: `Next ${source.name || source.theme} puzzle` }
  }
  if (source.difficulty) return { href: `#/endless/${source.difficulty}`, text: `Next puzzle (${source.difficulty})` }
  return { href: `#/endless/${encodeURIComponent(rec.band)}`, text: `Next ${rec.band} puzzle` }
}

/** The play view's eyebrow for a puzzle that isn't a daily. */
export function kindOf(rec) {
  const source = rec.source || {}
  if (source.mix) return `${source.name} · ${source.level}`
  if (source.theme) return `${source.name || source.theme} · ${source.difficulty}`
  if (source.difficulty) return `Endless · ${source.difficulty}`
  return 'Endless'
}

/** {before, after, provisional?, rd?} from a post's answer kept in the record, or null. */
export function ratingChange(posted) {
  const rating = posted && posted.rating
  if (rating && Number.isFinite(rating.before) && Number.isFinite(rating.after)) return rating
  return null
}
