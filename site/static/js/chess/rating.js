/**
 * The rating this browser keeps for a player who isn't signed in: puzzlebook/ratings.py's
 * rate_puzzle (Glicko-2 with Lichess's puzzle parameters, a provisional rating taking half of
 * each result and no more than a result at its own level), the same rule the server rates with,
 * bound to it by tests/vectors/difficulty.json.
 */
/** @import { Glicko, RatingOutcome } from '../chess_types.js' */
const SCALE = 173.7178
const EPSILON = 0.000001
const TAU = 0.75
const RD_MIN = 45
const RD_MAX = 500
const VOLATILITY_MAX = 0.1
const MAX_DELTA = 700
const PROVISIONAL_RD = 110
const PROVISIONAL_WEIGHT = 0.5

export const NEW_PLAYER = Object.freeze({ rating: 1500, rd: 500, volatility: 0.09 })

/** @param {Pick<Glicko, 'rd'>} player */
export function isProvisional(player) {
  return player.rd >= PROVISIONAL_RD
}

/**
 * @param {number} sigma
 * @param {number} phi
 * @param {number} v
 * @param {number} delta
 * @param {number} tau
 */
function newVolatility(sigma, phi, v, delta, tau) {
  const a = Math.log(sigma * sigma)
  /** @param {number} x */
  const f = (x) => {
    const ex = Math.exp(x)
    return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)
  }
  let bigA = a
  let bigB
  if (delta * delta > phi * phi + v) {
    bigB = Math.log(delta * delta - phi * phi - v)
  } else {
    let k = 1
    while (f(a - k * tau) < 0) k += 1
    bigB = a - k * tau
  }
  let fA = f(bigA)
  let fB = f(bigB)
  while (Math.abs(bigB - bigA) > EPSILON) {
    /** @type {number} */
    const bigC = bigA + (bigA - bigB) * fA / (fB - fA)
    const fC = f(bigC)
    if (fC * fB <= 0) {
      bigA = bigB
      fA = fB
    } else {
      fA /= 2
    }
    bigB = bigC
    fB = fC
  }
  return Math.exp(bigA / 2)
}

/**
 * One Glicko-2 period against a puzzle held certain (RD 0); score 1 or 0.
 * @param {Glicko} player
 * @param {number} puzzleRating
 * @param {number} score
 * @returns {Glicko}
 */
function glicko2(player, puzzleRating, score) {
  const mu = (player.rating - 1500) / SCALE
  const phi = player.rd / SCALE
  const muJ = (puzzleRating - 1500) / SCALE
  const e = 1 / (1 + Math.exp(-(mu - muJ))) // g(0) is 1
  const v = 1 / (e * (1 - e))
  const improvement = score - e
  const sigma = newVolatility(player.volatility, phi, v, v * improvement, TAU)
  const phiStar = Math.sqrt(phi * phi + sigma * sigma)
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v)
  return { rating: (mu + phiNew * phiNew * improvement) * SCALE + 1500, rd: phiNew * SCALE, volatility: sigma }
}

/**
 * One result's step within Lichess's bounds, a provisional rating taking half of it.
 * @param {Glicko} player
 * @param {number} puzzleRating
 * @param {number} score
 * @returns {Glicko}
 */
function step(player, puzzleRating, score) {
  const raw = glicko2(player, puzzleRating, score)
  const change = Math.max(-MAX_DELTA, Math.min(MAX_DELTA, raw.rating - player.rating))
  const after = {
    rating: player.rating + change,
    rd: Math.max(RD_MIN, Math.min(RD_MAX, raw.rd)),
    volatility: Math.min(VOLATILITY_MAX, raw.volatility),
  }
  if (!isProvisional(player)) return after
  const w = PROVISIONAL_WEIGHT
  return {
    rating: player.rating + (after.rating - player.rating) * w,
    rd: player.rd + (after.rd - player.rd) * w,
    volatility: player.volatility + (after.volatility - player.volatility) * w,
  }
}

/**
 * The player after their first result on a puzzle rated `puzzleRating`: 'clean', 'hints' or 'lost'.
 * A provisional rating moves no further than a result at its own level would move it.
 * @param {Glicko} player
 * @param {number} puzzleRating
 * @param {RatingOutcome} outcome
 * @returns {Glicko}
 */
export function ratePuzzle(player, puzzleRating, outcome) {
  if (!['clean', 'hints', 'lost'].includes(outcome)) throw new Error(`outcome must be clean, hints or lost, not ${outcome}`)
  let after = step(player, puzzleRating, outcome === 'lost' ? 0 : 1)
  if (isProvisional(player)) {
    const most = step(player, player.rating, 1).rating - player.rating
    after = { ...after, rating: player.rating + Math.max(-most, Math.min(most, after.rating - player.rating)) }
  }
  if (outcome === 'hints') after = { ...after, rating: player.rating + (after.rating - player.rating) / 2 }
  return after
}

/**
 * How a first result counts: a miss or any mistake is lost, else hints, else clean.
 * @param {boolean} missed
 * @param {number} mistakes
 * @param {number} hints
 * @returns {RatingOutcome}
 */
export function outcomeOf(missed, mistakes, hints) {
  if (missed || mistakes > 0) return 'lost'
  return hints > 0 ? 'hints' : 'clean'
}
