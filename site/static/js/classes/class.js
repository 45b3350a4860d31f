/**
 * A class's page (/classes/class/?id=<class>): its controller (ctrl.js: the state and every intent)
 * and its view (class_view.js, which holds a view for each part of the page). To its teacher: the join
 * link, the students, the heatmap of their puzzles by theme, assigning lessons and sets, due dates and
 * each lesson's students × puzzles table; to a student: the class's lessons, their own results, what
 * is due, and leaving. docs/classes.md; docs/site.md, "Browser modules".
 *
 * ?assign=<theme> (from a student's dashboard, "Assign a set") opens the page with the set form
 * holding that theme.
 */
import { call, getPlayer } from '../lib/api.js'
import { playerDay } from '../lib/dates.js'
import { ClassCtrl, getText } from './ctrl.js'
import { ClassView } from './class_view.js'

/** The page's controller and view, each knowing the other. @param {URLSearchParams} params */
function makePage(params) {
  /** @type {ClassView | null} */
  let view = null
  const ctrl = new ClassCtrl({
    id: params.get('id') || '',
    ui: { redraw: (...parts) => view?.redraw(...parts), announce: (text) => view?.announce(text) },
    call,
    getText,
    today: () => playerDay(),
    signedIn: () => Boolean(getPlayer()),
    themeNames: () => import('../chess/theme_names.js').then((names) => names.THEME_NAMES),
  })
  view = new ClassView(ctrl)
  return { ctrl, view }
}

/** Open the class; with ?assign=<theme>, the set form then holds that theme. */
async function open() {
  const params = new URLSearchParams(location.search)
  const { ctrl, view } = makePage(params)
  document.addEventListener('player:change', () => ctrl.load())
  await ctrl.load()
  const theme = params.get('assign')
  if (theme && ctrl.teacher) await view.assign.assignTheme({ theme })
}

open()
