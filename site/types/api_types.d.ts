// The API's answers, from the OpenAPI document's schemas (the FastAPI models under functions/), by
// ops/api_types.py. Don't edit: change the model and run `python -m ops.api_types`.

export interface AlltimeBoard {
  band: string | null
  rows: CleanRow[]
  mine: CleanRow | null
  published: string | null
}

export interface BlockList {
  blocked: PlayerOut[]
}

/**
 * A row of a friends' or club's board: the place among them, the player, whether it is you, the
 * game's board columns (as its public daily board has them) and where the public board has it (null:
 * not on it, as a new account's result, which friends and clubs see at once).
 */
export interface BoardRow {
  place: number
  id: string
  name: string
  you: boolean
  columns: Record<string, unknown>
  public: Public | null
}

export interface Cell {
  /** Solved first try, solved with help, the solution shown (gone through, not solved), or not started. */
  outcome: "clean" | "helped" | "shown" | "none"
  seconds: number | null
  mistakes: number
  hints: number
  /** Played on an earlier version of a puzzle changed since. */
  earlier: boolean
  /** Answered in a live session of the class (docs/live.md). */
  live: boolean
}

/**
 * Options for the browser's navigator.credentials call (WebAuthn's JSON form, binary fields in
 * base64url), and the ticket to send back with its answer.
 */
export interface Ceremony {
  ticket: string
  options: Record<string, unknown>
}

export interface ChainDailyBoard {
  date: string
  rows: ChainDailyRow[]
  mine: ChainDailyRow | null
  published: string | null
  /** While the date is still someone's somewhere: when it ends everywhere (its midnight at UTC-12, ISO 8601 UTC), until which the board takes results. Null once it is final. */
  open_until: string | null
}

export interface ChainDailyRow {
  place: number | null
  name: string
  you: boolean
  about: boolean
  top: number | null
  undos: number
  resets: number
  seconds: number
  clean: boolean
}

/**
 * A Chain solve or give-up taken. already: an earlier result stands (kept: which); place and streak
 * for a solve posted on its own day. offline: it came without a ticket, so it counts for you alone
 * (in your tallies and streak, on no board).
 */
export interface ChainPosted {
  ok: true
  already: boolean
  kept: "solve" | "giveup" | null
  clean: boolean | null
  daily: string | null
  place: number | null
  about: boolean
  top: number | null
  streak: number | null
  freezes_used: number | null
  offline: boolean
}

/** A day's public puzzle, as its file daily/chain/<date>.json holds it (nothing of its answer). */
export interface ChainPuzzle {
  date: string
  level: string
  start: number
  target: number
  moves: number
  hand: Record<string, unknown>[]
}

export interface ChainTally {
  solved: number
  clean: number
  gave_up: number
}

/** What the import holds. `puzzles` are those without errors (with their `index`). */
export interface Checked {
  ok: boolean
  kind: "json" | "pgn" | null
  count: number
  errors: Problem[]
  warnings: Problem[]
  puzzles: Record<string, unknown>[]
}

/** A day's board for one band. mine: the caller's row when they have a place (even past the top 100). */
export interface ChessDailyBoard {
  date: string
  band: string
  rows: ChessDailyRow[]
  mine: ChessDailyRow | null
  published: string | null
  /** While the date is still someone's somewhere: when it ends everywhere (its midnight at UTC-12, ISO 8601 UTC), until which the board takes results. Null once it is final. */
  open_until: string | null
}

export interface ChessDailyRow {
  place: number | null
  name: string
  you: boolean
  about: boolean
  top: number | null
  mistakes: number
  hints: number
  seconds: number
  clean: boolean
}

/** A day's chess dailies, as the day's public file daily/chess/<date>.json holds them. */
export interface ChessDay {
  date: string
  bundle: number
  dailies: DailyPick[]
}

/**
 * A solve or miss taken. already: an earlier result for this puzzle stands and this one wasn't kept.
 * rating: the change, when this result was rated (the first result for the puzzle). place: on today's
 * board, for a daily posted on its day. offline: it came without a ticket, so it counts for you alone
 * (unrated, on no board).
 */
export interface ChessPosted {
  ok: true
  already: boolean
  rated: boolean
  clean: boolean | null
  mistakes: number | null
  rating: RatingChange | null
  daily: string | null
  place: number | null
  about: boolean
  top: number | null
  streak: number | null
  freezes_used: number | null
  offline: boolean
}

