/**
 * The archive page (/archive/):
 *
 *   #/                  the newest month with past days
 *   #/YYYY-MM           a month: each day's Chain (/chain/#/<date>) and chess daily
 *   #/chess/YYYY-MM-DD  that day's chess daily: straight to it when there was one
 *                       (/#/daily/<band>/<date>), a choice when there were three
 *   anything else       the mistyped-address notice (a day or month that doesn't
 *                       exist included: dates.js's parseDay is the rule)
 *
 * Everything comes from the published files (/daily/index.json and the days'
 * files), so an archive day is exactly the day that was published.
 */
import { pastMonths, monthName, dayName, parseRoute, chessDailyUrl, chainDayUrl } from './days.js'
import { ChainStore } from '../chain/store.js'
import { dayIn, siteZone, longDate } from '../lib/dates.js'
import { announce } from '../lib/announce.js'
import { showOnly, fillNotice } from '../lib/views.js'

const $ = (id) => document.getElementById(id)
const chain = new ChainStore()
let index = null
let serial = 0

async function getJson(url) {
  try {
    const res = await fetch(url)
    return res.ok ? { data: await res.json() } : { status: res.status }
  } catch {
    return { status: 0 }
  }
}

const VIEWS = { archive: 'archive-view', chess: 'chess-day-view', notice: 'notice-view' }

function show(view) {
  showOnly(Object.values(VIEWS), VIEWS[view])
}

function el(tag, { className, text, href } = {}) {
  const node = document.createElement(tag)
  if (className) node.className = className
  if (text !== undefined) node.textContent = text
  if (href) node.href = href
  return node
}

function chainMark(date) {
  const rec = chain.record(date)
  if (!rec) return null
  if (rec.state === 'solved') return 'solved'
  if (rec.state === 'gaveup') return 'gave up'
  return rec.played && rec.played.length ? 'started' : null
}

function renderMonth(months, month) {
  const list = $('archive-list')
  const select = $('archive-month')
  if (!months.length) {
    select.replaceChildren()
    list.replaceChildren(el('p', { className: 'muted', text: 'No past days yet: the archive fills from tomorrow.' }))
    return
  }
  const chosen = months.find((m) => m.month === month) || months[0]
  select.replaceChildren(...months.map((m) => {
    const option = el('option', { text: monthName(m.month) })
    option.value = m.month
    option.selected = m === chosen
    return option
  }))
  const section = el('section', { className: 'archive-month' })
  section.setAttribute('aria-labelledby', 'month-title')
  const title = el('h2', { text: monthName(chosen.month) })
  title.id = 'month-title'
  const days = el('ul', { className: 'archive-days' })
  for (const day of chosen.days) {
    const li = el('li', { className: 'archive-day' })
    const when = el('span', { className: 'archive-date', text: dayName(day.date) })
    const games = el('span', { className: 'archive-games' })
    if (day.chain) {
      const link = el('a', { text: 'Chain', href: chainDayUrl(day.date) })
      const mark = chainMark(day.date)
      link.setAttribute('aria-label', `Chain of ${longDate(day.date)}${mark ? `, ${mark}` : ''}`)
      games.append(link)
      if (mark) games.append(el('span', { className: 'archive-mark', text: mark }))
    }
    if (day.chess) {
      const link = el('a', { text: 'Chess daily', href: `#/chess/${day.date}` })
      link.setAttribute('aria-label', `Chess daily of ${longDate(day.date)}`)
      games.append(link)
    }
    if (day.storm) {
      const link = el('a', { text: 'Storm', href: `/storm/#/${day.date}` })
      link.setAttribute('aria-label', `Storm run of ${longDate(day.date)}`)
      games.append(link)
    }
    li.append(when, games)
    days.append(li)
  }
  section.append(title, days)
  list.replaceChildren(section)
}

async function renderChessDay(date) {
  const mine = serial
  show('chess')
  $('chess-day-title').textContent = `Chess daily · ${longDate(date)}`
  $('chess-day-lede').textContent = 'Looking for the day’s puzzle…'
  $('chess-day-list').replaceChildren()
  const got = await getJson(`/daily/chess/${date}.json`)
  if (mine !== serial) return
  const today = dayIn(siteZone())
  const dailies = got.data && Array.isArray(got.data.dailies) ? got.data.dailies : []
  if (date >= today || !dailies.length) {
    $('chess-day-lede').textContent = got.status === 0
      ? 'You seem to be offline. Try again when you are back online.'
      : (date >= today ? 'That day isn’t in the archive yet: today’s puzzles are on the chess page.' : 'There was no chess daily that day.')
    announce($('chess-day-lede').textContent)
    return
  }
  if (dailies.length === 1) {
    // One daily that day: go straight to it.
    location.replace(chessDailyUrl(date, dailies[0].band))
    return
  }
  $('chess-day-lede').textContent = `That day had ${dailies.length} dailies. Pick one.`
  $('chess-day-list').replaceChildren(...dailies.map((d) => {
    const li = el('li')
    const a = el('a', { href: chessDailyUrl(date, d.band) })
    a.append(el('strong', { text: d.band }), el('span', { className: 'muted', text: `Rated ${d.rating}` }))
    li.append(a)
    return li
  }))
  document.title = `Chess daily · ${longDate(date)} · Archive · Puzzle Book`
}

async function route() {
  const mine = ++serial
  const want = parseRoute(location.hash)
  if (want.kind === 'chess') return renderChessDay(want.date)
  if (want.kind === 'unknown') {
    show('notice')
    const title = 'That page isn’t in the book'
    return fillNotice(title, 'The address may be mistyped. A month of the archive is written like #/2026-10, a chess day like #/chess/2026-10-07.', `${title} · Archive · Puzzle Book`)
  }
  show('archive')
  document.title = 'Archive · Puzzle Book'
  if (!index) {
    const got = await getJson('/daily/index.json')
    if (mine !== serial) return
    if (!got.data) {
      $('archive-list').replaceChildren(el('p', {
        className: 'notice',
        text: got.status === 0 ? 'You seem to be offline, so the archive can’t be listed. Days you have played still open.' : 'The archive’s list isn’t published yet. Try again later.',
      }))
      return
    }
    index = got.data
  }
  const months = pastMonths(index, dayIn(siteZone()))
  renderMonth(months, want.month)
}

$('archive-month').addEventListener('change', (e) => { location.hash = `#/${e.target.value}` })
window.addEventListener('hashchange', () => route().catch(console.error))
route().catch(console.error)
