/**
 * AI recovery's wire between a step and the run process: steps (in any cucumber worker thread) post
 * { type: 'request', id, request } on this BroadcastChannel; run-job relays it to its parent over IPC
 * and posts { type: 'answer', id, answer } back.
 */
export const AI_REPAIR_CHANNEL = 'stepwise-ai-repair';

/** Command type of the step's AI recovery record (report step commands). */
export const AI_RECOVERY_COMMAND = 'ai_recovery';

/** How long a step waits for the repair before it gives up (the step's own timeout may end it sooner). */
export const REPAIR_WAIT_MS = 60_000;

/** Repairs (each followed by a retry) one step may take: one per locator the change broke. */
export const MAX_REPAIRS_PER_STEP = 3;

/** Action timeout while a repaired step is retried: a wrong repair fails fast. */
export const RETRY_ACTION_TIMEOUT_MS = 10_000;

/** The failing locator of a Playwright error, as Playwright writes it, or null when the error is not a locator failure. */
export function failedLocatorOf(message: string): string | null {
  const strict = /strict mode violation: (.+?) resolved to \d+ elements/.exec(message);
  if (strict) return strict[1];
  // "locator.click: Timeout 5000ms exceeded. ... - waiting for getByRole('button', { name: 'Add to cart' })"
  if (!/Timeout \d+ms exceeded|element is not (visible|enabled|attached|stable)|not visible|not enabled/i.test(message)) return null;
  const waiting = /waiting for (.+?)\s*$/m.exec(message);
  // "waiting for getByRole('heading', { name: 'Cart' }) to be visible" (waitFor)
  return waiting ? waiting[1].replace(/ to be (visible|hidden|attached|detached|enabled|editable|checked)$/, '').trim() : null;
}

/** The message without terminal colours (Playwright colours its call log). */
export function plainMessage(message: string): string {
  // eslint-disable-next-line no-control-regex
  return message.replace(/\u001b\[[0-9;]*m/g, '');
}
