import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MSG, WS_MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { startGitHttpServer, type GitHttpTestServer } from './git-http-test-server.ts';
import { deleteRemoteBranch } from './remote-git.ts';
import { deleteOnRemote, fetchFromRemote, pushToRemote } from './remote-sync.ts';
import { localRepos } from '../test/local-repos.ts';

const USERNAME = 'ci-bot';
const TOKEN = 'ghp_Sup3rS3cretT0ken_do_not_leak_42';
const author = { name: 'Remote Dev', email: 'dev@example.com' };

let server: TestServer;
let remote: GitHttpTestServer;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let projectId: string;
const logLines: string[] = [];

const gitIn = (gitDir: string, ...args: string[]) => execFileSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: 'utf8' }).trim();
const connect = (user: TestUser, body: Record<string, unknown>) => user.api.post('auth/addPrivateRepo', { project_id: projectId, username: USERNAME, token: TOKEN, ...body });
const localRepo = (id: string) => localRepos(server.ctx).repoPath(id);

beforeAll(async () => {
  // The remote runs on 127.0.0.1: allowed here only (remote-address.test.ts checks the default).
  server = await startTestServer({ LOG_LEVEL: 'debug', ALLOW_PRIVATE_GIT_HOSTS: 'true' }, {}, { logTo: { write: (line: string) => void logLines.push(line) } });
  remote = await startGitHttpServer(USERNAME, TOKEN);
  [admin, member, outsider] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectId = await createProject(admin, { name: 'Private shop' });
  await addMemberToProject(admin, member, projectId);
});
afterAll(async () => {
  await remote?.close();
  await server?.close();
});

describe('POST auth/addPrivateRepo', () => {
  it('refuses a wrong token with the spec message and stores nothing', async () => {
    remote.createRepo('wrong');
    const url = `${remote.baseUrl}/wrong.git`;
    expectError(await connect(admin, { url, token: 'not-the-token' }), 400, MSG.gitAuthorizeError);
    expectError(await connect(admin, { url: `${remote.baseUrl}/missing.git` }), 400, MSG.gitAuthorizeError);
    const project = await server.ctx.db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();
    expect(project).toMatchObject({ private_repo: false, configured_private_repo: false, private_repo_url: '', private_repo_token_enc: null });
  });

  it('refuses URLs that are not plain http(s) addresses, and a missing URL', async () => {
    for (const url of ['file:///tmp/x.git', 'ssh://git@example.com/x.git', `http://u:p@127.0.0.1/x.git`, 'ext::sh -c touch% /tmp/pwned', '--upload-pack=touch /tmp/x', 'http://exa mple.com/x']) {
      expectError(await connect(admin, { url }), 400, WS_MSG.gitUrlInvalid);
    }
    expectError(await connect(admin, {}), 400, WS_MSG.gitUrlRequired);
    expectError(await connect(admin, { token: '  ' }), 400, 'Token is required');
    expectError(await connect(admin, { username: '' }), 400, 'Username is required');
  });

  it('is for admins of the project only, and needs a session', async () => {
    const url = `${remote.baseUrl}/authz.git`;
    expectError(await connect(member, { url }), 403, MSG.adminOnly);
    expectError(await connect(outsider, { url }), 403);
    expectError(await admin.api.post('auth/addPrivateRepo', { project_id: 'no-such-project', username: USERNAME, token: TOKEN, url }), 404);
    expectError(await admin.api.withToken(null).post('auth/addPrivateRepo', { project_id: projectId, username: USERNAME, token: TOKEN, url }), 401);
  });

  it('is refused when Git integration is not allowed for the project', async () => {
    const other = await createProject(admin, { name: 'No git' });
    await server.ctx.db.updateTable('projects').set({ allow_git_integration: false }).where('id', '=', other).execute();
    const res = await admin.api.post('auth/addPrivateRepo', { project_id: other, username: USERNAME, token: TOKEN, url: `${remote.baseUrl}/x.git` });
    expectError(res, 403, WS_MSG.gitIntegrationDisabled);
  });

  it('connects with the right token: pushes the workspace into an empty remote and stores the token sealed', async () => {
    const remoteDir = remote.createRepo('shop');
    const url = `${remote.baseUrl}/shop.git`;
    const res = await connect(admin, { url });
    expectOk(res);
    expect(res.body).toMatchObject({ url, pushed: ['main'], diverged: [] });
    expect(gitIn(remoteDir, 'rev-parse', 'main')).toBe(gitIn(localRepo(projectId), 'rev-parse', 'main'));
    const project = await server.ctx.db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();
    expect(project).toMatchObject({ private_repo: true, configured_private_repo: true, private_repo_url: url, private_repo_username: USERNAME });
    expect(project.private_repo_token_enc).not.toContain(TOKEN);
    expect(server.ctx.secrets.decrypt(project.private_repo_token_enc!)).toBe(TOKEN);
    const every = remote.seen.filter((s) => s.authorization);
    expect(every.every((s) => !s.url.includes(TOKEN))).toBe(true);

    const repos = await admin.api.get('auth/getAllPrivateRepoInAProject');
    expect(repos.body.repos).toContainEqual({ project_id: projectId, url });
    const got = await member.api.post('auth/getPrivateRepoUrl', { project_id: projectId });
    expectOk(got);
    expect(got.body.url).toBe(url);
    expectError(await outsider.api.post('auth/getPrivateRepoUrl', { project_id: projectId }), 403);
  });

  it('keeps the stored URL when none is given again, and refuses a now wrong token', async () => {
    expectOk(await connect(admin, {}));
    expectError(await connect(admin, { token: 'expired' }), 400, MSG.gitAuthorizeError);
    const project = await server.ctx.db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();
    expect(server.ctx.secrets.decrypt(project.private_repo_token_enc!)).toBe(TOKEN);
  });

  it('takes the history of a remote that already has content, keeping the old local branch as a backup', async () => {
    const seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-seed-'));
    const remoteDir = remote.createRepo('existing');
    execFileSync('git', ['init', '--quiet', '--initial-branch=main', seedDir]);
    fs.mkdirSync(path.join(seedDir, 'features'));
    fs.writeFileSync(path.join(seedDir, 'features', 'login.feature'), 'Feature: Login\n');
    const env = { ...process.env, GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@x', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@x' };
    execFileSync('git', ['-C', seedDir, 'add', '.'], { env });
    execFileSync('git', ['-C', seedDir, 'commit', '--quiet', '-m', 'seed'], { env });
    execFileSync('git', ['-C', seedDir, 'push', '--quiet', remoteDir, 'main:main', 'main:release']);
    const other = await createProject(admin, { name: 'Existing repo' });
    const oldHead = gitIn(localRepo(other), 'rev-parse', 'main');
    const res = await admin.api.post('auth/addPrivateRepo', { project_id: other, username: USERNAME, token: TOKEN, url: `${remote.baseUrl}/existing.git` });
    expectOk(res);
    expect(res.body.updated.sort()).toEqual(['main', 'release']);
    expect(gitIn(localRepo(other), 'rev-parse', 'main')).toBe(gitIn(remoteDir, 'rev-parse', 'main'));
    expect(gitIn(localRepo(other), 'show', 'release:features/login.feature')).toBe('Feature: Login');
    expect(gitIn(localRepo(other), 'for-each-ref', '--format=%(objectname)', 'refs/stepwise/backup/')).toBe(oldHead);
    fs.rmSync(seedDir, { recursive: true, force: true });
  });
});

