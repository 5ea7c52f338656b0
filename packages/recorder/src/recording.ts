import type { BrowserContext, Page } from 'playwright-core';
import type { RecordedAction, RecordedSecret, RecordedStep } from '@stepwise/shared';
import { phrase, relativeUrl } from './phrasing.ts';
import { installOverlay } from './overlay.ts';
import { secretKeyFor } from './secrets.ts';
import { PageMoves } from './page-moves.ts';
import { withFullName } from './full-names.ts';

/** An action as Playwright's recorder reports it (the fields used here). */
interface PwAction {
  name: string;
  selector?: string;
  url?: string;
  text?: string;
  options?: string[];
  key?: string;
  modifiers?: number;
  button?: 'left' | 'middle' | 'right';
  clickCount?: number;
  files?: string[];
  value?: string;
  checked?: boolean;
}

interface RecorderSink {
  actionAdded?: (page: Page, action: PwAction, code: string) => void;
  actionUpdated?: (page: Page, action: PwAction, code: string) => void;
  signalAdded?: (page: Page, signal: unknown, code: string) => void;
}

/** The recorder API of Playwright's browser context (what `playwright codegen` and its tools record with). */
interface RecordableContext {
  _startRecording(params: { language: string }, sink: RecorderSink): Promise<void>;
  _stopRecording(): Promise<void>;
}

export interface RecordingOptions {
  /** The environment's base URL: navigations under it become paths. */
  baseUrl: string;
  onSteps?: (steps: RecordedStep[]) => void;
  onSecrets?: (secrets: RecordedSecret[]) => void;
}

/** Keys whose presses are noise in a scenario (moving the focus, modifiers alone). */
const SKIPPED_KEYS = new Set(['Tab', 'Shift+Tab']);
/**
 * Playwright's recorder holds a left click back 500 ms after it hears of it (to see whether it
 * navigates) before it reports it: an assertion waits that out, so that the click goes before it.
 */
const CLICK_BUFFER_MS = 600;
/** How long an assertion waits for a page that is loading to answer. */
const ROUND_TRIP_TIMEOUT_MS = 2000;
/** A field gone by the time its typing is reported is not waited for (the queue of steps would stall behind it). */
const FIELD_CHECK_TIMEOUT_MS = 2000;
/** An element gone by then (a link that navigated) keeps the name Playwright gave it; one still there is read at once. */
const NAME_CHECK_TIMEOUT_MS = 5000;

/** A stylesheet adopted by the document (no <style> element: it holds under a strict Content-Security-Policy). */
const HIDE_TOOLBAR_SCRIPT = `(() => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('x-pw-glass:not([data-stepwise]) { display: none !important; }');
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
})();`;

const MODIFIERS: Array<[number, 'Alt' | 'Control' | 'Meta' | 'Shift']> = [[1, 'Alt'], [2, 'Control'], [4, 'Meta'], [8, 'Shift']];
const modifierNames = (mask = 0) => MODIFIERS.filter(([bit]) => mask & bit).map(([, name]) => name);

/**
 * A recording of what a person does in a browser context, as Gherkin steps. Playwright's own recorder
 * (the engine of `playwright codegen`) watches every page and frame and picks each element's locator
 * (role and accessible name first, checked unique on the page); this turns its actions into steps:
 * typing merged into one fill, a click into a field dropped before its fill, focus keys dropped,
 * values typed into password fields kept as secrets behind `{{key}}` test-data references.
 */
export class Recording {
  private readonly options: RecordingOptions;
  private readonly list: RecordedStep[] = [];
  private readonly secretValues = new Map<string, string>();
  /** Secret key of each password field (by its locator). */
  private readonly secretKeys = new Map<string, string | null>();
  /** Each selector Playwright gave, with the element's name written out where Playwright cut it (full-names.ts). */
  private readonly fullSelectors = new Map<string, string>();
  private context: BrowserContext | null = null;
  private queue: Promise<void> = Promise.resolve();
  /** Assertions in the order they were asked for (each waits for the actions before it). */
  private assertions: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private readonly moves: PageMoves;

  constructor(options: RecordingOptions) {
    this.options = options;
    this.moves = new PageMoves(options.baseUrl);
  }

  get steps(): RecordedStep[] {
    return this.list.map((s) => ({ ...s, action: { ...s.action } }) as RecordedStep);
  }

  get secrets(): RecordedSecret[] {
    return [...this.secretValues].map(([key, value]) => ({ key, value }));
  }

  /** Starts Playwright's recorder on `context` (before its pages are opened, so that every page is watched). */
  async attach(context: BrowserContext): Promise<void> {
    const recordable = context as unknown as Partial<RecordableContext>;
    if (typeof recordable._startRecording !== 'function') throw new Error('This version of Playwright cannot record');
    this.context = context;
    await this.moves.watch(context);
    // Where the page was when the action was done is read as it is reported (later, it may have moved on).
    const on = (kind: 'added' | 'updated') => (page: Page, action: PwAction) => {
      const at = this.moves.addressAtAction(page, action);
      this.enqueue(() => this.onAction(kind, page, action, at));
    };
    await recordable._startRecording({ language: 'javascript' }, { actionAdded: on('added'), actionUpdated: on('updated') });
  }

