/**
 * The lesson page (/lessons/play/?id=…): a teacher's puzzles, one after another.
 *
 * Each puzzle: its intro, the opponent's moves played for the student, each
 * move's comment shown after it, a hint on request (H) and after a wrong move,
 * any mating move accepted as well as the line's (moves.js, by the chess
 * game's rules), and Show solution. Finished
 * puzzles are kept in the browser and their results posted (counts only) for
 * the teacher. Every text of the teacher's is put in with textContent.
 *
 * The board is the chess game's (js/chess/board.js): tap, drag or the
 * keyboard (Tab to the board, arrows, Enter or Space to pick up and put down).
 */
import { Chess } from '../vendor/chess.js'
import { play } from '../chess/rules.js'
import { judgeMove } from './moves.js'
import { Board } from '../chess/board.js'
import { boardHooks, checkedKing } from '../chess/moving.js'
import { moveWords, pieceOn } from '../chess/words.js'
import { announce } from '../lib/announce.js'
import { Holdings, isGameKey } from '../lib/playing.js'
import { showOnly, fillNotice } from '../lib/views.js'
import { call, reason } from '../lib/api.js'
import { el, $, plural } from './dom.js'
import { resultsOf, recordResult, postResult, clearResults, postPending, askTicket } from './store.js'

const FIRST_BEAT_MS = 700 // before the opponent's setup move
const REPLY_BEAT_MS = 500 // before each answer
const SOLUTION_BEAT_MS = 650 // between the moves Show solution plays
const LESSON_ID = /^[A-Za-z0-9_-]{16}$/
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const SIDE = { white: 'White', black: 'Black' }

let lesson = null
let run = null

function show(view) {
  showOnly(['lesson-view', 'lesson-end', 'lesson-notice'], view)
}

function notice(title, text) {
  show('lesson-notice')
  fillNotice(title, text, `${title} · Lessons`)
}

/** "12. Nf3" or "12... Nf6" for the move about to be played on `chess`. */
function numbered(chess, san) {
  return `${chess.moveNumber()}${chess.turn() === 'w' ? '.' : '...'} ${san}`
}

class PuzzleRun {
  constructor(puzzle, count) {
    this.puzzle = puzzle
    this.count = count
    this.color = puzzle.student === 'white' ? 'w' : 'b'
    this.chess = new Chess(puzzle.fen)
    this.ply = 0
    this.mistakes = 0
    this.hints = 0
    this.hintLevel = 0
    this.busy = false
    this.over = false
    this.alive = true
    this.hold = new Holdings()
  }

  /** Moves are taken while the puzzle isn't over (see chess/moving.js). */
  inPlay() {
    return !this.over
  }

  async start() {
    const { puzzle } = this
    // The play ticket is asked for as the puzzle opens; play never waits for it.
    this.opened = Date.now()
    this.ticket = askTicket(lesson.id, puzzle.index).catch(() => null)
    const title = puzzle.title || `Puzzle ${puzzle.index}`
    $('puzzle-title').textContent = title
    $('puzzle-meta').textContent = `Puzzle ${puzzle.index} of ${this.count} · You play ${SIDE[puzzle.student]}`
    $('puzzle-intro').textContent = puzzle.intro
    $('puzzle-intro').hidden = !puzzle.intro
    $('lesson-line').replaceChildren()
    $('line-box').hidden = true
    $('play-done').hidden = true
    $('play-actions').hidden = false
    $('solution-confirm').hidden = true
    $('solution-button').hidden = false
    document.title = `${title} · ${lesson.name}`
    fillProgress()
    this.board = new Board($('board'), {
      fen: this.chess.fen(),
      orientation: this.color,
      hooks: boardHooks(this, announce),
    })
    const on = (target, type, fn) => this.hold.on(target, type, fn)
    on($('hint-button'), 'click', () => this.hint())
    on($('solution-button'), 'click', () => this.askSolution())
    on($('solution-yes'), 'click', () => this.showSolution())
    on($('solution-no'), 'click', () => this.cancelSolution())
    on(document, 'keydown', (event) => this.onKey(event))
    const intro = puzzle.intro ? ` ${puzzle.intro}` : ''
    announce(`${title}. Puzzle ${puzzle.index} of ${this.count}. You play ${SIDE[puzzle.student]}.${intro}`)
    if (puzzle.opponent_first) {
      this.status('Watch the opponent’s move.')
      await sleep(FIRST_BEAT_MS)
      if (!this.alive) return
      await this.playOpponent()
      if (!this.alive) return
    }
    this.yourTurn(true)
  }

