/**
 * The variations a teacher keeps as refutations on the import page (issue 40, part 1). The engine's
 * check (engine_check.js) finds a PGN variation of the student's move, not marked worse, clearly worse
 * than the line's move; beside that finding the page offers "Keep …Ra2 as a refutation", in SAN, the
 * teacher's choice. The import sends the choices (`refute=<game>:<move>:<SAN>`, once each), and the
 * server keeps each as a refutation exactly as one the PGN marks `?`, refusing any choice not of a
 * variation in the PGN at that move (puzzlebook/lessons/kept_variations.py; docs/lessons.md).
 *
 * The choices belong to the text they were made on: a check of another text forgets them.
 */
import { t } from '../lib/i18n.js'
import { el } from '../lib/dom.js'
/** @import { Finding } from '../lesson_check_types.js' */

export class KeptRefutations {
  constructor() {
    /** @type {Set<string>} the choices, each as the query names it: "<game>:<move>:<SAN>" */
    this.chosen = new Set()
    /** @type {string | null} the text they were made on */
    this.text = null
  }

  /**
   * A check of `text`: the choices stay for the same text, and go for another.
   * @param {string} text
   */
  checking(text) {
    if (text !== this.text) this.chosen.clear()
    this.text = text
  }

  /**
   * The offer beside a finding of puzzle `puzzle` (the game's number), or null when it offers none:
   * a checkbox labelled with the variation in SAN, ticked when it was chosen before.
   * @param {number} puzzle
   * @param {Finding} finding
   * @returns {HTMLElement | null}
   */
  offer(puzzle, finding) {
    if (finding.kind !== 'variation' || !finding.refute || !finding.move) return null
    const key = `${puzzle}:${finding.move}:${finding.refute.san}`
    const box = el('input', { type: 'checkbox', class: 'engine-keep-box', dataset: { refute: key } })
    const input = /** @type {HTMLInputElement} */ (box)
    input.checked = this.chosen.has(key)
    input.addEventListener('change', () => {
      if (input.checked) this.chosen.add(key)
      else this.chosen.delete(key)
    })
    return el('label', { class: 'engine-keep' }, box, ' ' + t('Keep {move} as a refutation', { move: finding.refute.named }))
  }

  /** The choices to send with the import, as the query's `refute` values. */
  values() {
    return [...this.chosen].sort()
  }
}
