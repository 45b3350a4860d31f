/**
 * The puzzle dashboard (/dashboard/): the last 7, 30 or 90 days of chess puzzles. A signed-in
 * player's figures come from GET /api/me/dashboard; a guest's are computed here from this
 * browser's log by the same rules (chess/dashboard.js, the twin of puzzlebook/chess/dashboard.py).
 * The span is in the address (?days=7), so a link keeps it. With ?class=<id>&student=<id> it is a
 * student's dashboard as their teacher sees it (classes/viewed.js): the same figures, read through
 * the class, each theme offering a set to assign rather than practice.
 */
import { call, getPlayer } from '../lib/api.js'
import { playerDay, shortDate } from '../lib/dates.js'
import { barChart, lineChart } from '../lib/charts.js'
import { keepTableRoles } from '../lib/tables.js'
import { ChessStore } from '../chess/store.js'
import { RESULT_POINTS, SPANS, dashboard, resultRatings, talliesOf } from '../chess/dashboard.js'
import { themeWords } from '../chess/theme_words.js'
import { practiseLink } from '../chess/practise.js'
import { aboutStudent, viewedLede, viewedOf } from '../classes/viewed.js'
import { $ } from '../lib/dom.js'
import { LANG, number, t, tn } from '../lib/i18n.js'
/** @import { Answer } from '../answer_types.js' */
/** @import { Dashboard, ErrorBody, HistoryLine, HistoryPage, RatingPoint, ThemeFigures } from '../api_types.js' */
/** @import { LogEntry } from '../chess_types.js' */
/**
 * The figures of a span and the rating result by result (empty: a point a day).
 * @typedef {{ figures: Dashboard, results: RatingPoint[] }} Drawn
 */
/** @typedef {{ name?: string, className?: string }} Who the viewed student, as classes/viewed.js describes them */

const HISTORY_PAGE = 20 // lines a page of /api/me/history
let serial = 0
/** @type {(Drawn & { days: number }) | null} */
let drawn = null // { figures, results, days }: what the charts show, drawn again when their boxes change width
const viewed = viewedOf(location.search) // a student seen by their teacher, or null: the player's own
/** @type {Who | null} */
let who = null // the viewed student's { name, className }, once read

/** @param {string} search */
function spanOf(search) {
  const days = Number(new URLSearchParams(search).get('days'))
  return SPANS.includes(days) ? days : 30
}

/**
 * { figures } for `days` from the server (a player) or this browser (a guest); { error } when it can't be read.
 * @param {number} days
 * @returns {Promise<Drawn & { error?: undefined } | { error: string, figures?: undefined }>}
 */
async function figuresFor(days) {
  if (viewed) {
    if (!getPlayer()) return { error: t('Sign in as the class’s teacher to see a student’s dashboard.') }
    const got = /** @type {Answer<Dashboard & Partial<ErrorBody>>} */ (await call(viewed.dashboardPath(days)))
    if (got.status === 200 && got.data) return { figures: got.data, results: await playerResults(got.data) }
    if (got.status === 0) return { error: t('You seem to be offline: a student’s dashboard is kept on the server. Try again when you are back online.') }
    return { error: (got.data && got.data.error) || t('This dashboard could not be read. Try again in a moment.') }
  }
  if (getPlayer()) {
    const got = /** @type {Answer<Dashboard & Partial<ErrorBody>>} */ (await call(`/me/dashboard?days=${days}`))
    if (got.status === 200 && got.data) return { figures: got.data, results: await playerResults(got.data) }
    if (got.status === 0) return { error: t('You seem to be offline: your dashboard is kept on the server. Try again when you are back online.') }
    return { error: (got.data && got.data.error) || t('Your dashboard could not be read. Try again in a moment.') }
  }
  const log = /** @type {LogEntry[]} */ (new ChessStore().log()) // chess/store.js keeps logEntry()'s
  const figures = dashboard(talliesOf(log), playerDay(), days)
  return { figures, results: figures.played <= RESULT_POINTS ? resultRatings(log.slice().reverse(), figures.from) : [] }
}

/**
 * A player's rating result by result over the span (resultRatings), from the history's pages back
 * to the span's first day, when the span has at most RESULT_POINTS results; else [] (a point a day).
 * @param {Dashboard} figures
 */