  stop() {
    this.alive = false
    this.hold.release()
    this.board?.destroy()
  }

  status(text, tone = '') {
    const line = $('play-status')
    line.textContent = text
    line.className = `play-status${tone ? ` is-${tone}` : ''}`
  }

  get move() {
    return this.puzzle.moves[this.ply]
  }

  yourTurn(first = false) {
    this.status(first ? 'Find the best move.' : 'Your move.')
    this.board.enable(this.color)
  }

  /** Add a played move to the line shown beside the board, with its comment. */
  writeLine(label, comment, byStudent) {
    const item = el('li', { class: byStudent ? 'is-student' : 'is-opponent' },
      el('span', { class: 'lesson-san', text: label }))
    if (comment) item.append(el('span', { class: 'lesson-comment', text: comment }))
    $('lesson-line').append(item)
    $('line-box').hidden = false
  }

  markLast(verbose) {
    this.board.markLast(verbose.from, verbose.to)
    this.board.markCheck(checkedKing(this.chess))
  }

  /** Play the line's move (the opponent's, or any in Show solution) with its comment. */
  async playLineMove() {
    const move = this.move
    const label = numbered(this.chess, move.san)
    if (!play(this.chess, move.uci)) throw new Error(`the line's move ${move.uci} is not legal`)
    const verbose = this.chess.history({ verbose: true }).at(-1)
    await this.board.setPosition(this.chess.fen(), true)
    if (!this.alive) return
    this.markLast(verbose)
    this.writeLine(label, move.comment, move.by_student)
    const who = verbose.color === 'w' ? 'White' : 'Black'
    announce(`${who}: ${moveWords(verbose)}.${move.comment ? ` ${move.comment}` : ''}`)
    this.ply++
  }

  async playOpponent() {
    this.busy = true
    try {
      await this.playLineMove()
    } finally {
      this.busy = false
    }
  }

  /** The student made the legal move `uci`; the board's hooks call this once at a time. */
  async judge(uci) {
    const before = this.chess.fen()
    const label = numbered(this.chess, '')
    if (!play(this.chess, uci)) {
      await this.board.setPosition(before, false)
      return
    }
    const verbose = this.chess.history({ verbose: true }).at(-1)
    const expected = this.move
    const verdict = judgeMove(this.puzzle, this.ply, this.chess, uci)
    const onLine = verdict === 'right'
    if (verdict === 'wrong') {
      this.chess.undo()
      this.mistakes++
      const hint = expected.hint
      this.status(hint ? `Not that one. Hint: ${hint}` : 'Not that one. Try again.', hint ? 'hint' : 'bad')
      announce(`${moveWords(verbose)}. Not that one.${hint ? ` Hint: ${hint}` : ' Try again.'}`)
      this.board.disable()
      await this.board.shakeBack(uci.slice(2, 4), before)
      if (this.alive && !this.over) this.board.enable(this.color)
      return
    }
    this.board.disable()
    this.board.clearHint()
    this.hintLevel = 0
    await this.board.setPosition(this.chess.fen(), false)
    if (!this.alive) return
    this.markLast(verbose)
    const comment = onLine ? expected.comment : ''
    this.writeLine(label + verbose.san, comment, true)
    this.ply++
    const last = !onLine || this.ply >= this.puzzle.moves.length
    announce(`${moveWords(verbose)}. ${last ? 'Solved.' : 'Right.'}${comment ? ` ${comment}` : ''}`)
    if (last) {
      this.finish(true, onLine ? '' : 'Checkmate: that solves it too.')
      return
    }
    this.status('Right.', 'good')
    await sleep(REPLY_BEAT_MS)
    if (!this.alive) return
    await this.playOpponent()
    if (!this.alive) return
    if (this.ply >= this.puzzle.moves.length) {
      this.finish(true)
      return
    }
    this.yourTurn()
  }

