import type { Command, ReportStep, StepStatus } from './schemas/report.ts';

/**
 * Display rules of the reports pages and the dashboard (spec 002 sections 2.7, 2.8, 4.9-4.11, 9), as
 * pure functions: the server applies the step rules before it answers, the web app uses the rest.
 */

// ---------------------------------------------------------------------------------------------------
// Steps (2.7, 4.9)

const KEYWORD_OF_TYPE: Record<string, string> = { Context: 'Given', Action: 'When', Outcome: 'Then', Conjunction: 'And' };

/** A step's keyword: its own (trimmed), else mapped from its type; Unknown, After and Before are kept as they are. */
export function stepKeyword(step: { keyword?: string | null; type?: string | null }): string {
  const own = step.keyword?.trim();
  if (own) return own;
  const type = step.type?.trim() ?? '';
  return KEYWORD_OF_TYPE[type] ?? type;
}

export const NOT_MET_MARKER = 'not met';
export const API_INTERCEPTION_COMMAND = 'API Interception';
export const INTERCEPT_FAILED_MESSAGE = 'Intercept API validation failed';

/** The text of a command's outcome: its result message, else `info.message`. */
function commandMessage(command: Command): string {
  const fromResult = command.result?.message;
  if (typeof fromResult === 'string' && fromResult) return fromResult;
  const fromInfo = command.info?.message;
  return typeof fromInfo === 'string' ? fromInfo : '';
}

/**
 * The statuses a report shows (4.9), on copies (the input is not changed):
 * - a step with a `conditional_wait` command whose message contains "not met" becomes AMBIGUOUS
 *   (unless it FAILED or is UNDEFINED: a failure is never hidden);
 * - `interceptResults` add an "API Interception" command: FAILED with "Intercept API validation
 *   failed" when `overallStatus` is not "success", else PASSED (once: normalising twice changes nothing);
 * - every step after the first UNDEFINED step is SKIPPED.
 */
export function normaliseStepStatuses<S extends ReportStep>(steps: readonly S[]): S[] {
  let undefinedSeen = false;
  return steps.map((step) => {
    let status: StepStatus = step.result.status;
    let commands = step.commands ?? [];
    if (undefinedSeen) status = 'SKIPPED';
    else if (status !== 'FAILED' && status !== 'UNDEFINED' && commands.some((c) => c.type === 'conditional_wait' && commandMessage(c).includes(NOT_MET_MARKER))) {
      status = 'AMBIGUOUS';
    }
    // Idempotent: a step normalised before (by the server) keeps its one interception command.
    if (step.interceptResults && !commands.some((c) => c.type === 'api_intercept' && c.text === API_INTERCEPTION_COMMAND)) {
      const ok = String(step.interceptResults.overallStatus ?? '').toLowerCase() === 'success';
      const at = step.result.endTime ?? step.result.startTime ?? null;
      commands = [
        ...commands,
        {
          type: 'api_intercept',
          text: API_INTERCEPTION_COMMAND,
          result: { status: ok ? 'PASSED' : 'FAILED', startTime: at, endTime: at, message: ok ? null : INTERCEPT_FAILED_MESSAGE },
        },
      ];
    }
    if (step.result.status === 'UNDEFINED') undefinedSeen = true;
    if (status === step.result.status && commands === step.commands) return step;
    return { ...step, commands, result: { ...step.result, status } };
  });
}

export type StatusColour = 'error' | 'success' | 'default';

/** FAILED and UNDEFINED in the error colour, PASSED and AMBIGUOUS in the success colour, the rest default. */
export function statusColour(status: string | null | undefined): StatusColour {
  switch (status?.toUpperCase()) {
    case 'FAILED':
    case 'UNDEFINED':
      return 'error';
    case 'PASSED':
    case 'AMBIGUOUS':
      return 'success';
    default:
      return 'default';
  }
}

/** Index of the step selected when a scenario opens: the last that passed or failed; null when none did. */
export function defaultSelectedStep(steps: ReadonlyArray<{ result: { status: string } }>): number | null {
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    const s = steps[i].result?.status;
    if (s === 'PASSED' || s === 'FAILED') return i;
  }
  return null;
}

