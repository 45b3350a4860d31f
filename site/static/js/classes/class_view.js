/**
 * The class page's one view (ClassView): the page itself (the class, or a notice when it won't
 * open), its name and lede, and the views of its parts, each drawn again when the controller says
 * its part changed (`redraw(...parts)`). It writes no storage and calls no API: the controller does.
 */
import { announce } from '../lib/dom.js'
import { fillNotice, showOnly } from '../lib/views.js'
import { t } from '../lib/i18n.js'
import { AssignView } from './assign_view.js'
import { JoinView } from './join_view.js'
import { LeaveView } from './leave_view.js'
import { LessonsView } from './lessons_view.js'
import { element } from './page.js'
import { ProgressView } from './progress_view.js'
import { ResultsView } from './results_view.js'
import { StudentsView } from './students_view.js'

/** @import { ClassCtrl } from './ctrl.js' */
/** @import { ClassPart } from '../classes_types.js' */

const PAGES = ['class-view', 'class-notice']

export class ClassView {
  /** @param {ClassCtrl} ctrl */
  constructor(ctrl) {
    this.ctrl = ctrl
    this.name = element('class-name', HTMLElement)
    this.lede = element('class-lede', HTMLElement)
    this.teacherView = element('teacher-view', HTMLElement)
    this.liveBox = element('live-box', HTMLElement)
    this.liveJoin = element('live-join', HTMLAnchorElement)
    this.join = new JoinView(ctrl)
    this.students = new StudentsView(ctrl)
    this.assign = new AssignView(ctrl)
    this.lessons = new LessonsView(ctrl)
    this.results = new ResultsView(ctrl)
    this.progress = new ProgressView(ctrl, (column) => this.assign.assignTheme(column))
    this.leave = new LeaveView(ctrl)
  }

  /** Draw `parts` again from the controller. @param {...ClassPart} parts */
  redraw(...parts) {
    for (const part of parts) this.draw(part)
  }

  /** @param {string} text */
  announce(text) {
    announce(text)
  }

  /** @param {ClassPart} part */
  draw(part) {
    const { ctrl } = this
    if (part === 'page') return this.drawPage()
    if (!ctrl.klass || ctrl.page.kind !== 'class') return
    if (part === 'lessons') {
      this.lessons.draw()
      this.lede.textContent = ctrl.lede()
    } else if (part === 'students') {
      this.students.draw()
      this.lede.textContent = ctrl.lede()
    } else if (part === 'removed') {
      if (ctrl.teacher) this.students.drawRemoved()
    } else if (part === 'join') {
      if (ctrl.teacher) this.join.draw()
    } else if (part === 'assign') {
      this.assign.draw()
    } else if (part === 'themes') {
      this.assign.drawThemes()
    } else if (part === 'set') {
      this.assign.drawSet()
    } else if (part === 'table') {
      this.results.draw()
    } else if (part === 'progress') {
      this.progress.draw()
    }
  }

  drawPage() {
    const { page } = this.ctrl
    if (page.kind === 'notice') {
      showOnly(PAGES, 'class-notice')
      fillNotice(page.title, page.text, page.title + ' · ' + t('Classes'))
      return
    }
    if (page.kind !== 'class') return
    const klass = this.ctrl.class
    showOnly(PAGES, 'class-view')
    document.title = klass.name + ' · ' + t('Classes')
    this.name.textContent = klass.name
    this.lede.textContent = this.ctrl.lede()
    this.teacherView.hidden = !this.ctrl.teacher
    this.liveBox.hidden = this.ctrl.teacher
    this.liveJoin.setAttribute('href', `/classes/live/?id=${encodeURIComponent(klass.id)}`)
    this.leave.draw(!this.ctrl.teacher)
  }
}
