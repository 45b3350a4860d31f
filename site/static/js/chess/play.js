/**
 * Chess Puzzles' play view (loaded by app.js when a puzzle is opened): a daily, any puzzle of
 * the bundle, Endless, and the notice for an address the page can't show. Each puzzle is a
 * controller (ctrl.js) drawn by the page's one view (view.js). Its imports are the
 * game's: the board (cm-chessboard, its stylesheets added to the page here), the rules
 * (chess.js), the bundle.
 */
/** @import { ChessRecord, PuzzleRow } from '../chess_types.js' */
/** @import { Player } from '../session_types.js' */
/** @import { Answer } from '../answer_types.js' */
/** @import { MyChessDay } from '../api_types.js' */
import { dailyJson } from '../lib/daily.js'
import { ChessStore } from './store.js'
import { findRow, nextEndless, nextAround, loadIndex } from './bundle.js'
import { target, isDifficulty } from './difficulty.js'
import { getPlayer, call } from '../lib/api.js'
import { PuzzleCtrl, newRecord } from './ctrl.js'
import { fromServer } from './server_day.js'
import { NAMES } from './result_names.js'
import { PuzzleView } from './view.js'
import { boardStyles, boardSprites } from './cm_board.js'
import { playerDay, longDate, isDay } from '../lib/dates.js'
import { $ } from '../lib/dom.js'
import { openSheet } from '../lib/sheet.js'
import { GamePage } from '../lib/views.js'
import { BAND_NAMES } from '../games.js'
import { nextTask } from '../lib/tasks.js'
import { t } from '../lib/i18n.js'
import { bandName } from './words.js'

const BANDS = BAND_NAMES
const ID = /^[A-Za-z0-9]{1,16}$/

/**
 * The element with `id`, one of the page's own.
 * @param {string} id
 */
const byId = (id) => /** @type {HTMLElement} */ ($(id))

/**
 * A daily's file as the page reads it: each band's daily, with its row when the file carries it.
 * @typedef {{ dailies?: { band: string, id: string, row?: unknown }[] }} DailyFile
 */

/** @typedef {() => boolean} Current whether the address asked for is still the one shown */

/**
 * bundle.js's nextAround, as this page asks it: a puzzle of a theme (or of a mix's themes) around a
 * rating, or in a mix's range.
 * @typedef {(options: { theme?: string | null, themes?: string[], centre: number | null, spans?: unknown[] | null,
 *   seen: string[] }) => Promise<{ band: string, row: PuzzleRow } | null>} Around
 */
const around = /** @type {Around} */ (nextAround)

const store = new ChessStore()
const view = new PuzzleView() // one view of the play elements, drawing each puzzle's controller in turn

const page = new GamePage({ views: ['home', 'play', 'analysis', 'notice'], tabTitle: (title) => title + ' · ' + t('Chess Puzzles') })
/**
 * @param {string} title
 * @param {string} text
 */
const notice = (title, text) => page.notice(title, text)

/**
 * The published daily file of `date` (or the API's copy before it is out): { file } or { status } (0 when offline).
 * @param {string} date
 * @returns {Promise<{ file?: DailyFile, status?: number }>}
 */
async function dailyFile(date) {
  const got = await dailyJson('chess', date)
  return got.data ? { file: /** @type {DailyFile} */ (got.data) } : { status: got.status }
}

/**
 * Open the puzzle in `rec` (a record in the store or a new one) on the play view; `keeper`: the
 * store it is kept in (the Replay missed run's and the review's keep their own).
 * @param {ChessRecord} rec
 * @param {Current} current
 * @param {ChessStore} [keeper]
 */
async function openPuzzle(rec, current, keeper = store) {
  if (!current()) return
  boardSprites()
  await boardStyles()
  if (!current()) return
  page.leave()
  page.show('play')
  byId('main').focus()
  // The view's first layout in a task of its own, before the game fills it (on a phone the two
  // together were one long task: Lighthouse's Total Blocking Time).
  await nextTask()
  if (!current()) return
  const game = new PuzzleCtrl({ store: keeper, rec, ui: view })
  view.play(game)
  page.game = game
  try {
    await game.start()
  } catch (error) {
    console.error(error)
    notice(t('This puzzle won’t open'), t('Something in it could not be read. Try another one.'))
  }
}

