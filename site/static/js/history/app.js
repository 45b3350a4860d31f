/**
 * The puzzle history (/history/): every chess puzzle played, newest first, a page at a time, each
 * opening the puzzle again; a filter for the missed ones and Replay missed (chess/replay.js). A
 * signed-in player's pages come from GET /api/me/history; a guest's from this browser's log. With
 * ?class=<id>&student=<id> it is a student's history as their teacher sees it (classes/viewed.js):
 * the same lines, read through the class, without Replay missed (the teacher's runs are their own).
 */
import { call, getPlayer } from '../lib/api.js'
import { shortDate } from '../lib/dates.js'
import { keepTableRoles } from '../lib/tables.js'
import { ChessStore } from '../chess/store.js'
import { themeWords } from '../chess/theme_words.js'
import { startReplay } from '../chess/replay.js'
import { NAMES } from '../chess/result_names.js'
import { aboutStudent, viewedLede, viewedOf } from '../classes/viewed.js'
import { $ } from '../lib/dom.js'
import { t } from '../lib/i18n.js'
import { bandWords } from '../lib/bands.js'
/** @import { Answer } from '../answer_types.js' */
/** @import { ErrorBody, HistoryLine, HistoryPage } from '../api_types.js' */
/**
 * A line of the history: the server's, or an entry of this browser's log (chess/store.js), which
 * has no rating change.
 * @typedef {Pick<HistoryLine, 'id' | 'band' | 'rating' | 'themes' | 'result' | 'day'> & { change?: number | null }} Line
 */
/**
 * A page of lines and the next page's cursor (the server's) or offset (this browser's), or why not.
 * @typedef {{ lines: Line[], next: string | number | null, error?: undefined } | { error: string }} Page
 */
/** @typedef {{ lines: Line[], next: string | number | null }} Listed a page that came */

const PAGE = 20
const REPLAY_MOST = 200 // missed puzzles a run takes, newest first
// Not solved first try: what "Missed only" lists and Replay missed takes (the server's missed=true).
const MISSED = new Set(['mistake', 'missed', 'shown'])

let serial = 0
/** @type {string | number | null | undefined} */
let cursor = null // the next page's cursor (server) or offset (browser); null: no more
const viewed = viewedOf(location.search) // a student seen by their teacher, or null: the player's own

/**
 * A page of lines: { lines, next } or { error }.
 * @param {boolean} missed
 * @param {string | number | null | undefined} before
 * @returns {Promise<Page>}
 */
async function page(missed, before) {
  if (viewed && !getPlayer()) return { error: t('Sign in as the class’s teacher to see a student’s history.') }
  if (getPlayer()) {
    const query = new URLSearchParams()
    if (missed) query.set('missed', 'true')
    if (before) query.set('before', /** @type {string} */ (before)) // the server's cursor
    const got = /** @type {Answer<HistoryPage & Partial<ErrorBody>>} */ (await call(viewed ? viewed.historyPath(query.toString()) : `/me/history${query.toString() ? `?${query}` : ''}`))
    if (got.status === 200 && got.data) return got.data
    if (got.status === 0) return { error: t('You seem to be offline: your history is kept on the server. Try again when you are back online.') }
    return { error: (got.data && got.data.error) || t('Your history could not be read. Try again in a moment.') }
  }
  // The log is chess/store.js's: an entry a puzzle finished in this browser.
  const log = /** @type {Line[]} */ (new ChessStore().log()).slice().reverse().filter((e) => !missed || MISSED.has(e.result))
  const start = /** @type {number} */ (before || 0) // this browser's pages go by offset
  return { lines: log.slice(start, start + PAGE), next: start + PAGE < log.length ? start + PAGE : null }
}

/**
 * @param {'th' | 'td'} tag
 * @param {string} label
 * @param {...(Node | string)} content
 */
function cell(tag, label, ...content) {
  const el = document.createElement(tag)
  if (label) el.dataset.label = label
  el.append(...content)
  return el
}

/**
 * @param {string} className
 * @param {string} words
 */
function span(className, words) {
  const el = document.createElement('span')
  el.className = className
  el.textContent = words
  return el
}

/** @param {Line} line */
function change(line) {
  if (line.change === null || line.change === undefined) return '—'
  return line.change > 0 ? `+${line.change}` : line.change < 0 ? `−${-line.change}` : '±0'
}

