// The class pages' contracts (site/static/js/classes/): what the server answers them (the bodies of
// functions/routes/classes/models.py and functions/routes/lessons/models.py, in the API's own field
// names), the teacher's table and heatmap as the page sorts them, and the class page's controller and
// views (classes/ctrl.js: the state; each view draws one part of the page from it).

// ---- the server's answers ---------------------------------------------------------------------------

/** A student in the class, to its teacher (the roster). */
export interface Student {
  id: string
  name: string
  joined: string
}

/** A student the teacher removed: refused a join until let back in. */
export interface RemovedStudent {
  id: string
  name: string
  removed: string
}

/** A lesson assigned to the class; `set`: a puzzle set drawn from the bundle, not an import. */
export interface AssignedLesson {
  id: string
  name: string
  count: number
  url: string
  assigned: string
  /** Due by the end of this day (YYYY-MM-DD, the site's zone), or none. */
  due: string | null
  set: boolean
}

/** GET /api/classes/<id> (and every teacher's change): the class as its teacher or a student sees it. */
export interface ClassOut {
  id: string
  name: string
  role: 'teacher' | 'student'
  open: boolean
  url: string
  /** To the teacher: the join link's address on this site. */
  join_url: string | null
  /** To a student: their name in the class. */
  you: string | null
  students: Student[]
  removed: RemovedStudent[]
  lessons: AssignedLesson[]
  most_students: number
  most_lessons: number
}

/** A class in GET /api/classes. */
export interface ClassSummary {
  id: string
  name: string
  url: string
  open: boolean
  created: string
}

/** GET /api/classes: the classes you teach (newest first) and those you are in. */
export interface Classes {
  teaching: ClassSummary[]
  joined: ClassSummary[]
  most: number
}

/** POST /api/classes/<id>/students: the class joined (`joined` false: in it already). */
export interface Joined {
  id: string
  name: string
  url: string
  joined: boolean
}

/** One of your lessons in GET /api/lessons (what the teacher may assign). */
export interface LessonSummary {
  id: string
  url: string
  name: string
  count: number
  created: string
}

/** GET /api/lessons. */
export interface MyLessons {
  lessons: LessonSummary[]
}

/** POST /api/classes/<id>/sets: a set asked for (themes' keys, a rating range, how many, a due date). */
export interface SetAsked {
  themes: string[]
  low: number
  high: number
  count: number
  due?: string
}

/** A lesson due in GET /api/classes/due (the home page's card). */
export interface DueItem {
  class_id: string
  class_name: string
  class_url: string
  lesson_id: string
  lesson: string
  url: string
  count: number
  due: string
}

/** GET /api/classes/due. */
export interface DueList {
  due: DueItem[]
}

// ---- the teacher's table: students × puzzles of one assigned lesson ------------------------------

/** A result in the table's words: solved first try, with help, the solution shown, not started. */
export type Outcome = 'clean' | 'helped' | 'shown' | 'none'

/** One student's result on one puzzle. */
export interface Cell {
  outcome: Outcome
  seconds: number | null
  mistakes: number
  hints: number
  /** Played on an earlier version of a puzzle the teacher has changed since. */
  earlier: boolean
  /** Answered in a live session of the class (docs/live.md). */
  live?: boolean
}

/** A student's row: a cell per puzzle, and when the work was done (every puzzle solved). */
export interface Row {
  id: string
  name: string
  results: Cell[]
  /** When the last puzzle was played, every puzzle solved (UTC), or null. */
  done: string | null
  /** The site day of `done`. */
  done_day: string | null
  /** Done after the end of the due day. */
  late: boolean
}

/** A puzzle's column. */
export interface PuzzleHead {
  index: number
  title: string
}

/** GET /api/classes/<id>/lessons/<lesson id>/results: to the teacher every student, to a student their row. */
export interface Table {
  class_id: string
  lesson_id: string
  lesson: string
  url: string
  due: string | null
  puzzles: PuzzleHead[]
  students: Row[]
}

/** What the table's rows sort by: a column's name, or a puzzle's 1-based index. */
export type TableKey = 'name' | 'solved' | 'time' | 'due' | number

/** A puzzle's column head: its whole label, and what the head shows (cut short, told apart). */
export interface ColumnHead {
  index: number
  label: string
  shown: string
}

/** A student's work against a due date, in words ('none': no due date). */
export interface WorkMark {
  mark: 'on-time' | 'late' | 'shown' | 'open' | 'not-done' | 'none'
  short: string
  words: string
}

