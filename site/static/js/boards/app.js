/**
 * The leaderboards page (/boards/): one board at a time, chosen by its tab
 * (see model.js for the addresses). The rows come from the board's snapshot,
 * a static file the server publishes at most every 15 s (/snapshots/….json,
 * cached like one), never from the API, and the page says how fresh it is.
 * A signed-in player's own entry (their rank key and row) comes from the API
 * and is placed on the snapshot by places.js: their row is marked when it is
 * among the top rows, else shown after them with its place, "about #N" or
 * "top N%". The Friends tab, first, is friends/boards_tab.js's: the page opens on it for a signed-in
 * player, on the chess daily for a guest.
 */
import {
  BANDS, parseRoute, routeOf, snapshotPath, entryPath, columns, displayRows, placeLine, placeText, caption,
  withMine, freshness, clockOffset, openWords,
} from './model.js'
import { call, getPlayer } from '../lib/api.js'
import { playerDay, longDate, isDay, addDays, endsEverywhere } from '../lib/dates.js'
import { $, el as make, announce, setText } from '../lib/dom.js'
import { keepTableRoles } from '../lib/tables.js'
import { LANG, number, t, tn } from '../lib/i18n.js'
import { bandWords } from '../lib/bands.js'
import { isFriendsTab, showFriendsTab } from '../friends/boards_tab.js'
/** @import { Answer } from '../answer_types.js' */
/** @import { MyEntry } from '../api_types.js' */
/** @import { BoardRoute, Shown, Snapshot } from '../boards_types.js' */
/** @import { Board } from '../games_types.js' */
/** @typedef {{ date: string | null, band: string | null }} At a board's day and band */

let serial = 0
/** @type {BoardRoute | null} */
let current = null
// The snapshot on show: when it was published, and the server's clock against this browser's.
/** @type {{ published: string, offset: number } | null} */
let shown = null
let ticking = 0
// Until when the dated board on show takes results (a UTC instant), or null.
/** @type {string | null} */
let openTill = null

/**
 * @template {keyof HTMLElementTagNameMap} Tag
 * @param {Tag} tag
 * @param {string} [className]
 * @param {string} [text]
 */
const el = (tag, className, text) => make(tag, { class: className || null, text })

/**
 * A line in place of the board, said to a screen reader too (`speak`): the board's own
 * container is no live region, so a table of a hundred rows is never read out whole; the
 * board's announcement (route) says what it holds.
 */
/** @param {string} text */
function message(text, className = 'muted', speak = true) {
  $('board-body').replaceChildren(el('p', className, text))
  $('board-mine').hidden = true
  showFresh(null)
  showOpen(null)
  if (speak) announce(text)
}

/**
 * The line saying until when a dated board takes results ("Open until 1 pm"), from `until` (a UTC
 * instant; null: none). Kept true by the freshness line's timer: it goes when the instant passes.
 */
/** @param {string | null} until */
function showOpen(until) {
  openTill = until
  const text = until ? openWords(until) : null
  $('board-open').hidden = !text
  setText($('board-open'), text || '')
}

/**
 * The freshness line under the filters ("Updated 12 seconds ago"), kept true by a timer while a
 * snapshot is on show. It is no live region: the board's announcement says it once, and a
 * screen reader finds it current whenever it is read, instead of hearing it every second.
 */
/** @param {Snapshot | null} snapshot */
function showFresh(snapshot, offset = 0) {
  shown = snapshot && typeof snapshot.published === 'string' ? { published: snapshot.published, offset } : null
  clearInterval(ticking)
  ticking = 0
  tick()
  if (shown) ticking = setInterval(tick, 1000)
}

function tick() {
  const text = shown ? freshness(shown.published, Date.now() + shown.offset) : null
  $('board-fresh').hidden = !text
  setText($('board-fresh'), text || '')
  if (openTill) showOpen(openTill)
}

/**
 * The board's snapshot: { status: 200, snapshot, offset } (offset: the server's clock ahead of
 * this browser's, model.js clockOffset), { status: 404 } when none is published, { status: 0 }
 * offline, or the status of another failure. Cached as the server says (15 s).
 * @param {string} path
 * @returns {Promise<{ status: 200, snapshot: Snapshot, offset: number } | { status: number, snapshot?: undefined, offset?: undefined }>}
 */
async function fetchSnapshot(path) {
  try {
    const res = await fetch(path, { headers: { Accept: 'application/json' } })
    if (!res.ok) return { status: res.status }
    const snapshot = await res.json()
    if (!snapshot || !Array.isArray(snapshot.rows)) return { status: 500 }
    return { status: 200, snapshot, offset: clockOffset(res.headers.get('Date'), res.headers.get('Age'), Date.now()) }
  } catch {
    return { status: 0 }
  }
}

/**
 * The signed-in player's own entry on the board ({ key, row }: `GET /api/me/entry/<board path>`,
 * docs/api.md), or null: a guest, a player not on it (a null key), or no answer (their place is
 * then left out, and the board still shown).
 * @param {Board} board
 * @param {At} at
 */