/** The player's review as kept: every card, and how many are due on the server's site day. */
export interface ChessReviewKept {
  cards: ReviewCardKept[]
  due_today: number
  today: string
}

/**
 * Your chess puzzles' first results: solved (cleanly, `clean`), and by the names the site gives
 * them: solved after a mistake, missed (a wrong move not solved since), solution shown.
 */
export interface ChessTally {
  solved: number
  clean: number
  missed: number
  after_mistake: number
  shown: number
}

/** Your word on the puzzle, as kept. */
export interface ChessVoted {
  id: string
  vote: "up" | "down" | null
  reason: "wrong-theme" | "several-moves" | "broken" | "other" | null
}

/**
 * A class as its teacher sees it (role "teacher": students, join link) or a student does (role
 * "student": only their own name, no other student, no join link).
 */
export interface ClassOut {
  id: string
  name: string
  role: "teacher" | "student"
  open: boolean
  url: string
  join_url: string | null
  /** A student's name in the class. */
  you: string | null
  students: StudentOut[]
  /** To the teacher: the students removed, who can't join again until let back. */
  removed: RemovedOut[]
  lessons: LessonOut[]
  most_students: number
  most_lessons: number
}

export interface ClassSummary {
  id: string
  name: string
  url: string
  open: boolean
  created: string
}

/** Your classes: those you teach (newest first) and those you are a student of. */
export interface Classes {
  teaching: ClassSummary[]
  joined: ClassSummary[]
  most: number
}

export interface ClassesJoined {
  id: string
  name: string
  url: string
  /** False when you were in the class already. */
  joined: boolean
}

export interface CleanRow {
  place: number | null
  name: string
  you: boolean
  about: boolean
  top: number | null
  clean: number
}

export interface ClubList {
  clubs: ClubSummary[]
  most: number
}

/**
 * A club, as each member sees it (its owner too): name, the join link, its members; whether you own
 * it, and the most members it may have.
 */
export interface ClubOut {
  id: string
  name: string
  owner: boolean
  join_link: string
  members: MemberOut[]
  most: number
  created: string
}

export interface ClubSummary {
  id: string
  name: string
  owner: boolean
}

export interface CodeSignedIn {
  id: string
  name: string
  token: string
  /** The player's recovery codes not yet spent. */
  codes_left: number
}

/** A new set of recovery codes, shown this once (only their hashes are kept). */
export interface CodesMade {
  codes: string[]
  made: string
}

/** How many of the player's recovery codes are left (0 and made null: never made). */
export interface CodesState {
  left: number
  count: number
  made: string | null
}

export interface Counted {
  counted: boolean
}

/** The stored lesson: its id and the link students open. */
export interface Created {
  id: string
  url: string
  name: string
  count: number
  warnings: Problem[]
}

/**
 * One band's daily; `row` is the puzzle as the bundle's shards hold it: [id, fen, moves (UCI,
 * space-separated), rating, themes (space-separated)] and, when the bundle knows it, the source
 * game ("<Lichess game id>#<ply>"); null when the bundle no longer has it.
 */
export interface DailyPick {
  band: string
  id: string
  rating: number
  row: [string, string, string, number, string] | [string, string, string, number, string, string] | null
}

/**
 * Your own days of a daily game from `since` to `today` (the site day), one result a day, oldest
 * first, and your streak (its best too): what the game's stats panel counts, merged with the
 * browser's own records (docs/site.md, "Stats").
 */
export interface DailyStats {
  game: string
  since: string
  today: string
  days: StatsDay[]
  streak: StreakInfo
}

/**
 * The dashboard of the `days` days from `from` to `to` (site days, both included): puzzles played,
 * solved first try, the performance over all (null: none played); every theme played at least five
 * times, weakest first; the weakest (at most 8) and strongest (at most 8); the rating by day.
 */
export interface Dashboard {
  days: number
  from: string
  to: string
  played: number
  first: number
  first_rate: number | null
  performance: number | null
  themes: ThemeFigures[]
  weak: ThemeFigures[]
  strong: ThemeFigures[]
  ratings: RatingPoint[]
}

/**
 * A day's board of one daily game: its rows; of the people on it, how many there are and how many
 * played; who hasn't yet.
 */
export interface DayBoardOut {
  game: string
  date: string
  band: string | null
  rows: BoardRow[]
  people: number
  played: number
  waiting: Waiting[]
}

