// The stats panel's counting (site/static/js/lib/stats.js) and each game's day of a record kept here
// (chess/results.js and chain/results.js statsDay): what the panel shows a player.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { register } from 'node:module'

register('./vendor_hooks.mjs', import.meta.url)
const { countStats, merged, oneADay, longestRun, localStreak } = await import('../../site/static/js/lib/stats.js')
const chess = await import('../../site/static/js/chess/results.js')
const chain = await import('../../site/static/js/chain/results.js')

const day = (d, result, seconds = null, undos = null) => ({ day: d, result, seconds, undos })
const NO_STREAK = { current: 0, best: 0, freezesUsed: 0 }

test('played, solved %, and the results, the times and the undos in their buckets', () => {
  const days = [
    day('2026-11-01', 'clean', 45, 0), day('2026-11-02', 'help', 75, 2), day('2026-11-03', 'missed'),
    day('2026-11-04', 'clean', 700, 5),
  ]
  const s = countStats(days, { current: 1, best: 3, freezesUsed: 0 })
  assert.deepEqual([s.played, s.solved, s.solvedPct, s.current, s.best], [4, 3, 75, 1, 3])
  assert.deepEqual(s.results, [{ key: 'clean', count: 2 }, { key: 'help', count: 1 }, { key: 'mistake', count: 0 },
    { key: 'missed', count: 1 }, { key: 'shown', count: 0 }])
  assert.deepEqual(s.times.map((t) => t.count), [1, 1, 0, 0, 1])
  assert.equal(s.times[0].label, 'Under 1 min')
  assert.deepEqual(s.undos.map((u) => [u.label, u.count]), [['None', 1], ['1', 0], ['2', 1], ['3 or more', 1]])
  // Chess counts no undos: no undo chart; nothing played: no percentage.
  assert.deepEqual(countStats([day('2026-11-01', 'clean', 30)], NO_STREAK).undos, [])
  assert.equal(countStats([], NO_STREAK).solvedPct, null)
})

test('a day counts once: its best result (two bands), and the server’s over this browser’s', () => {
  assert.deepEqual(oneADay([day('2026-11-01', 'missed'), day('2026-11-01', 'help', 90), day('2026-11-01', 'help', 40)]),
    [day('2026-11-01', 'help', 40)])
  const server = [day('2026-11-01', 'missed'), day('2026-11-02', 'clean', 20)]
  const local = [day('2026-11-01', 'clean', 10), day('2026-11-03', 'help', 30), { day: 'x', result: 'won' }]
  assert.deepEqual(merged(server, local), [day('2026-11-01', 'missed'), day('2026-11-02', 'clean', 20), day('2026-11-03', 'help', 30)])
  assert.equal(countStats(merged(server, local), NO_STREAK).played, 3)
})

