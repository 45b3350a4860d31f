/**
 * Chess Puzzles' page (/): the routes and the home view.
 *
 *   #/                  home: today's daily, what a student's classes have due, Endless's bands,
 *                       puzzles left part way, the player
 *   #/daily/<band>      today's daily of that band
 *   #/daily/<band>/<YYYY-MM-DD>  that day's daily, played as the daily it was (the archive's links)
 *   #/p/<band>/<id>     any puzzle of the bundle
 *   #/endless/<band>    a new Endless puzzle of that band (goes on to #/p/<band>/<id>)
 *   #/endless[/<step>]  a new puzzle at your difficulty (easiest … hardest; docs/site.md)
 *   #/theme/<theme>[/<step>]  a new puzzle of that theme at your difficulty
 *   #/mix/<themes>/<step or low-high>[/<name>]  a new puzzle of your own mix (chess/mix.js)
 *   #/review[/<band>/<id>]  the review: the next puzzle due today (chess/review.js)
 *   #/you               home, at the player card
 *
 * The home view is this module and a few small ones: the page arrives with the build day's
 * daily card drawn in it (board, bands, ratings: service/games/chess/home.py), and on any other
 * day the card of the day is swapped in from /daily/chess/<date>.html. The game's modules
 * (play.js: the board, the rules, the bundle) load when a puzzle is opened; what this browser
 * keeps (store.js) loads only when it keeps something. docs/site.md, "The first board".
 */
/** @import { ChessRecord } from '../chess_types.js' */
/** @import { Player } from '../session_types.js' */
/** @import { ChessStore } from './store.js' */
import { playerDay, longDate, streakRun } from '../lib/dates.js'
import { namespace } from '../lib/storage.js'
import { getPlayer, signInLink, call } from '../lib/api.js'
import { nextTask } from '../lib/tasks.js'
import { $, toast } from '../lib/dom.js'
import { markDaily, swapCard } from './home_card.js'
import { bandName, streakDays } from './words.js'
import { t, tn } from '../lib/i18n.js'

// ChessStore's prefix (store.js): read here only to know whether there is anything to show.
const KEPT = 'pb:chess:'

/**
 * The element with `id`, one of the home page's own.
 * @template {HTMLElement} [E=HTMLElement]
 * @param {string} id
 * @returns {E}
 */
const byId = (id) => /** @type {E} */ ($(id))

/** @returns {Player | null} */
const player = () => getPlayer()

/** @typedef {import('./home_card.js').ServerDay} ServerDay */
/** @import { Home as MyHome } from '../api_types.js' */

let routeSerial = 0
/** @type {Promise<typeof import('./play.js')> | null} the play view's module, once a puzzle was opened */
let play = null

function playModule() {
  if (!play) {
    play = import('./play.js')
    preload(document.querySelector('script[data-modules]'))
  }
  return play
}

// Module preloads started in one task: each starts a fetch there and then, and the play view's
// 34 in one go were most of app.js's first task on a phone (about 40 ms, at Lighthouse's throttling).
const PRELOADS_AT_ONCE = 6

/**
 * Ask for every module play.js imports at once, beside play.js's own import() (the list the build
 * wrote in the page, sitebuild/modules.py): import() alone would find them a level of imports at a
 * time, a round trip each. Not play.js itself: its import() has asked for it already, and a link to
 * it again was work for nothing in the same task. Not from <head>: the home view never needs them,
 * and a puzzle's address paints its frame first. A few at a time, a task each, so input and paint
 * come between.
 */
/** @param {HTMLElement | null} script the page's script naming the play view's modules */
async function preload(script) {
  const urls = script ? (script.dataset.modules || '').split(' ').filter(Boolean) : []
  for (let i = 0; i < urls.length; i += PRELOADS_AT_ONCE) {
    if (i) await nextTask()
    for (const url of urls.slice(i, i + PRELOADS_AT_ONCE)) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = url
      document.head.append(link)
    }
  }
}

