/**
 * The archive page (/archive/):
 *
 *   #/                  the newest month with past days
 *   #/YYYY-MM           a month: each day's links, one per daily game the registry
 *                       (js/games.js, `archive`) links from here, in its order
 *   #/<game>/YYYY-MM-DD that day's dailies of a game with several a day (chess):
 *                       straight to it when there was one (/#/daily/<band>/<date>),
 *                       a choice when there were three
 *   anything else       the mistyped-address notice (a day or month that doesn't
 *                       exist included: dates.js's parseDay is the rule)
 *
 * Everything comes from the published files (/daily/index.json and the days'
 * files), so an archive day is exactly the day that was published. A game whose
 * link marks how far this browser got (`marks`) is asked its store's dayMark.
 */
import { ARCHIVED, pastMonths, monthName, dayName, parseRoute, dayUrl, pickUrl } from './days.js'
import { playerDay, longDate } from '../lib/dates.js'
import { $, el, announce } from '../lib/dom.js'
import { showOnly, fillNotice } from '../lib/views.js'
import { LANG, t, tn } from '../lib/i18n.js'
import { bandWords } from '../lib/bands.js'
import { STORES } from '../games.js'
/** @import { ArchivedGame, GameStore } from '../games_types.js' */
/** @import { ArchiveMonth, DailyIndex } from '../archive_types.js' */

/** @type {DailyIndex | null} */
let index = null
let serial = 0
/**
 * A store whose days carry a mark in the archive (its game's `archive.marks`).
 * @typedef {GameStore & { dayMark(date: string): string | null }} MarkedStore
 */
/** @type {Promise<Record<string, MarkedStore>> | null} */
let stores = null // the stores of the games whose links carry a mark: { <game key>: store }

/**
 * The stores whose day marks the archive shows (loaded once).
 * @returns {Promise<Record<string, MarkedStore>>}
 */
function markStores() {
  stores ||= Promise.all(ARCHIVED.filter((game) => game.archive.marks && game.store).map(async (game) => {
    const { openStore } = await STORES[game.key]()
    return /** @type {[string, MarkedStore]} */ ([game.key, openStore()])
  })).then(Object.fromEntries).catch(() => ({}))
  return stores
}

/**
 * A published file's JSON: { data } or { status } (0 when offline).
 * @param {string} url
 * @returns {Promise<{ data: unknown, status?: undefined } | { data?: undefined, status: number }>}
 */
async function getJson(url) {
  try {
    const res = await fetch(url)
    return res.ok ? { data: await res.json() } : { status: res.status }
  } catch {
    return { status: 0 }
  }
}

const VIEWS = ['archive-view', 'chess-day-view', 'notice-view']

/** @param {string} view */
function show(view) {
  showOnly(VIEWS, view)
}

/**
 * @param {ArchiveMonth[]} months
 * @param {string | null} month
 * @param {Record<string, MarkedStore>} marks
 */
function renderMonth(months, month, marks) {
  const list = $('archive-list')
  const select = $('archive-month')
  if (!months.length) {
    select.replaceChildren()
    list.replaceChildren(el('p', { class: 'muted', text: t('No past days yet: the archive fills from tomorrow.') }))
    return
  }
  const chosen = months.find((m) => m.month === month) || months[0]
  select.replaceChildren(...months.map((m) => {
    const option = el('option', { text: monthName(m.month) })
    option.value = m.month
    option.selected = m === chosen
    return option
  }))
  const days = el('ul', { class: 'archive-days' })
  for (const day of chosen.days) {
    const games = el('span', { class: 'archive-games' })
    for (const game of ARCHIVED) {
      if (!day[game.key]) continue
      const mark = marks[game.key] ? marks[game.key].dayMark(day.date) : null
      const spoken = game.archive.spoken.replace('{day}', longDate(day.date))
      games.append(el('a', { text: game.archive.label, href: dayUrl(game, day.date), 'aria-label': `${spoken}${mark ? `, ${mark}` : ''}` }))
      if (mark) games.append(el('span', { class: 'archive-mark', text: mark }))
    }
    days.append(el('li', { class: 'archive-day' }, el('span', { class: 'archive-date', text: dayName(day.date) }), games))
  }
  list.replaceChildren(el('section', { class: 'archive-month', 'aria-labelledby': 'month-title' },
    el('h2', { id: 'month-title', text: monthName(chosen.month) }), days))
}

