/**
 * On every page: a sign-in link handed to the sign-in page, the service
 * worker (offline play), the player's name in the header (a guest's "Sign in"
 * link otherwise), the header's Menu on a phone's play view, and posting any
 * results that wait in the games' queues (now, and whenever the browser comes
 * back online), and the language menu's choice kept (lib/language.js): every game the registry (js/games.js) names a store for, and
 * every game whose results wait outside the outbox (its `waiting` module:
 * lessons, whose results carry their own tickets, a guest's too).
 *
 * It stays small, since every page waits for it: the registry, the games'
 * queues (and their stores) load only for a signed-in player, the only one
 * whose results are queued, or when a game marks results waiting under
 * pb:waiting:; lib/tables.js only on a page with a table that reflows; the service
 * worker registers once the page has loaded and then asked for nothing for a
 * while, so its first install's downloads never compete with the page's own.
 */
import { getPlayer, tokenFromHash } from './lib/api.js'
import { namespace } from './lib/storage.js'

const waiting = namespace('pb:waiting:') // the games whose results wait outside the outbox, by key

/**
 * A sign-in link in any form (`/#token=…`, as docs/api.md once gave it, or a
 * token on any other page) goes to /signin/, which signs in and says so. The
 * token leaves this address first, before the page's own scripts read the
 * fragment as one of their routes, and location.replace keeps it out of history.
 */
function forwardSignIn() {
  if (location.pathname.startsWith('/signin/') || !tokenFromHash(location.hash)) return
  const hash = location.hash
  history.replaceState(null, '', location.pathname + location.search)
  location.replace('/signin/' + hash)
}

/** The player's chip in the header, or for a guest the way to make a player or sign in. */
function showPlayer() {
  const player = getPlayer()
  for (const chip of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-player-chip]'))) {
    chip.hidden = !player
    const name = chip.querySelector('[data-player-name]')
    if (name) name.textContent = player ? player.name : ''
  }
  for (const link of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-guest-link]'))) link.hidden = Boolean(player)
}

/**
 * Menu, shown on a phone's play view (site.css): it opens and closes the nav under the header's
 * one row; Escape closes it and gives Menu the focus back.
 */
function wireMenu() {
  const button = /** @type {HTMLElement | null} */ (document.querySelector('[data-menu-button]'))
  if (!button) return
  const header = /** @type {HTMLElement} */ (button.closest('.site-header')) // the button is in the header
  /** @param {boolean} yes */
  const open = (yes) => {
    header.classList.toggle('is-menu-open', yes)
    button.setAttribute('aria-expanded', String(yes))
  }
  button.addEventListener('click', () => open(button.getAttribute('aria-expanded') !== 'true'))
  header.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || button.getAttribute('aria-expanded') !== 'true') return
    event.stopPropagation() // the game's own Escape (letting go of a piece) isn't the header's
    open(false)
    button.focus()
  })
}

/**
 * Post every game's results waiting in this browser: each game the registry names a store for (a
 * signed-in player's), and each game that marks results waiting outside the outbox (anyone's).
 */
function flush() {
  const player = getPlayer()
  const marked = waiting.keys()
  if (!player && !marked.length) return
  Promise.all([import('./games.js'), player ? import('./lib/session.js') : null]).then(([{ GAMES, STORES, WAITING }, session]) => {
    for (const game of GAMES.filter((g) => g.waiting && marked.includes(g.key))) {
      WAITING[game.key]().then(({ postWaiting }) => postWaiting()).catch(() => {})
    }
    if (!session) return
    for (const game of GAMES.filter((g) => g.store)) {
      STORES[game.key]().then(({ openStore }) => session.flush(openStore())).catch(() => {})
    }
  }).catch(() => { /* offline before the modules came: the next load or `online` tries again */ })
}

// How long the page must have asked for nothing before the service worker registers, and the
// longest it waits for that after load.
const QUIET_MS = 2000
const QUIET_AT_MOST_MS = 10000

/**
 * Called at load: call `fn` once the page has fetched nothing for QUIET_MS (every request that
 * completes starts the wait again), or QUIET_AT_MOST_MS from now. `load` alone was too soon: a
 * daily opened by its address asks for the day's file, the board's styles and its sprites after
 * load, and the service worker's first install (some 150 files) used to start among them.
 * The page's own Resource Timing is read when a wait ends, not watched: a PerformanceObserver
 * restarting a timer at every response was a task of its own each time, among a daily's opening.
 * @param {() => void} fn
 */
function whenQuiet(fn) {
  const until = performance.now() + QUIET_AT_MOST_MS
  const check = () => {
    const now = performance.now()
    const ends = performance.getEntriesByType('resource').map((entry) => /** @type {PerformanceResourceTiming} */ (entry).responseEnd)
    const quiet = now - Math.max(0, ...ends)
    if (quiet >= QUIET_MS || now >= until) fn()
    else setTimeout(check, Math.min(QUIET_MS - quiet, until - now))
  }
  setTimeout(check, QUIET_MS)
}

forwardSignIn()
if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  const register = () => whenQuiet(() => {
    navigator.serviceWorker.register('/sw.js').catch(() => { /* offline play is a bonus */ })
  })
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
// Tables that reflow on a phone keep their table roles (lib/tables.js).
if (document.querySelector('table[data-reflow]')) {
  import('./lib/tables.js').then(({ keepAllTableRoles }) => keepAllTableRoles()).catch(() => {})
}
showPlayer()
wireMenu()
// The language menu's links end in ?chosen: this page's language is the player's choice. A player
// signed in or made here: their language, kept on the server, kept here too (lib/language.js).
if (location.search === '?chosen') import('./lib/language.js').then((language) => language.chosen(), () => {})
document.addEventListener('player:change', () => {
  if (getPlayer()) import('./lib/language.js').then((language) => language.follow(), () => {})
})
document.addEventListener('player:change', () => {
  showPlayer()
  flush() // a player just made or signed in here: what waits for one goes (a guest's votes too)
})
window.addEventListener('storage', (event) => { if (event.key === 'pb:player') showPlayer() })
window.addEventListener('online', flush)
flush()
