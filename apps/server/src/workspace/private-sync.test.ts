import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../test/assertions.ts';
import { startGitHttpServer, type GitHttpTestServer } from '../private-repo/git-http-test-server.ts';
import { GitRepo } from './git-repo.ts';
import { gitIn, startWorkspace, type Workspace } from './workspace-test-kit.ts';

const USERNAME = 'sync-bot';
const TOKEN = 'ghp_workspace_sync_token_123';
let ws: Workspace;
let remote: GitHttpTestServer;
let remoteDir: string;

beforeAll(async () => {
  // The remote runs on 127.0.0.1.
  ws = await startWorkspace('Synced', { ALLOW_PRIVATE_GIT_HOSTS: 'true' });
  remote = await startGitHttpServer(USERNAME, TOKEN);
  remote.createRepo('synced');
  remoteDir = path.join(remote.root, 'synced.git');
  const res = await ws.admin.api.post('auth/addPrivateRepo', { project_id: ws.projectId, username: USERNAME, token: TOKEN, url: `${remote.baseUrl}/synced.git` });
  expectOk(res);
});
afterAll(async () => {
  await remote?.close();
  await ws?.server.close();
});

describe('a workspace connected to a private repository', () => {
  it('pushes every write to the remote branch', async () => {
    expectOk(await ws.call('push-scenario', { name: 'Remote', parentPath: '', data: 'Scenario: Pushed\n  Given x' }));
    expect(gitIn(remoteDir, 'rev-parse', 'main')).toBe(ws.git('rev-parse', 'main'));
    expect(gitIn(remoteDir, 'show', 'main:features/Remote.feature')).toContain('Scenario: Pushed');
  });

  it('fetches commits made on the remote before listing the features', async () => {
    const repo = new GitRepo(remoteDir);
    const head = (await repo.branchHead('main'))!;
    await repo.commit('main', head, [{ path: 'features/FromRemote.feature', content: 'Feature: From remote\n\n  Scenario: Elsewhere\n    Given y\n' }], { name: 'Dev', email: 'dev@example.com' }, 'Remote edit');
    const res = await ws.call('get-feature-list');
    expectOk(res);
    expect(res.body.foldersAndFeatures.map((n: { name: string }) => n.name)).toEqual(['FromRemote.feature', 'Remote.feature']);
    expect(ws.git('rev-parse', 'main')).toBe(gitIn(remoteDir, 'rev-parse', 'main'));
  });
});
