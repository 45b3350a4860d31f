/** Where a dashboard's Practise button goes: Endless in that theme, at the player's difficulty. */
export function practiseLink(theme) {
  return `/#/theme/${encodeURIComponent(theme)}`
}
