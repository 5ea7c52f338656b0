import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTION_EVENTS, type ExecutionDto, type LiveStatus } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';
import type { StatusMessage } from '../executions/execution-hub.ts';
import { sealRows } from '../test-data/test-data-file.ts';
import { findRun, listTestCases } from '../runs/runs.repository.ts';
import { findInstance } from './instances.repository.ts';

/**
 * What a run keeps of the secrets its steps print and attach, with the real runner and Chromium:
 * a secret test-data value, a stored user's password and an .npmrc token, in their plain form and
 * their encodings, cut across stdout chunks and lines, and in text attachments. Neither the
 * instance log nor the stored run (test cases, attachments on disk) may hold any of them; a report
 * uploaded to the project is stored without them too.
 */

const SECRET = 'Qz7-secret+Value/99';
const USER_PASSWORD = 'Stored-User-Pa55word';
const NPM_TOKEN = 'npm_9fHq2LxTokenValue';

const b64 = (s: string) => Buffer.from(s).toString('base64');
/** Every form of the three secrets that must not be left anywhere. */
const FORBIDDEN = [SECRET, USER_PASSWORD, NPM_TOKEN].flatMap((s) => [
  s,
  b64(s).replace(/=+$/, ''),
  Buffer.from(s).toString('base64url'),
  encodeURIComponent(s),
  Buffer.from(s).toString('hex'),
  b64(`ci-user:${s}`).slice(12, -4),
]);

const FEATURE = `Feature: Leaks

  Scenario: Prints and attaches secrets
    Given I open the "/" page
    When I print the secret in its encodings
    And I print secrets in pieces
    And I attach the secret
`;

const STEPS = `import { When } from '@cucumber/cucumber';
const b64 = (s) => Buffer.from(s).toString('base64');
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
When('I print the secret in its encodings', function () {
  const s = this.testData.password;
  console.log('plain ' + s);
  console.log('base64 ' + b64(s) + ' url-safe ' + Buffer.from(s).toString('base64url'));
  console.log('header Authorization: Basic ' + b64('ci-user:' + s));
  console.log('query https://shop.example/login?password=' + encodeURIComponent(s) + '&next=%2F');
  console.log('hex ' + Buffer.from(s).toString('hex'));
  console.log('json ' + JSON.stringify({ body: JSON.stringify({ password: s }) }));
  console.log('npm token ' + ${JSON.stringify(NPM_TOKEN)});
});
When('I print secrets in pieces', async function () {
  const s = this.testData.password;
  const user = await this.loadStoredUser('shopper');
  process.stdout.write('chunked ' + s.slice(0, 7));
  await pause(400);
  process.stdout.write(s.slice(7) + ' done\\n');
  await pause(200);
  console.log('first line ends with ' + user.password.slice(0, 9));
  // Longer than the 2 s between writes of the instance row: the first piece must not be written before the second comes.
  await pause(2500);
  console.log(user.password.slice(9) + ' began on the line before');
  const wrapped = b64('ci-user:' + s);
  console.log(wrapped.slice(0, 12));
  console.log(wrapped.slice(12));
});
When('I attach the secret', async function () {
  const s = this.testData.password;
  await this.attach('text ' + s, 'text/plain');
  await this.attach(JSON.stringify({ token: s, header: 'Basic ' + b64('u:' + s) }), 'application/json');
  await this.attach(Buffer.from('<svg><title>' + encodeURIComponent(s) + '</title></svg>'), 'image/svg+xml');
  await this.attach('id,secret\\n1,' + s, { mediaType: 'text/csv', fileName: 'data.csv' });
});
`;

let server: TestServer;
let site: http.Server;
let admin: TestUser;
let projectId: string;
const events: StatusMessage[] = [];

beforeAll(async () => {
  site = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Shop</title><h1>Welcome</h1>');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  server = await startTestServer({}, { chromiumPath: '/usr/bin/chromium' });
  server.ctx.executions.hub.onStatus((m) => events.push(m));
  admin = await signUpUser(server.baseUrl);
  projectId = await createProject(admin);
  expectOk(await admin.api.post('mail/add-user', { project_id: projectId, username: 'shopper', password: USER_PASSWORD }));
  expectOk(await admin.api.post('auth/update-npmrc', { project_id: projectId, npmrc_TextContent: `//npm.example/:_authToken=${NPM_TOKEN}\n` }));
  await server.ctx.workspaces.write(projectId, 'main', { name: 'Ada', email: admin.email }, 'test files', async () => [
    { path: 'features/leaks.feature', content: FEATURE },
    { path: 'steps/leaks.mjs', content: STEPS },
    { path: 'environments/staging.json', content: JSON.stringify({ name: 'staging', baseUrl: siteUrl }) },
    { path: 'data/test-data.json', content: sealRows([{ key: 'password', value: SECRET, DataType: 'secret', environment: '*' }], server.ctx.secrets) },
  ]);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await new Promise((r) => site?.close(r));
});

