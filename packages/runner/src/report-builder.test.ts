import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Envelope } from '@cucumber/messages';
import { ATTACHMENT_TYPES, RunReport } from '@stepwise/shared';
import { readNdjson } from './ndjson.ts';
import { messagesToReport, ReportBuilder, type ReportMeta } from './report-builder.ts';

// Synthetic message streams, shaped like cucumber-js's (and, where noted, like other implementations').

const META: ReportMeta = { name: 'import', mode: 'local', username: 'ann', env: { name: 'staging', baseUrl: 'https://staging.example.com' }, branch: 'main' };
const ts = (ms: number) => ({ seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 });
const dur = (ms: number) => ({ seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 });
const tmp: string[] = [];
afterAll(() => tmp.forEach((f) => fs.rmSync(f, { recursive: true, force: true })));

interface ScenarioSpec {
  name: string;
  steps: { keyword: string; keywordType?: 'Context' | 'Action' | 'Outcome' | 'Conjunction'; text: string; status: string; message?: string }[];
  tags?: string[];
  hooks?: { before?: string; after?: string };
  attempts?: number;
}

/** Envelopes of one feature file with these scenarios, run one after the other. */
function run(uri: string, scenarios: ScenarioSpec[], opts: { finish?: boolean; success?: boolean; keywordTypes?: boolean } = {}): Envelope[] {
  const out: Envelope[] = [{ meta: { protocolVersion: '31.0.0', implementation: { name: 'cucumber-jvm', version: '7.20.0' }, runtime: { name: 'java' }, os: { name: 'linux' }, cpu: { name: 'x64' } } }];
  let line = 2;
  const children = scenarios.map((sc, i) => {
    const scenarioLine = ++line;
    const steps = sc.steps.map((st, j) => ({
      id: `s${i}-${j}`,
      keyword: `${st.keyword} `,
      ...(opts.keywordTypes === false ? {} : { keywordType: st.keywordType }),
      text: st.text,
      location: { line: ++line, column: 5 },
    }));
    line++;
    return { scenario: { id: `sc${i}`, keyword: 'Scenario', name: sc.name, description: '', tags: [], examples: [], steps, location: { line: scenarioLine, column: 3 } } };
  });
  out.push({ gherkinDocument: { uri, comments: [], feature: { keyword: 'Feature', name: 'Bulk', description: '', language: 'en', tags: [], children, location: { line: 1, column: 1 } } } } as unknown as Envelope);
  out.push({ stepDefinition: { id: 'def', pattern: { source: 'anything', type: 'CUCUMBER_EXPRESSION' as never }, sourceReference: { uri: 'steps/all.js', location: { line: 7 } } } } as Envelope);
  out.push({ hook: { id: 'hb', name: 'login', sourceReference: { uri: 'steps/hooks.js', location: { line: 3 } }, type: 'BEFORE_TEST_CASE' as never } } as Envelope);
  out.push({ hook: { id: 'ha', sourceReference: { uri: 'steps/hooks.js', location: { line: 9 } } } } as Envelope);
  out.push({ testRunStarted: { timestamp: ts(1_000_000) } });
  let clock = 1_000_000;
  scenarios.forEach((sc, i) => {
    const pickleSteps = sc.steps.map((st, j) => ({ id: `p${i}-${j}`, astNodeIds: [`s${i}-${j}`], text: st.text, type: st.keywordType === 'Conjunction' ? undefined : st.keywordType }));
    out.push({ pickle: { id: `p${i}`, uri, name: sc.name, language: 'en', astNodeIds: [`sc${i}`], tags: (sc.tags ?? []).map((t) => ({ name: t, astNodeId: 'x' })), steps: pickleSteps } } as unknown as Envelope);
    const testSteps = [
      ...(sc.hooks?.before ? [{ id: `t${i}-hb`, hookId: 'hb' }] : []),
      ...sc.steps.map((_, j) => ({ id: `t${i}-${j}`, pickleStepId: `p${i}-${j}`, stepDefinitionIds: ['def'], stepMatchArgumentsLists: [] })),
      ...(sc.hooks?.after ? [{ id: `t${i}-ha`, hookId: 'ha' }] : []),
    ];
    out.push({ testCase: { id: `tc${i}`, pickleId: `p${i}`, testSteps } });
  });
  scenarios.forEach((sc, i) => {
    const attempts = sc.attempts ?? 1;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const started = `tcs${i}-${attempt}`;
      out.push({ testCaseStarted: { id: started, testCaseId: `tc${i}`, attempt, timestamp: ts(clock) } });
      const steps: { id: string; status: string; message?: string }[] = [
        ...(sc.hooks?.before ? [{ id: `t${i}-hb`, status: sc.hooks.before }] : []),
        ...sc.steps.map((st, j) => ({ id: `t${i}-${j}`, status: attempt < attempts - 1 && st.status === 'PASSED' ? 'PASSED' : st.status, message: st.message })),
        ...(sc.hooks?.after ? [{ id: `t${i}-ha`, status: sc.hooks.after }] : []),
      ];
      for (const st of steps) {
        out.push({ testStepStarted: { testCaseStartedId: started, testStepId: st.id, timestamp: ts(clock) } });
        clock += 10;
        const failed = st.status === 'FAILED';
        out.push({
          testStepFinished: {
            testCaseStartedId: started,
            testStepId: st.id,
            testStepResult: { status: st.status as never, duration: dur(10), ...(failed ? { message: `${st.message ?? 'boom'}\n    at step (steps/all.js:7)` } : {}) },
            timestamp: ts(clock),
          },
        });
      }
      out.push({ testCaseFinished: { testCaseStartedId: started, timestamp: ts(clock), willBeRetried: attempt < attempts - 1 } });
    }
  });
  if (opts.finish !== false) out.push({ testRunFinished: { success: opts.success ?? true, timestamp: ts(clock) } });
  return out;
}

