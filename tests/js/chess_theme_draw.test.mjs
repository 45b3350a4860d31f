// Drawing by theme and difficulty in the browser (chess/bundle.js's nextAround) over a small
// index made here in the format the build writes (docs/bundle.md, "The theme index"): only
// puzzles of the theme, from the first window holding a fresh one, never a retired or seen one
// while a fresh one is left, then the one seen longest ago.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { nextAround, decode, forget } from '../../site/static/js/chess/bundle.js'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const enc = (n, width) => Array.from({ length: width }, (_, i) => ALPHABET[(n >> (6 * (width - 1 - i))) & 63]).join('')

// Medium, two shards: [id, fen, moves, rating, themes].
const SHARDS = [
  [['m0', '', '', 1450, 'fork'], ['m1', '', '', 1500, 'pin'], ['m2', '', '', 1590, 'fork pin']],
  [['m3', '', '', 1520, 'fork'], ['m4', '', '', 1780, 'fork'], ['m5', '', '', 1505, 'fork']],
]

function fakeBundle({ retired = {} } = {}) {
  const rows = SHARDS.flat()
  const files = {
    'index.json': {
      bands: { Medium: { low: 1400, high: 1800, shards: 2, count: rows.length } },
      files: { Medium: ['Medium/0.h.json', 'Medium/1.h.json'] },
      duplicates: retired,
      themes: { format: 1, ratings: { Medium: 'themes/ratings-Medium.h.json' }, files: {}, counts: {} },
    },
    'Medium/0.h.json': SHARDS[0],
    'Medium/1.h.json': SHARDS[1],
    'themes/ratings-Medium.h.json': { sizes: [3, 3], ratings: rows.map((r) => enc(r[3], 2)).join('') },
  }
  for (const theme of ['fork', 'pin']) {
    const places = rows.map((r, place) => [r, place]).filter(([r]) => !retired[r[0]] && r[4].split(' ').includes(theme))
    files[`themes/${theme}.h.json`] = { theme, bands: { Medium: places.map(([, p]) => enc(p, 3)).join('') } }
    files['index.json'].themes.files[theme] = `themes/${theme}.h.json`
  }
  return async (url) => {
    const name = url.replace('/shards/', '')
    if (!(name in files)) return { ok: false, status: 404, json: async () => null }
    return { ok: true, status: 200, json: async () => structuredClone(files[name]) }
  }
}

test('the places decode as the build writes them', () => {
  assert.deepEqual(decode('AAABA_', 3), [0, 4159])
  assert.deepEqual(decode(enc(2599, 2), 2), [2599])
})

test('a theme draws only its puzzles, from the first window with a fresh one', async () => {
  forget()
  const fetcher = fakeBundle({ retired: { m5: 'm3' } })
  const drawn = new Set()
  for (let i = 0; i < 40; i++) {
    const got = await nextAround({ theme: 'fork', centre: 1500, seen: [], fetcher })
    drawn.add(got.row[0])
    assert.equal(got.band, 'Medium')
  }
  // ±100 of 1500 holds the forks m0 (1450), m3 (1520) and m2 (1590); m5 is retired, m4 (1780) off.
  assert.deepEqual([...drawn].sort(), ['m0', 'm2', 'm3'])
})

test('when the window runs dry it widens outward', async () => {
  forget()
  const fetcher = fakeBundle()
  const got = await nextAround({ theme: 'fork', centre: 1500, seen: ['m0', 'm3', 'm5'], fetcher })
  assert.equal(got.row[0], 'm2') // 1590: the last fresh fork within ±100
  const wider = await nextAround({ theme: 'fork', centre: 1500, seen: ['m0', 'm3', 'm5', 'm2'], fetcher })
  assert.equal(wider.row[0], 'm4') // 1780: only in ±400
})

test('without a theme every puzzle of the window is a candidate', async () => {
  forget()
  const fetcher = fakeBundle()
  const got = await nextAround({ centre: 1500, seen: ['m0', 'm2', 'm3', 'm5'], fetcher })
  assert.equal(got.row[0], 'm1') // the pin at 1500
})

test('when every puzzle of the theme has been seen, the one seen longest ago comes back', async () => {
  forget()
  const fetcher = fakeBundle()
  const got = await nextAround({ theme: 'pin', centre: 1500, seen: ['m2', 'm1'], fetcher })
  assert.equal(got.row[0], 'm2')
})

test('an unknown theme draws nothing', async () => {
  forget()
  assert.equal(await nextAround({ theme: 'frok', centre: 1500, seen: [], fetcher: fakeBundle() }), null)
})
