// What a scenario records, step by step (world.ts's AfterStep hook): a PNG of the viewport,
// the console messages and network requests since the previous step, the page the step ended on (with
// an aria snapshot when its URL changed) and a 'step_complete' command, as attachments of that step.
import type { BrowserContext, Page, Request, Response } from 'playwright-core';
import type { IWorld, ITestStepHookParameter } from '@cucumber/cucumber';
import { ATTACHMENT_TYPES as MEDIA } from '@stepwise/shared/report-constants';
import { viewportPng } from './viewport-shot.ts';
import type { StepwiseParameters } from './parameters.ts';

/** How long the record of a step waits for a document that is still being parsed. */
const PAGE_PARSED_WAIT_MS = 2000;

/**
 * The page's URL and title once its document is parsed; a navigation that gets in the way is waited
 * out once. Both are read from the document in one evaluation: read apart, a navigation committed
 * between the two gave a page the next page's title (the checkout named "Order confirmed").
 */
async function pageNow(page: Page, check: boolean): Promise<{ url: string; title: string; changed: boolean }> {
  for (let attempt = 0; ; attempt++) {
    await page.waitForLoadState('domcontentloaded', { timeout: PAGE_PARSED_WAIT_MS }).catch(() => {});
    // Where the page was, should it close before it answers.
    const lastUrl = page.url();
    try {
      // The URL, the title and (with a picture to take) the change mark in one round trip to the page.
      const [url, title, changed] = (await page.evaluate(check ? PAGE_NOW : PAGE_URL_TITLE)) as [string, string, boolean | undefined];
      return { url, title, changed: changed ?? true };
    } catch {
      if (attempt >= 1 || page.isClosed()) return { url: page.isClosed() ? lastUrl : page.url(), title: '', changed: true };
    }
  }
}
const ARIA_TIMEOUT_MS = 1000;
/** A screenshot is reused for an unchanged page for this long at most. */
const REUSE_SHOT_MS = 1000;

/**
 * Page-side change watch (every document, before its own scripts): anything that can change what the
 * viewport shows marks the page changed. Kept behind a Symbol.for key: nothing the page enumerates.
 */
export const CHANGE_WATCH = `(() => {
  const key = Symbol.for('stepwise.changed');
  if (window[key]) return;
  let changed = true;
  const mark = () => { changed = true; };
  Object.defineProperty(window, key, {
    value: () => {
      const was = changed || (document.getAnimations ? document.getAnimations().length > 0 : true) || !!document.querySelector('canvas, video, iframe, embed, object');
      changed = false;
      return was;
    },
  });
  new MutationObserver(mark).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  for (const type of ['input', 'change', 'scroll', 'focusin', 'focusout', 'load', 'error', 'resize', 'pointerdown', 'pointerup',
    'pointermove', 'pointerover', 'pointerout', 'keydown', 'keyup', 'toggle', 'selectionchange', 'transitionrun', 'animationstart', 'visibilitychange']) {
    addEventListener(type, mark, { capture: true, passive: true });
  }
  if (document.fonts) document.fonts.addEventListener('loadingdone', mark);
})();`;
/** True when the page may look different since the last check (or cannot tell). */
const CHANGE_CHECK = `(() => { const f = window[Symbol.for('stepwise.changed')]; return f ? f() : true; })()`;
/** The document's URL and title, from one document. */
const PAGE_URL_TITLE = `[location.href, document.title]`;
/** How long a picture of a new document waits for its load event (its stylesheets, images and fonts), once a document. */
const LOAD_WAIT_MS = 500;
/**
 * The document's URL, title and CHANGE_CHECK (which also resets the mark for the next step). A
 * document still loading is first given up to LOAD_WAIT_MS for its load event, once: the picture then
 * shows it loaded, and the load event (which marks the page changed) does not make the next step take
 * the same picture again.
 */