/**
 * The dailies of `game` on `date` (a game with several a day): straight to the one, or a choice.
 * @param {ArchivedGame} game
 * @param {string} date
 */
async function renderPick(game, date) {
  const mine = serial
  const { label } = game.archive
  show('chess-day-view')
  $('chess-day-title').textContent = `${label} · ${longDate(date)}`
  $('chess-day-lede').textContent = t('Looking for the day’s puzzle…')
  $('chess-day-list').replaceChildren()
  const got = await getJson(`/daily/${game.key}/${date}.json`)
  if (mine !== serial) return
  const today = playerDay()
  const file = /** @type {{ dailies?: { band: string, rating: number }[] } | undefined} */ (got.data)
  const dailies = file && Array.isArray(file.dailies) ? file.dailies : []
  if (date >= today || !dailies.length) {
    $('chess-day-lede').textContent = got.status === 0
      ? t('You seem to be offline. Try again when you are back online.')
      : (date >= today
          ? t('That day isn’t in the archive yet: today’s puzzles are on the {page} page.', { page: LANG === 'en' ? game.nav.label.toLowerCase() : game.name })
          : t('There was no {board} that day.', { board: LANG === 'en' ? label.toLowerCase() : label }))
    announce($('chess-day-lede').textContent)
    return
  }
  if (dailies.length === 1) {
    // One daily that day: go straight to it.
    location.replace(pickUrl(game, date, dailies[0].band))
    return
  }
  $('chess-day-lede').textContent = tn('That day had {n} daily. Pick one.', 'That day had {n} dailies. Pick one.', dailies.length)
  $('chess-day-list').replaceChildren(...dailies.map((d) => el('li', {},
    el('a', { href: pickUrl(game, date, d.band) }, el('strong', { text: bandWords(d.band) }), el('span', { class: 'muted', text: t('Rated {rating}', { rating: d.rating }) })))))
  document.title = label + ' · ' + longDate(date) + ' · ' + t('Archive') + ' · Puzzle Book'
}

async function route() {
  const mine = ++serial
  const want = parseRoute(location.hash)
  if (want.kind === 'unknown') {
    show('notice-view')
    const title = t('That page isn’t in the book')
    const days = ARCHIVED.filter((g) => g.archive.pick)
      .map((g) => t(', a {game} day like {address}', { game: LANG === 'en' ? g.nav.label.toLowerCase() : g.name, address: `#/${g.key}/2026-10-07` }))
    const text = t('The address may be mistyped. A month of the archive is written like {address}{days}.', { address: '#/2026-10', days: days.join('') })
    return fillNotice(title, text, title + ' · ' + t('Archive') + ' · Puzzle Book')
  }
  const picked = ARCHIVED.find((g) => g.key === want.kind)
  if (picked) return renderPick(picked, /** @type {{ date: string }} */ (want).date) // a game's kind comes with a date
  show('archive-view')
  document.title = t('Archive') + ' · Puzzle Book'
  if (!index) {
    const got = await getJson('/daily/index.json')
    if (mine !== serial) return
    if (!got.data) {
      $('archive-list').replaceChildren(el('p', {
        class: 'notice',
        text: got.status === 0 ? t('You seem to be offline, so the archive can’t be listed. Days you have played still open.') : t('The archive’s list isn’t published yet. Try again later.'),
      }))
      return
    }
    index = /** @type {DailyIndex} */ (got.data)
  }
  const marks = await markStores()
  if (mine !== serial) return
  renderMonth(pastMonths(index, playerDay()), /** @type {{ month: string | null }} */ (want).month, marks)
}

$('archive-month').addEventListener('change', (e) => { location.hash = `#/${/** @type {HTMLSelectElement} */ (e.target).value}` })
window.addEventListener('hashchange', () => route().catch(console.error))
route().catch(console.error)
