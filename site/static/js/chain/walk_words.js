/**
 * A day's walkthrough in the page's language. The API answers it as the generator kept it
 * (puzzlebook/chain/walkthrough.py): numbers and hand indices, with the generator's English beside
 * them; the words here are made from the numbers, each sentence a catalog's message, so every
 * language says the same facts. English comes out as the generator's own text (tests/vectors/
 * chain_walkthroughs.json binds the two). A walkthrough kept in this browser before the API gave a
 * spare's `like` keeps the generator's English for that spare.
 */
import { t, tn, list } from '../lib/i18n.js'
import { face, sumWords } from './words.js'
/** @import { ChainDay, WalkthroughText } from '../chain_types.js' */

/**
 * @param {WalkthroughText} walk
 * @param {ChainDay} day its start, target, moves and hand
 * @param {number[]} solution the hand's indices in the walkthrough's order
 * @returns {{ summary: string, steps: { text: string, sum: boolean }[], spares: string[] }} each step's
 *   words, and whether they are a sum ("93 ÷ 3 = 31", which reads left to right on every page)
 */
export function walkWords(walk, day, solution) {
  const tiles = (/** @type {number[]} */ indices) => list(indices.map((i) => face(day.hand[i])))
  const orders = walk.orders ?? 0
  const summary = orders && solution.length && solution.every((i) => day.hand[i]) ? summaryWords(day, solution, orders, tiles) : walk.summary
  const steps = (walk.steps || []).map((step) => {
    const tile = step.tile === undefined ? null : day.hand[step.tile]
    if (!tile || step.from === undefined || step.to === undefined) return { text: step.text, sum: false }
    if (tile.op === 'swap') return { text: t('swap the digits of {value}: {result}', { value: step.from, result: step.to }), sum: false }
    return { text: `${sumWords(step.from, tile)} = ${step.to}`, sum: true }
  })
  const spares = (walk.spares || []).map((spare) => spareWords(spare, day, tiles))
  return { summary, steps, spares }
}

/**
 * The walkthrough's first sentence: the route and how many orders of its tiles work.
 * @param {ChainDay} day
 * @param {number[]} solution
 * @param {number} orders
 * @param {(indices: number[]) => string} tiles
 */
function summaryWords(day, solution, orders, tiles) {
  const route = tn('From {start} to {target} in {n} move with {tiles}', 'From {start} to {target} in {n} moves with {tiles}',
    day.moves, { start: day.start, target: day.target, tiles: tiles(solution) })
  const ways = orders === 1 ? t('these tiles work in this order only')
    : tn('these tiles work in {n} different order', 'these tiles work in {n} different orders', orders)
  return t('{route}; {ways}.', { route, ways })
}

/**
 * Why a spare tile doesn't belong, as the generator says it: the solution's tile it looks like, then
 * the closest chain with it and where that ends (or that no chain can use it).
 * @param {NonNullable<WalkthroughText['spares']>[number]} spare
 * @param {ChainDay} day
 * @param {(indices: number[]) => string} tiles
 */
function spareWords(spare, day, tiles) {
  if (spare.like === undefined || spare.tile === undefined) return spare.text
  const tile = face(day.hand[spare.tile])
  const parts = []
  if (spare.like) {
    const values = { tile, like: face(day.hand[spare.like.tile]), n: Math.abs(spare.like.by) }
    parts.push(spare.like.by > 0 ? t('{tile} looks like {like} ({n} more)', values) : t('{tile} looks like {like} ({n} less)', values))
  }
  if (!spare.closest || spare.end === undefined || spare.end === null) {
    parts.push(tn('no {n}-move chain can use {tile} at all', 'no {n}-move chain can use {tile} at all', day.moves, { tile }))
  } else {
    const off = spare.end - day.target
    const miss = off > 0 ? t('{n} over', { n: off }) : t('{n} short', { n: -off })
    parts.push(tn('every {n}-move chain with it misses {target}; the closest, {chain}, ends at {end} ({miss})',
      'every {n}-move chain with it misses {target}; the closest, {chain}, ends at {end} ({miss})',
      day.moves, { target: day.target, chain: tiles(spare.closest), end: spare.end, miss }))
  }
  const text = parts.length === 2 ? t('{first}; {then}', { first: parts[0], then: parts[1] }) : parts[0]
  return text[0].toUpperCase() + text.slice(1) + '.'
}
