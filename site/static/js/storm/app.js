/**
 * The Storm page (/storm/): its routes.
 *
 *   #/              today's run: ranked when signed in and it is the player's first of the day
 *   #/YYYY-MM-DD    an earlier day's run from the archive (practice)
 *
 * The run comes from its public daily file, /daily/storm/<date>.json, out on its day only
 * (or, today, the API's copy while the site hasn't the file: lib/daily.js). A ranked run starts from the server (POST /api/storm/runs: a play ticket with the
 * start time) and is posted as its moves and seconds when it ends; the server replays it and
 * its answer is what the result sheet shows. Practice runs are scored here by the same rules.
 */
import { StormGame } from './game.js'
import { shareText } from './share.js'
import { reviewOf, resultWords } from './review.js'
import { nextBonus } from './clock.js'
import { call, getPlayer, reason } from '../lib/api.js'
import { announce } from '../lib/announce.js'
import { formatTime } from '../lib/clock.js'
import { dailyJson } from '../lib/daily.js'
import { playerDay, playerQuery, isDay, longDate } from '../lib/dates.js'
import { shareResult } from '../lib/playing.js'
import { notBefore } from '../lib/tickets.js'
import { placeText } from '../lib/standing.js'
import { openSheet } from '../lib/sheet.js'
import { keepTableRoles } from '../lib/tables.js'
import { GamePage } from '../lib/views.js'
import { $ } from '../lib/dom.js'

// The history's column names, each before its figure when the table stacks on a phone.
const LABELS = [null, 'Solved', 'Highest', 'Best combo']

const page = new GamePage({ views: ['start', 'play', 'notice'], tabTitle: (title) => `${title} · Storm · Puzzle Book` })
const notice = (title, text) => page.notice(title, text, `${title}. ${text}`)
let current = null // { date, today, file }
let routeSerial = 0

/** The public file of `date`: { file } or { status } (0 when offline). */
async function dayFile(date) {
  const got = await dailyJson('storm', date)
  return got.data ? { file: got.data } : { status: got.status }
}

