import { DEFAULT_BROWSER, DEFAULT_SCREENSHOTS, DEFAULT_VIEWPORT, type ExecutionInput, type Schedule, type ScenarioReference, type ScreenshotMode } from '@stepwise/shared';
import { defaultSchedule } from '../logic/schedule';
import { clampThreads } from '../logic/threads';

export type Browser = ExecutionInput['flows'][number]['browser'];

/** What the planner wizard collects over its three steps. */
export interface PlannerValues {
  name: string;
  env: string;
  branch: string;
  browser: Browser;
  viewport: string;
  tags: string[];
  /** null: the maximum (follows the scenario count as tags change). */
  threads: number | null;
  schedule: Schedule;
  /** AI recovery: steps failing on a changed element are repaired and retried; the fixes wait in Code Review. */
  aiRecovery: boolean;
  /** Which steps keep a screenshot. */
  screenshots: ScreenshotMode;
}

export const STEP_LABELS = ['Define an execution', 'Select scenarios', 'Schedule execution'] as const;
export const FIRST_GROUP_NAME = 'Scenario Group 1';

export function initialPlannerValues(branch: string, env: string | null, now: Date = new Date()): PlannerValues {
  return { name: '', env: env ?? '', branch, browser: DEFAULT_BROWSER, viewport: DEFAULT_VIEWPORT, tags: [], threads: null, schedule: defaultSchedule(now), aiRecovery: false, screenshots: DEFAULT_SCREENSHOTS };
}

/** Next of step 1 needs a name, an environment and a branch. */
export function defineStepComplete(v: Pick<PlannerValues, 'name' | 'env' | 'branch'>): boolean {
  return v.name.trim() !== '' && v.env.trim() !== '' && v.branch.trim() !== '';
}

/** Next of step 2 needs a tag. */
export function selectStepComplete(v: Pick<PlannerValues, 'tags'>): boolean {
  return v.tags.length > 0;
}

/** The thread count in effect: the chosen one within 0..max, or max when none was chosen. */
export function effectiveThreads(threads: number | null, max: number): number {
  return threads === null ? max : clampThreads(threads, max);
}

/** The execution the wizard creates: one flow with "Scenario Group 1"; enabled when a schedule was applied. */
export function buildExecution(v: PlannerValues, scenarios: ScenarioReference[], threadCount: number, schedule: Schedule | null): ExecutionInput {
  return {
    name: v.name.trim(),
    env: v.env,
    branch: v.branch,
    flows: [{ viewport: v.viewport, browser: v.browser, scenarioGroups: [{ name: FIRST_GROUP_NAME, threadCount, scenarios, tags: v.tags }] }],
    schedule,
    isSingleThreaded: false,
    enabled: schedule !== null,
    aiRecovery: v.aiRecovery,
    screenshots: v.screenshots,
  };
}
