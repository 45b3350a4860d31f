/**
 * The Streak page (/streak/): a run mode's page (lib/run_page.js: its routes, the start view, the
 * player's runs) with Streak's words, its store and its controller.
 *
 * A run in play is kept in this browser and taken up again on the next visit (a run of an earlier
 * day found part way is ended as it stood, and posted if it may be ranked). Each run is a
 * controller (ctrl.js) drawn by the page's one view (view.js); a ranked run posts from the outbox,
 * as every game's results do (site.js flushes it on every page).
 */
/** @import { RunMode, StreakRecord } from '../run_types.js' */
import { StreakStore } from './store.js'
import { StreakCtrl, newRecord, endLeft } from './ctrl.js'
import { StreakView } from './view.js'
import { playerDay, longDate } from '../lib/dates.js'
import { $ } from '../lib/dom.js'
import { RunPage } from '../lib/run_page.js'
import { signedIn as player } from '../lib/session.js'
import { openSheet } from '../lib/sheet.js'
import { t } from '../lib/i18n.js'

const store = new StreakStore()
const view = new StreakView() // one view of the page's elements, drawing each run's controller in turn

/** @type {RunMode<StreakRecord>} */
const STREAK = {
  key: 'streak',
  name: 'Streak',
  example: '2026-12-05',
  columns: [[t('Solved'), (run) => run.score], [t('Highest'), (run) => run.highest ?? '–']],
  bestWords: (best) => best.highest
    ? t('Your best ranked run: {score} solved, up to {highest}, on {date}.', { score: best.score, highest: best.highest, date: longDate(best.date) })
    : t('Your best ranked run: {score} solved, on {date}.', { score: best.score, date: longDate(best.date) }),
  startWords({ date, today, player: signedIn }) {
    const ranked = store.record(date)
    const best = store.best()
    return {
      rank: !today
        ? t('An earlier day’s run is practice: played the same way, not on the boards.')
        : !signedIn
          ? t('You are playing as a guest: this run is practice. Make a player on the home page to rank.')
          : ranked
            ? t('Your ranked run today is played: any other run today is practice.')
            : t('Your first run today is your ranked one: it counts from the moment you start.'),
      button: today && signedIn && ranked ? t('Play again (practice)') : t('Start the run'),
      best: !best ? null : best.highest
        ? t('Your best in this browser: {score} solved, up to {highest} ({date}).', { score: best.score, highest: best.highest, date: longDate(best.date ?? date) })
        : t('Your best in this browser: {score} solved ({date}).', { score: best.score, date: longDate(best.date ?? date) }),
    }
  },
  doneWords: (run) => ({
    rank: t('Your ranked run today is in: {score} solved. Any run now is practice, played the same way but not on the boards.', { score: run.score }),
    button: t('Play again (practice)'),
  }),
  /** A run left part way: taken up again if it is this page's day, ended as it stood if earlier. */
  leftOver(date, today) {
    const rec = store.current()
    if (!rec) return null
    if (rec.date < today) {
      endLeft(store, rec, player())
      return null
    }
    return rec.date === date ? rec : null
  },
  newRun(day) {
    const signedIn = player()
    const ranking = day.today && Boolean(signedIn) && !store.record(day.date)
    return newRecord(day.file, playerDay(), { ranking, by: signedIn ? signedIn.id : null })
  },
  play(rec) {
    const ctrl = new StreakCtrl({ store, rec, ui: view })
    view.play(ctrl)
    return ctrl
  },
  again: 'start', // a new run starts from the day's start page (a ranked run done, the next is practice)
  againButtons: ['again-button', 'done-again'],
}

const howto = /** @type {HTMLElement} */ ($('howto-button'))
howto.addEventListener('click', () => openSheet('howto-sheet'))
new RunPage(STREAK).open()
