// A board of people you know (site/static/js/friends/board_ctrl.js, words.js, kept.js) on its own, with
// no page: a stand-in view that records what it is told, a stand-in API answering as the server does
// (docs/api.md, "Friends and clubs"), and this browser's storage in memory. What a player would see is
// the controller's state, its table and its words.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { BoardCtrl, apiPath, parseAt, pathOf } from '../../site/static/js/friends/board_ctrl.js'
import { MOST_KEPT, keepBoard, keptBoards } from '../../site/static/js/friends/kept.js'
import { SOCIAL_GAMES, figureOf, playedLine, streakWords, waitingLine } from '../../site/static/js/friends/words.js'
import { MemoryStorage, namespace } from '../../site/static/js/lib/storage.js'

const TODAY = '2026-11-04'
const ADA = { id: 'a'.repeat(16), name: 'Ada', token: 't' }
const row = (place, name, columns, extra = {}) => ({ place, id: name[0].repeat(16), name, you: false, columns, public: { place, about: false, top: null }, ...extra })
const chessDay = (date = TODAY) => ({
  game: 'chess', date, band: 'Hard', people: 3, played: 2,
  rows: [
    row(1, 'Bo', { clean: true, mistakes: 0, hints: 0, seconds: 41 }),
    row(2, 'Ada', { clean: false, mistakes: 1, hints: 0, seconds: 62 }, { you: true, public: null }),
    row(3, 'Cy', { clean: false, mistakes: 2, hints: 1, seconds: 90 }),
  ],
  waiting: [{ id: 'd'.repeat(16), name: 'Di' }],
  streaks: [],
})

function board({ routes = {}, player = ADA, source = { kind: 'friends' }, keep = namespace('pb:friends:', new MemoryStorage()) } = {}) {
  const ui = { draws: 0, said: [], redraw: () => { ui.draws++ }, announce: (text) => ui.said.push(text) }
  const sent = []
  const call = async (path) => {
    sent.push(path)
    const route = routes[path]
    return typeof route === 'function' ? route() : route || { status: 404, data: { error: 'There is no daily game “x”.' } }
  }
  const ctrl = new BoardCtrl({ call, player: () => player, today: () => TODAY, keep, now: () => new Date(2026, 10, 4, 9, 41) }, ui, source)
  return { ctrl, ui, sent, keep }
}

test('an address names a game, a day or its week, and a date; the rest is no board', () => {
  assert.deepEqual(parseAt([], TODAY), { game: 'chess', date: TODAY, week: false })
  assert.deepEqual(parseAt(['chain', '2026-11-02'], TODAY), { game: 'chain', date: '2026-11-02', week: false })
  assert.deepEqual(parseAt(['storm', 'week'], TODAY), { game: 'storm', date: TODAY, week: true })
  assert.deepEqual(parseAt(['streak', 'week', '2026-11-02'], TODAY), { game: 'streak', date: '2026-11-02', week: true })
  for (const bad of [['lessons'], ['chain', '2026-13-01'], ['chain', 'week', '2026-11-02', 'x'], ['chess', 'month']]) {
    assert.equal(parseAt(bad, TODAY), null, bad.join('/'))
  }
  assert.equal(pathOf({ game: 'chain', date: TODAY, week: false }, TODAY), 'chain')
  assert.equal(pathOf({ game: 'storm', date: '2026-11-02', week: true }, TODAY), 'storm/week/2026-11-02')
  assert.equal(apiPath({ kind: 'friends' }, { game: 'chain', date: TODAY, week: true }), `/friends/boards/chain/week/${TODAY}`)
  assert.equal(apiPath({ kind: 'club', id: 'C'.repeat(16) }, { game: 'chess', date: TODAY, week: false }), `/clubs/${'C'.repeat(16)}/boards/chess/${TODAY}`)
  assert.deepEqual(SOCIAL_GAMES.map((g) => [g.key, g.name]), [['chess', 'Chess daily'], ['chain', 'Chain'], ['storm', 'Storm'], ['streak', 'Streak']])
})

