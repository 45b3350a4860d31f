// What a Chain player reads and hears (words.js), what they share (share.js),
// and what the browser keeps and takes from the API (store.js).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'

import { newRecord, play, undo, reset, giveUp, goOwner } from '../../site/static/js/chain/state.js'
import { tileName, tileLabel, refusal, moveWords, puzzleWords, notTheirsWords } from '../../site/static/js/chain/words.js'
import { shareText } from '../../site/static/js/chain/share.js'
import { label } from '../../site/static/js/chain/tiles.js'
import { ChainStore, RECENT_KEPT, summarise } from '../../site/static/js/chain/store.js'
import { MemoryStorage } from '../../site/static/js/lib/storage.js'

const vectors = JSON.parse(readFileSync(new URL('../vectors/chain.json', import.meta.url), 'utf8'))
const golden = JSON.parse(readFileSync(new URL('../golden/chain_public.json', import.meta.url), 'utf8'))
const SEPT7 = { date: '2026-09-07', level: 'easy', ...vectors.puzzles.seven_september }
const ORIGIN = 'https://puzzles.example'

test('each kind of tile has its spoken name', () => {
  assert.deepEqual(
    [{ op: 'add', n: 54 }, { op: 'sub', n: 28 }, { op: 'mul', n: 3 }, { op: 'div', n: 4 }, { op: 'swap' }].map(tileName),
    ['add 54', 'subtract 28', 'multiply by 3', 'divide by 4', 'swap the digits'],
  )
})

test('a tile button says what the tile is and what it would do now', () => {
  const rec = newRecord({ date: '2026-01-05', level: 'easy', start: 133, target: 200, moves: 2, hand: [{ op: 'div', n: 4 }, { op: 'add', n: 9 }, { op: 'swap' }] }, '')
  assert.equal(tileLabel(rec, 1), '+9, tile 2: add 9. 133 becomes 142.')
  assert.equal(tileLabel(rec, 0), "÷4, tile 1: divide by 4. Can't be played now: 133 ÷ 4 is not a whole number.")
  assert.equal(tileLabel(rec, 2), 'swap, tile 3: swap the digits. 133 becomes 331.')
  play(rec, 1)
  assert.equal(tileLabel(rec, 1), '+9, tile 2: add 9. Played as the first move.')
  play(rec, 2)
  assert.equal(tileLabel(rec, 0), '÷4, tile 1: divide by 4. No moves left.')
})

test('a refused tile is explained in words a player understands', () => {
  const rec = newRecord({ date: '2026-01-05', level: 'easy', start: 121, target: 200, moves: 2, hand: [{ op: 'swap' }, { op: 'sub', n: 99 }, { op: 'sub', n: 30 }] }, '')
  const swap = play(rec, 0)
  assert.equal(refusal(rec, 0, swap), "swap can't be played on 121: swapping the digits of 121 leaves it unchanged.")
  play(rec, 1)
  const twice = play(rec, 1)
  assert.equal(refusal(rec, 1, twice), '−99 was played as move 1; each tile plays once.')
  const low = play(rec, 2)
  assert.equal(refusal(rec, 2, low), "−30 can't be played on 22: 22 − 30 is below 1.")
})

test('a move is spoken with its values and the moves left; the puzzle in one sentence', () => {
  const rec = newRecord(SEPT7, '')
  play(rec, 2)
  assert.equal(moveWords(rec, 2, 79, 133), 'Add 54: 79 becomes 133. 2 moves left.')
  play(rec, 4)
  play(rec, 1)
  assert.equal(moveWords(rec, 1, 188, 160), 'Subtract 28: 188 becomes 160.')
  assert.equal(puzzleWords(SEPT7, 'Easy'), 'Easy. From 79 to 160 in exactly 3 moves, with 5 tiles.')
})

test('the share text names the game, day and level, a square a move, clean, time and place', () => {
  const rec = newRecord(SEPT7, '2026-09-07')
  for (const t of [2, 4, 1]) play(rec, t)
  rec.seconds = 41.2
  assert.equal(shareText(rec, ORIGIN), '⛓️ Chain · Mon, Sep 7 · Easy\n🟩🟩🟩\n🎯 Clean · ⏱️ 0:41\nhttps://puzzles.example/chain/')
  rec.posted = summarise({ ok: true, already: false, kept: 'solve', clean: true, daily: '2026-09-07', place: 3, streak: 2 }, 'solve')
  assert.equal(shareText(rec, ORIGIN).split('\n')[2], '🎯 Clean · ⏱️ 0:41 · 🏆 #3 today')
})

test('undos and resets show as counts; a day given up says so; an archive day links itself', () => {
  const rec = newRecord(SEPT7, '2026-09-30')
  play(rec, 0)
  undo(rec)
  play(rec, 0)
  reset(rec)
  play(rec, 3)
  undo(rec)
  for (const t of [1, 2, 4]) play(rec, t)
  rec.seconds = 75
  const lines = shareText(rec, ORIGIN).split('\n')
  assert.equal(lines[2], '↩️ 2 undos · 🔄 1 reset · ⏱️ 1:15')
  assert.equal(lines[3], 'https://puzzles.example/chain/#/2026-09-07')
  const gave = newRecord(SEPT7, '2026-09-07')
  giveUp(gave)
  assert.deepEqual(shareText(gave, ORIGIN).split('\n').slice(1, 3), ['⬜⬜⬜', '🏳️ Gave up'])
})

