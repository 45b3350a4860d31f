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
import { list, t, tn } from './i18n.js'
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

/**
 * A game's records counted in words: "1 chess puzzle", "3 Storm runs" (each a plural message of
 * its own; a game without words here says "3 Race results" with its name).
 * @param {KeptGame} game
 * @param {number} n
 */
function count(game, n) {
  switch (game.key) {
    case 'chess': return tn('{n} chess puzzle', '{n} chess puzzles', n)
    case 'chain': return tn('{n} Chain', '{n} Chains', n)
    case 'storm': return tn('{n} Storm run', '{n} Storm runs', n)
    case 'streak': return tn('{n} Streak run', '{n} Streak runs', n)
    // A game with no words of its own here yet: its (translated) name in one whole message.
    default: return tn('{n} {game} result', '{n} {game} results', n, { game: game.name })
  }
}

/**
 * What a sign-in as `name` leaves unposted, in words ('' when nothing).
 * @param {Partial<NotPosted>} found what notPosted counted (nothing, when it couldn't)
 * @param {string} name
 */
export function notPostedWords(found, name) {
  const parts = KEPT.filter((game) => found[game.key]).map((game) => count(game, /** @type {number} */ (found[game.key])))
  const out = []
  if (parts.length) {
    out.push(t('This browser keeps the {things} you finished here without a player: they stay in this browser’s history and counts, but weren’t posted to {name}’s results (a result is posted only by the player who played it).',
      { things: list(parts), name }))
  }
  if (found.waiting) {
    out.push(tn('{n} result waiting here to post for another player stays theirs: it posts when that player signs in on this browser again.',
      '{n} results waiting here to post for another player stay theirs: they post when that player signs in on this browser again.', found.waiting))
  }
  return out.join(' ')
}
