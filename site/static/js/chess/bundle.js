/**
 * The chess bundle in the browser: /shards/index.json and its shards.
 *
 * A puzzle is found by (band, id) with one fetch: its shard is the first four
 * bytes of SHA-256 of its id, big-endian, modulo the band's shard count (the
 * same rule as puzzlebook/chess/shards.py). The built index.json says where
 * shard k of a band is (`files[band][k]`, content-hashed names under /shards/).
 */

import { windows, bandsFor } from './difficulty.js'
import { unionPlaces, placesRated } from './places.js'
/** @import { Fetcher, PuzzleRow, ShardIndex, Span } from '../chess_types.js' */
/**
 * A band's table of the theme index: its shards' sizes, each place's rating, each shard's first place.
 * @typedef {{ sizes: number[], starts: number[], ratings: number[] }} RatingTable
 */
/**
 * Where the offline checks look (`reachable`): offline or not, and whether the offline copy holds a file.
 * @typedef {{ offline?: boolean, cached?: (path: string) => Promise<boolean> }} Reach
 */

/** @type {Map<string, Promise<unknown>>} */
const shardCache = new Map()
/** @type {Map<string, RatingTable | number[]>} */
const decoded = new Map()
/** @type {Promise<ShardIndex> | null} */
let indexPromise = null

/**
 * The published index, fetched once per page (a failure is retried next time).
 * @param {Fetcher} [fetcher]
 * @returns {Promise<ShardIndex>}
 */
export function loadIndex(fetcher = globalThis.fetch) {
  if (!indexPromise) {
    indexPromise = fetcher('/shards/index.json').then((res) => {
      if (!res.ok) throw new Error(`the puzzle index answered ${res.status}`)
      return res.json()
    })
    indexPromise.catch(() => { indexPromise = null })
  }
  return indexPromise
}

/**
 * The shard (0..shards-1) that holds puzzle `id` in a band of `shards` shards.
 * @param {string} id
 * @param {number} shards
 */
export async function shardOf(id, shards) {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(id))
  return new DataView(digest).getUint32(0, false) % shards
}

/**
 * The rows of shard `k` of `band` (fetched once per page).
 * @param {ShardIndex} index
 * @param {string} band
 * @param {number} k
 * @param {Fetcher} [fetcher]
 * @returns {Promise<PuzzleRow[]>}
 */
export function loadShard(index, band, k, fetcher = globalThis.fetch) {
  const name = index.files[band][k]
  if (!shardCache.has(name)) {
    const rows = fetcher('/shards/' + name).then((res) => {
      if (!res.ok) throw new Error(`shard ${name} answered ${res.status}`)
      return res.json()
    })
    rows.catch(() => shardCache.delete(name))
    shardCache.set(name, rows)
  }
  return /** @type {Promise<PuzzleRow[]>} */ (shardCache.get(name))
}

/**
 * The service worker's offline copy holds `path` (false where there is none: no Cache Storage).
 * @param {string} path
 */
async function inOfflineCopy(path) {
  try {
    return Boolean(globalThis.caches && (await globalThis.caches.match(path)))
  } catch {
    return false
  }
}

/**
 * Whether a file under /shards/ is worth asking for: always while online; offline, only what this
 * page already read or the offline copy holds. An offline Endless used to try a dozen shards the
 * service worker never cached, each fetch a console error, before it fell back to one it had.
 * `offline` and `cached` are the browser's (navigator.onLine, Cache Storage) unless given.
 * @param {string} name
 * @param {Reach} [reach]
 */
export async function reachable(name, { offline = globalThis.navigator?.onLine === false, cached = inOfflineCopy } = {}) {
  if (!offline || shardCache.has(name)) return true
  return cached('/shards/' + name)
}

/**
 * The row [id, fen, moves, rating, themes] of puzzle (band, id), or null if the bundle hasn't it.
 * @param {string} band
 * @param {string} id
 * @param {Fetcher} [fetcher]
 */
export async function findRow(band, id, fetcher = globalThis.fetch) {
  const index = await loadIndex(fetcher)
  const info = index.bands[band]
  if (!info || !index.files || !index.files[band]) return null
  const k = await shardOf(id, info.shards)
  const rows = await loadShard(index, band, k, fetcher)
  return rows.find((row) => row[0] === id) || null
}

/**
 * Endless: a random puzzle of `band` from a random shard, skipping retired
 * puzzles and the ids in `seen`. Offline, only the shards at hand are read
 * (`reachable`: `offline`, `cached`); any that can't be fetched is passed
 * over. When every puzzle reachable has been seen, the one seen longest ago is
 * served again. Resolves to a row, or null when no shard could be read.
 * @param {string} band
 * @param {readonly string[]} seen
 * @param {{ random?: () => number, fetcher?: Fetcher } & Reach} [options]
 * @returns {Promise<PuzzleRow | null>}
 */
