/**
 * The import page (/lessons/new/): paste or upload a lesson (JSON or PGN), check
 * it (every problem shown beside its puzzle, a preview board for each), import it
 * and get the link to give the students.
 *
 * Checking is POST /api/lessons/validate (anyone); importing is POST /api/lessons
 * (a player). Once the format is valid, the engine checks each puzzle's line in this browser
 * (engine_check.js: Stockfish in a worker, loaded only then) and adds its warnings, in plain
 * words, beside each puzzle; they never stop an import. Beside a PGN variation it finds clearly
 * worse, it offers to keep it as a refutation, and the import sends the choices (kept_refutations.js). The text goes as it is, so the server's line and column numbers
 * are the teacher's own. Every text from the import is shown with textContent.
 */
import { Chess } from '../vendor/chess.js'
import { previewBoard } from '../chess/cm_board.js'
import { call, getPlayer, reason } from '../lib/api.js'
import { el, $, announce } from '../lib/dom.js'
import { copyText } from './dom.js'
import { href, number, t, tn } from '../lib/i18n.js'
import { summarize } from './summary.js'
import { wirePlayerForm } from '../lib/player_form.js'
import { KeptRefutations } from './kept_refutations.js'
/** @import { Answer } from '../answer_types.js' */
/** @import { Created, LessonEdited, Source } from '../api_types.js' */
/** @import { CheckedPuzzle, ImportReport, KeptFinding, ShownProblem } from '../lesson_types.js' */
/** @import { Engine } from '../chess/engine.js' */

const MAX_BYTES = 256 * 1024
/** @type {Record<string, string>} */
const SIDE = { white: t('White'), black: t('Black') }
const LESSON_ID = /^[A-Za-z0-9_-]{16}$/
// /lessons/edit/?id=<lesson>: the same form saves the lesson in place (PUT /api/lessons/<id>).
const editing = document.querySelector('[data-edit]') ? new URLSearchParams(location.search).get('id') || '' : null
const storePath = editing ? `/lessons/${editing}` : '/lessons'
/** @type {{ destroy(): void }[]} */
let previews = []
/** @type {Engine | null} */
let engine = null // the engine, started by the first valid check
let engineRun = 0 // the engine check in progress: a newer check makes an older one give up
// The engine's findings are kept with the lesson (PUT /api/lessons/<id>/check) once both are known:
// the check of the text that was stored (its run) and the lesson it was stored as (id, version).
/** @type {{ run: number, findings: KeptFinding[] } | null} */
let checked = null // { run, findings: [{ puzzle, kind, words }] } of the last check to finish
/** @type {{ run: number, id: string, version: number } | null} */
let saved = null // { run, id, version } of the last import or edit stored
const kept = new KeptRefutations() // the variations the teacher keeps as refutations

// The form's fields and buttons whose kind matters (the template holds them).
const nameInput = /** @type {HTMLInputElement} */ ($('import-name'))
const textInput = /** @type {HTMLTextAreaElement} */ ($('import-text'))
const checkButton = /** @type {HTMLButtonElement} */ ($('check-button'))
const importButton = /** @type {HTMLButtonElement} */ ($('import-button'))
const doneLink = /** @type {HTMLInputElement} */ ($('done-link'))

/**
 * POST (PUT, saving an edit) the text to /api`path`; { status, data } (status 0 when offline).
 * @param {string} path
 * @param {string} text
 * @returns {Promise<Answer>}
 */
async function send(path, text) {
  const params = new URLSearchParams()
  const side = /** @type {HTMLInputElement | null} */ (document.querySelector('input[name="student-color"]:checked'))?.value
  if (side === 'white' || side === 'black') params.set('student_color', side)
  const name = nameInput.value.trim()
  if (name && path === storePath) params.set('name', name)
  if (path === storePath) for (const choice of kept.values()) params.append('refute', choice)
  // JSON's type whatever was pasted: the server reads the text as JSON unless it is plainly PGN
  // (text/plain, which another site's page could send without asking, is refused: docs/lessons.md).
  /** @type {Record<string, string>} */
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json' }
  const token = getPlayer()?.token
  if (token && path === storePath) headers.Authorization = `Bearer ${token}`
  const query = params.toString() ? `?${params}` : ''
  const method = editing && path === storePath ? 'PUT' : 'POST'
  try {
    const res = await fetch(`/api${path}${query}`, { method, headers, body: text, cache: 'no-store' })
    let data = null
    try { data = await res.json() } catch { data = null }
    return { status: res.status, data }
  } catch {
    return { status: 0, data: null }
  }
}

