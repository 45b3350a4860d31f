// The engine's check of an imported lesson (site/static/js/lessons/engine_check.js): the engine's
// evaluations of each position of a line, given here, turned into warnings in plain words; and the
// check run over a stand-in engine, one search per position with its two best moves.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { register } from 'node:module'

register('./vendor_hooks.mjs', import.meta.url)
const { checkPuzzle, figure, findingsOf, positions, standing } = await import('../../site/static/js/lessons/engine_check.js')

const line = (...lines) => ({ lines: lines.map(([score, ...pv]) => ({ score, pv })) })
// White's knight takes on e5 (the line's move), Black's king answers.
const KNIGHT = {
  fen: '4k3/7p/8/4p3/8/5N2/6P1/4K3 w - - 0 1', student: 'white', opponent_first: false,
  moves: [
    { uci: 'f3e5', san: 'Nxe5', color: 'white', by_student: true },
    { uci: 'e8e7', san: 'Ke7', color: 'black', by_student: false },
  ],
}
// The back-rank mate: one student move, the line ends in mate.
const MATE = {
  fen: '6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1', student: 'white', opponent_first: false,
  moves: [{ uci: 'a1a8', san: 'Ra8#', color: 'white', by_student: true }],
}

test('figures and standings are from White’s side, in pawns', () => {
  assert.equal(figure({ cp: 420 }), '+4.2')
  assert.equal(figure({ cp: -310 }), '−3.1')
  assert.equal(figure({ cp: 3 }), '0.0')
  assert.equal(figure({ mate: 3 }), 'White mates in 3')
  assert.equal(figure({ mate: -2 }), 'Black mates in 2')
  assert.equal(standing({ cp: -310 }), 'Black is up a piece')
  assert.equal(standing({ cp: 20 }), 'the position is about equal')
  assert.equal(standing({ cp: 410 }), 'White is up a piece')
  assert.equal(standing({ cp: 700 }), 'White is up a rook')
  assert.equal(standing({ cp: 180 }), 'White is clearly better')
})

test('a student move after which the student is worse, with a better move there, loses', () => {
  const evals = [
    line([{ cp: 300 }, 'f3d4'], [{ cp: -250 }, 'f3e5']),
    line([{ cp: 310 }, 'e8f8']), // Black to move after Nxe5: +3.1 for Black
    line([{ cp: -300 }, 'e1e2']),
  ]
  const found = findingsOf(KNIGHT, evals)
  assert.deepEqual(found.map((f) => f.kind), ['loses'])
  assert.equal(found[0].words, 'White’s 1st move Nxe5 loses: after …Kf8 Black is up a piece (−3.1).')
  assert.equal(found[0].move, 1)
})

test('another winning move beside the line’s is said, with both figures', () => {
  const evals = [
    line([{ cp: 450 }, 'f3e5'], [{ cp: 420 }, 'f3h4']),
    line([{ cp: -450 }, 'e8e7']),
    line([{ cp: 450 }, 'e5c6']),
  ]
  assert.deepEqual(findingsOf(KNIGHT, evals).map((f) => f.words),
    ['Another move wins as well: Nh4 (+4.2) against the line’s Nxe5 (+4.5).'])
  // A winning move far behind the line's is no second solution.
  const far = [line([{ cp: 900 }, 'f3e5'], [{ cp: 250 }, 'f3h4']), line([{ cp: -900 }, 'e8e7']), line([{ cp: 900 }, 'e5c6'])]
  assert.deepEqual(findingsOf(KNIGHT, far), [])
})

test('an opponent reply well short of its best is said, and a line not won at its end', () => {
  const evals = [
    line([{ cp: 50 }, 'f3e5']),
    line([{ cp: -40 }, 'e8d8'], [{ cp: -250 }, 'e8e7']), // Black's best holds; the line's Ke7 loses more
    line([{ cp: 250 }, 'e5c6']),
  ]
  assert.deepEqual(findingsOf(KNIGHT, evals).map((f) => [f.kind, f.words]), [
    ['reply', 'The opponent’s reply …Ke7 isn’t its best (…Kd8 holds).'],
  ])
  const even = [line([{ cp: 30 }, 'f3e5']), line([{ cp: -30 }, 'e8e7']), line([{ cp: 30 }, 'e5c6'])]
  assert.deepEqual(findingsOf(KNIGHT, even).map((f) => f.words), ['The line ends but the position isn’t won (+0.3).'])
})

