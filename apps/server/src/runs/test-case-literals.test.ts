import { describe, expect, it } from 'vitest';
import { caseRow, type CaseInput, type CasePlace } from './run-rows.ts';
import { testCaseColumns, type TestCaseColumn, type TestCaseColumnBatch, type TestCaseColumns } from './test-case-columns.ts';
import { TestCaseLiterals } from './test-case-literals.ts';

function input(k: number, extra: Partial<CaseInput> = {}): CaseInput {
  return {
    id: `tc-${k}`,
    scenarioName: `Scenario ${k}`,
    featureName: 'Cart',
    featurePath: 'features/cart.feature',
    line: 10 + k,
    tags: ['@smoke'],
    steps: [],
    parameters: {},
    result: { status: 'PASSED', startTime: '2024-05-01T02:00:00.000Z', endTime: '2024-05-01T02:00:01.250Z', message: null },
    attempt: 0,
    failedStep: null,
    workerId: '0',
    ...extra,
  };
}

/** A batch with every column as an array literal (a column given once repeated `count` times). */
function full(batch: TestCaseColumnBatch, count: number): TestCaseColumns {
  const out = { ...batch.columns } as TestCaseColumns;
  for (const [column, value] of Object.entries(batch.same)) out[column as TestCaseColumn] = `{${Array(count).fill(value).join(',')}}`;
  return out;
}

const place = (k: number, extra: Partial<CasePlace> = {}): CasePlace => ({ id: `row-${k}`, runId: 'run', projectId: 'p', position: k, rerunRowId: null, superseded: false, ...extra });

describe('test case rows written as array literal elements', () => {
  it('are the text testCaseColumns makes of caseRow, for every kind of value', () => {
    const rows: Array<[CaseInput, CasePlace]> = [
      [input(0), place(0)],
      // Text that must be quoted or escaped, NUL characters (dropped), text beyond ASCII.
      [
        input(1, {
          scenarioName: 'Pay "now", \\ or {later}\u0000',
          featureName: 'Caisse é',
          featurePath: 'features/a b,c.feature',
          tags: ['@a"b', '@c\\d'],
          parameters: { 'k\u0000': 'v\u0000al', x: 'NULL' },
          result: { status: 'FAILED', startTime: '2024-05-01T02:00:00.000Z', endTime: '2024-05-01T01:59:59.000Z', message: 'expected "1"\nreceived \\2\u0000' },
          failedStep: 2,
          failedStepSummary: { keyword: 'When', text: 'I pay "10"' },
          workerId: null,
          attempt: 1,
        }),
        place(1, { rerunRowId: 'row-0', superseded: true }),
      ],
      // No times, no line, times in other forms than toISOString's, steps kept on the row.
      [input(2, { line: null, tags: [], result: { status: 'UNKNOWN', startTime: null, endTime: null, message: null }, failedStep: undefined }), place(2)],
      [input(3, { result: { status: 'PASSED', startTime: '2024-05-01T02:00:00Z', endTime: '2024-05-01T04:00:00+02:00', message: '' } }), place(3)],
      [input(4, { result: { status: 'PASSED', startTime: 'not a time', endTime: '2024-05-01T02:00:00.000Z', message: null } }), place(4)],
      [
        input(5, {
          steps: [{ keyword: 'Given', type: 'Context', text: 'a "shop"', result: { status: 'FAILED', startTime: null, endTime: null, message: 'x' } } as CaseInput['steps'][number]],
          failedStep: 0,
          browser: 'chromium',
          viewport: '1280x720',
          retrainStats: { result: 'improved "x"', upload_id: null },
        } as Partial<CaseInput>),
        place(5),
      ],
    ];
    const literals = new TestCaseLiterals();
    for (const [tc, where] of rows) literals.add(tc, where);
    expect(literals.count).toBe(rows.length);
    const batch = literals.take();
    expect(full(batch, rows.length)).toEqual(testCaseColumns(rows.map(([tc, where]) => caseRow(tc, where))));
    // Every column differs somewhere in these rows: none comes once.
    expect(batch.same).toEqual({});
    // Taken: the next batch starts empty.
    expect(literals.count).toBe(0);
    literals.add(...rows[1]);
    const one = literals.take();
    expect(full(one, 1)).toEqual(testCaseColumns([caseRow(...rows[1])]));
    // A single row's columns are all arrays.
    expect(one.same).toEqual({});
  });

  it('gives a column whose rows all hold one value once, and the others as arrays', () => {
    const literals = new TestCaseLiterals();
    const rows: Array<[CaseInput, CasePlace]> = [
      [input(0), place(0)],
      [input(1, { workerId: '1', tags: [] }), place(1)],
      [input(2, { attempt: 1 }), place(2, { rerunRowId: 'row-0' })],
    ];
    for (const [tc, where] of rows) literals.add(tc, where);
    const batch = literals.take();
    expect(full(batch, rows.length)).toEqual(testCaseColumns(rows.map(([tc, where]) => caseRow(tc, where))));
    expect(batch.same).toEqual({
      feature_name: '"Cart"',
      feature_path: '"features/cart.feature"',
      status: '"PASSED"',
      start_time: '2024-05-01T02:00:00.000Z',
      end_time: '2024-05-01T02:00:01.250Z',
      duration_ms: '1250',
      failed_step: 'NULL',
      error_message: 'NULL',
      parameters: '"{}"',
      steps: '"[]"',
      superseded: 'f',
      browser: 'NULL',
      viewport: 'NULL',
      retrain_stats: 'NULL',
      failed_step_keyword: 'NULL',
      failed_step_text: 'NULL',
    });
    expect(Object.keys(batch.columns)).toEqual(['id', 'position', 'report_case_id', 'scenario_name', 'line', 'tags', 'attempt', 'rerun_id', 'scenario_key', 'worker_id']);
    // The next batch decides afresh.
    literals.add(...rows[0]);
    literals.add(input(3, { featureName: 'Checkout' }), place(3));
    expect(Object.keys(literals.take().same)).not.toContain('feature_name');
  });
});