function clearPreviews() {
  for (const board of previews) {
    try { board.destroy() } catch { /* already gone */ }
  }
  previews = []
}

/**
 * The FENs of the puzzles as typed (JSON only), to preview puzzles the server could not pass.
 * @param {string} text
 * @returns {(string | null)[]}
 */
function typedFens(text) {
  try {
    const value = JSON.parse(text.trim().replace(/^```[^\n]*\n/, '').replace(/\n\s*```\s*$/, ''))
    const items = Array.isArray(value) ? value : [value]
    return items.map((item) => (item && typeof item.fen === 'string' ? item.fen : null))
  } catch {
    return []
  }
}

/**
 * @param {string | null | undefined} fen
 * @param {string} student
 */
function previewOf(fen, student) {
  const box = el('div', { class: 'import-preview' })
  if (!fen) {
    box.classList.add('is-empty')
    return box
  }
  try {
    new Chess(fen) // throws on a FEN chess.js can't read
  } catch {
    box.classList.add('is-empty')
    return box
  }
  requestAnimationFrame(() => previews.push(previewBoard(box, fen, student === 'black' ? 'b' : 'w')))
  return box
}

const PGN_LABEL = /^\d+\.(\.\.)? \S/ // "4. Ke4", "12... Nf6"

/**
 * One problem as a list item; `format` is the import's ("json", "pgn"; null when not known).
 * @param {ShownProblem} problem
 * @param {'error' | 'warning'} kind
 * @param {string | null | undefined} format
 */
function problemItem(problem, kind, format) {
  const written = problem.move_text || ''
  const pgn = format ? format === 'pgn' : PGN_LABEL.test(written)
  let where = ''
  if (problem.move && written && pgn) where = t('Move {move}:', { move: written }) + ' '
  // A move as typed may hold the very line break or spaces its problem is about: shown on one line.
  else if (problem.move && written) where = t('Move {n} ({move}):', { n: problem.move, move: written.split(/\s+/).join(' ').trim() }) + ' '
  else if (problem.move) where = t('Move {move}:', { move: problem.move }) + ' '
  return el('li', { class: `import-problem is-${kind}` },
    el('span', { class: 'import-problem-kind', text: kind === 'error' ? t('Error:') : t('Warning:') }),
    ' ',
    el('span', { text: `${where}${problem.message}` }))
}

/**
 * Show a report: { ok, kind, count, errors, warnings, puzzles } (puzzles may be absent).
 * @param {ImportReport} report
 * @param {string} text
 */