/**
 * Play `band`'s daily of `date` (today or a past day) as the daily it was: the
 * header names the day, the share text is the daily's. Whether it goes on a
 * board is the API's to decide (only when posted on its own site day).
 * @param {string} band
 * @param {string} date
 * @param {Current} current
 */
async function openDaily(band, date, current) {
  const today = playerDay()
  const isToday = date === today
  if (date > today) return notice(t('That daily isn’t out yet'), t('The daily of {day} opens on the day. Today’s is ready.', { day: longDate(date) }))
  const got = await dailyFile(date)
  if (!current()) return
  const dailies = (got.file && got.file.dailies) || []
  const entry = dailies.find((d) => d.band === band)
  // Offline, a daily this browser opened before still plays from its record.
  let rec = entry ? store.record(band, entry.id) : (got.file ? null : store.recent().find((r) => r.daily === date && r.band === band) ?? null)
  if (!got.file && !rec) {
    if (isToday) return notice(t('Today’s puzzle isn’t here yet'), got.status ? t('It has not been published yet. Try again later, or play Endless meanwhile.') : t('You seem to be offline, and today’s puzzle hasn’t been opened on this device yet.'))
    return got.status
      ? notice(t('No daily that day'), t('There is no chess daily for {day}. The archive lists every day there was.', { day: longDate(date) }))
      : notice(t('You seem to be offline'), t('The daily of {day} hasn’t been opened on this device yet. Try again when you are back online.', { day: longDate(date) }))
  }
  if (got.file && !entry) {
    const bands = dailies.map((d) => bandName(d.band)).join(' ' + t('and') + ' ')
    const name = bandName(band)
    return isToday
      ? notice(t('No {band} daily today', { band: name }), bands ? t('Today’s daily is {bands}.', { bands }) : t('Today’s daily is not out yet.'))
      : notice(t('No {band} daily that day', { band: name }), bands ? t('The daily of {day} was {bands}.', { day: longDate(date), bands }) : t('The daily of {day} was never published.', { day: longDate(date) }))
  }
  if (!rec) {
    // The day's file carries the row (service/games/chess: day_file), so a daily needs neither the
    // bundle's index nor a shard; a file without it (the bundle lost the puzzle) asks the bundle.
    // No record here: the day's file came, and has the band's daily (else a notice above).
    const daily = /** @type {{ id: string, row?: unknown }} */ (entry)
    const row = dailyRow(daily) || /** @type {PuzzleRow | null} */ (await findRow(band, daily.id))
    if (!current()) return
    if (!row) return notice(t('That puzzle isn’t in the book'), isToday ? t('Today’s daily names a puzzle this bundle doesn’t have. Try reloading.') : t('The daily of {day} names a puzzle this bundle doesn’t have. Try reloading.', { day: longDate(date) }))
    rec = newRecord(row, band, date)
  } else if (!rec.daily) {
    rec.daily = date
  }
  // Signed in, today not finished here: the player may have played it on another device, and the
  // server's result is the day's (docs/site.md, "The same day on every device"). Asked only then.
  const player = getPlayer()
  if (player && isToday && rec.state === 'playing') {
    const mine = /** @type {Answer<MyChessDay>} */ (await call(`/me/chess/${date}`))
    if (!current()) return
    rec = mine.status === 200 ? sameDay(rec, mine.data, player, today) : rec
  }
  return openPuzzle(rec, current)
}

/**
 * The record to open of today's daily `rec` (unfinished here) given the server's answer `mine`: the
 * server's result when it has a solve or a Show solution; a wrong move alone leaves a go already
 * started here as it is (its miss counted, so it isn't posted twice), else opens where it was.
 * @param {ChessRecord} rec
 * @param {MyChessDay | null} mine
 * @param {Player} player
 * @param {string} today
 * @returns {ChessRecord}
 */
