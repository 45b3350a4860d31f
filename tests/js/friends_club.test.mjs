// A club's page (site/static/js/friends/club_ctrl.js) and its join link's (join_ctrl.js) on their own:
// a stand-in view that records what it is told, a stand-in API that answers as the server does
// (docs/api.md, "Friends and clubs"), this browser's storage in memory.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { ClubCtrl } from '../../site/static/js/friends/club_ctrl.js'
import { JoinCtrl } from '../../site/static/js/friends/join_ctrl.js'
import { keptClubs } from '../../site/static/js/friends/kept.js'
import { MemoryStorage, namespace } from '../../site/static/js/lib/storage.js'

const TODAY = '2026-11-04'
const ID = 'C'.repeat(16)
const OWNER = { id: 'a'.repeat(16), name: 'Ada', token: 't' }
const member = (name, owner = false) => ({ id: name[0].toLowerCase().repeat(16), name, joined: '2026-11-02T10:00:00Z', owner })
const club = (extra = {}) => ({
  id: ID, name: 'Night owls', owner: true, join_link: `/friends/clubs/join/?id=${ID}&code=abc`,
  members: [member('Ada', true), member('Bo'), member('Cy'), member('Di')], most: 500, created: '', ...extra,
})
const ok = (data, status = 200) => ({ status, data })
const NO_CLUB = { status: 404, data: { error: 'There is no club with that id that you belong to.' } }
const rows = (names) => names.map((name, k) => ({ place: k + 1, id: name[0].toLowerCase().repeat(16), name, you: name === 'Ada', columns: { clean: true, undos: 0, resets: 0, seconds: 30 + k }, public: null }))

function stand(routes, { player = OWNER, id = ID } = {}) {
  const ui = { draws: 0, boards: 0, said: [], redraw: () => { ui.draws++ }, redrawBoard: () => { ui.boards++ }, announce: (t) => ui.said.push(t) }
  const sent = []
  const keep = namespace('pb:friends:', new MemoryStorage())
  const call = async (path, { method = 'GET', body } = {}) => {
    sent.push(`${method} ${path}`)
    const route = routes[`${method} ${path}`]
    return (typeof route === 'function' ? route(body) : route) || NO_CLUB
  }
  const ctrl = new ClubCtrl({ id, call, player: () => player, today: () => TODAY, keep, ui })
  return { ctrl, ui, sent, keep, call }
}

const at = { game: 'chain', date: TODAY, week: false }

test("a member sees the club and its board; the owner removes a member, who drops off it at once", async () => {
  let names = ['Ada', 'Bo', 'Cy', 'Di']
  const page = stand({
    [`GET /clubs/${ID}`]: ok(club()),
    [`GET /clubs/${ID}/boards/chain/${TODAY}`]: () => ok({ game: 'chain', date: TODAY, band: null, rows: rows(names), people: names.length, played: names.length, waiting: [] }),
    [`DELETE /clubs/${ID}/members/${'c'.repeat(16)}`]: () => { names = names.filter((n) => n !== 'Cy'); return ok({ ok: true }) },
  })
  await page.ctrl.load(at)
  assert.equal(page.ctrl.lede(), 'You own this club: 4 of the 500 members there is room for. Only its members see its board.')
  assert.equal(page.ctrl.board.drawn().caption, 'Night owls · Chain · Wednesday 4 November')
  assert.equal(page.ctrl.board.drawn().line, 'All 4 members played today.')
  page.ctrl.ask('remove-member', 'c'.repeat(16), 'Cy')
  assert.equal(page.ctrl.question(), 'Remove Cy from Night owls? They drop off its boards at once and can’t join again, with any link.')
  assert.deepEqual(await page.ctrl.removeMember('c'.repeat(16)), { ok: true })
  assert.deepEqual(page.ctrl.club.members.map((m) => m.name), ['Ada', 'Bo', 'Di'])
  assert.deepEqual(page.ctrl.board.drawn().rows.map((r) => r.name), ['Ada', 'Bo', 'Di'])
  assert.equal(page.ctrl.asking, null)
})