test('a line ending in mate, with no other mate, has nothing to say', () => {
  // A rook up, every move wins, but none as the mate does: one clearly best move.
  assert.deepEqual(findingsOf(MATE, [line([{ mate: 1 }, 'a1a8'], [{ cp: 900 }, 'e1e2']), null]), [])
  // Re8 mates at once as well: the lesson page accepts any mate, so nothing to say.
  assert.deepEqual(findingsOf(MATE, [line([{ mate: 1 }, 'a1a8'], [{ mate: 1 }, 'e1e8']), null]), [])
})

test('the check asks the engine once per position that has a move, two lines each', async () => {
  const asked = []
  const engine = {
    async analyse(fen, limits) {
      asked.push([fen, limits.multipv])
      return { score: { cp: 0 }, pv: [], lines: [{ score: { cp: 0 }, pv: [] }] }
    },
  }
  const progress = []
  await checkPuzzle(MATE, engine, { depth: 4, onPosition: (done, total) => progress.push(`${done}/${total}`) })
  assert.deepEqual(asked, [[MATE.fen, 2]]) // the mated end needs no search
  assert.deepEqual(progress, ['1/2', '2/2'])
  assert.equal(positions(KNIGHT).length, 3)
})

// Issue 40: the engine check's words right as chess.
test('mates are counted from the same position for both moves', () => {
  // The line's Nxe5 leaves Black mated in 1 (mate in 2 from before it); Nh4 mates in 2 as well.
  const evals = [
    line([{ mate: 2 }, 'f3h4'], [{ cp: 300 }, 'f3d4']),
    line([{ mate: -1 }, 'e8e7']),
    line([{ mate: 1 }, 'e5c6']),
  ]
  assert.deepEqual(findingsOf(KNIGHT, evals).map((f) => f.words),
    ['Another move mates as well: Nh4 against the line’s Nxe5 (both mate in 2).'])
  // A slower mate beside a line that mates sooner is no second solution; a faster one is said.
  const slower = [line([{ mate: 3 }, 'f3h4']), line([{ mate: -1 }, 'e8e7']), line([{ mate: 1 }, 'e5c6'])]
  assert.deepEqual(findingsOf(KNIGHT, slower), [])
  const sooner = [line([{ mate: 2 }, 'f3h4']), line([{ mate: -3 }, 'e8e7']), line([{ mate: 3 }, 'e5c6'])]
  assert.deepEqual(findingsOf(KNIGHT, sooner).map((f) => f.words),
    ['Another move mates sooner: Nh4 (White mates in 2) against the line’s Nxe5 (White mates in 4).'])
})

test('the final mating move is never flagged because a slower mate exists', () => {
  assert.deepEqual(findingsOf(MATE, [line([{ mate: 1 }, 'a1a8'], [{ mate: 2 }, 'e1e7']), null]), [])
})

test('"holds" is said only of a reply that holds', () => {
  const losesLess = [
    line([{ cp: 900 }, 'f3e5']),
    line([{ cp: -400 }, 'e8d8'], [{ cp: -700 }, 'e8e7']), // Black's best loses too
    line([{ cp: 700 }, 'e5c6']),
  ]
  assert.deepEqual(findingsOf(KNIGHT, losesLess).map((f) => f.words),
    ['The opponent’s reply …Ke7 isn’t its best (…Kd8 loses less).'])
  const lastsLonger = [line([{ mate: 6 }, 'f3e5']), line([{ mate: -5 }, 'e8d8']), line([{ mate: 2 }, 'e5c6'])]
  assert.deepEqual(findingsOf(KNIGHT, lastsLonger).map((f) => f.words),
    ['The opponent’s reply …Ke7 isn’t its best (…Kd8 lasts longer).'])
})