function sameDay(rec, mine, player, today) {
  const theirs = fromServer(newRecord(rec.row, rec.band, rec.daily), mine, player, today)
  if (!theirs) return rec
  if (theirs.state !== 'playing' || !rec.started) return theirs
  if (!rec.missed) Object.assign(rec, { missed: true, mistakes: Math.max(1, rec.mistakes), missPosted: theirs.missPosted })
  return rec
}

/**
 * The row [id, fen, moves, rating, themes] (and its source game) the day's file gives for `entry`, or null.
 * @param {{ id: string, row?: unknown }} entry
 * @returns {PuzzleRow | null}
 */
function dailyRow(entry) {
  const row = entry.row
  return Array.isArray(row) && (row.length === 5 || row.length === 6) && row[0] === entry.id ? /** @type {PuzzleRow} */ (row) : null
}

/**
 * The analysis of a finished puzzle (#/analysis/<band>/<id>): never of one still in play or never
 * played here. Its modules and the engine load only now, when the player asked for it.
 * @param {string} band
 * @param {string} id
 * @param {Current} current
 */
async function openAnalysis(band, id, current) {
  const rec = store.record(band, id)
  if (!rec) return notice(t('Play it first'), t('The analysis of a puzzle opens once you have played it on this device.'))
  const { canAnalyse } = await import('./analysis_rules.js')
  if (!current()) return
  if (!canAnalyse(rec)) return notice(t('Finish the puzzle first'), t('Its analysis opens once it is over: solved, or its solution shown.'))
  const [{ openAnalysisOf }] = await Promise.all([import('./analysis.js'), boardStyles()])
  if (!current()) return
  page.leave()
  page.show('analysis')
  byId('main').focus()
  page.game = openAnalysisOf(rec, `#/p/${encodeURIComponent(band)}/${encodeURIComponent(id)}`)
}

/**
 * The next puzzle of the Replay missed run (chess/replay.js), fresh and unrated, at
 * #/replay/<band>/<id>; or why there is none. (A reload there opens the run's next one.)
 * @param {Current} current
 */
async function openReplay(current) {
  const { ReplayStore, nextReplay, replayRun } = await import('./replay.js')
  if (!current()) return
  const next = /** @type {{ band: string, id: string } | null} */ (nextReplay())
  if (!next) {
    const { cleared } = /** @type {{ cleared?: number }} */ (replayRun())
    return notice(cleared ? t('Replay done') : t('Nothing to replay'),
      cleared ? t('Every missed puzzle of the run is solved cleanly ({n}). Well done.', { n: cleared }) : t('Start a run from your history: Replay missed.'))
  }
  const row = /** @type {PuzzleRow | null} */ (await findRow(next.band, next.id))
  if (!current()) return
  if (!row) return notice(t('That puzzle isn’t in the book'), t('There is no {band} puzzle called {id}.', { band: bandName(next.band), id: next.id }))
  // Its own address, so the results' link to the next one (#/replay) is a change of address.
  history.replaceState(null, '', `#/replay/${encodeURIComponent(next.band)}/${encodeURIComponent(next.id)}`)
  return openPuzzle({ ...newRecord(row, next.band, null), replay: true }, current, new ReplayStore())
}

/**
 * The next puzzle due in the review (chess/review.js), unrated and never posted, at
 * #/review/<band>/<id>; or why there is none today. (A reload there opens the next one due.)
 * @param {Current} current
 */
