// Run in a page (plain browser JavaScript, one function expression): resolves true once Playwright's
// recorder in this document records, false after `timeoutMs`; sets `window[flag]` then. Used by
// recorder-ready.ts (page.evaluate) and by the local toolbar (overlay-script.js). See recorder-ready.ts.
// eslint-disable-next-line @typescript-eslint/no-unused-expressions -- the file is this one expression
async (flag, timeoutMs) => {
  const w = globalThis;
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
}
