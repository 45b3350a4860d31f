/**
 * The join link, to the class's teacher: the link to copy, whether joining is open (and the button
 * that opens or closes it), and a new link, asked once more, which ends the old one.
 */
import { href, t } from '../lib/i18n.js'
import { announce } from '../lib/dom.js'
import { copyText } from '../lessons/dom.js'
import { element } from './page.js'

/** @import { ClassCtrl } from './ctrl.js' */

export class JoinView {
  /** @param {ClassCtrl} ctrl */
  constructor(ctrl) {
    this.ctrl = ctrl
    this.link = element('join-link', HTMLInputElement)
    this.state = element('join-state', HTMLElement)
    this.toggle = element('toggle-join', HTMLButtonElement)
    this.newLink = element('new-link', HTMLButtonElement)
    this.confirm = element('new-link-confirm', HTMLElement)
    this.yes = element('new-link-yes', HTMLButtonElement)
    this.no = element('new-link-no', HTMLButtonElement)
    element('copy-join', HTMLButtonElement).addEventListener('click', () => this.copy())
    this.toggle.addEventListener('click', async () => {
      const done = await ctrl.toggleJoin()
      if (!done.ok) this.state.textContent = done.error
    })
    this.newLink.addEventListener('click', () => this.ask(true))
    this.no.addEventListener('click', () => this.ask(false))
    this.yes.addEventListener('click', async () => {
      this.confirm.hidden = true
      const done = await ctrl.newLink()
      if (done.ok) {
        this.link.focus()
      } else {
        this.state.textContent = done.error
        this.newLink.focus()
      }
    })
  }

  draw() {
    const klass = this.ctrl.class
    if (!klass.join_url) return
    const words = this.ctrl.joinWords()
    this.link.value = new URL(href(klass.join_url), location.origin).href
    this.state.textContent = words.state
    this.toggle.textContent = words.toggle
  }

  async copy() {
    const ok = await copyText(this.link.value)
    if (!ok) this.link.select()
    announce(ok ? t('Join link copied.') : t('Copy the link from the box.'))
  }

  /** Ask "Make a new join link?" (`open`), or put the question away. @param {boolean} open */
  ask(open) {
    this.confirm.hidden = !open
    if (open) this.no.focus()
    else this.newLink.focus()
  }
}
