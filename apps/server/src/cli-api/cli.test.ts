import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { ApiClient } from '../test/api-client.ts';
import { createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError } from '../test/assertions.ts';
import { writeIngestReport } from '../../../../bench/ingest-corpus.mjs';

/**
 * The `stepwise` command line, run as a user would (a child process), against a real server, its
 * demo shop and a real Chromium: exit codes, progress output, and uploaded runs.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const BIN = path.resolve(here, '../../../../packages/cli/bin/stepwise.mjs');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const browserIt = fs.existsSync(CHROMIUM) ? it : it.skip;
/** A `stepwise run` starts the command line, cucumber-js and Chromium, and runs a project's features: 20-30 s on a busy machine. */
const BROWSER_RUN_MS = 90_000;

let server: TestServer;
let alice: TestUser;
let outsider: TestUser;
let project: string;
let key: string;
let foreignKey: string;
let tmp: string;

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

function stepwise(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, STEPWISE_FIND_TIMEOUT_MS: '1500', STEPWISE_TOKEN: '', ...env }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function runsOf(projectId: string) {
  return server.ctx.db.selectFrom('runs').selectAll().where('project_id', '=', projectId).orderBy('publish_time', 'asc').execute();
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUpUser(server.baseUrl);
  outsider = await signUpUser(server.baseUrl);
  project = await createProject(alice, { name: 'Demo', demo: true });
  key = (await createAccessKey(alice, project)).token;
  foreignKey = (await createAccessKey(outsider, await createProject(outsider, { name: 'Other' }))).token;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-cli-test-'));
});

