// Play tickets in the browser (site/static/js/lib/session.js): a queued result goes with the ticket its
// puzzle got, or as offline without one (the asking and waiting: tests/browser/test_tickets.py).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { ticketed } from '../../site/static/js/lib/session.js'

test('a result goes with its ticket, or marked offline when none came', () => {
  const body = { id: 'abcde', band: 'Easy', seconds: 9 }
  assert.deepEqual(ticketed(body, 't.k'), { ...body, ticket: 't.k' })
  assert.deepEqual(ticketed(body, null), { ...body, offline: true })
  // A body queued offline and sent once the ticket has come goes with the ticket only.
  assert.deepEqual(ticketed({ ...body, offline: true }, 't.k'), { ...body, ticket: 't.k' })
  assert.deepEqual(body, { id: 'abcde', band: 'Easy', seconds: 9 }, 'the queued body is left as it was')
})

test('a quick finish posts once a second a move has passed since its ticket came, less the allowance', async () => {
  const { notBefore } = await import('../../site/static/js/lib/session.js')
  assert.equal(notBefore(10_000, 3), 10_000 + 3000 - 1000 + 250)
  assert.equal(notBefore(undefined, 3), 0, 'no ticket came: nothing to wait for')
  assert.equal(notBefore(10_000, 0), 0, 'a miss claims no time')
})