async function fetchEntry(board, at) {
  if (!getPlayer()) return null
  const answer = /** @type {Answer<MyEntry>} */ (await call(entryPath(board, at)))
  const entry = answer.data
  return answer.status === 200 && entry && typeof entry.key === 'string' ? { key: entry.key, row: entry.row || {} } : null
}

/**
 * The bands of the dailies of `game` on `date`, from its published file ([] when there is none).
 * @param {string} game
 * @param {string} date
 * @returns {Promise<string[]>}
 */
async function dayBands(game, date) {
  try {
    const res = await fetch(`/daily/${game}/${date}.json`)
    if (!res.ok) return []
    /** @type {{ dailies?: { band: string }[] }} */
    const file = await res.json()
    return (file.dailies || []).map((d) => d.band).filter((b) => BANDS.includes(b))
  } catch {
    return []
  }
}

/** @param {{ id: string }} board */
function setTabs(board) {
  for (const a of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-board]'))) {
    if (a.dataset.board === board.id) a.setAttribute('aria-current', 'page')
    else a.removeAttribute('aria-current')
  }
}

/**
 * @param {Board} board
 * @param {string | null} date
 * @param {string | null} band
 * @param {string[]} bands
 */
function setFilters(board, date, band, bands) {
  $('date-field').hidden = !board.dated
  $('band-field').hidden = !board.bands || (board.bands === 'day' && bands.length < 2)
  if (board.dated) {
    const input = /** @type {HTMLInputElement} */ ($('board-date'))
    input.value = /** @type {string} */ (date)
    input.max = playerDay()
  }
  if (board.bands) {
    const options = board.bands === 'optional' ? [['', t('All bands')], ...BANDS.map((b) => [b, bandWords(b)])] : bands.map((b) => [b, bandWords(b)])
    $('board-band').replaceChildren(...options.map(([value, text]) => {
      const option = el('option', '', text)
      option.value = value
      option.selected = value === (band || '')
      return option
    }))
  }
}

/**
 * The board as a table. Boards with several columns after the name are
 * "wide": on a phone each row is drawn as two lines (site/static/css/chain.css),
 * so every cell carries its column's name for that view, and keepTableRoles
 * keeps it a table to a screen reader whatever its display.
 * @param {Board} board
 * @param {Shown} answer
 * @param {string} title
 */
function renderTable(board, answer, title) {
  const cols = columns(board)
  const table = el('table', cols.length > 1 ? 'board-table is-wide' : 'board-table')
  table.dataset.reflow = ''
  table.append(el('caption', '', title))
  const head = el('tr')
  /** @type {[head: string, num: boolean][]} */
  const heads = [[t('Place'), true], [t('Name'), false], ...cols.map((c) => /** @type {[string, boolean]} */ ([c.head, c.num]))]
  for (const [text, num] of heads) {
    const th = el('th', num ? 'num' : '', text)
    th.scope = 'col'
    head.append(th)
  }
  const thead = el('thead')
  thead.append(head)
  const body = el('tbody')
  for (const item of displayRows(answer)) {
    const tr = el('tr')
    if (item.gap) {
      tr.className = 'board-gap'
      const td = el('td', '', '…')
      td.colSpan = 2 + cols.length
      tr.append(td)
    } else {
      if (item.you) tr.className = 'is-you'
      // A row shown has its place, or the per cent it is among (boards/model.js withMine).
      const place = /** @type {string} */ (placeText(item.row))
      tr.append(el('td', `num board-place${place.startsWith('#') ? '' : ' is-rough'}`, place))
      // A player's name is theirs, in no language of ours: translate="no" (docs/languages.md).
      const name = make('td', { class: 'board-name' }, make('span', { translate: 'no', text: item.row.name }))
      if (item.you) name.append(el('span', 'visually-hidden', ' ' + t('(you)')))
      tr.append(name, ...cols.map((c, k) => {
        const td = el('td', `${c.num ? 'num ' : ''}${k === 0 ? 'board-lead' : 'board-stat'}`, c.cell(item.row))
        td.dataset.label = c.head
        return td
      }))
    }
    body.append(tr)
  }
  table.append(thead, body)
  return keepTableRoles(table)
}

/** An address that names no board (or a day that doesn't exist): say so, show no board. */
function mistyped() {
  current = null
  for (const a of document.querySelectorAll('[data-board]')) a.removeAttribute('aria-current')
  $('date-field').hidden = true
  $('band-field').hidden = true
  document.title = t('Leaderboards') + ' · Puzzle Book'
  const text = t('That page isn’t in the book. The address may be mistyped: pick a board above. A day is written like #/chain/daily/2026-09-07.')
  message(text, 'notice')
}

/**
 * What a board without a snapshot (404) says: a past day's was never published (a day before
 * boards were); one the player is on isn't out yet (it is, within 15 s of a change); else no
 * one is on it yet.
 * @param {Board} board
 * @param {string} title
 * @param {{ date: string | null, today: string, entry: unknown }} day
 */
function missing(board, title, { date, today, entry }) {
  if (board.dated && /** @type {string} */ (date) < addDays(today, -1)) return t('{title}: no board was published for that day.', { title })
  if (entry) return t('{title}: this board isn’t published yet. It is published within 15 seconds of a change; try again in a moment.', { title })
  return nobody(board, title)
}

