/**
 * Leaving, to a student of the class: what their teacher sees while they are in it, and Leave this
 * class, asked once more (the page then says they left).
 */
import { element } from './page.js'

/** @import { ClassCtrl } from './ctrl.js' */

export class LeaveView {
  /** @param {ClassCtrl} ctrl */
  constructor(ctrl) {
    this.box = element('leave-box', HTMLElement)
    const leave = element('leave', HTMLButtonElement)
    const confirm = element('leave-confirm', HTMLElement)
    const no = element('leave-no', HTMLButtonElement)
    const error = element('leave-error', HTMLElement)
    leave.addEventListener('click', () => {
      confirm.hidden = false
      no.focus()
    })
    no.addEventListener('click', () => {
      confirm.hidden = true
      leave.focus()
    })
    element('leave-yes', HTMLButtonElement).addEventListener('click', async () => {
      const done = await ctrl.leave()
      if (!done.ok) error.textContent = done.error
    })
  }

  /** Shown to a student only. @param {boolean} student */
  draw(student) {
    this.box.hidden = !student
  }
}
