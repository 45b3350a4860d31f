/**
 * One puzzle being played: the line, the board, the clock, hints, Show
 * solution, the record kept in the browser and the posts to the server.
 *
 * The rules (which move is right, what solves) are rules.js's, shared with
 * the server's referee through tests/vectors/chess.json; this module only
 * drives them.
 */
import { fromRow, positionAt, judge, play, solverColor, solution } from './rules.js'
import { Board } from './board.js'
import { moveWords, pieceOn, COLOR_NAMES, ratingWords } from './words.js'
import { motifLine } from './motifs.js'
import { shareText } from './share.js'
import { boardHooks, checkedKing } from './moving.js'
import { Clock, formatTime } from '../lib/clock.js'
import { announce } from '../lib/announce.js'
import { openSheet } from '../lib/sheet.js'
import { PlaySession, isGameKey, shareResult } from '../lib/playing.js'
import { getPlayer } from '../lib/api.js'
import { streak, dayIn, siteZone, mediumDate, longDate } from '../lib/dates.js'
import { flushChess, playKey } from './post.js'
import { askTicket } from '../lib/plays.js'
import { nextTask } from '../lib/tasks.js'
import { countedDay, isClean, outcomes } from './results.js'
import { outcomeOf } from './rating.js'
import { logEntry } from './dashboard.js'

const FIRST_BEAT_MS = 700 // before the opponent's first move flies in
const REPLY_BEAT_MS = 450 // before each answer
const SOLUTION_BEAT_MS = 650 // between the moves Show solution plays

const $ = (id) => document.getElementById(id)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** A fresh record for a puzzle opened for the first time. */
export function newRecord(row, band, daily) {
  return {
    band, id: row[0], row, daily: daily || null, opened: Date.now(), state: 'playing', started: false,
    moves: [], tries: [], mistakes: 0, hints: 0, hintLevel: 0, seconds: 0, shown: 0, missed: false, posted: null,
  }
}

export class Game extends PlaySession {
  /** store: the ChessStore; rec: the puzzle's record (kept up to date in the store). */
  constructor({ store, rec }) {
    super({
      store,
      rec,
      clock: new Clock({ seconds: rec.seconds || 0 }),
      screen: {
        frame: $('board-frame'), cover: $('board-cover'), coverText: $('board-cover-text'),
        resume: $('resume-button'), pauseButton: $('pause-button'),
      },
      confirm: { box: $('solution-confirm'), button: $('solution-button'), bar: $('confirm-bar'), first: $('solution-yes') },
    })
    this.puzzle = fromRow(rec.row, rec.band)
    this.color = solverColor(this.puzzle)
    this.ply = 1 + 2 * rec.moves.length
    this.chess = null
    this.board = null
    this.busy = false
  }

  // ---- start and stop -----------------------------------------------------

  async start() {
    const { rec, puzzle } = this
    this.store.saveRecord(rec)
    this.store.markSeen(rec.id)
    this.fillPanel()
    const finished = rec.state !== 'playing'
    if (!finished) this.askTicket()
    // The panel, the rules and the board each in a task of their own (lib/tasks.js).
    await nextTask()
    if (!this.alive) return
    this.chess = finished ? this.finalPosition() : positionAt(puzzle, rec.started ? this.ply : 0)
    await nextTask()
    if (!this.alive) return
    this.board = new Board($('board'), {
      fen: this.chess.fen(),
      orientation: this.color,
      options: this.store.options(),
      hooks: boardHooks(this, announce),
    })
    await nextTask()
    if (!this.alive) return
    this.watch()
    this.updateStats()
    if (finished) {
      this.markLastMove()
      this.showDone(false)
      return
    }
    const side = this.color === 'w' ? 'White' : 'Black'
    if (!rec.started) {
      this.status(`You play ${side}. Watch the move.`)
      announce(`${puzzle.band} puzzle, rated ${puzzle.rating}. You play ${side}.`)
      await sleep(FIRST_BEAT_MS)
      if (!this.alive) return
      const move = this.playLine(0)
      rec.started = true
      this.save()
      await this.board.setPosition(this.chess.fen(), true)
      if (!this.alive) return
      this.markLastMove(move)
      announce(`${capitalColor(move.color)}: ${moveWords(move)}. Your move.`)
    } else {
      this.markLastMove()
      announce(`${puzzle.band} puzzle, rated ${puzzle.rating}, where you left it. You play ${side}. Your move.`)
    }
    this.hintMarkers()
    await this.firstMovePrompt()
    if (!this.alive) return
    this.status(this.rec.moves.length ? 'Your move.' : 'Find the best move.')
    this.yourTurn()
    this.clock.release('waiting')
  }

