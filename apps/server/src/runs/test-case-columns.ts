import type { Insertable } from 'kysely';
import type { TestCasesTable } from '../db/schema.ts';

/**
 * Test case rows as one PostgreSQL array literal per column, for a single
 * `insert ... select from unnest(...)`: thousands of rows in one statement with a few dozen parameters,
 * on PGlite and PostgreSQL alike. Pure: the ingest builds them in a worker thread.
 */

/** Columns given per row, with their SQL types (jsonb travels as text and is cast per row). */
export const TEST_CASE_COLUMN_TYPES = {
  id: 'text',
  position: 'integer',
  report_case_id: 'text',
  scenario_name: 'text',
  feature_name: 'text',
  feature_path: 'text',
  line: 'integer',
  tags: 'jsonb',
  status: 'text',
  start_time: 'timestamptz',
  end_time: 'timestamptz',
  duration_ms: 'integer',
  failed_step: 'integer',
  error_message: 'text',
  parameters: 'jsonb',
  steps: 'jsonb',
  attempt: 'integer',
  rerun_id: 'text',
  superseded: 'boolean',
  scenario_key: 'text',
  browser: 'text',
  viewport: 'text',
  worker_id: 'text',
  retrain_stats: 'jsonb',
  failed_step_keyword: 'text',
  failed_step_text: 'text',
} as const satisfies Partial<Record<keyof TestCasesTable, string>>;

export type TestCaseColumn = keyof typeof TEST_CASE_COLUMN_TYPES;
export type TestCaseColumns = Record<TestCaseColumn, string>;

/**
 * Rows as columns, where a column that holds one value in every row may come once: `same[column]`
 * is that value as an element of an array literal (`NULL`, `"[]"`, `f`, ...), and the column is then
 * absent from `columns`. The database reads such a value once instead of once per row.
 */
export interface TestCaseColumnBatch {
  columns: Partial<TestCaseColumns>;
  same: Partial<TestCaseColumns>;
}

const NEEDS_ESCAPE = /["\\]/;
export const quote = (s: string) => (NEEDS_ESCAPE.test(s) ? `"${s.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"` : `"${s}"`);

function element(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  // toISOString's form has no character an array literal quotes.
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return quote(`{${value.join(',')}}`);
  return quote(String(value));
}

/** The rows' values as `{...}` literals, one per column of TEST_CASE_COLUMN_TYPES. */
export function testCaseColumns(rows: readonly Insertable<TestCasesTable>[]): TestCaseColumns {
  const out = {} as TestCaseColumns;
  for (const column of Object.keys(TEST_CASE_COLUMN_TYPES) as TestCaseColumn[]) {
    const parts = new Array<string>(rows.length);
    for (let i = 0; i < rows.length; i++) parts[i] = element(rows[i][column]);
    out[column] = `{${parts.join(',')}}`;
  }
  return out;
}