test("a day's friends' board is drawn with the public board's columns and where the public board has each", async () => {
  const { ctrl, ui } = board({ routes: { [`/friends/boards/chess/${TODAY}`]: { status: 200, data: chessDay() } } })
  await ctrl.show({ game: 'chess', date: TODAY, week: false })
  const drawn = ctrl.drawn()
  assert.equal(drawn.caption, 'You and the people you follow · Chess daily · Wednesday 4 November')
  assert.deepEqual(drawn.heads.map((h) => h.head), ['Clean', 'Mistakes', 'Hints', 'Time', 'Public board'])
  assert.deepEqual(drawn.rows.map((r) => [r.place, r.name, r.you, ...r.cells]), [
    ['#1', 'Bo', false, 'Yes', '0', '0', '0:41', '#1'],
    ['#2', 'Ada', true, 'No', '1', '0', '1:02', '–'], // a new account's: on no public board yet
    ['#3', 'Cy', false, 'No', '2', '1', '1:30', '#3'],
  ])
  assert.equal(drawn.line, '2 of the 3 people you follow played today.')
  assert.equal(drawn.waiting, 'Still to play today: Di.')
  assert.ok(ui.said.at(-1).startsWith('You and the people you follow · Chess daily · Wednesday 4 November. 3 on the board.'))
})

test("a week's board counts each one's days played and the totals, a puzzle's number left out", async () => {
  const week = {
    game: 'storm', days: ['2026-11-02', '2026-11-03', '2026-11-04'],
    rows: [
      { place: 1, id: 'a'.repeat(16), name: 'Ada', you: true, days: [{ score: 9 }, null, { score: 12 }], played: 2, totals: { score: 21, highest: 40, seconds: 360 } },
      { place: 2, id: 'b'.repeat(16), name: 'Bo', you: false, days: [null, { score: 7 }, null], played: 1, totals: { score: 7, highest: 9, seconds: 180 } },
    ],
  }
  const { ctrl } = board({ routes: { [`/friends/boards/storm/week/${TODAY}`]: { status: 200, data: week } } })
  await ctrl.show({ game: 'storm', date: TODAY, week: true })
  const drawn = ctrl.drawn()
  assert.equal(drawn.caption, 'You and the people you follow · Storm · the week of Monday 2 November')
  assert.deepEqual(drawn.heads.map((h) => h.head), ['Days played', 'Days', 'Solved', 'Time'])
  assert.deepEqual(drawn.rows.map((r) => r.cells), [['2 of 3', 'Mon, Wed', '21', '6:00'], ['1 of 3', 'Tue', '7', '3:00']])
})

test('a guest is invited; a day not come is said; a refusal is the API’s words', async () => {
  const guest = board({ player: null })
  await guest.ctrl.show({ game: 'chess', date: TODAY, week: false })
  assert.deepEqual(guest.ctrl.state, { kind: 'guest' })
  assert.deepEqual(guest.sent, [])
  const early = board()
  await early.ctrl.show({ game: 'chess', date: '2026-11-05', week: false })
  assert.deepEqual(early.ctrl.state, { kind: 'notice', words: 'That day hasn’t come yet.' })
  const club = board({ source: { kind: 'club', id: 'C'.repeat(16) }, routes: {
    [`/clubs/${'C'.repeat(16)}/boards/chain/${TODAY}`]: { status: 404, data: { error: 'There is no club with that id that you belong to.' } },
  } })
  await club.ctrl.show({ game: 'chain', date: TODAY, week: false })
  assert.deepEqual(club.ctrl.state, { kind: 'notice', words: 'There is no club with that id that you belong to.' })
})

test('offline, the board kept for what was asked is shown, or else the last seen, marked as such', async () => {
  const keep = namespace('pb:friends:', new MemoryStorage())
  let online = true
  const routes = {
    [`/friends/boards/chess/${TODAY}`]: () => (online ? { status: 200, data: chessDay() } : { status: 0, data: null }),
    [`/friends/boards/chain/${TODAY}`]: () => ({ status: 0, data: null }),
  }
  const first = board({ routes, keep })
  await first.ctrl.show({ game: 'chess', date: TODAY, week: false })
  online = false
  const later = board({ routes, keep })
  await later.ctrl.show({ game: 'chess', date: TODAY, week: false })
  assert.equal(later.ctrl.state.kind, 'shown')
  assert.equal(later.ctrl.keptWords(), 'You seem to be offline: this is the board as you last saw it, on Wednesday 4 November at 09:41.')
  assert.equal(later.ctrl.drawn().rows.length, 3)
  await later.ctrl.show({ game: 'chain', date: TODAY, week: false })
  assert.equal(later.ctrl.drawn().caption, 'You and the people you follow · Chess daily · Wednesday 4 November', 'the last board seen')
  assert.match(later.ctrl.keptWords(), /the board you asked for isn’t kept here, so this is the last board you saw/)
  const stranger = board({ routes, keep, player: { id: 'e'.repeat(16), name: 'Eve', token: 'e' } })
  await stranger.ctrl.show({ game: 'chess', date: TODAY, week: false })
  assert.equal(stranger.ctrl.state.kind, 'notice', 'another player signed in here sees none of it')
})

