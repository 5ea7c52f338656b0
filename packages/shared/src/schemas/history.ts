import { z } from 'zod';
import { exampleText, isQuarantined, scenarioIdentity } from '../scenario-identity.ts';

/**
 * Scenario history across runs: each scenario (feature path + name + example row) with its latest
 * results, pass rate, flakiness and the start of its current failure; the run report's marks, the
 * dashboard's "most flaky" and "newly failing" lists, failures grouped by signature, quarantine.
 */

/** Results a scenario's flakiness and pass rate are measured over (newest first). */
export const HISTORY_WINDOW = 20;
/** A scenario is flaky with at least this many status flips in its window, or one pass on a retry. */
export const FLAKY_MIN_FLIPS = 3;
export const FLAKY_MIN_RETRY_PASSES = 1;
export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_LIST_LIMIT = 10;
export const QUARANTINE_REASON_MAX = 500;

export const HISTORY_MESSAGES = {
  scenarioNotFound: 'Scenario not found',
  quarantineAdminOnly: 'Only an admin of the project can quarantine a scenario',
  quarantineReasonRequired: 'Say why the scenario is quarantined',
} as const;

/** One result: P passed, R passed on a retry, F failed (or undefined, ambiguous, pending), S skipped or unknown. */
export type HistoryOutcome = 'P' | 'R' | 'F' | 'S';
/** How a run's result compares with the scenario's earlier ones. */
export const HISTORY_MARKS = ['flaky', 'new_failure', 'fixed', 'still_failing'] as const;
export type HistoryMark = (typeof HISTORY_MARKS)[number];
export const HISTORY_MARK_LABELS: Record<HistoryMark, string> = {
  flaky: 'Flaky',
  new_failure: 'New failure',
  fixed: 'Fixed',
  still_failing: 'Still failing',
};

const id = z.string().trim().min(1).max(64);
const page = z.coerce.number().int().min(0).max(100000).default(0);

export const ScenarioHistoryQuery = z.object({
  testCaseId: id,
  page,
  limit: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
});
export type ScenarioHistoryQuery = z.infer<typeof ScenarioHistoryQuery>;
export const RunMarksQuery = z.object({ runId: id });
export const HistoryListsQuery = z.object({ projectId: id, limit: z.coerce.number().int().min(1).max(50).default(HISTORY_LIST_LIMIT) });
export const FAILURE_GROUPS_PAGE_SIZE = 25;
/** Failures by signature over the last `days`, a page (from 0) of `pageSize` groups at a time. */
export const FailureGroupsQuery = z.object({
  projectId: id,
  days: z.coerce.number().int().min(1).max(36500).default(30),
  page,
  pageSize: z.coerce.number().int().min(1).max(200).default(FAILURE_GROUPS_PAGE_SIZE),
});
export type FailureGroupsQuery = z.infer<typeof FailureGroupsQuery>;
/** Quarantining needs a reason (it shows on the scenario's chip); lifting does not. */
export const QuarantineBody = z
  .object({
    testCaseId: id,
    quarantined: z.boolean(),
    reason: z.string().trim().max(QUARANTINE_REASON_MAX).default(''),
  })
  .refine((b) => !b.quarantined || b.reason.length > 0, { message: HISTORY_MESSAGES.quarantineReasonRequired, path: ['reason'] });
export type QuarantineBody = z.infer<typeof QuarantineBody>;

/** What the history knows of a scenario (its stats over the last HISTORY_WINDOW results). */
export interface ScenarioStatsDto {
  historyKey: string;
  featurePath: string;
  scenarioName: string;
  /** The example row's values ('' outside a Scenario Outline). */
  example: string;
  lastStatus: string;
  lastTestCaseId: string;
  lastRunId: string;
  lastPublishTime: string;
  /** Results in the window, newest first (HistoryOutcome letters). */
  recent: string;
  /** Passed (P or R) out of the window's results that passed or failed, 0..1; null with none. */
  passRate: number | null;
  flips: number;
  retryPasses: number;
  /** (flips + retry passes) / results in the window, at most 1. */
  flakinessScore: number;
  flaky: boolean;
  /** The first failure of the current run of failures (null when the latest result passed). */
  firstFailure: { runId: string; publishTime: string; branch: string | null; commit: string | null } | null;
  failingStreak: number;
  quarantined: boolean;
  quarantineReason: string | null;
}