export interface Deleted {
  ok: true
}

export interface Done {
  ok: boolean
}

/** An assigned lesson with a due date that you haven't gone through yet (a puzzle with no result). */
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

/** Your assigned lessons with a due date that you haven't done yet, soonest due first. */
export interface DueList {
  due: DueItem[]
}

/**
 * The engine's findings last kept on the lesson; `current` is false once the lesson was edited
 * since (they were about an earlier version). None kept: `checked` is null and no findings.
 */
export interface EngineChecked {
  version: number | null
  current: boolean
  checked: string | null
  findings: Finding[]
}

/** Every error: what was wrong, in plain words in the request's language, and its code. */
export interface ErrorBody {
  /** What was wrong, in plain words, in the language Accept-Language asks for (English when the site has none of them). */
  error: string
  /** The error's stable name, the same in every language (docs/api.md, "Errors"): what a client acts on. */
  code: string
}

/**
 * One of the engine's warnings on a puzzle (site/static/js/lessons/engine_check.js): what kind,
 * its plain words as the teacher saw them (in their page's language), and the same said as a code
 * and values (absent on findings kept before there were codes: their words are shown).
 */
export interface Finding {
  /** The puzzle (1-based) it is about. */
  puzzle: number
  kind: "loses" | "also" | "unwon" | "reply" | "refutation" | "variation"
  words: string
  said: Said | null
}

export interface FollowList {
  follows: PlayerOut[]
  most: number
}

/**
 * Your follow code (as read aloud) and the link that offers to follow you, whether you allow being
 * followed, how many you follow and the most you may.
 */
export interface FollowState {
  code: string
  link: string
  allowed: boolean
  following: number
  most: number
}

/** Whom the code found (and whether you followed them now or already did). */
export interface Followed {
  player: PlayerOut
  already: boolean
}

/** Who follows you, newest first; `more` when there are more than these. */
export interface FollowerList {
  followers: PlayerOut[]
  more: boolean
}

/**
 * A friend streak: with whom, its length on the pair's `today`, freezes used and held, whether you
 * both played today, and both players' days (to count it again after your own result of today).
 */
export interface FriendStreakOut {
  player: PlayerOut
  streak: number
  freezes_used: number
  freezes_held: number
  both_today: boolean
  today: string
  mine: PlayedOut
  theirs: PlayedOut
}

export interface FriendStreaks {
  streaks: FriendStreakOut[]
}

/**
 * A friends' board of a day, and your friend streaks with those on it who follow you back (the
 * result sheet shows both from this one answer).
 */
export interface FriendsBoardOut {
  game: string
  date: string
  band: string | null
  rows: BoardRow[]
  people: number
  played: number
  waiting: Waiting[]
  streaks: FriendStreakOut[]
}

/** Healthy: the bundle's version and the last stored Chain day (tomorrow or later). */
export interface Health {
  ok: true
  bundle: number
  last_chain_day: string
  today: string
}

/**
 * A student's puzzles of one theme over the span (or the class's, heading a column): played,
 * solved first try, and that share in whole per cent (null: none played).
 */
export interface HeatCell {
  played: number
  first: number
  first_rate: number | null
}

/** A theme the class played at least `min_plays` times over the span, with the class's figures. */
export interface HeatColumn {
  played: number
  first: number
  first_rate: number | null
  theme: string
  /** The theme in words, as the themes page names it. */
  name: string
}

/** A student: their figures over every puzzle of the span, and a cell per column, in order. */
export interface HeatRow {
  played: number
  first: number
  first_rate: number | null
  id: string
  name: string
  cells: HeatCell[]
}

/**
 * Students × themes of the `days` days from `from` to `to` (site days, both included): the
 * columns weakest first (the class's first-try share, lowest first), a row per student by join.
 */
export interface Heatmap {
  class_id: string
  days: number
  from: string
  to: string
  min_plays: number
  themes: HeatColumn[]
  students: HeatRow[]
}

/**
 * A puzzle played: its id, band, Lichess rating and themes; the first result as the player reads
 * it (clean, help: solved with a hint, mistake: solved after a mistake, missed: a wrong move not
 * solved since, shown: Show solution); the site day and UTC stamp it was posted; the player's
 * rating before and after it and the change (null when not rated).
 */