async function route() {
  const serial = ++routeSerial
  const parts = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent)
  const [head] = parts
  const current = () => serial === routeSerial
  if (head && head !== 'you') {
    // This module's evaluation, asking for the play view and the picture each in a task of their
    // own: in one they were one long task on a phone (the picture's SVG document is made, styled and
    // laid out when it is set). The play view first: its fetch is the longest wait.
    await nextTask()
    const module = playModule()
    await nextTask()
    if (current()) paintPicture(parts) // before the game's modules have come: the puzzle's first paint
    try {
      const loaded = await module
      if (current()) await loaded.route(parts, current)
    } finally {
      opened()
      const picture = $('board-picture')
      if (picture) picture.remove()
    }
    return
  }
  opened()
  if (play) (await play).showHome()
  document.title = t('Chess Puzzles') + ' · Puzzle Book'
  try {
    await renderHome(current)
  } catch (error) {
    console.error(error)
  }
  // The card takes focus once drawn, unless the player is already at work in it: the home's server
  // reads can end after they have opened Sign out, whose safe answer holds focus.
  if (head === 'you' && current() && !byId('you').contains(document.activeElement)) byId('you').focus()
}

/**
 * Today's first daily by its address: while the play view's modules load, its board's square shows
 * the home card's picture of that position (drawn by the build, in the page already) as an image, so
 * the puzzle's first paint comes with this module rather than after the game's. It lies under the
 * board, which covers it when drawn, and goes once the view is shown. The picture is in the light
 * scheme's colours: they are set here to the page's. Only for the card's own daily (the card draws
 * the first band's), only on its day.
 * @param {string[]} parts the address's
 */
function paintPicture([head, band, date]) {
  const card = $('daily-today')
  const first = /** @type {HTMLElement | null} */ (card && card.querySelector('.daily-item'))
  const svg = card && card.querySelector('.daily-preview svg')
  if (!card || head !== 'daily' || !first || !svg || first.dataset.band !== band || $('board-picture')) return
  const today = playerDay()
  if (card.dataset.day !== today || (date !== undefined && date !== today)) return
  const colours = getComputedStyle(document.documentElement)
  const copy = /** @type {Element} */ (svg.cloneNode(true))
  for (const [part, colour] of [['.diagram-light', '--square-light'], ['.diagram-dark', '--square-dark']]) {
    const value = colours.getPropertyValue(colour).trim()
    const el = copy.querySelector(part)
    if (el && value) el.setAttribute('fill', value)
  }
  const picture = document.createElement('img')
  picture.id = 'board-picture'
  picture.className = 'board-picture'
  picture.alt = ''
  picture.src = 'data:image/svg+xml,' + encodeURIComponent(new XMLSerializer().serializeToString(copy))
  byId('board-frame').prepend(picture)
}

/** The view the address names is shown: first_view.js's mark (the play view's frame held from the first paint) comes off. */
function opened() {
  document.documentElement.removeAttribute('data-opening')
}

// ---- home ------------------------------------------------------------------

/** @param {() => boolean} current whether the home is still the address shown */
async function renderHome(current) {
  const today = playerDay()
  byId('today-line').textContent = longDate(today)
  renderPlayer()
  if (!player()) renderReview(today, current, null) // a signed-in player's waits for the home's answer, which holds it
  const card = byId('daily-today')
  if (card.dataset.day !== today) {
    await swapCard(card, today)
    if (!current()) return
  }
  // Nothing kept in this browser: no store to load.
  const store = namespace(KEPT).keys().length ? new (await import('./store.js')).ChessStore() : null
  if (!current()) return
  const items = /** @type {HTMLElement[]} */ ([...document.querySelectorAll('#daily-list .daily-item')])
  /** @param {HTMLElement} item */
  const recOf = (item) => (store ? store.record(item.dataset.band || '', item.dataset.id || '') : null)
  // Signed in, a daily of today not finished here: the server's results are the day's, whatever
  // device they came from (docs/site.md, "The same day on every device"). Asked only then, with what
  // else the home shows of the player's, in one request.
  const open = items.filter((item) => { const rec = recOf(item); return !rec || rec.state === 'playing' })
  const home = player() ? await myHome(open.length ? today : null) : null
  if (!current()) return
  if (player()) renderReview(today, current, home)
  renderDue(today, home)
  renderInvites(home)
  const mine = serverDay(home)
  if (!store && !mine) return
  for (const item of items) markDaily(item, recOf(item), mine)
  if (store) {
    renderTallies(store)
    await renderContinue(store)
  }
  const run = mine ? { length: mine.streak, freezesUsed: mine.freezes_used || 0 } : streakRun(store ? store.days() : [], today)
  byId('streak-line').hidden = !run.length
  byId('streak-line').textContent = run.length ? t('Daily streak: {days}.', { days: streakDays(run) }) : ''
}

