import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_MSG } from '@stepwise/shared';
import { loadConfig } from '../config.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { createProject, signUpUser } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { startGitHttpServer } from '../private-repo/git-http-test-server.ts';
import { RemoteGitError } from '../private-repo/remote-git.ts';
import { gitIn, workspaceOf, type Workspace } from './workspace-test-kit.ts';
import { COMMIT_NOT_FOUND, INTERNAL_PREFIX } from './internal-protocol.ts';
import { RemoteWorkspaces } from './remote-workspaces.ts';

const TOKEN = randomBytes(24).toString('hex');
const FEATURE = 'Feature: Login\n  Scenario: Sign in\n    Given I open the login page\n';

let workspace: TestServer;
let apiA: TestServer;
let apiB: TestServer;
let ws: Workspace;

beforeAll(async () => {
  workspace = await startTestServer({ WORKSPACE_TOKEN: TOKEN });
  const remote = { WORKSPACE_URL: workspace.baseUrl, WORKSPACE_TOKEN: TOKEN };
  [apiA, apiB] = await Promise.all([startTestServer(remote), startTestServer(remote)]);
  const admin = await signUpUser(apiA.baseUrl, { firstname: 'Ada', lastname: 'Lovelace' });
  const projectId = await createProject(admin, { name: 'Shop' });
  ws = workspaceOf(apiA, admin, projectId, workspace);
});

afterAll(async () => {
  await Promise.all([apiA?.close(), apiB?.close()]);
  await workspace?.close();
});

describe('an API server with WORKSPACE_URL', () => {
  it('keeps no repository of its own: the project is created on the workspace server', async () => {
    expect(ws.git('rev-parse', '--is-bare-repository')).toBe('true');
    await expect(fs.access(path.join(apiA.ctx.config.dataDir, 'repos'))).rejects.toThrow();
  });

  it('saves and reads features through the workspace server', async () => {
    expectOk(await ws.call('create-folder', { parentPath: '', name: 'auth' }));
    expectOk(await ws.call('push-scenario', { name: 'login.feature', parentPath: 'auth', data: FEATURE, replaceFile: true }));
    expect(ws.show('features/auth/login.feature')).toBe(FEATURE);
    const list = await ws.call('get-feature-list', { isPrivateRepo: false });
    expectOk(list);
    expect(list.body.commit).toBe(ws.git('rev-parse', 'main'));
    const login = list.body.foldersAndFeatures[0].children[0];
    expect(login).toMatchObject({ path: 'auth/login.feature', featureName: 'Login', content: FEATURE });
    expect(login.scenarios.map((s: { name: string }) => s.name)).toEqual(['Sign in']);
  });

  it('creates, lists and deletes branches; an unknown branch is a 404 as on one machine', async () => {
    expectOk(await ws.call('create-new-branch', { sourceBranch: 'main', newBranch: 'feature/remote' }));
    expect((await ws.call('get-all-branches')).body.branches).toEqual(['main', 'feature/remote']);
    expectOk(await ws.call('push-scenario', { branch: 'feature/remote', name: 'cart.feature', parentPath: '', data: 'Feature: Cart\n', replaceFile: true }));
    expect(ws.show('features/cart.feature', 'feature/remote')).toBe('Feature: Cart\n');
    expect(ws.show('features/cart.feature')).toBeNull();
    expectError(await ws.call('create-new-branch', { sourceBranch: 'main', newBranch: 'feature/remote' }), 409);
    expectError(await ws.call('push-scenario', { branch: 'nope', name: 'x.feature', parentPath: '', data: 'Feature: X\n', replaceFile: true }), 404, WS_MSG.branchNotFound);
    expectOk(await ws.admin.api.request('DELETE', 'workspace/delete-branch', { projectId: ws.projectId, branch: 'feature/remote' }));
    expect((await ws.call('get-all-branches')).body.branches).toEqual(['main']);
  });

  it('streams the branch archive from the workspace server', async () => {
    const res = await fetch(`${apiA.baseUrl}/api/cli/workspace-archive?projectId=${ws.projectId}`, { headers: { authorization: `Bearer ${ws.admin.token}` } });
    expect(res.status).toBe(200);
    const tar = path.join(os.tmpdir(), `stepwise-archive-${randomBytes(4).toString('hex')}.tar`);
    await fs.writeFile(tar, Buffer.from(await res.arrayBuffer()));
    try {
      expect(execFileSync('tar', ['-tf', tar], { encoding: 'utf8' }).split('\n')).toContain('features/auth/login.feature');
    } finally {
      await fs.rm(tar, { force: true });
    }
  });

  it('materialises a commit into a folder (the run checkout) from the archive stream', async () => {
    const dest = await fs.mkdtemp(path.join(os.tmpdir(), 'stepwise-checkout-'));
    try {
      await apiA.ctx.workspaces.repo(ws.projectId).materialise(ws.git('rev-parse', 'main'), path.join(dest, 'work'));
      expect(await fs.readFile(path.join(dest, 'work', 'features', 'auth', 'login.feature'), 'utf8')).toBe(FEATURE);
    } finally {
      await fs.rm(dest, { recursive: true, force: true });
    }
  });

  it('loses no write when two API servers write to one branch at once', async () => {
    const author = { name: 'Ada', email: 'ada@example.com' };
    const writes = [apiA, apiB].flatMap((server, s) =>
      Array.from({ length: 8 }, (_, i) =>
        server.ctx.workspaces.write(ws.projectId, 'main', author, `write ${s}-${i}`, async (repo, head) => {
          const list = (await repo.readFile(head, 'data/list.txt')) ?? '';
          return [{ path: 'data/list.txt', content: `${list}${s}-${i}\n` }];
        }),
      ),
    );
    const commits = await Promise.all(writes);
    expect(new Set(commits).size).toBe(16);
    const lines = ws.show('data/list.txt')!.trim().split('\n');
    expect(lines.sort()).toEqual([0, 1].flatMap((s) => Array.from({ length: 8 }, (_, i) => `${s}-${i}`)).sort());
  });

  it('pushes to a private remote from the workspace server; a refusal keeps its error type', async () => {
    const remote = await startGitHttpServer('git-user', 'git-token');
    try {
      const remoteDir = remote.createRepo('remote-shop');
      const creds = { url: `${remote.baseUrl}/remote-shop.git`, username: 'git-user', token: 'git-token', allowPrivateHosts: true };
      const repo = apiB.ctx.workspaces.repo(ws.projectId);
      const sync = await repo.syncRemote(creds, { remoteWins: true });
      expect(sync.pushed).toContain('main');
      expect(gitIn(remoteDir, 'rev-parse', 'main')).toBe(ws.git('rev-parse', 'main'));
      await expect(repo.pushRemote({ ...creds, token: 'wrong' }, ['main'])).rejects.toBeInstanceOf(RemoteGitError);
    } finally {
      await remote.close();
    }
  });

  it('answers a write conflict (409) when the branch keeps moving under a write', async () => {
    const user = { name: 'Ada', email: 'ada@example.com' };
    let n = 0;
    const write = apiA.ctx.workspaces.write(ws.projectId, 'main', user, 'lose the race', async (repo, head) => {
      // Another server's write lands on every head this one is built on.
      await apiB.ctx.workspaces.write(ws.projectId, 'main', user, 'rival', async () => [{ path: `data/rival-${n++}.json`, content: '{}' }]);
      expect(await repo.branchHead('main')).not.toBe(head);
      return [{ path: 'data/mine.json', content: '[]' }];
    });
    await expect(write).rejects.toThrow(/moved/);
    expect(ws.show('data/mine.json')).toBeNull();
  });
});