function showReport(report, text) {
  clearPreviews()
  const area = $('import-report')
  area.replaceChildren()
  const errors = report.errors || []
  const warnings = report.warnings || []
  const puzzles = report.puzzles || []
  /** @typedef {{ errors: ShownProblem[], warnings: ShownProblem[] }} Problems */
  /** @type {Map<number, Problems & { index: number, puzzle: CheckedPuzzle | null, title: string }>} */
  const byIndex = new Map()
  /** @param {number} index */
  const entry = (index) => {
    if (!byIndex.has(index)) byIndex.set(index, { index, puzzle: null, title: '', errors: [], warnings: [] })
    return /** @type {Problems & { index: number, puzzle: CheckedPuzzle | null, title: string }} */ (byIndex.get(index))
  }
  for (const puzzle of puzzles) Object.assign(entry(puzzle.index), { puzzle, title: puzzle.title })
  /** @type {Problems} */
  const general = { errors: [], warnings: [] }
  /** @type {[ShownProblem[], keyof Problems][]} */
  const kinds = [[errors, 'errors'], [warnings, 'warnings']]
  for (const [list, key] of kinds) {
    for (const problem of list) {
      if (problem.puzzle === null || problem.puzzle === undefined) general[key].push(problem)
      else {
        const item = entry(problem.puzzle)
        item[key].push(problem)
        if (!item.title && problem.title) item.title = problem.title
      }
    }
  }
  const { text: summary, listGeneral } = summarize(report)
  area.append(el('p', { class: `import-summary ${report.ok ? 'is-good' : 'is-bad'}`, id: 'import-summary', tabindex: '-1', text: summary }))
  const listed = listGeneral ? general.errors : [] // a single one is the summary itself
  if (listed.length || general.warnings.length) {
    area.append(el('ul', { class: 'import-problems import-general' },
      ...listed.map((p) => problemItem(p, 'error', report.kind)),
      ...general.warnings.map((p) => problemItem(p, 'warning', report.kind))))
  }
  const fens = report.kind === 'json' ? typedFens(text) : []
  const list = el('ol', { class: 'import-puzzles', 'aria-label': t('Puzzles') })
  for (const item of [...byIndex.values()].sort((a, b) => a.index - b.index)) {
    const puzzle = item.puzzle
    const unit = report.kind === 'pgn' ? t('Game {n}', { n: number(item.index) }) : t('Puzzle {n}', { n: number(item.index) })
    const heading = `${unit}${item.title ? `: ${item.title}` : ''}`
    // How many wrong moves the teacher answers (refutations; a PGN's variations become them).
    const answered = puzzle ? puzzle.moves.reduce((n, m) => n + (m.refutations?.length || 0), 0) : 0
    const facts = puzzle
      ? [t('You play {side}', { side: SIDE[puzzle.student] }), puzzle.opponent_first ? t('the opponent moves first') : t('the student moves first'),
          tn('{n} move to find', '{n} moves to find', puzzle.moves.filter((m) => m.by_student).length),
          answered ? tn('{n} wrong move answered', '{n} wrong moves answered', answered) : ''].filter(Boolean).join(' · ')
      : t('Not valid yet')
    const card = el('li', { class: `import-puzzle${item.errors.length ? ' has-errors' : ''}`, dataset: { puzzle: String(item.index) } },
      previewOf(puzzle ? puzzle.fen : fens[item.index - 1], puzzle ? puzzle.student : 'white'),
      el('div', { class: 'import-puzzle-body' },
        el('h3', { class: 'import-puzzle-title', text: heading }),
        el('p', { class: 'muted import-puzzle-facts', text: facts }),
        puzzle && puzzle.intro ? el('p', { class: 'import-puzzle-intro', text: puzzle.intro }) : null,
        item.errors.length || item.warnings.length
          ? el('ul', { class: 'import-problems' },
            ...item.errors.map((p) => problemItem(p, 'error', report.kind)),
            ...item.warnings.map((p) => problemItem(p, 'warning', report.kind)))
          : null))
    list.append(card)
  }
  area.append(list)
  announce(summary)
}

/**
 * The engine's check of each puzzle of a valid `report`, its warnings added beside each puzzle.
 * @param {ImportReport} report
 */
