import type { BrowserContext, Page } from 'playwright-core';
import { relativeUrl } from './phrasing.ts';

const BINDING = '__stepwiseRecorderActedAt';

/**
 * Tells the recording the page's address when a person acts in it: at each click Playwright's recorder
 * records as a click (with its click count), and at any other pointer or key press when the address
 * changed since the last report (a new document, a single-page app's routing). Heard on the window in the
 * capture phase, before Playwright's recorder (on the document) reports the action the press makes.
 */
const ACTED_AT_SCRIPT = `(() => {
  if (window.top !== window) return;
  const skipped = /^(checkbox|radio|color|date|datetime-local|file|month|range|time|week)$/i;
  const typedIn = /^(text|search|email|password|tel|url|number)$/i;
  // A field typed into: Playwright's recorder may fold a click into it into the fill that follows.
  const isField = (t) => t.isContentEditable || t.nodeName === 'TEXTAREA' || (t.nodeName === 'INPUT' && typedIn.test(t.type || 'text'));
  // Clicks Playwright's recorder does not record as clicks: on its own toolbar, in lists, check boxes, pickers.
  const recordedClick = (event) => {
    if (event.type !== 'click' || event.button !== 0 || event.detail < 1) return 0;
    const path = event.composedPath();
    if (path.some((e) => String(e.nodeName || '').toLowerCase() === 'x-pw-glass')) return 0;
    const target = path[0] || {};
    if (target.nodeName === 'SELECT' || target.nodeName === 'OPTION') return 0;
    if (target.nodeName === 'INPUT' && skipped.test(target.type || '')) return 0;
    return event.detail;
  };
  let last = null;
  const report = (event) => {
    if (!event.isTrusted) return;
    const click = recordedClick(event);
    if (!click && location.href === last) return;
    last = location.href;
    const call = window['${BINDING}'];
    if (typeof call === 'function') Promise.resolve(call(last, click, click > 0 && isField(event.composedPath()[0] || {}))).catch(() => {});
  };
  for (const type of ['pointerdown', 'keydown', 'click']) window.addEventListener(type, report, true);
})();`;

/** A click is reported by Playwright's recorder within about 500 ms: older reports of clicks are stale. */
const CLICK_REPORT_STALE_MS = 3000;
const REPORTS_KEPT = 20;

interface Report {
  href: string;
  /** The click count of a recorded click, 0 for another press. */
  click: number;
  /** When this side heard of it (Date.now()). */
  heard: number;
  /** A click into a field typed into (an input of text, a text area, an editable element). */
  field: boolean;
}

/** A path segment that names one record (an id, a UUID, a token): it differs between runs. */
const VOLATILE_SEGMENT = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{12,}|(?=.*\d)[\w-]{20,})$/i;

/**
 * The part of `url` a "the URL should contain" step checks: its path under the environment's base URL,
 * without query or fragment (they hold searches, tokens, and what a form sent), cut before the first
 * segment that names one record. Null for the home page, which every address contains.
 */
export function placeOf(url: string, baseUrl: string): string | null {
  const relative = relativeUrl(url, baseUrl).replace(/[?#].*$/, '');
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(relative)?.[0] ?? '';
  const segments = relative.slice(absolute.length).split('/');
  const volatile = segments.findIndex((s, i) => i > 0 && VOLATILE_SEGMENT.test(s));
  const kept = volatile < 0 ? segments.join('/') : `${segments.slice(0, volatile).join('/')}/`;
  const place = `${absolute}${kept}`;
  return place === '/' || place === '' ? null : place;
}

/**
 * Where each page was when its person last acted in it, and where the recorded steps leave it. A page
 * can move on its own after an action (a script that navigates once a login call answers, a timer): the
 * person waits for the new page and goes on, and a replay must wait too. Playwright's recorder folds such
 * a navigation into the click, key press or fill before it (within 5 s) and says nothing of it, so the
 * recording compares the page's place at each action with the place the steps say, and writes "Then the
 * URL should contain ..." between them where they differ.
 */
export class PageMoves {
  /** The last presses heard in each page. */
  private readonly presses = new WeakMap<Page, Report[]>();
  /** The clicks heard in each page whose action has not been reported yet, oldest first. */
  private readonly clicks = new WeakMap<Page, Report[]>();
  /** The place the steps put each page at (null: the home page; absent: not known yet). */
  private readonly stepsAt = new WeakMap<Page, string | null>();
  private readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  /** Starts hearing where the pages of `context` are when their person acts. */
  async watch(context: BrowserContext): Promise<void> {
    await context.exposeBinding(BINDING, ({ page }, href: unknown, click: unknown, field: unknown) => {
      if (typeof href !== 'string' || href.length > 8000) return;
      const report = { href, click: typeof click === 'number' && click > 0 ? click : 0, heard: Date.now(), field: field === true };
      this.presses.set(page, [...(this.presses.get(page) ?? []), report].slice(-REPORTS_KEPT));
      if (report.click) this.clicks.set(page, [...(this.clicks.get(page) ?? []), report].slice(-REPORTS_KEPT));
    });
    await context.addInitScript({ content: ACTED_AT_SCRIPT });
  }

  /**
   * The address of `page` when the action being reported now was done: for a left click (reported up to
   * 500 ms late, when the page may have moved on), where that click was heard; for another action, where
   * the person last pressed a key or a pointer button. The page's address now when nothing was heard.
   */
  addressAtAction(page: Page, action: { name: string; button?: string; clickCount?: number; selector?: string }): string {
    // Typing in a field: Playwright's recorder reports the click into it before the first fill, or folds
    // it into the fill (a click just after a page loaded, typing begun at once). Either way no report of
    // a click into a field heard before this is to come: left in the queue, it would be the next click's.
    if (action.name === 'fill') this.clicks.set(page, (this.clicks.get(page) ?? []).filter((r) => !r.field));
    const inFrame = action.selector?.includes('internal:control=enter-frame');
    const count = action.clickCount ?? 1;
    // A click of no pointer (Enter sending a form clicks its button) was heard as a key press, not a click:
    // it takes no click of the queue (it would take the next one's, and every click after would be one late).
    if (action.name === 'click' && (action.button ?? 'left') === 'left' && !inFrame && count > 0) {
      const fresh = Date.now() - CLICK_REPORT_STALE_MS;
      const queue = (this.clicks.get(page) ?? []).filter((r) => r.heard >= fresh);
      // A double click is one action of two clicks: the clicks before its last are part of it.
      let own: Report | undefined;
      while (!own && queue.length) {
        const next = queue.shift()!;
        if (next.click >= count) own = next;
      }
      this.clicks.set(page, queue);
      if (own) return own.href;
    }
    return this.presses.get(page)?.at(-1)?.href ?? page.url();
  }

  /** A step put `page` at `url` (it opened it, or checked it is there). */
  reached(page: Page, url: string): void {
    this.stepsAt.set(page, placeOf(url, this.baseUrl));
  }

  /**
   * The place to check before a step done at `url` in `page`, when the steps left the page somewhere
   * else; null when they did not (or where the page is cannot be said). The steps then put it there.
   */
  moved(page: Page, url: string): string | null {
    const place = placeOf(url, this.baseUrl);
    const before = this.stepsAt.get(page);
    this.stepsAt.set(page, place);
    return before === undefined || before === place ? null : place;
  }
}
