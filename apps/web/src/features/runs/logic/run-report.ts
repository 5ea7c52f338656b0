import { PAST_RESULTS_LIMIT, retrainLabel, type TestCaseRow } from '@stepwise/shared';

export type ScenarioTab = 'failed' | 'all';
export type Grouping = 'none' | 'failedStep';
export const GROUPINGS: Array<{ value: Grouping; label: string }> = [
  { value: 'none', label: 'None' },
  { value: 'failedStep', label: 'Failed step' },
];

export const AI_FIXED = 'fixed by AI';
export const AI_FAILED = 'failed by AI';

export interface ChildRow {
  row: TestCaseRow;
  label: typeof AI_FIXED | typeof AI_FAILED;
}

export interface ScenarioTableRow {
  row: TestCaseRow;
  /** AI retrains of this scenario, in run order. */
  children: ChildRow[];
}

export function isPassed(status: string): boolean {
  return status.toUpperCase() === 'PASSED';
}

/** Scenario status as the report shows it: Passed or Failed. */
export function scenarioStatus(status: string): 'Passed' | 'Failed' {
  return isPassed(status) ? 'Passed' : 'Failed';
}

function aiLabel(parent: TestCaseRow, child: TestCaseRow): ChildRow['label'] {
  return retrainLabel(parent.retrainStats) ?? (isPassed(child.result.status) ? AI_FIXED : AI_FAILED);
}

/**
 * Rows of the scenarios table: one per distinct scenario (a rerun or later attempt replaces its
 * original), except that a scenario retrained by AI shows its original with the AI run as a child row.
 */
export function scenarioRows(testCases: readonly TestCaseRow[]): ScenarioTableRow[] {
  const byId = new Map(testCases.map((tc) => [tc.id, tc]));
  const aiParentOf = (tc: TestCaseRow) => {
    const parent = tc.rerunId ? byId.get(tc.rerunId) : undefined;
    return parent?.retrainStats ? parent : undefined;
  };
  const rows: ScenarioTableRow[] = [];
  const index = new Map<string, ScenarioTableRow>();
  for (const tc of testCases) {
    if (aiParentOf(tc)) continue;
    if (tc.superseded && !tc.retrainStats) continue;
    const entry = { row: tc, children: [] };
    rows.push(entry);
    index.set(tc.id, entry);
  }
  for (const tc of testCases) {
    const parent = aiParentOf(tc);
    if (parent) index.get(parent.id)?.children.push({ row: tc, label: aiLabel(parent, tc) });
  }
  return rows;
}

/** The outcome that counts: the last AI retrain's when there is one. */
export function effectiveStatus(entry: ScenarioTableRow): string {
  return (entry.children.at(-1)?.row ?? entry.row).result.status;
}

function matches(tc: TestCaseRow, q: string): boolean {
  return [tc.scenarioName, tc.featureName, tc.errorMessage ?? '', ...tc.tags].some((t) => t.toLowerCase().includes(q));
}

export function filterScenarioRows(rows: readonly ScenarioTableRow[], tab: ScenarioTab, search: string): ScenarioTableRow[] {
  const q = search.trim().toLowerCase();
  return rows.filter(
    (r) => (tab === 'all' || !isPassed(effectiveStatus(r))) && (!q || matches(r.row, q) || r.children.some((c) => matches(c.row, q))),
  );
}

export const NO_FAILED_STEP = 'No failed step';

export function failedStepLabel(tc: Pick<TestCaseRow, 'failedStep'>): string {
  const step = tc.failedStep;
  return step ? `${step.keyword.trim()} ${step.text}`.trim() : NO_FAILED_STEP;
}

export interface ScenarioGroup {
  key: string;
  title: string;
  rows: ScenarioTableRow[];
}

/** "None": one untitled group; "Failed step": by the failing step's text, largest first, passing ones last. */
export function groupScenarioRows(rows: readonly ScenarioTableRow[], grouping: Grouping): ScenarioGroup[] {
  if (grouping === 'none') return [{ key: 'all', title: '', rows: [...rows] }];
  const groups = new Map<string, ScenarioGroup>();
  for (const r of rows) {
    const title = failedStepLabel(r.row);
    let g = groups.get(title);
    if (!g) groups.set(title, (g = { key: title, title, rows: [] }));
    g.rows.push(r);
  }
  return [...groups.values()].sort((a, b) => Number(a.title === NO_FAILED_STEP) - Number(b.title === NO_FAILED_STEP) || b.rows.length - a.rows.length);
}

/** Past executions: at most 5, newest first. */
export function pastResults(tc: Pick<TestCaseRow, 'pastResults'>): TestCaseRow['pastResults'] {
  return (tc.pastResults ?? []).slice(0, PAST_RESULTS_LIMIT);
}

/** The tab a report opens on: Failed only when something failed. */
export function defaultTab(failed: number): ScenarioTab {
  return failed > 0 ? 'failed' : 'all';
}

/** The text shown for a report that could not be loaded. */
export function loadErrorText(err: unknown): string {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? 'Error' : 'Internal error';
}