async function engineCheck(report) {
  const run = ++engineRun
  const puzzles = report.puzzles || []
  if (!puzzles.length) return
  const status = el('p', { class: 'muted engine-status', id: 'engine-status', role: 'status', text: t('The engine is starting to check each line…') })
  $('import-summary')?.after(status)
  let found = 0
  /** @type {KeptFinding[]} */
  const all = []
  try {
    const [{ Engine }, { checkPuzzle }] = await Promise.all([import('../chess/engine.js'), import('./engine_check.js')])
    engine = engine || new Engine(/** @type {string} */ ($('import-report-box').dataset.engine)) // the page names its worker
    for (const puzzle of puzzles) {
      if (run !== engineRun) return
      status.textContent = t('The engine is checking puzzle {n} of {count}…', { n: number(puzzle.index), count: number(puzzles.length) })
      const findings = await checkPuzzle(puzzle, engine)
      if (run !== engineRun) return
      found += findings.length
      // engine_check.js's kinds are the API's (puzzlebook's lesson check names them).
      all.push(...findings.map((f) => ({ puzzle: puzzle.index, kind: /** @type {KeptFinding['kind']} */ (f.kind), words: f.words.slice(0, 300), said: f.said })))
      const card = document.querySelector(`.import-puzzle[data-puzzle="${puzzle.index}"] .import-puzzle-body`)
      if (card && findings.length) {
        // Their own list and class: the importer's problems stay as they were, the engine's beside them.
        card.append(el('ul', { class: 'engine-findings', dataset: { engine: String(puzzle.index) } },
          ...findings.map((f) => el('li', { class: 'engine-finding', dataset: { kind: f.kind } },
            el('span', { class: 'engine-finding-kind', text: t('Engine:') }), ' ', el('span', { text: f.words }),
            kept.offer(puzzle.index, f)))))
      }
    }
    status.textContent = found
      ? tn('The engine checked every line: {n} warning beside the puzzles. They are warnings: you can import anyway.', 'The engine checked every line: {n} warnings beside the puzzles. They are warnings: you can import anyway.', found)
      : t('The engine checked every line and found nothing to warn about.')
    document.body.dataset.engineCheck = 'done'
    announce(status.textContent)
    checked = { run, findings: all }
    keepFindings()
  } catch {
    if (run !== engineRun) return
    status.textContent = t('The engine could not check the lines in this browser; the lesson can still be imported.')
    document.body.dataset.engineCheck = 'failed'
  }
}

function textToSend() {
  return textInput.value
}

/** The engine's findings sent to be kept with the lesson they are about, when both are ready. */
async function keepFindings() {
  if (!checked || !saved || checked.run !== saved.run) return
  const { id, version } = saved
  saved = null
  const answer = await call(`/lessons/${id}/check`, { method: 'PUT', body: { version, findings: checked.findings } })
  const note = $('done-engine')
  if (answer.status === 200) {
    note.textContent = checked.findings.length
      ? tn('The engine’s warning is kept with the lesson: you see it under its Results on the Lessons page. Students never see it.', 'The engine’s {n} warnings are kept with the lesson: you see them under its Results on the Lessons page. Students never see them.', checked.findings.length)
      : t('The engine found nothing to warn about; that is kept with the lesson too.')
  } else {
    note.textContent = t('The engine’s findings could not be kept with the lesson: {why}', { why: reason(answer) })
  }
  document.body.dataset.engineKept = String(answer.status)
}

async function check() {
  const text = textToSend()
  kept.checking(text) // choices made on another text go
  engineRun++ // an engine check of the text before gives up
  delete document.body.dataset.engineCheck
  $('import-done').hidden = true
  checkButton.disabled = true
  try {
    const answer = /** @type {Answer<ImportReport>} */ (await send('/lessons/validate', text))
    if (answer.status !== 200 || !answer.data) {
      showReport({ ok: false, errors: [{ puzzle: null, message: reason(answer) }] }, text)
      return null
    }
    showReport(answer.data, text)
    if (answer.data.ok) engineCheck(answer.data)
    return answer.data
  } finally {
    checkButton.disabled = false
  }
}