test('the owner renames the club, draws a new link and closes it; a member leaves', async () => {
  let name = 'Night owls'
  const page = stand({
    [`GET /clubs/${ID}`]: ok(club()),
    [`GET /clubs/${ID}/boards/chain/${TODAY}`]: ok({ game: 'chain', date: TODAY, band: null, rows: [], people: 4, played: 0, waiting: [] }),
    [`PATCH /clubs/${ID}`]: (body) => { name = body.name; return ok(club({ name })) },
    [`POST /clubs/${ID}/code`]: () => ok(club({ name, join_link: `/friends/clubs/join/?id=${ID}&code=new` })),
    [`DELETE /clubs/${ID}`]: ok({ ok: true }),
  })
  await page.ctrl.load(at)
  assert.deepEqual(await page.ctrl.rename(' '), { ok: false, error: 'Give the club a name.' })
  assert.deepEqual(await page.ctrl.rename('Early birds'), { ok: true })
  assert.equal(page.ctrl.club.name, 'Early birds')
  assert.equal(page.ctrl.board.drawn().caption, 'Early birds · Chain · Wednesday 4 November')
  assert.deepEqual(await page.ctrl.newLink(), { ok: true })
  assert.ok(page.ctrl.club.join_link.endsWith('code=new'))
  assert.deepEqual(await page.ctrl.close(), { ok: true })
  assert.deepEqual(page.ctrl.page, { kind: 'notice', title: 'Club closed', words: 'Early birds is closed: it is gone for every member.' })
  const bo = stand({
    [`GET /clubs/${ID}`]: ok(club({ owner: false })),
    [`GET /clubs/${ID}/boards/chain/${TODAY}`]: ok({ game: 'chain', date: TODAY, band: null, rows: [], people: 4, played: 0, waiting: [] }),
    [`POST /clubs/${ID}/leave`]: ok({ ok: true }),
  }, { player: { id: 'b'.repeat(16), name: 'Bo', token: 'b' } })
  await bo.ctrl.load(at)
  assert.equal(bo.ctrl.lede().startsWith('You are a member'), true)
  assert.deepEqual(await bo.ctrl.leave(), { ok: true })
  assert.equal(bo.ctrl.page.kind === 'notice' && bo.ctrl.page.title, 'You left the club')
})

test('anyone else is told there is no such club, and a guest what a club is', async () => {
  const stranger = stand({})
  await stranger.ctrl.load(at)
  assert.deepEqual(stranger.ctrl.page, { kind: 'notice', title: 'This club won’t open', words: 'There is no club with that id that you belong to.' })
  assert.deepEqual(stranger.sent, [`GET /clubs/${ID}`], 'no board is asked for')
  const guest = stand({}, { player: null })
  await guest.ctrl.load(at)
  assert.equal(guest.ctrl.page.kind === 'notice' && guest.ctrl.page.title, 'A club for its members')
  const none = stand({}, { id: 'short' })
  await none.ctrl.load(at)
  assert.equal(none.ctrl.page.kind === 'notice' && none.ctrl.page.title, 'No club here')
  assert.deepEqual(none.sent, [])
})

test('a join link: broken, a guest invited, a player joins (kept for the result sheets), or the refusal', async () => {
  const keep = namespace('pb:friends:', new MemoryStorage())
  const ui = { draws: 0, said: [], redraw: () => { ui.draws++ }, announce: (t) => ui.said.push(t) }
  const routes = {
    [`POST /clubs/${ID}/join`]: (body) => (body.code === 'abc' ? ok({ club: club({ owner: false }), already: false })
      : { status: 404, data: { error: 'That join link doesn’t find a club you can join: ask a member for the club’s link again.' } }),
  }
  const call = async (path, { method = 'GET', body } = {}) => routes[`${method} ${path}`]?.(body) || NO_CLUB
  const bo = { id: 'b'.repeat(16), name: 'Bo', token: 'b' }
  assert.equal(new JoinCtrl({ call, keep, ui, player: () => bo, id: 'x', code: 'abc' }).page.kind, 'broken')
  assert.equal(new JoinCtrl({ call, keep, ui, player: () => null, id: ID, code: 'abc' }).page.kind, 'guest')
  const joining = new JoinCtrl({ call, keep, ui, player: () => bo, id: ID, code: 'abc' })
  await joining.join()
  assert.equal(joining.page.kind === 'joined' && joining.page.club.name, 'Night owls')
  assert.deepEqual(keptClubs(keep, bo.id), [{ id: ID, name: 'Night owls' }])
  const refused = new JoinCtrl({ call, keep, ui, player: () => bo, id: ID, code: 'old' })
  await refused.join()
  assert.deepEqual(refused.page, { kind: 'refused', words: 'That join link doesn’t find a club you can join: ask a member for the club’s link again.' })
})
