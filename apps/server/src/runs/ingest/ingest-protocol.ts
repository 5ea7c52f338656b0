import type { Insertable } from 'kysely';
import type { PageVisit, RunMode } from '@stepwise/shared';
import type { RunsTable } from '../../db/schema.ts';
import type { RunCounts, RunStatus, RunType } from '../run-rows.ts';
import type { TestCaseColumnBatch } from '../test-case-columns.ts';
import type { CaseState } from './case-state.ts';
import type { PickleSteps, TestStepInfo } from './step-details.ts';

/**
 * What the NDJSON ingest's main thread and its worker say to each other. The report's bytes are in a
 * growable SharedArrayBuffer that the main thread fills as the upload arrives; the worker reads the
 * lines as they come, folds each test case's results into its row as soon as it finished, and sends
 * the rows in batches to the main thread, which inserts them once the upload is complete, in the
 * import's one transaction.
 */

/** The largest report an upload may send (reports hold their screenshots inline). */
export const REPORT_UPLOAD_LIMIT = 512 * 1024 * 1024;

/** Message types of the definitions (definitions-state.ts) and of what happened (events-state.ts); any other type is read and passed over. */
export const DEFINITION_TYPES = new Set(['source', 'gherkinDocument', 'pickle', 'testCase', 'stepDefinition', 'hook', 'meta', 'parseError', 'parameterType', 'undefinedParameterType']);
export const EVENT_TYPES = new Set([
  'testCaseStarted',
  'testStepStarted',
  'testStepFinished',
  'testCaseFinished',
  'attachment',
  'testRunStarted',
  'testRunFinished',
  'testRunHookStarted',
  'testRunHookFinished',
]);

/** What the run's rows need besides the report. */
export interface IngestRunInput {
  runId: string;
  projectId: string;
  name: string;
  mode: RunMode;
  username: string | null;
  env: { name: string; baseUrl: string | null } | null;
  branch: string | null;
  type: RunType;
  userId: string | null;
  meta: Record<string, unknown>;
}

export interface IngestJob {
  sab: SharedArrayBuffer;
  run: IngestRunInput;
}

/** Main -> worker. */
export type MainToWorker =
  | { kind: 'start'; job: IngestJob }
  /** Bytes up to `end` are in the buffer; `final`: that is all of them. */
  | { kind: 'data'; end: number; final: boolean };

/** A problem with the report: its line and what is wrong ("Line 12: ..."). */
export interface LineProblem {
  line: number;
  message: string;
}

/** A scenario as its pickle tells it (one object for all the test cases of a pickle). */
export interface ScenarioInfo {
  uri: string;
  name: string;
  featureName: string;
  featurePath: string;
  line: number | null;
  tags: string[];
  parameters: Record<string, string>;
  /** Its steps: id, text, AST node id, type; read when a row first names one of them (definitions-state.ts). */
  steps: PickleSteps | null;
  /** Where the pickle is (offset, length). */
  place: number[];
  /** Where its Gherkin document and the pickle are: offset, length, ... */
  source: number[];
}

/** What most scenarios have: no example row's values, no tags (one of each for all of them, never changed). */
export const NO_PARAMETERS: Record<string, string> = Object.freeze({}) as Record<string, string>;
export const NO_TAGS: string[] = Object.freeze([]) as unknown as string[];

/** A test case as the events need it: its steps, its scenario, and its latest attempt. */
export interface CaseTemplate {
  testCaseId: string;
  /** Test steps. */
  steps: number;
  /**
   * Test step ids in order; null while they are known by where they are (`stepPlaces`): their texts
   * are made when first needed (stepIdsOf).
   */
  stepIds: string[] | null;
  /** Where each step's id is in the report's bytes: start and end of its text, between its quotes (ids without escapes). */
  stepPlaces: number[] | null;
  /** One letter per test step: S a Gherkin step, B a Before hook, A an After hook. */
  kinds: string;
  /** Its pickle's scenario; null when the report has no such pickle. */
  scenario: ScenarioInfo | null;
  /** Where the test case is in the report: offset and length. */
  start: number;
  length: number;
  /** What its steps say of themselves: read when a row first names one of them (definitions-state.ts). */
  testSteps: readonly TestStepInfo[] | null;
  /** The latest attempt of the test case started so far (a rerun names it: events-state.ts). */
  last: CaseState | null;
}

/** A step as a row or the application map names it: keyword, keyword type, text, and its step definitions (uri:line). */
export type StepInfo = [keyword: string, type: string, text: string, match: string | null];

/** What the end of an import needs of the definitions. */
export interface Definitions {
  /** Hook id, type, name and where it is (for test run hooks that failed). */
  hooks: Array<[string, string | null, string | null, string | null]>;
  implementation: { implementation: string | null; version: string | null } | null;
  errors: string[];
  /** Where the step definitions and hooks are: every test case's steps need them. */
  globals: number[];
}

export interface MemoryCase {
  steps: Array<{ keyword: string; type: string; text: string; page: PageVisit }>;
}

/** Worker -> main. */
export type WorkerToMain =
  /** Rows of test cases that finished (in no particular order: each knows its position). */
  | { kind: 'rows'; batch: TestCaseColumnBatch; count: number }
  | {
      kind: 'result';
      problem: LineProblem | null;
      /** Messages read. */
      envelopes: number;
      testCases: number;
      /** The run's row as it is once all test cases are in. */
      run?: Insertable<RunsTable>;
      counts?: RunCounts;
      status?: RunStatus;
      /** Rows of test cases replaced by a later attempt or rerun. */
      superseded?: string[];
      /** Where each test case's messages are (source-index.ts), by position. */
      index?: ArrayBuffer;
      attachments?: number;
      /** Test cases whose steps visited pages (the application map reads only those). */
      memory?: MemoryCase[];
      hasErrors?: boolean;
    }
  | { kind: 'failed'; message: string };

/** A template's step ids as texts (made from the report's bytes the first time). */
export function stepIdsOf(t: CaseTemplate, bytes: Buffer): string[] {
  if (t.stepIds) return t.stepIds;
  const places = t.stepPlaces!;
  const ids = new Array<string>(t.steps);
  for (let k = 0; k < t.steps; k++) ids[k] = bytes.toString('utf8', places[2 * k], places[2 * k + 1]);
  t.stepIds = ids;
  return ids;
}
