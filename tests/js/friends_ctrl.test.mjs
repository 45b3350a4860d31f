// The friends page's controller (site/static/js/friends/friends_ctrl.js), the follow link's
// (follow_ctrl.js), the people you follow on a result sheet (sheet.js) and the list another page asks
// for (following.js), on their own: a stand-in view that records what it is told, a stand-in API that
// answers each route as the server would, this browser's storage in memory.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { FriendsCtrl } from '../../site/static/js/friends/friends_ctrl.js'
import { FollowCtrl, codeOf } from '../../site/static/js/friends/follow_ctrl.js'
import { SheetFriends } from '../../site/static/js/friends/sheet.js'
import { peopleYouFollow } from '../../site/static/js/friends/following.js'
import { keepClubs, keptClubs, keptFollow } from '../../site/static/js/friends/kept.js'
import { MemoryStorage, namespace } from '../../site/static/js/lib/storage.js'

const TODAY = '2026-11-04'
const ADA = { id: 'a'.repeat(16), name: 'Ada', token: 't' }
const person = (name, extra = {}) => ({ id: name[0].toLowerCase().repeat(16), name, since: null, sharing: true, follows_you: true, you_follow: true, ...extra })
const ok = (data, status = 200) => ({ status, data })
const FOLLOW = { code: '7KQ2M-9XD4T', link: '/friends/follow/?code=7KQ2M-9XD4T', allowed: true, following: 2, most: 300 }
const streakWith = (p, n) => ({
  player: p, streak: n, freezes_used: 0, freezes_held: 0, both_today: false, today: TODAY,
  mine: { first: '2026-11-03', last: '2026-11-03', missed: [] }, theirs: { first: '2026-11-03', last: '2026-11-04', missed: [] },
})

/** A page: the controller with a stand-in view and API; unanswered routes are 404 in the server's words. */
function stand(routes, { player = ADA } = {}) {
  const ui = { draws: 0, said: [], redraw: () => { ui.draws++ }, announce: (text) => ui.said.push(text) }
  const sent = []
  const keep = namespace('pb:friends:', new MemoryStorage())
  const call = async (path, { method = 'GET', body } = {}) => {
    sent.push(body === undefined ? `${method} ${path}` : `${method} ${path} ${JSON.stringify(body)}`)
    const route = routes[`${method} ${path}`]
    const answer = typeof route === 'function' ? route(body) : route
    return answer || { status: 404, data: { error: 'No one with that id follows you.' } }
  }
  return { ui, sent, keep, call, player: () => player }
}

const friendsRoutes = (extra = {}) => ({
  'GET /me/follow': ok(FOLLOW),
  'GET /follows': ok({ follows: [person('Bo'), person('Cy', { follows_you: false, sharing: false })], most: 300 }),
  'GET /followers': ok({ followers: [person('Bo'), person('Di', { you_follow: false })], more: false }),
  'GET /blocks': ok({ blocked: [] }),
  'GET /friends/streaks': ok({ streaks: [streakWith(person('Bo'), 3)] }),
  'GET /clubs': ok({ clubs: [{ id: 'C'.repeat(16), name: 'Night owls', owner: true }], most: 2 }),
  ...extra,
})

test('the friends page reads your link, whom you follow, your followers, streaks and clubs, and keeps your code', async () => {
  const page = stand(friendsRoutes())
  const ctrl = new FriendsCtrl({ ...page, ui: page.ui })
  await ctrl.load()
  assert.deepEqual(ctrl.page, { kind: 'ready' })
  assert.deepEqual(ctrl.data.follows.map((p) => [p.name, p.streak]), [['Bo', 'Friend streak with Bo: 3 days.'], ['Cy', '']])
  assert.equal(ctrl.followingWords(), 'You follow 2 people, of the 300 there is room for.')
  assert.equal(ctrl.followersWords(), '2 people follow you.')
  assert.deepEqual(keptFollow(page.keep, ADA.id), { code: FOLLOW.code, link: FOLLOW.link })
  assert.deepEqual(keptClubs(page.keep, ADA.id), [{ id: 'C'.repeat(16), name: 'Night owls' }])
  assert.equal(page.sent.some((s) => s.includes('search')), false)
})

test('a guest is invited to make a player, and a dead sign-in is said', async () => {
  const guest = stand({}, { player: null })
  const ctrl = new FriendsCtrl({ ...guest, ui: guest.ui })
  await ctrl.load()
  assert.deepEqual(ctrl.page, { kind: 'guest' })
  assert.deepEqual(guest.sent, [])
  const gone = stand(friendsRoutes({ 'GET /follows': { status: 401, data: { error: 'Sign in first' } } }))
  const dead = new FriendsCtrl({ ...gone, ui: gone.ui })
  await dead.load()
  assert.equal(dead.page.kind, 'notice')
})

