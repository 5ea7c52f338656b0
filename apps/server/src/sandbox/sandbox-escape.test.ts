import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTION_EVENTS, type ExecutionDto, type LiveStatus } from '@stepwise/shared';
import { runnerCodePaths } from '@stepwise/runner';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';
import type { StatusMessage } from '../executions/execution-hub.ts';
import { sealRows } from '../test-data/test-data-file.ts';
import { findRun, listTestCases } from '../runs/runs.repository.ts';
import { findInstance } from '../execution-runs/instances.repository.ts';
import { RUN_MESSAGES } from '../execution-runs/instance-status.ts';
import { localRepos } from '../test/local-repos.ts';

/**
 * A member's step code tries every way out of its run that a shared server must close: the server's
 * data folder, its secret key, another project's repository and test data, the server's environment,
 * /etc/shadow, writes outside its scratch folder, the local database, more processes than allowed,
 * and a step that never ends. Every attempt must fail, while a normal scenario against the demo shop
 * passes with screenshots, console and network recorded. Runs with the sandbox the machine allows
 * (RUNNER_SANDBOX=auto); `npm test` installs bubblewrap and passt first, and CI sets RUNNER_SANDBOX=bwrap.
 */

const CANARY = `canary-${randomBytes(8).toString('hex')}`;
const VICTIM_SECRET = `victim-${randomBytes(8).toString('hex')}`;
const VICTIM_MARK = `victim feature ${randomBytes(6).toString('hex')}`;
const HOST_TMP_FILE = `/tmp/stepwise-escape-${randomBytes(6).toString('hex')}`;
const PROCESS_LIMIT = 400;

const ESCAPE_FEATURE = `@escape
Feature: Ways out of the sandbox

  Scenario: The server's data is out of reach
    Then the server path "dataDir" cannot be read
    And the server path "secretKey" cannot be read
    And the server path "victimRepo" cannot be read
    And the server path "victimHead" cannot be read
    And the server path "shadow" cannot be read
    And the server path "serverEnvFile" cannot be read

  Scenario: The server's environment is out of reach
    Then the environment of process "1" holds none of the server's variables
    And the environment of process "parent" holds none of the server's variables
    And the environment of process "self" holds none of the server's variables
    And no variable of the server is in the step's own environment

  Scenario: Nothing outside the scratch folder can be written
    Then writing to the server path "victimHead" fails
    And writing to the server path "runnerFile" fails
    And writing to the server path "usrFile" fails
    And writing to the server path "dataFile" fails
    And a file written to "${HOST_TMP_FILE}" stays inside the run

  Scenario: Local services are out of reach
    Then connecting to 127.0.0.1 port "dbPort" fails
    And connecting to 127.0.0.1 port "5432" fails
    And connecting to 127.0.0.1 port "6379" fails

  Scenario: No more processes than the limit
    Then starting ${PROCESS_LIMIT + 50} processes fails before the last
`;

const NORMAL_FEATURE = `@normal
Feature: The demo shop in the sandbox

  Scenario: Search the demo shop
    Given I am on the home page
    When fill "Search products" with "backpack"
    And I press "Enter"
    Then I should see "Trail Backpack"
`;

const HANG_FEATURE = `@hang
Feature: A step that never ends

  Scenario: Busy forever
    Then the step busy-waits for ten minutes
`;

let server: TestServer;
let fakeDb: net.Server;
let attacker: TestUser;
let projectId: string;
let victimId: string;
const events: StatusMessage[] = [];

