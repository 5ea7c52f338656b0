import { RUN_PERIOD_DAYS, RUN_SORT_FIELDS, type RunListRow } from '@stepwise/shared';

/** Period selector of the runs list: labels by index, days from RUN_PERIOD_DAYS. */
export const PERIOD_LABELS = ['last 24 hours', 'last week', 'last 2 weeks', 'all'] as const;
export const PERIODS = PERIOD_LABELS.map((label, index) => ({ index, label, days: RUN_PERIOD_DAYS[index] }));
/** The choice is kept locally, by index. */
export const DURATION_INDEX_KEY = 'durationIndex';
export const DEFAULT_DURATION_INDEX = PERIODS.length - 1;

export function parseDurationIndex(raw: string | null | undefined): number {
  const n = Number(raw);
  return raw !== null && raw !== undefined && raw !== '' && Number.isInteger(n) && n >= 0 && n < PERIODS.length ? n : DEFAULT_DURATION_INDEX;
}

export function readDurationIndex(): number {
  try {
    return parseDurationIndex(localStorage.getItem(DURATION_INDEX_KEY));
  } catch {
    return DEFAULT_DURATION_INDEX;
  }
}

export function saveDurationIndex(index: number): void {
  try {
    localStorage.setItem(DURATION_INDEX_KEY, String(index));
  } catch {
    // private mode: the choice lasts for this page only
  }
}

export const TYPE_FILTERS = [
  { value: '', label: 'All types' },
  { value: 'local', label: 'Local' },
  { value: 'executions', label: 'Executions' },
  { value: 'scenario', label: 'Scenario' },
] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number]['value'];

export type RunSortField = (typeof RUN_SORT_FIELDS)[number];
export const DEFAULT_SORT = { field: 'publishTime' as RunSortField, order: 'desc' as 'asc' | 'desc' };

export function isSortField(field: string): field is RunSortField {
  return (RUN_SORT_FIELDS as readonly string[]).includes(field);
}

/** A run-type row is Passed only when every scenario passed; a single-scenario row keeps its status. */
export function rowStatus(row: Pick<RunListRow, 'type' | 'status' | 'totalScenarios' | 'totalScenariosPassed'>): string {
  if (row.type === 'scenario') return row.status || 'Failed';
  const allPassed = row.totalScenarios > 0 && row.totalScenariosPassed === row.totalScenarios;
  if (row.status === 'Passed' || !row.status) return allPassed ? 'Passed' : 'Failed';
  return row.status;
}

export const MODE_LABELS: Record<string, string> = { executions: 'Execution Planner', local: 'Locally', cloud: 'Cloud' };

/** "Execution Planner" for executions, "Locally" for local runs. */
export function modeLabel(mode: string): string {
  return MODE_LABELS[mode] ?? mode;
}

/** "1m 05s", "12.3s", "1h 02m". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '-';
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`;
  return `${m}m ${String(rest).padStart(2, '0')}s`;
}

/** Local date and time, or '-' . */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '-' : d.toLocaleString();
}

/** The rows with each id once (its first place kept). */
export function uniqueById<T extends { id: string }>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.id) && Boolean(seen.add(r.id)));
}