afterAll(async () => {
  await server?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('stepwise run', () => {
  browserIt('runs the demo features of a project fetched with an access key, exits 0 and uploads the run', async () => {
    const res = await stepwise(['run', '--project', project, '--env', 'demo', '--tags', '@smoke', '--name', 'CI smoke', '--server', server.baseUrl], {
      STEPWISE_TOKEN: key,
    });
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toMatch(/\[1\/\d+\] ✓ /);
    expect(res.stdout).toMatch(/(\d+) scenarios: \1 passed, 0 failed/);
    const link = /Report uploaded: (\S+)/.exec(res.stdout)?.[1];
    const runs = await runsOf(project);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ name: 'CI smoke', type: 'local', mode: 'local', status: 'Passed', branch: 'main', environment: 'demo', scenarios_failed: 0 });
    expect(runs[0].total_scenarios).toBeGreaterThanOrEqual(4);
    expect(link).toBe(`${server.baseUrl}/${project}/run-report/${runs[0].id}`);
  }, BROWSER_RUN_MS);

  browserIt('exits 1 when a scenario fails, prints the failure, and the uploaded run is Failed (--screenshots on-failure: its one picture)', async () => {
    const dir = path.join(tmp, 'failing');
    fs.mkdirSync(path.join(dir, 'features'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'features', 'shop.feature'),
      'Feature: Shop\n  Scenario: Home works\n    Given I open the "/" page\n    Then I should see "Demo Shop"\n\n' +
        '  Scenario: Something missing\n    Given I open the "/" page\n    Then I should see "A text that is not there"\n',
    );
    const report = path.join(tmp, 'failing.ndjson');
    const base = `${server.baseUrl}/demo-shop/`;
    const res = await stepwise(['run', '--dir', dir, '--base-url', base, '--project', project, '--report', report, '--screenshots', 'on-failure', '--server', server.baseUrl, '--token', key]);
    expect(res.code, res.stdout + res.stderr).toBe(1);
    expect(res.stdout).toContain('✗ Shop > Something missing');
    expect(res.stdout).toContain('The text "A text that is not there" was not found in the page');
    expect(res.stdout).toContain('2 scenarios: 1 passed, 1 failed');
    const runs = await runsOf(project);
    expect(runs.at(-1)).toMatchObject({ type: 'local', status: 'Failed', total_scenarios: 2, scenarios_passed: 1, scenarios_failed: 1 });
    const messages = fs.readFileSync(report, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    // Of its four steps, only the failed one has a screenshot.
    expect(messages.filter((m) => m.attachment?.mediaType === 'image/png')).toHaveLength(1);

    // The same report uploaded again with `stepwise upload` is a second run.
    const upload = await stepwise(['upload', report, '--project', project, '--name', 'Re-upload', '--server', server.baseUrl, '--token', key]);
    expect(upload.code, upload.stdout + upload.stderr).toBe(0);
    expect((await runsOf(project)).at(-1)).toMatchObject({ name: 'Re-upload', status: 'Failed', total_scenarios: 2 });
  }, BROWSER_RUN_MS);

  browserIt("--ai-recovery: a step whose element changed is repaired by the project's AI and the run passes; without it, it fails", async () => {
    const dir = path.join(tmp, 'recovering');
    fs.mkdirSync(path.join(dir, 'features'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'steps'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'features', 'home.feature'), 'Feature: Home\n  Scenario: Welcome\n    Given I open the "/" page\n    Then I am welcomed\n');
    fs.writeFileSync(
      path.join(dir, 'steps', 'home.mjs'),
      "import { Then } from '@cucumber/cucumber';\nThen('I am welcomed', async function () {\n  await this.page.getByRole('heading', { name: 'Welcome to Demo Shop', exact: true }).waitFor({ timeout: 1500 });\n});\n",
    );
    const base = `${server.baseUrl}/demo-shop/`;
    const args = ['run', '--dir', dir, '--base-url', base, '--project', project, '--server', server.baseUrl, '--token', key, '--no-upload'];
    const plain = await stepwise(args);
    expect(plain.code, plain.stdout + plain.stderr).toBe(1);
    const res = await stepwise([...args, '--ai-recovery']);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toContain(`AI recovery: "I am welcomed": getByRole('heading', { name: 'Welcome to Demo Shop', exact: true }) -> getByRole('heading', { name: 'Welcome to the Demo Shop', exact: true })`);
    expect(res.stdout).toContain('AI recovery: 1 step fixed by AI, 0 failed by AI');
    const refused = await stepwise(['run', '--dir', dir, '--base-url', base, '--ai-recovery', '--no-upload']);
    expect(refused.code).toBe(2);
    expect(refused.stderr + refused.stdout).toContain('--ai-recovery needs --project');
  }, 2 * BROWSER_RUN_MS);

  browserIt('keeps secret test data out of what it prints and uploads', async () => {
    const secret = 'Sup3r-secret-value';
    const saved = await alice.api.post('workspace/changeTestData', {
      projectId: project,
      branch: 'main',
      testData: [{ key: 'password', value: secret, DataType: 'secret', environment: '*' }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const dir = path.join(tmp, 'secret');
    fs.mkdirSync(path.join(dir, 'features'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'steps'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'features', 'secret.feature'),
      'Feature: Secret\n  Scenario: Shows the password\n    Given I open the "/" page\n    When I attach the password\n    Then I should see "{{password}}"\n',
    );
    // The password attached as text (sent base64-encoded in the messages).
    fs.writeFileSync(
      path.join(dir, 'steps', 'leak.mjs'),
      "import { When } from '@cucumber/cucumber';\nWhen('I attach the password', async function () {\n  await this.attach(Buffer.from('password: ' + this.testData.password), 'text/plain');\n});\n",
    );
    const report = path.join(tmp, 'secret.ndjson');
    const res = await stepwise(['run', '--dir', dir, '--project', project, '--env', 'demo', '--name', 'Secret run', '--report', report, '--server', server.baseUrl, '--token', key]);
    expect(res.code, res.stdout + res.stderr).toBe(1);
    expect(res.stdout).toContain('The text "***" was not found in the page');
    expect(res.stdout + res.stderr).not.toContain(secret);
    expect(fs.readFileSync(report, 'utf8')).not.toContain(secret);
    const attached = fs.readFileSync(report, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).attachment).filter((a) => a?.mediaType === 'text/plain');
    expect(attached.map((a) => [a.contentEncoding, Buffer.from(a.body, 'base64').toString('utf8')])).toContainEqual(['BASE64', 'password: ***']);
    const run = (await runsOf(project)).find((r) => r.name === 'Secret run');
    const cases = await server.ctx.db.selectFrom('test_cases').selectAll().where('run_id', '=', run!.id).execute();
    expect(cases).toHaveLength(1);
    expect(JSON.stringify(cases)).not.toContain(secret);
  }, BROWSER_RUN_MS);

  browserIt('exits 0 when the only failures are quarantined (tagged, or flagged in the project), and says so', async () => {
    const dir = path.join(tmp, 'quarantine');
    fs.mkdirSync(path.join(dir, 'features'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'features', 'flaky.feature'),
      'Feature: Flaky\n  Scenario: Home works\n    Given I open the "/" page\n    Then I should see "Demo Shop"\n\n' +
        '  @quarantine\n  Scenario: Tagged flake\n    Given I open the "/" page\n    Then I should see "Not on the page"\n\n' +
        '  Scenario: Flagged flake\n    Given I open the "/" page\n    Then I should see "Not there either"\n',
    );
    const args = ['run', '--dir', dir, '--project', project, '--env', 'demo', '--name', 'Quarantine run', '--server', server.baseUrl, '--token', key];
    // The flagged one is not flagged yet: it fails the run.
    const first = await stepwise(args);
    expect(first.code, first.stdout + first.stderr).toBe(1);
    expect(first.stdout).toContain('1 quarantined scenario failed, not counted: Tagged flake');
    expect(first.stdout).not.toContain('Passed: the only failures');
    const run = (await runsOf(project)).filter((r) => r.name === 'Quarantine run').at(-1)!;
    expect(run).toMatchObject({ status: 'Failed', scenarios_failed: 1, scenarios_quarantined: 1 });
    const flagged = await server.ctx.db.selectFrom('test_cases').select('id').where('run_id', '=', run.id).where('scenario_name', '=', 'Flagged flake').executeTakeFirstOrThrow();
    expect((await alice.api.post('runs/history/quarantine', { testCaseId: flagged.id, quarantined: true, reason: 'known flake' })).status).toBe(200);

    const second = await stepwise(args);
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toContain('3 scenarios: 1 passed, 2 failed');
    expect(second.stdout).toContain('2 quarantined scenarios failed, not counted: Tagged flake, Flagged flake');
    expect(second.stdout).toContain('Passed: the only failures are quarantined scenarios');
    expect((await runsOf(project)).filter((r) => r.name === 'Quarantine run').at(-1)).toMatchObject({ status: 'Passed', scenarios_failed: 0, scenarios_quarantined: 2 });
  }, 2 * BROWSER_RUN_MS);

  it('exits 2 with a clear message when it cannot run', async () => {
    const noFeatures = await stepwise(['run', '--dir', tmp, '--base-url', 'http://127.0.0.1:9']);
    expect(noFeatures.code).toBe(2);
    expect(noFeatures.stderr).toContain('No features/ folder');
    const noKey = await stepwise(['run', '--project', project, '--server', server.baseUrl]);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('An access key is needed');
    const wrongKey = await stepwise(['run', '--project', project, '--server', server.baseUrl, '--token', foreignKey]);
    expect(wrongKey.code).toBe(2);
    expect(wrongKey.stderr).toContain('(403)');
    const badThreads = await stepwise(['run', '--threads', '0']);
    expect(badThreads.code).toBe(2);
    const badScreenshots = await stepwise(['run', '--screenshots', 'sometimes']);
    expect(badScreenshots.code).toBe(2);
    expect(badScreenshots.stderr).toContain("argument 'sometimes' is invalid. Allowed choices are each-step, on-failure, off.");
  });
});

describe('stepwise upload', () => {
  it('streams a report from its file, shows the upload progress, then stores the run', async () => {
    const file = path.join(tmp, 'big.ndjson');
    const counts = writeIngestReport(file, { features: 30, scenariosPerFeature: 25 });
    expect(counts.bytes).toBeGreaterThan(4 * 1024 * 1024); // several chunks of 1 MB
    const res = await stepwise(['upload', file, '--project', project, '--name', 'Streamed', '--server', server.baseUrl, '--token', key]);
    expect(res.code, res.stderr).toBe(0);
    const mb = (counts.bytes / 1e6).toFixed(1);
    // Not a terminal: one line per quarter, then the import.
    expect(res.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^Uploading big\\.ndjson: \\d+\\.\\d of ${mb} MB \\((2[5-9]|[34]\\d)%\\)$`)),
      expect.stringMatching(/\((5\d|6\d|7[0-4])%\)$/),
      expect.stringMatching(/\((7[5-9]|[89]\d)%\)$/),
      `Uploading big.ndjson: ${mb} of ${mb} MB (100%)`,
      'Importing the report on the server...',
    ]);
    const runId = /Report uploaded: \S+\/run-report\/(\S+)/.exec(res.stdout)?.[1];
    expect(runId, res.stdout).toBeDefined();
    const run = (await runsOf(project)).find((r) => r.id === runId);
    expect(run).toMatchObject({ name: 'Streamed', total_scenarios: counts.testCases, scenarios_failed: counts.failed });
  });

  it("says the server's refusal of a key that answers before the report was read, and a server it cannot reach", async () => {
    const file = path.join(tmp, 'refused.ndjson');
    writeIngestReport(file, { features: 20, scenariosPerFeature: 25 });
    const foreign = await stepwise(['upload', file, '--project', project, '--server', server.baseUrl, '--token', foreignKey]);
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toMatch(/POST \/api\/runs\/upload-report failed \(403\): /);
    const unknown = await stepwise(['upload', file, '--project', project, '--server', server.baseUrl, '--token', 'sw_not-a-key']);
    expect(unknown.stderr).toMatch(/POST \/api\/runs\/upload-report failed \(401\): /);
    expect(unknown.stderr).not.toContain('Cannot reach');
    const nobody = await stepwise(['upload', file, '--project', project, '--server', 'http://127.0.0.1:1', '--token', key]);
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toContain('Cannot reach the Stepwise server at http://127.0.0.1:1');
  });

  it('says which file it cannot read', async () => {
    const res = await stepwise(['upload', path.join(tmp, 'missing.ndjson'), '--project', project, '--server', server.baseUrl, '--token', key]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`Cannot read ${path.join(tmp, 'missing.ndjson')}`);
  });

  it('refuses a malformed or truncated report with its line, and stores nothing', async () => {
    const before = (await runsOf(project)).length;
    const bad = path.join(tmp, 'bad.ndjson');
    fs.writeFileSync(bad, '{"meta":{"protocolVersion":"27.0.0"}}\n{"testRunStarted":{"timestamp":{"seconds":1,"nanos":0}}\n');
    const res = await stepwise(['upload', bad, '--project', project, '--server', server.baseUrl, '--token', key]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/\(400\): Line 2: /);
    const notObject = path.join(tmp, 'array.ndjson');
    fs.writeFileSync(notObject, '[1,2]\n');
    expect((await stepwise(['upload', notObject, '--project', project, '--server', server.baseUrl, '--token', key])).stderr).toContain(
      'Line 1: a message must be a JSON object',
    );
    expect((await runsOf(project)).length).toBe(before);
  });
});

describe('command-line calls of the server', () => {
  const anon = () => new ApiClient(server.baseUrl);
  it('need a token, a member or a key of the project', async () => {
    expectError(await anon().request('GET', `cli/workspace-archive?projectId=${project}`), 401, MSG.unauthorized);
    expectError(await outsider.api.request('GET', `cli/workspace-archive?projectId=${project}`), 403);
    expectError(await new ApiClient(server.baseUrl, foreignKey).request('POST', 'cli/run-context', { projectId: project }), 403);
    expectError(await new ApiClient(server.baseUrl, foreignKey).request('POST', `runs/upload-report?projectId=${project}`, {}), 403);
  });

  it('run-context gives the environment with its test data; bad branch and environment names are 4xx', async () => {
    const ctxRes = await new ApiClient(server.baseUrl, key).request('POST', 'cli/run-context', { projectId: project, env: 'demo' });
    expect(ctxRes.status).toBe(200);
    expect(ctxRes.body.environment).toEqual({ name: 'demo', baseUrl: expect.stringContaining('/demo-shop/') });
    expect((await alice.api.request('POST', 'cli/run-context', { projectId: project, env: 'nope' })).status).toBe(404);
    expect((await alice.api.request('POST', 'cli/run-context', { projectId: project, branch: '--upload-pack=x' })).status).toBe(400);
    expect((await alice.api.request('GET', `cli/workspace-archive?projectId=${project}&branch=missing`)).status).toBe(404);
  });
});