/** @param {SubmitEvent} event */
async function importLesson(event) {
  event.preventDefault()
  if (!getPlayer()) {
    $('import-player').hidden = false
    $('import-player').querySelector('input')?.focus()
    return
  }
  const report = await check()
  if (!report || !report.ok) {
    $('import-summary')?.focus()
    return
  }
  importButton.disabled = true
  const run = engineRun // the engine's check of the text being stored, started by check()
  try {
    const answer = /** @type {Answer<Created & Partial<LessonEdited> & ImportReport>} */ (await send(storePath, textToSend()))
    if ((answer.status === 201 || (editing && answer.status === 200)) && answer.data) {
      $('done-engine').textContent = ''
      saved = { run, id: answer.data.id, version: editing ? /** @type {number} */ (answer.data.version) : 1 }
      keepFindings()
      const link = new URL(href(answer.data.url), location.origin).href
      $('done-name').textContent = answer.data.name
      $('done-count').textContent = tn('{n} puzzle', '{n} puzzles', answer.data.count)
      doneLink.value = link
      const open = /** @type {HTMLAnchorElement} */ ($('done-open'))
      open.href = href(answer.data.url)
      $('import-done').hidden = false
      if (editing) {
        const changed = /** @type {number[]} */ (answer.data.changed) // an edit's
        $('done-changed').textContent = changed.length
          ? tn('The link is the same. Changed or new: puzzle {puzzles}; results there from before are marked as on an earlier version. Every other puzzle keeps its results.', 'The link is the same. Changed or new: puzzles {puzzles}; results there from before are marked as on an earlier version. Every other puzzle keeps its results.', changed.length, { puzzles: changed.map((n) => number(n)).join(', ') })
          : t('The link is the same, and every puzzle keeps its results.')
      }
      $('done-heading').focus()
      announce(editing ? t('Saved: {name}.', { name: answer.data.name }) : t('Imported: {name}. The link is ready to copy.', { name: answer.data.name }))
    } else if (answer.data && Array.isArray(answer.data.errors)) {
      showReport({ ok: false, kind: null, errors: answer.data.errors, warnings: answer.data.warnings }, textToSend())
    } else {
      showReport({ ok: false, errors: [{ puzzle: null, message: reason(answer) }] }, textToSend())
    }
  } finally {
    importButton.disabled = false
  }
}

function readFile() {
  const file = /** @type {FileList} */ (/** @type {HTMLInputElement} */ ($('import-file')).files)[0]
  if (!file) return
  if (file.size > MAX_BYTES) {
    showReport({ ok: false, errors: [{ puzzle: null, message: t('The file is {size} KB; the limit is 256 KB. Split it into smaller imports.', { size: number(Math.round(file.size / 1024)) }) }] }, '')
    return
  }
  const reader = new FileReader()
  reader.onload = () => {
    textInput.value = String(reader.result)
    check()
  }
  reader.onerror = () => {
    showReport({ ok: false, errors: [{ puzzle: null, message: t('That file could not be read.') }] }, '')
  }
  reader.readAsText(file)
}

function showPlayer() {
  const player = getPlayer()
  $('import-player').hidden = Boolean(player)
  $('import-as').textContent = player ? t('Lessons are kept under your player, {name}.', { name: player.name }) : ''
  if (editing !== null && player) loadSource()
}

/** Editing: the lesson's stored JSON into the form, or why it can't be edited here. */
async function loadSource() {
  /** @param {string} text */
  const broken = (text) => {
    $('edit-broken').hidden = false
    $('edit-broken').textContent = text
    $('import-form').hidden = true
  }
  if (!LESSON_ID.test(/** @type {string} */ (editing))) {
    broken(t('This link has no lesson in it: open the lesson’s Edit from the Lessons page.'))
    return
  }
  const answer = /** @type {Answer<Source>} */ (await call(`/lessons/${editing}/source`))
  if (answer.status !== 200 || !answer.data) {
    broken(reason(answer))
    return
  }
  $('edit-broken').hidden = true
  $('import-form').hidden = false
  textInput.value = answer.data.text
  nameInput.value = answer.data.name
  $('edit-title').textContent = t('Edit “{name}”', { name: answer.data.name })
  document.title = t('Edit {name}', { name: answer.data.name }) + ' · ' + t('Lessons')
}

if (editing !== null) importButton.textContent = t('Save changes')

checkButton.addEventListener('click', () => check())
$('import-form').addEventListener('submit', importLesson)
$('import-file').addEventListener('change', readFile)
$('copy-link').addEventListener('click', async () => {
  const ok = await copyText(doneLink.value)
  announce(ok ? t('Link copied.') : t('Copy the link from the box.'))
  $('copy-status').textContent = ok ? t('Copied.') : t('Select the link and copy it.')
  if (!ok) doneLink.select()
})
wirePlayerForm(/** @type {HTMLFormElement} */ ($('player-form')), (player) => {
  announce(t('Welcome, {name}.', { name: player.name }))
  showPlayer()
})
document.addEventListener('player:change', showPlayer)
showPlayer()
