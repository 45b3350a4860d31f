// Play tickets in the browser (site/static/js/lib/tickets.js): a queued result goes with the ticket its
// puzzle got, or as offline without one (the asking and waiting: tests/browser/test_tickets.py).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { ticketed } from '../../site/static/js/lib/tickets.js'

test('a result goes with its ticket, or marked offline when none came', () => {
  const body = { id: 'abcde', band: 'Easy', seconds: 9 }
  assert.deepEqual(ticketed(body, 't.k'), { ...body, ticket: 't.k' })
  assert.deepEqual(ticketed(body, null), { ...body, offline: true })
  // A body queued offline and sent once the ticket has come goes with the ticket only.
  assert.deepEqual(ticketed({ ...body, offline: true }, 't.k'), { ...body, ticket: 't.k' })
  assert.deepEqual(body, { id: 'abcde', band: 'Easy', seconds: 9 }, 'the queued body is left as it was')
})

test('a quick finish posts once a second a move has passed since its ticket came, less the allowance', async () => {
  const { notBefore } = await import('../../site/static/js/lib/tickets.js')
  assert.equal(notBefore(10_000, 3), 10_000 + 3000 - 1000 + 250)
  assert.equal(notBefore(undefined, 3), 0, 'no ticket came: nothing to wait for')
  assert.equal(notBefore(10_000, 0), 0, 'a miss claims no time')
})

test('a ticket taken up again came as late as its issue moved on, never sooner than the truth', async () => {
  const { arrival, notBefore } = await import('../../site/static/js/lib/tickets.js')
  // The first came at 10 s by this browser (issued at 1,000,000 by the server's clock). Played 40 s,
  // left for another puzzle, taken up again: the server issues the new one at now less those 40 s,
  // 300 s on, so the wait for a quick finish counts from 310 s here, not from the first arrival.
  const first = { came: 10_000, issued: 1_000_000 }
  const again = { came: 345_300, issued: 1_300_000 }
  assert.equal(arrival(again, first), 310_000)
  assert.equal(notBefore(arrival(again, first), 3), 310_000 + 3000 - 1000 + 250)
  // A reload of the current play: the server keeps its opening, so the first arrival stands.
  assert.equal(arrival({ came: 70_000, issued: 1_000_000 }, first), 10_000)
  // Never later than the new ticket's own arrival; and without the first's figures, that arrival.
  assert.equal(arrival({ came: 20_000, issued: 1_300_000 }, first), 20_000)
  assert.equal(arrival(again, { came: 10_000 }), 345_300, 'a record kept before the issue was')
  assert.equal(arrival(again), 345_300, 'a ticket taken up nothing: its arrival')
  assert.equal(arrival({ came: 5000 }, first), 5000, 'an answer without its issue')
})

test('a result posts with the ticket on its way when one was asked, else the one it had', async () => {
  const { askTicket, ticketFor } = await import('../../site/static/js/lib/tickets.js')
  let answer
  globalThis.fetch = () => new Promise((resolve) => { answer = resolve })
  const kept = []
  askTicket('chess:Easy/abcde', '/chess/plays', { id: 'abcde', band: 'Easy', resume: 'old.t' }, (...got) => kept.push(got))
  const posting = ticketFor('chess:Easy/abcde', 'old.t')
  answer({ status: 200, json: async () => ({ ticket: 'new.t', issued: 7 }), headers: { get: () => null } })
  assert.equal(await posting, 'new.t', 'taken up again: the old ticket is no longer the current play')
  assert.equal(kept[0][0], 'new.t')
  assert.equal(kept[0][2], 7)
  assert.equal(await ticketFor('chess:Easy/abcde', 'old.t'), 'old.t', 'nothing asked: the ticket it had')
  assert.equal(await ticketFor('chess:Easy/zzzzz', null), null)
})