async function playerResults(figures) {
  if (!figures.played || figures.played > RESULT_POINTS) return []
  /** @type {HistoryLine[]} */
  const lines = []
  /** @type {string | null} */
  let before = null
  for (let page = 0; page <= Math.ceil(RESULT_POINTS / HISTORY_PAGE); page++) {
    const query = before ? `before=${encodeURIComponent(before)}` : ''
    const got = /** @type {Answer<HistoryPage>} */ (await call(viewed ? viewed.historyPath(query) : `/me/history${query ? `?${query}` : ''}`))
    if (got.status !== 200 || !got.data) return []
    lines.push(...got.data.lines)
    before = got.data.next
    if (!before || !got.data.lines.length || /** @type {HistoryLine} */ (got.data.lines.at(-1)).day < figures.from) break
  }
  return resultRatings(lines, figures.from)
}

/**
 * @template {keyof HTMLElementTagNameMap} Tag
 * @param {Tag} tag
 * @param {string} content
 */
function text(tag, content, className = '') {
  const el = document.createElement(tag)
  if (className) el.className = className
  el.textContent = content
  return el
}

/** A table row of `values`, the first its heading; `labels`: each cell's column name (a phone's stacked rows). */
/**
 * @param {HTMLTableRowElement} row
 * @param {string[]} values
 * @param {string[]} [labels]
 */
function cells(row, values, labels = []) {
  values.forEach((value, i) => {
    const cell = text(i === 0 ? 'th' : 'td', value)
    if (i && labels[i]) cell.dataset.label = labels[i]
    row.append(cell)
  })
  if (row.firstChild) /** @type {Element} */ (row.firstChild).setAttribute('scope', 'row')
  return row
}

/** @param {ThemeFigures} r */
function firstTry(r) {
  return t('{first} of {played} first try ({rate}%)', { first: r.first, played: r.played, rate: r.first_rate })
}

/** @param {ThemeFigures} r */
function themeItem(r) {
  const li = document.createElement('li')
  li.className = 'theme-item'
  const words = document.createElement('div')
  words.append(text('div', themeWords(r.theme), 'theme-name'), text('div', t('{first_try} · performance {performance}', { first_try: firstTry(r), performance: r.performance }), 'theme-figures'))
  // To the teacher, a weak theme is one to assign a set of; to the player, one to practise.
  const practise = text('a', viewed ? t('Assign a set') : t('Practise'), 'button')
  practise.href = viewed ? viewed.assignPage(r.theme) : practiseLink(r.theme)
  practise.setAttribute('aria-label', viewed ? t('Assign a set of {theme}', { theme: themeWords(r.theme) }) : t('Practise {theme}', { theme: themeWords(r.theme) }))
  li.append(words, practise)
  return li
}

/**
 * @param {string} id
 * @param {string} noneId
 * @param {ThemeFigures[]} rows
 * @param {string} none
 */
function fillList(id, noneId, rows, none) {
  $(id).replaceChildren(...rows.map(themeItem))
  $(noneId).hidden = rows.length > 0
  $(noneId).textContent = none
}

/**
 * @param {Drawn} shown
 * @param {number} days
 */
function render({ figures, results }, days) {
  const { played, first } = figures
  $('dash-played').textContent = String(played)
  $('dash-first').textContent = played ? `${figures.first_rate}%` : '—'
  $('dash-performance').textContent = figures.performance === null ? '—' : String(figures.performance)
  $('dash-empty').hidden = played > 0
  $('dash-empty').textContent = viewed
    ? t('No puzzles finished in the last {days} days yet.', { days })
    : t('No puzzles finished in the last {days} days yet. Play a few and come back.', { days })
  $('dash-first').title = played ? t('{first} of {played}', { first, played }) : ''
  const few = viewed
    ? t('No theme yet: a theme shows once they have played it five times in these days.')
    : t('No theme yet: a theme shows once you have played it five times in these days.')
  const below = viewed ? t('None below their overall performance.') : t('None below your overall performance.')
  const above = viewed ? t('None above their overall performance yet.') : t('None above your overall performance yet.')
  fillList('weak-list', 'weak-none', figures.weak, figures.themes.length ? below : few)
  fillList('strong-list', 'strong-none', figures.strong, figures.themes.length ? above : few)

  drawn = { figures, results, days }
  drawCharts()

  const themes = figures.themes
  $('themes-none').hidden = themes.length > 0
  $('themes-none').textContent = few
  $('theme-details').hidden = !themes.length
  if (themes.length) {
    $('theme-rows').replaceChildren(...themes.map((r) => cells(document.createElement('tr'),
      [themeWords(r.theme), String(r.played), `${r.first} (${r.first_rate}%)`, String(r.performance)],
      ['', t('Played'), t('First try'), t('Performance')])))
    keepTableRoles(/** @type {HTMLTableElement} */ ($('theme-rows').closest('table')))
  } else {
    $('theme-rows').replaceChildren()
  }
}