async function openReview(current) {
  const { reviewToday, ReviewStore } = await import('./review.js')
  const today = playerDay()
  const { due, later } = await reviewToday(today)
  if (!current()) return
  if (!due.length) {
    return notice(t('Nothing to review today'), later
      ? t('The next puzzle comes back on {day}. Until then, play on: any first result but “{clean}” joins the review.', { day: longDate(later), clean: NAMES.clean })
      : t('A puzzle you miss, or solve with a hint, comes back here until you solve it cleanly.'))
  }
  // A card whose puzzle this bundle lacks (retired, or a later bundle's) is passed over, not shown
  // first in line every day: it stays a card (docs/review.md) in case the puzzle comes back.
  /** @type {{ band: string, id: string } | null} */
  let next = null
  /** @type {PuzzleRow | null} */
  let row = null
  for (const card of /** @type {{ band: string, id: string }[]} */ (due)) {
    row = /** @type {PuzzleRow | null} */ (await findRow(card.band, card.id))
    if (!current()) return
    if (row) { next = card; break }
  }
  if (!row || !next) {
    return notice(t('Nothing to review today'), t('The puzzles due in your review aren’t in this edition of the book.'))
  }
  history.replaceState(null, '', `#/review/${encodeURIComponent(next.band)}/${encodeURIComponent(next.id)}`)
  return openPuzzle({ ...newRecord(row, next.band, null), replay: true, review: true }, current, new ReviewStore())
}

/**
 * Show the address `parts` (the hash's parts: head, band, id or date) on the play view, or a
 * notice; `current()` is false once another address was asked for meanwhile.
 * @param {string[]} parts
 * @param {Current} current
 */
export async function route(parts, current) {
  const [head, band, id] = parts
  try {
    if (head === 'daily' && BANDS.includes(band) && (id === undefined || isDay(id)) && parts.length <= 3) {
      return await openDaily(band, id || playerDay(), current)
    }
    if (head === 'p' && BANDS.includes(band) && ID.test(id || '')) {
      let rec = store.record(band, id)
      if (!rec) {
        const row = /** @type {PuzzleRow | null} */ (await findRow(band, id))
        if (!current()) return
        if (!row) return notice(t('That puzzle isn’t in the book'), t('There is no {band} puzzle called {id}.', { band: bandName(band), id }))
        rec = newRecord(row, band, null)
      }
      return await openPuzzle(rec, current)
    }
    if (head === 'analysis' && BANDS.includes(band) && ID.test(id || '') && parts.length === 3) return await openAnalysis(band, id, current)
    if (head === 'replay' && (parts.length === 1 || parts.length === 3)) return await openReplay(current)
    if (head === 'review' && (parts.length === 1 || parts.length === 3)) return await openReview(current)
    if (head === 'theme' && parts.length <= 3 && (id === undefined || isDifficulty(id))) {
      return await openAround(band, id, current)
    }
    if (head === 'mix') return await openMix(parts.slice(1), current)
    if (head === 'endless' && parts.length <= 2 && (band === undefined || band === '' || isDifficulty(band))) {
      return await openAround(null, band || undefined, current)
    }
    if (head === 'endless' && BANDS.includes(band)) {
      const row = /** @type {PuzzleRow | null} */ (await nextEndless(band, store.seen()))
      if (!current()) return
      if (!row) return notice(t('No puzzles to hand'), t('Endless needs to fetch this band’s puzzles once. Try again when you are online.'))
      history.replaceState(null, '', `#/p/${encodeURIComponent(band)}/${encodeURIComponent(row[0])}`)
      return await openPuzzle(store.record(band, row[0]) || newRecord(row, band, null), current)
    }
    return notice(t('That page isn’t in the book'), t('The address may be mistyped.'))
  } catch (error) {
    console.error(error)
    notice(t('Something went wrong'), t('The puzzles could not be loaded. Check your connection and try again.'))
  }
}

/**
 * Your difficulty: draw a puzzle of `theme` (or of any, when null) around the player's rating
 * moved by `step` (the player's last choice when not given; a given one becomes it), then go on
 * to its #/p/ address. The rating is the one kept in this browser: no server call.
 * @param {string | null} theme
 * @param {string | undefined} step
 * @param {Current} current
 */