async function route() {
  const serial = ++routeSerial
  page.leave()
  const today = playerDay()
  const wanted = location.hash.replace(/^#\/?/, '')
  const date = wanted === '' ? today : wanted
  if (!isDay(date)) return notice('That page isn’t in the book', 'The address may be mistyped. A Storm day is written like #/2026-11-30.')
  if (date > today) return notice('That run isn’t out yet', `The Storm run of ${longDate(date)} opens on the day. Today’s is ready.`)
  page.show('start')
  $('start-kind').textContent = date === today ? 'Today' : `Archive · ${longDate(date)}`
  $('start-button').disabled = true
  $('start-meta').textContent = 'Loading the day’s run…'
  const got = await dayFile(date)
  if (serial !== routeSerial) return
  if (!got.file || got.file.date !== date || !Array.isArray(got.file.puzzles)) {
    if (got.status === 0) return notice('You seem to be offline', 'Storm needs the day’s run from the site. Try again when you are back online.')
    return date === today
      ? notice('Today’s run isn’t here yet', 'It hasn’t been published yet. Try again in a little while, or play an earlier day from the archive.')
      : notice('No Storm run that day', `There is no Storm run for ${longDate(date)}. The archive lists every day there is.`)
  }
  current = { date, today: date === today, file: got.file }
  document.title = 'Storm · Puzzle Book'
  const puzzles = got.file.puzzles
  $('start-meta').textContent = `${longDate(date)} · ${puzzles.length} puzzles, rated ${puzzles[0][3]} to ${puzzles.at(-1)[3]}.`
  $('start-rank').textContent = !current.today
    ? 'An earlier day’s run is practice: scored the same way, not on the boards.'
    : getPlayer()
      ? 'Your first run today is your ranked one: it counts from the moment you start.'
      : 'You are playing as a guest: this run is practice. Make a player on the home page to rank.'
  $('start-button').textContent = 'Start the run'
  $('start-button').disabled = false
  showMine()
}

/** The signed-in player's best and ranked runs, from the server. */
async function showMine() {
  const section = $('mine')
  if (!getPlayer()) { section.hidden = true; return }
  const answer = await call('/storm/me')
  if (answer.status !== 200) { section.hidden = true; return }
  const { best, runs } = answer.data
  const today = runs.find((run) => run.date === current?.date && current?.today)
  if (today) {
    // The ranked run is the day's first: once it is in, every run is practice, and the page says so.
    current.rankedDone = true
    $('start-rank').textContent = `Today’s ranked run is done: ${today.score} solved. Any run now is practice, scored the same way but not on the boards.`
    $('start-button').textContent = 'Start a practice run'
  }
  section.hidden = runs.length === 0
  $('mine-best').textContent = best
    ? `Your best: ${best.score} solved${best.highest ? `, up to ${best.highest}` : ''}, on ${longDate(best.date)}.`
    : ''
  $('mine-rows').replaceChildren(...runs.map((run) => {
    const tr = document.createElement('tr')
    const cells = [longDate(run.date), run.score, run.highest ?? '–', run.combo_best]
    cells.forEach((text, k) => {
      const td = document.createElement(k === 0 ? 'th' : 'td')
      if (k === 0) td.scope = 'row'
      else {
        td.className = 'num'
        td.dataset.label = LABELS[k] // named before its figure when the table stacks on a phone
      }
      td.textContent = String(text)
      tr.append(td)
    })
    return tr
  }))
  keepTableRoles($('mine-table'))
}

/** Start: a ticket from the server for today's run when signed in, then the first puzzle. */
async function start(practice = false) {
  if (!current) return
  // The player's day turned since the page opened on it: today's run is another now, and the
  // ticket would be the new day's. Show the new day's start.
  if (current.today && current.date !== playerDay()) return route()
  $('start-button').disabled = true
  let ticket = null
  let ranked = false
  let came = null
  if (current.today && getPlayer() && !practice && !current.rankedDone) {
    const answer = await call(`/storm/runs?${playerQuery()}`, { method: 'POST' })
    if (answer.status === 200) {
      ticket = answer.data.ticket
      ranked = answer.data.ranked
      came = Date.now()
    } else {
      announce(`This run is practice: ${reason(answer)}`)
    }
  }
  play({ ticket, ranked, came })
}

function play({ ticket, ranked, came }) {
  page.leave()
  page.show('play')
  $('play-kind').textContent = ranked ? 'Ranked run' : 'Practice'
  $('play-title').textContent = current.today ? 'Storm · today' : `Storm · ${longDate(current.date)}`
  $('play-status').textContent = 'Your move.'
  $('play-status').className = 'play-status'
  $('play-actions').hidden = false
  $('storm-done').hidden = true
  $('storm-review').hidden = true
  setCombo(0)
  const game = new StormGame(current.file, $('board'), {
    onTick: (left) => { $('clock-time').textContent = formatTime(Math.ceil(left)) },
    onPuzzle: (index) => {
      // Where the run is, on the board's frame: the puzzle (from 1) and the moves made in it.
      $('board-frame').dataset.puzzle = String(index + 1)
      $('board-frame').dataset.moves = '0'
      $('stat-puzzle').textContent = String(index + 1)
      const side = game.color === 'w' ? 'White' : 'Black'
      announce(`Puzzle ${index + 1}, rated ${game.puzzle.rating}. You play ${side}.`)
    },
    onMove: ({ verdict, gained, tally, words }) => {
      $('board-frame').dataset.moves = String(game.moves[game.index].length)
      $('stat-score').textContent = String(tally.score)
      $('stat-mistakes').textContent = String(tally.mistakes)
      setCombo(tally.combo)
      if (gained) flashChange(gained)
      const said = verdict === 'wrong' ? 'Wrong: 10 seconds off.' : verdict === 'solved' ? 'Solved.' : 'Right.'
      $('play-status').textContent = said
      $('play-status').className = `play-status ${verdict === 'wrong' ? 'is-bad' : 'is-good'}`
      if (verdict !== 'right') announce(`${words}. ${said}${gained > 0 ? ` Combo ${tally.combo}: ${gained} seconds added.` : ''}`)
    },
    onEnd: (run) => finish(run, { ticket, ranked, came }),
  })
  page.game = game
  $('clock-time').textContent = formatTime(180)
  game.start()
  scrollTo(0, 0) // Start may have been pressed from further down the page: the run starts in sight
  $('main').focus()
}

function setCombo(combo) {
  const { at, bonus } = nextBonus(combo)
  const bar = $('combo-bar')
  bar.max = at
  bar.value = combo
  $('combo-count').textContent = String(combo)
  $('combo-next').textContent = `+${bonus} s at ${at}`
  $('combo-words').textContent = `Combo ${combo}; ${bonus} seconds more at ${at}`
}

function flashChange(seconds) {
  const el = $('clock-change')
  el.textContent = seconds > 0 ? `+${seconds}` : `${seconds}`
  el.className = `storm-clock-change ${seconds > 0 ? 'up' : 'down'}`
  void el.offsetWidth // restart the fade (none with reduced motion: storm.css)
  el.classList.add('shown')
}

/**
 * What a ranked run posts, and when: the server takes a run that claims at least a second a move,
 * no sooner than a second a move after its ticket (docs/storm.md). A run played faster than that
 * claims the floor, and waits until its ticket is that old by this browser's clock.
 */
async function postRun(run, ticket, came) {
  const moves = run.moves.reduce((n, puzzle) => n + puzzle.length, 0)
  const wait = notBefore(came, moves) - Date.now()
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  const seconds = Math.max(run.seconds, moves)
  return call('/storm/results', { method: 'POST', body: { date: current.date, ticket, moves: run.moves, seconds } })
}

async function finish(run, { ticket, ranked, came }) {
  const why = run.why === 'clock' ? 'Time’s up.' : run.why === 'done' ? 'You reached the end of the run!' : 'You ended the run.'
  let result = { date: current.date, ...run.tally, ranked: false, place: null }
  let rank = current.today ? 'Practice: not on the boards.' : 'An earlier day: practice, not on the boards.'
  // Over: End the run goes at once, and the view says so while a ranked run is being kept.
  $('play-actions').hidden = true
  $('storm-done-title').textContent = why
  $('storm-done-rank').textContent = ticket ? 'Keeping your ranked run…' : ''
  $('storm-done-actions').hidden = true
  $('storm-done').hidden = false
  if (ticket) {
    const answer = await postRun(run, ticket, came)
    if (answer.status === 200) {
      const posted = answer.data
      // The share says an exact place only; the sheet says an approximate one as such.
      result = { ...posted.result, ranked: posted.ranked, place: posted.about ? null : posted.place ?? null }
      const kept = posted.already ? ' (kept before)' : ''
      const where = placeText(posted)
      rank = !posted.ranked ? 'Practice: your ranked run today was started earlier.'
        : where ? `Ranked: ${where} on today’s board${kept}.`
          : posted.boarded ? `Ranked and kept${kept}: today’s board shows your place in a few seconds.`
            : `Ranked and kept${kept}: a new account’s runs go on the boards after its first days.`
    } else {
      rank = `Not kept: ${reason(answer)}`
    }
  } else if (ranked === false && current.today && getPlayer()) {
    rank = 'Practice: your ranked run today was started earlier.'
  }
  $('results-why').textContent = why
  $('results-score').textContent = String(result.score)
  $('results-highest').textContent = result.highest ? String(result.highest) : '–'
  $('results-combo').textContent = String(result.combo_best)
  $('results-mistakes').textContent = String(result.mistakes)
  $('results-rank').textContent = rank
  $('share-preview').textContent = shareText(result, location.origin)
  if (result.ranked) current.rankedDone = true
  // The play view keeps the result once the sheet is closed: not a clock at 0:00 and End the run.
  $('storm-done-title').textContent = `Run over: ${result.score} solved.`
  $('storm-done-rank').textContent = rank
  $('storm-done-actions').hidden = false
  drawReview(reviewOf(current.file, run))
  announce(`${why} ${result.score} solved.`)
  openSheet('results-sheet')
}

/** The run's review under its result: each puzzle tried, how it went, and a link to play it again. */
function drawReview({ rows, figures }) {
  $('review-figures').textContent = figures
  $('review-list').replaceChildren(...rows.map((row) => {
    const li = document.createElement('li')
    li.className = 'storm-review-row'
    li.dataset.result = row.result
    const what = document.createElement('span')
    what.textContent = `Puzzle ${row.n} · rated ${row.rating}`
    const how = document.createElement('span')
    how.className = `storm-review-result is-${row.result}`
    how.textContent = resultWords(row.result)
    li.append(what, how)
    if (row.href) {
      const link = document.createElement('a')
      link.href = row.href
      link.textContent = 'Play it again'
      const which = document.createElement('span')
      which.className = 'visually-hidden'
      which.textContent = ` (puzzle ${row.n})`
      link.append(which)
      li.append(link)
    }
    return li
  }))
  $('storm-review').hidden = rows.length === 0
}

function wire() {
  $('start-button').addEventListener('click', () => start())
  $('end-button').addEventListener('click', () => page.game && page.game.end('player'))
  $('again-button').addEventListener('click', () => {
    $('results-sheet').close()
    start(true)
  })
  $('storm-again').addEventListener('click', () => start(true))
  $('storm-result').addEventListener('click', () => openSheet('results-sheet'))
  $('share-button').addEventListener('click', () => shareResult($('share-preview').textContent, $('share-preview')))
  addEventListener('hashchange', route)
}

wire()
route()