export interface HistoryLine {
  id: string
  band: string
  rating: number
  themes: string[]
  result: "clean" | "help" | "mistake" | "missed" | "shown"
  day: string
  posted: string
  before: number | null
  after: number | null
  change: number | null
}

/** A page of the history, newest first; `next`: the cursor of the next page (null: none). */
export interface HistoryPage {
  lines: HistoryLine[]
  next: string | null
}

/**
 * What the home page shows of yours: `chess` as GET /api/me/chess/<date> answers it for `day`
 * (null without one, or for a day not out yet or without dailies: the rest is answered all the
 * same), `due` as GET /api/classes/due, `invites` as GET /api/me/invites, `review` as GET
 * /api/chess/review.
 */
export interface Home {
  chess: MyChessDay | null
  due: DueItem[]
  invites: InviteOut[]
  review: ChessReviewKept
}

/** Your invites to races that still take you, newest first (a few at most). */
export interface InviteList {
  invites: InviteOut[]
}

/** An invite to a race: the race's id and link, who sent it (their name), when (UTC). */
export interface InviteOut {
  race: string
  link: string
  name: string
  made: string
}

/** The invite: to whom, and whether it was there already (one a race for each player, from anyone). */
export interface InviteSent {
  to: string
  already: boolean
}

/** The language kept as yours. */
export interface LanguageKept {
  language: string
}

/**
 * The lesson after an edit: the same id and link; `changed` lists the puzzles (1-based) whose play
 * changed, whose earlier results are now marked as on an earlier version.
 */
export interface LessonEdited {
  id: string
  url: string
  name: string
  count: number
  version: number
  changed: number[]
  warnings: Problem[]
}

export interface LessonOut {
  id: string
  name: string
  count: number
  url: string
  assigned: string
  /** Due by the end of this day in the site's zone. */
  due: string | null
  /** A puzzle set drawn from the bundle, not an import. */
  set: boolean
}

/** The account page: the seed's account line, ratings with RD, and streaks per game. */
export interface Me {
  id: string
  name: string
  created: string
  line: string
  chain_line: string
  ratings: Record<string, RatingInfo | null>
  streaks: Record<string, StreakInfo>
  chess: ChessTally
  chain: ChainTally
  /** The language you chose to keep (a code of the site's), or null: none chosen yet. */
  language: string | null
}

export interface MemberOut {
  id: string
  name: string
  joined: string
  owner: boolean
}

export interface Mine {
  lessons: Summary[]
}

/**
 * Your own result for a Chain day, as the server keeps it: `kept` a solve or a give-up, or null
 * when you have none; a solve's `played` (hand indices in the order played), seconds, undos, resets
 * and whether it was clean; whether it went on the day's board, and when it was posted. `streak`
 * and `freezes_used`: your Chain streak as it stands today. A page on any device shows a signed-in
 * player's day from this (docs/site.md, "The same day on every device").
 */
export interface MyChainResult {
  date: string
  kept: "solve" | "giveup" | null
  played: number[] | null
  seconds: number | null
  undos: number | null
  resets: number | null
  clean: boolean | null
  on_board: boolean
  offline: boolean
  posted: string | null
  streak: number
  freezes_used: number
}

/**
 * Your own results for a day's chess dailies, whatever device they came from, and your daily
 * streak as it stands today (`freezes_used` within it). A page on any device shows a signed-in
 * player's day from this (docs/site.md, "The same day on every device").
 */
export interface MyChessDay {
  date: string
  dailies: MyDaily[]
  streak: number
  freezes_used: number
}

/**
 * One band's daily of the day and what you have kept of it (each null when none). Both may be
 * there: a miss first (the first result, the rated one), then a solve after it.
 */
export interface MyDaily {
  band: string
  id: string
  solve: MySolve | null
  miss: MyMiss | null
}

/**
 * The signed-in caller's own entry on one board: the board (its id, day and band), where its
 * snapshot is (`snapshot`, a path on the site), and the caller's `key` (its rank key) and `row` (the
 * board's columns of it); both null when they have no entry there. A page places it on the snapshot
 * with puzzlebook.places' rule (site/static/js/boards/places.js, `standingIn`).
 */
export interface MyEntry {
  board: string
  date: string | null
  band: string | null
  snapshot: string
  key: string | null
  row: Record<string, unknown> | null
}

