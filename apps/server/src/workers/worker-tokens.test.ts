import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_MESSAGES } from '@stepwise/shared';
import { ApiClient } from '../test/api-client.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

/** Worker tokens on a server that runs executions itself (the default): managed the same, refused for the queue. */
describe('worker tokens (run workers off)', () => {
  let server: TestServer;
  let admin: TestUser;
  let member: TestUser;
  let projectId: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await signUpUser(server.baseUrl);
    member = await signUpUser(server.baseUrl);
    projectId = await createProject(admin);
    await addMemberToProject(admin, member, projectId);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('admins create (the token once), list and revoke; members, outsiders and access keys are refused', async () => {
    const created = await admin.api.post('workers/tokens', { projectId, name: '  runner-a  ' });
    expectOk(created);
    expect(created.body.token).toMatch(/^sww_/);
    expect(created.body.workerToken).toMatchObject({ name: 'runner-a', projectId, jobsRun: 0, lastSeenAt: null, revokedAt: null });
    const list = await admin.api.get(`workers/tokens?project_id=${projectId}`);
    expectOk(list);
    expect(list.body.enabled).toBe(false);
    expect(list.body.workerTokens).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(created.body.token);

    const outsider = await signUpUser(server.baseUrl);
    const key = await createAccessKey(admin, projectId);
    for (const client of [member.api, outsider.api, new ApiClient(server.baseUrl, key.token)]) {
      expect([401, 403]).toContain((await client.get(`workers/tokens?project_id=${projectId}`)).status);
      expect([401, 403]).toContain((await client.post('workers/tokens', { projectId, name: 'x' })).status);
      expect([401, 403]).toContain((await client.post('workers/tokens/revoke', { id: created.body.workerToken.id })).status);
    }
    expect((await admin.api.post('workers/tokens', { projectId, name: 'x'.repeat(101) })).status).toBe(400);
    expect((await admin.api.post('workers/tokens/revoke', { id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);

    // Workers off: a valid token is told so; a revoked one is refused.
    const worker = new ApiClient(server.baseUrl, created.body.token);
    const reg = await worker.post('workers/register', {});
    expect(reg.status).toBe(409);
    expect(reg.body.error).toBe(WORKER_MESSAGES.workersOff);
    expectOk(await admin.api.post('workers/tokens/revoke', { id: created.body.workerToken.id }));
    const after = await worker.post('workers/register', {});
    expect(after.status).toBe(401);
    expect(after.body.error).toBe(WORKER_MESSAGES.invalidWorkerToken);
    const listed = (await admin.api.get(`workers/tokens?project_id=${projectId}`)).body.workerTokens[0];
    expect(listed.revokedAt).not.toBeNull();
    expect(listed.lastSeenAt).not.toBeNull();
    // Session tokens and access keys are no worker tokens.
    expect((await admin.api.post('workers/register', {})).status).toBe(401);
  });
});
