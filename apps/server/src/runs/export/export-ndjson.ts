import { version as protocolVersion, type Envelope } from '@cucumber/messages';
import type { Run } from '../../db/schema.ts';
import type { ExportCase, ExportStep } from './export-cases.ts';
import { caseOutcome, featuresInChunks, stepKeywordType, type Chunk } from './export-shape.ts';

/**
 * A run as Cucumber messages, one envelope at a time: the run's meta and hooks first, then for each
 * chunk of test cases of one feature (export-shape.ts) its Gherkin document, pickles and test cases
 * followed by their results; the test run's end last. What is kept is one chunk, never the run.
 */

const BEFORE_HOOK = 'hook-before';
const AFTER_HOOK = 'hook-after';

const timestamp = (d: Date | string | null | undefined, fallback: number) => {
  const ms = d ? new Date(d).getTime() : fallback;
  const safe = Number.isFinite(ms) ? ms : fallback;
  return { seconds: Math.floor(safe / 1000), nanos: (((safe % 1000) + 1000) % 1000) * 1e6 };
};
const duration = (ms: number | undefined) => {
  const safe = Number.isFinite(ms) && ms! > 0 ? ms! : 0;
  return { seconds: Math.floor(safe / 1000), nanos: Math.round((safe % 1000) * 1e6) };
};

export async function* runEnvelopes(run: Run, cases: AsyncIterable<ExportCase>): AsyncGenerator<Envelope> {
  const runStart = run.start_time ? new Date(run.start_time).getTime() : new Date(run.publish_time).getTime();
  yield {
    meta: {
      protocolVersion,
      implementation: { name: 'stepwise', version: null as never },
      runtime: { name: 'node.js', version: process.versions.node },
      os: { name: process.platform },
      cpu: { name: process.arch },
    },
  } as Envelope;
  yield { hook: { id: BEFORE_HOOK, type: 'BEFORE_TEST_CASE', name: 'Before', sourceReference: {} } } as Envelope;
  yield { hook: { id: AFTER_HOOK, type: 'AFTER_TEST_CASE', name: 'After', sourceReference: {} } } as Envelope;
  yield { testRunStarted: { timestamp: timestamp(run.start_time, runStart) } } as Envelope;
  let success = true;
  for await (const chunk of featuresInChunks(cases)) {
    yield* definitions(chunk);
    for (const c of chunk.cases) {
      const outcome = caseOutcome(c);
      if (!['PASSED', 'SKIPPED'].includes(outcome.status)) success = false;
      yield* results(c, outcome.steps, runStart);
    }
  }
  yield { testRunFinished: { timestamp: timestamp(run.end_time, runStart), success } } as Envelope;
}

function* definitions(chunk: Chunk): Generator<Envelope> {
  const uri = chunk.featurePath;
  const children = chunk.cases.map((c) => {
    const line = c.line ?? 1;
    return {
      scenario: {
        id: `sc-${c.position}`,
        location: { line, column: 1 },
        tags: c.tags.map((name, i) => ({ id: `tag-${c.position}-${i}`, name, location: { line: Math.max(line - 1, 1), column: 1 } })),
        keyword: 'Scenario',
        name: c.scenarioName,
        description: '',
        steps: caseOutcome(c)
          .steps.map((s, i) => ({ s, i }))
          .filter(({ s }) => !isHook(s))
          .map(({ s, i }) => ({ id: `st-${c.position}-${i}`, location: { line: s.line ?? line, column: 1 }, keyword: `${s.keyword.trim() || '*'} `, keywordType: stepKeywordType(s.type), text: s.text })),
        examples: [],
      },
    };
  });
  yield {
    gherkinDocument: {
      uri,
      feature: { location: { line: 1, column: 1 }, tags: [], language: 'en', keyword: 'Feature', name: chunk.featureName, description: '', children },
      comments: [],
    },
  } as unknown as Envelope;
  for (const c of chunk.cases) {
    const steps = caseOutcome(c).steps;
    yield {
      pickle: {
        id: `p-${c.position}`,
        uri,
        location: { line: c.line ?? 1, column: 1 },
        name: c.scenarioName,
        language: 'en',
        astNodeIds: [`sc-${c.position}`],
        tags: c.tags.map((name, i) => ({ name, astNodeId: `tag-${c.position}-${i}` })),
        steps: steps
          .map((s, i) => ({ s, i }))
          .filter(({ s }) => !isHook(s))
          .map(({ s, i }) => ({ id: `ps-${c.position}-${i}`, text: s.text, type: pickleStepType(s.type), astNodeIds: [`st-${c.position}-${i}`] })),
      },
    } as unknown as Envelope;
    yield {
      testCase: {
        id: `tc-${c.position}`,
        pickleId: `p-${c.position}`,
        testSteps: steps.map((s, i) =>
          isHook(s) ? { id: `ts-${c.position}-${i}`, hookId: s.type === 'After' ? AFTER_HOOK : BEFORE_HOOK } : { id: `ts-${c.position}-${i}`, pickleStepId: `ps-${c.position}-${i}`, stepDefinitionIds: [], stepMatchArgumentsLists: [] },
        ),
      },
    } as unknown as Envelope;
  }
}

function* results(c: ExportCase, steps: ExportStep[], runStart: number): Generator<Envelope> {
  const started = `tcs-${c.position}`;
  const caseStart = c.startTime ? c.startTime.getTime() : runStart;
  yield { testCaseStarted: { id: started, testCaseId: `tc-${c.position}`, attempt: c.attempt, timestamp: timestamp(c.startTime, caseStart) } } as Envelope;
  let clock = caseStart;
  for (const [i, s] of steps.entries()) {
    const testStepId = `ts-${c.position}-${i}`;
    const begin = s.result.startTime ? new Date(s.result.startTime).getTime() : clock;
    yield { testStepStarted: { testCaseStartedId: started, testStepId, timestamp: timestamp(null, begin) } } as Envelope;
    const ms = s.result.duration ?? 0;
    const text = s.result.errorStack ?? s.result.message ?? undefined;
    const testStepResult = {
      status: s.result.status,
      duration: duration(ms),
      ...(text ? { message: text, exception: { type: 'Error', message: s.result.message ?? text, stackTrace: s.result.errorStack ?? undefined } } : {}),
    };
    clock = begin + ms;
    yield { testStepFinished: { testCaseStartedId: started, testStepId, testStepResult, timestamp: timestamp(s.result.endTime, clock) } } as Envelope;
  }
  yield { testCaseFinished: { testCaseStartedId: started, timestamp: timestamp(c.endTime, clock), willBeRetried: false } } as Envelope;
}

export const isHook = (s: ExportStep) => s.type === 'Before' || s.type === 'After';

function pickleStepType(type: string): string | undefined {
  return type === 'Context' || type === 'Action' || type === 'Outcome' ? type : 'Unknown';
}
