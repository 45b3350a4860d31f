/**
 * What a student's browser keeps about lessons, in localStorage under "pb:lessons:".
 *
 *   student         a random key, so each student counts once per puzzle in the
 *                   teacher's results without a name or an account
 *   l:<lesson id>   { results: { <puzzle index>: { solved, clean } }, pending: [ … ] }
 *
 * `results` is this run through the lesson (cleared by Play again). `pending`
 * holds results not yet posted to /api/lessons/<id>/results (offline, say); they
 * go the next time the lesson opens. The server counts a student's first result
 * per puzzle only, so a replay never counts twice.
 */
import { namespace } from '../lib/storage.js'
import { call } from '../lib/api.js'

const keep = namespace('pb:lessons:')

/** This browser's student key (made on first use): 22 URL-safe characters. */
export function studentKey() {
  let key = keep.get('student', null)
  if (typeof key === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(key)) return key
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  key = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  keep.set('student', key)
  return key
}

function load(id) {
  const kept = keep.get(`l:${id}`, null) || {}
  return {
    results: kept.results && typeof kept.results === 'object' ? kept.results : {},
    pending: Array.isArray(kept.pending) ? kept.pending : [],
  }
}

/** This run's results for lesson `id`: { <index>: { solved, clean } }. */
export function resultsOf(id) {
  return load(id).results
}

/** Keep puzzle `index`'s result and post it. */
export async function recordResult(id, index, solved, clean) {
  const kept = load(id)
  kept.results[index] = { solved, clean }
  kept.pending.push({ puzzle: index, solved, clean })
  keep.set(`l:${id}`, kept)
  await postPending(id)
}

/** Start the lesson again in this browser (the teacher's counts are not touched). */
export function clearResults(id) {
  const kept = load(id)
  keep.set(`l:${id}`, { results: {}, pending: kept.pending })
}

let posting = null

/** Post every result still waiting (one run at a time; a result added meanwhile is taken too). */
export function postPending(id) {
  if (!posting) posting = postAll(id).finally(() => { posting = null })
  return posting
}

async function postAll(id) {
  for (;;) {
    const next = load(id).pending[0]
    if (!next) return
    const answer = await call(`/lessons/${encodeURIComponent(id)}/results`, {
      method: 'POST',
      body: { ...next, student: studentKey() },
    })
    // No connection, or the server is busy: try again another time.
    if (answer.status === 0 || answer.status === 429 || answer.status >= 500) return
    // Counted, already counted, or never countable (the lesson was deleted): done with it.
    const now = load(id)
    now.pending.shift()
    keep.set(`l:${id}`, now)
  }
}