test('a guest’s streak: the current run with its freezes, and the longest run as the best', () => {
  assert.equal(longestRun(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-07', '2026-11-08']), 3)
  assert.equal(longestRun([]), 0)
  const s = localStreak(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-07', '2026-11-08'], '2026-11-08')
  assert.equal(s.current, 2)
  assert.equal(s.best, 3)
  assert.equal(countStats([], { current: 4, best: 2 }).best, 4, 'the best is never below the current')
})

test('a chess daily’s record as a day, named as its result is (issue 40: one result, one word); not a daily or in play, none', () => {
  const rec = { daily: '2026-11-02', state: 'solved', mistakes: 0, hints: 0, seconds: 33, missed: false }
  assert.deepEqual(chess.statsDay(rec), day('2026-11-02', 'clean', 33))
  assert.equal(chess.statsDay({ ...rec, hints: 1 }).result, 'help')
  assert.deepEqual(chess.statsDay({ ...rec, missed: true, mistakes: 1 }), day('2026-11-02', 'mistake', 33))
  assert.deepEqual(chess.statsDay({ ...rec, state: 'shown' }), day('2026-11-02', 'shown'))
  assert.deepEqual(chess.statsDay({ ...rec, state: 'shown', missed: true, mistakes: 1, tries: ['e2e3'] }), day('2026-11-02', 'missed'))
  // A solve after a mistake beats a miss on a day with two dailies, and is a solve: counted solved.
  const both = countStats([day('2026-11-02', 'missed'), day('2026-11-02', 'mistake', 40)], NO_STREAK)
  assert.deepEqual([both.played, both.solved, both.results[2]], [1, 1, { key: 'mistake', count: 1 }])
  assert.equal(chess.statsDay({ ...rec, state: 'playing' }), null)
  assert.equal(chess.statsDay({ ...rec, daily: null }), null)
  assert.equal(chess.statsDay({ ...rec, replay: true }), null)
})

test('a Chain day’s record as a day: its time and undos; a give-up missed', () => {
  const rec = { date: '2026-11-02', state: 'solved', undos: 0, resets: 0, seconds: 50 }
  assert.deepEqual(chain.statsDay(rec), day('2026-11-02', 'clean', 50, 0))
  assert.deepEqual(chain.statsDay({ ...rec, undos: 2 }), day('2026-11-02', 'help', 50, 2))
  assert.equal(chain.statsDay({ ...rec, resets: 1 }).result, 'help')
  assert.deepEqual(chain.statsDay({ ...rec, state: 'gaveup' }), day('2026-11-02', 'missed'))
  assert.equal(chain.statsDay({ ...rec, state: 'playing' }), null)
})

test('the panel’s state: a guest’s from here; a player’s from the server merged, or from here when it can’t be reached', async () => {
  const { MemoryStorage } = await import('../../site/static/js/lib/storage.js')
  globalThis.localStorage = new MemoryStorage()
  const { statsState } = await import('../../site/static/js/lib/stats_panel.js')
  const game = { key: 'chain', name: 'Chain', words: { clean: 'Clean', help: 'With help', missed: 'Missed' } }
  const local = [day('2026-11-01', 'clean', 20, 0), day('2026-11-03', 'help', 90, 1)]
  const streakDays = ['2026-11-02', '2026-11-03']
  const guest = await statsState(game, local, streakDays, '2026-11-03')
  assert.deepEqual([guest.source, guest.played, guest.current, guest.best], ['browser', 2, 2, 2])
  localStorage.setItem('pb:player', JSON.stringify({ id: 'p-ada', name: 'Ada', token: 't' }))
  const asked = []
  let answer = { status: 200, data: { days: [day('2026-11-01', 'missed'), day('2026-11-02', 'clean', 30, 0)], streak: { current: 3, best: 5, freezes_used: 0 } } }
  globalThis.fetch = async (url) => {
    asked.push(String(url))
    if (!answer) throw new TypeError('offline')
    return { status: answer.status, json: async () => answer.data, headers: { get: () => null } }
  }
  const mine = await statsState(game, local, streakDays, '2026-11-03')
  assert.deepEqual(asked, ['/api/me/stats/chain'])
  assert.deepEqual([mine.source, mine.played, mine.solved, mine.current, mine.best], ['account', 3, 2, 3, 5])
  assert.deepEqual(mine.results.map((r) => r.count), [1, 1, 0, 1, 0], 'the 1st as the server has it: missed')
  assert.equal(mine.words, game.words)
  answer = null
  const away = await statsState(game, local, streakDays, '2026-11-03')
  assert.deepEqual([away.source, away.played], ['unreached', 2])
})

test('a guest’s chess days come from the log too (the last 3,000 finished), each day once', async () => {
  const { logEntry } = await import('../../site/static/js/chess/dashboard.js')
  const row = ['0000D', 'fen', 'd3d6 f8d8 d6d8 f6d8', 1492, 'endgame']
  const rec = { id: '0000D', band: 'Medium', row, daily: '2026-10-01', state: 'solved', mistakes: 0, hints: 1, seconds: 95, missed: false, tries: [] }
  const entry = logEntry(rec, '2026-10-01')
  assert.deepEqual([entry.daily, entry.seconds], ['2026-10-01', 95])
  assert.deepEqual(chess.statsDayOfLog(entry), day('2026-10-01', 'help', 95))
  assert.equal(logEntry({ ...rec, daily: null }, '2026-10-01').daily, null)
  assert.equal(chess.statsDayOfLog({ ...entry, daily: null }), null, 'Endless counts for nothing')
  assert.equal(chess.statsDayOfLog({ id: 'x', result: 'clean', day: '2026-01-01' }), null, 'logged before it said')
  const shown = logEntry({ ...rec, state: 'shown', tries: [] }, '2026-10-02')
  assert.deepEqual(chess.statsDayOfLog({ ...shown, daily: '2026-10-02' }), day('2026-10-02', 'shown'))
  // The same daily in the log and in the records counts once; a record the log lacks counts too.
  const days = chess.localStatsDays([entry], [rec, { ...rec, id: 'other', daily: '2026-10-03', hints: 0 }])
  assert.deepEqual(oneADay(days), [day('2026-10-01', 'help', 95), day('2026-10-03', 'clean', 95)])
})