test('no share text of any published day depends on, or shows, a tile, the start or the target', () => {
  const other = { start: 11, target: 999, hand: [{ op: 'mul', n: 9 }, { op: 'add', n: 1 }, { op: 'swap' }, { op: 'sub', n: 2 }, { op: 'div', n: 3 }, { op: 'add', n: 98 }] }
  for (const puzzle of golden.puzzles) {
    for (const state of ['solved', 'gaveup']) {
      const finished = (p) => {
        const rec = newRecord(p, puzzle.date)
        Object.assign(rec, { state, undos: 3, resets: 1, seconds: 95, posted: { place: 12 } })
        return shareText(rec, ORIGIN)
      }
      const text = finished(puzzle)
      const decoy = { ...puzzle, ...other, hand: other.hand.slice(0, puzzle.hand.length) }
      assert.equal(text, finished(decoy), `${puzzle.date}: the text must not depend on the puzzle's numbers`)
      for (const tile of puzzle.hand) assert.ok(!text.includes(label(tile)), `${puzzle.date}: ${label(tile)} in ${text}`)
    }
  }
})

test('the store keeps days under pb:chain:, forgets the oldest, and counts outcomes and streak days', () => {
  const backend = new MemoryStorage()
  const store = new ChainStore(backend)
  const rec = newRecord(SEPT7, '2026-09-07')
  store.saveRecord(rec)
  assert.ok(backend.getItem('pb:chain:d:2026-09-07'))
  assert.deepEqual(store.record('2026-09-07'), rec)
  for (let i = 0; i < RECENT_KEPT + 3; i++) {
    store.saveRecord({ ...rec, date: `2030-${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}` })
  }
  assert.equal(store.record('2026-09-07'), null, 'the oldest day is forgotten')
  assert.equal(store.recent().length, RECENT_KEPT)
  store.count('solved')
  store.count('clean')
  store.count('solved')
  assert.deepEqual(store.tally(), { solved: 2, clean: 1, gaveup: 0 })
  store.markDay('2026-09-08')
  store.markDay('2026-09-07')
  store.markDay('2026-09-08')
  assert.deepEqual(store.days(), ['2026-09-07', '2026-09-08'])
  backend.setItem('pb:chain:days', '{broken')
  assert.deepEqual(store.days(), [])
})

test('a give-up waiting to post goes before a solve of the same day', () => {
  const store = new ChainStore(new MemoryStorage())
  store.outbox.add({ key: 'solve:2026-09-07', kind: 'solve', path: '/chain/solves', body: { date: '2026-09-07' } })
  store.outbox.add({ key: 'giveup:2026-09-08', kind: 'giveup', path: '/chain/giveups', body: { date: '2026-09-08' } })
  assert.deepEqual(store.outbox.items().map((i) => i.kind), ['giveup', 'solve'])
  assert.equal(store.outbox.add({ key: 'solve:2026-09-07', kind: 'solve' }), false)
})

test('the answer to a post keeps only what the sheet uses', () => {
  assert.deepEqual(summarise({ ok: true, already: true, kept: 'giveup' }, 'solve'), { kind: 'solve', already: true, kept: 'giveup' })
  assert.deepEqual(summarise(null, 'giveup'), { kind: 'giveup', already: false })
  assert.deepEqual(summarise({ already: false, place: '3', streak: 4, clean: false }, 'solve'), { kind: 'solve', already: false, clean: false, streak: 4 })
})

test("a go is the signed-in player's only if it ended while they were signed in", () => {
  const ada = { id: 'p-ada', name: 'Ada', token: 't' }
  const go = (fields) => ({ state: 'solved', posted: null, ...fields })
  assert.equal(goOwner(go({ by: 'p-ada' }), null), 'nobody')
  assert.equal(goOwner(go({ by: 'p-ada' }), ada), 'player')
  assert.equal(goOwner(go({ by: null }), ada), 'other', 'played signed out, then signed in or made a player')
  assert.equal(goOwner(go({ by: 'p-bob', posted: { streak: 4 } }), ada), 'other', "another player's go and answer")
  // Records kept before `by` was: a result posted or waiting to post was a player's.
  assert.equal(goOwner(go({}), ada), 'other')
  assert.equal(goOwner(go({ posted: { place: 3 } }), ada), 'player')
  assert.equal(goOwner(go({}), ada, true), 'player')
})

test("a go that isn't the player's says so plainly, and why", () => {
  assert.equal(notTheirsWords({ state: 'solved', by: null }, 'Ada', { madeAfter: true }),
    'You solved this before you made your player, so it isn’t Ada’s: it stays in this browser, on no board and in no streak.')
  assert.equal(notTheirsWords({ state: 'gaveup', by: null }, 'Ada'),
    'You gave up on this while signed out, so it isn’t Ada’s: it stays in this browser, on no board and in no streak.')
  assert.equal(notTheirsWords({ state: 'solved', by: 'p-bob' }, 'Ada', { hasResult: true }),
    'You solved this as another player, so it isn’t Ada’s: it stays in this browser, on no board and in no streak. Ada has a result of their own for this day, and that one counts.')
})
