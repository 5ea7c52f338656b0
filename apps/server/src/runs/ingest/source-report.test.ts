import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_TYPES, type ReportStep } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { createAccessKey, createProject, signUpUser, type TestUser } from '../../test/factories.ts';
import { expectOk } from '../../test/assertions.ts';
import { listTestCases } from '../runs.repository.ts';

/**
 * Runs imported as Cucumber messages, read back: screenshots served from the stored report (members
 * only, images only, places that are attachments only), the application map learned from our
 * runner's page attachments, and a run deleted with its stored report.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let project: string;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUpUser(server.baseUrl, { firstname: 'Alice', lastname: 'Smith' });
  bob = await signUpUser(server.baseUrl, { firstname: 'Bob', lastname: 'Jones' });
  project = await createProject(alice, { name: 'Shop' });
  key = (await createAccessKey(alice, project)).token;
});
afterAll(() => server?.close());

const ts = (s: number) => ({ seconds: 1714528800 + s, nanos: 0 });
const json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/** One scenario of two steps, as our runner writes it: each step's page, a failure screenshot, a log. */
function report(): string {
  const envelopes = [
    { meta: { protocolVersion: '27.0.0', implementation: { name: 'cucumber-js', version: '12.0.0' } } },
    {
      gherkinDocument: {
        uri: 'features/cart.feature',
        feature: {
          name: 'Cart',
          children: [{ scenario: { id: 's1', name: 'Add to cart', location: { line: 3 }, steps: [{ id: 'g1', keyword: 'Given ', keywordType: 'Context', text: 'I open the shop' }, { id: 'g2', keyword: 'When ', keywordType: 'Action', text: 'I add a shirt' }] } }],
        },
      },
    },
    { pickle: { id: 'p1', uri: 'features/cart.feature', name: 'Add to cart', astNodeIds: ['s1'], steps: [{ id: 'ps1', text: 'I open the shop', astNodeIds: ['g1'] }, { id: 'ps2', text: 'I add a shirt', astNodeIds: ['g2'] }], tags: [] } },
    { testCase: { id: 'tc1', pickleId: 'p1', testSteps: [{ id: 'st1', pickleStepId: 'ps1' }, { id: 'st2', pickleStepId: 'ps2' }] } },
    { testRunStarted: { timestamp: ts(0) } },
    { testCaseStarted: { id: 'tcs1', testCaseId: 'tc1', attempt: 0, timestamp: ts(0) } },
    { testStepStarted: { testCaseStartedId: 'tcs1', testStepId: 'st1', timestamp: ts(0) } },
    { attachment: { testCaseStartedId: 'tcs1', testStepId: 'st1', mediaType: ATTACHMENT_TYPES.page, contentEncoding: 'BASE64', body: json({ url: 'https://shop.test/', title: 'Shop' }) } },
    { testStepFinished: { testCaseStartedId: 'tcs1', testStepId: 'st1', testStepResult: { status: 'PASSED', duration: { seconds: 1, nanos: 0 } }, timestamp: ts(1) } },
    { testStepStarted: { testCaseStartedId: 'tcs1', testStepId: 'st2', timestamp: ts(1) } },
    { attachment: { testCaseStartedId: 'tcs1', testStepId: 'st2', mediaType: ATTACHMENT_TYPES.page, contentEncoding: 'BASE64', body: json({ url: 'https://shop.test/cart/12', title: 'Cart' }) } },
    { attachment: { testCaseStartedId: 'tcs1', testStepId: 'st2', mediaType: 'image/png', contentEncoding: 'BASE64', body: PNG.toString('base64') } },
    { attachment: { testCaseStartedId: 'tcs1', testStepId: 'st2', mediaType: 'text/plain', contentEncoding: 'IDENTITY', body: 'cart: 1 item' } },
    { testStepFinished: { testCaseStartedId: 'tcs1', testStepId: 'st2', testStepResult: { status: 'FAILED', message: 'Expected 2 items', duration: { seconds: 1, nanos: 0 } }, timestamp: ts(2) } },
    { testCaseFinished: { testCaseStartedId: 'tcs1', timestamp: ts(2), willBeRetried: false } },
    { testRunFinished: { success: false, timestamp: ts(3) } },
  ];
  return `${envelopes.map((e) => JSON.stringify(e)).join('\n')}\n`;
}

