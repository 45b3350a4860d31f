/**
 * Let the browser breathe between the parts of a long piece of work: paint, input and other tasks
 * run before the rest goes on. A puzzle's opening (the panel, the rules, the board) done in one go
 * is one long task on a phone, which holds up everything else (Lighthouse's Total Blocking Time).
 */

/**
 * Resolves in a new task: scheduler.yield() where the browser has it (it keeps its place in the queue), else a timer.
 * @returns {Promise<void>}
 */
export function nextTask() {
  // The Prioritized Task Scheduling API, not in every browser (nor in TypeScript's DOM types yet).
  const scheduler = /** @type {{ scheduler?: { yield?: () => Promise<void> } }} */ (globalThis).scheduler
  if (scheduler && typeof scheduler.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
