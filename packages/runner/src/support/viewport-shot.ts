import type { CDPSession, Page } from 'playwright-core';

/**
 * A PNG of a page's viewport, asked of Chromium directly (DevTools protocol `Page.captureScreenshot`,
 * one round trip) rather than through `page.screenshot`, which first asks for the layout metrics and
 * prepares the page (fonts, caret, animations): 13-14 ms less a picture on the benchmark's pages
 * (bench:runner, PERFORMANCE.md), the same picture. One DevTools session a page, opened on its first
 * picture. Falls back to `page.screenshot` where a session cannot be opened.
 */
const sessions = new WeakMap<Page, Promise<CDPSession | null>>();

function sessionOf(page: Page): Promise<CDPSession | null> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page).catch(() => null);
    sessions.set(page, session);
  }
  return session;
}

export async function viewportPng(page: Page, timeoutMs: number): Promise<Buffer | null> {
  const session = await sessionOf(page);
  if (!session) return page.screenshot({ type: 'png', caret: 'initial', timeout: timeoutMs }).catch(() => null);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const shot = session
    .send('Page.captureScreenshot', { format: 'png' })
    .then(({ data }) => Buffer.from(data, 'base64'))
    .catch(() => null);
  try {
    return await Promise.race([shot, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