  /** Stops recording; the steps stay. */
  async detach(): Promise<void> {
    const context = this.context as unknown as RecordableContext | null;
    this.context = null;
    await this.queue;
    await context?._stopRecording().catch(() => undefined);
  }

  /** Waits until every action reported so far is a step. */
  async settled(): Promise<void> {
    await this.queue;
  }

  /** The small in-page toolbar (Assert text, Assert visible, Assert URL) of the headed local recorder. */
  async installOverlay(context: BrowserContext): Promise<void> {
    await installOverlay(context, this);
  }

  /** Adds "I should see <text>" after checking the text is visible on the page now. */
  assertText(page: Page, text: string): Promise<RecordedStep> {
    return this.enqueueAssertion(page, async () => {
      this.noteMove(page, page.url());
      const wanted = text.trim();
      const visible = await page.getByText(wanted).first().isVisible().catch(() => false);
      if (!visible) throw new Error(`The text "${wanted}" is not visible on the page`);
      return { name: 'assertText', text: wanted };
    });
  }

  /** Adds "the URL should contain <path>" for the page's address now. */
  assertUrl(page: Page): Promise<RecordedStep> {
    return this.enqueueAssertion(page, async () => {
      this.moves.reached(page, page.url());
      return { name: 'assertUrl', url: relativeUrl(page.url(), this.options.baseUrl) };
    });
  }

  /** Adds "<element> should be visible" for the element at (x, y), with the locator Playwright picks for it. */
  assertVisibleAt(page: Page, x: number, y: number): Promise<RecordedStep> {
    return this.enqueueAssertion(page, async () => {
      this.noteMove(page, page.url());
      return { name: 'assertVisible', locator: await locatorAt(page, x, y) };
    });
  }

  /**
   * Hides the in-page toolbar of Playwright's recorder in the pages of `context` (the cloud recorder
   * has its own controls around the streamed page, and the toolbar would cover the page's top).
   */
  async hideToolbar(context: BrowserContext): Promise<void> {
    await context.addInitScript({ content: HIDE_TOOLBAR_SCRIPT });
  }

  /** Removes a step (the web app's delete, before saving). */
  remove(id: string): void {
    const at = this.list.findIndex((s) => s.id === id);
    if (at >= 0) this.list.splice(at, 1);
    this.emit();
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch(() => undefined);
  }