describe('messagesToReport', () => {
  it('builds test cases, steps and results from another implementation\'s messages', async () => {
    const envelopes = run('features/cart.feature', [
      { name: 'Adds', tags: ['@cart'], steps: [{ keyword: 'Given', keywordType: 'Context', text: 'a cart', status: 'PASSED' }, { keyword: 'And', keywordType: 'Conjunction', text: 'an item', status: 'PASSED' }] },
      { name: 'Breaks', steps: [{ keyword: 'When', keywordType: 'Action', text: 'it breaks', status: 'FAILED', message: 'Expected 1 to be 2' }, { keyword: 'Then', keywordType: 'Outcome', text: 'nothing', status: 'SKIPPED' }] },
    ], { success: false });
    const { report } = await messagesToReport(envelopes, META);
    expect(() => RunReport.parse(report)).not.toThrow();
    expect(report).toMatchObject({ name: 'import', mode: 'local', username: 'ann', branch: 'main', success: false, errors: [], meta: { implementation: 'cucumber-jvm', version: '7.20.0' } });
    expect(report.startTime).toBe(new Date(1_000_000).toISOString());
    const [adds, breaks] = report.testCases;
    expect(adds).toMatchObject({ id: 'tcs0-0', scenarioName: 'Adds', featureName: 'Bulk', featurePath: 'features/cart.feature', line: 3, tags: ['@cart'], attempt: 0, failedStep: null });
    expect(adds.result.status).toBe('PASSED');
    expect(adds.steps.map((s) => [s.keyword, s.type, s.text, s.line, s.match])).toEqual([
      ['Given', 'Context', 'a cart', 4, 'steps/all.js:7'],
      ['And', 'Conjunction', 'an item', 5, 'steps/all.js:7'],
    ]);
    expect(adds.steps[0].result).toMatchObject({ status: 'PASSED', duration: 10, startTime: new Date(1_000_000).toISOString(), endTime: new Date(1_000_010).toISOString() });
    expect(breaks.result).toMatchObject({ status: 'FAILED', message: 'Expected 1 to be 2' });
    expect(breaks.failedStep).toBe(0);
    expect(breaks.steps[0].result.errorStack).toContain('at step (steps/all.js:7)');
  });

  it('falls back to the pickle step type when the Gherkin step has no keyword type', async () => {
    const { report } = await messagesToReport(
      run('features/a.feature', [{ name: 'Old', steps: [{ keyword: 'Given', keywordType: 'Context', text: 'x', status: 'PASSED' }, { keyword: 'And', keywordType: 'Conjunction', text: 'y', status: 'PASSED' }] }], { keywordTypes: false }),
      META,
    );
    expect(report.testCases[0].steps.map((s) => s.type)).toEqual(['Context', 'Unknown']);
  });

  it('shows hooks only when they failed, as Before or After', async () => {
    const { report } = await messagesToReport(
      run('features/a.feature', [
        { name: 'Hooks pass', hooks: { before: 'PASSED', after: 'PASSED' }, steps: [{ keyword: 'Given', text: 'x', status: 'PASSED' }] },
        { name: 'Before fails', hooks: { before: 'FAILED', after: 'PASSED' }, steps: [{ keyword: 'Given', text: 'x', status: 'SKIPPED' }] },
        { name: 'After fails', hooks: { after: 'FAILED' }, steps: [{ keyword: 'Given', text: 'x', status: 'PASSED' }] },
      ]),
      META,
    );
    const [pass, before, after] = report.testCases;
    expect(pass.steps).toHaveLength(1);
    expect(before.steps.map((s) => [s.type, s.text, s.result.status, s.match])).toEqual([
      ['Before', 'login', 'FAILED', 'steps/hooks.js:3'],
      ['Unknown', 'x', 'SKIPPED', 'steps/all.js:7'],
    ]);
    expect(before.failedStep).toBe(0);
    expect(after.steps.map((s) => [s.type, s.text, s.result.status])).toEqual([
      ['Unknown', 'x', 'PASSED'],
      ['After', 'After hook', 'FAILED'],
    ]);
    expect(after.result.status).toBe('FAILED');
    expect(after.failedStep).toBe(1);
  });

  it('keeps every attempt of a retried test case; the later one names the one it reran', async () => {
    const { report } = await messagesToReport(run('features/a.feature', [{ name: 'Flaky', attempts: 2, steps: [{ keyword: 'Given', text: 'x', status: 'PASSED' }] }]), META);
    expect(report.testCases.map((t) => [t.id, t.attempt, t.rerunId])).toEqual([
      ['tcs0-0', 0, null],
      ['tcs0-1', 1, 'tcs0-0'],
    ]);
    expect(report.success).toBe(true);
  });

  it('decodes attachments: our step recordings into the step, anything else into the map', async () => {
    const envelopes = run('features/a.feature', [{ name: 'Shots', steps: [{ keyword: 'Given', text: 'x', status: 'PASSED' }] }]);
    const at = envelopes.findIndex((e) => e.testStepFinished);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const base = { testCaseStartedId: 'tcs0-0', testStepId: 't0-0' };
    const attach = (mediaType: string, body: string, contentEncoding: 'BASE64' | 'IDENTITY', fileName?: string): Envelope => ({ attachment: { ...base, mediaType, body, contentEncoding: contentEncoding as never, fileName } });
    envelopes.splice(
      at,
      0,
      attach('image/png', png.toString('base64'), 'BASE64'),
      attach(ATTACHMENT_TYPES.console, JSON.stringify([{ type: 'error', text: 'oops', time: '2026-01-01T00:00:00.000Z' }]), 'IDENTITY'),
      attach(ATTACHMENT_TYPES.network, Buffer.from(JSON.stringify([{ requestUrl: 'http://x/a', method: 'GET', status: 'net::ERR_ABORTED', responseTime: 3, size: 0, type: 'fetch' }])).toString('base64'), 'BASE64'),
      attach(ATTACHMENT_TYPES.page, JSON.stringify({ url: 'http://x/', title: 'X', ariaSnapshot: '- heading "X"' }), 'IDENTITY'),
      attach(ATTACHMENT_TYPES.command, JSON.stringify({ type: 'step_complete', text: 'x', result: { status: 'PASSED', startTime: null, endTime: null } }), 'IDENTITY'),
      attach('text/plain', 'hello log', 'IDENTITY', 'log.txt'),
      attach(ATTACHMENT_TYPES.console, '{not json', 'IDENTITY'),
    );
    const { report, attachments } = await messagesToReport(envelopes, META);
    const step = report.testCases[0].steps[0];
    expect(step.screenshotId).toBe('att-1');
    expect(attachments.get('att-1')).toEqual({ mediaType: 'image/png', body: png, fileName: null });
    expect(step.webLog).toEqual([{ type: 'error', text: 'oops', time: '2026-01-01T00:00:00.000Z' }]);
    expect(step.networkData[0].status).toBe('net::ERR_ABORTED');
    expect(step.page).toEqual({ url: 'http://x/', title: 'X', ariaSnapshot: '- heading "X"' });
    expect(step.commands).toEqual([expect.objectContaining({ type: 'step_complete', screenshotId: 'att-1' })]);
    expect(step.attachments).toEqual([{ id: 'att-2', mediaType: 'text/plain', fileName: 'log.txt' }]);
    expect(attachments.get('att-2')!.body.toString()).toBe('hello log');
  });

  it('gives identical screenshots of one test case one id', async () => {
    const envelopes = run('features/a.feature', [{ name: 'Same', steps: [{ keyword: 'Given', text: 'x', status: 'PASSED' }, { keyword: 'Then', text: 'y', status: 'PASSED' }, { keyword: 'Then', text: 'z', status: 'PASSED' }] }]);
    const shot = (stepId: string, bytes: number[]): Envelope => ({ attachment: { testCaseStartedId: 'tcs0-0', testStepId: stepId, mediaType: 'image/png', body: Buffer.from(bytes).toString('base64'), contentEncoding: 'BASE64' as never } });
    for (const [stepId, bytes] of [['t0-0', [1, 2]], ['t0-1', [1, 2]], ['t0-2', [3]]] as const) {
      envelopes.splice(envelopes.findIndex((e) => e.testStepFinished?.testStepId === stepId), 0, shot(stepId, [...bytes]));
    }
    const { report, attachments } = await messagesToReport(envelopes, META);
    expect(report.testCases[0].steps.map((s) => s.screenshotId)).toEqual(['att-1', 'att-1', 'att-2']);
    expect(attachments.size).toBe(2);
  });

  it('gives the last step what a passing After hook recorded (requests that outlived it)', async () => {
    const envelopes = run('features/a.feature', [{ name: 'Late', hooks: { after: 'PASSED' }, steps: [{ keyword: 'Given', text: 'x', status: 'PASSED' }] }]);
    const at = envelopes.findIndex((e) => e.testStepFinished?.testStepId === 't0-ha');
    const late = [{ requestUrl: 'http://x/late', method: 'GET', status: 404, responseTime: 5, size: 9, type: 'fetch' }];
    envelopes.splice(at, 0, { attachment: { testCaseStartedId: 'tcs0-0', testStepId: 't0-ha', mediaType: ATTACHMENT_TYPES.network, body: JSON.stringify(late), contentEncoding: 'IDENTITY' as never } });
    const { report } = await messagesToReport(envelopes, META);
    expect(report.testCases[0].steps).toHaveLength(1);
    expect(report.testCases[0].steps[0].networkData).toEqual(late);
  });

  it('counts test cases cut short by a crash as failed, and says why the run ended', async () => {
    const envelopes = run('features/a.feature', [
      { name: 'Done', steps: [{ keyword: 'Given', text: 'x', status: 'PASSED' }] },
      { name: 'Cut', steps: [{ keyword: 'Given', text: 'x', status: 'PASSED' }, { keyword: 'When', text: 'y', status: 'PASSED' }, { keyword: 'Then', text: 'z', status: 'PASSED' }] },
    ], { finish: false });
    // Cut: the second step started and never finished, the run process went away.
    const cutAt = envelopes.findIndex((e) => e.testStepStarted?.testStepId === 't1-1');
    envelopes.splice(cutAt + 1);
    envelopes.push({ testRunFinished: { success: false, timestamp: ts(2_000_000), exception: { type: 'Error', message: 'Worker 1 exited unexpectedly with code 3' } } });
    const { report } = await messagesToReport(envelopes, META);
    expect(report.success).toBe(false);
    expect(report.testCases.map((t) => t.result.status)).toEqual(['PASSED', 'FAILED']);
    expect(report.testCases[1].steps.map((s) => s.result.status)).toEqual(['PASSED', 'FAILED', 'SKIPPED']);
    expect(report.testCases[1].failedStep).toBe(1);
    expect(report.errors).toEqual(['Worker 1 exited unexpectedly with code 3', '1 test case did not finish']);
  });

  it('reports failed run hooks and parse errors as run errors', async () => {
    const builder = new ReportBuilder(META);
    builder.add({ hook: { id: 'ba', sourceReference: { uri: 'stepwise/world.ts', location: { line: 80 } }, type: 'BEFORE_TEST_RUN' as never } } as Envelope);
    builder.add({ testRunHookStarted: { id: 'h1', testRunStartedId: 'r', hookId: 'ba', timestamp: ts(0) } });
    builder.add({ testRunHookFinished: { testRunHookStartedId: 'h1', timestamp: ts(1), result: { status: 'FAILED' as never, duration: dur(1), message: 'Error: Browser firefox is not installed on this machine\n  at x', exception: { type: 'Error', message: 'Browser firefox is not installed on this machine' } } } });
    builder.add({ parseError: { source: { uri: 'features/x.feature', location: { line: 4 } }, message: '(4:3): expected: #StepLine, got \'Oops\'' } });
    const { report } = builder.build();
    expect(report.errors).toEqual([
      'BeforeAll hook (stepwise/world.ts:80) failed: Browser firefox is not installed on this machine',
      "Parse error in features/x.feature:4: (4:3): expected: #StepLine, got 'Oops'",
    ]);
    expect(report.success).toBe(false);
  });

  it('converts a 10,000-test-case NDJSON file in linear time: under ten seconds of CPU (about half a second)', async () => {
    const scenarios: ScenarioSpec[] = Array.from({ length: 10_000 }, (_, i) => ({
      name: `Scenario ${i}`,
      tags: ['@bulk'],
      steps: [
        { keyword: 'Given', keywordType: 'Context', text: `I open the "/item/${i}" page`, status: 'PASSED' },
        { keyword: 'When', keywordType: 'Action', text: 'click "Buy"', status: 'PASSED' },
        { keyword: 'Then', keywordType: 'Outcome', text: 'I should see "Thanks"', status: i % 10 === 0 ? 'FAILED' : 'PASSED' },
        { keyword: 'And', keywordType: 'Conjunction', text: 'the URL should contain "done"', status: i % 10 === 0 ? 'SKIPPED' : 'PASSED' },
      ],
    }));
    const envelopes = run('features/bulk.feature', scenarios, { success: false });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-ndjson-'));
    tmp.push(dir);
    const file = path.join(dir, 'messages.ndjson');
    fs.writeFileSync(file, `${envelopes.map((e) => JSON.stringify(e)).join('\n')}\n`);
    // This thread's CPU time, not the wall clock: the other processes of a busy machine do not count.
    const before = process.threadCpuUsage();
    const { report } = await messagesToReport(readNdjson(file), META);
    const used = process.threadCpuUsage(before);
    const ms = (used.user + used.system) / 1000;
    expect(report.testCases).toHaveLength(10_000);
    expect(report.testCases.filter((tc) => tc.result.status === 'FAILED')).toHaveLength(1000);
    expect(report.testCases[9999].steps[3].text).toBe('the URL should contain "done"');
    // A guard against quadratic work; the speed itself is measured by bench:ingest.
    expect(ms).toBeLessThan(10_000);
  });
});