/**
 * Your kept miss of a daily: how (a wrong move, or Show solution), your moves up to and
 * including the wrong one, whether it came offline, and when it was posted.
 */
export interface MyMiss {
  how: "wrong" | "gave-up"
  moves: string[]
  offline: boolean
  posted: string
}

/**
 * Your kept solve of a daily: your moves, mistakes, hints, time, whether it was clean, whether it
 * went on the day's board, whether it came offline, and when it was posted.
 */
export interface MySolve {
  moves: string[]
  mistakes: number
  hints: number
  seconds: number
  clean: boolean
  on_board: boolean
  offline: boolean
  posted: string
}

/** A passkey as the account page lists it. */
export interface PasskeyInfo {
  id: string
  name: string
  added: string
  last_used: string | null
}

export interface PasskeyList {
  passkeys: PasskeyInfo[]
  /** How many passkeys a player may keep. */
  most: number
}

/**
 * A passkey removed: how many devices' sign-ins it had made ended with it, and whether this
 * request's was one of them (then this device is signed out too).
 */
export interface PasskeyRemoved {
  ok: true
  ended: number
  here: boolean
}

/**
 * A play ticket: carry `ticket` back in the result (as `ticket`). `game`, `target` (the puzzle
 * id, the date, ...), `issued` (ms since the epoch) and `date` (the player's own date it counts
 * for) are what it says, for the client's own use.
 */
export interface PlayTicket {
  ticket: string
  game: string
  target: string
  issued: number
  date: string
}

/** A lesson to play: each puzzle with its line, who plays each move, comments and hints. */
export interface Played {
  id: string
  url: string
  name: string
  count: number
  created: string
  /** 1, then one more each time the teacher edits the lesson. */
  version: number
  /** Each puzzle's revision: the version that last changed its play. */
  revs: number[]
  puzzles: Record<string, unknown>[]
}

/**
 * A player's days with a daily played (their own dates): from `first` to `last` but for the
 * `missed` day numbers after `first` (site/static/js/friends/streak.js reads it).
 */
export interface PlayedOut {
  first: string | null
  last: string | null
  missed: number[]
}

/** A new player. Keep the token: it's the only way back in (see docs/api.md, the sign-in link). */
export interface PlayerCreated {
  id: string
  name: string
  token: string
}

/**
 * Another player: id, name; since when (a follow's or a block's), whether they share their
 * results now (they allow being followed), whether they follow you, and whether you follow them.
 */
export interface PlayerOut {
  id: string
  name: string
  since: string | null
  sharing: boolean
  follows_you: boolean
  you_follow: boolean
}

/**
 * One problem, located: puzzle and move are 1-based (null when not about one). `message` and
 * `text` (where it is, then the message) are in the request's language; `code` is the same in every
 * language (`lesson_not_legal`, `lesson_missing_field`, …: docs/api.md, "The codes").
 */
export interface Problem {
  puzzle: number | null
  title: string
  move: number | null
  move_text: string
  message: string
  text: string
  code: string
}

/**
 * Where the public board has a result: its place (about, when estimated), or the per cent of the
 * board it is among; all null while the board has no snapshot.
 */
export interface Public {
  place: number | null
  about: boolean
  top: number | null
}

export interface PuzzleCounts {
  index: number
  title: string
  played: number
  solved: number
  clean: number
}

export interface PuzzleOut {
  index: number
  title: string
}

/** The rating before and after this result (whole points), the RD after, provisional after. */
export interface RatingChange {
  before: number
  after: number
  change: number
  rd: number
  provisional: boolean
}

export interface RatingInfo {
  rating: number
  rd: number
  provisional: boolean
  games: number
}

/** The player's rating (whole points) after the last rated result of a day. */
export interface RatingPoint {
  day: string
  rating: number
}

export interface RatingRow {
  place: number | null
  name: string
  you: boolean
  about: boolean
  top: number | null
  rating: number
  rd: number
  provisional: boolean
}

export interface RatingsBoard {
  game: string
  rows: RatingRow[]
  mine: RatingRow | null
  published: string | null
}

/** A student the teacher removed: refused a join until the teacher lets them back. */
export interface RemovedOut {
  id: string
  name: string
  removed: string
}

/**
 * Per puzzle: how many students finished it, solved it, solved it with no wrong move and no hint;
 * and the engine's findings kept with the lesson (its teacher's only).
 */
export interface Results {
  id: string
  name: string
  puzzles: PuzzleCounts[]
  engine: EngineChecked
}

