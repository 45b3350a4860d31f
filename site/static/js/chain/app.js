/**
 * The Chain page (/chain/): its routes.
 *
 *   #/              today's Chain (the site day in SITE_TZ)
 *   #/YYYY-MM-DD    any published day up to today, exactly as it was (the archive's links)
 *
 * The puzzle comes from its public daily file, /daily/chain/<date>.json. A day
 * opened before is also kept in this browser, so it plays offline. Each day is a controller
 * (ctrl.js) drawn by the page's one view (view.js). Results
 * waiting to post are sent by site.js on every page, as the chess game's are.
 */
import { dailyJson } from '../lib/daily.js'
import { ChainStore } from './store.js'
import { ChainCtrl } from './ctrl.js'
import { ChainView } from './view.js'
import { newRecord, revive, fromServer, puzzleProblem } from './state.js'
import { call, getPlayer } from '../lib/api.js'
import { playerDay, longDate, isDay } from '../lib/dates.js'
import { $ } from '../lib/dom.js'
import { openSheet } from '../lib/sheet.js'
import { GamePage } from '../lib/views.js'
import { t } from '../lib/i18n.js'
/** @import { Answer } from '../answer_types.js' */
/** @import { MyChainResult } from '../api_types.js' */
/** @import { ChainDay } from '../chain_types.js' */
/** @import { StatsView } from '../lib/stats_view.js' */

const store = new ChainStore()
const view = new ChainView() // one view of the page's elements, drawing each day's controller in turn
let routeSerial = 0

const page = new GamePage({ views: ['chain', 'notice'], tabTitle: (/** @type {string} */ title) => `${title} · Chain · Puzzle Book` })
/** @type {(title: string, text: string) => void} */
const notice = (title, text) => page.notice(title, text, `${title}. ${text}`)

/**
 * The public file of `date` (or the API's copy before it is out): { puzzle } or { status } (0 when offline).
 * @param {string} date
 * @returns {Promise<{ puzzle?: ChainDay, status?: number }>}
 */
async function dailyFile(date) {
  const got = await dailyJson('chain', date)
  // Read as a day's file; puzzleProblem() checks its shape before it plays.
  return got.data ? { puzzle: /** @type {ChainDay} */ (got.data) } : { status: got.status }
}

async function route() {
  const serial = ++routeSerial
  const today = playerDay()
  const wanted = location.hash.replace(/^#\/?/, '')
  const date = wanted === '' ? today : wanted
  if (!isDay(date)) return notice(t('That page isn’t in the book'), t('The address may be mistyped. A Chain day is written like #/2026-09-07.'))
  if (date > today) return notice(t('That Chain isn’t out yet'), t('The Chain of {date} opens on the day. Today’s is ready.', { date: longDate(date) }))
  // What the store kept of the day, checked by revive() below.
  const kept = store.record(date)
  const got = await dailyFile(date)
  if (serial !== routeSerial) return
  let puzzle = got.puzzle
  // Opened before: plays offline (its date the address's, for a record that kept its puzzle without one).
  if (!puzzle && kept && kept.puzzle) puzzle = { date, .../** @type {Omit<ChainDay, 'date'>} */ (kept.puzzle) }
  if (!puzzle) {
    if (got.status === 0) return notice(t('You seem to be offline'), t('This Chain hasn’t been opened on this device yet. Try again when you are back online.'))
    return date === today
      ? notice(t('Today’s Chain isn’t here yet'), t('It hasn’t been published yet. Try again in a little while, or play an earlier day from the archive.'))
      : notice(t('No Chain that day'), t('There is no Chain puzzle for {date}. The archive lists every day there is.', { date: longDate(date) }))
  }
  const problem = puzzleProblem(puzzle)
  if (problem || puzzle.date !== date) {
    return notice(t('This Chain won’t open'), t('Its file couldn’t be read ({problem}). Try reloading.', { problem: problem || t('it names another day') }))
  }
  // Signed in, today not finished here: the player may have finished it on another device, and the
  // server's result is the day's (docs/site.md, "The same day on every device"). Asked once the day
  // is known to be out: before, the API's 404 for a day not out yet would be logged as an error.
  const player = getPlayer()
  const asked = player && date === today && !(kept && kept.state !== 'playing')
  const mine = asked ? /** @type {Answer<MyChainResult>} */ (await call(`/me/chain/${date}`)) : null
  if (serial !== routeSerial) return
  const theirs = mine && mine.status === 200 ? fromServer(puzzle, today, mine.data, player) : null
  const rec = theirs || revive(kept, puzzle) || newRecord(puzzle, today)
  page.leave()
  page.show('chain')
  const ctrl = new ChainCtrl({ store, rec, ui: view })
  page.game = ctrl
  view.play(ctrl)
  ctrl.start()
}

$('howto-button').addEventListener('click', () => openSheet('chain-howto-sheet'))
// The stats panel (docs/site.md, "Stats"): its modules load when asked for.
/** @type {StatsView | null} */
let statsView = null
async function openStats() {
  const [{ statsDay }, { showStats }, { StatsView }] = await Promise.all([
    import('./results.js'), import('../lib/stats_panel.js'), import('../lib/stats_view.js'),
  ])
  statsView = statsView || new StatsView()
  await showStats(statsView, { key: 'chain', name: 'Chain', words: { clean: t('Clean'), help: t('With help'), missed: t('Missed') } }, store.recent().map(statsDay).filter(Boolean), store.days())
}
document.addEventListener('click', (event) => {
  if (event.target instanceof Element && event.target.closest('[data-stats]')) openStats().catch(console.error)
})
function safeRoute() {
  route().catch((error) => {
    console.error(error)
    notice(t('Something went wrong'), t('Chain couldn’t be loaded. Check your connection and try again.'))
  })
}

window.addEventListener('hashchange', safeRoute)
safeRoute()
