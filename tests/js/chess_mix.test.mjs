// Your own mix (chess/mix.js, drawn by bundle.js, held by mix_ctrl.js): its link read back with
// every fault named and nothing thrown, the places it holds, the draw and the count over a small
// theme index in the build's format (fake_theme_index.mjs), and the controller
// over a stand-in view.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readMix, mixPath, unionPlaces, placesRated, cleanName, MAX_THEMES } from '../../site/static/js/chess/mix.js'
import { nextAround, countRated, forget } from '../../site/static/js/chess/bundle.js'
import { MixCtrl, safeDecode } from '../../site/static/js/chess/mix_ctrl.js'
import { namespace, MemoryStorage } from '../../site/static/js/lib/storage.js'
import { fakeBundle as fakeIndex } from './fake_theme_index.mjs'

const KNOWN = new Set(['fork', 'pin', 'skewer', 'mateIn2'])

/** A link's parts as the chess page hands them over: split on "/", each decoded. */
const parts = (path) => path.split('/').map(decodeURIComponent)

test('a mix goes into its link and comes back the same', () => {
  for (const mix of [
    { themes: ['fork', 'pin'], level: [1400, 1700], name: 'Forks and pins' },
    { themes: ['mateIn2'], level: 'harder', name: '' },
    { themes: ['fork', 'skewer'], level: [600, 2599], name: 'a/b #1 · “é”' },
  ]) {
    assert.deepEqual(readMix(parts(mixPath(mix)), KNOWN), { mix })
  }
  assert.equal(mixPath({ themes: ['fork', 'pin'], level: [1400, 1700], name: 'Forks & pins' }), 'fork,pin/1400-1700/Forks%20%26%20pins')
})

test('a bad link is named in words, never thrown', () => {
  const bad = {
    '': 'needs themes',
    'fork': 'needs themes',
    'frok/1400-1700': 'no theme called “frok”',
    '<img src=x>/normal': 'no theme called “<img src=x>”',
    ',,/normal': 'at least one theme',
    'fork/1700-1400': 'runs backwards',
    'fork/100-1700': 'rated 600 to 2599',
    'fork/1400-9999': 'rated 600 to 2599',
    'fork/1400-': 'neither a difficulty',
    'fork/impossible': 'neither a difficulty',
    'fork/normal/name/extra': 'needs themes',
  }
  for (const [path, words] of Object.entries(bad)) {
    const got = readMix(path.split('/'), KNOWN)
    assert.ok(got.error && got.error.includes(words), `${path}: ${JSON.stringify(got)}`)
  }
  const many = Array.from({ length: MAX_THEMES + 1 }, (_, i) => `t${i}`)
  assert.match(readMix([many.join(','), 'normal'], new Set(many)).error, /at most 12/)
  for (const junk of [null, undefined, 42, {}, [1, 2], ['fork', 1400]]) assert.ok(readMix(junk, KNOWN).error)
  assert.deepEqual(readMix(['fork,fork,pin', 'easiest'], KNOWN).mix.themes, ['fork', 'pin'])
  assert.equal(safeDecode('%E0%A4%A'), null)
})

test('a name is kept short and plain', () => {
  assert.equal(cleanName('  Forks\n\tand   pins\u0000 '), 'Forks and pins')
  assert.equal(cleanName('x'.repeat(80)).length, 40)
})

test('the places of a mix: any of its themes, each once, rated within the range', () => {
  assert.deepEqual(unionPlaces([[0, 2, 5], [2, 3], []]), [0, 2, 3, 5])
  assert.deepEqual(placesRated([0, 2, 3, 5], [1400, 0, 1700, 1701, 0, 1399], 1400, 1700), [0, 2])
})

// Medium, two shards: [id, fen, moves, rating, themes].
const SHARDS = [
  [['m0', '', '', 1450, 'fork'], ['m1', '', '', 1500, 'pin'], ['m2', '', '', 1590, 'fork pin']],
  [['m3', '', '', 1720, 'skewer'], ['m4', '', '', 1780, 'fork'], ['m5', '', '', 1505, 'fork']],
]

const fakeBundle = (options) => fakeIndex(SHARDS, ['fork', 'pin', 'skewer'], options)

test('a mix in a range draws only puzzles of its themes rated in it, and counts them', async () => {
  forget()
  const fetcher = fakeBundle({ retired: { m5: 'm0' } })
  const drawn = new Set()
  for (let i = 0; i < 40; i++) {
    const got = await nextAround({ themes: ['pin', 'skewer'], spans: [[1500, 1750]], seen: [], fetcher })
    drawn.add(got.row[0])
  }
  // pins m1 (1500) and m2 (1590), the skewer m3 (1720); the forks m0, m4 and the retired m5 never.
  assert.deepEqual([...drawn].sort(), ['m1', 'm2', 'm3'])
  assert.equal(await countRated({ themes: ['pin', 'skewer'], low: 1500, high: 1750, fetcher }), 3)
  assert.equal(await countRated({ themes: ['fork', 'pin'], low: 1400, high: 1600, fetcher }), 3) // m0, m1, m2 (m2 once)
  assert.equal(await countRated({ themes: ['fork'], low: 1400, high: 1800, fetcher }), 3) // m5 retired
  assert.equal(await countRated({ themes: ['frok'], low: 1400, high: 1800, fetcher }), null)
})

