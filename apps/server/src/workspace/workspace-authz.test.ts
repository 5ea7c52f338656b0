import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@stepwise/shared';
import { expectError, expectOk } from '../test/assertions.ts';
import { ApiClient } from '../test/api-client.ts';
import { addMemberToProject, signUpUser, type TestUser } from '../test/factories.ts';
import { startWorkspace, type Workspace } from './workspace-test-kit.ts';

interface Call {
  method: 'GET' | 'POST' | 'DELETE';
  path: (projectId: string) => string;
  body?: (projectId: string) => Record<string, unknown>;
}

const post = (call: string, extra: Record<string, unknown> = {}): Call => ({
  method: 'POST', path: () => `workspace/${call}`, body: (projectId) => ({ projectId, ...extra }),
});
const query = (method: 'GET' | 'DELETE', call: string, params: Record<string, string>): Call => ({
  method, path: (projectId) => `workspace/${call}?${new URLSearchParams({ projectId, ...params })}`,
});

/** Every project-scoped workspace call with a valid payload. */
const CALLS: Record<string, Call> = {
  'get-feature-list': post('get-feature-list', { isPrivateRepo: false }),
  'get-feature-list-for-branch': post('get-feature-list-for-branch', { branch: 'main' }),
  'features-count': post('features-count'),
  'push-scenario': post('push-scenario', { name: 'Authz', parentPath: '', data: 'Scenario: x\n  Given y' }),
  'create-feature': post('create-feature', { parentPath: '', name: 'Created' }),
  'rename-feature': post('rename-feature', { parentPath: '', oldName: 'Authz.feature', newName: 'Renamed' }),
  'delete-feature': post('delete-feature', { parentPath: '', name: 'Renamed.feature' }),
  'create-folder': post('create-folder', { parentPath: '', name: 'matrix' }),
  'edit-folder': post('edit-folder', { parentPath: '', destinationPath: '', oldName: 'matrix', newName: 'grid', action: 'Renamed' }),
  'delete-folder': post('delete-folder', { name: 'grid', deletePath: 'grid' }),
  'last-updated': post('last-updated', { directory: 'steps', file: 'user_defined_functions.mjs', branch: 'main' }),
  updateLastActiveWorkspace: post('updateLastActiveWorkspace', { branch: 'main', scenarioIndex: 1 }),
  'get-all-branches': post('get-all-branches'),
  'create-new-branch': post('create-new-branch', { sourceBranch: 'main', newBranch: 'matrix' }),
  'delete-branch': { method: 'DELETE', path: () => 'workspace/delete-branch', body: (projectId) => ({ projectId, branch: 'matrix' }) },
  'push-file': post('push-file', { branch: 'main', directory: 'data', file: { name: 'm.json', content: '{}' } }),
  'get-files': query('GET', 'get-files', { directory: 'data', branch: 'main' }),
  'get-file-content': query('GET', 'get-file-content', { file_path: 'data/m.json' }),
  'delete-file': query('DELETE', 'delete-file', { directory: 'data', fileName: 'm.json', branch: 'main' }),
  'create-workspace': { method: 'POST', path: () => 'auth/create-workspace', body: (projectId) => ({ projectId }) },
};

let ws: Workspace;
let member: TestUser;
let outsider: TestUser;
const unknownProject = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ws = await startWorkspace('Guarded');
  [member, outsider] = await Promise.all([signUpUser(ws.server.baseUrl), signUpUser(ws.server.baseUrl)]);
  await addMemberToProject(ws.admin, member, ws.projectId);
});
afterAll(() => ws.server.close());

const send = (client: ApiClient, c: Call, projectId: string) => client.request(c.method, c.path(projectId), c.body?.(projectId));

describe('workspace authorisation', () => {
  const table = Object.entries(CALLS);

  it.each(table)('%s: 401 without a token', async (_name, c) => {
    expectError(await send(new ApiClient(ws.server.baseUrl), c, ws.projectId), 401);
  });

  it.each(table)('%s: 403 for a user who is not a member, with nothing written', async (_name, c) => {
    const head = ws.git('rev-parse', 'main');
    expectError(await send(outsider.api, c, ws.projectId), 403, MSG.forbidden);
    expect(ws.git('rev-parse', 'main')).toBe(head);
  });

  it.each(table)('%s: 404 for a project that does not exist', async (_name, c) => {
    expectError(await send(ws.admin.api, c, unknownProject), 404, MSG.projectNotFound);
  });

  it('every call succeeds for a plain member, in order', async () => {
    for (const [name, c] of table) {
      const res = await send(member.api, c, ws.projectId);
      expectOk(res);
      expect(res.status, name).toBe(200);
    }
    const byMember = ws.git('log', '--format=%ae', 'main').split('\n').filter((e) => e === member.email);
    expect(byMember).toHaveLength(9);
  });

  it('get-stable-versions needs a session', async () => {
    expectError(await new ApiClient(ws.server.baseUrl).get('workspace/get-stable-versions'), 401);
    expectOk(await outsider.api.get('workspace/get-stable-versions'));
  });
});
