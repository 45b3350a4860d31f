// Drawing by theme and difficulty in the browser (chess/bundle.js's nextAround) over a small
// index made here in the format the build writes (docs/bundle.md, "The theme index"): only
// puzzles of the theme, from the first window holding a fresh one, never a retired or seen one
// while a fresh one is left, then the one seen longest ago.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { nextAround, decode, forget } from '../../site/static/js/chess/bundle.js'
import { enc, fakeBundle as fakeIndex } from './fake_theme_index.mjs'


// Medium, two shards: [id, fen, moves, rating, themes].
const SHARDS = [
  [['m0', '', '', 1450, 'fork'], ['m1', '', '', 1500, 'pin'], ['m2', '', '', 1590, 'fork pin']],
  [['m3', '', '', 1520, 'fork'], ['m4', '', '', 1780, 'fork'], ['m5', '', '', 1505, 'fork']],
]

const fakeBundle = (options) => fakeIndex(SHARDS, ['fork', 'pin'], options)

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
