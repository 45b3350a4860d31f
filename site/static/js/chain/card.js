/**
 * The home page's Chain card: today's level and moves, and how far this browser got (Play,
 * Continue, Solved, Gave up), with the Chain streak kept here.
 *
 * The page arrives with the build day's level in the card (a day's level comes from its date);
 * on another day, this module reads the day's public file. What this browser keeps (store.js)
 * loads only when it keeps something: a first visit loads this module alone. The levels' names come
 * with the card (data-levels, written by the build from puzzlebook/chain/calendar.py), not from
 * state.js: a request fewer on the home page, which has a budget of them (docs/site.md).
 */
import { namespace } from '../lib/storage.js'
import { playerDay, streakRun } from '../lib/dates.js'
import { $ } from '../lib/dom.js'
import { chainStreakWords } from './streak_words.js'
import { t, tn } from '../lib/i18n.js'
/** @import { Answer } from '../answer_types.js' */
/** @import { MyChainResult } from '../api_types.js' */
/** @import { ChainDay, ChainRecord } from '../chain_types.js' */

// ChainStore's prefix (store.js): read here only to know whether there is anything to show.
const KEPT = 'pb:chain:'

async function fill() {
  const link = $('chain-card-link')
  if (!link) return
  /** @type {Record<string, string>} */
  const LEVELS = JSON.parse(link.dataset.levels || '{}')
  const today = playerDay()
  const kept = namespace(KEPT).keys().length > 0
  const store = kept ? new (await import('./store.js')).ChainStore() : null
  // The store is chain/store.js's: a record as state.js's revive() gives it.
  const rec = /** @type {ChainRecord | null} */ (store && store.record(today))
  let out = true // the build day's level came with the card
  if (link.dataset.day !== today) {
    /** @type {ChainDay | null} */
    let puzzle = rec && rec.puzzle
    try {
      const res = await fetch(`/daily/chain/${today}.json`)
      // Not out on the site yet (the nightly publishes it as the day turns): the API's copy.
      if (res.ok) puzzle = await res.json()
      else puzzle = /** @type {ChainDay | null} */ (await (await import('../lib/daily.js')).apiDaily('chain', today)) || puzzle
    } catch { /* offline: what this browser kept, if anything */ }
    if (puzzle && LEVELS[puzzle.level]) {
      $('chain-card-level').textContent = LEVELS[puzzle.level]
      $('chain-card-meta').textContent = tn('{n} move', '{n} moves', puzzle.moves) + ' · ' + tn('{n} tile', '{n} tiles', puzzle.hand.length)
    } else {
      out = false
      $('chain-card-level').textContent = t('Not out yet')
      $('chain-card-meta').textContent = t('Try again in a little while')
    }
    link.dataset.day = today
  }
  // Signed in, today not finished here: the server's result is the day's, whatever device it came
  // from (docs/site.md, "The same day on every device"); api.js loads only then. Not asked for a day
  // not out yet: the API's 404 would be logged as an error.
  const signedIn = Boolean(namespace('pb:').get('player', null))
  const finished = rec && (rec.state === 'solved' || rec.state === 'gaveup')
  const mine = signedIn && out && !finished ? await serverDay(today) : null
  if (!store && !mine) return
  let state = t('Play')
  let tone = ''
  const ended = mine ? mine.kept : rec && rec.state
  if (ended === 'solved' || ended === 'solve') { state = t('Solved'); tone = 'is-solved' }
  else if (ended === 'gaveup') { state = t('Gave up'); tone = 'is-shown' }
  else if (rec && rec.played && rec.played.length) { state = t('Continue'); tone = 'is-playing' }
  $('chain-card-state').textContent = state
  $('chain-card-state').className = `daily-state ${tone}`.trim()
  const run = mine ? { length: mine.streak, freezesUsed: mine.freezes_used } : streakRun(/** @type {NonNullable<typeof store>} */ (store).days(), today) // no answer: the store is there
  $('chain-card-streak').hidden = !run.length
  $('chain-card-streak').textContent = run.length ? chainStreakWords(run) : ''
}

/**
 * The signed-in player's result for `day` from the server, when they have one (else null).
 * @param {string} day
 */
async function serverDay(day) {
  const { call } = await import('../lib/api.js')
  const got = /** @type {Answer<MyChainResult>} */ (await call(`/me/chain/${day}`))
  const mine = got.status === 200 ? got.data : null
  return mine && (mine.kept === 'solve' || mine.kept === 'giveup') && Number.isInteger(mine.streak) ? mine : null
}

fill().catch(console.error)
