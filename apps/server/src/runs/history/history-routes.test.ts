import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_MESSAGES, MSG, QUARANTINE_REASON_MAX, RUNS_MESSAGES } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../../test/factories.ts';
import { ApiClient } from '../../test/api-client.ts';
import { expectError, expectOk } from '../../test/assertions.ts';
import { report, store, testCase } from '../runs-fixtures.ts';

/** Who may call runs/history/*: members (and the project's access key), quarantine only admins; bad input is a 400. */

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let projectId: string;
let runId: string;
let testCaseId: string;
let key: string;
let foreignKey: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, member, outsider] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectId = await createProject(admin, { name: 'Guarded history' });
  await addMemberToProject(admin, member, projectId);
  const own = await createProject(outsider, { name: 'Elsewhere' });
  key = (await createAccessKey(admin, projectId)).token;
  foreignKey = (await createAccessKey(outsider, own)).token;
  runId = (await store(server.ctx, projectId, report([testCase('Guarded', 'FAILED')]))).runId;
  testCaseId = (await server.ctx.db.selectFrom('test_cases').select('id').where('run_id', '=', runId).executeTakeFirstOrThrow()).id;
});

afterAll(async () => {
  await server?.close();
});

const reads = () => [
  `runs/history/scenario?testCaseId=${testCaseId}`,
  `runs/history/run-marks?runId=${runId}`,
  `runs/history/lists?projectId=${projectId}`,
  `runs/history/failure-groups?projectId=${projectId}`,
];

describe('runs/history access', () => {
  it('answers members and the project access key', async () => {
    for (const path of reads()) {
      expectOk(await member.api.get(path));
      expectOk(await new ApiClient(server.baseUrl, key).get(path));
    }
  });

  it('refuses no token, a non-member and a key of another project', async () => {
    const anonymous = new ApiClient(server.baseUrl);
    const foreign = new ApiClient(server.baseUrl, foreignKey);
    for (const path of reads()) {
      expectError(await anonymous.get(path), 401);
      expectError(await outsider.api.get(path), 403);
      expectError(await foreign.get(path), 403);
    }
    expectError(await anonymous.post('runs/history/quarantine', { testCaseId, quarantined: true, reason: 'known' }), 401);
    expectError(await outsider.api.post('runs/history/quarantine', { testCaseId, quarantined: true, reason: 'known' }), 403);
  });

  it('lets only admins quarantine', async () => {
    expectError(await member.api.post('runs/history/quarantine', { testCaseId, quarantined: true, reason: 'known' }), 403, HISTORY_MESSAGES.quarantineAdminOnly);
    const res = await admin.api.post('runs/history/quarantine', { testCaseId, quarantined: true, reason: 'known' });
    expectOk(res);
    expect(res.body.scenario).toMatchObject({ quarantined: true, quarantineReason: 'known', scenarioName: 'Guarded' });
  });

  it('answers 404 for what does not exist and 400 for bad input', async () => {
    expectError(await admin.api.get('runs/history/scenario?testCaseId=nope'), 404, RUNS_MESSAGES.testCaseNotFound);
    expectError(await admin.api.get('runs/history/run-marks?runId=nope'), 404, RUNS_MESSAGES.runNotFound);
    expectError(await admin.api.get('runs/history/lists?projectId=00000000-0000-4000-8000-000000000000'), 404, MSG.projectNotFound);
    expectError(await admin.api.get(`runs/history/scenario?testCaseId=${testCaseId}&page=-1`), 400);
    expectError(await admin.api.get(`runs/history/scenario?testCaseId=${testCaseId}&limit=1000`), 400);
    expectError(await admin.api.get(`runs/history/lists?projectId=${projectId}&limit=zero`), 400);
    expectError(await admin.api.get('runs/history/failure-groups?projectId=00000000-0000-4000-8000-000000000000'), 404, MSG.projectNotFound);
    for (const bad of ['page=-1', 'page=one', 'pageSize=0', 'pageSize=201', 'pageSize=2.5', 'days=0']) {
      const res = await admin.api.get(`runs/history/failure-groups?projectId=${projectId}&${bad}`);
      expectError(res, 400);
      expect(JSON.stringify(res.body)).toMatch(/page|days/i);
    }
    expectError(await admin.api.get('runs/history/failure-groups'), 400);
    expectError(await admin.api.post('runs/history/quarantine', { testCaseId, quarantined: 'yes' }), 400);
    expectError(await admin.api.post('runs/history/quarantine', { testCaseId, quarantined: true, reason: 'x'.repeat(QUARANTINE_REASON_MAX + 1) }), 400);
    expectError(await admin.api.post('runs/history/quarantine', { testCaseId }), 400);
    // A quarantine needs its reason (blank counts as none); lifting one does not.
    expectError(await admin.api.post('runs/history/quarantine', { testCaseId, quarantined: true }), 400, HISTORY_MESSAGES.quarantineReasonRequired);
    expectError(await admin.api.post('runs/history/quarantine', { testCaseId, quarantined: true, reason: '   ' }), 400, HISTORY_MESSAGES.quarantineReasonRequired);
  });
});
