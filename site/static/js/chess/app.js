/**
 * Chess Puzzles' page (/): the routes and the home view.
 *
 *   #/                  home: today's daily, Endless's bands, puzzles left part way, the player
 *   #/daily/<band>      today's daily of that band
 *   #/daily/<band>/<YYYY-MM-DD>  that day's daily, played as the daily it was (the archive's links)
 *   #/p/<band>/<id>     any puzzle of the bundle
 *   #/endless/<band>    a new Endless puzzle of that band (goes on to #/p/<band>/<id>)
 *   #/you               home, at the player card
 */
import { ChessStore } from './store.js'
import { findRow, nextEndless, loadIndex } from './bundle.js'
import { Game, newRecord } from './game.js'
import { previewBoard } from './board.js'
import { fromRow, solverColor } from './rules.js'
import { formatTime } from '../lib/clock.js'
import { dayIn, siteZone, longDate, streak, isDay } from '../lib/dates.js'
import { toast } from '../lib/announce.js'
import { getPlayer, clearPlayer, signInLink } from '../lib/api.js'
import { openSheet } from '../lib/sheet.js'
import { GamePage } from '../lib/views.js'
import { wirePlayerForm, wireCopyLink } from '../lib/player_form.js'
import { BAND_NAMES } from '../games.js'

const BANDS = BAND_NAMES
const ID = /^[A-Za-z0-9]{1,16}$/
const $ = (id) => document.getElementById(id)

const store = new ChessStore()
let routeSerial = 0
let preview = null

const page = new GamePage({ views: ['home', 'play', 'notice'], tabTitle: (title) => `${title} · Chess Puzzles` })
const notice = (title, text) => page.notice(title, text)

/** The published daily file of `date`: { file } or { status } (0 when offline). */
async function dailyFile(date) {
  let res
  try {
    res = await fetch(`/daily/chess/${date}.json`)
  } catch {
    return { status: 0 }
  }
  return res.ok ? { file: await res.json() } : { status: res.status }
}

/** Open the puzzle in `rec` (a record in the store or a new one) on the play view. */
async function openPuzzle(rec, serial) {
  if (serial !== routeSerial) return
  page.leave()
  page.show('play')
  $('main').focus()
  const game = new Game({ store, rec })
  page.game = game
  try {
    await game.start()
  } catch (error) {
    console.error(error)
    notice('This puzzle won’t open', 'Something in it could not be read. Try another one.')
  }
}

/**
 * Play `band`'s daily of `date` (today or a past day) as the daily it was: the
 * header names the day, the share text is the daily's. Whether it goes on a
 * board is the API's to decide (only when posted on its own site day).
 */
async function openDaily(band, date, serial) {
  const today = dayIn(siteZone())
  const isToday = date === today
  if (date > today) return notice('That daily isn’t out yet', `The daily of ${longDate(date)} opens on the day. Today’s is ready.`)
  const got = await dailyFile(date)
  if (serial !== routeSerial) return
  const dailies = (got.file && got.file.dailies) || []
  const entry = dailies.find((d) => d.band === band)
  // Offline, a daily this browser opened before still plays from its record.
  let rec = entry ? store.record(band, entry.id) : (got.file ? null : store.recent().find((r) => r.daily === date && r.band === band))
  if (!got.file && !rec) {
    if (isToday) return notice('Today’s puzzle isn’t here yet', got.status ? 'It has not been published yet. Try again later, or play Endless meanwhile.' : 'You seem to be offline, and today’s puzzle hasn’t been opened on this device yet.')
    return got.status
      ? notice('No daily that day', `There is no chess daily for ${longDate(date)}. The archive lists every day there was.`)
      : notice('You seem to be offline', `The daily of ${longDate(date)} hasn’t been opened on this device yet. Try again when you are back online.`)
  }
  if (got.file && !entry) {
    const bands = dailies.map((d) => d.band).join(' and ')
    return isToday
      ? notice(`No ${band} daily today`, `Today’s daily is ${bands || 'not out yet'}.`)
      : notice(`No ${band} daily that day`, `The daily of ${longDate(date)} was ${bands || 'never published'}.`)
  }
  if (!rec) {
    const row = await findRow(band, entry.id)
    if (serial !== routeSerial) return
    if (!row) return notice('That puzzle isn’t in the book', `${isToday ? 'Today’s daily' : `The daily of ${longDate(date)}`} names a puzzle this bundle doesn’t have. Try reloading.`)
    rec = newRecord(row, band, date)
  } else if (!rec.daily) {
    rec.daily = date
  }
  return openPuzzle(rec, serial)
}

async function route() {
  const serial = ++routeSerial
  const parts = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent)
  const [head, band, id] = parts
  try {
    if (head === 'daily' && BANDS.includes(band) && (id === undefined || isDay(id)) && parts.length <= 3) {
      return await openDaily(band, id || dayIn(siteZone()), serial)
    }
    if (head === 'p' && BANDS.includes(band) && ID.test(id || '')) {
      let rec = store.record(band, id)
      if (!rec) {
        const row = await findRow(band, id)
        if (!row) return notice('That puzzle isn’t in the book', `There is no ${band} puzzle called ${id}.`)
        rec = newRecord(row, band, null)
      }
      return openPuzzle(rec, serial)
    }
    if (head === 'endless' && BANDS.includes(band)) {
      const row = await nextEndless(band, store.seen())
      if (serial !== routeSerial) return
      if (!row) return notice('No puzzles to hand', 'Endless needs to fetch this band’s puzzles once. Try again when you are online.')
      history.replaceState(null, '', `#/p/${encodeURIComponent(band)}/${encodeURIComponent(row[0])}`)
      return openPuzzle(store.record(band, row[0]) || newRecord(row, band, null), serial)
    }
    if (head && head !== 'you') return notice('That page isn’t in the book', 'The address may be mistyped.')
    page.leave()
    page.show('home')
    document.title = 'Chess Puzzles · Puzzle Book'
    await renderHome(serial)
    if (head === 'you') $('you').focus()
  } catch (error) {
    console.error(error)
    notice('Something went wrong', 'The puzzles could not be loaded. Check your connection and try again.')
  }
}