test('unfollowing, removing a follower and blocking are asked first, then change the lists', async () => {
  const blocked = person('Bo', { since: '2026-11-04T09:00:00Z' })
  const page = stand(friendsRoutes({
    ['DELETE /follows/' + 'c'.repeat(16)]: ok({ ok: true }),
    ['DELETE /followers/' + 'd'.repeat(16)]: ok({ ok: true }),
    'POST /blocks': (body) => (body.id === 'b'.repeat(16) ? ok(blocked) : null),
    ['DELETE /blocks/' + 'b'.repeat(16)]: ok({ ok: true }),
  }))
  const ctrl = new FriendsCtrl({ ...page, ui: page.ui })
  await ctrl.load()
  ctrl.ask('block', 'b'.repeat(16), 'Bo')
  assert.equal(ctrl.question(), 'Block Bo? Neither of you will follow the other, and they see nothing of yours, until you unblock them.')
  ctrl.cancel()
  assert.equal(ctrl.asking, null)
  assert.deepEqual(await ctrl.unfollow('c'.repeat(16)), { ok: true })
  assert.deepEqual(ctrl.data.follows.map((p) => p.name), ['Bo'])
  assert.deepEqual(await ctrl.removeFollower('d'.repeat(16)), { ok: true })
  assert.deepEqual(ctrl.data.followers.map((p) => p.name), ['Bo'])
  assert.deepEqual(await ctrl.block('b'.repeat(16)), { ok: true })
  assert.deepEqual([ctrl.data.follows, ctrl.data.followers, ctrl.data.blocked.map((p) => p.name)], [[], [], ['Bo']])
  assert.equal(page.ui.said.at(-1), 'Bo is blocked: neither of you follows the other, and they see nothing of yours.')
  assert.deepEqual(await ctrl.unblock('b'.repeat(16)), { ok: true })
  assert.deepEqual(ctrl.data.blocked, [])
  assert.deepEqual(await ctrl.unfollow('e'.repeat(16)), { ok: false, error: 'No one with that id follows you.' })
})

test('turning following off forgets the code here; a new code is kept; a club made joins the list', async () => {
  const page = stand(friendsRoutes({
    'PUT /me/follow': (body) => ok({ ...FOLLOW, allowed: body.allowed }),
    'POST /me/follow/code': ok({ ...FOLLOW, code: 'ABCDE-FGHJK', link: '/friends/follow/?code=ABCDE-FGHJK' }),
    'POST /clubs': (body) => ok({ id: 'D'.repeat(16), name: body.name, owner: true, join_link: '', members: [], most: 500, created: '' }, 201),
  }))
  const ctrl = new FriendsCtrl({ ...page, ui: page.ui })
  await ctrl.load()
  assert.deepEqual(await ctrl.setAllowed(false), { ok: true })
  assert.equal(keptFollow(page.keep, ADA.id), null, 'no share carries a link that finds no one')
  assert.match(page.ui.said.at(-1), /^Following is off/)
  await ctrl.setAllowed(true)
  assert.deepEqual(await ctrl.newCode(), { ok: true })
  assert.equal(keptFollow(page.keep, ADA.id).code, 'ABCDE-FGHJK')
  assert.deepEqual(await ctrl.createClub('  '), { ok: false, error: 'Give the club a name.' })
  assert.deepEqual(await ctrl.createClub(' Tuesday tacticians '), { ok: true })
  assert.ok(page.sent.includes('POST /clubs {"name":"Tuesday tacticians"}'))
  assert.deepEqual(keptClubs(page.keep, ADA.id).map((c) => c.name), ['Night owls', 'Tuesday tacticians'])
})

test('a follow link: a code read as typed, the guest invited, the player offered, then following', async () => {
  assert.equal(codeOf('7kq2m 9xd4t'), '7KQ2M-9XD4T')
  assert.equal(codeOf('7KQ2M'), null)
  const broken = stand({})
  const none = new FollowCtrl({ ...broken, ui: broken.ui, code: 'nope' })
  await none.load()
  assert.deepEqual(none.page, { kind: 'broken', words: 'A follow code has 10 letters and digits, like 7KQ2M-9XD4T: “nope” isn’t one. Ask for it again.' })
  const guest = stand({}, { player: null })
  const invited = new FollowCtrl({ ...guest, ui: guest.ui, code: '7KQ2M-9XD4T' })
  await invited.load()
  assert.deepEqual(invited.page, { kind: 'guest' })
  const bo = person('Bo', { follows_you: false, you_follow: false })
  const page = stand({
    'GET /follow-codes/7KQ2M-9XD4T': ok({ player: bo, already: false }),
    'POST /follows': (body) => (body.code === '7KQ2M-9XD4T' ? ok({ player: { ...bo, you_follow: true }, already: false }) : null),
    'GET /me/follow': ok(FOLLOW),
  })
  const ctrl = new FollowCtrl({ ...page, ui: page.ui, code: '7KQ2M-9XD4T' })
  await ctrl.load()
  assert.deepEqual(ctrl.page, { kind: 'offer', player: bo })
  await ctrl.follow()
  assert.equal(ctrl.page.kind, 'followed')
  assert.equal(ctrl.mine.code, FOLLOW.code, 'your own link, to send back')
  assert.equal(page.ui.said.at(-1), 'You follow Bo. They are on your friends’ boards from now on.')
})