  letGo() {
    this.board?.destroy()
  }

  /**
   * A signed-in player's puzzle asks the server for its play ticket as it
   * opens (taken up again: resuming the ticket it had); play never waits for it.
   * A replay is never posted, so it asks for none (a ticket would close the
   * player's current play of a rated puzzle).
   */
  askTicket() {
    if (!getPlayer() || this.rec.replay) return
    const { band, id } = this.rec
    const body = { id, band }
    if (typeof this.rec.ticket === 'string') body.resume = this.rec.ticket
    askTicket(playKey(band, id), '/chess/plays', body, (ticket, came) => {
      const rec = this.alive ? this.rec : this.store.record(band, id)
      if (!rec) return
      rec.ticket = ticket
      // A resumed puzzle's ticket keeps its first opening time: keep the first arrival too.
      if (!(body.resume && Number.isFinite(rec.ticketCame))) rec.ticketCame = came
      this.store.updateRecord(rec)
    })
  }

  /** Everything that starts or stops the clock, the saves, the buttons and keys. */
  watch() {
    const on = (target, type, fn) => this.hold.on(target, type, fn)
    this.keepClock({
      // The board counts as in view while at least 35% of it is on screen.
      view: $('board-frame'),
      threshold: [0, 0.35, 1],
      outOfView: (entry) => entry.intersectionRatio < 0.35,
      covers: (id) => id !== 'first-move-sheet', // the first-move prompt leaves the board in sight
    })
    on($('hint-button'), 'click', () => this.hint())
    on($('pause-button'), 'click', () => this.togglePause())
    on($('resume-button'), 'click', () => this.togglePause(false))
    on($('solution-button'), 'click', () => this.askSolution())
    on($('solution-yes'), 'click', () => this.showSolution())
    on($('solution-no'), 'click', () => this.confirm.cancel(true))
    on($('results-button'), 'click', () => this.openResults())
    on($('share-button'), 'click', () => shareResult(this.shareText(), $('share-preview')))
    on(document, 'keydown', (e) => this.onKey(e))
    on(document, 'chess:posted', (e) => {
      if (e.detail.band === this.rec.band && e.detail.id === this.rec.id) {
        // Take only the answers: everything else in memory is newer than the store.
        const fresh = this.store.record(this.rec.band, this.rec.id) || {}
        this.rec.posted = fresh.posted || this.rec.posted
        this.rec.missPosted = fresh.missPosted || this.rec.missPosted
        this.fillResults()
      }
    })
    for (const input of document.querySelectorAll('[data-option]')) {
      on(input, 'change', () => this.applyOptions())
    }
  }

  onKey(event) {
    if (!isGameKey(event)) return
    if (event.key === '?') {
      event.preventDefault()
      openSheet('howto-sheet')
    } else if (event.key === 'h' || event.key === 'H') {
      event.preventDefault()
      this.hint()
    } else if (event.key === 'p' || event.key === 'P') {
      event.preventDefault()
      this.togglePause()
    }
  }

  // ---- the line ---------------------------------------------------------------

  inPlay() {
    return this.alive && this.rec.state === 'playing' && this.rec.started
  }

  /** Play the line's move `ply` on the game; answers chess.js's move. */
  playLine(ply) {
    const uci = this.puzzle.line[ply]
    if (!play(this.chess, uci)) throw new Error(`puzzle ${this.puzzle.id}: line move ${uci} is not legal`)
    return this.chess.history({ verbose: true }).at(-1)
  }

  /** The position a finished puzzle ended on. */
  finalPosition() {
    const { rec, puzzle } = this
    if (rec.state === 'shown' || !rec.moves.length) return positionAt(puzzle, puzzle.line.length)
    // A solve ends on the solver's last move, which may be a mate off the line.
    const chess = positionAt(puzzle, 2 * rec.moves.length - 1)
    play(chess, rec.moves.at(-1))
    return chess
  }

