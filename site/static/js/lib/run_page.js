/**
 * The page of a run mode (Storm's /storm/, Streak's /streak/; docs/architecture.md, "Run modes"):
 * its routes, the start view of a day's run, the player's own runs, and a run started on the play
 * view. A mode gives its words, its store's part and its controller (RunMode in
 * site/types/run_types.d.ts); the page is the same for every mode.
 *
 *   #/              today's run: ranked when signed in and it is the player's first of the day
 *   #/YYYY-MM-DD    an earlier day's run from the archive (practice)
 *
 * The run comes from its public daily file, /daily/<mode>/<date>.json, out on its day only (or,
 * today, the API's copy while the site hasn't the file: lib/daily.js). Each run is a controller
 * drawn by the page's one view; a ranked run posts from the outbox, as every game's results do
 * (site.js flushes it on every page).
 */
/** @import { RunFile, RunMode, RunRecord, RunShown, RunMine } from '../run_types.js' */
import { call, getPlayer } from './api.js'
import { dailyJson } from './daily.js'
import { playerDay, isDay, longDate } from './dates.js'
import { $ } from './dom.js'
import { closeSheet } from './sheet.js'
import { keepTableRoles } from './tables.js'
import { GamePage } from './views.js'
import { t, tn } from './i18n.js'

/**
 * The page's elements by id (looked up when asked: the start view's are the page's, always there).
 * @template {HTMLElement} [E=HTMLElement]
 * @param {string} id
 * @returns {E}
 */
const byId = (id) => /** @type {E} */ ($(id))

/** @returns {boolean} whether a player is signed in */
const signedIn = () => Boolean(getPlayer())

/**
 * The day's run as its file has it, or null when it isn't one.
 * @param {unknown} data
 * @param {string} date
 * @returns {RunFile | null}
 */
function runFile(data, date) {
  const file = /** @type {Partial<RunFile> | null} */ (data && typeof data === 'object' ? data : null)
  if (!file || file.date !== date || !Array.isArray(file.puzzles) || !file.puzzles.length) return null
  return /** @type {RunFile} */ (file)
}

/** @template {RunRecord} R */
export class RunPage {
  /** @param {RunMode<R>} mode */
  constructor(mode) {
    this.mode = mode
    this.page = new GamePage({ views: ['start', 'play', 'notice'], tabTitle: (title) => `${title} · ${mode.name} · Puzzle Book` })
    /** @type {{ date: string, today: boolean, file: RunFile, rankedDone: boolean } | null} the day the page is on */
    this.current = null
    this.serial = 0
  }

  /**
   * The notice view: why the address can't be shown.
   * @param {string} title
   * @param {string} text
   */
  notice(title, text) {
    this.page.notice(title, text, `${title}. ${text}`)
  }

