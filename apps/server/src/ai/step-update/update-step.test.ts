import vm from 'node:vm';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AI_REQUEST_QUICK_INSERTS } from '@stepwise/shared';
import { findStep } from './find-step.ts';
import { parseStepFile } from './js-ast.ts';
import { readRequest } from './request-intent.ts';
import { AI_FILE, USER_FILE } from './step-update-fixtures.ts';
import { updateStepOffline } from './update-step.ts';

const ADD = 'I add {string} to the cart';
const [CONTINUE, ONLY_IF_FOUND, RETRY, CLICK_TIMEOUT] = AI_REQUEST_QUICK_INSERTS;
/** The file before the updated step, and from the next step on: never touched. */
const AI_HEAD = AI_FILE.slice(0, AI_FILE.indexOf("When('I add"));
const AI_TAIL = AI_FILE.slice(AI_FILE.indexOf('\n// source: ai\n// Opens'));

function update(userRequest: string, fileContent = AI_FILE, functionName = ADD): string {
  const res = updateStepOffline({ userRequest, functionName, fileContent });
  if (!res.ok) throw new Error(res.reason);
  expect(parseStepFile(res.fileContent)).toHaveProperty('program');
  return res.fileContent;
}

function refusal(userRequest: string, fileContent = AI_FILE, functionName = ADD): string {
  const res = updateStepOffline({ userRequest, functionName, fileContent });
  expect(res.ok).toBe(false);
  return res.ok ? '' : res.reason;
}

/** A stand-in for Playwright's Page and its locators that records the calls; `failures` calls throw first. */
class RecordingPage {
  calls: string[] = [];
  private readonly opts: { missing?: string[]; failures?: number };
  constructor(opts: { missing?: string[]; failures?: number } = {}) {
    this.opts = opts;
  }
  private act(what: string, method: string) {
    return async (...args: unknown[]) => {
      this.calls.push(`${method} ${what}${args.length ? ` ${JSON.stringify(args)}` : ''}`);
      if ((this.opts.failures ?? 0) > 0) {
        this.opts.failures!--;
        throw new Error(`${what} is not clickable`);
      }
    };
  }
  private element(what: string) {
    return { count: async () => (this.opts.missing?.includes(what) ? 0 : 1), click: this.act(what, 'click'), fill: this.act(what, 'fill') };
  }
  getByRole(role: string, o: { name: string }) {
    return this.element(`${role} ${o.name}`);
  }
  getByLabel(label: string) {
    return this.element(label);
  }
  locator(selector: string) {
    return this.element(selector);
  }
  click = (selector: string, ...rest: unknown[]) => this.act(selector, 'click')(...rest);
  fill = (selector: string, ...rest: unknown[]) => this.act(selector, 'fill')(...rest);
  waitForLoadState = this.act('page', 'waitForLoadState');
  screenshot = async () => Buffer.from('png');
}

/** Runs the step's function of `code` (as the file holds it) on the recording page. */
async function runStep(code: string, page: RecordingPage, functionName = ADD, ...args: unknown[]): Promise<unknown> {
  const parsed = parseStepFile(code);
  if ('error' in parsed) throw new Error(parsed.error);
  const target = findStep(parsed.program, functionName);
  if ('error' in target) throw new Error(target.error);
  const fn = vm.runInNewContext(`(${code.slice(target.fn.start, target.fn.end)})`, { console, setTimeout, Promise });
  const attached: string[] = [];
  await fn.call({ page, attach: async (_b: unknown, type: string) => attached.push(type) }, ...args);
  return attached;
}

afterEach(() => vi.restoreAllMocks());