  /** The player made the legal move `uci` (the piece stands on its new square); the board's hooks call this once at a time. */
  async judge(uci) {
    const { rec, puzzle } = this
    const before = this.chess.fen()
    if (!play(this.chess, uci)) {
      await this.board.setPosition(before, false)
      return
    }
    const move = this.chess.history({ verbose: true }).at(-1)
    const verdict = judge(puzzle, this.ply, this.chess, uci)
    if (verdict === 'wrong') {
      this.chess.undo()
      rec.mistakes++
      rec.tries.push(uci)
      const firstMiss = !rec.missed
      rec.missed = true
      this.save()
      this.updateStats()
      this.status('Not that one. Try again.', 'bad')
      announce(`${moveWords(move)}. Not that one. Try again.`)
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
      announce(`${moveWords(move)}. Solved.`)
      this.finish('solved')
      return
    }
    announce(`${moveWords(move)}. Right.`)
    this.status('Right. Keep going.', 'good')
    await sleep(REPLY_BEAT_MS)
    if (!this.alive) return
    const reply = this.playLine(this.ply + 1)
    this.ply += 2
    this.save()
    await this.board.setPosition(this.chess.fen(), true)
    if (!this.alive) return
    this.markLastMove(reply)
    announce(`${capitalColor(reply.color)}: ${moveWords(reply)}. Your move.`)
    this.status('Your move.')
    this.yourTurn()
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

  // ---- help -------------------------------------------------------------------

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
      announce(`Hint: move ${what} to ${to}.`)
      return
    }
    rec.hintLevel++
    rec.hints++
    this.save()
    this.updateStats()
    this.hintMarkers()
    if (rec.hintLevel === 1) {
      this.status(`Hint: ${what}.`, 'hint')
      announce(`Hint: ${what}.`)
    } else {
      this.status(`Hint: ${what} goes to ${to}.`, 'hint')
      announce(`Hint: ${what} goes to ${to}.`)
    }
  }

  hintMarkers() {
    const { rec, puzzle } = this
    if (!rec.hintLevel || rec.state !== 'playing') return this.board.clearHint()
    const uci = puzzle.line[this.ply]
    this.board.markHint(uci.slice(0, 2), rec.hintLevel >= 2 ? uci.slice(2, 4) : null)
  }

  /** Paused: the board takes no moves and Resume has the focus; resumed: the board takes them again. */
  afterPause(paused) {
    if (paused) {
      this.board.disable()
      $('resume-button').focus()
    } else {
      if (!this.busy) this.board.enable(this.color)
      this.board.focus()
    }
  }

  /** "Show solution?", for six seconds. */
  askSolution() {
    if (!this.inPlay()) return
    this.confirm.ask()
  }

  /** Play the rest of the line out, in sight (resumed first if paused); the puzzle ends unsolved. */
  async showSolution() {
    const { rec, puzzle } = this
    this.confirm.cancel(false)
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
    this.status('The solution:', '')
    announce('Showing the solution.')
    for (let ply = this.ply; ply < puzzle.line.length; ply++) {
      await sleep(SOLUTION_BEAT_MS)
      if (!this.alive) return
      const move = this.playLine(ply)
      await this.board.setPosition(this.chess.fen(), true)
      if (!this.alive) return
      this.markLastMove(move)
      announce(`${capitalColor(move.color)}: ${moveWords(move)}.`)
    }
    this.busy = false
    this.finish('shown')
  }

  // ---- the end ------------------------------------------------------------------

  finish(state) {
    const { rec, store } = this
    this.clock.hold('over')
    this.clearPause() // P pressed while the last move landed
    rec.state = state
    rec.seconds = state === 'solved' ? Math.max(1, Math.round(this.clock.seconds)) : Math.round(this.clock.seconds)
    rec.finished = Date.now()
    this.board.disable()
    for (const outcome of outcomes(rec)) store.count(rec.band, outcome)
    // The streak counts a daily solved on its own day (an archive day never does, as on the server).
    const day = countedDay(rec.daily, dayIn(siteZone()))
    if (state === 'solved' && day) store.markDay(day)
    if (state === 'solved' && isClean(rec.mistakes, rec.hints)) rec.bestTime = store.noteCleanTime(rec.band, rec.seconds)
    store.countThemes(rec.row[4], state === 'solved' && isClean(rec.mistakes, rec.hints))
    // A guest's difficulty counts from a rating kept here by the server's rule; a signed-in
    // player's from the server's (docs/site.md, "Themes and your difficulty").
    if (!getPlayer() && !rec.estimated) {
      const before = store.estimate().rating
      const after = store.rateLocally(this.puzzle.rating, outcomeOf(state !== 'solved' || rec.missed, rec.mistakes, rec.hints)).rating
      rec.estimated = { before, after }
    }
    store.logResult(logEntry(rec, dayIn(siteZone()))) // the history and a guest's dashboard (a replay's store ends its turn here)
    this.save()
    if (state === 'solved') {
      this.status(isClean(rec.mistakes, rec.hints) ? 'Solved, cleanly.' : 'Solved.', 'good')
      this.post('solve', '/chess/solves', {
        id: rec.id, band: rec.band, moves: rec.moves, mistakes: rec.mistakes, hints: rec.hints, seconds: rec.seconds,
      })
    } else {
      this.status('That was the line.', '')
    }
    this.updateStats()
    this.showDone(true)
  }

  postMiss(how, moves) {
    this.post('miss', '/chess/misses', { id: this.rec.id, band: this.rec.band, how, moves })
  }

  /** Queue a post (only a signed-in player's results are posted) and try to send it now. */
  post(kind, path, body) {
    if (!getPlayer() || this.rec.replay) return // a replay is never posted
    this.store.outbox.add({ key: `${kind}:${this.rec.band}/${this.rec.id}`, kind, path, body, by: getPlayer().id })
    flushChess(this.store)
  }

  showDone(openSheetNow) {
    const { rec } = this
    $('play-actions').hidden = true
    $('solution-confirm').hidden = true
    $('play-done').hidden = false
    $('play-done-title').textContent = rec.state === 'solved'
      ? (isClean(rec.mistakes, rec.hints) ? 'Solved, cleanly.' : 'Solved.')
      : 'Solution shown.'
    if (!openSheetNow && rec.state === 'solved') this.status('You solved this one.', 'good')
    if (!openSheetNow && rec.state === 'shown') this.status('You saw the solution of this one.', '')
    this.fillResults()
    if (openSheetNow) setTimeout(() => this.alive && this.openResults(), this.board.reduced ? 150 : 700)
  }

  openResults() {
    this.fillResults()
    openSheet('results-sheet')
  }

  /** The results sheet: time, mistakes, hints, motifs, streak, rating change once posted. */
  fillResults() {
    const { rec, puzzle } = this
    $('results-sheet-title').textContent = rec.state === 'solved' ? (isClean(rec.mistakes, rec.hints) ? 'Solved, cleanly' : 'Solved') : 'Solution shown'
    $('results-motifs').textContent = motifLine(puzzle)
    $('results-time').textContent = formatTime(rec.seconds)
    $('results-mistakes').textContent = String(rec.mistakes)
    $('results-hints').textContent = String(rec.hints)
    $('lichess-link').href = `https://lichess.org/training/${encodeURIComponent(rec.id)}`
    const today = dayIn(siteZone())
    const streakLine = $('results-streak')
    if (countedDay(rec.daily, today)) {
      const days = (rec.posted && Number.isInteger(rec.posted.streak)) ? rec.posted.streak : streak(this.store.days(), today)
      streakLine.hidden = false
      streakLine.textContent = days ? `Daily streak: ${days} ${days === 1 ? 'day' : 'days'}.` : 'No daily streak yet.'
    } else {
      streakLine.hidden = true
    }
    const ratingLine = $('results-rating')
    const change = ratingChange(rec.posted) || ratingChange(rec.missPosted)
    ratingLine.hidden = !change
    if (change) ratingLine.textContent = ratingWords(change)
    $('results-note').textContent = postNote(rec, this.store, today)
    const cheer = celebration(rec, change, this.store, today)
    $('results-cheer').hidden = !cheer
    $('results-cheer').textContent = cheer
    const next = $('results-next')
    const more = nextOf(rec)
    next.href = more.href
    next.textContent = more.text
    if (rec.replay) {
      next.href = '#/replay'
      next.textContent = 'Next missed puzzle'
    }
    $('next-link').href = next.href
    $('next-link').textContent = next.textContent
    $('share-preview').textContent = this.shareText()
  }

  shareText() {
    const { rec } = this
    return shareText({
      band: rec.band, id: rec.id, daily: rec.daily, found: rec.moves.length, shown: rec.shown || 0,
      mistakes: rec.mistakes, hints: rec.hints, seconds: rec.seconds, solved: rec.state === 'solved',
      place: rec.posted && Number.isInteger(rec.posted.place) ? rec.posted.place : null,
    }, location.origin)
  }

  // ---- the panel ------------------------------------------------------------------

  fillPanel() {
    const { rec, puzzle } = this
    const side = this.color === 'w' ? 'White' : 'Black'
    $('play-kind').textContent = rec.daily ? `Daily · ${mediumDate(rec.daily)}` : kindOf(rec)
    if (rec.replay) $('play-kind').textContent = 'Replay missed · unrated'
    $('play-title').textContent = puzzle.band
    $('play-meta').textContent = `You play ${side} · Rated ${puzzle.rating}`
    $('play-actions').hidden = false
    $('solution-button').hidden = false
    $('solution-confirm').hidden = true
    $('play-done').hidden = true
    $('pause-button').setAttribute('aria-pressed', 'false')
    for (const input of document.querySelectorAll('[data-option]')) {
      input.checked = this.store.options()[input.dataset.option]
    }
    document.title = `${rec.daily ? 'Daily' : 'Endless'} · ${puzzle.band} · Chess Puzzles`
  }

  applyOptions() {
    for (const input of document.querySelectorAll('[data-option]')) {
      this.store.setOption(input.dataset.option, input.checked)
    }
    const options = this.store.options()
    this.board.setDots(options.dots)
    this.board.setCoordinates(options.coordinates)
    this.markLastMove()
  }

  status(text, tone = '') {
    const el = $('play-status')
    el.textContent = text
    el.className = 'play-status' + (tone ? ` is-${tone}` : '')
  }

  updateStats() {
    const seconds = this.rec.state === 'playing' ? this.clock.seconds : this.rec.seconds
    $('stat-time').textContent = formatTime(seconds)
    $('stat-mistakes').textContent = String(this.rec.mistakes)
    $('stat-hints').textContent = String(this.rec.hints)
  }

  /** Once per browser, before the first move: how to move. The clock waits for it. */
  async firstMovePrompt() {
    if (this.store.firstMoveShown()) return
    // In a task of its own: a modal makes the rest of the page inert, which restyles all of it, and
    // done in the frame where the opponent's move lands the two were one long task on a phone.
    await nextTask()
    if (!this.alive) return
    this.store.markFirstMove()
    const side = this.color === 'w' ? 'White' : 'Black'
    $('first-move-how').textContent = `You play ${side}: tap a piece, then its square, or drag it.`
    const sheet = openSheet('first-move-sheet')
    await new Promise((resolve) => sheet.addEventListener('close', resolve, { once: true }))
  }
}

