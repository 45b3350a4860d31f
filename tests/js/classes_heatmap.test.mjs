// A class's heatmap as data (site/static/js/classes/heatmap.js): its words, shades and sorting; and
// the addresses of a student's pages as their teacher sees them (classes/viewed.js).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { heatCsvName, heatWords, shade, sortStudents, viewedUrl } from '../../site/static/js/classes/heatmap.js'
import { aboutStudent, viewedLede, viewedOf } from '../../site/static/js/classes/viewed.js'

const cell = (played, first) => ({ played, first, first_rate: played ? Math.round((100 * first) / played) : null })
const row = (id, name, all, ...cells) => ({ id, name, ...all, cells })
const students = [
  row('a', 'Zoë', cell(10, 5), cell(5, 1), cell(3, 3)),
  row('b', 'ada', cell(4, 2), cell(0, 0), cell(4, 2)),
  row('c', 'Bo', cell(6, 3), cell(10, 2), cell(0, 0)),
  row('d', 'Cy', cell(0, 0), cell(0, 0), cell(0, 0)),
]
const ids = (rows) => rows.map((r) => r.id)

test('a cell in words says how many of how many, first try, and the share', () => {
  assert.equal(heatWords(cell(5, 3)), '3 of 5 first try (60%)')
  assert.equal(heatWords(cell(0, 0)), 'None played')
  assert.equal(heatWords(undefined), 'None played')
})

test('a cell is shaded low, mid or high by its share, none when nothing was played', () => {
  assert.deepEqual([cell(5, 1), cell(5, 2), cell(10, 6), cell(10, 7), cell(0, 0)].map(shade), ['low', 'mid', 'mid', 'high', 'none'])
  assert.equal(shade({ played: 5, first: 2, first_rate: 39 }), 'low')
})

test('students sort by name, by every puzzle and by a theme, weakest first, the unplayed last', () => {
  assert.deepEqual(ids(sortStudents(students, 'name')), ['b', 'c', 'd', 'a'])
  assert.deepEqual(ids(sortStudents(students, 'name', true)), ['a', 'd', 'c', 'b'])
  // 5/10, 2/4, 3/6 are the same share: the most played first, then by name.
  assert.deepEqual(ids(sortStudents(students, 'all')), ['a', 'c', 'b', 'd'])
  assert.deepEqual(ids(sortStudents(students, 0)), ['c', 'a', 'b', 'd']) // 1/5 = 2/10: the more played first
  assert.deepEqual(ids(sortStudents(students, 1)), ['b', 'a', 'c', 'd'])
  assert.deepEqual(ids(sortStudents(students, 1, true)), ['a', 'b', 'c', 'd']) // reversed, still none played last
})

test('the CSV is named after the class and the span, in safe characters', () => {
  assert.equal(heatCsvName('Year 7 — Tuesday', 30), 'Year-7-Tuesday-progress-30-days.csv')
  assert.equal(heatCsvName('…', 7), 'class-progress-7-days.csv')
})

test('a student’s pages as their teacher sees them carry the class and the student', () => {
  assert.equal(viewedUrl('dashboard', 'C'.repeat(16), '0123456789abcdef'), `/dashboard/?class=${'C'.repeat(16)}&student=0123456789abcdef`)
  assert.equal(viewedOf(''), null)
  assert.equal(viewedOf('?days=7'), null)
  const viewed = viewedOf(`?class=${'C'.repeat(16)}&student=0123456789abcdef&days=7`)
  assert.equal(viewed.wellFormed, true)
  assert.equal(viewed.dashboardPath(90), `/classes/${'C'.repeat(16)}/students/0123456789abcdef/dashboard?days=90`)
  assert.equal(viewed.historyPath('missed=true'), `/classes/${'C'.repeat(16)}/students/0123456789abcdef/history?missed=true`)
  assert.equal(viewed.historyPath(''), `/classes/${'C'.repeat(16)}/students/0123456789abcdef/history`)
  assert.equal(viewed.page('history'), `/history/?class=${'C'.repeat(16)}&student=0123456789abcdef`)
  assert.equal(viewed.assignPage('fork'), `/classes/class/?id=${'C'.repeat(16)}&assign=fork`)
  assert.equal(viewedOf('?class=x&student=<b>').wellFormed, false)
  assert.equal(viewedOf('?class=x&student=%3Cb%3E').historyPath(''), '/classes/x/students/%3Cb%3E/history')
  assert.equal(viewedLede({ name: 'Ada', className: 'Year 7' }, 'Ada played.'), 'Ada played. You see this as their teacher in Year 7.')
  assert.equal(viewedLede({}, 'This student played.'), 'This student played.')
})

test('a sentence about the viewed student is one of two whole ones: with their name, or without', () => {
  const named = (/** @type {string} */ name) => `${name}’s rating`
  assert.equal(aboutStudent({ name: 'Ada' }, named, () => 'This student’s rating'), 'Ada’s rating')
  assert.equal(aboutStudent({}, named, () => 'This student’s rating'), 'This student’s rating')
})