describe('the quick inserts on a generated step file', () => {
  it('continue if step fails: the body in a try/catch that logs the error with the step name and goes on', async () => {
    const code = update(CONTINUE);
    expect(code.startsWith(AI_HEAD) && code.endsWith(AI_TAIL)).toBe(true);
    expect(code).toContain(`When('I add {string} to the cart', { timeout: 120000 }, async function (name) {
  try {
    await this.page.getByRole('link', { name }).click();
    const button = this.page.getByRole('button', { name: 'Add to cart' });
    await button.click();
    await this.page.getByLabel('Quantity').fill('2', { force: true });
  } catch (error) {
    console.warn(\`Step "I add {string} to the cart" failed, going on: \${error?.message ?? error}\`);
  }
});`);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const page = new RecordingPage({ failures: 1 });
    await runStep(code, page, ADD, 'Mug');
    expect(page.calls).toEqual(['click link Mug']);
    expect(warn).toHaveBeenCalledWith('Step "I add {string} to the cart" failed, going on: link Mug is not clickable');
    expect(update(CONTINUE, code)).toBe(code);
  });

  it('perform only if element found: each action on an element runs only when the element is on the page', async () => {
    const code = update(ONLY_IF_FOUND);
    expect(code.startsWith(AI_HEAD) && code.endsWith(AI_TAIL)).toBe(true);
    expect(code).toContain("  if (await button.count() > 0) await button.click();\n");
    expect(code).toContain("  if (await this.page.getByRole('link', { name }).count() > 0) await this.page.getByRole('link', { name }).click();\n");
    const page = new RecordingPage({ missing: ['button Add to cart'] });
    await runStep(code, page, ADD, 'Mug');
    expect(page.calls).toEqual(['click link Mug', 'fill Quantity ["2",{"force":true}]']);
    expect(update(ONLY_IF_FOUND, code)).toBe(code);
  });

  it('retry step if it fails: up to 3 retries one second apart, the last error thrown', async () => {
    const code = update(RETRY);
    expect(code.startsWith(AI_HEAD) && code.endsWith(AI_TAIL)).toBe(true);
    expect(code).toContain(`async function (name) {
  const retries = 3;
  for (let attempt = 0; ; attempt++) {
    try {
      await this.page.getByRole('link', { name }).click();
      const button = this.page.getByRole('button', { name: 'Add to cart' });
      await button.click();
      await this.page.getByLabel('Quantity').fill('2', { force: true });
      break;
    } catch (error) {
      if (attempt >= retries) throw error;
      console.warn(\`Step "I add {string} to the cart" failed, retry \${attempt + 1} of \${retries}: \${error?.message ?? error}\`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
});`);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const page = new RecordingPage({ failures: 2 });
    await runStep(code, page, ADD, 'Mug');
    expect(page.calls.filter((c) => c === 'click link Mug')).toHaveLength(3);
    expect(page.calls.at(-1)).toBe('fill Quantity ["2",{"force":true}]');
    // Asked again: the same loop; asked with another count: the count changes, the loop stays one.
    expect(update(RETRY, code)).toBe(code);
    const once = update('retry it once', code);
    expect(once).toBe(code.replace('const retries = 3;', 'const retries = 1;'));
    const failing = new RecordingPage({ failures: 5 });
    await expect(runStep(once, failing, ADD, 'Mug')).rejects.toThrow('link Mug is not clickable');
    expect(failing.calls).toEqual(['click link Mug', 'click link Mug']);
  }, 15_000);

  it('set click timeout to 2 minutes: every click gets { timeout: 120000 }, and the step time is raised to hold it', async () => {
    const code = update(CLICK_TIMEOUT);
    expect(code).toBe(
      AI_FILE.replace("When('I add {string} to the cart', { timeout: 120000 }", "When('I add {string} to the cart', { timeout: 150000 }")
        .replace("getByRole('link', { name }).click();", "getByRole('link', { name }).click({ timeout: 120000 });")
        .replace('await button.click();', 'await button.click({ timeout: 120000 });'),
    );
    const page = new RecordingPage();
    await runStep(code, page, ADD, 'Mug');
    expect(page.calls[0]).toBe('click link Mug [{"timeout":120000}]');
    expect(update(CLICK_TIMEOUT, code)).toBe(code);
    // Another duration replaces the timeout; fills merge it into the options they have.
    const fill = update('set the fill timeout to 30 seconds', code);
    expect(fill).toContain(".fill('2', { force: true, timeout: 30000 });");
    expect(update('set click timeout to 45 seconds', code)).toContain('await button.click({ timeout: 45000 });');
  });

  it('all four in one request, in any order: timeouts and guards inside the retry loop, the loop inside the catch-all', () => {
    const code = update(AI_REQUEST_QUICK_INSERTS.join(', '));
    const order = ['try {', 'const retries = 3;', 'try {', 'if (await button.count() > 0) await button.click({ timeout: 120000 });', 'break;', '} catch (error) {', 'going on'];
    let at = 0;
    for (const part of order) {
      const next = code.indexOf(part, at);
      expect(next, part).toBeGreaterThanOrEqual(at);
      at = next;
    }
    expect(update([...AI_REQUEST_QUICK_INSERTS].reverse().join(' and '))).toBe(code);
    expect(update(AI_REQUEST_QUICK_INSERTS.join(', '), code)).toBe(code);
  });
});

