/**
 * The home page's Chain card: today's level and moves from the public daily
 * file, and how far this browser got (Play, Continue, Solved, Gave up), with
 * the Chain streak kept here.
 */
import { ChainStore } from './store.js'
import { LEVELS } from './state.js'
import { plural } from './words.js'
import { dayIn, siteZone, streak } from '../lib/dates.js'

const $ = (id) => document.getElementById(id)

async function fill() {
  const link = $('chain-card-link')
  if (!link) return
  const store = new ChainStore()
  const today = dayIn(siteZone())
  const rec = store.record(today)
  let puzzle = rec && rec.puzzle
  try {
    const res = await fetch(`/daily/chain/${today}.json`)
    if (res.ok) puzzle = await res.json()
  } catch { /* offline: what this browser kept, if anything */ }
  let state = 'Play'
  let tone = ''
  if (rec && rec.state === 'solved') { state = 'Solved'; tone = 'is-solved' }
  else if (rec && rec.state === 'gaveup') { state = 'Gave up'; tone = 'is-shown' }
  else if (rec && rec.played && rec.played.length) { state = 'Continue'; tone = 'is-playing' }
  $('chain-card-state').textContent = state
  $('chain-card-state').className = `daily-state ${tone}`.trim()
  if (puzzle && LEVELS[puzzle.level]) {
    $('chain-card-level').textContent = LEVELS[puzzle.level]
    $('chain-card-meta').textContent = `${plural(puzzle.moves, 'move')} · ${plural(puzzle.hand.length, 'tile')}`
  } else {
    $('chain-card-level').textContent = 'Not out yet'
    $('chain-card-meta').textContent = 'Try again in a little while'
  }
  const days = streak(store.days(), today)
  $('chain-card-streak').hidden = !days
  $('chain-card-streak').textContent = days ? `Chain streak: ${plural(days, 'day')}.` : ''
}

fill().catch(console.error)