export async function nextEndless(band, seen, { random = Math.random, fetcher = globalThis.fetch, ...at } = {}) {
  const index = await loadIndex(fetcher)
  const names = (index.files || {})[band] || []
  const retired = new Set(Object.keys(index.duplicates || {}))
  const skip = new Set(seen)
  const order = names.map((_, k) => k)
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[order[i], order[j]] = [order[j], order[i]]
  }
  /** @type {PuzzleRow | null} */
  let oldest = null
  const seenAt = new Map(seen.map((id, i) => [id, i]))
  for (const k of order) {
    if (!(await reachable(names[k], at))) continue
    let rows
    try {
      rows = await loadShard(index, band, k, fetcher)
    } catch {
      continue
    }
    const fresh = rows.filter((row) => !retired.has(row[0]) && !skip.has(row[0]))
    if (fresh.length) return fresh[Math.floor(random() * fresh.length)]
    for (const row of rows) {
      if (retired.has(row[0])) continue
      if (!oldest || (seenAt.get(row[0]) ?? -1) < (seenAt.get(oldest[0]) ?? -1)) oldest = row
    }
  }
  return oldest
}

// ---- the theme index (docs/bundle.md, "The theme index") ------------------------

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]))

/**
 * The numbers in `text`, `width` characters each (puzzlebook/chess/theme_index.py's decode).
 * @param {string} text
 * @param {number} width
 * @returns {number[]}
 */
export function decode(text, width) {
  const out = new Array(Math.floor(text.length / width))
  for (let i = 0; i < out.length; i++) {
    let value = 0
    for (let j = i * width; j < (i + 1) * width; j++) value = value * 64 + (VALUE.get(text[j]) ?? 0)
    out[i] = value
  }
  return out
}

/**
 * A file of the theme index, fetched once per page, like a shard.
 * @param {string} name
 * @param {Fetcher} fetcher
 * @returns {Promise<unknown>}
 */
function loadJson(name, fetcher) {
  if (!shardCache.has(name)) {
    const data = fetcher('/shards/' + name).then((res) => {
      if (!res.ok) throw new Error(`${name} answered ${res.status}`)
      return res.json()
    })
    data.catch(() => shardCache.delete(name))
    shardCache.set(name, data)
  }
  return /** @type {Promise<unknown>} */ (shardCache.get(name))
}

/**
 * A band's table: { sizes, ratings (decoded), starts (the place of each shard's first row) }.
 * @param {ShardIndex} index
 * @param {string} band
 * @param {Fetcher} fetcher
 * @returns {Promise<RatingTable>}
 */
async function ratingTable(index, band, fetcher) {
  const name = /** @type {NonNullable<ShardIndex['themes']>} */ (index.themes).ratings[band]
  if (!decoded.has(name)) {
    const raw = /** @type {{ sizes: number[], ratings: string }} */ (await loadJson(name, fetcher))
    /** @type {number[]} */
    const starts = []
    let at = 0
    for (const size of raw.sizes) { starts.push(at); at += size }
    decoded.set(name, { sizes: raw.sizes, starts, ratings: decode(raw.ratings, 2) })
  }
  return /** @type {RatingTable} */ (decoded.get(name))
}

/**
 * The places of `themes` in `band` (any of them, each place once; every place when null).
 * @param {ShardIndex} index
 * @param {readonly string[] | null} themes
 * @param {string} band
 * @param {RatingTable} table
 * @param {Fetcher} fetcher
 * @returns {Promise<number[]>}
 */
async function placesOf(index, themes, band, table, fetcher) {
  if (!themes) return table.ratings.map((_, place) => place)
  /** @type {number[][]} */
  const lists = []
  for (const theme of themes) {
    const name = /** @type {NonNullable<ShardIndex['themes']>} */ (index.themes).files[theme]
    const key = `${name}#${band}`
    if (!decoded.has(key)) {
      const file = /** @type {{ bands: Record<string, string> }} */ (await loadJson(name, fetcher))
      decoded.set(key, decode(file.bands[band] || '', 3))
    }
    lists.push(/** @type {number[]} */ (decoded.get(key)))
  }
  return lists.length === 1 ? lists[0] : unionPlaces(lists)
}

/**
 * The themes the published index knows: { theme: count of live puzzles }.
 * @param {Fetcher} [fetcher]
 * @returns {Promise<Record<string, number>>}
 */
export async function themeCounts(fetcher = globalThis.fetch) {
  const index = await loadIndex(fetcher)
  const counts = (index.themes && index.themes.counts) || {}
  return Object.fromEntries(Object.entries(counts).map(([t, bands]) => [t, Object.values(bands).reduce((a, b) => a + b, 0)]))
}

