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
}

/** What run-job.ts reads: RunOptions without the functions. */
export type JobOptions = Omit<RunOptions, 'onMessage' | 'signal' | 'launch'> & {
  /** IPC to the parent: 'progress' (default) or every envelope ('all', what runScenarios uses). */
  ipc?: 'progress' | 'all';
};

export const DEFAULT_VIEWPORT = { width: 1024, height: 768 };

export function chromiumPathOf(opts: Pick<RunOptions, 'chromiumPath'>): string {
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
      /** The test case of the event; status (worst step status, or RETRY) when it finished. */
      testCase?: { id: string; name: string; uri: string; status?: string };
    }
  | { type: 'done'; success: boolean; error?: string };
