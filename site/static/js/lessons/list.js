/**
 * The Lessons page (/lessons/): a teacher's lessons with their links and results.
 *
 * GET /api/lessons (newest first); each lesson's results, GET /api/lessons/<id>/results,
 * open in a table under it; Delete asks once more. Names and titles are shown
 * with textContent.
 */
import { call, getPlayer, reason } from '../lib/api.js'
import { el, $, announce } from '../lib/dom.js'
import { shortDate, copyText } from './dom.js'
import { href, number, t, tn } from '../lib/i18n.js'
import { wirePlayerForm } from '../lib/player_form.js'
import { keepTableRoles } from '../lib/tables.js'
import { findingWords } from './finding_words.js'
/** @import { Answer } from '../answer_types.js' */
/** @import { EngineChecked, Mine, PuzzleCounts, Results, Summary } from '../api_types.js' */

/** @param {Summary} lesson */
function lessonItem(lesson) {
  const link = new URL(href(lesson.url), location.origin).href
  const resultsId = `results-${lesson.id}`
  const resultsButton = el('button', { class: 'button', type: 'button', 'aria-expanded': 'false', 'aria-controls': resultsId, text: t('Results') })
  const copyButton = el('button', { class: 'button', type: 'button', text: t('Copy link') })
  const deleteButton = el('button', { class: 'button button-quiet', type: 'button', text: t('Delete') })
  const editLink = el('a', { class: 'button', href: href(`/lessons/edit/?id=${encodeURIComponent(lesson.id)}`), text: t('Edit'), 'aria-label': t('Edit {name}', { name: lesson.name }) })
  const question = el('p', { class: 'confirm-question', text: t('Delete “{name}” and its results? Its link stops working.', { name: lesson.name }) })
  const yes = el('button', { class: 'button button-danger', type: 'button', dataset: { yes: '' }, text: t('Delete it') })
  const no = el('button', { class: 'button', type: 'button', dataset: { no: '' }, text: t('Keep it') })
  const confirm = el('div', { class: 'confirm', role: 'group', hidden: true, 'aria-label': t('Delete {name}?', { name: lesson.name }) },
    question, el('div', { class: 'confirm-actions' }, yes, no))
  const results = el('div', { class: 'lesson-results', id: resultsId, hidden: true })
  const count = tn('{n} puzzle', '{n} puzzles', lesson.count)
  const imported = t('imported {day}', { day: shortDate(lesson.created) })
  const item = el('li', { class: 'card lesson-item', dataset: { lesson: lesson.id } },
    el('h3', { class: 'lesson-item-title' }, el('a', { href: href(lesson.url), text: lesson.name })),
    el('p', { class: 'muted', text: count + ' · ' + imported }),
    el('p', { class: 'lesson-item-link' }, el('span', { class: 'visually-hidden', text: t('Link:') + ' ' }), el('code', { text: link })),
    el('div', { class: 'lesson-item-actions' }, copyButton, resultsButton, editLink, deleteButton),
    confirm, results)

  copyButton.addEventListener('click', async () => {
    const ok = await copyText(link)
    announce(ok ? t('Link copied.') : t('Copy the link from the page.'))
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
  box.replaceChildren(el('p', { class: 'muted', text: t('Loading results…') }))
  const answer = /** @type {Answer<Results>} */ (await call(`/lessons/${lesson.id}/results`))
  if (answer.status !== 200 || !answer.data) {
    box.replaceChildren(el('p', { class: 'form-error', text: reason(answer) }))
    return
  }
  // Each figure carries its column's name for the phone layout (.table-stack).
  const rows = answer.data.puzzles.map((p) => el('tr', {},
    el('th', { scope: 'row', text: p.title ? `${p.index}. ${p.title}` : t('Puzzle {n}', { n: number(p.index) }) }),
    el('td', { text: number(p.played), 'data-label': t('Played') }),
    el('td', { text: number(p.solved), 'data-label': t('Solved') }),
    el('td', { text: number(p.clean), 'data-label': t('Cleanly') })))
  box.replaceChildren(
    keepTableRoles(el('table', { class: 'guide-table results-table table-stack', 'data-reflow': true },
      el('caption', { text: t('Results for {name}', { name: lesson.name }) }),
      el('thead', {}, el('tr', {},
        el('th', { scope: 'col', text: t('Puzzle') }), el('th', { scope: 'col', text: t('Played') }),
        el('th', { scope: 'col', text: t('Solved') }), el('th', { scope: 'col', text: t('Solved cleanly') }))),
      el('tbody', {}, ...rows))),
    el('p', { class: 'muted', text: t('Each student counts once per puzzle. Cleanly: no wrong move and no hint.') }),
    engineBox(answer.data.engine, answer.data.puzzles))
}

/**
 * The engine's findings kept with the lesson (its teacher's only: students never see them).
 * @param {EngineChecked} engine
 * @param {PuzzleCounts[]} puzzles
 */
function engineBox(engine, puzzles) {
  const box = el('div', { class: 'lesson-engine', dataset: { engineKept: engine.checked ? String(engine.findings.length) : 'none' } },
    el('h4', { class: 'lesson-engine-title', text: t('The engine’s check') }))
  if (!engine.checked) {
    box.append(el('p', { class: 'muted', text: t('No check kept: the engine checks a lesson in your browser as you import or edit it.') }))
    return box
  }
  const when = engine.current ? t('Checked {day}', { day: shortDate(engine.checked) }) : t('Checked {day}, before the lesson’s last edit', { day: shortDate(engine.checked) })
  if (!engine.findings.length) {
    box.append(el('p', { class: 'muted', text: t('{when}: nothing to warn about.', { when }) }))
    return box
  }
  const titles = new Map(puzzles.map((p) => [p.index, p.title ? `${p.index}. ${p.title}` : t('Puzzle {n}', { n: number(p.index) })]))
  box.append(
    el('p', { class: 'muted', text: tn('{when}: {n} warning. They are the engine’s warnings; students never see them.', '{when}: {n} warnings. They are the engine’s warnings; students never see them.', engine.findings.length, { when }) }),
    el('ul', { class: 'engine-findings' }, ...engine.findings.map((f) => el('li', { class: 'engine-finding', dataset: { kind: f.kind, puzzle: String(f.puzzle) } },
      el('span', { class: 'engine-finding-kind', text: titles.get(f.puzzle) || t('Puzzle {n}', { n: number(f.puzzle) }) }), ' — ', el('span', { text: (f.said && findingWords(f.said)) || f.words })))))
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
  $('lessons-status').textContent = t('Loading your lessons…')
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
  announce(t('Welcome, {name}.', { name: player.name }))
  load()
})
document.addEventListener('player:change', () => load())
load()