describe('other requests', () => {
  it('the step timeout, network idle and a screenshot at the end', async () => {
    expect(update('set step timeout to 3 minutes')).toBe(AI_FILE.replace('{ timeout: 120000 }, async function (name)', '{ timeout: 180000 }, async function (name)'));
    const code = update('wait for network idle after, then take a screenshot');
    expect(code).toContain(`  await this.page.getByLabel('Quantity').fill('2', { force: true });
  await this.page.waitForLoadState('networkidle');
  await this.attach(await this.page.screenshot({ fullPage: true }), 'image/png');
});`);
    const page = new RecordingPage();
    expect(await runStep(code, page, ADD, 'Mug')).toEqual(['image/png']);
    expect(page.calls.at(-1)).toBe('waitForLoadState page ["networkidle"]');
    expect(update('take a screenshot', code)).toBe(code);
  });

  it('a named function and a one-line step of a hand-written file, by name or by step text', async () => {
    const retried = update('retry 2 times if it fails', USER_FILE, 'signIn');
    expect(retried).toContain('async function signIn(user) {\n  const retries = 2;');
    // The template literal's second line is text: it keeps its indentation.
    expect(retried).toContain('      const banner = `Welcome\n  back`;\n      return banner;\n    } catch (error) {');
    expect(retried).toContain("Given('I sign in as {string}', signIn);");
    const guarded = update(ONLY_IF_FOUND, USER_FILE, 'I sign in as "ada@example.com"');
    expect(guarded).toContain("  if (await this.page.locator('#sign-in').count() > 0) await this.page.click('#sign-in');");
    const page = new RecordingPage();
    expect(await runStep(guarded, page, 'signIn', 'ada')).toEqual([]);
    expect(page.calls).toEqual(['fill #email ["ada"]', 'click #sign-in']);
    const oneLine = update('continue if step fails and take a screenshot', USER_FILE, 'I am done');
    expect(oneLine).toContain(`Then('I am done', async function () {
  try {
    await this.page.click('#done');
    await this.attach(await this.page.screenshot({ fullPage: true }), 'image/png');
  } catch (error) {`);
    expect(update('set step timeout to 90 seconds', USER_FILE, 'signIn')).toContain("Given('I sign in as {string}', { timeout: 90000 }, signIn);");
  });

  it('paraphrases are read by their words, numbers and durations', () => {
    const kinds = (text: string) => {
      const read = readRequest(text);
      return 'error' in read ? read.error : read.intents;
    };
    expect(kinds('ignore errors in this step')).toEqual([{ kind: 'continue' }]);
    expect(kinds("don't fail the scenario when this step fails")).toEqual([{ kind: 'continue' }]);
    expect(kinds('only click when the button is visible')).toEqual([{ kind: 'only-if-found' }]);
    expect(kinds('try again five times')).toEqual([{ kind: 'retry', retries: 5 }]);
    expect(kinds('timeout 5000ms for clicks')).toEqual([{ kind: 'action-timeout', groups: ['click'], ms: 5000 }]);
    expect(kinds('set the click and fill timeout to 1.5 minutes')).toEqual([{ kind: 'action-timeout', groups: ['click', 'fill'], ms: 90_000 }]);
    expect(kinds('Retry it 4 times, and set the step timeout to 5 minutes')).toEqual([{ kind: 'retry', retries: 4 }, { kind: 'step-timeout', ms: 300_000 }]);
    expect(kinds('set click timeout')).toBe('Say how long the timeout should be, for example: set click timeout to 2 minutes');
    expect(kinds('retry 50 times')).toBe('Retry a step between 1 and 20 times');
  });
});

describe('what cannot be done', () => {
  it('says which requests it understands', () => {
    const reason = refusal('make it faster please');
    expect(reason).toContain('The request was not understood. Ask for one of: continue if step fails; perform only if element found; retry step if it fails');
    const partly = updateStepOffline({ userRequest: 'retry step if it fails and make coffee', functionName: ADD, fileContent: AI_FILE });
    expect(partly.ok && partly.summary).toContain('Left out, not understood: "make coffee".');
  });

  it('names the step that is missing, defined twice, a file that does not parse, and a step without actions', () => {
    expect(refusal(RETRY, AI_FILE, 'I pay')).toBe('The step "I pay" is not defined in this file');
    expect(refusal(RETRY, AI_FILE + AI_FILE.slice(AI_FILE.indexOf('// source: ai')), ADD)).toBe(
      `The step "${ADD}" is defined 2 times in this file: keep one definition first`,
    );
    expect(refusal(RETRY, 'When(\'x\', async function () {', 'x')).toMatch(/^The step file does not parse \(line 1: Unexpected token\)/);
    const empty = "import { When } from '@cucumber/cucumber';\nWhen('I wait', async function () {\n  return 'pending';\n});\n";
    expect(refusal(CLICK_TIMEOUT, empty, 'I wait')).toBe('This step has no click to set a timeout on');
    expect(refusal(ONLY_IF_FOUND, empty, 'I wait')).toBe('This step has no action on an element (click, fill, ...) to run only if the element is found');
    // A stub that only returns 'pending' can still be retried: the return stays the last statement.
    expect(update(RETRY, empty, 'I wait')).toContain("    try {\n      return 'pending';\n    } catch (error) {");
  });

  it('answers any request and any step name with a result or a reason, never an exception', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), fc.constantFrom(ADD, 'signIn', 'I am done', ''), (request, name) => {
        for (const file of [AI_FILE, USER_FILE]) {
          const res = updateStepOffline({ userRequest: request, functionName: name, fileContent: file });
          expect(res.ok ? parseStepFile(res.fileContent) : res.reason).toBeTruthy();
        }
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
