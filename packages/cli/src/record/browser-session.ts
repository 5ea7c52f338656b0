import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import type { RecordedSecret, RecordedStep } from '@stepwise/shared';
import { Recording } from '@stepwise/recorder';
import { CliError } from '../cli-error.ts';

export interface SessionOptions {
  baseUrl: string;
  startUrl: string;
  executablePath: string;
  /** Exposes the browser's DevTools endpoint on this port (tests drive the headed browser through it). */
  remoteDebuggingPort?: number;
  onSteps(steps: RecordedStep[]): void;
  /** Ends the session early (Ctrl+C). */
  signal: AbortSignal;
}

export interface SessionResult {
  steps: RecordedStep[];
  secrets: RecordedSecret[];
  /** What ended it: the browser closed, its last page closed, or the user stopped. */
  endedBy: 'browser' | 'pages' | 'stopped';
}

/**
 * A headed Chromium on this computer with the recording engine and its in-page toolbar attached; ends
 * when the browser or its last page is closed, or on `signal`.
 */
export async function recordInBrowser(opts: SessionOptions): Promise<SessionResult> {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'stepwise-record-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      headless: false,
      executablePath: opts.executablePath,
      viewport: null,
      // The in-page toolbar is injected into the application: a strict content security policy
      // (style-src 'self') would leave it unstyled, lost at the end of the page.
      bypassCSP: true,
      handleSIGINT: false,
      handleSIGTERM: false,
      args: ['--no-first-run', '--no-default-browser-check', ...(opts.remoteDebuggingPort ? [`--remote-debugging-port=${opts.remoteDebuggingPort}`] : [])],
    });
  } catch (err) {
    await fs.rm(profile, { recursive: true, force: true }).catch(() => {});
    const message = (err as Error).message;
    if (/display|x server|ozone/i.test(message)) throw new CliError('The browser could not open a window: run this command in a desktop session (on a server: under xvfb-run)');
    throw new CliError(`The browser did not start: ${message.split('\n')[0]}`);
  }
  let steps: RecordedStep[] = [];
  let secrets: RecordedSecret[] = [];
  const recording = new Recording({
    baseUrl: opts.baseUrl,
    onSteps: (s) => {
      steps = s;
      opts.onSteps(s);
    },
    onSecrets: (s) => {
      secrets = s;
    },
  });
  try {
    const ended = waitForEnd(context, opts.signal);
    await recording.attach(context);
    await recording.installOverlay(context);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(opts.startUrl).catch((err: Error) => {
      if (!context.pages().length) return;
      throw new CliError(`Could not open ${opts.startUrl}: ${err.message.split('\n')[0]}`);
    });
    const endedBy = await ended;
    await recording.settled();
    steps = recording.steps.length >= steps.length ? recording.steps : steps;
    secrets = recording.secrets.length >= secrets.length ? recording.secrets : secrets;
    return { steps: [...steps], secrets: [...secrets], endedBy };
  } finally {
    await recording.detach().catch(() => {});
    await context.close().catch(() => {});
    await fs.rm(profile, { recursive: true, force: true }).catch(() => {});
  }
}

function waitForEnd(context: BrowserContext, signal: AbortSignal): Promise<SessionResult['endedBy']> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve('stopped');
    signal.addEventListener('abort', () => resolve('stopped'), { once: true });
    context.on('close', () => resolve('browser'));
    const watch = (page: import('playwright-core').Page) =>
      page.on('close', () => {
        // A page that closes while another opens (a popup replacing its opener) leaves one open.
        setTimeout(() => context.pages().length === 0 && resolve('pages'), 300);
      });
    context.pages().forEach(watch);
    context.on('page', watch);
  });
}