test("a follow link that finds no one says the API's words, whatever the reason", async () => {
  const words = 'That follow code doesn’t find anyone you can follow: ask them for their code again.'
  const page = stand({ 'GET /follow-codes/7KQ2M-9XD4T': { status: 404, data: { error: words } } })
  const ctrl = new FollowCtrl({ ...page, ui: page.ui, code: '7KQ2M-9XD4T' })
  await ctrl.load()
  assert.deepEqual(ctrl.page, { kind: 'refused', words })
})

test("a result sheet's people you follow: the line, a few rows, who is still to play, the streaks counted with today's result", async () => {
  const day = {
    game: 'chain', date: TODAY, band: null, people: 3, played: 1,
    rows: [
      { place: 1, id: 'b'.repeat(16), name: 'Bo', you: false, columns: { clean: true, undos: 0, resets: 0, seconds: 33 }, public: null },
      { place: 2, id: ADA.id, name: 'Ada', you: true, columns: { clean: false, undos: 2, resets: 0, seconds: 50 }, public: null },
    ],
    waiting: [{ id: 'c'.repeat(16), name: 'Cy' }, { id: 'd'.repeat(16), name: 'Di' }],
    streaks: [streakWith(person('Bo'), 1)],
  }
  const page = stand({
    [`GET /friends/boards/chain/${TODAY}`]: ok(day),
    [`GET /clubs/${'C'.repeat(16)}/boards/chain/${TODAY}`]: ok({ ...day, people: 12, played: 4 }),
    'GET /me/follow': ok(FOLLOW),
  })
  keepClubs(page.keep, ADA.id, [{ id: 'C'.repeat(16), name: 'Night owls' }])
  const sheet = new SheetFriends({ ...page, today: () => TODAY }, page.ui, { game: 'chain', date: TODAY, counts: true, posted: true })
  await sheet.load()
  const words = sheet.words()
  assert.equal(words.line, '1 of the 3 people you follow played today.')
  assert.deepEqual(words.rows, [
    { place: '#1', name: 'Bo', you: false, figure: 'Clean · 0:33' },
    { place: '#2', name: 'Ada', you: true, figure: '2 undos · 0:50' },
  ])
  assert.equal(words.waiting, 'Still to play today: Cy and Di.')
  assert.deepEqual(words.streaks, ['Friend streak with Bo: 2 days.'], 'yesterday and today, both')
  assert.equal(words.board, '/boards/#/friends/chain')
  assert.deepEqual(words.clubs, [{ name: 'Night owls', href: `/friends/club/?id=${'C'.repeat(16)}#/chain`, line: '4 of the 12 members played today.' }])
  assert.equal(sheet.follow(), null)
  assert.equal(await sheet.addFollow(), true)
  assert.equal(sheet.follow().code, FOLLOW.code)
  const guest = stand({}, { player: null })
  const invited = new SheetFriends({ ...guest, today: () => TODAY }, guest.ui, { game: 'chain', date: TODAY, counts: false, posted: false })
  await invited.load()
  assert.equal(invited.kind, 'guest')
  assert.deepEqual(guest.sent, [])
})

test('a player following no one is told so once a day, and asked again once they follow', async () => {
  const alone = { game: 'chess', date: TODAY, band: 'Hard', people: 0, played: 0, rows: [], waiting: [], streaks: [] }
  const page = stand({ [`GET /friends/boards/chess/${TODAY}`]: ok(alone), ...friendsRoutes() })
  const where = { game: 'chess', date: TODAY, counts: true, posted: true }
  const first = new SheetFriends({ ...page, today: () => TODAY }, page.ui, where)
  await first.load()
  assert.equal(first.words().line, 'You don’t follow anyone who shares their results yet: share your follow link, and ask for theirs.')
  const second = new SheetFriends({ ...page, today: () => TODAY }, page.ui, { ...where, game: 'chain' })
  await second.load()
  assert.equal(second.kind, 'alone')
  assert.equal(second.words().line, first.words().line)
  assert.equal(page.sent.filter((s) => s.startsWith('GET /friends/boards/')).length, 1, 'the day’s other sheets don’t ask')
  await new FriendsCtrl({ ...page, ui: page.ui }).load() // the friends page: perhaps following someone now
  const third = new SheetFriends({ ...page, today: () => TODAY }, page.ui, { ...where, game: 'chess' })
  await third.load()
  assert.equal(third.kind, 'shown')
})

test('another page asks whom you follow: those sharing their results, and nothing else', async () => {
  const page = stand({ 'GET /follows': ok({ follows: [person('Bo'), person('Cy', { sharing: false, follows_you: false })], most: 300 }) })
  assert.deepEqual(await peopleYouFollow(page.call), { ok: true, people: [{ id: 'b'.repeat(16), name: 'Bo', followsYou: true }] })
  const offline = stand({ 'GET /follows': { status: 0, data: null } })
  assert.deepEqual(await peopleYouFollow(offline.call), { ok: false, error: 'You seem to be offline. Try again when you are back online.' })
})
