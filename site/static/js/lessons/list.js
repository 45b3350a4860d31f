/**
 * The Lessons page (/lessons/): a teacher's lessons with their links and results.
 *
 * GET /api/lessons (newest first); each lesson's results, GET /api/lessons/<id>/results,
 * open in a table under it; Delete asks once more. Names and titles are shown
 * with textContent.
 */
import { call, getPlayer, reason } from '../lib/api.js'
import { el, $, announce } from '../lib/dom.js'
import { plural, shortDate, copyText } from './dom.js'
import { wirePlayerForm } from '../lib/player_form.js'
import { keepTableRoles } from '../lib/tables.js'
/** @import { Answer } from '../answer_types.js' */
/** @import { EngineChecked, Mine, PuzzleCounts, Results, Summary } from '../api_types.js' */

/** @param {Summary} lesson */
function lessonItem(lesson) {
  const link = new URL(lesson.url, location.origin).href
  const resultsId = `results-${lesson.id}`
  const resultsButton = el('button', { class: 'button', type: 'button', 'aria-expanded': 'false', 'aria-controls': resultsId, text: 'Results' })
  const copyButton = el('button', { class: 'button', type: 'button', text: 'Copy link' })
  const deleteButton = el('button', { class: 'button button-quiet', type: 'button', text: 'Delete' })
  const editLink = el('a', { class: 'button', href: `/lessons/edit/?id=${encodeURIComponent(lesson.id)}`, text: 'Edit', 'aria-label': `Edit ${lesson.name}` })
  const question = el('p', { class: 'confirm-question', text: `Delete “${lesson.name}” and its results? Its link stops working.` })
  const yes = el('button', { class: 'button button-danger', type: 'button', dataset: { yes: '' }, text: 'Delete it' })
  const no = el('button', { class: 'button', type: 'button', dataset: { no: '' }, text: 'Keep it' })
  const confirm = el('div', { class: 'confirm', role: 'group', hidden: true, 'aria-label': `Delete ${lesson.name}?` },
    question, el('div', { class: 'confirm-actions' }, yes, no))
  const results = el('div', { class: 'lesson-results', id: resultsId, hidden: true })
  const item = el('li', { class: 'card lesson-item', dataset: { lesson: lesson.id } },
    el('h3', { class: 'lesson-item-title' }, el('a', { href: lesson.url, text: lesson.name })),
    el('p', { class: 'muted', text: `${plural(lesson.count, 'puzzle')} · imported ${shortDate(lesson.created)}` }),
    el('p', { class: 'lesson-item-link' }, el('span', { class: 'visually-hidden', text: 'Link: ' }), el('code', { text: link })),
    el('div', { class: 'lesson-item-actions' }, copyButton, resultsButton, editLink, deleteButton),
    confirm, results)

  copyButton.addEventListener('click', async () => {
    const ok = await copyText(link)
    announce(ok ? 'Link copied.' : 'Copy the link from the page.')
  })
  resultsButton.addEventListener('click', async () => {
    const open = resultsButton.getAttribute('aria-expanded') === 'true'
    resultsButton.setAttribute('aria-expanded', String(!open))
    results.hidden = open
    if (!open) await fillResults(lesson, results)
  })
  deleteButton.addEventListener('click', () => {
    confirm.hidden = false
    no.focus()
  })
  no.addEventListener('click', () => {
    confirm.hidden = true
    deleteButton.focus()
  })
  yes.addEventListener('click', async () => {
    const answer = await call(`/lessons/${lesson.id}`, { method: 'DELETE' })
    if (answer.status === 200) {
      item.remove()
      announce(`Deleted ${lesson.name}.`)
      if (!$('lesson-list').children.length) showEmpty(true)
      $('lessons-heading').focus()
    } else {
      question.textContent = reason(answer)
    }
  })
  return item
}

/**
 * @param {Summary} lesson
 * @param {HTMLElement} box
 */