const PAGE_NOW = `(async () => {
  const waited = Symbol.for('stepwise.loadWaited');
  if (document.readyState !== 'complete' && !window[waited]) {
    Object.defineProperty(window, waited, { value: true });
    await new Promise((resolve) => { addEventListener('load', resolve, { once: true }); setTimeout(resolve, ${LOAD_WAIT_MS}); });
  }
  return [location.href, document.title, ${CHANGE_CHECK}];
})()`;
const SHOT_TIMEOUT_MS = 5000;
/** How long the After hook waits for requests the last step left running. */
const LEFTOVER_WAIT_MS = 250;
/**
 * The longest a step's end waits for the sizes of its chunked responses (no Content-Length: the
 * browser counts the bytes once the body is in). They come within milliseconds, but on a loaded
 * machine a shorter wait left such a response's size at 0; only a step with such a response waits.
 */
const SIZES_WAIT_MS = 3000;

interface ConsoleEntry {
  type: string;
  text: string;
  time: string;
}
interface NetworkEntry {
  requestUrl: string;
  method: string;
  status: number | string;
  responseTime: number;
  size: number;
  type: string;
}
/** What a scenario records: console and network since the previous step, the last URL with an aria snapshot. */
export class Recorder {
  context: BrowserContext;
  private consoleBuffer: ConsoleEntry[] = [];
  private networkBuffer: NetworkEntry[] = [];
  private pendingSizes: Promise<unknown>[] = [];
  private requestStarts = new Map<Request, number>();
  private responses = new Map<Request, Response>();
  private stepStartedAt = 0;
  private lastAriaUrl: string | null = null;
  /** The last screenshot, the URL and time it was taken: reused while the page has not changed since. */
  private lastShot: { png: Buffer; url: string; at: number } | null = null;

  constructor(context: BrowserContext) {
    this.context = context;
    context.on('console', (msg) => {
      this.consoleBuffer.push({ type: msg.type(), text: msg.text(), time: new Date().toISOString() });
    });
    context.on('weberror', (err) => {
      const e = err.error();
      this.consoleBuffer.push({ type: 'pageerror', text: e.stack || e.message, time: new Date().toISOString() });
    });
    context.on('request', (req) => {
      this.requestStarts.set(req, Date.now());
    });
    context.on('response', (res) => {
      this.responses.set(res.request(), res);
    });
    context.on('requestfinished', (req) => this.recordRequest(req, null));
    context.on('requestfailed', (req) => this.recordRequest(req, req.failure()?.errorText ?? 'failed'));
  }

  private recordRequest(req: Request, failure: string | null): void {
    const started = this.requestStarts.get(req);
    this.requestStarts.delete(req);
    const res = this.responses.get(req);
    this.responses.delete(req);
    const timing = req.timing();
    const elapsed = timing.responseEnd >= 0 ? timing.responseEnd : started !== undefined ? Date.now() - started : 0;
    const entry: NetworkEntry = {
      requestUrl: req.url(),
      method: req.method(),
      status: failure ?? res?.status() ?? 0,
      responseTime: Math.round(elapsed * 10) / 10,
      size: 0,
      type: req.resourceType(),
    };
    this.networkBuffer.push(entry);
    if (failure) return;
    const length = Number(res?.headers()['content-length']);
    if (Number.isFinite(length) && length >= 0) {
      entry.size = length;
    } else {
      // The browser may not have counted the body yet (a loaded machine): then the body's own length,
      // asked for at once (a navigation soon after makes the browser drop it).
      const body = res ? res.body().then((b) => b.length, () => 0) : Promise.resolve(0);
      const wire = req.sizes().then((s) => s.responseBodySize, () => 0);
      this.pendingSizes.push(Promise.all([wire, body]).then(([counted, length]) => (entry.size = counted || length)));
    }
  }

  /** Waits (up to SIZES_WAIT_MS) for the response sizes still being read, those asked for meanwhile too. */
  private async settleSizes(): Promise<void> {
    const deadline = Date.now() + SIZES_WAIT_MS;
    while (this.pendingSizes.length && Date.now() < deadline) {
      const batch = this.pendingSizes;
      this.pendingSizes = [];
      await withTimeout(Promise.all(batch), Math.max(0, deadline - Date.now())).catch(() => {});
    }
    this.pendingSizes = [];
  }

  markStepStart(): void {
    this.stepStartedAt = Date.now();
  }