/** Index of the command selected in a step: the first that is not PASSED, else the last; null when there is none. */
export function defaultSelectedCommand(commands: ReadonlyArray<{ result: { status: string } }>): number | null {
  if (commands.length === 0) return null;
  const i = commands.findIndex((c) => c.result?.status !== 'PASSED');
  return i >= 0 ? i : commands.length - 1;
}

/** Milliseconds as seconds with one decimal, without unit: 1530 -> "1.5". Not a number -> "0.0". */
export function formatSeconds1(ms: number | null | undefined): string {
  const n = typeof ms === 'number' && Number.isFinite(ms) ? Math.max(0, ms) : 0;
  return (n / 1000).toFixed(1);
}

// ---------------------------------------------------------------------------------------------------
// Network and API tests (2.8, 4.11)

/** An HTTP status as a number; a numeric string counts, anything else (net::ERR_ABORTED) is null. */
function statusNumber(status: number | string | null | undefined): number | null {
  if (typeof status === 'number') return Number.isFinite(status) ? status : null;
  if (typeof status === 'string' && /^\s*\d{1,3}\s*$/.test(status)) return Number(status);
  return null;
}

/** 100s Information, 200s Success, 300s Permanent Redirect, 400s Bad Request, 500s Bad Gateway, otherwise (net::ERR_ABORTED too) Failed. */
export function networkStatusLabel(status: number | string | null | undefined): string {
  const n = statusNumber(status);
  if (n === null) return 'Failed';
  if (n >= 100 && n < 200) return 'Information';
  if (n >= 200 && n < 300) return 'Success';
  if (n >= 300 && n < 400) return 'Permanent Redirect';
  if (n >= 400 && n < 500) return 'Bad Request';
  if (n >= 500 && n < 600) return 'Bad Gateway';
  return 'Failed';
}

/** A request failed when its status is outside 200-399 (a failure text such as net::ERR_ABORTED included). */
export function isNetworkFailure(status: number | string | null | undefined): boolean {
  const n = statusNumber(status);
  return n === null || n < 200 || n > 399;
}

export const NO_API_TESTS = 'No Api tests added to test';

/** "{passed}/{total} api tests passed", or "No Api tests added to test" when there are none. */
export function apiTestsSummary(tests: ReadonlyArray<{ fail?: boolean | null }> | null | undefined): string {
  if (!tests || tests.length === 0) return NO_API_TESTS;
  const passed = tests.filter((t) => !t.fail).length;
  return `${passed}/${tests.length} api tests passed`;
}

/** Bytes in kb with 2 decimals: 1536 -> "1.50". */
export function sizeKb2(bytes: number | null | undefined): string {
  const n = typeof bytes === 'number' && Number.isFinite(bytes) ? Math.max(0, bytes) : 0;
  return (n / 1024).toFixed(2);
}

export const TIME_BAR_FULL_MS = 1000;

/** Width of a request's time bar in percent: full at 1000 ms, 0-100. */
export function timeBarPercent(ms: number | null | undefined): number {
  const n = typeof ms === 'number' && Number.isFinite(ms) ? ms : 0;
  return Math.min(100, Math.max(0, (n / TIME_BAR_FULL_MS) * 100));
}

// ---------------------------------------------------------------------------------------------------
// Values used (2.6)

/**
 * Values that start with this prefix are secrets and show as '****': it is the prefix of a value sealed
 * by the server's secret box ("v1:iv:tag:ciphertext", how secret and totp test data are kept in Git).
 */
export const MASK_PREFIX = 'v1:';
export const MASKED_VALUE = '****';

export function maskValue(value: string | null | undefined, prefix: string = MASK_PREFIX): string {
  const v = value ?? '';
  return prefix && v.startsWith(prefix) ? MASKED_VALUE : v;
}

// ---------------------------------------------------------------------------------------------------
// AI retrains (4.10)

/** retrainStats.result values that mean the AI fixed the scenario (lower case). */
export const AI_FIXED_RESULTS = ['fixed', 'passed', 'success'] as const;

export function isAiFixed(retrainStats: { result?: string | null } | null | undefined): boolean {
  const r = retrainStats?.result?.trim().toLowerCase();
  return !!r && (AI_FIXED_RESULTS as readonly string[]).includes(r);
}

/** Label of the AI-retrained child row: "fixed by AI" or "failed by AI"; null without a retrain. */
export function retrainLabel(retrainStats: { result?: string | null } | null | undefined): 'fixed by AI' | 'failed by AI' | null {
  if (!retrainStats?.result) return null;
  return isAiFixed(retrainStats) ? 'fixed by AI' : 'failed by AI';
}