async function fillResults(lesson, box) {
  box.replaceChildren(el('p', { class: 'muted', text: 'Loading results…' }))
  const answer = /** @type {Answer<Results>} */ (await call(`/lessons/${lesson.id}/results`))
  if (answer.status !== 200 || !answer.data) {
    box.replaceChildren(el('p', { class: 'form-error', text: reason(answer) }))
    return
  }
  // Each figure carries its column's name for the phone layout (.table-stack).
  const rows = answer.data.puzzles.map((p) => el('tr', {},
    el('th', { scope: 'row', text: p.title ? `${p.index}. ${p.title}` : `Puzzle ${p.index}` }),
    el('td', { text: String(p.played), 'data-label': 'Played' }),
    el('td', { text: String(p.solved), 'data-label': 'Solved' }),
    el('td', { text: String(p.clean), 'data-label': 'Cleanly' })))
  box.replaceChildren(
    keepTableRoles(el('table', { class: 'guide-table results-table table-stack', 'data-reflow': true },
      el('caption', { text: `Results for ${lesson.name}` }),
      el('thead', {}, el('tr', {},
        el('th', { scope: 'col', text: 'Puzzle' }), el('th', { scope: 'col', text: 'Played' }),
        el('th', { scope: 'col', text: 'Solved' }), el('th', { scope: 'col', text: 'Solved cleanly' }))),
      el('tbody', {}, ...rows))),
    el('p', { class: 'muted', text: 'Each student counts once per puzzle. Cleanly: no wrong move and no hint.' }),
    engineBox(answer.data.engine, answer.data.puzzles))
}

/**
 * The engine's findings kept with the lesson (its teacher's only: students never see them).
 * @param {EngineChecked} engine
 * @param {PuzzleCounts[]} puzzles
 */
function engineBox(engine, puzzles) {
  const box = el('div', { class: 'lesson-engine', dataset: { engineKept: engine.checked ? String(engine.findings.length) : 'none' } },
    el('h4', { class: 'lesson-engine-title', text: 'The engine’s check' }))
  if (!engine.checked) {
    box.append(el('p', { class: 'muted', text: 'No check kept: the engine checks a lesson in your browser as you import or edit it.' }))
    return box
  }
  const when = `Checked ${shortDate(engine.checked)}${engine.current ? '' : ', before the lesson’s last edit'}`
  if (!engine.findings.length) {
    box.append(el('p', { class: 'muted', text: `${when}: nothing to warn about.` }))
    return box
  }
  const titles = new Map(puzzles.map((p) => [p.index, p.title ? `${p.index}. ${p.title}` : `Puzzle ${p.index}`]))
  box.append(
    el('p', { class: 'muted', text: `${when}: ${plural(engine.findings.length, 'warning')}. They are the engine’s warnings; students never see them.` }),
    el('ul', { class: 'engine-findings' }, ...engine.findings.map((f) => el('li', { class: 'engine-finding', dataset: { kind: f.kind, puzzle: String(f.puzzle) } },
      el('span', { class: 'engine-finding-kind', text: titles.get(f.puzzle) || `Puzzle ${f.puzzle}` }), ' — ', el('span', { text: f.words })))))
  return box
}

/** @param {boolean} empty */
function showEmpty(empty) {
  $('lessons-empty').hidden = !empty
}

async function load() {
  const player = getPlayer()
  $('lessons-player').hidden = Boolean(player)
  $('lessons-mine').hidden = !player
  if (!player) return
  $('lessons-status').textContent = 'Loading your lessons…'
  const answer = /** @type {Answer<Mine>} */ (await call('/lessons'))
  if (answer.status !== 200 || !answer.data) {
    $('lessons-status').textContent = reason(answer)
    return
  }
  $('lessons-status').textContent = ''
  const list = $('lesson-list')
  list.replaceChildren(...answer.data.lessons.map(lessonItem))
  showEmpty(!answer.data.lessons.length)
}

wirePlayerForm(/** @type {HTMLFormElement} */ ($('player-form')), (player) => {
  announce(`Welcome, ${player.name}.`)
  load()
})
document.addEventListener('player:change', () => load())
load()
