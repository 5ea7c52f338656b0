import { clean, count, failedStepOf, int4OrNull, json, scenarioKey, type CaseInput, type CasePlace } from './run-rows.ts';
import { quote, TEST_CASE_COLUMN_TYPES, type TestCaseColumn, type TestCaseColumnBatch } from './test-case-columns.ts';

/**
 * Test case rows written straight as the elements of testCaseColumns' array literals, a row at a
 * time, without the row objects, dates and per-column passes of `caseRow` + `testCaseColumns` (the
 * same text: test-case-literals.test.ts): the NDJSON ingest's worker makes 10,000 rows a report, and
 * the row objects were a third of its work and most of its garbage. Times are taken as
 * `toISOString` writes them (the report builder's `timestampToIso`); any other form goes the long way.
 */

const COLUMNS = Object.keys(TEST_CASE_COLUMN_TYPES) as TestCaseColumn[];
const CANONICAL_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
/** An `integer` column's element, as caseRow bounds it. */
const num = (n: number | null | undefined) => {
  const v = int4OrNull(n);
  return v === null ? 'NULL' : String(v);
};
const textOrNull = (s: string | null | undefined) => (s === null || s === undefined ? 'NULL' : quote(clean(s)));

function isEmpty(o: object | null | undefined): boolean {
  if (o === null || o === undefined) return false;
  for (const _ in o) return false;
  return true;
}

/**
 * A time column's element (toISOString's form: no character an array literal quotes), and in
 * `timeMs` its milliseconds (NaN when there is none).
 */
let timeMs = NaN;
function time(iso: string | null | undefined): string {
  timeMs = NaN;
  if (!iso) return 'NULL';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return 'NULL';
  timeMs = ms;
  return CANONICAL_TIME.test(iso) ? iso : new Date(ms).toISOString();
}

export class TestCaseLiterals {
  private parts: string[][] = COLUMNS.map(() => []);
  /** Per column: 1 once a row's value differs from the first row's. */
  private readonly varies = new Uint8Array(COLUMNS.length);
  /** Quoted texts that repeat from row to row (feature names and paths, statuses, workers). */
  private readonly repeated = new Map<string, string>();
  count = 0;

  /** Adds the row `caseRow(tc, place)` makes. */
  add(tc: CaseInput, place: CasePlace): void {
    const start = time(tc.result.startTime);
    const startMs = timeMs;
    const end = time(tc.result.endTime);
    const endMs = timeMs;
    const failed = tc.failedStepSummary !== undefined ? tc.failedStepSummary : failedStepOf(tc);
    // In the columns' order (ORDER below), each straight into its column.
    this.k = 0;
    this.put(quote(place.id));
    this.put(num(place.position));
    this.put(quote(clean(tc.id)));
    this.put(quote(clean(tc.scenarioName)));
    this.put(this.text(tc.featureName));
    this.put(this.text(tc.featurePath));
    this.put(num(tc.line));
    this.put(tc.tags.length === 0 ? '"[]"' : this.text(json(tc.tags)));
    this.put(this.text(tc.result.status));
    this.put(start);
    this.put(end);
    this.put(Number.isNaN(startMs) || Number.isNaN(endMs) ? 'NULL' : String(count(endMs - startMs)));
    this.put(num(tc.failedStep));
    this.put(textOrNull(tc.result.message));
    this.put(isEmpty(tc.parameters) ? '"{}"' : quote(json(tc.parameters)));
    this.put(tc.steps.length === 0 ? '"[]"' : quote(json(tc.steps)));
    this.put(String(count(tc.attempt ?? 0)));
    this.put(place.rerunRowId === null ? 'NULL' : quote(place.rerunRowId));
    this.put(place.superseded ? 't' : 'f');
    this.put(quote(scenarioKey(tc.featurePath, tc.scenarioName)));
    this.put(textOrNull(tc.browser));
    this.put(textOrNull(tc.viewport));
    this.put(tc.workerId === null || tc.workerId === undefined ? 'NULL' : this.text(tc.workerId));
    this.put(tc.retrainStats ? quote(json(tc.retrainStats)) : 'NULL');
    this.put(failed ? quote(clean(failed.keyword)) : 'NULL');
    this.put(failed ? quote(clean(failed.text)) : 'NULL');
    this.count++;
  }

  /** The column the next value goes to. */
  private k = 0;

  private put(value: string): void {
    const k = this.k++;
    const column = this.parts[k];
    if (this.varies[k] === 0 && column.length > 0 && column[0] !== value) this.varies[k] = 1;
    column.push(value);
  }

  /**
   * The rows added since the last take, as testCaseColumns gives them, except that a column with one
   * value in every row of two or more comes once (in `same`).
   */
  take(): TestCaseColumnBatch {
    const out: TestCaseColumnBatch = { columns: {}, same: {} };
    COLUMNS.forEach((column, k) => {
      const values = this.parts[k];
      // (A single row's columns all stay arrays: the rows are as many as the arrays' elements.)
      if (this.varies[k] === 0 && values.length > 1) out.same[column] = values[0];
      else out.columns[column] = `{${values.join(',')}}`;
    });
    this.parts = COLUMNS.map(() => []);
    this.varies.fill(0);
    this.count = 0;
    return out;
  }

  /** A text's element, kept for the texts that repeat (the same object for each). */
  private text(s: string): string {
    let q = this.repeated.get(s);
    if (q === undefined) {
      q = quote(clean(s));
      if (this.repeated.size < 10_000) this.repeated.set(s, q);
    }
    return q;
  }
}

// The values above are in the columns' order.
const ORDER = ['id', 'position', 'report_case_id', 'scenario_name', 'feature_name', 'feature_path', 'line', 'tags', 'status', 'start_time', 'end_time', 'duration_ms', 'failed_step', 'error_message', 'parameters', 'steps', 'attempt', 'rerun_id', 'superseded', 'scenario_key', 'browser', 'viewport', 'worker_id', 'retrain_stats', 'failed_step_keyword', 'failed_step_text'];
if (ORDER.join() !== COLUMNS.join()) throw new Error('test-case-literals: the columns changed; write their values in their order');
