import { z } from 'zod';
import { RootCause } from '../root-cause.ts';

/**
 * The report model: what a run stores and the reports pages show. The runner builds it from the
 * Cucumber messages of a run (ours or any other cucumber implementation's), so an imported report and
 * a run of our own look the same. Binary data (screenshots, other attachments) is not inline: steps and
 * commands refer to it by id, and the bytes live in the blob store.
 */

export const STEP_STATUSES = ['PASSED', 'FAILED', 'UNDEFINED', 'AMBIGUOUS', 'SKIPPED', 'PENDING', 'UNKNOWN'] as const;
export const StepStatus = z.enum(STEP_STATUSES);
export type StepStatus = z.infer<typeof StepStatus>;

export const COMMAND_TYPES = ['api_test', 'bruno', 'conditional_wait', 'report_command', 'step_complete', 'api_intercept', 'action', 'ai_recovery'] as const;


export const TimedResult = z.object({
  status: StepStatus,
  /** ISO 8601. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  message: z.string().nullable().optional(),
});
export type TimedResult = z.infer<typeof TimedResult>;

export const NetworkEntry = z.object({
  requestUrl: z.string(),
  method: z.string(),
  /** HTTP status, or the failure text such as 'net::ERR_ABORTED'. */
  status: z.union([z.number(), z.string()]),
  /** Milliseconds. */
  responseTime: z.number(),
  /** Bytes. */
  size: z.number(),
  /** Playwright resource type: document, xhr, fetch, script, stylesheet, image, ... */
  type: z.string(),
});
export type NetworkEntry = z.infer<typeof NetworkEntry>;

export const ConsoleEntry = z.object({
  /** log, info, warning, error, debug, or 'pageerror' for uncaught exceptions. */
  type: z.string(),
  text: z.string(),
  /** ISO 8601. */
  time: z.string(),
});
export type ConsoleEntry = z.infer<typeof ConsoleEntry>;

export const Command = z.object({
  type: z.string(),
  text: z.string(),
  result: TimedResult,
  info: z.record(z.string(), z.unknown()).optional(),
  screenshotId: z.string().nullable().optional(),
  reasoning: z.string().optional(),
  element_name: z.string().optional(),
  value: z.string().optional(),
  payload: z.object({ type: z.enum(['yaml', 'json', 'xml']), content: z.string() }).optional(),
});
export type Command = z.infer<typeof Command>;

/** A page the step ended on, for the application map: title, URL and Playwright's aria snapshot. */
export const PageVisit = z.object({ url: z.string(), title: z.string(), ariaSnapshot: z.string().optional() });
export type PageVisit = z.infer<typeof PageVisit>;

export const ReportStep = z.object({
  keyword: z.string(),
  /** Gherkin step type: Context, Action, Outcome, Conjunction, Unknown; or Before/After for hooks. */
  type: z.string(),
  text: z.string(),
  /** Line in the feature file, when known. */
  line: z.number().nullable().optional(),
  result: TimedResult.extend({ duration: z.number().optional(), errorStack: z.string().nullable().optional() }),
  commands: z.array(Command),
  networkData: z.array(NetworkEntry),
  webLog: z.array(ConsoleEntry),
  /** Screenshot taken after the step (or on failure). */
  screenshotId: z.string().nullable().optional(),
  page: PageVisit.nullable().optional(),
  /** Other attachments (logs, files) by blob id. */
  attachments: z.array(z.object({ id: z.string(), mediaType: z.string(), fileName: z.string().nullable().optional() })).optional(),
  /** The AI's reasoning on the step; on a failed step, the root-cause analysis of the failure. */
  evaluation: z.object({ reasoning: z.string(), rootCause: RootCause.optional() }).optional(),
  interceptResults: z.object({ overallStatus: z.string() }).optional(),
  brunoData: z.unknown().optional(),
  /** Source of the matched definition, "steps/cart.mjs:12". */
  match: z.string().nullable().optional(),
});
export type ReportStep = z.infer<typeof ReportStep>;

export const TestCaseResult = z.object({
  /** Stable within the run: the cucumber testCaseStarted id (or a generated one). */
  id: z.string(),
  scenarioName: z.string(),
  featureName: z.string(),
  /** Feature file path as the run saw it, "features/cart.feature". */
  featurePath: z.string(),
  /** Line of the Scenario keyword (or Examples row for outlines). */
  line: z.number().nullable(),
  tags: z.array(z.string()),
  steps: z.array(ReportStep),
  /** Outline example values: column name -> value. */
  parameters: z.record(z.string(), z.string()),
  result: TimedResult,
  /** Retry attempt (0 for the first). A later attempt replaces the earlier in counts. */
  attempt: z.number().default(0),
  /** Set when this test case reran an earlier one: the id it replaces. */
  rerunId: z.string().nullable().optional(),
  retrainStats: z.object({ result: z.string(), upload_id: z.string().nullable() }).nullable().optional(),
  /** Index of the first FAILED/UNDEFINED/AMBIGUOUS step, or null. */
  failedStep: z.number().nullable(),
  browser: z.string().nullable().optional(),
  viewport: z.string().nullable().optional(),
  /** Worker that ran it ("0", "1", ...) in parallel runs. */
  workerId: z.string().nullable().optional(),
});
export type TestCaseResult = z.infer<typeof TestCaseResult>;

export const RUN_MODES = ['cloud', 'executions', 'local'] as const;
export const RunMode = z.enum(RUN_MODES);
export type RunMode = z.infer<typeof RunMode>;

/** A whole run as the report model holds it. */
export const RunReport = z.object({
  name: z.string(),
  mode: RunMode,
  username: z.string().nullable(),
  env: z.object({ name: z.string(), baseUrl: z.string().nullable() }).nullable(),
  branch: z.string().nullable(),
  /** ISO 8601 times. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  success: z.boolean(),
  testCases: z.array(TestCaseResult),
  /** Errors outside any test case: hooks failing globally, crashed workers, a browser that is missing. */
  errors: z.array(z.string()),
  /** The cucumber implementation and versions that produced the messages. */
  meta: z.object({ implementation: z.string().nullable(), version: z.string().nullable() }).nullable(),
});
export type RunReport = z.infer<typeof RunReport>;
