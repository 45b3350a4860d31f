/** The API's answers the account page reads (docs/api.md, "Players" and "Ways back in"). */

/** A passkey as GET /api/me/passkeys lists it. */
export interface PasskeyInfo {
  id: string
  name: string
  added: string
  last_used: string | null
}

/** GET /api/me/passkeys. */
export interface PasskeyList {
  passkeys: PasskeyInfo[]
  most: number
}

/** DELETE /api/me/passkeys/<id>: how many sign-ins it had made ended, and whether this device's did. */
export interface PasskeyRemoved {
  ok: true
  ended: number
  here: boolean
}

/** DELETE /api/me/other-tokens: how many other sign-ins ended. */
export interface TokensEnded {
  ended: number
}

/** GET /api/me/recovery-codes. */
export interface CodesState {
  left: number
  count: number
  made: string | null
}

/** POST /api/me/recovery-codes. */
export interface CodesMade {
  codes: string[]
  made: string
}

/** A game's streak in GET /api/me. */
export interface StreakLine {
  current: number
  best: number
}

/** What the account page reads of GET /api/me. */
export interface Me {
  id: string
  name: string
  created?: string
  line: string
  chain_line: string
  ratings?: { chess?: { rating: number, rd: number, provisional: boolean, games: number } | null }
  streaks?: { chess?: StreakLine, chain?: StreakLine }
  chess?: { solved?: number, missed?: number }
  chain?: { solved?: number, gave_up?: number }
}