// ---------------------------------------------------------------------------------------------------
// Dashboard value metrics (3, 4.13, 9)

/** The personalised assumptions (field names as the product's contract spells them). */
export interface ValueMetrics {
  hourlyRateForTestEngineer: number;
  avgTimeToAutomateScenario: number;
  avgTimeToAutomateScenarioUsingStepwiseIO: number;
  avgTimeToMaintainScenario: number;
  avgTimeToAnalyzeFailedScenario: number;
}
export const VALUE_METRIC_FIELDS = [
  'hourlyRateForTestEngineer',
  'avgTimeToAutomateScenario',
  'avgTimeToAutomateScenarioUsingStepwiseIO',
  'avgTimeToMaintainScenario',
  'avgTimeToAnalyzeFailedScenario',
] as const satisfies ReadonlyArray<keyof ValueMetrics>;

/** Section 9: rate 50, automate 4 hours, automate with the product 0.25 hours, maintain 2 hours, analyze a failure 2 hours. */
export const DEFAULT_VALUE_METRICS: Readonly<ValueMetrics> = Object.freeze({
  hourlyRateForTestEngineer: 50,
  avgTimeToAutomateScenario: 4,
  avgTimeToAutomateScenarioUsingStepwiseIO: 0.25,
  avgTimeToMaintainScenario: 2,
  avgTimeToAnalyzeFailedScenario: 2,
});
export const VALUE_METRIC_MAX = 1_000_000;

/** Up to 2 decimals (4.13): 12, 12.5 and 12.25 pass, 12.255 does not. */
export function hasAtMostTwoDecimals(n: number): boolean {
  if (!Number.isFinite(n)) return false;
  const scaled = n * 100;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, Math.abs(scaled));
}

/** A personalised number: a finite number (or numeric text) from 0 to VALUE_METRIC_MAX with up to 2 decimals; else null. */
export function valueMetricNumber(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 0 && n <= VALUE_METRIC_MAX && hasAtMostTwoDecimals(n) ? n : null;
}

/** The assumptions in effect: each personalised value that is valid, else its default. */
export function resolveValueMetrics(personalization: Readonly<Record<string, unknown>> | null | undefined): ValueMetrics {
  const out = { ...DEFAULT_VALUE_METRICS };
  for (const field of VALUE_METRIC_FIELDS) {
    const v = valueMetricNumber(personalization?.[field]);
    if (v !== null) out[field] = v;
  }
  return out;
}

export interface SavingsInput {
  aiRecoveryCount: number;
  rcaCount: number;
  /** Used for the created scenarios when given (section 9: "mutatedScenariosCount or the count of newly created scenarios"). */
  mutatedScenariosCount?: number | null;
  createdScenariosCount?: number | null;
}

export interface Savings {
  hours: { maintenance: number; creation: number; analysis: number; total: number };
  /** Hourly rate x total hours. */
  budget: number;
  metrics: ValueMetrics;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const count = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0);

/**
 * Hours and budget saved (section 9): maintenance = maintain x AI recoveries; creation = (automate -
 * automate with the product) x created scenarios (never below 0); analysis = analyze x root-cause
 * analyses; budget = hourly rate x the sum. Rounded to 2 decimals.
 */
export function savings(personalization: Readonly<Record<string, unknown>> | null | undefined, data: SavingsInput): Savings {
  const m = resolveValueMetrics(personalization);
  const created = typeof data.mutatedScenariosCount === 'number' ? count(data.mutatedScenariosCount) : count(data.createdScenariosCount);
  const maintenance = m.avgTimeToMaintainScenario * count(data.aiRecoveryCount);
  const creation = Math.max(0, m.avgTimeToAutomateScenario - m.avgTimeToAutomateScenarioUsingStepwiseIO) * created;
  const analysis = m.avgTimeToAnalyzeFailedScenario * count(data.rcaCount);
  const total = maintenance + creation + analysis;
  return {
    hours: { maintenance: round2(maintenance), creation: round2(creation), analysis: round2(analysis), total: round2(total) },
    budget: round2(m.hourlyRateForTestEngineer * total),
    metrics: m,
  };
}