test('a range never widens: all seen brings back the one seen longest ago, none at all draws nothing', async () => {
  forget()
  const fetcher = fakeBundle()
  const again = await nextAround({ themes: ['pin'], spans: [[1400, 1600]], seen: ['m2', 'm1'], fetcher })
  assert.equal(again.row[0], 'm2')
  assert.equal(await nextAround({ themes: ['skewer'], spans: [[1400, 1600]], seen: [], fetcher }), null)
})

/** A stand-in view: counts redraws, hears what the controller says. */
function standIn() {
  return { redraws: 0, said: [], redraw() { this.redraws++ }, saved(name) { this.said.push(name) } }
}

function makeCtrl(storage = namespace('pb:chess:', new MemoryStorage())) {
  const asked = []
  const ui = standIn()
  const ctrl = new MixCtrl({
    storage, ui, known: KNOWN, centre: () => 1800,
    count: async (query) => { asked.push(query); return 312 },
  })
  return { ctrl, ui, asked, storage }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

test('the controller counts what the form holds and makes its links', async () => {
  const { ctrl, asked } = makeCtrl()
  assert.equal(ctrl.countWords(), 'Choose at least one theme.')
  assert.equal(ctrl.playHref(), null)
  ctrl.toggleTheme('fork', true)
  ctrl.toggleTheme('pin', true)
  ctrl.setRange('1400', '1700')
  await settle()
  assert.deepEqual(asked.at(-1), { themes: ['fork', 'pin'], low: 1400, high: 1700 })
  assert.equal(ctrl.countWords(), '312 puzzles of these themes rated 1400–1700.')
  assert.equal(ctrl.playHref(), '/#/mix/fork,pin/1400-1700')
  ctrl.setRange('1700', '1400')
  assert.match(ctrl.countWords(), /runs backwards/)
  assert.equal(ctrl.playHref(), null)
  ctrl.setKind('difficulty')
  ctrl.setStep('harder')
  await settle()
  assert.deepEqual(asked.at(-1), { themes: ['fork', 'pin'], low: 1700, high: 1900 })
  assert.equal(ctrl.countWords(), '312 puzzles rated 1700–1900, around your rating at harder.')
  ctrl.setName('Forks and pins')
  assert.equal(ctrl.shareLink('https://x.test'), 'https://x.test/themes/#/mix/fork,pin/harder/Forks%20and%20pins')
})

test('a mix saved under a name is kept, replaced by the same name, and opens again from its link', async () => {
  const { ctrl, ui, storage } = makeCtrl()
  ctrl.toggleTheme('fork', true)
  ctrl.save()
  assert.match(ctrl.message, /name/)
  ctrl.setName('Forks')
  ctrl.save()
  ctrl.toggleTheme('skewer', true)
  ctrl.save()
  assert.deepEqual(ui.said, ['Forks', 'Forks'])
  assert.deepEqual(ctrl.saved().map((m) => [m.name, m.themes]), [['Forks', ['fork', 'skewer']]])
  const link = ctrl.shareLink('https://x.test')

  const other = makeCtrl(storage).ctrl
  assert.equal(other.openLink(new URL(link).hash), true)
  assert.deepEqual([other.themes, other.rangeText, other.name, other.open], [['fork', 'skewer'], ['1400', '1700'], 'Forks', true])
  other.remove('Forks')
  assert.deepEqual(ctrl.saved(), [])
})

test('a bad link is a plain message in the form, and any other address is left alone', () => {
  const { ctrl } = makeCtrl()
  for (const hash of ['#/mix/frok/1400-1700', '#/mix/fork/%E0%A4%A', '#/mix/', '#/mix/fork/1400-1700/a/b']) {
    ctrl.message = ''
    assert.equal(ctrl.openLink(hash), true)
    assert.match(ctrl.message, /^This mix link can’t be opened\. .+ Make the mix again below\.$/, hash)
    assert.deepEqual(ctrl.themes, [])
  }
  assert.equal(ctrl.openLink('#mix-title'), false)
  assert.equal(ctrl.openLink(''), false)
})

test('saved mixes the browser kept badly are passed over', () => {
  const storage = namespace('pb:chess:', new MemoryStorage())
  storage.set('mixes', [{ name: 'ok', path: 'fork/normal/ok' }, { name: 'gone', path: 'frok/normal' }, 7, { path: '%' }])
  assert.deepEqual(makeCtrl(storage).ctrl.saved().map((m) => m.name), ['ok'])
  storage.set('mixes', 'nonsense')
  assert.deepEqual(makeCtrl(storage).ctrl.saved(), [])
})