/** @param {Line} line */
function row(line) {
  const tr = document.createElement('tr')
  const link = document.createElement('a')
  link.href = `/#/p/${encodeURIComponent(line.band)}/${encodeURIComponent(line.id)}`
  link.textContent = `${bandWords(line.band)} · ${line.rating}`
  const th = cell('th', '', link)
  th.scope = 'row'
  const themes = (line.themes || []).map(themeWords).join(', ') || '—'
  tr.append(
    th,
    cell('td', t('Date'), shortDate(line.day)),
    cell('td', t('Result'), span(`result result-${line.result}`, NAMES[line.result] || line.result)),
    cell('td', t('Rating'), span('history-change', change(line))),
    cell('td', t('Themes'), span('history-themes', themes)),
  )
  tr.dataset.result = line.result
  return tr
}

/** @param {boolean} append */
async function load(append) {
  const mine = ++serial
  const missed = /** @type {HTMLInputElement} */ ($('missed-only')).checked
  const got = await page(missed, append ? cursor : null)
  if (mine !== serial) return
  $('history-error').hidden = !got.error
  $('history-error').textContent = got.error || ''
  if (got.error) {
    document.body.dataset.history = 'refused'
    return
  }
  // No error: a page (its lines and the next page's cursor).
  const rows = /** @type {Listed} */ (got).lines.map(row)
  if (append) $('history-rows').append(...rows)
  else $('history-rows').replaceChildren(...rows)
  cursor = /** @type {Listed} */ (got).next
  const shown = $('history-rows').children.length
  $('history-table').hidden = shown === 0
  keepTableRoles($('history-table'))
  $('history-more').hidden = cursor === null || cursor === undefined
  $('history-empty').hidden = shown > 0
  $('history-empty').textContent = missed
    ? t('No missed puzzles. Clean work.')
    : viewed ? t('No puzzles played yet.') : t('No puzzles played yet. Today’s daily is on the home page.')
  document.body.dataset.history = 'ready'
}

/**
 * Every missed puzzle (newest first, at most REPLAY_MOST), from the server or this browser.
 * @returns {Promise<{ puzzles: { band: string, id: string }[], error?: undefined } | { error: string }>}
 */
async function missedPuzzles() {
  /** @type {Line[]} */
  const out = []
  /** @type {string | number | null | undefined} */
  let before = null
  do {
    const got = await page(true, before)
    if (got.error) return { error: got.error }
    // No error: a page.
    out.push(.../** @type {Listed} */ (got).lines)
    before = /** @type {Listed} */ (got).next
  } while (before !== null && before !== undefined && out.length < REPLAY_MOST)
  return { puzzles: out.slice(0, REPLAY_MOST).map((l) => ({ band: l.band, id: l.id })) }
}

async function replay() {
  const button = /** @type {HTMLButtonElement} */ ($('replay-missed'))
  button.disabled = true
  const got = await missedPuzzles()
  button.disabled = false
  if (got.error) {
    $('history-error').hidden = false
    $('history-error').textContent = got.error
    return
  }
  /** @typedef {{ puzzles: { band: string, id: string }[] }} Missed no error: the puzzles */
  if (!/** @type {Missed} */ (got).puzzles.length) {
    $('history-empty').hidden = false
    $('history-empty').textContent = t('No missed puzzles to replay.')
    return
  }
  startReplay(/** @type {Missed} */ (got).puzzles)
  location.href = '/#/replay'
}

const player = getPlayer()
if (viewed) {
  /** @type {HTMLAnchorElement} */ ($('dashboard-link')).href = viewed.page('dashboard')
  $('replay-missed').hidden = true
  $('history-lede').textContent = t('Reading the student’s history…')
  viewed.describe().then((who) => {
    const title = aboutStudent(who, (name) => t('{name}’s puzzle history', { name }), () => t('This student’s puzzle history'))
    $('history-title').textContent = title
    document.title = title
    $('history-lede').textContent = viewedLede(who, aboutStudent(who,
      (name) => t('Every chess puzzle {name} played, newest first, as they see it.', { name }),
      () => t('Every chess puzzle this student played, newest first, as they see it.')))
    $('dashboard-link').textContent = aboutStudent(who, (name) => t('{name}’s dashboard', { name }), () => t('This student’s dashboard'))
  })
} else {
  $('history-lede').textContent = player
    ? t('Every chess puzzle {name} played, newest first. Open one to play it again.', { name: player.name })
    : t('Every chess puzzle you finished in this browser, newest first. Open one to play it again.')
}
$('missed-only').addEventListener('change', () => load(false))
$('history-more').addEventListener('click', () => load(true))
$('replay-missed').addEventListener('click', replay)
load(false)