/** Where a due date stands on a day. */
export interface DueState {
  state: 'overdue' | 'today' | 'tomorrow' | 'upcoming'
  words: string
  /** The day alone in words: "today", "tomorrow, Thursday 3 December", "yesterday, …", or the day. */
  when: string
}

// ---- the heatmap: students × themes ------------------------------------------------------------------

/** A student's puzzles of a theme over the span (or the class's): played, first try, that share in %. */
export interface HeatCell {
  played: number
  first: number
  first_rate: number | null
}

/** A theme's column, with the class's figures. */
export interface HeatColumn extends HeatCell {
  theme: string
  name: string
}

/** A student's row: every puzzle of the span, and a cell per column. */
export interface HeatRow extends HeatCell {
  id: string
  name: string
  cells: HeatCell[]
}

/** GET /api/classes/<id>/progress?days=. */
export interface Heatmap {
  class_id: string
  days: number
  from: string
  to: string
  min_plays: number
  themes: HeatColumn[]
  students: HeatRow[]
}

/** What the heatmap's rows sort by: the name, every puzzle, or a theme column's 0-based index. */
export type HeatKey = 'name' | 'all' | number

/** A table's order: by which column, and reversed or not. */
export interface Sort<K> {
  key: K
  descending: boolean
}

// ---- a student's dashboard and history, to their teacher (classes/viewed.js) ----------------------

/** Who is viewed, as the class names them: their name there and the class's (either may be unknown). */
export interface ViewedWho {
  name?: string
  className?: string
}

/** The student the dashboard or history page shows their teacher (?class=<id>&student=<id>). */
export interface Viewed {
  classId: string
  studentId: string
  /** Both ids have their shape (a malformed one still reads, to answer 404 in the server's words). */
  wellFormed: boolean
  dashboardPath(days: number): string
  historyPath(query: string): string
  page(name: string): string
  classPage: string
  assignPage(theme: string): string
  /** The student's and the class's names, from the class (nothing when it can't be read). */
  describe(): Promise<ViewedWho>
}

// ---- the class page: its controller and views ---------------------------------------------------------

/** What a call to /api answers (lib/api.js call): the status (0: no connection) and the JSON body. */
export interface ClassAnswer {
  status: number
  data: unknown
}

/** What the controller sends with a call. */
export interface ClassCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
}

/** lib/api.js's call, as the controller uses it (a test's stand-in answers it). */
export type ClassCall = (path: string, options?: ClassCallOptions) => Promise<ClassAnswer>

/** A GET of text (the heatmap's CSV): the status, the text, and a refusal's JSON body. */
export interface TextAnswer {
  status: number
  text: string
  data: unknown
}

/** The parts of the class page a view draws; the controller names those that changed. */
export type ClassPart =
  | 'page' | 'join' | 'students' | 'removed' | 'lessons' | 'assign' | 'themes' | 'set' | 'table' | 'progress'

/** What the page shows: a notice (the class won't open, or the student left) or the class. */
export type ClassPage =
  | { kind: 'loading' }
  | { kind: 'notice', title: string, text: string }
  | { kind: 'class' }

/** What the controller asks of the page's view. */
export interface ClassUi {
  /** Draw these parts again from the controller. */
  redraw(...parts: ClassPart[]): void
  /** Say `text` to screen readers. */
  announce(text: string): void
}

/** An intent's outcome, for the view to put the focus or the error where it belongs. */
export type Done = { ok: true } | { ok: false, error: string }

/** A set form's fields as typed (the view reads them; the controller checks them). */
export interface SetForm {
  themes: string[]
  low: string
  high: string
  count: string
  due: string
}

/** A set form refused before it was sent: the words, and the field to put the focus on. */
export type SetDone = Done | { ok: false, error: string, field: 'set-low' | 'set-high' | 'set-count' }

/** A student's own results on an assigned lesson, as their page reads them (or why they couldn't be). */
export type OwnResults = { row: Row, table: Table } | { error: string }

/** A due date's line under a lesson: its words, its state (for its colour), and whether it shows. */
export interface DueLine {
  text: string
  state: string
  hidden: boolean
}

/** What the controller needs from outside: the class's id, the API, today, the player and the themes. */
export interface ClassDeps {
  id: string
  ui: ClassUi
  call: ClassCall
  getText: (path: string) => Promise<TextAnswer>
  today: () => string
  signedIn: () => boolean
  themeNames: () => Promise<Record<string, string>>
}
