/**
 * The themes page (/themes/): the difficulty the player draws at (kept in this browser, the
 * step Endless and every theme use), the rating it counts from, and how the player does on each
 * theme: from the puzzles finished in this browser, and for a signed-in player from every device
 * (the dashboard's last 90 days, for the themes played there often enough to have figures). The
 * list itself is in the page (the build writes it from puzzlebook/chess/themes.py and the theme
 * index's counts). It also holds "Make your own mix" (chess/mix_ctrl.js and mix_view.js).
 */
import { ChessStore } from './store.js'
import { getPlayer, call } from '../lib/api.js'
import { isNumber } from '../lib/answers.js'
import { isProvisional } from './rating.js'
import { $ } from '../lib/dom.js'
import { percent } from './dashboard.js'
import { target } from './difficulty.js'
import { countRated } from './bundle.js'
import { MixCtrl } from './mix_ctrl.js'
import { MixView } from './mix_view.js'
import { namespace } from '../lib/storage.js'
import { t, number } from '../lib/i18n.js'
/** @import { Answer } from '../answer_types.js' */
/** @import { Dashboard, Me } from '../api_types.js' */
/** @import { Glicko } from '../chess_types.js' */

const store = new ChessStore()
const SERVER_DAYS = 90 // the dashboard's longest span

function showDifficulty() {
  const step = store.difficulty()
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="difficulty"]'))) input.checked = input.value === step
}

function showRating() {
  const player = getPlayer()
  const rating = Math.round(store.ratingFor(player))
  const line = $('difficulty-rating')
  if (player) {
    line.textContent = t('Puzzles are picked around your rating, {rating}.', { rating })
  } else {
    const estimate = /** @type {Glicko} */ (store.estimate()) // chess/store.js's: a kept estimate, or a new player's
    line.textContent = isProvisional(estimate)
      ? t('Puzzles are picked around your rating as this browser estimates it: {rating} for now, a guess until you have played a few dozen.', { rating })
      : t('Puzzles are picked around your rating as this browser estimates it: {rating}.', { rating })
  }
}

function showScores() {
  // chess/store.js's tally: theme -> { played, clean }.
  const tally = /** @type {Record<string, { played: number, clean: number }>} */ (store.themeTally())
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-theme-score]'))) {
    const row = tally[/** @type {string} */ (el.dataset.themeScore)]
    el.textContent = row && row.played
      ? t('You: {played} played, {percent}% first try', { played: number(row.played), percent: String(percent(row.clean, row.played)) })
      : ''
  }
}

/**
 * A signed-in player's figures per theme from all their devices: the dashboard's (GET
 * /api/me/dashboard, 90 days), which lists a theme once it was played five times there. A theme
 * it leaves out keeps this browser's figures.
 */
async function showServerScores() {
  if (!getPlayer()) return
  const got = /** @type {Answer<Dashboard>} */ (await call(`/me/dashboard?days=${SERVER_DAYS}`))
  if (got.status !== 200 || !Array.isArray(got.data?.themes)) return
  for (const row of got.data.themes) {
    const el = document.querySelector(`[data-theme-score="${CSS.escape(row.theme)}"]`)
    if (el && row.played) {
      el.textContent = t('You, last {days} days: {played} played, {percent}% first try', { days: SERVER_DAYS, played: number(row.played), percent: row.first_rate })
    }
  }
}

/** A signed-in player's rating as the server has it now (kept for Endless, which never asks). */
async function refreshServerRating() {
  const player = getPlayer()
  if (!player) return
  const me = /** @type {Answer<Me>} */ (await call('/me'))
  const rating = me.status === 200 && me.data?.ratings?.chess?.rating
  if (isNumber(rating)) {
    store.noteServerRating(player.id, rating)
    showRating()
  }
}

$('difficulty-form').addEventListener('change', (event) => {
  const input = /** @type {HTMLInputElement} */ (event.target)
  if (input.name === 'difficulty') store.setDifficulty(input.value)
})
$('difficulty-form').addEventListener('submit', (event) => event.preventDefault())

/**
 * Your own mix: the themes it offers are the ones this page lists; a shared link in the
 * address (#/mix/...) fills it in.
 */
function startMix() {
  const view = new MixView()
  const known = new Set([.../** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="mix-theme"]'))].map((box) => box.value))
  const ctrl = new MixCtrl({
    storage: namespace('pb:chess:'),
    count: (query) => countRated(query),
    centre: (step) => target(store.ratingFor(getPlayer()), step),
    ui: view,
    known,
  })
  view.attach(ctrl)
  if (ctrl.openLink(location.hash)) $('mix-title').scrollIntoView()
  ctrl.recount()
  window.addEventListener('hashchange', () => ctrl.openLink(location.hash))
}

startMix()
showDifficulty()
showRating()
showScores()
refreshServerRating().catch(() => {})
showServerScores().catch(() => {})
