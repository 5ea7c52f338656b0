import { stepKeyword, type ReportStep, type TestCaseResult } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { addMemory, type MemoryIncrement } from './memory.repository.ts';

/**
 * The application memory map: the pages the runs visited (by normalised route) and the step
 * transitions between them. Learned once per stored run (storeRun calls `recordRunMemory`), so that
 * reading the map never reads test cases.
 */

export const MAX_ROUTE = 500;
export const MAX_URL = 2000;
export const MAX_TITLE = 500;
export const MAX_STEP_TEXT = 500;
/** Aria snapshots above this are cut (the map shows them as text). */
export const MAX_ARIA_SNAPSHOT = 100_000;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER_RE = /^\d+$/;
/** Long hex ids (Mongo object ids, hashes). */
const HEX_ID_RE = /^(?=.*\d)[0-9a-f]{16,}$/i;
/** ULIDs. */
const ULID_RE = /^[0-9A-HJKMNP-TV-Z]{26}$/;

function isIdSegment(segment: string): boolean {
  return NUMBER_RE.test(segment) || UUID_RE.test(segment) || HEX_ID_RE.test(segment) || ULID_RE.test(segment);
}

function normalisePath(path: string): string {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((s) => {
      let decoded = s;
      try {
        decoded = decodeURIComponent(s);
      } catch {
        /* keep it as it is */
      }
      return isIdSegment(decoded) ? ':id' : decoded;
    });
  return `/${segments.join('/')}`;
}

/**
 * The route of a page: its URL path without query or fragment, ids (numbers, UUIDs, long hex ids,
 * ULIDs) collapsed to ':id', no trailing slash; a hash route ("#/orders/12") is kept after '#'. Only
 * http(s) pages have a route: null for about:blank, data: and anything unparsable.
 */
export function normaliseRoute(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  let route = normalisePath(parsed.pathname);
  if (parsed.hash.startsWith('#/')) route += `#${normalisePath(parsed.hash.slice(1).split('?')[0])}`;
  return stripControl(route).slice(0, MAX_ROUTE);
}

/** PostgreSQL text holds no NUL; U+001F separates the parts of the keys below. */
function stripControl(s: string): string {
  return s.replaceAll('\u0000', '').replaceAll('\u001f', '');
}
const clean = (s: string, max: number) => stripControl(s).slice(0, max);

/** A step as the map names it: keyword and text ("When I open the cart"). */
export function memoryStepText(step: Pick<ReportStep, 'keyword' | 'type' | 'text'>): string {
  return clean(`${stepKeyword(step)} ${step.text}`.trim(), MAX_STEP_TEXT);
}

const sep = '\u001f';

/**
 * What a run adds to the map: every page a step ended on (the latest title, URL and aria snapshot of
 * a route win; a visit is an arrival on the page), the steps that ended on each page, and the
 * transitions between consecutive steps' pages within a test case with the step that caused them.
 * Hooks and steps without a page are passed over (the page before stays the current one).
 */
export function collectMemory(testCases: readonly TestCaseResult[]): MemoryIncrement {
  const pages = new Map<string, { url: string; title: string; ariaSnapshot: string | null; visits: number }>();
  const pageSteps = new Map<string, number>();
  const edges = new Map<string, number>();
  for (const tc of testCases) {
    let current: string | null = null;
    for (const step of tc.steps ?? []) {
      if (!step.page?.url || step.type === 'Before' || step.type === 'After') continue;
      const route = normaliseRoute(step.page.url);
      if (!route) continue;
      const text = memoryStepText(step);
      const page = pages.get(route) ?? { url: '', title: '', ariaSnapshot: null, visits: 0 };
      page.url = clean(step.page.url, MAX_URL);
      // An empty title (read while the page was still loading) keeps the one known before.
      if (step.page.title) page.title = clean(step.page.title, MAX_TITLE);
      if (step.page.ariaSnapshot) page.ariaSnapshot = clean(step.page.ariaSnapshot, MAX_ARIA_SNAPSHOT);
      if (route !== current) page.visits += 1;
      pages.set(route, page);
      const stepKey = route + sep + text;
      pageSteps.set(stepKey, (pageSteps.get(stepKey) ?? 0) + 1);
      if (current !== null && current !== route) {
        const edgeKey = current + sep + route + sep + text;
        edges.set(edgeKey, (edges.get(edgeKey) ?? 0) + 1);
      }
      current = route;
    }
  }
  const byKey = <T extends { key: string }>(a: T, b: T) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  return {
    // Sorted: concurrent runs upsert rows in the same order (no deadlock).
    pages: [...pages].map(([route, p]) => ({ key: route, route, ...p })).sort(byKey),
    pageSteps: [...pageSteps].map(([key, count]) => {
      const [route, stepText] = key.split(sep);
      return { key, route, stepText, count };
    }).sort(byKey),
    edges: [...edges].map(([key, count]) => {
      const [source, target, stepText] = key.split(sep);
      return { key, source, target, stepText, count };
    }).sort(byKey),
  };
}

/**
 * Adds a stored run's pages to its project's map. Never fails the caller: the run is stored already,
 * and a map that misses one run is better than a run refused.
 */
export async function recordRunMemory(ctx: AppContext, projectId: string, testCases: readonly TestCaseResult[]): Promise<void> {
  try {
    const increment = collectMemory(testCases);
    if (increment.pages.length === 0) return;
    await addMemory(ctx.db, projectId, increment);
  } catch (err) {
    ctx.log.warn({ err, projectId }, 'could not add a run to the application memory');
  }
}
