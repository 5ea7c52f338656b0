import type { MessagePort } from 'node:worker_threads';
import type { Insertable } from 'kysely';
import type { PageVisit, RunMode } from '@stepwise/shared';
import type { RunsTable } from '../../db/schema.ts';
import type { RunCounts, RunStatus, RunType } from '../run-rows.ts';
import type { TestCaseColumns } from '../test-case-columns.ts';

/**
 * What the NDJSON ingest's threads say to each other. The report's bytes are in a growable
 * SharedArrayBuffer that the main thread fills as the upload arrives; two workers scan it, each
 * parsing the messages of its types: the definitions worker (Gherkin documents, pickles, step
 * definitions, hooks, meta) and the events worker (test cases and everything that happened). The
 * definitions worker hands the pickles, as compact records, to the events worker, which joins them
 * with the results into the run's rows.
 */

/** Message types the definitions worker reads; the events worker reads the rest (and any unknown type is the definitions worker's). */
export const DEFINITION_TYPES = new Set(['source', 'gherkinDocument', 'pickle', 'stepDefinition', 'hook', 'meta', 'parseError', 'parameterType', 'undefinedParameterType']);
export const EVENT_TYPES = new Set([
  'testCase',
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

/** The job, as both workers get it. */
export interface IngestJob {
  sab: SharedArrayBuffer;
  /** The events worker only: what the run's rows need besides the report. */
  run?: IngestRunInput;
}

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

/** A pickle as the events worker needs it. */
export interface PickleRecord {
  id: string;
  name: string;
  featureName: string;
  featurePath: string;
  line: number | null;
  tags: string[];
  parameters: Record<string, string>;
  /** Pickle step id, text, keyword and keyword type (or pickle step type) of each step. */
  steps: Array<[string, string, string, string]>;
  /** Where the Gherkin document and the pickle are: offset, length, offset, length. */
  source: number[];
}

/** Definitions worker -> events worker. */
export type DefinitionsToEvents =
  | { kind: 'pickles'; pickles: PickleRecord[] }
  | {
      kind: 'definitions';
      /** Step definition id and how the report names it (uri:line). */
      stepDefinitions: Array<[string, string]>;
      /** Hook id, type and name (and where it is). */
      hooks: Array<[string, string | null, string | null, string | null]>;
      implementation: { implementation: string | null; version: string | null } | null;
      errors: string[];
      /** Where the step definitions and hooks are. */
      globals: number[];
      problem: LineProblem | null;
      envelopes: number;
    };

/** Workers -> main. */
export type WorkerToMain =
  | { kind: 'scanned'; problem: LineProblem | null }
  | {
      kind: 'result';
      problem: LineProblem | null;
      /** Messages read by both workers. */
      envelopes: number;
      testCases: number;
      run?: Insertable<RunsTable>;
      /** The test cases' columns as array literals, by column name. */
      columns?: TestCaseColumns;
      counts?: RunCounts;
      status?: RunStatus;
      attachments?: number;
      /** Test cases whose steps visited pages (for the application map), steps reduced to what the map reads. */
      memory?: Array<{ steps: Array<{ keyword: string; type: string; text: string; page: PageVisit }> }>;
      hasErrors?: boolean;
    }
  | { kind: 'failed'; message: string };

/** The largest report an upload may send (reports hold their screenshots inline). */
export const REPORT_UPLOAD_LIMIT = 512 * 1024 * 1024;
