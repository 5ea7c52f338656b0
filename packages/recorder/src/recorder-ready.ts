import fs from 'node:fs';
import type { Page } from 'playwright-core';

/**
 * Playwright's recorder is put into a page after the page's document is created (the server hears of
 * the new document, then creates its injected script in the page, then extends it with the recorder),
 * and the recorder records only once its first question to the server (`__pw_recorderState`) has been
 * answered. Until then the page's clicks and typing are not heard: on a quiet machine for the first
 * ~150 ms of a document, on a loaded one for seconds, often after the page's `load` event.
 *
 * The page's window carries this flag once its recorder is known to record (set here and by the local
 * recorder's toolbar, overlay-script.js, which waits the same way before it shows REC).
 */
export const RECORDING_FLAG = '__stepwiseRecording';
/** The page's side of the wait (recording-check.js: one function expression, shared with the local toolbar). */
export const RECORDING_CHECK = fs.readFileSync(new URL('./recording-check.js', import.meta.url), 'utf8').trim();
/** How long input waits for a page's recorder (a page where it never comes, an error page, gets the input anyway). */
export const RECORDER_READY_TIMEOUT_MS = 10_000;

/**
 * Resolves once Playwright's recorder in the page's main frame records (true), or after `timeoutMs`
 * (false). One round trip when the page's recorder is known to be ready.
 */
export async function recorderReady(page: Page, timeoutMs = RECORDER_READY_TIMEOUT_MS): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  // A document replaced while this waits (a navigation) is waited for in the next one.
  while (!page.isClosed()) {
    const ready = await askPage(page, Math.max(0, end - Date.now())).catch(() => null);
    if (ready !== null) return ready;
    if (Date.now() >= end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

function askPage(page: Page, timeoutMs: number): Promise<boolean> {
  return page.evaluate(`(${RECORDING_CHECK})(${JSON.stringify(RECORDING_FLAG)}, ${Math.round(timeoutMs)})`) as Promise<boolean>;
}