  /** Screenshot, console, network, page and command of the step that just ended, as its attachments. */
  async recordStep(world: IWorld & { page?: Page }, arg: ITestStepHookParameter, p: StepwiseParameters): Promise<void> {
    const endedAt = Date.now();
    const startedAt = this.stepStartedAt || endedAt;
    const page = world.page;
    const failed = arg.result?.status === 'FAILED';
    const wantShot = p.screenshots === 'each-step' || (p.screenshots === 'on-failure' && failed);
    const alive = !!page && !page.isClosed();
    // A step that started a navigation may end before the new document has its title, or while the
    // old one goes away (reading the title then fails): its page is read once the document it is on
    // is parsed, and read again if a navigation got in the way.
    // With a picture to take of a page of one frame, the change mark is read (and reset) in the same
    // round trip, before the frame the picture is taken from.
    const check = alive && wantShot && page.frames().length === 1;
    const { url, title, changed } = alive ? await pageNow(page, check) : { url: '', title: '', changed: true };
    const wantAria = alive && url !== this.lastAriaUrl;
    const [shot, aria] = await Promise.all([
      alive && wantShot ? this.screenshot(page, url, check && !changed) : null,
      wantAria ? withTimeout(page.locator('body').ariaSnapshot({ timeout: ARIA_TIMEOUT_MS }), ARIA_TIMEOUT_MS + 200).catch(() => undefined) : undefined,
      this.settleSizes(),
    ]);
    // A request that finished while the picture was taken has its size asked for too.
    await this.settleSizes();
    if (shot) world.attach(shot, MEDIA.screenshot);
    if (this.consoleBuffer.length) {
      world.attach(JSON.stringify(this.consoleBuffer), MEDIA.console);
      this.consoleBuffer = [];
    }
    if (this.networkBuffer.length) {
      world.attach(JSON.stringify(this.networkBuffer), MEDIA.network);
      this.networkBuffer = [];
    }
    if (alive) {
      if (aria !== undefined) this.lastAriaUrl = url;
      world.attach(JSON.stringify(aria !== undefined ? { url, title, ariaSnapshot: aria } : { url, title }), MEDIA.page);
    }
    const command = {
      type: 'step_complete',
      text: arg.pickleStep.text,
      result: { status: arg.result?.status ?? 'UNKNOWN', startTime: new Date(startedAt).toISOString(), endTime: new Date(endedAt).toISOString() },
      info: { durationMs: endedAt - startedAt, ...(url ? { url } : {}) },
    };
    world.attach(JSON.stringify(command), MEDIA.command);
  }

  /**
   * A PNG of the viewport. A step that changed nothing on the page (an assertion right after the
   * previous step, say) gets the previous step's picture again instead of waiting one or two frames for
   * a new one: only when it is the same document, less than a second old, with no DOM change, input,
   * scroll, pointer, load or font event since, and no animation, canvas, video or frame on the page
   * (`unchanged`: CHANGE_CHECK, read by pageNow).
   */
  private async screenshot(page: Page, url: string, unchanged: boolean): Promise<Buffer | null> {
    const last = this.lastShot;
    if (unchanged && last && last.url === url && Date.now() - last.at < REUSE_SHOT_MS) return last.png;
    const at = Date.now();
    // The page as it is, text caret included (hiding it costs a style put into the page and taken out again around every picture: bench:runner).
    const png = await viewportPng(page, SHOT_TIMEOUT_MS);
    this.lastShot = png ? { png, url, at } : null;
    return png;
  }

  /**
   * Console messages and requests that arrived after the last step (a request it started that was
   * still running): attached to the After hook, whose recordings the report gives to the last step.
   */
  async flushLeftovers(world: IWorld): Promise<void> {
    const deadline = Date.now() + LEFTOVER_WAIT_MS;
    while (this.requestStarts.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await this.settleSizes();
    if (this.consoleBuffer.length) world.attach(JSON.stringify(this.consoleBuffer), MEDIA.console);
    if (this.networkBuffer.length) world.attach(JSON.stringify(this.networkBuffer), MEDIA.network);
    this.consoleBuffer = [];
    this.networkBuffer = [];
  }

  async close(): Promise<void> {
    await withTimeout(this.context.close(), 5000).catch(() => {});
    this.requestStarts.clear();
    this.responses.clear();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
