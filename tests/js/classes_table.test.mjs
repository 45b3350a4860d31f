// A class's results table as data (site/static/js/classes/table.js): words, sorting, the CSV.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { cellWords, columnHeads, csvField, csvName, duration, shortTitle, shortWords, sortRows, toCsv, totals } from '../../site/static/js/classes/table.js'

const cell = (outcome, seconds = null, extra = {}) => ({ outcome, seconds, mistakes: 0, hints: 0, earlier: false, ...extra })
const table = {
  lesson: 'Mates',
  puzzles: [{ index: 1, title: 'Back rank' }, { index: 2, title: 'Smothered, "quoted"' }],
  students: [
    { id: 'a', name: 'Zoë', results: [cell('clean', 30), cell('none')] },
    { id: 'b', name: '=HYPERLINK("x")', results: [cell('helped', 75, { mistakes: 1, hints: 2 }), cell('shown', 50)] },
    { id: 'c', name: 'ada', results: [cell('clean', 20), cell('clean', 10, { earlier: true })] },
  ],
}

test('a cell in words says the outcome, the help, the time and an earlier version', () => {
  assert.equal(cellWords(cell('none')), 'Not started')
  assert.equal(cellWords(cell('clean', 30)), 'Solved first try, 0:30')
  assert.equal(cellWords(cell('helped', 75, { mistakes: 1, hints: 2 })), 'Solved with help (1 wrong move, 2 hints), 1:15')
  assert.equal(cellWords(cell('shown', 5, { earlier: true })), 'Solution shown, 0:05; on an earlier version')
  assert.equal(duration(3600), '60:00')
})

test('rows sort by name, solved, time and a puzzle', () => {
  const names = (rows) => rows.map((r) => r.id)
  assert.deepEqual(names(sortRows(table.students, 'name')), ['b', 'c', 'a'])
  assert.deepEqual(names(sortRows(table.students, 'name', true)), ['a', 'c', 'b'])
  assert.deepEqual(names(sortRows(table.students, 'solved')), ['c', 'a', 'b'])
  assert.deepEqual(names(sortRows(table.students, 'time')), ['c', 'a', 'b']) // a tie: by name
  assert.deepEqual(names(sortRows(table.students, 1)), ['c', 'a', 'b'])
  assert.deepEqual(names(sortRows(table.students, 2)), ['c', 'b', 'a'])
  assert.deepEqual(totals(table.students[1]), { solved: 1, clean: 0, seconds: 125 })
})

test('the CSV quotes what it must and makes formulas inert', () => {
  assert.equal(csvField('=1+1'), "'=1+1")
  assert.equal(csvField('-2'), "'-2")
  assert.equal(csvField('a,b'), '"a,b"')
  const lines = toCsv(table).split('\r\n')
  assert.equal(lines.length, 5)
  assert.equal(lines[0], 'Student,Solved,Solved first try,Seconds in all,1. Back rank,1. Back rank: seconds,' +
    '1. Back rank: wrong moves,1. Back rank: hints,1. Back rank: earlier version,"2. Smothered, ""quoted""",' +
    '"2. Smothered, ""quoted"": seconds","2. Smothered, ""quoted"": wrong moves","2. Smothered, ""quoted"": hints",' +
    '"2. Smothered, ""quoted"": earlier version"')
  assert.equal(lines[1], 'Zoë,1,1,30,Solved first try,30,0,0,,Not started,,,,')
  assert.equal(lines[2], `"'=HYPERLINK(""x"")",1,0,125,Solved with help,75,1,2,,Solution shown,50,0,0,`)
  assert.equal(lines[3], 'ada,2,2,30,Solved first try,20,0,0,,Solved first try,10,0,0,yes')
  assert.equal(csvName('Year 7 — club', 'Mates <1>'), 'Year-7-club-Mates-1.csv')
})

test('a puzzle\u2019s title is cut short for its column, at a word where it can be', () => {
  assert.equal(shortTitle('Back rank'), 'Back rank')
  assert.equal(shortTitle('Back rank mate with the rook'), 'Back rank mate…') // cut at a word's end
  assert.equal(shortTitle('Smothered, "quoted"'), 'Smothered…') // no comma left hanging
  assert.equal(shortTitle('Fork: knight and queen'), 'Fork: knight…')
  assert.equal(shortTitle('Supercalifragilisticexpialidocious'), 'Supercalifragi…') // one long word
  assert.equal(shortTitle('  two   spaces  '), 'two spaces')
  assert.equal(shortTitle('Échec et mat, à la Légal'), 'Échec et mat…')
})

