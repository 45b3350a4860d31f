/**
 * The Storm page (/storm/): a run mode's page (lib/run_page.js: its routes, the start view, the
 * player's runs) with Storm's words, its store and its controller.
 *
 * A ranked run starts from the server (POST /api/storm/runs: a play ticket with the start time,
 * asked for before the clock starts) and posts its moves and seconds through the outbox when it
 * ends; the server replays it and its answer is what the result sheet shows. A run whose post
 * failed is sent again later, from any page (site.js). Practice runs are scored here by the same
 * rules.
 */
/** @import { RunMode, StormRecord } from '../run_types.js' */
/** @import { TicketAnswer } from '../session_types.js' */
import { StormStore } from './store.js'
import { StormCtrl } from './ctrl.js'
import { newRecord } from './results.js'
import { StormView } from './view.js'
import { reason } from '../lib/api.js'
import { playerDay, playerQuery, longDate } from '../lib/dates.js'
import { announce } from '../lib/dom.js'
import { RunPage } from '../lib/run_page.js'
import { askTicket, signedIn, ticketKey } from '../lib/session.js'
import { t } from '../lib/i18n.js'

const store = new StormStore()
const view = new StormView() // one view of the page's elements, drawing each run's controller in turn

/**
 * Today's run's ticket, asked for as a run starts (the clock starts once it came): null when none
 * came, and the run is practice (the reason said to screen readers).
 * @param {string} date
 * @returns {Promise<(TicketAnswer & { came: number }) | null>}
 */
async function runTicket(date) {
  /** @type {(TicketAnswer & { came: number }) | null} */
  let got = null
  await askTicket(ticketKey('storm', date), `/storm/runs?${playerQuery()}`, undefined,
    (ticket, came, issued, data) => { got = { ...data, ticket, issued, came } },
    (answer) => announce(t('This run is practice: {why}', { why: reason(answer) })))
  return got
}

/** @type {RunMode<StormRecord>} */
const STORM = {
  key: 'storm',
  name: 'Storm',
  example: '2026-11-30',
  columns: [[t('Solved'), (run) => run.score], [t('Highest'), (run) => run.highest ?? '–'], [t('Best combo'), (run) => run.combo_best ?? 0]],
  bestWords: (best) => best.highest
    ? t('Your best: {score} solved, up to {highest}, on {date}.', { score: best.score, highest: best.highest, date: longDate(best.date) })
    : t('Your best: {score} solved, on {date}.', { score: best.score, date: longDate(best.date) }),
  startWords: ({ today, player }) => ({
    rank: !today
      ? t('An earlier day’s run is practice: scored the same way, not on the boards.')
      : player
        ? t('Your first run today is your ranked one: it counts from the moment you start.')
        : t('You are playing as a guest: this run is practice. Make a player on the home page to rank.'),
    button: t('Start the run'),
  }),
  // The ranked run is the day's first: once it is in, every run is practice, and the page says so.
  doneWords: (run) => ({
    rank: t('Today’s ranked run is done: {score} solved. Any run now is practice, scored the same way but not on the boards.', { score: run.score }),
    button: t('Start a practice run'),
  }),
  async newRun(day, { practice }) {
    const player = signedIn()
    const ticket = day.today && player && !practice && !day.rankedDone ? await runTicket(day.date) : null
    return newRecord(day.file, playerDay(), { ticket, by: player ? player.id : null })
  },
  play(rec) {
    const ctrl = new StormCtrl({ store, rec, ui: view })
    view.play(ctrl)
    return ctrl
  },
  again: 'practice', // another run at once, practice (the day's ranked run is the first)
  againButtons: ['again-button', 'storm-again'],
}

new RunPage(STORM).open()
