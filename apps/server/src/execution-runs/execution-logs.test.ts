import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTION_MESSAGES, type RunReport } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { ApiClient } from '../test/api-client.ts';
import { storeRun } from '../runs/run-store.ts';
import { insertInstance } from './instances.repository.ts';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let projectA: string;
let projectB: string;

const LOGS = ['2025-01-01T00:00:00.000Z Queued (manual)', '2025-01-01T00:00:01.000Z Checking out main'];

function instance(id: string, projectId: string, runId: string, logs: string[] = LOGS) {
  return insertInstance(server.ctx.db, {
    id,
    execution_id: null,
    project_id: projectId,
    execution_name: 'Nightly',
    status: 'passed',
    verbose_status: 'All scenarios passed',
    status_history: '[]',
    branch: 'main',
    environment: 'staging',
    trigger: 'manual',
    user_id: null,
    run_id: runId,
    scenarios_passed: 0,
    scenarios_failed: 0,
    total_scenarios: 0,
    logs: JSON.stringify(logs),
  });
}

const emptyReport: RunReport = {
  name: 'Nightly',
  mode: 'executions',
  username: null,
  env: null,
  branch: 'main',
  startTime: null,
  endTime: null,
  success: true,
  testCases: [],
  errors: [],
  meta: null,
};

const logsOf = (api: ApiClient, id: string) => api.get(`runs/cucumber-runs/getExecutionLogs/${id}`);

beforeAll(async () => {
  server = await startTestServer();
  [admin, member, outsider] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectA = await createProject(admin, { name: 'A' });
  projectB = await createProject(outsider, { name: 'B' });
  await addMemberToProject(admin, member, projectA);

  await instance('inst-stored', projectA, 'run-stored');
  await storeRun(server.ctx, projectA, { runId: 'run-stored', report: emptyReport, attachments: [], type: 'executions', userId: null, instanceId: 'inst-stored' });
  await instance('inst-running', projectA, 'run-not-yet-stored');
  await instance('inst-empty', projectA, 'run-empty', []);
  await storeRun(server.ctx, projectA, { runId: 'run-local', report: { ...emptyReport, mode: 'local' }, attachments: [], type: 'local', userId: null });
  // A run of project B that names project A's instance must not open A's log.
  await storeRun(server.ctx, projectB, { runId: 'run-b-foreign', report: emptyReport, attachments: [], type: 'executions', userId: null, instanceId: 'inst-stored' });
});
afterAll(() => server.close());

describe('GET /api/runs/cucumber-runs/getExecutionLogs/:id', () => {
  it('gives a member the log by instance id, by run id, and by the run id of a run not stored yet', async () => {
    for (const id of ['inst-stored', 'run-stored', 'inst-running', 'run-not-yet-stored']) {
      const res = await logsOf(member.api, id);
      expectOk(res);
      expect(res.body.logs).toEqual(LOGS);
    }
  });

  it('refuses people outside the project, and anybody without a token', async () => {
    for (const id of ['inst-stored', 'run-stored', 'run-not-yet-stored']) expectError(await logsOf(outsider.api, id), 403);
    expectError(await logsOf(new ApiClient(server.baseUrl), 'inst-stored'), 401);
  });

  it('takes a project access key only for its own project', async () => {
    const keyA = await createAccessKey(admin, projectA);
    const keyB = await createAccessKey(outsider, projectB);
    expectOk(await logsOf(new ApiClient(server.baseUrl, keyA.token), 'inst-stored'));
    expectError(await logsOf(new ApiClient(server.baseUrl, keyB.token), 'inst-stored'), 403);
  });

  it("answers 'No logs available' for unknown ids, empty logs, runs without an instance and another project's instance", async () => {
    expectError(await logsOf(member.api, 'no-such-id'), 404, EXECUTION_MESSAGES.noLogs);
    expectError(await logsOf(member.api, 'inst-empty'), 404, EXECUTION_MESSAGES.noLogs);
    expectError(await logsOf(member.api, 'run-local'), 404, EXECUTION_MESSAGES.noLogs);
    expectError(await logsOf(outsider.api, 'run-b-foreign'), 404, EXECUTION_MESSAGES.noLogs);
    expectError(await logsOf(member.api, 'run-b-foreign'), 403);
    expectError(await logsOf(member.api, 'x'.repeat(65)), 400);
  });
});
