import fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import type { Envelope } from '@cucumber/messages';
import type { RunMode } from '@stepwise/shared';
import type { StoredUser } from './support/parameters.ts';

export type BrowserName = 'chromium' | 'firefox' | 'webkit';
export type ScreenshotMode = 'each-step' | 'on-failure' | 'off';

export interface RunOptions {
  /** Folder holding features/**.feature, steps/**\/*.mjs and an optional package.json. */
  workDir: string;
  /** Feature paths relative to workDir, each may carry ':line' suffixes; default all features/**\/*.feature. */
  paths?: string[];
  /** Cucumber tag expression. */
  tags?: string;
  /** Scenario name regular expressions (cucumber `name`). */
  names?: string[];
  /** Cucumber workers (threads of the run process); 0 or 1: serial in the run process. */
  parallel?: number;
  /** Cucumber `retry`: attempts after a failed one. */
  retry?: number;
  browser?: BrowserName;
  viewport?: { width: number; height: number };
  headless?: boolean;
  /** Default process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'. */
  chromiumPath?: string;
  /**
   * The browser of headless Chromium runs when this file exists: default process.env.CHROMIUM_HEADLESS_PATH ??
   * '/usr/bin/chromium-headless-shell' (Debian's chromium-headless-shell); 'off' runs chromiumPath headless.
   */
  chromiumHeadlessPath?: string;
  env: { name: string; baseUrl: string };
  /** Already decrypted; never logged. */
  testData?: Record<string, string>;
  storedUsers?: Record<string, StoredUser>;
  /** Step library files loaded before the workspace's steps; default [BUILTIN_LIBRARY_PATH]. */
  libraryFiles?: string[];
  /** Write the NDJSON Cucumber messages here. */
  messagesFile?: string;
  /** Every message, live. */
  onMessage?: (envelope: Envelope) => void;
  /** Stops the run process (its workers and browsers with it) within a few seconds. */
  signal?: AbortSignal;
  /**
   * Starts the run process, `command`, with stdio [ignore, ignore, pipe, ipc] and the 'advanced' IPC
   * serialization: inside a sandbox, say. Default: a plain child of this process in its own process group.
   */
  launch?: (command: string[]) => ChildProcess;
  /** .npmrc text used to install the workspace's package.json dependencies. */
  npmrc?: string;
  depsCacheDir?: string;
  stepTimeoutMs?: number;
  /** Default each-step. */
  screenshots?: ScreenshotMode;
  runName?: string;
  mode?: RunMode;
  username?: string | null;
  branch?: string | null;
  /**
   * AI recovery: a step that fails on a locator asks this for a repaired one (from the live page's aria
   * snapshot) and is retried once with it. Absent: no recovery.
   */
  repairLocator?: (request: RepairRequest) => Promise<RepairAnswer>;
}

/** What a step failing on a locator sends for repair (AI recovery). */
export interface RepairRequest {
  stepText: string;
  /** The step definition's function source. */
  code: string;
  /** The error's message, without terminal colours. */
  error: string;
  page: { url: string; title: string; aria: string };
}

/** One locator of the step's code replaced: built by `method(...args)` on the same parent instead of `from`. */
export interface LocatorReplacement {
  /** The failing locator as Playwright writes it: `getByRole('button', { name: 'Add to cart' })`. */
  from: string;
  method: string;
  args: unknown[];
  /** The new locator as Playwright writes it. */
  to: string;
  /** Built on the page itself, not on the parent: the element left its container. */
  root?: boolean;
}

export type RepairAnswer =
  | { ok: true; code: string; reasoning: string; replacement: LocatorReplacement }
  | { ok: false; reason: string };

/** What run-job.ts reads: RunOptions without the functions. */
export type JobOptions = Omit<RunOptions, 'onMessage' | 'signal' | 'launch' | 'repairLocator'> & {
  /** Steps failing on a locator ask the parent for a repair over IPC (set when RunOptions.repairLocator is). */
  aiRecovery?: boolean;
  /** IPC to the parent: 'progress' (default) or every envelope ('all', what runScenarios uses). */
  ipc?: 'progress' | 'all';
  /** Scenarios quarantined by flag (scenarioIdentity); with those tagged @quarantine, their failures are counted apart in `progress`. */
  quarantined?: string[];
};

export const DEFAULT_VIEWPORT = { width: 1024, height: 768 };

export const DEFAULT_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium a run starts. Headless runs take the headless shell when it is installed: the same engine
 * without the full browser around it, a fraction of the CPU per page (docs/DECISIONS.md); otherwise, and
 * for headed runs, chromiumPath.
 */
export function chromiumPathOf(opts: Pick<RunOptions, 'chromiumPath' | 'chromiumHeadlessPath' | 'headless'>): string {
  if (opts.headless ?? true) {
    const shell = opts.chromiumHeadlessPath ?? process.env.CHROMIUM_HEADLESS_PATH ?? DEFAULT_HEADLESS_SHELL;
    if (shell && shell !== 'off' && fs.existsSync(shell)) return shell;
  }
  return opts.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** Messages the run process sends to its parent over IPC. */
export type JobMessage =
  | { type: 'message'; envelope: Envelope }
  | {
      type: 'progress';
      event: 'testCaseStarted' | 'testCaseFinished' | 'testRunFinished';
      /** Test cases of the run, started (first attempts), finished (last attempts) and how those ended. */
      planned: number;
      started: number;
      finished: number;
      passed: number;
      failed: number;
      /** Of the failed, those of quarantined scenarios (out of the run's verdict). */
      quarantined: number;
      /** The test case of the event; status (worst step status, or RETRY) when it finished. */
      testCase?: { id: string; name: string; uri: string; status?: string };
    }
  | { type: 'done'; success: boolean; error?: string }
  /** A step asks for a repaired locator; the parent answers { type: 'ai-repair-answer', id, answer }. */
  | { type: 'ai-repair'; id: string; request: RepairRequest };