/** The stats panel, opened by any [data-stats] button (docs/site.md, "Stats"): its modules load when asked for. */
/** @type {import('../lib/stats_view.js').StatsView | null} */
let statsView = null
async function openStats() {
  const [{ ChessStore }, { localStatsDays }, { NAMES }, { showStats }, { StatsView }] = await Promise.all([
    import('./store.js'), import('./results.js'), import('./result_names.js'), import('../lib/stats_panel.js'), import('../lib/stats_view.js'),
  ])
  const store = new ChessStore()
  statsView = statsView || new StatsView()
  const game = { key: 'chess', name: t('The chess daily'), words: NAMES } // a day named as its result is
  await showStats(statsView, game, localStatsDays(store.log(), store.recent()), store.days())
}
document.addEventListener('click', (event) => {
  if (event.target instanceof Element && event.target.closest('[data-stats]')) openStats().catch(console.error)
})

/**
 * What the home shows of the signed-in player's (GET /api/me/home): their results of `day`'s dailies
 * when it is given (a daily of it is open here), what their classes have due, their invites, their
 * review; null when it isn't answered (offline, a server error): those cards stay hidden, and the
 * review's card asks for its own.
 * @param {string | null} day
 * @returns {Promise<MyHome | null>}
 */
async function myHome(day) {
  const got = await call(day ? `/me/home?day=${day}` : '/me/home')
  const home = /** @type {MyHome | null} */ (got.status === 200 ? got.data : null)
  return home && Array.isArray(home.due) && Array.isArray(home.invites) ? home : null
}

/**
 * The player's results for today's dailies from the server, or null.
 * @param {MyHome | null} home
 * @returns {ServerDay | null}
 */
function serverDay(home) {
  const mine = /** @type {ServerDay | null} */ (home?.chess ?? null)
  return mine && Array.isArray(mine.dailies) && Number.isInteger(mine.streak) ? mine : null
}

/**
 * What a signed-in student's classes have due (classes/home_due.js, loaded only when something is).
 * @param {string} today
 * @param {MyHome | null} home
 */
function renderDue(today, home) {
  const card = byId('due-card')
  if (!home?.due.length) {
    card.hidden = true
    return
  }
  import('../classes/home_due.js').then((due) => due.showDue(card, today, home.due)).catch(() => { card.hidden = true })
}

/**
 * A signed-in player's invites to races (race/invited.js, loaded only when there are some).
 * @param {MyHome | null} home
 */
function renderInvites(home) {
  const card = byId('invite-card')
  if (!home?.invites.length) {
    card.hidden = true
    return
  }
  import('../race/invited.js').then((invites) => invites.showInvites(card, home.invites)).catch(() => { card.hidden = true })
}

/**
 * The review's card: how many puzzles are due today (review/home.js, loaded only when this browser
 * keeps a review or a player is signed in, whose review the server keeps: the home's answer holds
 * it, and what this browser hasn't sent is posted first).
 * @param {string} today
 * @param {() => boolean} current
 * @param {MyHome | null} home
 */
function renderReview(today, current, home) {
  const card = byId('review-card')
  if (!player() && namespace(KEPT).get('review', null) === null) {
    card.hidden = true
    return
  }
  import('../review/home.js').then((review) => review.showReview(card, today, current, home ? home.review : null)).catch((error) => {
    console.error(error)
    card.hidden = true
  })
}

