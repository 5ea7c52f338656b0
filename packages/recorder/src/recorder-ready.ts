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
  return page.evaluate(
    async ({ flag, timeoutMs }) => {
      type RecorderWindow = Record<string, unknown> & {
        __pw_refreshOverlay?: () => void;
        __pw_recorderState?: () => Promise<{ mode?: string } | null>;
      };
      const w = globalThis as unknown as RecorderWindow;
      if (w[flag]) return true;
      const end = Date.now() + timeoutMs;
      // The recorder's constructor sets __pw_refreshOverlay and asks for its state at once; this question
      // is asked after it, and the server answers in order: when it is answered, the recorder records.
      while (typeof w.__pw_refreshOverlay !== 'function' || typeof w.__pw_recorderState !== 'function') {
        if (Date.now() > end) return false;
        await new Promise((r) => setTimeout(r, 20));
      }
      const state = await w.__pw_recorderState().catch(() => null);
      if (state?.mode !== 'recording') return false;
      w[flag] = true;
      return true;
    },
    { flag: RECORDING_FLAG, timeoutMs },
  );
}