/**
 * How many live puzzles of any of `themes` are rated low..high (a mix's count, chess/mix.js), or
 * null when the files it needs can't be read (offline, never fetched).
 * @param {{ themes: readonly string[], low: number, high: number, fetcher?: Fetcher } & Reach} mix
 * @returns {Promise<number | null>}
 */
export async function countRated({ themes, low, high, fetcher = globalThis.fetch, ...at }) {
  const index = await loadIndex(fetcher)
  const themed = index.themes
  if (!themed || themes.some((t) => !themed.files[t])) return null
  let count = 0
  for (const band of bandsFor(low, high)) {
    if (!themed.ratings[band]) continue // a band this bundle hasn't
    const needs = [themed.ratings[band], ...themes.map((t) => themed.files[t])]
    if (!(await Promise.all(needs.map((name) => decoded.has(name) || reachable(name, at)))).every(Boolean)) return null
    try {
      const table = await ratingTable(index, band, fetcher)
      count += placesRated(await placesOf(index, themes, band, table, fetcher), table.ratings, low, high).length
    } catch {
      return null
    }
  }
  return count
}

/**
 * Your difficulty: a puzzle around the rating `centre`, of `theme` (or of any theme when null),
 * skipping retired puzzles and the ids in `seen`. The windows of chess/difficulty.js are tried in
 * turn (±100, then wider): in each, the shards holding candidates are read in random order until
 * one has a fresh candidate. When every candidate has been seen, the one seen longest ago comes
 * back. Resolves to { band, row }, or null when nothing could be read (offline, or no such theme).
 * A mix gives `themes` (any of them) for `theme`, and `spans` (its one rating range) for the
 * windows around `centre`.
 * @param {{ theme?: string | null, themes?: readonly string[] | null, centre: number, spans?: Span[] | null,
 *   seen: readonly string[], random?: () => number, fetcher?: Fetcher } & Reach} draw
 * @returns {Promise<{ band: string, row: PuzzleRow } | null>}
 */
export async function nextAround({ theme = null, themes = theme ? [theme] : null, centre, spans = null, seen, random = Math.random, fetcher = globalThis.fetch, ...at }) {
  const index = await loadIndex(fetcher)
  const themed = index.themes
  if (!themed || (themes && themes.some((t) => !themed.files[t]))) return null
  const retired = new Set(Object.keys(index.duplicates || {}))
  const skip = new Set(seen)
  const seenAt = new Map(seen.map((id, i) => [id, i]))
  /** @type {{ band: string, row: PuzzleRow } | null} */
  let oldest = null
  const tried = new Set()
  for (const [low, high] of spans || windows(centre)) {
    /** @type {Map<string, { band: string, k: number, rows: number[] }>} */
    const groups = new Map() // "band/k" -> { band, k, rows: [row in shard] }
    for (const band of bandsFor(low, high)) {
      let table
      let places
      const needs = [themed.ratings[band], ...(themes || []).map((t) => themed.files[t])]
      if (!(await Promise.all(needs.map((name) => decoded.has(name) || reachable(name, at)))).every(Boolean)) continue
      try {
        table = await ratingTable(index, band, fetcher)
        places = await placesOf(index, themes, band, table, fetcher)
      } catch {
        continue
      }
      for (const place of places) {
        const rating = table.ratings[place]
        if (rating < low || rating > high) continue
        let k = 0
        while (k + 1 < table.starts.length && table.starts[k + 1] <= place) k++
        const key = `${band}/${k}`
        let group = groups.get(key)
        if (!group) groups.set(key, group = { band, k, rows: [] })
        group.rows.push(place - table.starts[k])
      }
    }
    const order = [...groups.values()]
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[order[i], order[j]] = [order[j], order[i]]
    }
    for (const group of order) {
      if (!(await reachable(index.files[group.band][group.k], at))) continue
      let rows
      try {
        rows = await loadShard(index, group.band, group.k, fetcher)
      } catch {
        continue
      }
      const live = group.rows.map((j) => rows[j]).filter((row) => row && !retired.has(row[0]))
      const fresh = live.filter((row) => !skip.has(row[0]))
      if (fresh.length) return { band: group.band, row: fresh[Math.floor(random() * fresh.length)] }
      for (const row of live) {
        if (tried.has(row[0])) continue
        tried.add(row[0])
        if (!oldest || (seenAt.get(row[0]) ?? -1) < (seenAt.get(oldest.row[0]) ?? -1)) oldest = { band: group.band, row }
      }
    }
  }
  return oldest
}

/** Forget what this page fetched (tests). */
export function forget() {
  shardCache.clear()
  decoded.clear()
  indexPromise = null
}