async function get(route: string, token: string) {
  return fetch(`${server.baseUrl}/api/${route}`, { headers: { authorization: `Bearer ${token}` } });
}

describe('an imported Cucumber messages run, read back', () => {
  let runId: string;
  let testCaseId: string;
  let steps: ReportStep[];

  beforeAll(async () => {
    const res = await fetch(`${server.baseUrl}/api/runs/upload-report?projectId=${project}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson' },
      body: report(),
    });
    const body = (await res.json()) as { runId: string };
    expect(res.status, JSON.stringify(body)).toBe(200);
    runId = body.runId;
    [{ id: testCaseId }] = await listTestCases(server.ctx.db, runId);
    const tc = await get(`runs/cucumber-runs/get-testcase?testCaseId=${testCaseId}`, alice.token);
    steps = ((await tc.json()) as { testCase: { steps: ReportStep[] } }).testCase.steps;
  });

  it('has the scenario report build its steps from the stored messages', () => {
    expect(steps.map((s) => [s.keyword, s.text, s.result.status, s.page?.title])).toEqual([
      ['Given', 'I open the shop', 'PASSED', 'Shop'],
      ['When', 'I add a shirt', 'FAILED', 'Cart'],
    ]);
    expect(steps[1].result.message).toBe('Expected 2 items');
    expect(steps[1].screenshotId).toMatch(/^src-\d+-\d+$/);
    expect(steps[1].attachments).toEqual([expect.objectContaining({ mediaType: 'text/plain' })]);
  });

  it('serves the screenshot from the stored report, by run and by test case, to members only', async () => {
    const id = steps[1].screenshotId!;
    for (const route of [`runs/screenshots/run/${project}/${runId}/${id}`, `runs/screenshots/scenario/${testCaseId}/${id}`, `runs/screenshots/scenario/${project}/${testCaseId}/${id}`]) {
      const res = await get(route, alice.token);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
      expect((await get(route, bob.token)).status, route).toBeGreaterThanOrEqual(403);
    }
  });

  it('answers 404 for a place that is not an image attachment, is out of the report, or names another run', async () => {
    const log = steps[1].attachments![0].id;
    const [, offset] = /^src-(\d+)-(\d+)$/.exec(steps[1].screenshotId!)!;
    for (const id of [log, `src-0-10`, `src-${offset}-5`, `src-999999999-100`, `src-${offset}-999999999`]) {
      expect((await get(`runs/screenshots/run/${project}/${runId}/${id}`, alice.token)).status, id).toBe(404);
    }
    const other = await createProject(alice, { name: 'Other' });
    expect((await get(`runs/screenshots/run/${other}/${runId}/${steps[1].screenshotId}`, alice.token)).status).toBe(404);
  });

  it('teaches the application map the pages the steps ended on', async () => {
    const res = await get(`runs/cucumber-runs/getApplicationMemory?projectId=${project}`, alice.token);
    const { memory } = (await res.json()) as { memory: { nodes: Array<{ route: string; title: string }>; edges: Array<{ steps: Array<{ text: string }> }> } };
    expect(memory.nodes.map((n) => [n.route, n.title]).sort()).toEqual([
      ['/', 'Shop'],
      ['/cart/:id', 'Cart'],
    ]);
    expect(memory.edges.flatMap((e) => e.steps.map((s) => s.text))).toEqual(['When I add a shirt']);
  });

  it('removes the stored report and its index with the project', async () => {
    const keyOf = (await server.ctx.db.selectFrom('runs').select('source_key').where('id', '=', runId).executeTakeFirstOrThrow()).source_key!;
    expect(await server.ctx.blobs.read(keyOf)).not.toBeNull();
    expectOk(await alice.api.delete('auth/DeleteProject', { project_id: project }));
    expect(await server.ctx.blobs.read(keyOf)).toBeNull();
    expect(await server.ctx.blobs.read(keyOf.replace(/\.ndjson$/, '.index'))).toBeNull();
  });
});