export interface HistoryResultDto {
  runId: string;
  runName: string;
  testCaseId: string;
  status: string;
  outcome: HistoryOutcome;
  mark: HistoryMark | null;
  quarantined: boolean;
  branch: string | null;
  commit: string | null;
  publishTime: string;
  /** The run's start (its publish time without one): the history's order. */
  startedAt: string;
  signature: string | null;
}

export interface ScenarioHistoryResponse {
  status: 'success';
  scenario: ScenarioStatsDto;
  results: HistoryResultDto[];
  total: number;
  page: number;
  pageCount: number;
}

export interface RunMarkDto {
  testCaseId: string;
  mark: HistoryMark | null;
  quarantined: boolean;
  /** The reason given when the scenario was flagged (null when it is not flagged now: tagged, or lifted since). */
  quarantineReason: string | null;
  flakinessScore: number;
}

export interface RunMarksResponse {
  status: 'success';
  marks: RunMarkDto[];
  /** Counted scenarios left out of the run's verdict because they are quarantined and did not pass. */
  quarantinedFailures: number;
}

export interface HistoryListsResponse {
  status: 'success';
  mostFlaky: ScenarioStatsDto[];
  newlyFailing: ScenarioStatsDto[];
}

export interface FailureGroupDto {
  signature: string;
  /** The failure message with numbers, ids and paths masked, the failing step and the top stack frame. */
  message: string;
  step: string | null;
  frame: string | null;
  failures: number;
  scenarios: number;
  runs: number;
  firstSeen: string;
  lastSeen: string;
  /** The latest failure with this signature: a scenario report to open. */
  example: { runId: string; testCaseId: string; featurePath: string; scenarioName: string; example: string };
}

export interface FailureGroupsResponse {
  status: 'success';
  groups: FailureGroupDto[];
  /** Groups in the period (every page). */
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

export interface QuarantineResponse {
  status: 'success';
  scenario: ScenarioStatsDto;
}

/** Statuses a counted scenario fails with (the others than PASSED count as neither). */
export const FAILING_STATUSES: ReadonlySet<string> = new Set(['FAILED', 'UNDEFINED', 'AMBIGUOUS', 'PENDING', 'UNKNOWN']);

/** What the verdict of a run reads of a test case (a report's TestCaseResult). */
export interface VerdictCase {
  id: string;
  rerunId?: string | null;
  featurePath: string;
  line: number | null;
  scenarioName: string;
  parameters: Record<string, string>;
  tags: string[];
  browser?: string | null;
  viewport?: string | null;
  attempt?: number;
  result: { status: string };
}

/**
 * A run's verdict with its quarantined scenarios out, as the server stores it: of each scenario's last
 * attempt (a rerun replaces what it reruns), the failures counted and the quarantined ones apart.
 */
export function quarantineVerdict(cases: readonly VerdictCase[], flagged: ReadonlySet<string>): { failed: VerdictCase[]; quarantined: VerdictCase[] } {
  const rerun = new Set(cases.map((c) => c.rerunId).filter(Boolean));
  const latest = new Map<string, VerdictCase>();
  for (const c of cases) {
    if (rerun.has(c.id)) continue;
    const key = JSON.stringify([c.featurePath, c.line, c.scenarioName, exampleText(c.parameters), c.browser ?? null, c.viewport ?? null]);
    const prev = latest.get(key);
    if (!prev || (c.attempt ?? 0) >= (prev.attempt ?? 0)) latest.set(key, c);
  }
  const failed: VerdictCase[] = [];
  const quarantined: VerdictCase[] = [];
  for (const c of latest.values()) {
    if (!FAILING_STATUSES.has(c.result.status)) continue;
    if (isQuarantined(c.tags, scenarioIdentity(c.featurePath, c.scenarioName, c.parameters), flagged)) quarantined.push(c);
    else failed.push(c);
  }
  return { failed, quarantined };
}