async function waitForStop(instanceId: string, timeoutMs: number): Promise<LiveStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stop = events.find((e) => e.event === EXECUTION_EVENTS.stop && (e.payload as LiveStatus).executionInstanceId === instanceId);
    if (stop) return stop.payload as LiveStatus;
    if (Date.now() > deadline) throw new Error('timed out waiting for the run to end');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function expectNoSecret(what: string, text: string): void {
  for (const form of FORBIDDEN) expect(text.includes(form), `${what} holds ${form}:\n${text.slice(0, 4000)}`).toBe(false);
}

describe('secrets a run prints and attaches', () => {
  it('are kept out of the instance log and of the stored run, in every form and cut in pieces', async () => {
    const res = await admin.api.post('executions/new', {
      projectId,
      execution: {
        name: 'Leaky run',
        env: 'staging',
        branch: 'main',
        flows: [{
          viewport: 'Desktop - 1024px',
          browser: 'chromium',
          scenarioGroups: [{
            name: 'Scenario Group 1', threadCount: 1, tags: [],
            scenarios: [{ featureIndex: 0, scenarioIndex: 0, command: '', featurePath: 'leaks.feature', scenarioName: 'Prints and attaches secrets' }],
          }],
        }],
      },
    });
    expectOk(res);
    const execution = res.body.execution as ExecutionDto;
    const live = await server.ctx.executions.runner.start({ execution, trigger: 'manual', userId: admin.userId, headless: true });
    const final = await waitForStop(live.executionInstanceId, 150_000);
    expect(final.status).toBe('passed');

    const row = await findInstance(server.ctx.db, live.executionInstanceId);
    const log = row!.logs.join('\n');
    expectNoSecret('the instance log', log);
    // What the steps printed is there, with the secrets replaced.
    expect(log).toContain('plain ***');
    expect(log).toMatch(/base64 \*\*\*=* url-safe \*\*\*/);
    expect(log).toMatch(/header Authorization: Basic Y2ktdXNlcj\S?\*\*\*/);
    expect(log).toContain('login?password=***&next=%2F');
    expect(log).toContain('hex ***');
    expect(log).toContain('npm token ***');
    // Two stdout chunks, one line: the secret whole once joined.
    expect(log).toContain('chunked *** done');
    // A secret cut across two lines: each piece masked.
    expect(log).toMatch(/first line ends with \*\*\*\n\S+ \*\*\* began on the line before/);

    const runId = live.reportLink.split('/').pop()!;
    expect(await findRun(server.ctx.db, runId)).toMatchObject({ project_id: projectId, status: 'Passed' });
    const cases = await listTestCases(server.ctx.db, runId);
    expectNoSecret('the stored test cases', JSON.stringify(cases));
    const attachments = cases.flatMap((c) => (c.steps as Array<{ attachments?: Array<{ id: string; mediaType: string }> }>).flatMap((s) => s.attachments ?? []));
    const textual = attachments.filter((a) => ['text/plain', 'application/json', 'image/svg+xml', 'text/csv'].includes(a.mediaType));
    expect(textual.map((a) => a.mediaType).sort()).toEqual(['application/json', 'image/svg+xml', 'text/csv', 'text/plain']);
    for (const a of textual) {
      const blob = await server.ctx.blobs.read(`runs/${projectId}/${runId}/${a.id}`);
      const text = blob!.bytes.toString('utf8');
      expectNoSecret(`the ${a.mediaType} attachment`, text);
      expect(text).toContain('***');
    }
  }, 180_000);

  it('are kept out of a report uploaded to the project (Cucumber JSON with a text embedding)', async () => {
    const report = [{
      uri: 'features/leaks.feature', keyword: 'Feature', name: 'Leaks', line: 1,
      elements: [{
        type: 'scenario', keyword: 'Scenario', name: 'Uploaded leak', line: 3,
        steps: [{
          keyword: 'Given ', name: `I sign in with ${USER_PASSWORD}`, line: 4,
          result: { status: 'failed', duration: 1000, error_message: `Error: login refused for Basic ${b64(`ci-user:${SECRET}`)}` },
          embeddings: [{ mime_type: 'text/plain', data: b64(`npm token ${NPM_TOKEN}`) }],
        }],
      }],
    }];
    const res = await admin.api.request('POST', `runs/upload-report?projectId=${projectId}&format=cucumber-json&name=Uploaded`, JSON.stringify(report));
    expectOk(res);
    const cases = await listTestCases(server.ctx.db, res.body.runId);
    expect(cases).toHaveLength(1);
    expectNoSecret('the uploaded test case', JSON.stringify(cases));
    const attachments = (cases[0].steps as Array<{ attachments?: Array<{ id: string }> }>).flatMap((s) => s.attachments ?? []);
    expect(attachments).toHaveLength(1);
    const blob = await server.ctx.blobs.read(`runs/${projectId}/${res.body.runId}/${attachments[0].id}`);
    expect(blob!.bytes.toString('utf8')).toBe('npm token ***');
  }, 60_000);
});