beforeAll(async () => {
  process.env.STEPWISE_CANARY = CANARY;
  fakeDb = net.createServer((s) => s.end('database'));
  await new Promise<void>((r) => fakeDb.listen(0, '127.0.0.1', r));
  server = await startTestServer({}, { chromiumPath: '/usr/bin/chromium', runnerMaxProcesses: PROCESS_LIMIT });
  server.ctx.executions.hub.onStatus((m) => events.push(m));

  const victim = await signUpUser(server.baseUrl);
  victimId = await createProject(victim, { name: 'Victim' });
  await server.ctx.workspaces.write(victimId, 'main', { name: 'V', email: victim.email }, 'victim files', async () => [
    { path: 'features/victim.feature', content: `Feature: ${VICTIM_MARK}\n\n  Scenario: A\n    Given I am on the home page\n` },
    { path: 'data/test-data.json', content: sealRows([{ key: 'password', value: VICTIM_SECRET, DataType: 'secret', environment: '*' }], server.ctx.secrets) },
  ]);

  attacker = await signUpUser(server.baseUrl);
  projectId = await createProject(attacker, { name: 'Attacker', demo: true });
  const { dataDir } = server.ctx.config;
  const victimRepo = localRepos(server.ctx).repo(victimId).gitDir;
  const paths: Record<string, string> = {
    dataDir,
    secretKey: path.join(dataDir, 'secret.key'),
    victimRepo,
    victimHead: path.join(victimRepo, 'refs', 'heads', 'main'),
    shadow: '/etc/shadow',
    serverEnvFile: `/proc/${process.pid}/environ`,
    serverPid: String(process.pid),
    runnerFile: path.join(runnerCodePaths()[0], 'src', 'escaped.txt'),
    usrFile: '/usr/escaped.txt',
    dataFile: path.join(dataDir, 'escaped.txt'),
    dbPort: String((fakeDb.address() as net.AddressInfo).port),
  };
  await server.ctx.workspaces.write(projectId, 'main', { name: 'A', email: attacker.email }, 'escape files', async () => [
    { path: 'features/escape.feature', content: ESCAPE_FEATURE },
    { path: 'features/normal.feature', content: NORMAL_FEATURE },
    { path: 'features/hang.feature', content: HANG_FEATURE },
    { path: 'steps/escape.mjs', content: fs.readFileSync(new URL('./escape-fixture/escape.mjs', import.meta.url), 'utf8') },
    {
      path: 'data/test-data.json',
      content: sealRows(Object.entries(paths).map(([key, value]) => ({ key, value, DataType: 'string' as const, environment: '*' })), server.ctx.secrets),
    },
  ]);
}, 120_000);

afterAll(async () => {
  delete process.env.STEPWISE_CANARY;
  await server?.close();
  await new Promise((r) => fakeDb?.close(r));
  fs.rmSync(HOST_TMP_FILE, { force: true });
});