  /** Show the address's day: its start view, a run left part way taken up again, or a notice. */
  async route() {
    const { mode } = this
    const serial = ++this.serial
    this.page.leave()
    const today = playerDay()
    const wanted = location.hash.replace(/^#\/?/, '')
    const date = wanted === '' ? today : wanted
    if (!isDay(date)) return this.notice(t('That page isn’t in the book'), t('The address may be mistyped. A {game} day is written like #/{example}.', { game: mode.name, example: mode.example }))
    if (date > today) return this.notice(t('That run isn’t out yet'), t('The {game} run of {date} opens on the day. Today’s is ready.', { game: mode.name, date: longDate(date) }))
    const resumed = mode.leftOver ? mode.leftOver(date, today) : null
    if (resumed) {
      this.current = { date, today: date === today, file: { date, bundle: resumed.bundle ?? 0, puzzles: resumed.rows }, rankedDone: false }
      return this.play(resumed)
    }
    this.page.show('start')
    document.title = `${mode.name} · Puzzle Book`
    /** @type {HTMLButtonElement} */
    const button = byId('start-button')
    byId('start-kind').textContent = date === today ? t('Today') : t('Archive · {date}', { date: longDate(date) })
    button.disabled = true
    byId('start-meta').textContent = t('Loading the day’s run…')
    const got = await dailyJson(mode.key, date)
    if (serial !== this.serial) return
    const file = runFile(got.data, date)
    if (!file) {
      if (got.status === 0) return this.notice(t('You seem to be offline'), t('{game} needs the day’s run from the site. Try again when you are back online.', { game: mode.name }))
      return date === today
        ? this.notice(t('Today’s run isn’t here yet'), t('It hasn’t been published yet. Try again in a little while, or play an earlier day from the archive.'))
        : this.notice(t('No {game} run that day', { game: mode.name }), t('There is no {game} run for {date}. The archive lists every day there is.', { game: mode.name, date: longDate(date) }))
    }
    this.current = { date, today: date === today, file, rankedDone: false }
    const puzzles = file.puzzles
    byId('start-meta').textContent = tn('{date} · {n} puzzle, rated {low} to {high}.', '{date} · {n} puzzles, rated {low} to {high}.', puzzles.length, { date: longDate(date), low: puzzles[0][3], high: puzzles[puzzles.length - 1][3] })
    const words = mode.startWords({ date, today: date === today, player: signedIn() })
    byId('start-rank').textContent = words.rank
    button.textContent = words.button
    button.disabled = false
    const best = $('start-best')
    if (best && words.best !== undefined) {
      best.hidden = !words.best
      best.textContent = words.best || ''
    }
    this.showMine()
  }

  /** Route, and say so in the notice view when the page can't be shown. */
  safeRoute() {
    this.route().catch((error) => {
      console.error(error)
      this.notice(t('Something went wrong'), t('{game} couldn’t be loaded. Check your connection and try again.', { game: this.mode.name }))
    })
  }

  /** The signed-in player's best and ranked runs, from the server (GET /api/<mode>/me). */
  async showMine() {
    const { mode, current } = this
    const section = byId('mine')
    if (!signedIn()) { section.hidden = true; return }
    const answer = await call(`/${mode.key}/me`)
    if (answer.status !== 200) { section.hidden = true; return }
    const { best, runs } = /** @type {RunMine<RunShown>} */ (answer.data)
    const today = runs.find((run) => current && current.today && run.date === current.date)
    if (today && current) {
      // Played here or elsewhere: the server has today's ranked run, so every run now is practice.
      current.rankedDone = true
      const words = mode.doneWords(today)
      byId('start-rank').textContent = words.rank
      byId('start-button').textContent = words.button
    }
    section.hidden = runs.length === 0
    byId('mine-best').textContent = best ? mode.bestWords(best) : ''
    byId('mine-rows').replaceChildren(...runs.map((run) => {
      const tr = document.createElement('tr')
      const th = document.createElement('th')
      th.scope = 'row'
      th.textContent = longDate(run.date)
      tr.append(th)
      for (const [label, figure] of mode.columns) {
        const td = document.createElement('td')
        td.className = 'num'
        td.dataset.label = label // named before its figure when the table stacks on a phone
        td.textContent = String(figure(run))
        tr.append(td)
      }
      return tr
    }))
    keepTableRoles(byId('mine-table'))
  }

  /**
   * Start a run of the page's day: one that may be ranked, or practice (`practice`: asked for as such).
   * @param {boolean} [practice]
   */
  async start(practice = false) {
    const { current } = this
    if (!current) return
    // The player's day turned since the page opened on it: today's run is another now, and the
    // ticket would be the new day's. Show the new day's start.
    if (current.today && current.date !== playerDay()) return this.safeRoute()
    /** @type {HTMLButtonElement} */
    const button = byId('start-button')
    button.disabled = true
    const rec = await this.mode.newRun(current, { practice })
    if (this.current === current) this.play(rec)
  }

  /**
   * Play `rec` on the play view.
   * @param {R} rec
   */
  play(rec) {
    const { mode, page } = this
    page.leave()
    page.show('play')
    document.title = `${mode.name} · Puzzle Book`
    const ctrl = mode.play(rec)
    page.game = ctrl
    ctrl.start()
    scrollTo(0, 0) // Start may have been pressed from further down the page: the run starts in sight
    byId('main').focus()
  }

  /** After a run: another (Storm: practice at once; Streak: from the day's start view). */
  again() {
    const { current } = this
    closeSheet('results-sheet')
    if (this.mode.again === 'practice') {
      this.start(true)
      return
    }
    const hash = current && !current.today ? `#/${current.date}` : '#/'
    if (location.hash === hash || (hash === '#/' && location.hash === '')) this.safeRoute()
    else location.hash = hash
  }

  /** Wire the page's own controls (Start, the mode's Again buttons, the address) and show it. */
  open() {
    byId('start-button').addEventListener('click', () => this.start())
    for (const id of this.mode.againButtons) byId(id).addEventListener('click', () => this.again())
    addEventListener('hashchange', () => this.safeRoute())
    this.safeRoute()
  }
}
