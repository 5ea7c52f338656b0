import { randomUUID } from 'node:crypto';
import { stepKeyword, type PageVisit, type RunReport, type StepStatus } from '@stepwise/shared';
import { foldCase, stepResultMessage, timestampToIso, type FoldEntry } from '@stepwise/runner/report-model';
import { runRows, type CaseInput, type RunRows } from '../run-rows.ts';
import type { DefinitionsToEvents, IngestRunInput, PickleRecord } from './ingest-protocol.ts';
import { FINISHED, STARTED, STATUS_BY_CODE, type EventsState } from './events-state.ts';

/**
 * The events worker's last step: each test case's results joined with its test case and pickle into
 * the row the run report shows, by the report builder's rules (report-fold), so that the rows agree
 * with the steps built from the same messages when a scenario report is read.
 */

export type Definitions = Extract<DefinitionsToEvents, { kind: 'definitions' }>;

export interface JoinedRun extends RunRows {
  testCases: number;
  memory: Array<{ steps: Array<{ keyword: string; type: string; text: string; page: PageVisit }> }>;
  hasErrors: boolean;
}

interface StepInfo {
  keyword: string;
  type: string;
  text: string;
  hook: boolean;
}

export function joinRun(state: EventsState, pickles: ReadonlyMap<string, PickleRecord>, defs: Definitions, input: IngestRunInput): JoinedRun {
  const stepDefinitions = new Map(defs.stepDefinitions);
  const hooks = new Map(defs.hooks.map((h) => [h[0], h]));
  const stepsOfPickle = new Map<string, Map<string, PickleRecord['steps'][number]>>();
  const lastAttemptOf = new Map<string, string>();
  const testCases: CaseInput[] = [];
  const memory: JoinedRun['memory'] = [];
  let unfinished = 0;

  for (const c of state.order) {
    const tc = state.testCases.get(c.testCaseId);
    const pickle = tc ? pickles.get(tc.pickleId) : undefined;
    let pickleSteps = pickle ? stepsOfPickle.get(pickle.id) : undefined;
    if (pickle && !pickleSteps) stepsOfPickle.set(pickle.id, (pickleSteps = new Map(pickle.steps.map((s) => [s[0], s]))));
    const entries: FoldEntry[] = [];
    const infos: StepInfo[] = [];
    let sawStep = false;
    for (const ts of tc?.steps ?? []) {
      let info: StepInfo;
      let match: string | null;
      if (ts.pickleStepId) {
        sawStep = true;
        const ps = pickleSteps?.get(ts.pickleStepId);
        info = { keyword: ps?.[2] ?? '', type: ps?.[3] ?? 'Unknown', text: ps?.[1] ?? '', hook: false };
        const ids = ts.stepDefinitionIds ?? [];
        match = ids.length ? ids.map((id) => stepDefinitions.get(id) ?? id).join(', ') : null;
      } else {
        const def = ts.hookId ? hooks.get(ts.hookId) : undefined;
        const before = def?.[1] ? def[1] === 'BEFORE_TEST_CASE' : !sawStep;
        const kind = before ? 'Before' : 'After';
        info = { keyword: kind, type: kind, text: def?.[2] || `${kind} hook`, hook: true };
        match = def?.[3] ?? null;
      }
      const packed = c.steps.get(ts.id) ?? 0;
      const st: StepStatus = STATUS_BY_CODE[packed & 7];
      const finished = (packed & FINISHED) !== 0;
      const message = finished && st !== 'PASSED' ? stepResultMessage(st, c.results?.get(ts.id) ?? {}, info.text, match) : null;
      entries.push({ hook: info.hook, status: finished ? st : 'UNKNOWN', message, started: (packed & STARTED) !== 0, finished });
      infos.push(info);
    }
    const fold = foldCase(entries, c.finished);
    if (!c.finished) unfinished++;
    const failed = fold.failedEntry !== null ? infos[fold.failedEntry] : null;
    const previous = lastAttemptOf.get(c.testCaseId);
    lastAttemptOf.set(c.testCaseId, c.id);
    testCases.push({
      id: c.id,
      scenarioName: pickle?.name ?? '',
      featureName: pickle?.featureName ?? '',
      featurePath: pickle?.featurePath ?? '',
      line: pickle?.line ?? null,
      tags: pickle ? [...pickle.tags] : [],
      steps: [],
      parameters: pickle?.parameters ?? {},
      result: { status: fold.status, startTime: timestampToIso(c.start), endTime: timestampToIso(c.end), message: fold.message },
      attempt: c.attempt,
      rerunId: previous && c.attempt > 0 ? previous : null,
      failedStep: fold.failedStep,
      browser: null,
      viewport: null,
      workerId: c.workerId,
      failedStepSummary: failed ? { keyword: stepKeyword(failed), text: failed.text } : null,
      sourceLines: [...(pickle?.source ?? []), ...(tc?.source ?? []), ...c.lines],
    });
    if (c.pages) {
      const steps: JoinedRun['memory'][number]['steps'] = [];
      tc?.steps.forEach((ts, i) => {
        const page = c.pages!.get(ts.id);
        if (page && !infos[i].hook) steps.push({ keyword: infos[i].keyword, type: infos[i].type, text: infos[i].text, page });
      });
      if (steps.length) memory.push({ steps });
    }
  }

  const errors = [...defs.errors];
  for (const e of state.runErrors) {
    if ('text' in e) {
      errors.push(e.text);
      continue;
    }
    const hook = e.hookId ? hooks.get(e.hookId) : undefined;
    const label = hook?.[2] || (hook?.[1] === 'AFTER_TEST_RUN' ? 'AfterAll hook' : hook?.[1] === 'BEFORE_TEST_RUN' ? 'BeforeAll hook' : 'Test run hook');
    errors.push(`${label}${hook?.[3] ? ` (${hook[3]})` : ''} failed: ${e.message}`);
  }
  if (unfinished) errors.push(`${unfinished} test case${unfinished === 1 ? '' : 's'} did not finish`);
  const report: Omit<RunReport, 'testCases'> = {
    name: input.name,
    mode: input.mode,
    username: input.username,
    env: input.env,
    branch: input.branch,
    startTime: timestampToIso(state.startTime),
    endTime: timestampToIso(state.runFinished?.timestamp ?? null),
    success: state.runFinished?.success === true && unfinished === 0,
    errors,
    meta: defs.implementation,
  };
  const rows = runRows({
    runId: input.runId,
    projectId: input.projectId,
    report,
    testCases,
    type: input.type,
    userId: input.userId,
    username: input.username,
    meta: input.meta,
    newId: randomUUID,
  });
  return { ...rows, testCases: testCases.length, memory, hasErrors: errors.length > 0 };
}