// ---- home ------------------------------------------------------------------

async function renderHome(serial) {
  const today = dayIn(siteZone())
  $('today-line').textContent = longDate(today)
  renderTallies()
  renderContinue()
  renderPlayer()
  const days = streak(store.days(), today)
  $('streak-line').hidden = !days
  $('streak-line').textContent = days ? `Daily streak: ${days} ${days === 1 ? 'day' : 'days'}.` : ''
  const list = $('daily-list')
  const { file, status } = await dailyFile(today)
  if (serial !== routeSerial) return
  if (!file) {
    list.replaceChildren(paragraph(status
      ? 'Today’s puzzle isn’t published yet. Endless is ready meanwhile.'
      : 'You seem to be offline. Endless and puzzles you have started still play.', 'muted'))
    return
  }
  const items = (file.dailies || []).map((daily) => dailyItem(daily, file.date))
  list.replaceChildren(...(items.length ? items : [paragraph('No daily today.', 'muted')]))
  const first = (file.dailies || [])[0]
  if (first) {
    const row = store.record(first.band, first.id)?.row || await findRow(first.band, first.id).catch(() => null)
    if (row && serial === routeSerial && !$('home-view').hidden) {
      const puzzle = fromRow(row, first.band)
      preview?.destroy()
      preview = previewBoard($('daily-preview'), puzzle.fen, solverColor(puzzle))
    }
  }
}

function dailyItem(daily, date) {
  const rec = store.record(daily.band, daily.id)
  const a = document.createElement('a')
  a.className = 'daily-item'
  a.href = `#/daily/${encodeURIComponent(daily.band)}`
  const band = span('daily-band', daily.band)
  const rating = span('daily-rating', `Rated ${daily.rating}`)
  let state = 'Play'
  let tone = ''
  if (rec && rec.state === 'solved') { state = 'Solved'; tone = 'is-solved' }
  else if (rec && rec.state === 'shown') { state = 'Shown'; tone = 'is-shown' }
  else if (rec && rec.started) { state = 'Continue'; tone = 'is-playing' }
  const badge = span(`daily-state ${tone}`, state)
  a.append(span('visually-hidden', 'Today’s puzzle: '), band, badge, rating)
  a.dataset.date = date
  return a
}

function renderTallies() {
  const tally = store.tally()
  for (const el of document.querySelectorAll('[data-tally]')) {
    const row = tally[el.dataset.tally]
    el.textContent = row && row.solved ? `${row.solved} solved` : ''
  }
}

function renderContinue() {
  const waiting = store.recent().filter((rec) => rec.state === 'playing' && rec.started).slice(0, 5)
  $('continue-card').hidden = !waiting.length
  $('continue-list').replaceChildren(...waiting.map((rec) => {
    const li = document.createElement('li')
    const a = document.createElement('a')
    a.href = `#/p/${encodeURIComponent(rec.band)}/${encodeURIComponent(rec.id)}`
    a.append(span('', `${rec.daily ? 'Daily' : 'Endless'} · ${rec.band} · Rated ${rec.row[3]}`),
      span('muted', formatTime(rec.seconds || 0)))
    li.append(a)
    return li
  }))
}

function renderPlayer() {
  const player = getPlayer()
  for (const el of document.querySelectorAll('#you [data-when]')) {
    el.hidden = (el.dataset.when === 'player') !== Boolean(player)
  }
  if (player) {
    for (const el of document.querySelectorAll('#you [data-player-name]')) el.textContent = player.name
    $('signin-link').value = signInLink(player.token)
  }
  document.dispatchEvent(new CustomEvent('player:change'))
}

function wirePlayer() {
  wirePlayerForm($('player-form'), (player) => {
    renderPlayer()
    toast(`Welcome, ${player.name}. Your results will be kept.`)
    $('you').focus()
  })
  wireCopyLink($('copy-signin'), $('signin-link'))
  $('sign-out').addEventListener('click', () => {
    clearPlayer()
    renderPlayer()
    toast('Signed out on this device. Your sign-in link still works.')
  })
}

// ---- helpers -------------------------------------------------------------------

function span(className, text) {
  const el = document.createElement('span')
  if (className) el.className = className
  el.textContent = text
  return el
}

function paragraph(text, className = '') {
  const p = document.createElement('p')
  if (className) p.className = className
  p.textContent = text
  return p
}

wirePlayer()
$('howto-button').addEventListener('click', () => openSheet('howto-sheet'))
$('options-button').addEventListener('click', () => openSheet('options-sheet'))
window.addEventListener('hashchange', route)
loadIndex().catch(() => {}) // warm the index for Endless and the daily
route()