async function openAround(theme, step, current) {
  if (step) store.setDifficulty(step)
  const difficulty = step || store.difficulty()
  const row = await pickAround(theme, difficulty)
  if (!current()) return
  if (row === 'unknown') return notice(t('No such theme'), t('There is no theme called “{theme}”. The themes page lists them all.', { theme: String(theme) }))
  if (!row) return notice(t('No puzzles to hand'), t('Puzzles at your difficulty need the puzzle files once. Try again when you are online.'))
  const [found, band] = row
  history.replaceState(null, '', `#/p/${encodeURIComponent(band)}/${encodeURIComponent(found[0])}`)
  const rec = store.record(band, found[0]) || newRecord(found, band, null)
  if (!rec.daily) rec.source = { theme, difficulty, name: theme ? await themeName(theme) : null }
  return await openPuzzle(rec, current)
}

/**
 * Your own mix (#/mix/<themes>/<difficulty or low-high>[/<name>], chess/mix.js): a puzzle of any
 * of its themes, in its range or around the player's rating moved by its difficulty (which
 * stays the mix's: the player's own choice is left alone). Played as a theme's puzzle is.
 * @param {string[]} parts
 * @param {Current} current
 */
async function openMix(parts, current) {
  const [index, { readMix, mixPath, levelWords }] = await Promise.all([loadIndex(), import('./mix.js')])
  if (!current()) return
  const read = readMix(parts, new Set(Object.keys((index.themes && index.themes.files) || {})))
  if ('error' in read) return notice(t('That mix can’t be played'), t('{error} The themes page makes a new one.', { error: read.error ?? '' }))
  const { mix } = read
  refreshServerRating()
  const { level } = mix
  const ranged = Array.isArray(level)
  const got = await around({
    themes: mix.themes,
    centre: ranged ? null : target(store.ratingFor(getPlayer()), level),
    spans: ranged ? [level] : null,
    seen: store.seen(),
  })
  if (!current()) return
  if (!got) {
    return notice(t('No puzzles to hand'), ranged
      ? t('None of this mix’s themes has a puzzle rated {range} here: widen the range, or, offline, try again online.', { range: levelWords(mix.level) })
      : t('A mix needs the puzzle files once. Try again when you are online.'))
  }
  const band = got.band
  const id = got.row[0]
  history.replaceState(null, '', `#/p/${encodeURIComponent(band)}/${encodeURIComponent(id)}`)
  const rec = store.record(band, id) || newRecord(got.row, band, null)
  if (!rec.daily) {
    const names = await Promise.all(mix.themes.map(themeName))
    rec.source = { mix: mixPath(mix), name: mix.name || names.join(' + '), level: levelWords(mix.level) }
  }
  return await openPuzzle(rec, current)
}

/**
 * @param {string | null} theme
 * @param {string} difficulty
 * @returns {Promise<[PuzzleRow, string] | null | 'unknown'>}
 */
async function pickAround(theme, difficulty) {
  refreshServerRating()
  const centre = target(store.ratingFor(getPlayer()), difficulty)
  const index = await loadIndex()
  if (theme && !(index.themes && index.themes.files[theme])) return 'unknown'
  const got = await around({ theme, centre, seen: store.seen() })
  return got && [got.row, got.band]
}

/**
 * A signed-in player's server rating, asked for in the background once per page so the next
 * draw counts from it; this draw never waits for it.
 */
let refreshed = false
function refreshServerRating() {
  const player = getPlayer()
  if (!player || refreshed) return
  refreshed = true
  call('/me').then((me) => {
    const rating = me.status === 200 && me.data?.ratings?.chess?.rating
    if (Number.isFinite(rating)) store.noteServerRating(player.id, rating)
  }).catch(() => {})
}

/**
 * A theme's name as the themes page writes it (read from that page's data, kept by the build).
 * @param {string} theme
 */
async function themeName(theme) {
  try {
    const { THEME_NAMES } = await import('./theme_names.js')
    return THEME_NAMES[theme] || theme
  } catch {
    return theme
  }
}

/** Back to the home view: the puzzle in play is let go of. */
export function showHome() {
  page.leave()
  page.show('home')
}

byId('howto-button').addEventListener('click', () => openSheet('howto-sheet'))
byId('options-button').addEventListener('click', () => openSheet('options-sheet'))