function capitalColor(color) {
  const name = COLOR_NAMES[color]
  return name.charAt(0).toUpperCase() + name.slice(1)
}

/** The result's one line of celebration: a best clean time, a rating high, or the daily done. */
function celebration(rec, change, store, today) {
  if (rec.state !== 'solved') return ''
  // A provisional rating's highs are its first guesses, not something won: they aren't celebrated or kept.
  if (change && !change.provisional && rec.ratingHigh === undefined) rec.ratingHigh = store.noteRating(Math.round(change.after))
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
  if (source.theme) {
    return { href: `#/theme/${encodeURIComponent(source.theme)}/${source.difficulty}`, text: `Next ${source.name || source.theme} puzzle` }
  }
  if (source.difficulty) return { href: `#/endless/${source.difficulty}`, text: `Next puzzle (${source.difficulty})` }
  return { href: `#/endless/${encodeURIComponent(rec.band)}`, text: `Next ${rec.band} puzzle` }
}

/** The play view's eyebrow for a puzzle that isn't a daily. */
function kindOf(rec) {
  const source = rec.source || {}
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

function postNote(rec, store, today) {
  if (!getPlayer()) return 'Make a player on the home page to keep your streak and rating.'
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
  if (store.outbox.has(`solve:${rec.band}/${rec.id}`) && !store.outbox.sent().includes(`solve:${rec.band}/${rec.id}`)) {
    return 'Waiting to post: it goes as soon as you are online.'
  }
  return ''
}
