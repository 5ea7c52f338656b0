// AI recovery (loaded by the runner after world.ts when the run asks for it): a step that fails on a
// locator (not found in time, not visible, strict-mode violation) sends its code, its error and the
// live page's aria snapshot for repair, and is retried with the repaired locator: up to
// MAX_REPAIRS_PER_STEP times, one per locator the application's change broke. The step records what
// happened as an 'ai_recovery' command: the report shows "fixed by AI" or "failed by AI", and a fix
// becomes a Code Review item on the server.
import { randomUUID } from 'node:crypto';
import { BeforeStep, setDefinitionFunctionWrapper, type IWorld } from '@cucumber/cucumber';
import type { Page } from 'playwright-core';
import type { LocatorReplacement, RepairAnswer, RepairRequest } from '../options.ts';
import {
  AI_RECOVERY_COMMAND, AI_REPAIR_CHANNEL, failedLocatorOf, MAX_REPAIRS_PER_STEP, plainMessage, REPAIR_WAIT_MS, RETRY_ACTION_TIMEOUT_MS,
} from './ai-recovery-protocol.ts';
import { substitutingPage } from './locator-substitution.ts';
import { ATTACHMENT_TYPES as MEDIA } from '@stepwise/shared/report-constants';

const CURRENT_STEP = Symbol.for('stepwise.currentStep');
const MAX_CODE = 20_000;
const ARIA_TIMEOUT_MS = 3000;

type RecoveryWorld = IWorld & { page?: Page; [CURRENT_STEP]?: string };

const channel = new BroadcastChannel(AI_REPAIR_CHANNEL);
channel.unref();
const waiting = new Map<string, (answer: RepairAnswer) => void>();
channel.onmessage = (event) => {
  const m = (event as MessageEvent).data as { type?: string; id?: string; answer?: RepairAnswer };
  if (m?.type !== 'answer' || !m.id) return;
  waiting.get(m.id)?.(m.answer ?? { ok: false, reason: 'No answer' });
  waiting.delete(m.id);
};

function askRepair(request: RepairRequest): Promise<RepairAnswer> {
  const id = randomUUID();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      resolve({ ok: false, reason: `No repair came within ${REPAIR_WAIT_MS / 1000} s` });
    }, REPAIR_WAIT_MS);
    waiting.set(id, (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    channel.postMessage({ type: 'request', id, request });
  });
}

BeforeStep(function (this: RecoveryWorld, { pickleStep }) {
  this[CURRENT_STEP] = pickleStep.text;
});

async function pageNow(page: Page): Promise<RepairRequest['page']> {
  const aria = await page.locator('body').ariaSnapshot({ timeout: ARIA_TIMEOUT_MS }).catch(() => '');
  return { url: page.url(), title: await page.title().catch(() => ''), aria };
}

function record(world: RecoveryWorld, fixed: boolean, started: Date, detail: Record<string, unknown>, reasoning: string, message: string | null): void {
  const command = {
    type: AI_RECOVERY_COMMAND,
    text: fixed ? 'fixed by AI' : 'failed by AI',
    result: { status: fixed ? 'PASSED' : 'FAILED', startTime: started.toISOString(), endTime: new Date().toISOString(), message },
    reasoning,
    info: { status: fixed ? 'fixed' : 'failed', ...detail },
  };
  void world.attach(JSON.stringify([command]), MEDIA.command);
}

/** The step run again and again while a locator fails and a repair comes: the first success, or the last error. */
async function recover(world: RecoveryWorld, code: (...a: unknown[]) => unknown, args: unknown[], first: Error): Promise<unknown> {
  const page = world.page!;
  const started = new Date();
  const stepText = world[CURRENT_STEP] ?? '';
  const originalCode = code.toString().slice(0, MAX_CODE);
  const replacements: LocatorReplacement[] = [];
  const reasons: string[] = [];
  let fixedCode = originalCode;
  let error = first;
  for (let round = 0; round < MAX_REPAIRS_PER_STEP; round++) {
    const message = plainMessage(error.message ?? String(error));
    const from = failedLocatorOf(message);
    if (!from || replacements.some((r) => r.from === from)) break;
    const answer = await askRepair({ stepText, code: fixedCode, error: message.slice(0, 4000), page: await pageNow(page) });
    if (!answer.ok) {
      reasons.push(answer.reason);
      break;
    }
    replacements.push(answer.replacement);
    reasons.push(answer.reasoning);
    fixedCode = answer.code;
    const retryWorld = new Proxy(world, { get: (t, key) => (key === 'page' ? substitutingPage(page, replacements) : Reflect.get(t, key, t)) });
    setTimeoutOnly(page, RETRY_ACTION_TIMEOUT_MS);
    try {
      const result = await code.apply(retryWorld, args);
      record(world, true, started, { stepText, error: plainMessage(first.message), originalCode, fixedCode, replacements }, reasons.join('\n'), null);
      return result;
    } catch (e) {
      error = e as Error;
    } finally {
      restoreTimeout(page);
    }
  }
  const detail = { stepText, error: plainMessage(first.message), originalCode, ...(replacements.length ? { fixedCode, replacements } : {}) };
  record(world, false, started, detail, reasons.join('\n') || 'The failure names no element to look for', plainMessage(error.message ?? String(error)));
  throw error;
}

// The page's own default timeout is what the step's code set last (or Playwright's): kept to restore it after a retry.
const DEFAULT_TIMEOUTS = new WeakMap<Page, { ms: number; set: (ms: number) => void }>();
const PLAYWRIGHT_DEFAULT_TIMEOUT_MS = 30_000;
function setTimeoutOnly(page: Page, ms: number): void {
  (DEFAULT_TIMEOUTS.get(page)?.set ?? page.setDefaultTimeout.bind(page))(ms);
}
function restoreTimeout(page: Page): void {
  setTimeoutOnly(page, DEFAULT_TIMEOUTS.get(page)?.ms ?? PLAYWRIGHT_DEFAULT_TIMEOUT_MS);
}
function watchTimeouts(page: Page): void {
  if (DEFAULT_TIMEOUTS.has(page)) return;
  const entry = { ms: PLAYWRIGHT_DEFAULT_TIMEOUT_MS, set: page.setDefaultTimeout.bind(page) };
  DEFAULT_TIMEOUTS.set(page, entry);
  page.setDefaultTimeout = (ms: number) => {
    entry.ms = ms;
    entry.set(ms);
  };
}

setDefinitionFunctionWrapper((code: (...a: unknown[]) => unknown) => {
  // Callback-style steps keep their own interface: only async functions are retried.
  if (code.constructor?.name !== 'AsyncFunction') return code;
  return async function (this: RecoveryWorld, ...args: unknown[]) {
    if (this?.page) watchTimeouts(this.page);
    try {
      return await code.apply(this, args);
    } catch (error) {
      if (!this?.[CURRENT_STEP] || !this.page || this.page.isClosed() || !(error instanceof Error)) throw error;
      if (!failedLocatorOf(plainMessage(error.message))) throw error;
      return recover(this, code, args, error);
    }
  };
});
