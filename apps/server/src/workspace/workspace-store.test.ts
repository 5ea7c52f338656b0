import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { WorkspaceStore } from './workspace-store.ts';

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpUser(server.baseUrl, { firstname: 'Grace', lastname: 'Hopper' });
});
afterAll(() => server.close());

/** Runs the git CLI against a bare repository, as an outside observer. */
const gitIn = (gitDir: string, ...args: string[]) => execFileSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: 'utf8' }).trim();

describe('the Git workspace of a new project', () => {
  let projectId: string;
  let gitDir: string;
  beforeAll(async () => {
    projectId = await createProject(user, { name: 'Checkout flows' });
    gitDir = path.join(server.ctx.config.dataDir, 'repos', `${projectId}.git`);
  });

  it('is a bare repository under DATA_DIR/repos/<id>.git', () => {
    expect(fs.existsSync(gitDir)).toBe(true);
    expect(gitIn(gitDir, 'rev-parse', '--is-bare-repository')).toBe('true');
  });

  it('has a single branch, main, which HEAD points to', () => {
    expect(gitIn(gitDir, 'symbolic-ref', 'HEAD')).toBe('refs/heads/main');
    expect(gitIn(gitDir, 'for-each-ref', '--format=%(refname)', 'refs/heads')).toBe('refs/heads/main');
  });

  it('holds the project layout: features, steps, environments and data', () => {
    const files = gitIn(gitDir, 'ls-tree', '-r', '--name-only', 'main').split('\n');
    expect(files).toEqual(expect.arrayContaining([
      'features/.gitkeep', 'steps/user_defined_functions.mjs', 'environments/.gitkeep', 'data/.gitkeep',
    ]));
    const steps = gitIn(gitDir, 'show', 'main:steps/user_defined_functions.mjs');
    expect(steps).toContain('Checkout flows');
    expect(steps).toContain("from '@cucumber/cucumber'");
  });

  it('starts with one commit authored by the project creator', () => {
    expect(gitIn(gitDir, 'rev-list', '--count', 'main')).toBe('1');
    expect(gitIn(gitDir, 'log', '-1', '--format=%an <%ae>', 'main')).toBe(`Grace Hopper <${user.email}>`);
    expect(gitIn(gitDir, 'fsck', '--no-progress')).toBe('');
  });
});

describe('WorkspaceStore', () => {
  let dataDir: string;
  let store: WorkspaceStore;
  const author = { name: 'Test', email: 'test@example.com' };
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-ws-'));
    store = new WorkspaceStore(dataDir);
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses project ids that could leave the repos folder', () => {
    for (const id of ['../escape', 'a/b', '', '.', 'x'.repeat(65), 'name with space']) {
      expect(() => store.repoPath(id)).toThrow('Invalid project id');
    }
    expect(store.repoPath('3f2a-b1')).toBe(path.join(dataDir, 'repos', '3f2a-b1.git'));
  });

  it('creates once: a second create keeps the first history', async () => {
    await store.create('p1', 'First', author);
    const head = gitIn(store.repoPath('p1'), 'rev-parse', 'main');
    await store.create('p1', 'Second', author);
    expect(gitIn(store.repoPath('p1'), 'rev-parse', 'main')).toBe(head);
    expect(await store.listFiles('p1')).toEqual(expect.arrayContaining(['features/.gitkeep', 'data/.gitkeep']));
  });

  it('leaves no temporary folders behind, even when several creates race', async () => {
    await Promise.all([1, 2, 3].map(() => store.create('p2', 'Raced', author)));
    expect(await store.exists('p2')).toBe(true);
    expect(fs.readdirSync(store.root).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('removes a repository entirely, and removing a missing one is harmless', async () => {
    await store.create('p3', 'Gone', author);
    await store.remove('p3');
    expect(await store.exists('p3')).toBe(false);
    expect(fs.existsSync(store.repoPath('p3'))).toBe(false);
    await expect(store.remove('p3')).resolves.toBeUndefined();
  });

  it('keeps a new line in a project name out of the generated files\' structure', async () => {
    await store.create('p4', 'Evil\nimport fs from "fs";', author);
    const steps = gitIn(store.repoPath('p4'), 'show', 'main:steps/user_defined_functions.mjs');
    expect(steps.split('\n')[0]).toBe('// Step definitions written for Evil import fs from "fs";.');
  });
});