/**
 * A card as kept, with what its results say: the day it comes back (null once graduated) and
 * the day it graduated (null while in review).
 */
export interface ReviewCardKept {
  band: "Beginner" | "Easy" | "Medium" | "Hard" | "Expert"
  id: string
  /** [YYYY-MM-DD, grade], grade one of miss, help, clean; a day's worse result stands */
  results: ([string, "miss" | "help" | "clean"])[]
  due: string | null
  graduated: string | null
}

export interface Row {
  id: string
  name: string
  results: Cell[]
  /** When the last puzzle was solved, every puzzle solved (UTC: when it was played), or null (a puzzle not started, or its solution shown). */
  done: string | null
  /** The site day of `done`. */
  done_day: string | null
  /** Done after the end of the due day. */
  late: boolean
}

/**
 * A finding as its code and values (site/static/js/lessons/finding_words.js), so the Lessons page
 * says it in the language it is read in; a value is a move, a figure, a number or a word by its code.
 */
export interface Said {
  code: string
  values: Record<string, string | number | SaidLeaf>
}

/** A word inside a finding, by its code ("standing_white_piece": "White is up a piece"). */
export interface SaidLeaf {
  code: string
  values: Record<string, string | number>
}

/** Who signed in, and a new token for this device. */
export interface SignedInAs {
  id: string
  name: string
  token: string
}

export interface SocialJoined {
  club: ClubOut
  already: boolean
}

/** The lesson as its owner edits it: the stored JSON, one puzzle after another. */
export interface Source {
  id: string
  name: string
  version: number
  text: string
}

/**
 * A day's result in a daily game: `clean`, `help` (solved with hints, undos or resets),
 * `mistake` (chess: solved after a wrong move), `missed` (chess: a wrong move not solved since;
 * Chain: given up) or `shown` (chess: Show solution first); a solve's seconds and (Chain) undos,
 * null otherwise.
 */
export interface StatsDay {
  day: string
  result: "clean" | "help" | "mistake" | "missed" | "shown"
  seconds: number | null
  undos: number | null
}

/** A Storm board (a day's, or each player's best). mine: the caller's row when they have a place. */
export interface StormBoard {
  date: string | null
  rows: StormRow[]
  mine: StormRow | null
  published: string | null
  /** While the date is still someone's somewhere: when it ends everywhere (its midnight at UTC-12, ISO 8601 UTC), until which the board takes results. Null once it is final. */
  open_until: string | null
}

/**
 * A day's Storm run, as the day's public file daily/storm/<date>.json holds it: its puzzles in
 * order, each as the bundle's shards hold it, less its themes: [id, fen, moves (UCI,
 * space-separated), rating].
 */
export interface StormDay {
  date: string
  bundle: number
  puzzles: [string, string, string, number][]
}

/** The player's best ranked run and their ranked runs, newest first. */
export interface StormMine {
  best: StormResult | null
  runs: StormResult[]
}

/**
 * What a posted run came to. ranked: the player's first run of its day (kept, on the board);
 * already: that run was kept before (a retry), and `result` is what was kept; place: on the day's
 * board.
 */
export interface StormPosted {
  ok: boolean
  ranked: boolean
  already: boolean
  result: StormResult
  place: number | null
  about: boolean
  top: number | null
  boarded: boolean
}

/** A run as the server scored it (docs/storm.md). */
export interface StormResult {
  date: string
  score: number
  highest: number | null
  combo_best: number
  mistakes: number
  attempted: number
  seconds: number
  /** The seconds the run's clock gave: 3:00, plus bonuses, less penalties. */
  length: number
}

export interface StormRow {
  place: number | null
  name: string
  you: boolean
  about: boolean
  top: number | null
  score: number
  highest: number | null
  seconds: number
  date: string
}

/**
 * A run started: the day, its ticket (post it back with the run), when it was issued (ms since
 * the epoch, the server's clock) and whether it is ranked (the player's first run of the day).
 */
export interface StormStart {
  date: string
  ticket: string
  issued: number
  ranked: boolean
}

/** A Streak board (a day's, or each player's best). mine: the caller's row when they have a place. */
export interface StreakBoard {
  date: string | null
  rows: StreakStreakRow[]
  mine: StreakStreakRow | null
  published: string | null
  /** While the date is still someone's somewhere: when it ends everywhere (its midnight at UTC-12, ISO 8601 UTC), until which the board takes results. Null once it is final. */
  open_until: string | null
}

