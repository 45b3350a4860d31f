// Due dates in words (site/static/js/classes/due.js): where a due date stands, and a student's work against it.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { dayWords, dueState, workMark } from '../../site/static/js/classes/due.js'

test('a due date in plain words on the site day', () => {
  assert.deepEqual(dueState('2026-11-02', '2026-11-02'), { state: 'today', words: 'Due today', when: 'today' })
  assert.deepEqual(dueState('2026-11-03', '2026-11-02'), { state: 'tomorrow', words: 'Due tomorrow, Tuesday 3 November', when: 'tomorrow, Tuesday 3 November' })
  assert.deepEqual(dueState('2026-11-09', '2026-11-02'), { state: 'upcoming', words: 'Due Monday 9 November', when: 'Monday 9 November' })
  assert.deepEqual(dueState('2026-11-01', '2026-11-02'), { state: 'overdue', words: 'Overdue: it was due yesterday, Sunday 1 November', when: 'yesterday, Sunday 1 November' })
  assert.deepEqual(dueState('2026-10-20', '2026-11-02'), { state: 'overdue', words: 'Overdue: it was due Tuesday 20 October', when: 'Tuesday 20 October' })
  assert.equal(dayWords('2027-01-01', '2026-12-30'), 'Friday 1 January 2027')
  assert.equal(dueState('2027-01-01', '2026-12-31').words, 'Due tomorrow, Friday 1 January 2027')
})

test('a student’s work against its due date: on time, late with when, not done once past', () => {
  const due = '2026-11-03'
  const onTime = { done: '2026-11-02T12:00:00.000000Z', done_day: '2026-11-02', late: false }
  const late = { done: '2026-11-05T09:00:00.000000Z', done_day: '2026-11-05', late: true }
  const none = { done: null, done_day: null, late: false }
  assert.deepEqual(workMark(onTime, due, '2026-11-09'), { mark: 'on-time', short: 'On time', words: 'Done on time' })
  assert.deepEqual(workMark(late, due, '2026-11-09'), { mark: 'late', short: 'Late', words: 'Done late, on Thursday 5 November' })
  assert.deepEqual(workMark(none, due, '2026-11-03'), { mark: 'open', short: 'Not yet', words: 'Not done yet: due today' })
  assert.deepEqual(workMark(none, due, '2026-11-02'), { mark: 'open', short: 'Not yet', words: 'Not done yet: due tomorrow, Tuesday 3 November' })
  assert.deepEqual(workMark(none, due, '2026-11-04'), { mark: 'not-done', short: 'Not done', words: 'Not done, and it was due Tuesday 3 November' })
  assert.equal(workMark(onTime, null, '2026-11-04').mark, 'none')
})

test('a student who went through every puzzle with a solution shown is not done, and is told so', () => {
  // Issue 40: Show solution counted as done, so a set gone through that way read "Done on time".
  const due = '2026-11-03'
  const cell = (outcome) => ({ outcome, seconds: 5, mistakes: 0, hints: 0, earlier: false })
  const shown = { done: null, done_day: null, late: false, results: [cell('clean'), cell('shown'), cell('shown')] }
  const words = { mark: 'shown', short: 'Shown', words: 'Not done: the solution shown on 2 of 3 puzzles' }
  assert.deepEqual(workMark(shown, due, '2026-11-02'), words)
  assert.deepEqual(workMark(shown, due, '2026-11-09'), words)
  const started = { ...shown, results: [cell('shown'), cell('none'), cell('none')] }
  assert.equal(workMark(started, due, '2026-11-09').mark, 'not-done')
})
