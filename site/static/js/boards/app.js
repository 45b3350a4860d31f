/**
 * The leaderboards page (/boards/): one board at a time, chosen by its tab
 * (see model.js for the addresses). A signed-in player's token goes with
 * each request, so their row is marked and, when they are outside the top
 * 100, shown after the others.
 */
import { BANDS, parseRoute, routeOf, apiPath, columns, displayRows, placeLine, caption } from './model.js'
import { call, reason } from '../lib/api.js'
import { dayIn, siteZone, longDate, isDay } from '../lib/dates.js'
import { $, el as make, announce } from '../lib/dom.js'
import { keepTableRoles } from '../lib/tables.js'

let serial = 0
let current = null

const el = (tag, className, text) => make(tag, { class: className || null, text })

function message(text, className = 'muted') {
  $('board-body').replaceChildren(el('p', className, text))
  $('board-mine').hidden = true
}

/** The bands of the dailies of `game` on `date`, from its published file ([] when there is none). */
async function dayBands(game, date) {
  try {
    const res = await fetch(`/daily/${game}/${date}.json`)
    if (!res.ok) return []
    const file = await res.json()
    return (file.dailies || []).map((d) => d.band).filter((b) => BANDS.includes(b))
  } catch {
    return []
  }
}

function setTabs(board) {
  for (const a of document.querySelectorAll('[data-board]')) {
    if (a.dataset.board === board.id) a.setAttribute('aria-current', 'page')
    else a.removeAttribute('aria-current')
  }
}

function setFilters(board, date, band, bands) {
  $('date-field').hidden = !board.dated
  $('band-field').hidden = !board.bands || (board.bands === 'day' && bands.length < 2)
  if (board.dated) {
    $('board-date').value = date
    $('board-date').max = dayIn(siteZone())
  }
  if (board.bands) {
    const options = board.bands === 'optional' ? [['', 'All bands'], ...BANDS.map((b) => [b, b])] : bands.map((b) => [b, b])
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
 */
function renderTable(board, answer, title) {
  const cols = columns(board)
  const table = el('table', cols.length > 1 ? 'board-table is-wide' : 'board-table')
  table.dataset.reflow = ''
  table.append(el('caption', '', title))
  const head = el('tr')
  for (const [text, num] of [['Place', true], ['Name', false], ...cols.map((c) => [c.head, c.num])]) {
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
      tr.append(el('td', 'num board-place', `#${item.row.place}`))
      const name = el('td', 'board-name', item.row.name)
      if (item.you) name.append(el('span', 'visually-hidden', ' (you)'))
      tr.append(name, ...cols.map((c, k) => {
        const td = el('td', `${c.num ? 'num ' : ''}${k === cols.length - 1 ? 'board-last' : 'board-stat'}`, c.cell(item.row))
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
  document.title = 'Leaderboards · Puzzle Book'
  const text = 'That page isn’t in the book. The address may be mistyped: pick a board above. A day is written like #/chain/daily/2026-09-07.'
  message(text, 'notice')
  announce(text)
}

async function route() {
  const mine = ++serial
  const today = dayIn(siteZone())
  const want = parseRoute(location.hash)
  if (!want) return mistyped()
  const { board } = want
  const date = board.dated ? (want.date || today) : null
  let band = want.band
  setTabs(board)
  current = { board, date, band }
  document.title = `${board.title} · Leaderboards · Puzzle Book`
  let bands = []
  if (board.bands === 'day') {
    // A board of the day's daily's band: the bands that day had come from its game's day file.
    bands = await dayBands(board.game, date)
    if (mine !== serial) return
    if (!bands.length) {
      setFilters(board, date, band, bands)
      return message(date > today ? 'That day hasn’t come yet.' : `There was no ${board.title.toLowerCase()} that day.`)
    }
    if (!band || !bands.includes(band)) band = bands[0]
    current.band = band
  }
  setFilters(board, date, band, bands)
  if (board.dated && date > today) return message('That day hasn’t come yet.')
  message('Loading the board…')
  const answer = await call(apiPath(board, { date, band }))
  if (mine !== serial) return
  if (answer.status !== 200 || !answer.data) return message(reason(answer, 'The board couldn’t be loaded. Try again in a moment.'), 'notice')
  const title = caption(board, { date: date && longDate(date), band })
  const rows = displayRows(answer.data)
  $('board-body').replaceChildren(rows.length ? renderTable(board, answer.data, title) : el('p', 'muted', `${title}: no one on this board yet.`))
  const line = placeLine(board, answer.data)
  $('board-mine').hidden = !line
  $('board-mine').textContent = line || ''
  announce(`${title}. ${rows.length ? `${answer.data.rows.length} on the board.` : 'No one yet.'}${line ? ` ${line}` : ''}`)
}

function go(change) {
  if (!current) return
  const next = { ...current, ...change }
  location.hash = routeOf(next.board.id, { date: next.board.dated && next.date !== dayIn(siteZone()) ? next.date : null, band: next.band })
}

$('board-date').addEventListener('change', (e) => {
  if (isDay(e.target.value)) go({ date: e.target.value })
})
$('board-band').addEventListener('change', (e) => go({ band: e.target.value || null }))
$('board-filters').addEventListener('submit', (e) => e.preventDefault())
window.addEventListener('hashchange', () => route().catch(console.error))
route().catch(console.error)
