/**
 * The puzzle dashboard (/dashboard/): the last 7, 30 or 90 days of chess puzzles. A signed-in
 * player's figures come from GET /api/me/dashboard; a guest's are computed here from this
 * browser's log by the same rules (chess/dashboard.js, the twin of puzzlebook/chess/dashboard.py).
 * The span is in the address (?days=7), so a link keeps it.
 */
import { call, getPlayer } from '../lib/api.js'
import { dayIn, siteZone, shortDate } from '../lib/dates.js'
import { barChart, lineChart } from '../lib/charts.js'
import { keepTableRoles } from '../lib/tables.js'
import { ChessStore } from '../chess/store.js'
import { SPANS, dashboard, talliesOf } from '../chess/dashboard.js'
import { themeWords } from '../chess/theme_words.js'
import { practiseLink } from '../chess/practise.js'

const $ = (id) => document.getElementById(id)
let serial = 0

function spanOf(search) {
  const days = Number(new URLSearchParams(search).get('days'))
  return SPANS.includes(days) ? days : 30
}

/** { figures } for `days` from the server (a player) or this browser (a guest); { error } when it can't be read. */
async function figuresFor(days) {
  if (getPlayer()) {
    const got = await call(`/me/dashboard?days=${days}`)
    if (got.status === 200 && got.data) return { figures: got.data }
    if (got.status === 0) return { error: 'You seem to be offline: your dashboard is kept on the server. Try again when you are back online.' }
    return { error: (got.data && got.data.error) || 'Your dashboard could not be read. Try again in a moment.' }
  }
  return { figures: dashboard(talliesOf(new ChessStore().log()), dayIn(siteZone()), days) }
}

function text(tag, content, className = '') {
  const el = document.createElement(tag)
  if (className) el.className = className
  el.textContent = content
  return el
}

/** A table row of `values`, the first its heading; `labels`: each cell's column name (a phone's stacked rows). */
function cells(row, values, labels = []) {
  values.forEach((value, i) => {
    const cell = text(i === 0 ? 'th' : 'td', value)
    if (i && labels[i]) cell.dataset.label = labels[i]
    row.append(cell)
  })
  if (row.firstChild) row.firstChild.setAttribute('scope', 'row')
  return row
}

function firstTry(r) {
  return `${r.first} of ${r.played} first try (${r.first_rate}%)`
}

function themeItem(r) {
  const li = document.createElement('li')
  li.className = 'theme-item'
  const words = document.createElement('div')
  words.append(text('div', themeWords(r.theme), 'theme-name'), text('div', `${firstTry(r)} · performance ${r.performance}`, 'theme-figures'))
  const practise = text('a', 'Practise', 'button')
  practise.href = practiseLink(r.theme)
  practise.setAttribute('aria-label', `Practise ${themeWords(r.theme)}`)
  li.append(words, practise)
  return li
}

function fillList(id, noneId, rows, none) {
  $(id).replaceChildren(...rows.map(themeItem))
  $(noneId).hidden = rows.length > 0
  $(noneId).textContent = none
}

function render(figures, days) {
  const { played, first } = figures
  $('dash-played').textContent = String(played)
  $('dash-first').textContent = played ? `${figures.first_rate}%` : '—'
  $('dash-performance').textContent = figures.performance === null ? '—' : String(figures.performance)
  $('dash-empty').hidden = played > 0
  $('dash-empty').textContent = `No puzzles finished in the last ${days} days yet. Play a few and come back.`
  $('dash-first').title = played ? `${first} of ${played}` : ''
  const few = 'No theme yet: a theme shows once you have played it five times in these days.'
  fillList('weak-list', 'weak-none', figures.weak, figures.themes.length ? 'None below your overall performance.' : few)
  fillList('strong-list', 'strong-none', figures.strong, figures.themes.length ? 'None above your overall performance yet.' : few)

  const ratings = figures.ratings
  $('rating-none').hidden = ratings.length > 0
  $('rating-none').textContent = getPlayer()
    ? `No rated puzzles in the last ${days} days.`
    : `No rating in the last ${days} days: this browser estimates yours from the puzzles you finish here.`
  $('rating-details').hidden = !ratings.length
  if (ratings.length) {
    const last = ratings[ratings.length - 1]
    const summary = ratings.length === 1
      ? `Your rating: ${last.rating} on ${shortDate(last.day)}.`
      : `Your rating from ${ratings[0].rating} on ${shortDate(ratings[0].day)} to ${last.rating} on ${shortDate(last.day)}.`
    $('rating-chart').replaceChildren(lineChart(ratings.map((p) => ({ label: shortDate(p.day), value: p.rating })), summary))
    $('rating-rows').replaceChildren(...ratings.map((p) => cells(document.createElement('tr'), [shortDate(p.day), String(p.rating)])))
  } else {
    $('rating-chart').replaceChildren()
    $('rating-rows').replaceChildren()
  }

  const themes = figures.themes
  const weak = new Set(figures.weak.map((r) => r.theme))
  const strong = new Set(figures.strong.map((r) => r.theme))
  $('themes-none').hidden = themes.length > 0
  $('themes-none').textContent = few
  $('theme-details').hidden = !themes.length
  if (themes.length) {
    const rows = themes.map((r) => ({
      label: themeWords(r.theme), value: r.first_rate, note: `${r.first_rate}% · ${r.performance}`,
      tone: weak.has(r.theme) ? 'weak' : (strong.has(r.theme) ? 'strong' : ''),
    }))
    const summary = `Solved first try by theme, weakest first: ${themes.slice(0, 3).map((r) => `${themeWords(r.theme)} ${r.first_rate}%`).join(', ')}${themes.length > 3 ? ', …' : ''}.`
    $('theme-chart').replaceChildren(barChart(rows, summary))
    $('theme-rows').replaceChildren(...themes.map((r) => cells(document.createElement('tr'),
      [themeWords(r.theme), String(r.played), `${r.first} (${r.first_rate}%)`, String(r.performance)],
      ['', 'Played', 'First try', 'Performance'])))
    keepTableRoles($('theme-rows').closest('table'))
  } else {
    $('theme-chart').replaceChildren()
    $('theme-rows').replaceChildren()
  }
}

async function show(days) {
  const mine = ++serial
  for (const button of document.querySelectorAll('[data-days]')) {
    button.setAttribute('aria-pressed', String(Number(button.dataset.days) === days))
  }
  const player = getPlayer()
  $('dash-lede').textContent = player
    ? `${player.name}’s last ${days} days of chess puzzles.`
    : `Your last ${days} days of chess puzzles in this browser. Make a player on the home page to keep them wherever you sign in.`
  const got = await figuresFor(days)
  if (mine !== serial) return
  $('dash-error').hidden = !got.error
  $('dash-error').textContent = got.error || ''
  $('dash-body').hidden = Boolean(got.error)
  if (got.figures) {
    render(got.figures, days)
    document.body.dataset.dashboard = 'ready'
  }
}

for (const button of document.querySelectorAll('[data-days]')) {
  button.addEventListener('click', () => {
    const days = Number(button.dataset.days)
    const url = new URL(location.href)
    url.searchParams.set('days', String(days))
    history.replaceState(null, '', url)
    show(days)
  })
}
show(spanOf(location.search))