/** The width to draw a chart in its box: the box's, in whole pixels (a hidden box: 320). */
/** @param {HTMLElement} box */
function widthOf(box) {
  return Math.floor(box.clientWidth) || 320
}

/**
 * The rating chart and its table: each rated result of the span when there are few enough
 * (`results`: a new player's first day was a single dot), else the rating after each day.
 */
/** @param {Drawn & { days: number }} drawn */
function drawRating({ figures, results, days }) {
  const byResult = results.length >= 2
  const ratings = figures.ratings
  const shown = byResult ? results.length - 1 : ratings.length
  $('rating-none').hidden = shown > 0
  $('rating-none').textContent = getPlayer() || viewed
    ? t('No rated puzzles in the last {days} days.', { days })
    : t('No rating in the last {days} days: this browser estimates yours from the puzzles you finish here.', { days })
  $('rating-details').hidden = !shown
  const student = who || {}
  $('rating-caption').textContent = viewed
    ? (byResult
        ? aboutStudent(student, (name) => t('{name}’s rating before these days’ first rated puzzle and after each', { name }), () => t('This student’s rating before these days’ first rated puzzle and after each'))
        : aboutStudent(student, (name) => t('{name}’s rating after each day they played', { name }), () => t('This student’s rating after each day they played')))
    : (byResult ? t('Your rating before these days’ first rated puzzle and after each') : t('Your rating after each day you played'))
  $('rating-when').textContent = byResult ? t('Puzzle') : t('Day')
  if (!shown) {
    $('rating-chart').replaceChildren()
    $('rating-rows').replaceChildren()
    return
  }
  let points
  let rows
  let summary
  if (byResult) {
    const first = results[0]
    const last = /** @type {RatingPoint} */ (results.at(-1)) // two at least
    // The ends say when: the first result's day, and the last's, or its number when on the same day.
    const end = last.day === first.day ? t('Puzzle {n}', { n: shown }) : shortDate(last.day)
    points = results.map((p, i) => ({ label: i === results.length - 1 ? end : shortDate(p.day), value: p.rating }))
    rows = results.map((p, i) => [i === 0 ? t('Before the first') : `${i} · ${shortDate(p.day)}`, String(p.rating)])
    const values = { from: first.rating, to: last.rating }
    summary = viewed
      ? aboutStudent(student,
        (name) => tn('{name}’s rating over {n} rated puzzle: from {from} to {to}.', '{name}’s rating over {n} rated puzzles: from {from} to {to}.', shown, { name, ...values }),
        () => tn('This student’s rating over {n} rated puzzle: from {from} to {to}.', 'This student’s rating over {n} rated puzzles: from {from} to {to}.', shown, values))
      : tn('Your rating over {n} rated puzzle: from {from} to {to}.', 'Your rating over {n} rated puzzles: from {from} to {to}.', shown, values)
  } else {
    const last = /** @type {RatingPoint} */ (ratings.at(-1)) // one at least
    points = ratings.map((p) => ({ label: shortDate(p.day), value: p.rating }))
    rows = ratings.map((p) => [shortDate(p.day), String(p.rating)])
    const [from, to] = [{ rating: ratings[0].rating, day: shortDate(ratings[0].day) }, { rating: last.rating, day: shortDate(last.day) }]
    if (viewed) {
      const span = { from: from.rating, first: from.day, to: to.rating, last: to.day }
      summary = ratings.length === 1
        ? aboutStudent(student, (name) => t('{name}’s rating: {rating} on {day}.', { name, ...to }), () => t('This student’s rating: {rating} on {day}.', to))
        : aboutStudent(student, (name) => t('{name}’s rating from {from} on {first} to {to} on {last}.', { name, ...span }), () => t('This student’s rating from {from} on {first} to {to} on {last}.', span))
    } else {
      summary = ratings.length === 1
        ? t('Your rating: {rating} on {day}.', to)
        : t('Your rating from {from} on {first} to {to} on {last}.', { from: from.rating, first: from.day, to: to.rating, last: to.day })
    }
  }
  $('rating-chart').replaceChildren(lineChart(points, summary, widthOf($('rating-chart'))))
  $('rating-rows').replaceChildren(...rows.map((values) => cells(document.createElement('tr'), values)))
}

