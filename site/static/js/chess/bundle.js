/**
 * The chess bundle in the browser: /shards/index.json and its shards.
 *
 * A puzzle is found by (band, id) with one fetch: its shard is the first four
 * bytes of SHA-256 of its id, big-endian, modulo the band's shard count (the
 * same rule as puzzlebook/chess/shards.py). The built index.json says where
 * shard k of a band is (`files[band][k]`, content-hashed names under /shards/).
 */

const shardCache = new Map()
let indexPromise = null

/** The published index, fetched once per page (a failure is retried next time). */
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

/** The shard (0..shards-1) that holds puzzle `id` in a band of `shards` shards. */
export async function shardOf(id, shards) {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(id))
  return new DataView(digest).getUint32(0, false) % shards
}

/** The rows of shard `k` of `band` (fetched once per page). */
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
  return shardCache.get(name)
}

/** The row [id, fen, moves, rating, themes] of puzzle (band, id), or null if the bundle hasn't it. */
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
 * puzzles and the ids in `seen`. Shards that can't be fetched (offline and
 * not cached) are passed over. When every puzzle reachable has been seen, the
 * one seen longest ago is served again. Resolves to a row, or null when no
 * shard could be read.
 */
export async function nextEndless(band, seen, { random = Math.random, fetcher = globalThis.fetch } = {}) {
  const index = await loadIndex(fetcher)
  const names = (index.files || {})[band] || []
  const retired = new Set(Object.keys(index.duplicates || {}))
  const skip = new Set(seen)
  const order = names.map((_, k) => k)
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[order[i], order[j]] = [order[j], order[i]]
  }
  let oldest = null
  const seenAt = new Map(seen.map((id, i) => [id, i]))
  for (const k of order) {
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

/** Forget what this page fetched (tests). */
export function forget() {
  shardCache.clear()
  indexPromise = null
}
