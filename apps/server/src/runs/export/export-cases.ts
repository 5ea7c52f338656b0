import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { ReportStep, StepStatus } from '@stepwise/shared';
import type { AppContext } from '../../context.ts';
import type { Run } from '../../db/schema.ts';
import { sourceStepsOfPage } from './export-source.ts';

/**
 * The test cases of a run as an export writes them, read from the database a page at a time (keyset
 * on the position, never the whole run): the counted ones (an attempt or rerun replaced by a later one
 * is left out), with their steps (from the row, or from the run's stored report for an imported run).
 */

/**
 * Rows read per query: memory stays that of one page, whatever the run's size. Small, so that a page
 * is mostly done with before V8's young generation is collected twice: what outlives that is moved to
 * the old generation, whose garbage waits for a full collection.
 */
export const EXPORT_PAGE_SIZE = 100;

/** What an export writes of a step: its commands, network data, console, page and attachments are not read. */
export type ExportStep = Pick<ReportStep, 'keyword' | 'type' | 'text' | 'line' | 'match' | 'result'>;

export interface ExportCase {
  position: number;
  scenarioName: string;
  featureName: string;
  featurePath: string;
  line: number | null;
  tags: string[];
  status: string;
  startTime: Date | null;
  endTime: Date | null;
  durationMs: number;
  errorMessage: string | null;
  parameters: Record<string, string>;
  attempt: number;
  steps: ExportStep[];
  /** The steps written and the status they give, once worked out (export-shape.ts's caseOutcome). */
  outcome?: { status: StepStatus; steps: ExportStep[] };
}

const COLUMNS = [
  'id',
  'position',
  'report_case_id',
  'scenario_name',
  'feature_name',
  'feature_path',
  'line',
  'tags',
  'status',
  'start_time',
  'end_time',
  'duration_ms',
  'error_message',
  'parameters',
  'attempt',
] as const;

/** The steps of a row with only what an export writes of them, projected by the database. */
const STEPS = sql<ExportStep[]>`(select coalesce(jsonb_agg(jsonb_build_object('keyword', s -> 'keyword', 'type', s -> 'type', 'text', s -> 'text',
  'line', s -> 'line', 'match', s -> 'match', 'result', s -> 'result') order by n), '[]'::jsonb) from jsonb_array_elements(steps) with ordinality as e(s, n))`;

export async function* exportCases(ctx: AppContext, run: Run): AsyncGenerator<ExportCase> {
  let after = -1;
  for (;;) {
    // A turn of the event loop before each page. The embedded database answers without I/O and a
    // socket that keeps up takes every write at once, so without it an export runs to its end in one
    // turn: no other request, timer or signal is served meanwhile, and V8 cannot finish its
    // collections (their last steps are tasks of the loop), so the heap grows with the run's size.
    await nextTurn();
    const rows = await ctx.db
      .selectFrom('test_cases')
      .select(COLUMNS)
      // An imported run's steps are read from its stored report.
      .select(run.source_key ? sql<ExportStep[] | null>`null`.as('steps') : STEPS.as('steps'))
      .where('run_id', '=', run.id)
      .where('superseded', '=', false)
      .where('position', '>', after)
      .orderBy('position')
      .limit(EXPORT_PAGE_SIZE)
      .execute();
    const fromSource = run.source_key ? await sourceStepsOfPage(ctx, run, rows) : null;
    for (const row of rows) {
      const steps = fromSource ? (fromSource.get(row.position) ?? []) : (row.steps ?? []);
      yield {
        position: row.position,
        scenarioName: row.scenario_name,
        featureName: row.feature_name,
        featurePath: row.feature_path,
        line: row.line,
        tags: (row.tags ?? []) as string[],
        status: row.status,
        startTime: row.start_time ? new Date(row.start_time) : null,
        endTime: row.end_time ? new Date(row.end_time) : null,
        durationMs: row.duration_ms ?? 0,
        errorMessage: row.error_message,
        parameters: (row.parameters ?? {}) as Record<string, string>,
        attempt: row.attempt,
        steps,
      };
    }
    if (rows.length < EXPORT_PAGE_SIZE) return;
    after = rows[rows.length - 1].position;
  }
}

/** The counted test cases of a run by status (what a JUnit header needs before its first test case). */
export async function exportCounts(ctx: AppContext, runId: string): Promise<{ total: number; byStatus: Map<string, number>; durationMs: number }> {
  const rows = await ctx.db
    .selectFrom('test_cases')
    .select((eb) => ['status', eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('duration_ms').as('ms')])
    .where('run_id', '=', runId)
    .where('superseded', '=', false)
    .groupBy('status')
    .execute();
  const byStatus = new Map(rows.map((r) => [r.status, Number(r.n)]));
  return { total: rows.reduce((n, r) => n + Number(r.n), 0), byStatus, durationMs: rows.reduce((n, r) => n + Number(r.ms ?? 0), 0) };
}