// The knight line with a refutation and a PGN variation left out, on the student's first move.
const ANSWERED = {
  ...KNIGHT,
  moves: [
    {
      ...KNIGHT.moves[0],
      refutations: [{ uci: 'f3d4', san: 'Nd4', reply: 'e8d7', reply_san: 'Kd7' }],
      variations: [{ uci: 'f3h4', san: 'Nh4', reply: 'e8f7', reply_san: 'Kf7' }],
    },
    KNIGHT.moves[1],
  ],
}

test('a refutation no worse than the line’s move is said, and a left-out variation that is worse', () => {
  const evals = [line([{ cp: 300 }, 'f3e5']), line([{ cp: -300 }, 'e8e7']), line([{ cp: 300 }, 'e5c6'])]
  const after = { '0:f3d4': line([{ cp: -290 }, 'e8d7']), '0:f3h4': line([{ cp: 50 }, 'e8f7']) }
  assert.deepEqual(findingsOf(ANSWERED, evals, after).map((f) => [f.kind, f.words]), [
    ['refutation', 'The refutation Nd4 is as good as the line’s move Nxe5 (+2.9 against +3.0): a student who plays it is told it is wrong.'],
    ['variation', 'The variation Nh4, left out, is worse than the line’s move Nxe5 (−0.5 against +3.0): keep it as a refutation (or mark it ? in the PGN) and a student who plays it is answered with …Kf7.'],
  ])
  // The variation's finding carries it, for the import page's offer to keep it as a refutation (issue 40).
  assert.deepEqual(findingsOf(ANSWERED, evals, after).at(-1)?.refute, { san: 'Nh4', named: 'Nh4' })
  // A refutation clearly worse, a variation as good: nothing to say.
  const fine = { '0:f3d4': line([{ cp: 100 }, 'e8d7']), '0:f3h4': line([{ cp: -280 }, 'e8f7']) }
  assert.deepEqual(findingsOf(ANSWERED, evals, fine), [])
})

test('the check also asks the engine once after each refutation and left-out variation', async () => {
  const asked = []
  const engine = {
    async analyse(fen, limits) {
      asked.push(limits.multipv)
      return { score: { cp: 0 }, pv: [], lines: [{ score: { cp: 0 }, pv: [] }] }
    },
  }
  const progress = []
  await checkPuzzle(ANSWERED, engine, { depth: 4, onPosition: (done, total) => progress.push(`${done}/${total}`) })
  assert.deepEqual(asked, [2, 2, 2, 1, 1])
  assert.deepEqual(progress, ['1/5', '2/5', '3/5', '4/5', '5/5'])
})

// Issue 44: a finding is kept as a code and its values, so the Lessons page says it in its language.
const { findingWords } = await import('../../site/static/js/lessons/finding_words.js')

test('each finding carries its code and values, which say its words again', () => {
  const loses = findingsOf(KNIGHT, [
    line([{ cp: 300 }, 'f3d4'], [{ cp: 250 }, 'f3e5']),
    line([{ cp: 310 }, 'e8f8']),
    line([{ cp: -290 }, 'f8e8']),
  ])[0]
  assert.deepEqual(loses.said, {
    code: 'loses_white_after',
    values: { n: 1, move: 'Nxe5', reply: '…Kf8', standing: { code: 'standing_black_piece', values: {} }, figure: '−3.1' },
  })
  const evals = [line([{ cp: 300 }, 'f3e5']), line([{ cp: -300 }, 'e8e7']), line([{ cp: 300 }, 'e5c6'])]
  const after = { '0:f3d4': line([{ cp: -290 }, 'e8d7']), '0:f3h4': line([{ cp: 50 }, 'e8f7']) }
  for (const finding of [loses, ...findingsOf(ANSWERED, evals, after)]) {
    assert.equal(findingWords(JSON.parse(JSON.stringify(finding.said))), finding.words, 'as kept and read back')
  }
  assert.equal(findingWords({ code: 'unwon', values: { figure: { code: 'white_mates_in', values: { n: 3 } } } }),
    'The line ends but the position isn’t won (White mates in 3).')
})

test('a code or a word this page does not know says nothing, so the kept words are shown', () => {
  assert.equal(findingWords({ code: 'a_later_kind', values: {} }), null)
  assert.equal(findingWords({ code: 'unwon', values: { figure: { code: 'a_later_word', values: {} } } }), null)
  assert.equal(findingWords({ code: 'toString', values: {} }), null)
})