test('a set\u2019s columns are told apart: a head cut short keeps a rating, or the word that differs', () => {
  // Issue 40: every column of a set of forks read "Fork, rated…", the rating cut.
  const set = [{ index: 1, title: 'Fork, rated 1412' }, { index: 2, title: 'Fork, rated 1533' },
    { index: 3, title: 'Discovered attack, rated 1788' }, { index: 4, title: 'Pin, rated 999' }]
  assert.deepEqual(columnHeads(set).map((h) => h.shown), ['1. Fork, rated 1412', '2. Fork, rated 1533',
    '3. Discovered… 1788', '4. Pin, rated 999'])
  assert.deepEqual(columnHeads(set).map((h) => h.label), set.map((p) => `${p.index}. ${p.title}`))
  // A teacher's own titles: cut as before, unless two would read the same.
  const lesson = [{ index: 1, title: 'Back rank' }, { index: 2, title: 'Back rank mate with the rook, again' }]
  assert.deepEqual(columnHeads(lesson).map((h) => h.shown), ['1. Back rank', '2. Back rank mate…'])
  const twins = [{ index: 1, title: 'Back rank mate, first' }, { index: 2, title: 'Back rank mate, second' }]
  assert.deepEqual(columnHeads(twins).map((h) => h.shown), ['1. Back rank mate, first', '2. Back rank mate, second'])
  const same = [{ index: 1, title: 'A long title for both' }, { index: 2, title: 'A long title for both' }]
  assert.deepEqual(columnHeads(same).map((h) => h.shown), ['1. A long title…', '2. A long title…']) // the numbers tell them apart
})

test('with a due date the CSV marks each student’s work and the day it was done, and sorts by it', () => {
  const dated = {
    ...table,
    due: '2026-11-03',
    students: [
      { ...table.students[0], done: null, done_day: null, late: false },
      { ...table.students[1], done: '2026-11-05T09:00:00.000000Z', done_day: '2026-11-05', late: true },
      { ...table.students[2], done: '2026-11-02T09:00:00.000000Z', done_day: '2026-11-02', late: false },
    ],
  }
  const lines = toCsv(dated, dated.students, '2026-11-04').split('\r\n')
  assert.deepEqual(lines[0].split(',').slice(0, 6), ['Student', 'Solved', 'Solved first try', 'Seconds in all', 'Due 2026-11-03', 'Done on'])
  assert.deepEqual(lines[1].split(',').slice(4, 6), ['Not done', ''])
  assert.deepEqual(lines[2].split(',').slice(4, 6), ['Late', '2026-11-05'])
  assert.deepEqual(lines[3].split(',').slice(4, 6), ['On time', '2026-11-02'])
  assert.equal(toCsv(dated, dated.students, '2026-11-03').split('\r\n')[1].split(',')[4], 'Not yet')
  assert.deepEqual(sortRows(dated.students, 'due', false, dated.due, '2026-11-04').map((r) => r.id), ['c', 'b', 'a'])
  assert.equal(toCsv(table).split('\r\n')[0].split(',')[4], '1. Back rank') // no due date: no such columns
})

test('an answer given in a live session says so, and a live miss is a miss, not a solution shown', () => {
  const live = { ...table, students: [{ id: 'a', name: 'Ann', results: [cell('clean', 4, { live: true }), cell('shown', 9, { mistakes: 1, live: true })] }] }
  assert.equal(cellWords(live.students[0].results[0]), 'Solved first try (live), 0:04')
  assert.equal(cellWords(live.students[0].results[1]), 'Missed (live) (1 wrong move), 0:09')
  assert.equal(shortWords(live.students[0].results[1]), 'Missed · live')
  assert.equal(shortWords(cell('shown', 5)), 'Shown')
  const [, row] = toCsv(live).split('\r\n')
  assert.deepEqual(row.split(',').filter((f) => f.includes('live')), ['Solved first try (live)', 'Missed (live)'])
})