  /**
   * Adds an assertion after every action done before it was asked for. Playwright reports actions
   * late (a click 500 ms late, anything later on a busy machine), so the assertion first makes sure
   * they have reached the queue: a round trip to the page (the page reported its actions to
   * Playwright before it answers), the click buffer waited out, a second round trip (Playwright's
   * report of a held-back click reaches this side before that answer); then it joins the queue.
   */
  private enqueueAssertion(page: Page, make: () => Promise<RecordedAction>): Promise<RecordedStep> {
    const step = this.assertions.then(async () => {
      await roundTrip(page);
      await new Promise((r) => setTimeout(r, CLICK_BUFFER_MS));
      await roundTrip(page);
      return new Promise<RecordedStep>((resolve, reject) => {
        this.enqueue(async () => {
          try {
            resolve(this.add(await make()));
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      });
    });
    this.assertions = step.catch(() => undefined);
    return step;
  }

  private async onAction(kind: 'added' | 'updated', page: Page, pw: PwAction, at: string): Promise<void> {
    const action = await this.toAction(page, pw);
    if (!action) return;
    if (action.name === 'navigate') this.moves.reached(page, pw.url!);
    else this.noteMove(page, at);
    const last = this.list[this.list.length - 1];
    if (kind === 'updated' && last && last.action.name === action.name) return this.replaceLast(action);
    // A click into a field, then typing in it: the fill says it all.
    if (action.name === 'fill' && last?.action.name === 'click' && last.action.locator === action.locator) return this.replaceLast(action);
    // A redirect right after a navigation: where it ended is what counts.
    if (action.name === 'navigate' && last?.action.name === 'navigate') return this.replaceLast(action);
    this.add(action);
  }

  private async toAction(page: Page, pw: PwAction): Promise<RecordedAction | null> {
    if (pw.name === 'navigate') {
      if (!pw.url || pw.url === 'about:blank') return null;
      return { name: 'navigate', url: relativeUrl(pw.url, this.options.baseUrl) };
    }
    if (!pw.selector) return null;
    const locator = page.locator(await this.fullNameOf(page, pw.selector)).toString();
    switch (pw.name) {
      case 'click': {
        // A click without a pointer (Enter submitting a form, Space on a button): the key press already did it.
        if (pw.clickCount === 0) return null;
        const modifiers = modifierNames(pw.modifiers);
        return {
          name: 'click',
          locator,
          ...(pw.button && pw.button !== 'left' ? { button: pw.button } : {}),
          ...(pw.clickCount && pw.clickCount > 1 ? { clickCount: Math.min(pw.clickCount, 3) } : {}),
          ...(modifiers.length ? { modifiers } : {}),
        };
      }
      case 'fill':
        return { name: 'fill', locator, value: await this.secretOr(page, pw.selector, locator, pw.text ?? '') };
      case 'select':
        return { name: 'select', locator, options: pw.options ?? [] };
      case 'check':
      case 'uncheck':
        return { name: pw.name, locator };
      case 'press': {
        const key = [...modifierNames(pw.modifiers), pw.key ?? ''].join('+');
        return !pw.key || SKIPPED_KEYS.has(key) ? null : { name: 'press', locator, key };
      }
      case 'setInputFiles':
        return { name: 'upload', locator, files: (pw.files ?? []).map((f) => f.replace(/^.*[\\/]/, '')) };
      // The assertion tools of Playwright's in-page toolbar.
      case 'assertText':
        return pw.text ? { name: 'assertText', text: pw.text } : null;
      case 'assertVisible':
        return { name: 'assertVisible', locator };
      case 'assertValue':
        return { name: 'assertValue', locator, value: pw.value ?? '' };
      case 'assertChecked':
        return { name: 'assertChecked', locator, checked: !!pw.checked };
      default:
        return null;
    }
  }

  /** The selector with the element's name written out in full (full-names.ts), once per selector. */
  private async fullNameOf(page: Page, selector: string): Promise<string> {
    let full = this.fullSelectors.get(selector);
    if (full === undefined) {
      full = await withFullName(page, selector, NAME_CHECK_TIMEOUT_MS);
      this.fullSelectors.set(selector, full);
    }
    return full;
  }

  /** The value typed, or `{{key}}` when the field is a password field (the value then kept as a secret). */
  private async secretOr(page: Page, selector: string, locator: string, value: string): Promise<string> {
    let key = this.secretKeys.get(locator);
    if (key === undefined) {
      const isPassword = await page
        .locator(selector)
        .evaluate((el) => (el as unknown as PageElement).tagName === 'INPUT' && (el as unknown as PageElement).type === 'password', undefined, { timeout: FIELD_CHECK_TIMEOUT_MS })
        .catch(() => false);
      key = isPassword ? secretKeyFor(locator, new Set(this.secretKeys.values())) : null;
      this.secretKeys.set(locator, key);
    }
    if (key === null) return value;
    this.secretValues.set(key, value);
    this.options.onSecrets?.(this.secrets);
    return `{{${key}}}`;
  }

  /** Writes "Then the URL should contain ..." when the page is not where the steps left it (it moved on its own). */
  private noteMove(page: Page, at: string): void {
    const place = this.moves.moved(page, at);
    if (place) this.add({ name: 'assertUrl', url: place });
  }

  private add(action: RecordedAction): RecordedStep {
    const step = { id: `s${this.nextId++}`, ...phrase(action), action } as RecordedStep;
    this.list.push(step);
    this.emit();
    return step;
  }

  private replaceLast(action: RecordedAction): void {
    const last = this.list[this.list.length - 1];
    this.list[this.list.length - 1] = { id: last.id, ...phrase(action), action } as RecordedStep;
    this.emit();
  }

  private emit(): void {
    this.options.onSteps?.(this.steps);
  }
}

/** What the page functions here use of the DOM (this package is type-checked without the DOM's types). */
interface PageElement {
  tagName: string;
  type?: string;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}
interface PageDocument {
  documentElement: PageElement;
  body: PageElement | null;
  elementFromPoint(x: number, y: number): PageElement | null;
  querySelector(selector: string): PageElement | null;
}

/** Answers once the page has run what it was doing (its event handlers, its calls to Playwright's recorder). */
async function roundTrip(page: Page): Promise<void> {
  // A page in the middle of loading answers once it has loaded: not waited for beyond a moment.
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((r) => (timer = setTimeout(r, ROUND_TRIP_TIMEOUT_MS)));
  await Promise.race([page.evaluate(() => 0).catch(() => undefined), late]);
  clearTimeout(timer);
}

/** The locator Playwright writes for the element at (x, y) of the page (in CSS pixels). */
async function locatorAt(page: Page, x: number, y: number): Promise<string> {
  const marker = `data-stepwise-pick-${Date.now()}`;
  const found = await page.evaluate(
    ({ x, y, marker }) => {
      const { document } = globalThis as unknown as { document: PageDocument };
      const el = document.elementFromPoint(x, y);
      if (!el || el === document.documentElement || el === document.body) return false;
      el.setAttribute(marker, '');
      return true;
    },
    { x, y, marker },
  );
  if (!found) throw new Error('There is no element at that point');
  try {
    return (await page.locator(`[${marker}]`).normalize()).toString();
  } finally {
    await page
      .evaluate((marker) => (globalThis as unknown as { document: PageDocument }).document.querySelector(`[${marker}]`)?.removeAttribute(marker), marker)
      .catch(() => undefined);
  }
}
