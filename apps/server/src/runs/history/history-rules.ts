import { FAILING_STATUSES, FLAKY_MIN_FLIPS, FLAKY_MIN_RETRY_PASSES, HISTORY_WINDOW, type HistoryMark, type HistoryOutcome } from '@stepwise/shared';

/**
 * The scenario history's rules, pure: a result's outcome letter, a scenario's measures over its
 * latest results (flips, passes on retry, pass rate, flakiness score), and how one more result
 * changes its stats and what mark it gets in its run's report. See docs/DECISIONS.md ("Flakiness").
 */

const FAILED = FAILING_STATUSES;

/** P passed, R passed after a failed attempt in the same run, F failed, S anything else (skipped). */
export function outcomeOf(status: string, retried: boolean): HistoryOutcome {
  if (status === 'PASSED') return retried ? 'R' : 'P';
  return FAILED.has(status) ? 'F' : 'S';
}

const isPass = (o: string) => o === 'P' || o === 'R';

export interface Measures {
  flips: number;
  retryPasses: number;
  /** Passed out of the results that passed or failed; null with none. */
  passRate: number | null;
  /** (flips + retry passes) / results that passed or failed, at most 1, 3 decimals. */
  score: number;
  flaky: boolean;
}

/** Measures of a scenario's latest results (letters, newest first). */
export function measure(recent: string): Measures {
  let flips = 0;
  let retryPasses = 0;
  let passes = 0;
  let counted = 0;
  let prev: boolean | null = null;
  for (const o of recent) {
    if (o === 'S') continue;
    const pass = isPass(o);
    counted += 1;
    if (pass) passes += 1;
    if (o === 'R') retryPasses += 1;
    if (prev !== null && prev !== pass) flips += 1;
    prev = pass;
  }
  const score = counted === 0 ? 0 : Math.min(1, Math.round(((flips + retryPasses) / counted) * 1000) / 1000);
  return {
    flips,
    retryPasses,
    passRate: counted === 0 ? null : Math.round((passes / counted) * 1000) / 1000,
    score,
    flaky: flips >= FLAKY_MIN_FLIPS || retryPasses >= FLAKY_MIN_RETRY_PASSES,
  };
}

export interface FailureStart {
  runId: string;
  publishTime: Date;
  branch: string | null;
  commit: string | null;
}

/** What the next result needs of a scenario's stats. */
export interface StatsState {
  recent: string;
  failingStreak: number;
  passedBefore: boolean;
  firstFailure: FailureStart | null;
}

export interface ResultPlace {
  outcome: HistoryOutcome;
  runId: string;
  publishTime: Date;
  branch: string | null;
  commit: string | null;
}

/** The stats after one more result, its measures, and the result's mark in its run. */
export function nextStats(prev: StatsState | null, r: ResultPlace): { state: StatsState; measures: Measures; mark: HistoryMark | null } {
  const before = prev?.recent ?? '';
  const recent = (r.outcome + before).slice(0, HISTORY_WINDOW);
  const measures = measure(recent);
  const previous = [...before].find((o) => o !== 'S');
  let state: StatsState;
  if (r.outcome === 'F') {
    const continues = previous === 'F' && prev !== null && prev.failingStreak > 0;
    state = continues
      ? { recent, failingStreak: prev.failingStreak + 1, passedBefore: prev.passedBefore, firstFailure: prev.firstFailure }
      : { recent, failingStreak: 1, passedBefore: previous !== undefined && isPass(previous), firstFailure: { runId: r.runId, publishTime: r.publishTime, branch: r.branch, commit: r.commit } };
  } else if (r.outcome === 'S') {
    state = { recent, failingStreak: prev?.failingStreak ?? 0, passedBefore: prev?.passedBefore ?? false, firstFailure: prev?.firstFailure ?? null };
  } else {
    state = { recent, failingStreak: 0, passedBefore: true, firstFailure: null };
  }
  return { state, measures, mark: markOf(r.outcome, previous, measures.flaky) };
}

function markOf(outcome: HistoryOutcome, previous: string | undefined, flaky: boolean): HistoryMark | null {
  if (outcome === 'S') return null;
  if (flaky) return 'flaky';
  if (outcome === 'F') return previous === 'F' ? 'still_failing' : 'new_failure';
  return previous === 'F' ? 'fixed' : null;
}

/** A run's test case as the history sees it: its scenario's key, status, and whether an earlier attempt of it failed. */
export interface CaseOutcome {
  key: string;
  status: string;
  retried: boolean;
}

/** One result per scenario of a run, in report order: its first failing test case, else its first (a scenario run in several browsers gives its worst result). */
export function scenarioResults<T extends CaseOutcome>(cases: Iterable<T>): T[] {
  const byKey = new Map<string, T>();
  for (const c of cases) {
    const have = byKey.get(c.key);
    if (!have || (outcomeOf(c.status, c.retried) === 'F' && outcomeOf(have.status, have.retried) !== 'F')) byKey.set(c.key, c);
  }
  return [...byKey.values()];
}

/** Quarantined scenarios of a run that did not pass (out of its verdict), and those of them that failed. */
export function quarantinedCounts(results: Iterable<CaseOutcome & { quarantined: boolean }>): { notPassed: number; failed: number } {
  let notPassed = 0;
  let failed = 0;
  for (const r of results) {
    const outcome = outcomeOf(r.status, r.retried);
    if (!r.quarantined || isPass(outcome)) continue;
    notPassed += 1;
    if (outcome === 'F') failed += 1;
  }
  return { notPassed, failed };
}