  /** H: the teacher's hint (or, without one, the piece to move); again: the piece; again: its square. */
  hint() {
    if (this.over || this.busy || !this.board.enabled) return
    const move = this.move
    const from = move.uci.slice(0, 2)
    const what = pieceOn(from, this.chess.get(from))
    const levels = move.hint ? 3 : 2
    if (this.hintLevel >= levels) {
      announce(`Hint: move ${what} to ${move.uci.slice(2, 4)}.`)
      return
    }
    this.hintLevel++
    this.hints++
    const step = move.hint ? this.hintLevel - 1 : this.hintLevel
    if (step === 0) {
      this.status(`Hint: ${move.hint}`, 'hint')
      announce(`Hint: ${move.hint}`)
    } else if (step === 1) {
      this.board.markHint(from)
      this.status(`Hint: ${what}.`, 'hint')
      announce(`Hint: ${what}.`)
    } else {
      this.board.markHint(from, move.uci.slice(2, 4))
      this.status(`Hint: ${what} goes to ${move.uci.slice(2, 4)}.`, 'hint')
      announce(`Hint: ${what} goes to ${move.uci.slice(2, 4)}.`)
    }
  }

  askSolution() {
    if (this.over) return
    $('solution-confirm').hidden = false
    $('solution-button').hidden = true
    $('solution-yes').focus()
  }

  cancelSolution() {
    $('solution-confirm').hidden = true
    $('solution-button').hidden = false
    $('solution-button').focus()
  }

  async showSolution() {
    $('solution-confirm').hidden = true
    $('solution-button').hidden = false
    if (this.over || this.busy) return
    this.busy = true
    this.board.disable()
    this.board.clearHint()
    this.status('The solution:')
    announce('Showing the solution.')
    while (this.ply < this.puzzle.moves.length) {
      await sleep(SOLUTION_BEAT_MS)
      if (!this.alive) return
      await this.playLineMove()
      if (!this.alive) return
    }
    this.busy = false
    this.finish(false)
  }

  finish(solved, note = '') {
    this.over = true
    this.board.disable()
    this.board.clearHint()
    const clean = solved && this.mistakes === 0 && this.hints === 0
    const ended = Date.now()
    const rev = lesson.revs?.[this.puzzle.index - 1] || 1
    const result = { solved, clean, mistakes: this.mistakes, hints: this.hints, rev }
    const index = this.puzzle.index
    const opened = this.opened
    const floor = solved ? this.puzzle.moves.filter((move) => move.by_student).length : 0 // a second a move
    recordResult(lesson.id, index, result)
    // Timed from the ticket's arrival (never before the server issued it), so the time claimed
    // is never more than the server has seen pass.
    this.ticket.then((ticket) => {
      const seconds = Math.max(0, Math.floor((ended - (ticket ? Math.max(opened, ticket.at) : opened)) / 1000))
      return postResult(lesson.id, index, { ...result, seconds, floor }, ticket)
    }).catch(() => {})
    const words = solved ? (clean ? 'Solved cleanly.' : 'Solved.') : 'Solution shown.'
    this.status(note || words, solved ? 'good' : '')
    $('done-title').textContent = words
    $('play-actions').hidden = true
    $('play-done').hidden = false
    const lastOne = this.puzzle.index >= this.count
    $('next-button').textContent = lastOne ? 'See how you did' : 'Next puzzle'
    fillProgress()
    $('next-button').focus()
    announce(`${words} ${lastOne ? 'That was the last puzzle.' : 'Press Enter for the next puzzle.'}`)
  }