async function runExecution(name: string, tags: string[], timeoutMs: number): Promise<LiveStatus> {
  const res = await attacker.api.post('executions/new', {
    projectId,
    execution: { name, env: 'demo', branch: 'main', flows: [{ viewport: 'Desktop - 1024px', browser: 'chromium', scenarioGroups: [{ name: 'Group', threadCount: 1, tags, scenarios: [] }] }] },
  });
  expectOk(res);
  const execution = res.body.execution as ExecutionDto;
  const live = await server.ctx.executions.runner.start({ execution, trigger: 'manual', userId: attacker.userId, headless: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stop = events.find((e) => e.event === EXECUTION_EVENTS.stop && (e.payload as LiveStatus).executionInstanceId === live.executionInstanceId);
    if (stop) return stop.payload as LiveStatus;
    if (Date.now() > deadline) throw new Error(`${name} did not end in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the run sandbox', () => {
  it('is in force on this machine', () => {
    expect(server.ctx.sandbox.status).toMatchObject({ mode: 'bwrap', network: 'isolated', warning: null });
  });

  it('fails every way out of a run, and still runs a normal scenario with screenshots, console and network', async () => {
    const victimHead = fs.readFileSync(path.join(localRepos(server.ctx).repo(victimId).gitDir, 'refs', 'heads', 'main'), 'utf8');
    const final = await runExecution('Escape', ['@escape', '@normal'], 150_000);
    const row = (await findInstance(server.ctx.db, final.executionInstanceId))!;
    const logs = row.logs.join('\n');
    const runId = final.reportLink.split('/').pop()!;
    const cases = await listTestCases(server.ctx.db, runId);
    const failures = cases.filter((c) => c.status !== 'PASSED').map((c) => `${c.scenario_name}: ${c.error_message}`);
    expect(failures, logs).toEqual([]);
    expect(final).toMatchObject({ status: 'passed', scenariosPassed: 6, scenariosFailed: 0 });

    // Each attempt was made and refused (the step printed it, as an attacker would).
    for (const what of ['read dataDir', 'read secretKey', 'read victimRepo', 'read shadow', 'write victimHead', 'write runnerFile', 'connect']) {
      expect(logs).toMatch(new RegExp(`ESCAPE ${what}[^\\n]*refused`));
    }
    expect(logs).toMatch(/ESCAPE processes: \d+ started, refused at \d+/);
    // Nothing of the server or of the other project reached the run's log or report.
    const stored = JSON.stringify(cases) + logs;
    for (const secret of [CANARY, VICTIM_SECRET, VICTIM_MARK, fs.readFileSync(path.join(server.ctx.config.dataDir, 'secret.key'), 'utf8').trim()]) {
      expect(stored).not.toContain(secret);
    }
    // The host is as it was: the other project's branch, no file in the host's /tmp, the runner's code.
    expect(fs.readFileSync(path.join(localRepos(server.ctx).repo(victimId).gitDir, 'refs', 'heads', 'main'), 'utf8')).toBe(victimHead);
    expect(fs.existsSync(HOST_TMP_FILE)).toBe(false);
    expect(fs.existsSync(path.join(runnerCodePaths()[0], 'src', 'escaped.txt'))).toBe(false);
    expect(fs.existsSync(path.join(server.ctx.config.dataDir, 'escaped.txt'))).toBe(false);

    // The normal scenario: a real Chromium against the demo shop, recorded step by step.
    const normal = cases.find((c) => c.scenario_name === 'Search the demo shop')!;
    expect(normal.status).toBe('PASSED');
    const steps = normal.steps as Array<Record<string, any>>;
    expect(steps.flatMap((s) => s.networkData ?? []).some((n: { requestUrl: string }) => n.requestUrl.includes('/demo-shop/'))).toBe(true);
    const shotIds = steps.map((s) => s.screenshotId).filter(Boolean) as string[];
    expect(shotIds.length).toBeGreaterThanOrEqual(3);
    const shot = await server.ctx.blobs.read(`runs/${projectId}/${runId}/${shotIds[0]}`);
    expect(shot!.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(steps.some((s) => Array.isArray(s.webLog))).toBe(true);
  }, 180_000);

  it('ends a run that goes past its time limit, and says so', async () => {
    const saved = server.ctx.config.runnerTimeoutMs;
    server.ctx.config.runnerTimeoutMs = 8000;
    const tmpBefore = hostTmpLeftovers();
    try {
      const started = Date.now();
      const final = await runExecution('Hang', ['@hang'], 60_000);
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(final).toMatchObject({ status: 'error', verboseStatus: RUN_MESSAGES.timeLimit(8000) });
      const run = await findRun(server.ctx.db, final.reportLink.split('/').pop()!);
      expect(run?.status).toBe('Stopped');
      expect(hostTmpLeftovers().filter((n) => !tmpBefore.includes(n))).toEqual([]);
    } finally {
      server.ctx.config.runnerTimeoutMs = saved;
    }
  }, 90_000);
});

/**
 * What a browser or Playwright would leave in the host's /tmp, and the run's scratch folder. When
 * sandboxes run as a host user of their own, only what that user owns counts: other test files
 * running beside this one launch browsers of their own.
 */
function hostTmpLeftovers(): string[] {
  const owner = server.ctx.sandbox.hostId;
  return fs
    .readdirSync(os.tmpdir())
    .filter((n) => /^(playwright|\.org\.chromium|chromium)/.test(n) || n.startsWith(`stepwise-run-${process.pid}-`))
    .filter((n) => owner === null || fs.statSync(path.join(os.tmpdir(), n), { throwIfNoEntry: false })?.uid === owner);
}
