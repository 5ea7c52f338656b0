import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportStep } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { listTestCases } from './runs.repository.ts';
import { sourceAttachment } from './source-report.ts';

/**
 * Reports produced elsewhere, imported through the real route (POST runs/upload-report with an access
 * key): Cucumber messages of other implementations and protocol versions, Cucumber JSON, JUnit XML.
 * Each is checked in the stored rows and blobs; malformed and truncated files store nothing.
 */
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/runner/src/import/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let server: TestServer;
let alice: TestUser;
let project: string;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUpUser(server.baseUrl, { firstname: 'Alice', lastname: 'Smith' });
  project = await createProject(alice, { name: 'Imports' });
  key = (await createAccessKey(alice, project)).token;
});
afterAll(() => server?.close());

interface Upload {
  status: number;
  body: any;
}

async function upload(body: Buffer | string, opts: { type?: string; query?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Upload> {
  const q = new URLSearchParams({ projectId: project, ...opts.query });
  const res = await fetch(`${server.baseUrl}/api/runs/upload-report?${q}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, ...(opts.type ? { 'content-type': opts.type } : {}), ...opts.headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: res.status, body: await res.json() };
}

/** The stored run, its rows, and a test case's steps as the scenario report reads them (GET get-testcase). */
async function stored(runId: string) {
  const run = await server.ctx.db.selectFrom('runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
  const rows = await listTestCases(server.ctx.db, runId);
  const steps = async (i: number): Promise<ReportStep[]> => {
    const res = await fetch(`${server.baseUrl}/api/runs/cucumber-runs/get-testcase?testCaseId=${rows[i].id}`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { testCase: { steps: ReportStep[] } }).testCase.steps;
  };
  return { run, rows, steps };
}

/** An attachment of a run: a blob of its own, or (an imported Cucumber messages report) its message in the stored report. */
async function blob(runId: string, id: string | null | undefined) {
  if (!id) return null;
  if (id.startsWith('src-')) {
    const run = await server.ctx.db.selectFrom('runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
    const found = await sourceAttachment(server.ctx, run, id);
    if (!found) return null;
    const chunks: Buffer[] = [];
    for await (const c of found.stream) chunks.push(c as Buffer);
    return { mediaType: found.mediaType, size: found.size, bytes: Buffer.concat(chunks) };
  }
  return server.ctx.blobs.read(`runs/${project}/${runId}/${id}`);
}
const blobText = async (runId: string, id: string) => (await blob(runId, id))?.bytes.toString('utf8');
const runCount = async () => Number((await server.ctx.db.selectFrom('runs').select((eb) => eb.fn.countAll().as('n')).where('project_id', '=', project).executeTakeFirstOrThrow()).n);
const blobFolders = () => {
  const dir = path.join(server.ctx.config.dataDir, 'blobs', 'runs', project);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

describe('Cucumber messages (NDJSON) of other implementations', () => {
  it('imports cucumber-jvm 7 messages: rule, outline rows, hooks, retries, undefined/pending/ambiguous steps, attachments', async () => {
    const res = await upload(fixture('cucumber-jvm-7.ndjson'), { type: 'application/x-ndjson', query: { name: 'JVM nightly', branch: 'main', env: 'staging' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', format: 'ndjson', runStatus: 'Failed', totalScenarios: 5, scenariosPassed: 2, scenariosFailed: 3 });
    const { run, rows, steps } = await stored(res.body.runId);
    expect(run).toMatchObject({ name: 'JVM nightly', branch: 'main', environment: 'staging', username: 'Alice Smith', type: 'local', status: 'Failed' });
    expect(run.meta).toMatchObject({ implementation: 'cucumber-jvm', version: '7.14.0', reportFormat: 'ndjson' });
    expect(rows.map((r) => [r.scenario_name, r.status, r.attempt, r.superseded])).toEqual([
      ['Pay with card', 'PASSED', 0, false],
      ['Pay with voucher', 'UNDEFINED', 0, false],
      ['Flaky search', 'FAILED', 0, true],
      ['Flaky search', 'PASSED', 1, false],
      ['Gift wrapping', 'PENDING', 0, false],
      ['Sort results', 'AMBIGUOUS', 0, false],
    ]);
    expect(rows[3].rerun_id).toBe(rows[2].id);
    expect(rows[0]).toMatchObject({ feature_path: 'features/checkout.feature', feature_name: 'Checkout', line: 13, tags: ['@checkout', '@pay'], parameters: { method: 'card' } });
    expect(rows[1]).toMatchObject({ failed_step: 1, error_message: 'Undefined step: "I pay with voucher"', parameters: { method: 'voucher' } });
    expect(rows[5].error_message).toBe('"I sort by price" matches more than one step definition:');
    expect((await steps(5))[1].match).toBe('com.example.SortSteps.sortBy(), com.example.SortSteps.sortByPrice()');
    // The screenshot of the After hook is the failed step's; the log a step wrote is its attachment.
    const shot = await blob(run.id, (await steps(1))[1].screenshotId);
    expect(shot?.mediaType).toBe('image/png');
    expect(shot?.bytes.equals(PNG)).toBe(true);
    const log = (await steps(0))[1].attachments![0];
    expect(log.mediaType).toBe('text/x.cucumber.log+plain');
    expect(await blobText(run.id, log.id)).toBe('order 123 placed');
    expect((await steps(2))[1].screenshotId).toBeTruthy();
    expect(blobFolders()).toContain(run.id);
  });

  it('imports an older protocol (messages 13: int64 as strings, empty lists left out, willBeRetried on the step)', async () => {
    const res = await upload(fixture('messages-13.ndjson'), { type: 'application/octet-stream' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ format: 'ndjson', runStatus: 'Passed', totalScenarios: 1, scenariosPassed: 1 });
    const { run, rows, steps } = await stored(res.body.runId);
    expect(run).toMatchObject({ start_time: new Date('2021-05-03T00:00:00.000Z'), end_time: new Date('2021-05-03T00:00:04.000Z') });
    expect(rows.map((r) => [r.status, r.attempt, r.superseded, r.tags])).toEqual([
      ['FAILED', 0, true, []],
      ['PASSED', 1, false, []],
    ]);
    expect(rows[0].error_message).toBe('Error: dashboard not shown');
    expect((await blob(run.id, (await steps(0))[1].screenshotId))?.bytes.equals(PNG)).toBe(true);
  });

  it('imports a recent protocol (typed hooks, test run hooks, exceptions): a failed AfterAll hook is a run error', async () => {
    const res = await upload(fixture('messages-28.ndjson'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { run, rows, steps } = await stored(res.body.runId);
    expect(run.errors).toEqual(['close the database (features/support/hooks.js:20) failed: connection already closed']);
    expect(run.meta).toMatchObject({ implementation: 'cucumber-js', version: '12.1.0' });
    expect(rows[0]).toMatchObject({ status: 'FAILED', error_message: 'upload refused', worker_id: '0' });
    const [step] = (await steps(0));
    expect((await blob(run.id, step.screenshotId))?.bytes.equals(PNG)).toBe(true);
    // What the passing Before hook attached is kept with the step after it.
    expect(step.attachments).toEqual([expect.objectContaining({ mediaType: 'text/plain', fileName: 'browser.txt' })]);
    expect(await blobText(run.id, step.attachments![0].id)).toBe('browser: chromium 131');
  });
});

describe('Cucumber JSON', () => {
  it('imports cucumber-jvm\'s JSON sent as application/json: backgrounds, hooks, outlines, embeddings', async () => {
    const res = await upload(fixture('cucumber-jvm.json'), { type: 'application/json', query: { name: 'JSON import' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ format: 'cucumber-json', runStatus: 'Failed', totalScenarios: 5, scenariosPassed: 1, scenariosFailed: 4 });
    const { run, rows, steps } = await stored(res.body.runId);
    expect(run.meta).toMatchObject({ reportFormat: 'cucumber-json' });
    expect(run.start_time).toEqual(new Date('2024-05-01T10:00:00.000Z'));
    expect(rows.map((r) => [r.scenario_name, r.status, r.failed_step, r.line])).toEqual([
      ['Add socks to the cart', 'FAILED', 2, 8],
      ['Pay with card', 'PASSED', null, 20],
      ['Pay with voucher', 'UNDEFINED', 1, 21],
      ['Gift wrapping', 'PENDING', null, 24],
      ['Checkout as guest', 'FAILED', 0, 28],
    ]);
    expect(rows[0]).toMatchObject({ feature_path: 'features/shopping.feature', tags: ['@shop', '@cart'], error_message: 'java.lang.AssertionError: expected 2 items but was 1', duration_ms: 15 });
    const cart = (await steps(0));
    expect(cart.map((s) => s.text)).toEqual(['the shop is open', 'I add "socks" to the cart', 'the cart holds 2 items', 'the total is 9.99']);
    expect((await blob(run.id, cart[2].screenshotId))?.bytes.equals(PNG)).toBe(true);
    expect(await blobText(run.id, cart[1].attachments![0].id)).toBe('cart: 1 item');
    expect(await blobText(run.id, cart[1].attachments![1].id)).toBe('added socks\ncart has 1 item');
  });

  it('imports cucumber-js\'s JSON with format=cucumber-json whatever the content type', async () => {
    const res = await upload(fixture('cucumber-js.json'), { type: 'application/octet-stream', query: { format: 'cucumber-json' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { rows, steps, run } = await stored(res.body.runId);
    expect(rows.map((r) => [r.scenario_name, r.status])).toEqual([
      ['Find a lamp', 'FAILED'],
      ['Sort results', 'AMBIGUOUS'],
    ]);
    expect(await blobText(run.id, (await steps(0))[1].attachments![0].id)).toBe('searching for lamp');
    expect((await blob(run.id, (await steps(0))[2].screenshotId))?.bytes.equals(PNG)).toBe(true);
  });
});

describe('JUnit XML', () => {
  it('imports cucumber-jvm\'s junit output sent as text/xml: steps from the step lines', async () => {
    const res = await upload(fixture('junit-cucumber-jvm.xml'), { type: 'text/xml' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ format: 'junit', runStatus: 'Failed', totalScenarios: 3, scenariosPassed: 1, scenariosFailed: 2 });
    const { rows, steps } = await stored(res.body.runId);
    expect(rows.map((r) => [r.feature_name, r.scenario_name, r.status, r.duration_ms])).toEqual([
      ['Shopping', 'Add socks to the cart', 'FAILED', 200],
      ['Shopping', 'Pay with card', 'PASSED', 112],
      ['Shopping', 'Gift wrapping', 'PENDING', 100],
    ]);
    expect((await steps(0)).map((s) => s.result.status)).toEqual(['PASSED', 'PASSED', 'FAILED', 'SKIPPED']);
    expect(rows[0].error_message).toBe('java.lang.AssertionError: expected 2 items but was 1');
  });

  it('imports a Surefire report sent as application/xml: properties, system-out kept as text, errors, flaky attempts', async () => {
    const res = await upload(fixture('junit-surefire.xml'), { type: 'application/xml' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ runStatus: 'Failed', totalScenarios: 5, scenariosPassed: 2, scenariosFailed: 2 });
    const { run, rows, steps } = await stored(res.body.runId);
    expect(run.meta).toMatchObject({ reportFormat: 'junit', properties: { browser: 'firefox', 'java.version': '21.0.2' } });
    expect(rows.map((r) => [r.scenario_name, r.status, r.superseded])).toEqual([
      ['logs in with a valid password', 'PASSED', false],
      ['refuses a wrong password', 'FAILED', false],
      ['locks the account', 'FAILED', false],
      ['remembers me', 'SKIPPED', false],
      ['finds a lamp', 'FAILED', true],
      ['finds a lamp', 'PASSED', false],
    ]);
    expect(rows[0]).toMatchObject({ tags: ['@smoke', '@login'], parameters: { user: 'alice & co' }, feature_path: 'src/test/java/com/example/LoginTest.java' });
    expect(await blobText(run.id, (await steps(0))[0].attachments![0].id)).toContain('[[ATTACHMENT|/builds/42/screenshots/login.png]]');
    expect(await blobText(run.id, (await steps(1))[0].attachments![0].id)).toBe('WARN slow response (1200 ms)');
  });
});

describe('malformed and truncated reports', () => {
  const cut = (name: string, at: number) => fixture(name).subarray(0, at);

  it('are refused with 400 and where the problem is, and store nothing (no run, no blobs)', async () => {
    const runs = await runCount();
    const folders = blobFolders();
    const jvm = fixture('cucumber-jvm-7.ndjson').toString('utf8');
    const lines = jvm.split('\n');
    // Cut in the middle of the line of the After hook's screenshot: everything before it was good.
    const shotLine = lines.findIndex((l) => l.startsWith('{"attachment"') && l.includes('image/png'));
    const truncated = `${lines.slice(0, shotLine).join('\n')}\n${lines[shotLine].slice(0, 120)}`;
    const cases: Array<[Buffer | string, Record<string, string>, string | RegExp]> = [
      [truncated, {}, `Line ${shotLine + 1}: Unexpected end of JSON input (the file ends in the middle of this line)`],
      ['{"meta":{}}\n{"testRunStarted": nope}\n', {}, /^Line 2: Unexpected token 'o', /],
      ['{"meta":{}}\n[1]\n', {}, 'Line 2: a message must be a JSON object'],
      // Cut inside a multi-byte character: still the end of the input (positions count characters).
      [cut('cucumber-jvm.json', 2065), {}, 'Position 2063 (line 53, column 145): Unexpected end of JSON input'],
      [cut('cucumber-jvm.json', 3000), {}, 'Position 2998 (line 77, column 155): Unexpected end of JSON input'],
      ['[{"uri": "a.feature", "elements": [{"name": "x" "steps": []}]}]', {}, "Position 48 (line 1, column 49): Expected ',' or '}' after property value"],
      [cut('junit-surefire.xml', 1200), {}, /^Line \d+, column \d+: Unexpected end of the file: not closed: <testsuites> <testsuite> <testcase> <failure>$/],
      ['<testsuite>\n  <testcase name="a">\n  </testsuite>', {}, 'Line 3, column 14: Unexpected close tag.'],
      ['<html><body>not a report</body></html>', {}, 'Line 1, column 6: Not a JUnit XML report: the root element is <html>, not <testsuites> or <testsuite>'],
      [fixture('junit-surefire.xml'), { format: 'ndjson' }, /^Line 1: Unexpected token '<'/],
      ['', {}, 'The report is empty'],
      ['Hello, I am not a report', {}, /^Unknown report format/],
      ['[]', {}, 'The report holds no test cases'],
    ];
    for (const [body, query, expected] of cases) {
      const res = await upload(body, { type: 'application/octet-stream', query });
      expect(res.status, `${String(body).slice(0, 40)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.status).toBe('error');
      expect(res.body.error).toMatch(expected);
    }
    expect(await runCount()).toBe(runs);
    expect(blobFolders()).toEqual(folders);
  });

  it('answers a refused report that is still being sent (the rest of the body is read, not cut)', async () => {
    const body = Buffer.concat([Buffer.from('{"meta":{}}\nnot json\n'), Buffer.alloc(8 * 1024 * 1024, '{"x":1}\n')]);
    const res = await upload(body, { type: 'application/x-ndjson' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Line 2: /);
  });

  it('goes by the Content-Disposition file name, then the content type, when the first bytes do not tell', async () => {
    expect((await upload('oops', { type: 'application/octet-stream' })).body.error).toMatch(/^Unknown report format/);
    const named = await upload('oops', { type: 'application/octet-stream', headers: { 'content-disposition': 'attachment; filename="TEST-Login.xml"' } });
    expect(named.body.error).toMatch(/^Line 1, column \d+: Text data outside of root node/);
    const typed = await upload('oops', { type: 'application/json' });
    expect(typed.body.error).toBe("Position 0 (line 1, column 1): Unexpected token 'o', expected '['");
  });
});
