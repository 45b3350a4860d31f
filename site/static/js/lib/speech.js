/**
 * What a live page says to a screen reader (lib/dom.js `announce`, the polite #announcer), gathered
 * over a frame: a live page hears several changes at once (a racer joined and the countdown began,
 * in one message), and the live region reads only its last text, so what is said together is said
 * as one.
 */
import { announce } from './dom.js'

export class Speech {
  constructor() {
    /** @type {string[]} */
    this.words = []
    this.frame = 0
  }

  /** Say `text` with whatever else is said this frame. @param {string} text */
  say(text) {
    if (!text) return
    this.words.push(text)
    if (this.frame) return
    this.frame = requestAnimationFrame(() => {
      this.frame = 0
      const said = this.words.join(' ')
      this.words = []
      announce(said)
    })
  }
}
