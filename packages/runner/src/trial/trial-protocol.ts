import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The trial session's child entry (see trial-job.ts). */
export const TRIAL_JOB_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), `trial-job${path.extname(fileURLToPath(import.meta.url))}`);

export interface TrialOptions {
  baseUrl: string;
  envName: string;
  viewport: { width: number; height: number };
  chromiumPath: string;
  /** Opened test data of the environment. */
  testData: Record<string, string>;
  /** The step library's files, then the workspace's step files: absolute paths inside the sandbox. */
  libraryFiles: string[];
  stepFiles: string[];
  stepTimeoutMs: number;
}

/** A page as the trial sees it: Playwright's aria snapshot of its body. */
export interface TrialSnapshot {
  url: string;
  title: string;
  aria: string;
}

export type TrialRequest =
  | { id: number; type: 'open'; options: TrialOptions }
  /** Runs the existing step definition that matches `text`; matched false when none does (nothing ran). */
  | { id: number; type: 'step'; text: string }
  /** Runs candidate code for `text` (an async function of `params`, registered with `expression`). */
  | { id: number; type: 'code'; text: string; expression: string; params: string[]; body: string }
  | { id: number; type: 'snapshot' }
  | { id: number; type: 'close' };

export type TrialReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };
