import type { MessagePort } from 'node:worker_threads';
import type { Insertable } from 'kysely';
import type { PageVisit, RunMode } from '@stepwise/shared';
import type { RunsTable } from '../../db/schema.ts';
import type { RunCounts, RunStatus, RunType } from '../run-rows.ts';
import type { TestCaseColumns } from '../test-case-columns.ts';

/**
 * What the NDJSON ingest's threads say to each other. The report's bytes are in a growable
 * SharedArrayBuffer that the main thread fills as the upload arrives; two workers scan it, each
 * parsing the messages of its types:
 * - the definitions worker (Gherkin documents, pickles, test cases, step definitions, hooks, meta)
 *   hands each test case, its pickle resolved ("template"), to the events worker;
 * - the events worker (everything that happened) folds each test case's results into its row as
 *   soon as it finished and sends the rows in batches to the main thread, which inserts them once the
 *   upload is complete, in the import's one transaction.
 */

/** The largest report an upload may send (reports hold their screenshots inline). */
export const REPORT_UPLOAD_LIMIT = 512 * 1024 * 1024;

/** Message types the definitions worker reads; the events worker reads the others (any unknown type is the definitions worker's). */
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

/** The job, as both workers get it (the run: the events worker). */
export interface IngestJob {
  sab: SharedArrayBuffer;
  run?: IngestRunInput;
}

/** Main -> workers. */
export type MainToWorker =
  | { kind: 'start'; job: IngestJob; port: MessagePort }
  /** Bytes up to `end` are in the buffer; `final`: that is all of them. */
  | { kind: 'data'; end: number; final: boolean };

/** A problem with the report: its line and what is wrong ("Line 12: ..."). */
export interface LineProblem {
  line: number;
  message: string;
}

/** A test case as the events worker needs it: its steps, and its scenario from its pickle. */
export interface CaseTemplate {
  testCaseId: string;
  /** Test step ids in order. */
  stepIds: string[];
  /** One letter per test step: S a Gherkin step, B a Before hook, A an After hook. */
  kinds: string;
  scenarioName: string;
  featureName: string;
  featurePath: string;
  line: number | null;
  tags: string[];
  parameters: Record<string, string>;
  /** Where the Gherkin document, the pickle and the test case are: offset, length, ... */
  source: number[];
}

/** A step as a row or the application map names it: keyword, keyword type, text, and its step definitions (uri:line). */
export type StepInfo = [keyword: string, type: string, text: string, match: string | null];

/** Definitions worker -> events worker. */
export type DefinitionsToEvents =
  | { kind: 'templates'; templates: CaseTemplate[] }
  | {
      kind: 'definitions';
      /** Hook id, type, name and where it is (for test run hooks that failed). */
      hooks: Array<[string, string | null, string | null, string | null]>;
      implementation: { implementation: string | null; version: string | null } | null;
      errors: string[];
      /** Where the step definitions and hooks are: every test case's steps need them. */
      globals: number[];
      problem: LineProblem | null;
      envelopes: number;
    }
  /** The answer to a request for step infos, in its order (null: no such step). */
  | { kind: 'infos'; infos: Array<StepInfo | null> };

/** Events worker -> definitions worker: which steps' infos it needs (test case id, step index). */
export type EventsToDefinitions = { kind: 'infos'; requests: Array<[string, number]> };

export interface MemoryCase {
  steps: Array<{ keyword: string; type: string; text: string; page: PageVisit }>;
}

/** Workers -> main. */
export type WorkerToMain =
  | { kind: 'scanned'; problem: LineProblem | null }
  /** Rows of test cases that finished (in no particular order: each knows its position). */
  | { kind: 'rows'; columns: TestCaseColumns; count: number }
  | {
      kind: 'result';
      problem: LineProblem | null;
      /** Messages read by both workers. */
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

export type Definitions = Extract<DefinitionsToEvents, { kind: 'definitions' }>;