describe('the internal routes of the workspace server', () => {
  const call = (token: string | null, body: unknown = { op: 'branches' }) =>
    fetch(`${workspace.baseUrl}${INTERNAL_PREFIX}/repos/${ws.projectId}/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });

  it('refuse a missing or wrong token with 401', async () => {
    expect((await call(null)).status).toBe(401);
    expect((await call(`${TOKEN}x`)).status).toBe(401);
    expect((await call('')).status).toBe(401);
    const archive = await fetch(`${workspace.baseUrl}${INTERNAL_PREFIX}/repos/${ws.projectId}/archive/${ws.git('rev-parse', 'main')}`);
    expect(archive.status).toBe(401);
  });

  it('answer with the token, and refuse bad input with 400', async () => {
    const ok = await call(TOKEN);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { result: string[] }).result).toContain('main');
    expect((await call(TOKEN, { op: 'nothing' })).status).toBe(400);
  });

  it('answer 404 for the archive of a commit the repository does not hold, before any byte of a tar', async () => {
    const res = await fetch(`${workspace.baseUrl}${INTERNAL_PREFIX}/repos/${ws.projectId}/archive/${'0'.repeat(40)}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: 'error', error: COMMIT_NOT_FOUND });
  });

  it('are left out of the OpenAPI document (a protocol between servers, not an API for users)', async () => {
    const doc = (await (await fetch(`${workspace.baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
    expect(Object.keys(doc.paths).filter((p) => p.includes('internal'))).toEqual([]);
  });

  it('are not served by an API server without WORKSPACE_TOKEN', async () => {
    const res = await fetch(`${apiA.baseUrl}${INTERNAL_PREFIX}/repos/${ws.projectId}/call`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });
});

describe('configuration and outages', () => {
  it('refuses WORKSPACE_URL without WORKSPACE_TOKEN', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', WORKSPACE_URL: 'http://workspace:3000' })).toThrow(/WORKSPACE_URL needs WORKSPACE_TOKEN/);
    expect(() => loadConfig({ NODE_ENV: 'test', WORKSPACE_URL: 'ftp://workspace', WORKSPACE_TOKEN: TOKEN })).toThrow(/WORKSPACE_URL/);
  });

  /** A user of an API server whose workspace server is `url` (with `token`) creates a project. */
  async function createThrough(url: string, token: string) {
    const server = await startTestServer({ WORKSPACE_URL: url, WORKSPACE_TOKEN: token });
    try {
      const user = await signUpUser(server.baseUrl);
      const res = await user.api.post('auth/CreateProject', { name: 'Nowhere', url: 'https://shop.example.com' });
      const projects = await server.ctx.db.selectFrom('projects').select('id').execute();
      return { res, projects };
    } finally {
      await server.close();
    }
  }

  it('answers 503 (and keeps no half-made project) when the workspace server refuses the token', async () => {
    const { res, projects } = await createThrough(workspace.baseUrl, randomBytes(24).toString('hex'));
    expectError(res, 503, WS_MSG.workspaceUnavailable);
    expect(projects).toEqual([]);
  });

  it('answers 503 with a clear message when the workspace server is down', async () => {
    const { res, projects } = await createThrough('http://127.0.0.1:9', TOKEN);
    expectError(res, 503, WS_MSG.workspaceUnavailable);
    expect(projects).toEqual([]);
    const down = new RemoteWorkspaces('http://127.0.0.1:9', TOKEN, apiA.ctx.log);
    try {
      await expect(down.repo(ws.projectId).branches()).rejects.toMatchObject({ statusCode: 503, message: WS_MSG.workspaceUnavailable });
    } finally {
      await down.close();
    }
  });
});