/** @param {Drawn} drawn */
function drawThemes({ figures }) {
  const themes = figures.themes
  if (!themes.length) {
    $('theme-chart').replaceChildren()
    return
  }
  const weak = new Set(figures.weak.map((r) => r.theme))
  const strong = new Set(figures.strong.map((r) => r.theme))
  const rows = themes.map((r) => ({
    label: themeWords(r.theme), value: r.first_rate, note: `${r.first_rate}% · ${r.performance}`,
    tone: weak.has(r.theme) ? 'weak' : (strong.has(r.theme) ? 'strong' : ''),
  }))
  const list = themesListed(themes)
  const summary = t('Solved first try by theme, weakest first: {themes}.', { themes: list })
  $('theme-chart').replaceChildren(barChart(rows, summary, widthOf($('theme-chart'))))
}

/**
 * The first three themes and their first-try rates for the chart's summary, "Fork 40%, Pin 55%, …";
 * in the other languages each one a message, listed as the language lists them.
 * @param {ThemeFigures[]} themes
 */
function themesListed(themes) {
  const more = themes.length > 3 ? ['…'] : []
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') {
    const items = themes.slice(0, 3).map((r) => t('{theme} {rate}%', { theme: themeWords(r.theme), rate: number(r.first_rate) }))
    return new Intl.ListFormat(LANG, { type: 'unit' }).format([...items, ...more])
  }
  return [...themes.slice(0, 3).map((r) => `${themeWords(r.theme)} ${r.first_rate}%`), ...more].join(', ')
}

function drawCharts() {
  if (!drawn) return
  drawRating(drawn)
  drawThemes(drawn)
}

// A chart is drawn at its box's width: again when that width changes (a phone turned, a window resized).
let widths = ''
new ResizeObserver(() => {
  const now = `${widthOf($('rating-chart'))} ${widthOf($('theme-chart'))}`
  if (now !== widths) {
    widths = now
    drawCharts()
  }
}).observe($('dash-body'))

/**
 * The page's words for a student seen by their teacher.
 * @param {number} days
 */
function showViewed(days) {
  // Only for a student viewed, once described (show()).
  const student = /** @type {Who} */ (who)
  const title = aboutStudent(student, (name) => t('{name}’s puzzle dashboard', { name }), () => t('This student’s puzzle dashboard'))
  $('dash-title').textContent = title
  document.title = title
  $('dash-lede').textContent = viewedLede(student, aboutStudent(student,
    (name) => t('{name}’s last {days} days of chess puzzles, as they see them.', { name, days }),
    () => t('This student’s last {days} days of chess puzzles, as they see them.', { days })))
  $('weak-title').textContent = aboutStudent(student, (name) => t('{name}’s weakest themes', { name }), () => t('This student’s weakest themes'))
  $('strong-title').textContent = aboutStudent(student, (name) => t('{name}’s strongest themes', { name }), () => t('This student’s strongest themes'))
  $('rating-chart-title').textContent = aboutStudent(student, (name) => t('{name}’s rating', { name }), () => t('This student’s rating'))
  const view = /** @type {NonNullable<typeof viewed>} */ (viewed)
  const historyLink = /** @type {HTMLAnchorElement} */ ($('history-link'))
  historyLink.textContent = aboutStudent(student, (name) => t('Every puzzle {name} played', { name }), () => t('Every puzzle this student played'))
  historyLink.href = view.page('history')
  const classLink = /** @type {HTMLAnchorElement} */ ($('class-link'))
  classLink.hidden = false
  classLink.href = view.classPage
  classLink.textContent = student.className ? t('Back to {name}', { name: student.className }) : t('Back to the class')
}

/** @param {number} days */
async function show(days) {
  const mine = ++serial
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-days]'))) {
    button.setAttribute('aria-pressed', String(Number(button.dataset.days) === days))
  }
  const player = getPlayer()
  if (viewed && !who) who = await viewed.describe()
  if (mine !== serial) return
  if (viewed) showViewed(days)
  else $('dash-lede').textContent = player
    ? t('{name}’s last {days} days of chess puzzles.', { name: player.name, days })
    : t('Your last {days} days of chess puzzles in this browser. Make a player on the home page to keep them wherever you sign in.', { days })
  const got = await figuresFor(days)
  if (mine !== serial) return
  $('dash-error').hidden = !got.error
  $('dash-error').textContent = got.error || ''
  $('dash-body').hidden = Boolean(got.error)
  if (got.figures) {
    render(got, days)
    document.body.dataset.dashboard = 'ready'
  } else {
    document.body.dataset.dashboard = 'refused'
  }
}

for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-days]'))) {
  button.addEventListener('click', () => {
    const days = Number(button.dataset.days)
    const url = new URL(location.href)
    url.searchParams.set('days', String(days)) // ?class= and ?student= stay
    history.replaceState(null, '', url)
    show(days)
  })
}
show(spanOf(location.search))
