/**
 * A player's review in the browser (the server's rule: puzzlebook/review/queue.py; the two bound by
 * tests/vectors/review.json): one card per puzzle missed or solved with help, its results day by day.
 * A card's state is its results alone, so two copies merge by taking every day's results from both,
 * the worse of one day's standing. A clean solve graduates a card; it is kept KEEP_GRADUATED days
 * more so an older copy can't bring it back; a later miss starts it afresh.
 *
 * What is due needs FSRS, so it is schedule.js's (this module loads without it, for the store).
 *
 * A queue is { cards: [{band, id, results: [[day, grade]]}] } in key order, as the API sends it.
 */
import { addDays } from '../lib/dates.js'
/** @import { Grade, Card, Queue, ReviewResult } from '../review_types.js' */

export const MAX_CARDS = 400 // one DynamoDB item on the server: puzzlebook/review/queue.py
export const MAX_RESULTS = 30
export const MAX_REVIEW_RESULTS = 4000 // all the cards' results together: what a post may hold
export const KEEP_GRADUATED = 90

export const MISS = /** @type {const} */ ('miss')
export const HELP = /** @type {const} */ ('help')
export const CLEAN = /** @type {const} */ ('clean')
/** @type {readonly Grade[]} */
export const GRADES = [MISS, HELP, CLEAN] // worst first: the same day's worse result stands

/**
 * The worse of two grades.
 * @param {Grade} a
 * @param {Grade} b
 * @returns {Grade}
 */
export function worse(a, b) {
  return GRADES.indexOf(a) <= GRADES.indexOf(b) ? a : b
}

/** @param {{ band: string, id: string }} card */
export const keyOf = (card) => `${card.band}/${card.id}`

/**
 * A finished puzzle's grade: missed (a wrong move, or the solution shown), solved with hints only, or cleanly.
 * @param {boolean} solved
 * @param {number} mistakes
 * @param {number} hints
 * @returns {Grade}
 */
export function gradeOf(solved, mistakes, hints) {
  if (!solved || mistakes) return MISS
  return hints ? HELP : CLEAN
}

/**
 * The grade of a log entry's result (chess/dashboard.js's resultOf: clean, help, mistake, missed, shown).
 * @param {string} result
 * @returns {Grade}
 */
export function gradeOfResult(result) {
  return result === 'clean' ? CLEAN : result === 'help' ? HELP : MISS
}

/**
 * Results in day order, one a day (the worse stands), after the last clean one that isn't last, the latest MAX_RESULTS.
 * @param {Iterable<ReviewResult>} results
 * @returns {ReviewResult[]}
 */
export function normalised(results) {
  /** @type {Map<string, Grade>} */
  const byDay = new Map()
  for (const [day, grade] of results) {
    const had = byDay.get(day)
    byDay.set(day, had ? worse(had, grade) : grade)
  }
  /** @type {ReviewResult[]} */
  let ordered = [...byDay.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  let cut = -1
  for (let i = 0; i < ordered.length - 1; i++) if (ordered[i][1] === CLEAN) cut = i
  if (cut >= 0) ordered = ordered.slice(cut + 1)
  return ordered.slice(-MAX_RESULTS)
}

/**
 * The day a card graduated (its last result clean), or null while it is in review.
 * @param {Card} card
 * @returns {string | null}
 */
export function graduated(card) {
  const last = card.results.at(-1)
  return last && last[1] === CLEAN ? last[0] : null
}

/**
 * The queue of `cards`: one per key, a key's results merged, in key order.
 * @param {Card[]} cards
 * @returns {Queue}
 */
function queueOf(cards) {
  /** @type {Map<string, Card>} */
  const merged = new Map()
  for (const card of cards) {
    const key = keyOf(card)
    const had = merged.get(key)
    merged.set(key, { band: card.band, id: card.id, results: had ? normalised([...had.results, ...card.results]) : normalised(card.results) })
  }
  return { cards: [...merged.keys()].sort().map((key) => /** @type {Card} */ (merged.get(key))) }
}

/**
 * An empty review.
 * @returns {Queue}
 */
export function emptyQueue() {
  return { cards: [] }
}

/**
 * A kept or answered review read safely: anything not a card is left out.
 * @param {unknown} doc
 * @returns {Queue}
 */
export function readQueue(doc) {
  const held = doc && typeof doc === 'object' && 'cards' in doc ? doc.cards : null
  /** @type {unknown[]} */
  const cards = Array.isArray(held) ? held : []
  const ok = cards.filter(isCard)
  return queueOf(ok)
}

/**
 * @param {unknown} c
 * @returns {c is Card}
 */
function isCard(c) {
  if (!c || typeof c !== 'object') return false
  const card = /** @type {Record<string, unknown>} */ (c)
  const results = card.results
  return typeof card.band === 'string' && typeof card.id === 'string' && Array.isArray(results) && results.length > 0 &&
    results.every((r) => Array.isArray(r) && r.length === 2 && typeof r[0] === 'string' && GRADES.includes(r[1]))
}

/**
 * The card of (band, id), or null.
 * @param {Queue} queue
 * @param {string} band
 * @param {string} id
 * @returns {Card | null}
 */
export function cardOf(queue, band, id) {
  return queue.cards.find((c) => c.band === band && c.id === id) || null
}

/**
 * The review after `grade` on `day` for (band, id): a puzzle not in review enters it unless solved cleanly.
 * @param {Queue} queue
 * @param {string} band
 * @param {string} id
 * @param {string} day
 * @param {Grade} grade
 * @returns {Queue}
 */
export function add(queue, band, id, day, grade) {
  if (!GRADES.includes(grade)) throw new Error(`not a grade: ${grade}`)
  if (!cardOf(queue, band, id) && grade === CLEAN) return queue
  return queueOf([...queue.cards, { band, id, results: [[day, grade]] }])
}

/**
 * Two copies of a review as one.
 * @param {Queue} a
 * @param {Queue} b
 * @returns {Queue}
 */
export function merge(a, b) {
  return queueOf([...a.cards, ...b.cards])
}

/**
 * Let go of the cards graduated more than KEEP_GRADUATED days before `today`; keep the newest cards,
 * as many as fit in MAX_CARDS cards and `mostResults` results (the first that doesn't fit and every
 * older one go).
 * @param {Queue} queue
 * @param {string} today
 * @param {number} [mostResults]
 * @returns {Queue}
 */
export function pruned(queue, today, mostResults = MAX_REVIEW_RESULTS) {
  const cutoff = addDays(today, -KEEP_GRADUATED)
  let kept = queue.cards.filter((c) => { const day = graduated(c); return day === null || day >= cutoff })
  /** @param {Card[]} cards */
  const results = (cards) => cards.reduce((n, c) => n + c.results.length, 0)
  if (kept.length > MAX_CARDS || results(kept) > mostResults) {
    /** @param {Card} c */
    const last = (c) => c.results[c.results.length - 1][0]
    const newest = kept.slice().sort((a, b) => (last(a) + keyOf(a) < last(b) + keyOf(b) ? 1 : -1))
    kept = []
    let held = 0
    for (const card of newest) {
      if (kept.length === MAX_CARDS || held + card.results.length > mostResults) break
      kept.push(card)
      held += card.results.length
    }
  }
  return queueOf(kept)
}