/** @param {ChessStore} store */
function renderTallies(store) {
  const tally = store.tally()
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-tally]'))) {
    const row = tally[el.dataset.tally || '']
    const solved = row?.solved
    if (!solved) el.textContent = ''
    else el.textContent = typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en' ? tn('{n} solved', '{n} solved', solved) : `${solved} solved`
  }
}

/** @param {ChessStore} store */
async function renderContinue(store) {
  const waiting = store.recent().filter((rec) => rec.state === 'playing' && rec.started).slice(0, 5)
  byId('continue-card').hidden = !waiting.length
  if (!waiting.length) return
  const { formatTime } = await import('../lib/clock.js')
  byId('continue-list').replaceChildren(...waiting.map((rec) => {
    const li = document.createElement('li')
    const a = document.createElement('a')
    a.href = `#/p/${encodeURIComponent(rec.band)}/${encodeURIComponent(rec.id)}`
    a.append(span('', [rec.daily ? t('Daily') : t('Endless'), bandName(rec.band), t('Rated {rating}', { rating: rec.row[3] })].join(' · ')),
      span('muted', formatTime(rec.seconds || 0)))
    li.append(a)
    return li
  }))
}

function renderPlayer() {
  const signedIn = player()
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#you [data-when]'))) {
    el.hidden = (el.dataset.when === 'player') !== Boolean(signedIn)
  }
  if (signedIn) {
    for (const el of document.querySelectorAll('#you [data-player-name]')) el.textContent = signedIn.name
    const link = /** @type {HTMLInputElement} */ (byId('signin-link'))
    link.value = signInLink(signedIn.token)
    wirePlayer()
  }
  document.dispatchEvent(new CustomEvent('player:change'))
}

/**
 * The player card's form, Copy and Sign out, wired by lib/player_form.js once the card is used
 * (or shows a player): the form's first focus or press loads it. A name sent before it has loaded
 * waits for it, then goes.
 */
/** @type {Promise<void> | null} */
let wired = null
let formReady = false
function wirePlayer() {
  wired ||= Promise.all([
    import('../lib/player_form.js'), import('../lib/sign_out.js'),
  ]).then(([forms, signOut]) => {
    forms.wirePlayerForm(byId('player-form'), (/** @type {Player} */ made) => {
      renderPlayer()
      toast(t('Welcome, {name}. Your results will be kept.', { name: made.name }))
      byId('you').focus()
    })
    forms.wireCopyLink(byId('copy-signin'), byId('signin-link'))
    byId('copy-signin').addEventListener('click', () => signOut.noteLinkCopied())
    // Asked first, with what it costs and the ways back in (lib/sign_out.js).
    signOut.wireSignOut(/** @type {HTMLElement} */ (byId('sign-out').closest('[data-sign-out-root]')), {
      onSignedOut: () => {
        renderPlayer()
        byId('you').focus() // the button is gone with the player: the card, now a guest's, has focus
      },
    })
    formReady = true
  })
  return wired
}

function wirePlayerOnUse() {
  // Copy or Sign out pressed before their code has come (it loads as the card shows a player)
  // still does what it says, once it has.
  for (const id of ['copy-signin', 'sign-out']) {
    byId(id).addEventListener('click', () => {
      if (!formReady) wirePlayer().then(() => byId(id).click())
    }, { once: true })
  }
  const form = /** @type {HTMLFormElement} */ (byId('player-form'))
  for (const type of ['focusin', 'pointerdown']) form.addEventListener(type, wirePlayer, { once: true })
  form.addEventListener('submit', (event) => {
    if (formReady) return // lib/player_form.js has it
    event.preventDefault()
    wirePlayer().then(() => form.requestSubmit())
  })
}

// ---- helpers -------------------------------------------------------------------

/**
 * @param {string} className
 * @param {string} text
 */
function span(className, text) {
  const el = document.createElement('span')
  if (className) el.className = className
  el.textContent = text
  return el
}

wirePlayerOnUse()
window.addEventListener('hashchange', route)
route()