/**
 * An empty board's words, with how a player gets on it when that isn't plain (the ratings board's
 * 30 rated puzzles: the registry's `joins`).
 * @param {Board} board
 * @param {string} title
 */
function nobody(board, title) {
  return t('{title}: no one is on this board yet.', { title }) + (board.joins ? ' ' + board.joins : '')
}

/**
 * The Friends tab, and the public boards hidden (false: the address names no friends' board).
 * @param {string} hash
 */
async function friendsTab(hash) {
  ++serial
  current = null
  showFresh(null)
  showOpen(null)
  setTabs({ id: 'friends' })
  $('public-board').hidden = true
  $('friends-tab').hidden = false
  return showFriendsTab(hash)
}

async function route() {
  // No board named: the Friends tab for a player, the chess daily for a guest.
  const hash = ['', '#', '#/'].includes(location.hash) && getPlayer() ? '#/friends' : location.hash
  if (isFriendsTab(hash)) {
    if (await friendsTab(hash)) return
    $('friends-tab').hidden = true
    $('public-board').hidden = false
    return mistyped()
  }
  $('friends-tab').hidden = true
  $('public-board').hidden = false
  const mine = ++serial
  const today = playerDay()
  const want = parseRoute(hash)
  if (!want) return mistyped()
  const { board } = want
  const date = board.dated ? (want.date || today) : null
  let band = want.band
  setTabs(board)
  current = { board, date, band }
  document.title = board.title + ' · ' + t('Leaderboards') + ' · Puzzle Book'
  /** @type {string[]} */
  let bands = []
  if (board.bands === 'day') {
    // A board of the day's daily's band: the bands that day had come from its game's day file.
    bands = await dayBands(board.game, /** @type {string} */ (date)) // a board of bands a day is dated
    if (mine !== serial) return
    if (!bands.length) {
      setFilters(board, date, band, bands)
      return message(/** @type {string} */ (date) > today ? t('That day hasn’t come yet.') : t('There was no {board} that day.', { board: LANG === 'en' ? board.title.toLowerCase() : board.title }))
    }
    if (!band || !bands.includes(band)) band = bands[0]
    current.band = band
  }
  setFilters(board, date, band, bands)
  if (board.dated && /** @type {string} */ (date) > today) return message(t('That day hasn’t come yet.'))
  message(t('Loading the board…'), 'muted', false)
  const at = { date, band }
  const [got, entry] = await Promise.all([fetchSnapshot(snapshotPath(board, at)), fetchEntry(board, at)])
  if (mine !== serial) return
  const title = caption(board, { date: date && longDate(date), band })
  // Until when the day's board takes results: the snapshot's word when it has one (null: final),
  // else the day's own end everywhere (lib/dates.js endsEverywhere). The page never asks the API for a board.
  /** @type {Partial<Snapshot>} */
  const snapshot = got.snapshot || {}
  const until = board.dated ? ('open_until' in snapshot ? /** @type {string | null} */ (snapshot.open_until) : endsEverywhere(/** @type {string} */ (date))) : null
  const open = openWords(until)
  if (got.status === 404) {
    const text = missing(board, title, { date, today, entry })
    message(open ? `${text} ${open}.` : text)
    return
  }
  if (got.status !== 200) {
    return message(got.status === 0
      ? t('You seem to be offline. Try again when you are back online.')
      : t('The board couldn’t be loaded. Try again in a moment.'), 'notice')
  }
  const shot = /** @type {Snapshot} */ (got.snapshot) // a 200's
  const answer = withMine(shot, entry, getPlayer()?.name)
  const rows = displayRows(answer)
  $('board-body').replaceChildren(rows.length ? renderTable(board, answer, title) : el('p', 'muted', nobody(board, title)))
  const line = placeLine(board, answer)
  $('board-mine').hidden = !line
  $('board-mine').textContent = line || ''
  showOpen(until)
  showFresh(shot, got.offset)
  const count = shot.rows.length
  const size = Math.max(shot.size || 0, count)
  const held = !count ? t('No one yet.') : size > count ? t('The top {count} of {size}.', { count: number(count), size: number(size) }) : tn('{n} on the board.', '{n} on the board.', count)
  announce([`${title}.`, held, line, $('board-fresh').textContent && `${$('board-fresh').textContent}.`, open && `${open}.`]
    .filter(Boolean).join(' '))
}

/** @param {Partial<BoardRoute>} change */
function go(change) {
  if (!current) return
  const next = { ...current, ...change }
  location.hash = routeOf(next.board.id, { date: next.board.dated && next.date !== playerDay() ? next.date : null, band: next.band })
}

$('board-date').addEventListener('change', (e) => {
  const { value } = /** @type {HTMLInputElement} */ (e.target)
  if (isDay(value)) go({ date: value })
})
$('board-band').addEventListener('change', (e) => go({ band: /** @type {HTMLSelectElement} */ (e.target).value || null }))
$('board-filters').addEventListener('submit', (e) => e.preventDefault())
window.addEventListener('hashchange', () => route().catch(console.error))
route().catch(console.error)