/**
 * A day's Streak run, as the day's public file daily/streak/<date>.json holds it: its puzzles in
 * order, each as the bundle's shards hold it, less its themes: [id, fen, moves (UCI,
 * space-separated), rating].
 */
export interface StreakDay {
  date: string
  bundle: number
  puzzles: [string, string, string, number][]
}

/**
 * A daily streak as it stands today: its length, the best, and its freezes (docs/ratings.md,
 * "Streak freezes"): the missed days it has used one for, and those it still holds.
 */
export interface StreakInfo {
  current: number
  best: number
  freezes_used: number
  freezes_held: number
}

/** The player's best ranked run and their ranked runs, newest first. */
export interface StreakMine {
  best: StreakResult | null
  runs: StreakResult[]
}

/**
 * What a posted run came to. ranked: the player's first run of its day (kept, on the board);
 * already: that run was kept before (a retry), and `result` is what was kept; place: on the day's
 * board.
 */
export interface StreakPosted {
  ok: boolean
  ranked: boolean
  already: boolean
  result: StreakResult
  place: number | null
  about: boolean
  top: number | null
  boarded: boolean
}

/** A run as the server scored it (docs/streak.md). */
export interface StreakResult {
  date: string
  /** Puzzles solved. */
  score: number
  /** The rating of the highest-rated puzzle solved. */
  highest: number | null
  attempted: number
  /** The puzzle skipped (from 1), or null. */
  skipped: number | null
  /** The puzzle whose wrong move ended the run (from 1), or null. */
  missed: number | null
  moves: number
  seconds: number
}

export interface StreakRow {
  place: number | null
  name: string
  you: boolean
  about: boolean
  top: number | null
  streak: number
  freezes_used: number
}

/**
 * A run started: the day, its ticket (post it back with the run), when it was issued (ms since
 * the epoch, the server's clock) and whether it is ranked (the player's first run of the day).
 */
export interface StreakStart {
  date: string
  ticket: string
  issued: number
  ranked: boolean
}

export interface StreakStreakRow {
  place: number | null
  name: string
  you: boolean
  about: boolean
  top: number | null
  score: number
  highest: number | null
  seconds: number
  date: string
}

export interface StreaksBoard {
  game: string
  today: string
  rows: StreakRow[]
  mine: StreakRow | null
  published: string | null
}

export interface StudentOut {
  id: string
  name: string
  joined: string
}

export interface Summary {
  id: string
  url: string
  name: string
  count: number
  created: string
}

/** Students × puzzles of one assigned lesson (a student sees only their own row). */
export interface Table {
  class_id: string
  lesson_id: string
  lesson: string
  url: string
  /** The lesson's due date in this class, if any. */
  due: string | null
  puzzles: PuzzleOut[]
  students: Row[]
}

/**
 * One theme over the span: puzzles played, solved first try (and the whole per cent, rounded
 * half up: puzzlebook.chess.dashboard.percent), and the performance (Lichess's: docs/ratings.md,
 * "The dashboard").
 */
export interface ThemeFigures {
  theme: string
  played: number
  first: number
  first_rate: number
  performance: number
}

/** The play ticket: carry it in the puzzle's result. */
export interface TicketIssued {
  ticket: string
  /** When, in milliseconds since the epoch (the server's clock). */
  issued: number
}

/**
 * How many sign-ins ended: every device's but this one's, and the sign-in link unless this
 * device holds it.
 */
export interface TokensEnded {
  ended: number
}

export interface Waiting {
  id: string
  name: string
}

/**
 * How the day is solved, as the generator wrote it (summary, steps, orders, spares), each spare's
 * `like` (puzzlebook/chain/walkthrough.py, `lookalike`) with it.
 */
export interface Walkthrough {
  date: string
  solution: number[]
  walkthrough: Record<string, unknown>
}

export interface WeekBoardOut {
  game: string
  days: string[]
  rows: WeekRowOut[]
}

/**
 * A person's week: place (more days played first), their result of each day (the board's columns,
 * or null), days played, and the totals of the columns over them.
 */
export interface WeekRowOut {
  place: number
  id: string
  name: string
  you: boolean
  days: (Record<string, unknown> | null)[]
  played: number
  totals: Record<string, number>
}