  onKey(event) {
    if (!isGameKey(event)) return
    if (event.key === 'h' || event.key === 'H') {
      event.preventDefault()
      this.hint()
    } else if ((event.key === 'n' || event.key === 'N') && this.over) {
      event.preventDefault()
      next()
    }
  }
}

/** The row of puzzles under the panel: done, solved, current. */
function fillProgress() {
  const results = resultsOf(lesson.id, lesson.revs)
  const list = $('lesson-progress')
  list.replaceChildren()
  for (const puzzle of lesson.puzzles) {
    const result = results[puzzle.index]
    const current = run && run.puzzle.index === puzzle.index
    let state = 'not played yet'
    let cls = ''
    if (result) {
      state = result.solved ? (result.clean ? 'solved cleanly' : 'solved') : 'solution shown'
      cls = result.solved ? (result.clean ? 'is-clean' : 'is-solved') : 'is-shown'
    }
    const item = el('li', { class: `${cls}${current ? ' is-current' : ''}`, 'aria-current': current ? 'step' : null },
      el('span', { class: 'visually-hidden', text: `Puzzle ${puzzle.index}: ${state}` }),
      el('span', { 'aria-hidden': 'true', text: String(puzzle.index) }))
    list.append(item)
  }
}

function startPuzzle(puzzle) {
  run?.stop()
  show('lesson-view')
  run = new PuzzleRun(puzzle, lesson.puzzles.length)
  run.start().catch((error) => {
    console.error(error)
    notice('This puzzle won’t play', 'Something in it could not be read. Tell your teacher.')
  })
}

function next() {
  const results = resultsOf(lesson.id, lesson.revs)
  const after = lesson.puzzles.find((p) => p.index > run.puzzle.index && !results[p.index])
  const waiting = after || lesson.puzzles.find((p) => !results[p.index])
  if (waiting) startPuzzle(waiting)
  else showEnd()
}

function showEnd() {
  run?.stop()
  run = null
  show('lesson-end')
  const results = resultsOf(lesson.id, lesson.revs)
  const done = Object.values(results)
  const solved = done.filter((r) => r.solved).length
  const clean = done.filter((r) => r.clean).length
  const total = lesson.puzzles.length
  $('end-title').textContent = lesson.name
  $('end-line').textContent = `You solved ${solved} of ${plural(total, 'puzzle')}, ${clean} cleanly.`
  const list = $('end-list')
  list.replaceChildren()
  for (const puzzle of lesson.puzzles) {
    const result = results[puzzle.index]
    const state = !result ? 'not played' : result.solved ? (result.clean ? 'solved cleanly' : 'solved') : 'solution shown'
    list.append(el('li', {}, el('span', { class: 'end-puzzle', text: puzzle.title || `Puzzle ${puzzle.index}` }),
      el('span', { class: 'muted', text: ` · ${state}` })))
  }
  document.title = `${lesson.name} · Lessons`
  $('again-button').focus()
  announce(`${lesson.name}: you solved ${solved} of ${plural(total, 'puzzle')}.`)
}

async function open() {
  const id = new URLSearchParams(location.search).get('id') || ''
  if (!LESSON_ID.test(id)) {
    notice('No lesson here', 'This link has no lesson in it. Ask your teacher for the lesson’s link.')
    return
  }
  const answer = await call(`/lessons/${id}`, { token: null })
  if (answer.status !== 200 || !answer.data) {
    notice('This lesson won’t open', reason(answer, 'The lesson could not be loaded. Try again in a moment.'))
    return
  }
  lesson = answer.data
  $('lesson-name').textContent = lesson.name
  $('again-button').addEventListener('click', () => {
    clearResults(lesson.id)
    startPuzzle(lesson.puzzles[0])
  })
  $('next-button').addEventListener('click', () => next())
  postPending(lesson.id).catch(() => {})
  const results = resultsOf(lesson.id, lesson.revs)
  const first = lesson.puzzles.find((p) => !results[p.index])
  if (first) startPuzzle(first)
  else showEnd()
}

open()
