/**
 * A daily game's stats panel, the view (docs/site.md, "Stats"): the sheet #stats-sheet (the
 * `stats_sheet` macro in templates/_macros.html), drawn only from the state lib/stats_panel.js
 * counted. The figures; then each distribution as a bar chart (lib/charts.js: an image named by a
 * one-line summary) with its numbers in a table behind it, which is what a screen reader reads.
 * It writes no storage and posts nothing.
 */
import { byIds, el, setText } from './dom.js'
import { barChart } from './charts.js'
import { openSheet } from './sheet.js'
import { LANG, number, t } from './i18n.js'
/** @import { Bar, Bucket, DayOutcome, StatsState } from '../stats_types.js' */

/** @type {Partial<Record<DayOutcome, string>>} */
const TONES = { clean: 'strong', missed: 'weak', shown: 'weak' }

/**
 * A chart's one-line summary: "How your days went: Clean, 3; Missed, 2." In the other languages one
 * message, its figures listed as the language lists them (Intl.ListFormat's unit list: no "and").
 * @param {string} title
 * @param {Bucket[]} rows
 */
function summaryOf(title, rows) {
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') {
    const items = rows.map((r) => t('{label} ({count})', { label: r.label, count: number(r.count) }))
    return t('{title}: {items}.', { title, items: new Intl.ListFormat(LANG, { type: 'unit' }).format(items) })
  }
  return `${title}: ${rows.map((r) => `${r.label}, ${r.count}`).join('; ')}.`
}

export class StatsView {
  constructor() {
    this.el = byIds('stats-sheet', 'stats-sheet-title', 'stats-source', 'stats-played', 'stats-solved',
      'stats-current', 'stats-best', 'stats-charts')
    /** @type {StatsState | null} */
    this.state = null
    this.width = 0
    // Charts are drawn at their box's width in pixels: drawn again when it changes (a phone turned).
    this.resize = new ResizeObserver(() => {
      if (this.state && this.el.statsCharts.clientWidth !== this.width) this.drawCharts()
    })
    this.resize.observe(this.el.statsCharts)
  }

  /**
   * Open the sheet for `name`, its figures empty until draw().
   * @param {string} name
   */
  open(name) {
    const els = this.el
    this.state = null
    setText(els.statsSheetTitle, t('{name}: your stats', { name }))
    setText(els.statsSource, t('Counting…'))
    for (const node of [els.statsPlayed, els.statsSolved, els.statsCurrent, els.statsBest]) setText(node, '–')
    els.statsCharts.replaceChildren()
    openSheet(els.statsSheet)
  }

  failed() {
    setText(this.el.statsSource, t('Your stats couldn’t be counted. Try again in a moment.'))
  }

  /**
   * Draw `state` (lib/stats_panel.js statsState).
   * @param {StatsState} state
   */
  draw(state) {
    const els = this.el
    this.state = state
    const where = {
      account: t('From your account, with anything played in this browser not posted yet.'),
      browser: t('From this browser: sign in to count every device.'),
      unreached: t('From this browser only: your account couldn’t be reached just now.'),
    }
    setText(els.statsSource, where[state.source])
    setText(els.statsPlayed, String(state.played))
    setText(els.statsSolved, state.solvedPct === null ? '–' : `${state.solvedPct}%`)
    setText(els.statsCurrent, String(state.current))
    setText(els.statsBest, String(state.best))
    this.drawCharts()
  }

  /** Draw the charts of the state drawn (only called once there is one). */
  drawCharts() {
    const { state, el: els } = /** @type {this & { state: StatsState }} */ (this)
    this.width = els.statsCharts.clientWidth
    const width = Math.max(200, this.width)
    const parts = []
    if (!state.played) {
      parts.push(el('p', { class: 'muted', text: t('Nothing played yet: your days show here once you finish a daily.') }))
    } else {
      // The outcomes the game names (chess: its results' one names, chess/result_names.js).
      const results = state.results.filter((r) => state.words[r.key])
        .map((r) => ({ label: /** @type {string} */ (state.words[r.key]), count: r.count, tone: TONES[r.key] }))
      parts.push(...this.distribution('stats-results', t('How your days went'), results, t('Days'), width))
      if (state.solved) parts.push(...this.distribution('stats-times', t('Time to solve'), state.times, t('Solves'), width))
      if (state.undos.length) parts.push(...this.distribution('stats-undos', t('Undos in a solve'), state.undos, t('Solves'), width))
    }
    els.statsCharts.replaceChildren(...parts)
  }

  /**
   * A heading, the bars of `rows` ({label, count, tone}) and the same numbers as a table.
   * @param {string} id
   * @param {string} title
   * @param {(Bucket & { tone?: string })[]} rows
   * @param {string} counted the table's head over the counts ("Days")
   * @param {number} width
   */
  distribution(id, title, rows, counted, width) {
    const most = Math.max(1, ...rows.map((r) => r.count))
    const summary = summaryOf(title, rows)
    /** @type {Bar[]} */
    const bars = rows.map((r) => ({ label: r.label, value: (100 * r.count) / most, note: String(r.count), tone: r.tone }))
    const table = el('table', { class: 'data-table' },
      el('caption', { class: 'visually-hidden', text: title }),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: title }), el('th', { scope: 'col', text: counted }))),
      el('tbody', {}, ...rows.map((r) => el('tr', {}, el('th', { scope: 'row', text: r.label }), el('td', { text: String(r.count) })))))
    return [
      el('h3', { class: 'stats-heading', id: `${id}-title`, text: title }),
      el('div', { class: 'chart-box' }, barChart(bars, summary, width)),
      el('details', { class: 'chart-table' }, el('summary', { text: t('{title} as a table', { title }) }), table),
    ]
  }
}

