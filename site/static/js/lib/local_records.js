/**
 * What this browser keeps that signing in doesn't post: the puzzles finished here without a
 * player, and results still waiting to post for another player who played here, in every game
 * the registry (js/games.js) names a store for. Signing in never removes any of it (the games'
 * records stay, with this browser's counts and streaks); the sign-in page says what wasn't
 * posted (notPostedWords).
 */
import { GAMES, STORES } from '../games.js'
import { defaultBackend } from './storage.js'
import { resultKeys } from './outbox.js'
/** @import { Game, KeptRecord } from '../games_types.js' */
/** @import { StorageBackend } from '../storage_types.js' */

/** @typedef {Game & { noun: [string, string] }} KeptGame a game with a store (its noun comes with it) */

const KEPT = /** @type {KeptGame[]} */ (GAMES.filter((game) => game.store))

/** @typedef {Record<string, number> & { waiting: number }} NotPosted */

/**
 * { <game key>: count, …, waiting } for a sign-in as player `pid`: each game's finished records
 * never posted (played without a player) and not waiting in the outbox, and the outboxes' items
 * of other players.
 * @param {string | null | undefined} pid
 * @param {StorageBackend} [backend]
 * @returns {Promise<NotPosted>}
 */
export async function notPosted(pid, backend = defaultBackend()) {
  /** @type {Record<string, number>} */
  const found = {}
  let waiting = 0
  for (const game of KEPT) {
    const { openStore } = await STORES[game.key]()
    const store = openStore(backend)
    const { posting, outbox } = store
    const known = new Set([...outbox.items().map((item) => item.key), ...outbox.sent()])
    /** @param {KeptRecord} rec */
    const never = (rec) => resultKeys(posting, rec).every((key) => !known.has(key))
    /** @param {KeptRecord} rec */
    const unanswered = (rec) => {
      /** @type {Readonly<Record<string, unknown>>} the record's fields by name (its Posting's `answers` name the answers') */
      const fields = { ...rec }
      return Object.values(posting.answers).every((field) => !fields[field])
    }
    // `by` is who was signed in when a go ended (Chain keeps it): a player's go is never anyone else's.
    /** @param {KeptRecord} rec */
    const nobodys = (rec) => rec.by === null || rec.by === undefined
    found[game.key] = store.recent()
      .filter((rec) => posting.finished.includes(rec.state) && unanswered(rec) && nobodys(rec) && never(rec)).length
    waiting += outbox.others(pid).length
  }
  return { ...found, waiting }
}

/** @type {(n: number, noun: readonly [string, string]) => string} */
const count = (n, [one, many]) => `${n} ${n === 1 ? one : many}`

/**
 * "a", "a and b", "a, b and c".
 * @param {string[]} parts
 */
function listed(parts) {
  return parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}

/**
 * What a sign-in as `name` leaves unposted, in words ('' when nothing).
 * @param {Partial<NotPosted>} found what notPosted counted (nothing, when it couldn't)
 * @param {string} name
 */
export function notPostedWords(found, name) {
  const parts = KEPT.filter((game) => found[game.key]).map((game) => count(/** @type {number} */ (found[game.key]), game.noun))
  const out = []
  if (parts.length) {
    out.push(`This browser keeps the ${listed(parts)} you finished here without a player: they stay ` +
      `in this browser’s history and counts, but weren’t posted to ${name}’s results (a result is ` +
      'posted only by the player who played it).')
  }
  if (found.waiting) {
    out.push(`${count(found.waiting, ['result', 'results'])} waiting here to post for another player ` +
      `${found.waiting === 1 ? 'stays' : 'stay'} theirs: ${found.waiting === 1 ? 'it posts' : 'they post'} ` +
      'when that player signs in on this browser again.')
  }
  return out.join(' ')
}
