/**
 * What this browser keeps that signing in doesn't post: the chess puzzles and Chains finished here
 * without a player, and results still waiting to post for another player who played here.
 * Signing in never removes any of it (the pb:chess: and pb:chain: records stay, with this
 * browser's counts and streaks); the sign-in page says what wasn't posted (notPostedWords).
 */
import { defaultBackend } from './storage.js'
import { ChessStore } from '../chess/store.js'
import { ChainStore } from '../chain/store.js'

const FINISHED_CHESS = new Set(['solved', 'shown'])
const FINISHED_CHAIN = new Set(['solved', 'gaveup'])

/**
 * { chess, chain, waiting } for a sign-in as player `pid`: finished records never posted (played
 * without a player) and not waiting in the outbox, and the outbox's items of other players.
 */
export function notPosted(pid, backend = defaultBackend()) {
  const chess = new ChessStore(backend)
  const chain = new ChainStore(backend)
  const chessQueued = new Set(chess.outbox.items().map((item) => item.key))
  const chainQueued = new Set(chain.outbox.items().map((item) => item.key))
  const chessSent = new Set(chess.outbox.sent())
  const chainSent = new Set(chain.outbox.sent())
  const chessKeys = (rec) => [`solve:${rec.band}/${rec.id}`, `miss:${rec.band}/${rec.id}`]
  const chainKeys = (rec) => [`solve:${rec.date}`, `giveup:${rec.date}`]
  const never = (keys, queued, sent) => keys.every((key) => !queued.has(key) && !sent.has(key))
  return {
    chess: chess.recent().filter((rec) => FINISHED_CHESS.has(rec.state) && !rec.posted && !rec.missPosted &&
      never(chessKeys(rec), chessQueued, chessSent)).length,
    chain: chain.recent().filter((rec) => FINISHED_CHAIN.has(rec.state) && !rec.posted &&
      (rec.by === null || rec.by === undefined) && never(chainKeys(rec), chainQueued, chainSent)).length,
    waiting: chess.outbox.others(pid).length + chain.outbox.others(pid).length,
  }
}

const count = (n, one, many) => `${n} ${n === 1 ? one : many}`

/** What a sign-in as `name` leaves unposted, in words ('' when nothing). */
export function notPostedWords(found, name) {
  const parts = []
  if (found.chess) parts.push(count(found.chess, 'chess puzzle', 'chess puzzles'))
  if (found.chain) parts.push(count(found.chain, 'Chain', 'Chains'))
  const out = []
  if (parts.length) {
    out.push(`This browser keeps the ${parts.join(' and ')} you finished here without a player: they stay ` +
      `in this browser’s history and counts, but weren’t posted to ${name}’s results (a result is ` +
      'posted only by the player who played it).')
  }
  if (found.waiting) {
    out.push(`${count(found.waiting, 'result', 'results')} waiting here to post for another player ` +
      `${found.waiting === 1 ? 'stays' : 'stay'} theirs: ${found.waiting === 1 ? 'it posts' : 'they post'} ` +
      'when that player signs in on this browser again.')
  }
  return out.join(' ')
}