test('this browser keeps the newest boards only, each once', () => {
  const keep = namespace('pb:friends:', new MemoryStorage())
  const answer = { week: false, day: chessDay() }
  for (let n = 0; n < MOST_KEPT + 3; n++) {
    keepBoard(keep, { by: ADA.id, source: { kind: 'friends' }, at: { game: 'chess', date: `2026-10-${String(n + 1).padStart(2, '0')}`, week: false }, seen: '', answer })
  }
  keepBoard(keep, { by: ADA.id, source: { kind: 'friends' }, at: { game: 'chess', date: '2026-10-15', week: false }, seen: 'again', answer })
  const kept = keptBoards(keep, ADA.id)
  assert.equal(kept.length, MOST_KEPT)
  assert.deepEqual([kept[0].at.date, kept[0].seen], ['2026-10-15', 'again'])
  assert.equal(kept.filter((k) => k.at.date === '2026-10-15').length, 1)
})

test('the line under a board says how many played, of the people you follow or of the club', () => {
  const friends = { kind: 'friends' }
  assert.equal(playedLine({ people: 0, played: 0, date: TODAY }, friends, TODAY), 'You don’t follow anyone who shares their results yet: share your follow link, and ask for theirs.')
  assert.equal(playedLine({ people: 5, played: 3, date: TODAY }, friends, TODAY), '3 of the 5 people you follow played today.')
  assert.equal(playedLine({ people: 4, played: 0, date: TODAY }, friends, TODAY), 'None of the 4 people you follow has played today yet.')
  assert.equal(playedLine({ people: 1, played: 1, date: TODAY }, friends, TODAY), 'The person you follow played today.')
  assert.equal(playedLine({ people: 2, played: 2, date: '2026-11-02' }, friends, TODAY), 'All 2 people you follow played on Monday 2 November.')
  assert.equal(playedLine({ people: 12, played: 4, date: TODAY }, { kind: 'club', id: 'x' }, TODAY), '4 of the 12 members played today.')
  const waiting = ['Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'].map((name) => ({ id: name, name }))
  assert.equal(waitingLine({ waiting, date: TODAY }, TODAY), 'Still to play today: Bo, Cy, Di, Ed, Flo and 2 more.')
  assert.equal(waitingLine({ waiting: waiting.slice(0, 2), date: TODAY }, TODAY), 'Still to play today: Bo and Cy.')
  assert.equal(waitingLine({ waiting, date: '2026-11-02' }, TODAY), '')
})

test("a result in a few words, as the result sheet lists it", () => {
  const [chess, chain, storm] = SOCIAL_GAMES
  assert.equal(figureOf(chess, { clean: true, mistakes: 0, hints: 0, seconds: 41 }), 'Clean · 0:41')
  assert.equal(figureOf(chess, { clean: false, mistakes: 1, hints: 2, seconds: 62 }), '1 mistake · 2 hints · 1:02')
  assert.equal(figureOf(chain, { clean: false, undos: 1, resets: 0, seconds: 30 }), '1 undo · 0:30')
  assert.equal(figureOf(storm, { score: 0, highest: null, seconds: 180 }), '0 solved · 3:00')
})

test("a friend streak in words, counted again with today's own result before the API has it", () => {
  const streak = {
    player: { id: 'b'.repeat(16), name: 'Bo', since: null, sharing: true, follows_you: true, you_follow: true },
    streak: 2, freezes_used: 0, freezes_held: 0, both_today: false, today: TODAY,
    mine: { first: '2026-11-02', last: '2026-11-03', missed: [] },
    theirs: { first: '2026-11-02', last: '2026-11-04', missed: [] },
  }
  assert.equal(streakWords(streak), 'Friend streak with Bo: 2 days.')
  assert.equal(streakWords(streak, TODAY), 'Friend streak with Bo: 3 days.')
  assert.equal(streakWords({ ...streak, streak: 0 }), '')
})
