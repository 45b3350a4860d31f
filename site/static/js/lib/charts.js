/**
 * Charts as inline SVG, drawn from figures a table beside them also holds (the table is what a
 * screen reader reads; the SVG is an image named by a one-line summary). No style attributes
 * (the CSP): every colour comes from a class in css/dashboard.css, so light and dark follow the page.
 *
 *   lineChart(points, summary, width)  points: [{label, value}] in order (a rating, result by result)
 *   barChart(rows, summary, width)     rows: [{label, value (0-100), note, tone}] (a share per theme)
 *
 * Each is drawn `width` pixels wide (its box's, measured by the page): one unit of the drawing is one
 * pixel, so its text is the size css/dashboard.css says at any width (a fixed 320-unit drawing
 * scaled to its box had 8 px text on a phone and 18 px on a laptop).
 */
/** @import { Bar, Point } from '../stats_types.js' */
const NS = 'http://www.w3.org/2000/svg'

/**
 * @param {string} name
 * @param {Record<string, string | number>} [attrs]
 * @param {string | null} [text]
 */
function el(name, attrs = {}, text = null) {
  const node = document.createElementNS(NS, name)
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value))
  if (text !== null) node.textContent = text
  return node
}

/**
 * @param {number} width
 * @param {number} height
 * @param {string} summary
 */
function frame(width, height, summary) {
  const svg = el('svg', {
    viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': summary, class: 'chart', focusable: 'false',
  })
  svg.append(el('title', {}, summary))
  return svg
}

/**
 * A line through `points` (at least one), its lowest and highest values and first and last labels marked.
 * @param {Point[]} points
 * @param {string} summary
 */
export function lineChart(points, summary, width = 320) {
  const height = 180
  const left = 44
  const right = 12
  const top = 14
  const bottom = 30
  const values = points.map((p) => p.value)
  let low = Math.min(...values)
  let high = Math.max(...values)
  if (high - low < 20) { low -= 10; high += 10 }
  /** @param {number} i */
  const x = (i) => left + (points.length === 1 ? (width - left - right) / 2 : (i * (width - left - right)) / (points.length - 1))
  /** @param {number} v */
  const y = (v) => top + ((high - v) * (height - top - bottom)) / (high - low)
  const svg = frame(width, height, summary)
  for (const v of [low, high]) {
    svg.append(el('line', { x1: left, x2: width - right, y1: y(v), y2: y(v), class: 'chart-grid' }))
    svg.append(el('text', { x: left - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'chart-text' }, String(Math.round(v))))
  }
  if (points.length > 1) {
    svg.append(el('polyline', { points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' '), class: 'chart-line' }))
  }
  // A dot a point while they are apart enough to see; a long line is the line alone, its ends marked.
  const apart = points.length < 2 || (width - left - right) / (points.length - 1) >= 6
  points.forEach((p, i) => {
    if (apart || i === 0 || i === points.length - 1) {
      svg.append(el('circle', { cx: x(i).toFixed(1), cy: y(p.value).toFixed(1), r: 3.5, class: 'chart-dot' }))
    }
  })
  const ends = points.length === 1 ? [0] : [0, points.length - 1]
  for (const i of ends) {
    const anchor = points.length === 1 ? 'middle' : (i === 0 ? 'start' : 'end')
    svg.append(el('text', { x: x(i), y: height - 8, 'text-anchor': anchor, class: 'chart-text' }, points[i].label))
  }
  return svg
}

/**
 * A bar a row: its label above, the bar's length its value (0-100), the note at its end.
 * @param {Bar[]} rows
 * @param {string} summary
 */
export function barChart(rows, summary, width = 320) {
  const row = 40
  const svg = frame(width, rows.length * row + 6, summary)
  rows.forEach((r, i) => {
    const top = i * row
    const length = Math.max(2, (Math.max(0, Math.min(100, r.value)) * (width - 4)) / 100)
    svg.append(el('text', { x: 2, y: top + 14, class: 'chart-text chart-label' }, r.label))
    svg.append(el('text', { x: width - 2, y: top + 14, 'text-anchor': 'end', class: 'chart-text' }, r.note))
    svg.append(el('rect', { x: 2, y: top + 20, width: width - 4, height: 12, rx: 3, class: 'chart-track' }))
    svg.append(el('rect', { x: 2, y: top + 20, width: length.toFixed(1), height: 12, rx: 3, class: `chart-bar${r.tone ? ` is-${r.tone}` : ''}` }))
  })
  return svg
}
