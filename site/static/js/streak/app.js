/**
 * The Streak page (/streak/): its routes.
 *
 *   #/              today's run: ranked when signed in and it is the player's first of the day
 *   #/YYYY-MM-DD    an earlier day's run from the archive (practice)
 *
 * The run comes from its public daily file, /daily/streak/<date>.json, out on its day only (or,
 * today, the API's copy while the site hasn't the file: lib/daily.js).
 * A run in play is kept in this browser and taken up again on the next visit (a run of an earlier
 * day found part way is ended as it stood, and posted if it may be ranked). Each run is a
 * controller (ctrl.js) drawn by the page's one view (view.js); a ranked run posts from the outbox,
 * as every game's results do (site.js flushes it on every page).
 */
import { StreakStore } from './store.js'
import { StreakCtrl, newRecord, endLeft } from './ctrl.js'
import { StreakView } from './view.js'
import { call, getPlayer } from '../lib/api.js'
import { dailyJson } from '../lib/daily.js'
import { playerDay, isDay, longDate } from '../lib/dates.js'
import { $ } from '../lib/dom.js'
import { openSheet } from '../lib/sheet.js'
import { keepTableRoles } from '../lib/tables.js'
import { GamePage } from '../lib/views.js'

const store = new StreakStore()
const view = new StreakView() // one view of the page's elements, drawing each run's controller in turn
// The history's column names, each before its figure when the table stacks on a phone.
const LABELS = [null, 'Solved', 'Highest']

const page = new GamePage({ views: ['start', 'play', 'notice'], tabTitle: (title) => `${title} · Streak · Puzzle Book` })
const notice = (title, text) => page.notice(title, text, `${title}. ${text}`)
let current = null // { date, today, file }
let routeSerial = 0

/** The public file of `date` (or, today, the API's copy while the site hasn't it): { file } or { status } (0 when offline). */
async function dayFile(date) {
  const got = await dailyJson('streak', date)
  return got.data ? { file: got.data } : { status: got.status }
}

/** A run left part way: taken up again if it is this page's day, ended as it stood if earlier. */
function leftOver(date, today) {
  const rec = store.current()
  if (!rec) return null
  if (rec.date < today) {
    endLeft(store, rec, getPlayer())
    return null
  }
  return rec.date === date ? rec : null
}

async function route() {
  const serial = ++routeSerial
  page.leave()
  const today = playerDay()
  const wanted = location.hash.replace(/^#\/?/, '')
  const date = wanted === '' ? today : wanted
  if (!isDay(date)) return notice('That page isn’t in the book', 'The address may be mistyped. A Streak day is written like #/2026-12-05.')
  if (date > today) return notice('That run isn’t out yet', `The Streak run of ${longDate(date)} opens on the day. Today’s is ready.`)
  const resumed = leftOver(date, today)
  if (resumed) {
    current = { date, today: date === today, file: { date, bundle: resumed.bundle, puzzles: resumed.rows } }
    return play(resumed)
  }
  page.show('start')
  document.title = 'Streak · Puzzle Book'
  $('start-kind').textContent = date === today ? 'Today' : `Archive · ${longDate(date)}`
  $('start-button').disabled = true
  $('start-meta').textContent = 'Loading the day’s run…'
  const got = await dayFile(date)
  if (serial !== routeSerial) return
  if (!got.file || got.file.date !== date || !Array.isArray(got.file.puzzles) || !got.file.puzzles.length) {
    if (got.status === 0) return notice('You seem to be offline', 'Streak needs the day’s run from the site. Try again when you are back online.')
    return date === today
      ? notice('Today’s run isn’t here yet', 'It hasn’t been published yet. Try again in a little while, or play an earlier day from the archive.')
      : notice('No Streak run that day', `There is no Streak run for ${longDate(date)}. The archive lists every day there is.`)
  }
  current = { date, today: date === today, file: got.file }
  const puzzles = got.file.puzzles
  $('start-meta').textContent = `${longDate(date)} · ${puzzles.length} puzzles, rated ${puzzles[0][3]} to ${puzzles.at(-1)[3]}.`
  const player = getPlayer()
  const ranked = store.record(date)
  $('start-rank').textContent = !current.today
    ? 'An earlier day’s run is practice: played the same way, not on the boards.'
    : !player
      ? 'You are playing as a guest: this run is practice. Make a player on the home page to rank.'
      : ranked
        ? 'Your ranked run today is played: any other run today is practice.'
        : 'Your first run today is your ranked one: it counts from the moment you start.'
  $('start-button').textContent = current.today && player && ranked ? 'Play again (practice)' : 'Start the run'
  $('start-button').disabled = false
  const best = store.best()
  $('start-best').hidden = !best
  if (best) $('start-best').textContent = `Your best in this browser: ${best.score} solved${best.highest ? `, up to ${best.highest}` : ''} (${longDate(best.date)}).`
  showMine()
}

/** The signed-in player's best and ranked runs, from the server. */
async function showMine() {
  const section = $('mine')
  if (!getPlayer()) { section.hidden = true; return }
  const answer = await call('/streak/me')
  if (answer.status !== 200) { section.hidden = true; return }
  const { best, runs } = answer.data
  const today = runs.find((run) => current && current.today && run.date === current.date)
  if (today) {
    // Played here or elsewhere: the server has today's ranked run.
    $('start-rank').textContent = `Your ranked run today is in: ${today.score} solved. Any run now is practice, played the same way but not on the boards.`
    $('start-button').textContent = 'Play again (practice)'
  }
  section.hidden = runs.length === 0
  $('mine-best').textContent = best
    ? `Your best ranked run: ${best.score} solved${best.highest ? `, up to ${best.highest}` : ''}, on ${longDate(best.date)}.`
    : ''
  $('mine-rows').replaceChildren(...runs.map((run) => {
    const tr = document.createElement('tr')
    const cells = [longDate(run.date), run.score, run.highest ?? '–']
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

/** Start a run of the page's day: one that may be ranked, or practice. */
function start() {
  if (!current) return
  // The player's day turned since the page opened on it: today's run is another now, and the
  // ticket would be the new day's. Show the new day's start.
  if (current.today && current.date !== playerDay()) return safeRoute()
  const player = getPlayer()
  const ranking = current.today && Boolean(player) && !store.record(current.date)
  const rec = newRecord(current.file, playerDay(), { ranking, by: player ? player.id : null })
  play(rec)
}

function play(rec) {
  page.leave()
  page.show('play')
  document.title = 'Streak · Puzzle Book'
  page.game = new StreakCtrl({ store, rec, ui: view })
  view.play(page.game)
  page.game.start()
  scrollTo(0, 0) // Start may have been pressed from further down the page: the run starts in sight
  $('main').focus()
}

function wire() {
  $('start-button').addEventListener('click', () => start())
  // A new run starts from the day's start page (a ranked run done, the next is practice).
  const again = () => {
    $('results-sheet').close()
    const hash = current && !current.today ? `#/${current.date}` : '#/'
    if (location.hash === hash || (hash === '#/' && location.hash === '')) safeRoute()
    else location.hash = hash
  }
  $('again-button').addEventListener('click', again)
  $('done-again').addEventListener('click', again)
  $('howto-button').addEventListener('click', () => openSheet('howto-sheet'))
  addEventListener('hashchange', safeRoute)
}

function safeRoute() {
  route().catch((error) => {
    console.error(error)
    notice('Something went wrong', 'Streak couldn’t be loaded. Check your connection and try again.')
  })
}

wire()
safeRoute()