describe('syncing with the remote', () => {
  it('pushes a write of the workspace to the remote', async () => {
    const commit = await server.ctx.workspaces.write(projectId, 'main', author, 'Add checkout', async () => [
      { path: 'features/checkout.feature', content: 'Feature: Checkout\n' },
    ]);
    expect(await pushToRemote(server.ctx, projectId, 'main')).toBe('pushed');
    const remoteDir = path.join(remote.root, 'shop.git');
    expect(gitIn(remoteDir, 'rev-parse', 'main')).toBe(commit);
    expect(gitIn(remoteDir, 'show', 'main:features/checkout.feature')).toBe('Feature: Checkout');
  });

  it('fetches commits made on the remote (fast-forward), and a push behind the remote is rejected, not forced', async () => {
    const remoteDir = path.join(remote.root, 'shop.git');
    const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-clone-'));
    execFileSync('git', ['clone', '--quiet', remoteDir, clone]);
    fs.writeFileSync(path.join(clone, 'README.md'), 'changed on the remote\n');
    const env = { ...process.env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@x', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@x' };
    execFileSync('git', ['-C', clone, 'commit', '--quiet', '-am', 'remote edit'], { env });
    execFileSync('git', ['-C', clone, 'push', '--quiet', 'origin', 'main']);
    await server.ctx.workspaces.write(projectId, 'main', author, 'Local edit', async () => [{ path: 'data/x.json', content: '[]\n' }]);
    expect(await pushToRemote(server.ctx, projectId, 'main')).toBe('rejected');
    const diverged = await fetchFromRemote(server.ctx, projectId);
    expect(diverged).toMatchObject({ updated: [], diverged: ['main'] });

    const other = await createProject(admin, { name: 'Fetching' });
    remote.createRepo('fetching');
    expectOk(await admin.api.post('auth/addPrivateRepo', { project_id: other, username: USERNAME, token: TOKEN, url: `${remote.baseUrl}/fetching.git` }));
    const c2 = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-clone-'));
    execFileSync('git', ['clone', '--quiet', path.join(remote.root, 'fetching.git'), c2]);
    fs.writeFileSync(path.join(c2, 'README.md'), 'remote change\n');
    execFileSync('git', ['-C', c2, 'commit', '--quiet', '-am', 'remote edit'], { env });
    execFileSync('git', ['-C', c2, 'push', '--quiet', 'origin', 'main']);
    expect(await fetchFromRemote(server.ctx, other)).toMatchObject({ updated: ['main'], diverged: [] });
    expect(gitIn(localRepo(other), 'show', 'main:README.md')).toBe('remote change');
    expect(await fetchFromRemote(server.ctx, (await createProject(admin)))).toBeNull();
    fs.rmSync(clone, { recursive: true, force: true });
    fs.rmSync(c2, { recursive: true, force: true });
  });

  it('deletes a deleted branch on the remote too, so that no fetch brings it back', async () => {
    const remoteDir = path.join(remote.root, 'shop.git');
    const remoteHeads = () => gitIn(remoteDir, 'for-each-ref', '--format=%(refname)', 'refs/heads/').split('\n');
    const branch = (name: string) => admin.api.post('workspace/create-new-branch', { projectId, sourceBranch: 'main', newBranch: name });
    const drop = (name: string, user = admin) => user.api.delete('workspace/delete-branch', { projectId, branch: name });
    expectOk(await branch('feature/gone'));
    expect(gitIn(remoteDir, 'rev-parse', 'feature/gone')).toBe(gitIn(localRepo(projectId), 'rev-parse', 'feature/gone'));
    const before = remote.seen.length;

    expectOk(await drop('feature/gone'));
    expect(remoteHeads()).not.toContain('refs/heads/feature/gone');
    expect(gitIn(localRepo(projectId), 'for-each-ref', 'refs/heads/feature/gone', 'refs/remotes/origin/feature/gone')).toBe('');
    const sent = remote.seen.slice(before);
    expect(sent.some((r) => r.url.includes('git-receive-pack'))).toBe(true);
    for (const r of sent) expect(r.url).not.toContain(TOKEN);
    const list = await admin.api.post('workspace/get-all-branches', { projectId });
    expectOk(list);
    expect(list.body.branches).not.toContain('feature/gone');
    expect(remoteHeads()).not.toContain('refs/heads/feature/gone');

    // A member who cannot delete the branch changes nothing on the remote either.
    expectOk(await branch('feature/kept'));
    expectError(await drop('feature/kept', member), 403, WS_MSG.branchDeleteForbidden);
    expect(remoteHeads()).toContain('refs/heads/feature/kept');
    // Only at the commit we saw: a remote branch that moved since is left alone.
    const seen = gitIn(localRepo(projectId), 'rev-parse', 'feature/kept');
    expect(await deleteRemoteBranch(localRepo(projectId), { url: `${remote.baseUrl}/shop.git`, username: USERNAME, token: TOKEN, allowPrivateHosts: true }, 'feature/kept', '1'.repeat(40))).toBe('rejected');
    expect(gitIn(remoteDir, 'rev-parse', 'feature/kept')).toBe(seen);
    expect(await deleteOnRemote(server.ctx, projectId, 'feature/kept')).toBe('deleted');
    expect(remoteHeads()).not.toContain('refs/heads/feature/kept');
    expect(await deleteOnRemote(server.ctx, projectId, 'feature/kept')).toBe('absent');
    expectOk(await drop('feature/kept'));
  });

  it('never lets the token reach the logs, error messages, the database in clear or the repository', async () => {
    expect(logLines.length).toBeGreaterThan(10);
    const basic = Buffer.from(`${USERNAME}:${TOKEN}`).toString('base64');
    for (const line of logLines) {
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain(basic);
    }
    expect(logLines.some((l) => l.includes('private repository authorisation failed'))).toBe(true);
    const dump = await sql<{ row: string }>`select row_to_json(p)::text as row from projects p`.execute(server.ctx.db);
    for (const r of dump.rows) expect(r.row).not.toContain(TOKEN);
    const grep = spawnSync('grep', ['-r', '-l', '-a', '-F', '--', TOKEN, localRepo(projectId)], { encoding: 'utf8' });
    expect(grep.status, grep.stdout).toBe(1);
    expect(gitIn(localRepo(projectId), 'config', '--list')).not.toContain(TOKEN);
  });
});
