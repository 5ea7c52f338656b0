import type { StepStatus } from '@stepwise/shared';
import type { ExportCase, ExportStep } from './export-cases.ts';

/** What every export format shares: test cases grouped by feature, each test case's steps as written. */

/** Test cases of one feature in a row, at most this many: a Gherkin document (or a JSON feature) is written per chunk. */
export const CHUNK_SIZE = 200;

export interface Chunk {
  featurePath: string;
  featureName: string;
  cases: ExportCase[];
}

/** Consecutive test cases of the same feature, in chunks of at most CHUNK_SIZE. */
export async function* featuresInChunks(cases: AsyncIterable<ExportCase>): AsyncGenerator<Chunk> {
  let chunk: Chunk | null = null;
  for await (const c of cases) {
    if (chunk && (chunk.featurePath !== c.featurePath || chunk.cases.length >= CHUNK_SIZE)) {
      yield chunk;
      chunk = null;
    }
    chunk ??= { featurePath: c.featurePath, featureName: c.featureName, cases: [] };
    chunk.cases.push(c);
  }
  if (chunk) yield chunk;
}

const SEVERITY: Record<string, number> = { UNKNOWN: 0, PASSED: 1, SKIPPED: 2, PENDING: 3, UNDEFINED: 4, AMBIGUOUS: 5, FAILED: 6 };

/**
 * The steps an export writes for a test case and the status they give: its own steps, and when the
 * test case's stored status is worse than any of them (a test case that did not finish, one without
 * steps that failed) an After hook with that status and message, so that a reader of the export
 * (our import too) comes to the same status.
 */
export function caseOutcome(c: ExportCase): { status: StepStatus; steps: ExportStep[] } {
  // Kept on the test case, not in a WeakMap: a WeakMap's entries keep their test cases through V8's
  // young-generation collections, so every test case of an export reached the old generation and its
  // garbage waited for a full collection (+250 MB of resident memory for 100,000 test cases).
  if (c.outcome) return c.outcome;
  let worst = 'UNKNOWN';
  for (const s of c.steps) if ((SEVERITY[s.result.status] ?? 0) > SEVERITY[worst]) worst = s.result.status;
  const status = (c.status in SEVERITY ? c.status : 'FAILED') as StepStatus;
  let steps = c.steps;
  if (SEVERITY[status] > Math.max(SEVERITY[worst], SEVERITY.PASSED)) {
    const hook: ExportStep = {
      keyword: 'After',
      type: 'After',
      text: 'After hook',
      result: { status, startTime: null, endTime: null, message: c.errorMessage ?? status, duration: 0 },
    };
    steps = [...steps, hook];
    worst = status;
  }
  const out = { status: (worst === 'UNKNOWN' ? 'PASSED' : worst) as StepStatus, steps };
  c.outcome = out;
  return out;
}

const KEYWORD_TYPES = new Set(['Context', 'Action', 'Outcome', 'Conjunction']);
export function stepKeywordType(type: string): string {
  return KEYWORD_TYPES.has(type) ? type : 'Unknown';
}
