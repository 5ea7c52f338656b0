import { clean, failedStepOf, json, scenarioKey, type CaseInput, type CasePlace } from './run-rows.ts';
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
const num = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? String(n) : 'NULL');
const textOrNull = (s: string | null | undefined) => (s === null || s === undefined ? 'NULL' : quote(clean(s)));

function isEmpty(o: object | null | undefined): boolean {
  if (o === null || o === undefined) return false;
  for (const _ in o) return false;
  return true;
}

/** A time column's element and its milliseconds (NaN when there is none). */
function time(iso: string | null | undefined): [string, number] {
  if (!iso) return ['NULL', NaN];
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return ['NULL', NaN];
  return [CANONICAL_TIME.test(iso) ? `"${iso}"` : quote(new Date(ms).toISOString()), ms];
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
    const [start, startMs] = time(tc.result.startTime);
    const [end, endMs] = time(tc.result.endTime);
    const failed = tc.failedStepSummary !== undefined ? tc.failedStepSummary : failedStepOf(tc);
    const values = [
      quote(place.id),
      num(place.position),
      quote(clean(tc.id)),
      quote(clean(tc.scenarioName)),
      this.text(tc.featureName),
      this.text(tc.featurePath),
      num(tc.line),
      tc.tags.length === 0 ? '"[]"' : quote(json(tc.tags)),
      this.text(tc.result.status),
      start,
      end,
      Number.isNaN(startMs) || Number.isNaN(endMs) ? 'NULL' : String(Math.max(0, endMs - startMs)),
      num(tc.failedStep),
      textOrNull(tc.result.message),
      isEmpty(tc.parameters) ? '"{}"' : quote(json(tc.parameters)),
      tc.steps.length === 0 ? '"[]"' : quote(json(tc.steps)),
      num(tc.attempt ?? 0),
      place.rerunRowId === null ? 'NULL' : quote(place.rerunRowId),
      place.superseded ? 't' : 'f',
      quote(scenarioKey(tc.featurePath, tc.scenarioName)),
      textOrNull(tc.browser),
      textOrNull(tc.viewport),
      tc.workerId === null || tc.workerId === undefined ? 'NULL' : this.text(tc.workerId),
      tc.retrainStats ? quote(json(tc.retrainStats)) : 'NULL',
      failed ? quote(clean(failed.keyword)) : 'NULL',
      failed ? quote(clean(failed.text)) : 'NULL',
    ];
    const { parts, varies } = this;
    for (let k = 0; k < values.length; k++) {
      const column = parts[k];
      if (varies[k] === 0 && column.length > 0 && column[0] !== values[k]) varies[k] = 1;
      column.push(values[k]);
    }
    this.count++;
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
