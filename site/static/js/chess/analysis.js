/**
 * The analysis view's entry (play.js imports it when a finished puzzle's analysis is asked for):
 * the engine (engine.js, its worker named by the page: #analysis-view's data-engine), the
 * controller and the view, made for one puzzle's record. Nothing here loads before that.
 */
import { Engine } from './engine.js'
import { AnalysisCtrl } from './analysis_ctrl.js'
import { AnalysisView } from './analysis_view.js'
import { $ } from '../lib/dom.js'
/** @import { PuzzleRecord } from '../chess_types.js' */

const view = new AnalysisView()

/**
 * Open the analysis of `rec` (a finished puzzle's record); `back` is the puzzle's address. Answers what play.js stops on leaving.
 * @param {PuzzleRecord} rec
 * @param {string} back
 */
export function openAnalysisOf(rec, back) {
  const engine = new Engine(/** @type {string} */ ($('analysis-view').dataset.engine)) // the page names its worker
  const ctrl = new AnalysisCtrl({ rec, ui: view, engine })
  view.open(ctrl, back)
  ctrl.start()
  return {
    stop() {
      ctrl.stop()
      view.close()
    },
  }
}
