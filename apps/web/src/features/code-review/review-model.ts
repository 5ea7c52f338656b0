import type { OversightItem } from '@stepwise/shared';

/** The Code Review list as pure data: fixes grouped by scenario, the selection, its labels and the pages. */

export interface FixGroup {
  key: string;
  featureName: string;
  scenarioName: string;
  featurePath: string;
  branch: string;
  fixes: OversightItem[];
}

export const groupKeyOf = (f: OversightItem) => `${f.branch}\u0000${f.featurePath}\u0000${f.report.testCases[0]?.scenarioName ?? ''}`;

/** Fixes grouped by scenario (branch, feature file and scenario name), in the order the list gives them (newest first). */
export function groupFixes(items: readonly OversightItem[]): FixGroup[] {
  const groups = new Map<string, FixGroup>();
  for (const f of items) {
    const key = groupKeyOf(f);
    let group = groups.get(key);
    if (!group) {
      const tc = f.report.testCases[0];
      group = { key, featureName: tc?.featureName || f.featurePath, scenarioName: tc?.scenarioName ?? '', featurePath: f.featurePath, branch: f.branch, fixes: [] };
      groups.set(key, group);
    }
    group.fixes.push(f);
  }
  return [...groups.values()];
}

export type SelectionState = 'none' | 'some' | 'all';

/** none, some (the checkbox shows indeterminate) or all of `ids` selected. */
export function selectionState(selected: ReadonlySet<string>, ids: readonly string[]): SelectionState {
  const n = ids.filter((id) => selected.has(id)).length;
  if (n === 0) return 'none';
  return n === ids.length ? 'all' : 'some';
}

/** The selection kept to the ids still listed (a refetch drops accepted and discarded fixes). */
export function keepListed(selected: ReadonlySet<string>, items: readonly OversightItem[]): Set<string> {
  return new Set(items.filter((f) => selected.has(f._id)).map((f) => f._id));
}

/** A checkbox over `ids` clicked: all selected become unselected, otherwise all become selected. */
export function toggleAll(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const next = new Set(selected);
  if (selectionState(selected, ids) === 'all') ids.forEach((id) => next.delete(id));
  else ids.forEach((id) => next.add(id));
  return next;
}

export function toggleOne(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The spec's discard button: 'Discard all' when every fix is selected, 'Discard N oversight' otherwise. */
export function discardLabel(selectedCount: number, total: number): string {
  return total > 0 && selectedCount === total ? 'Discard all' : `Discard ${selectedCount} oversight`;
}

/** Fixes per page of the list; a longer list is paged (each fix holds a diff view). */
export const FIXES_PER_PAGE = 20;

export interface PageGroup extends FixGroup {
  /** Fixes of the group on this page (a long group continues on the next page). */
  shown: OversightItem[];
  continued: boolean;
}

export function pageCount(total: number, perPage: number = FIXES_PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The groups of page `page` (1-based): the fixes in list order from (page-1)*perPage, under their group headers. */
export function pageOf(groups: readonly FixGroup[], page: number, perPage: number = FIXES_PER_PAGE): PageGroup[] {
  const from = (page - 1) * perPage;
  const to = from + perPage;
  const out: PageGroup[] = [];
  let at = 0;
  for (const g of groups) {
    const start = Math.max(from, at);
    const end = Math.min(to, at + g.fixes.length);
    if (start < end) out.push({ ...g, shown: g.fixes.slice(start - at, end - at), continued: start > at });
    at += g.fixes.length;
    if (at >= to) break;
  }
  return out;
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "yesterday", "just now". */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const ms = at - now;
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (Math.abs(ms) >= size) return rtf.format(Math.round(ms / size), unit);
  return 'just now';
}

/** Where "View report" goes: the AI run's scenario report when the fix names it, else the run report. */
export function reportPath(projectId: string, f: Pick<OversightItem, 'runId' | 'testCaseId'>): string {
  const run = `/${projectId}/run-report/${encodeURIComponent(f.runId)}`;
  return f.testCaseId ? `${run}/${encodeURIComponent(f.testCaseId)}` : run;
}
