import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { parseFeature } from './gherkin-parse.ts';
import { gitIn } from './workspace-test-kit.ts';
import { freePort } from '../test/free-port.ts';

const mainTs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');
const pgUrl = process.env.TEST_DATABASE_URL;
const schema = `crash_${randomBytes(4).toString('hex')}`;
let dataDir: string;
let port: number;
let child: ChildProcess | null = null;

/** The real server as its own process group (so a kill takes its git children down too). */
async function startServer(): Promise<void> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), NODE_ENV: 'test', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error' };
  if (pgUrl) env.DATABASE_URL = `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  child = spawn(process.execPath, [mainTs], { env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/config`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${stderr}`);
}

async function kill(signal: NodeJS.Signals): Promise<void> {
  const proc = child!;
  const exited = new Promise((r) => proc.once('exit', r));
  process.kill(-proc.pid!, signal);
  await exited;
  child = null;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-crash-'));
  port = await freePort();
  if (pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`create schema "${schema}"`);
    await c.end();
  }
});
afterAll(async () => {
  if (child) await kill('SIGKILL');
  if (pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`drop schema if exists "${schema}" cascade`);
    await c.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Appends scenarios from 20 concurrent clients until `stopAfter` were accepted, then SIGKILLs the server. */
async function writeAndCrash(user: TestUser, projectId: string, round: number, stopAfter: number): Promise<string[]> {
  const accepted: string[] = [];
  let killing: Promise<void> | null = null;
  const worker = async (w: number) => {
    for (let j = 0; !killing; j++) {
      const name = `Round ${round} writer ${w} call ${j}`;
      const res = await user.api
        .post('workspace/push-scenario', { projectId, name: 'Shared', parentPath: '', data: `  Scenario: ${name}\n    Given step ${j}` })
        .catch(() => null);
      if (res?.status === 200) {
        accepted.push(name);
        if (accepted.length >= stopAfter && !killing) killing = kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: 20 }, (_, w) => worker(w)));
  await killing;
  return accepted;
}

function checkRepository(gitDir: string): string {
  expect(gitIn(gitDir, 'fsck', '--no-progress', '--no-dangling', '--strict')).toBe('');
  const head = gitIn(gitDir, 'rev-parse', 'main');
  expect(gitIn(gitDir, 'cat-file', '-t', head)).toBe('commit');
  const files = gitIn(gitDir, 'ls-tree', '-r', '--name-only', head).split('\n');
  expect(files).toEqual(expect.arrayContaining(['features/Shared.feature', 'steps/user_defined_functions.mjs']));
  return execFileSync('git', [`--git-dir=${gitDir}`, 'show', `${head}:features/Shared.feature`], { encoding: 'utf8' });
}

describe('a server killed with SIGKILL during writes', () => {
  it('restarts on the same data with a consistent repository and every accepted write', async () => {
    await startServer();
    const user = await signUpUser(`http://127.0.0.1:${port}`);
    const projectId = await createProject(user, { name: 'Crashy' });
    const gitDir = path.join(dataDir, 'repos', `${projectId}.git`);
    const seed = await user.api.post('workspace/push-scenario', { projectId, name: 'Shared', parentPath: '', data: 'Feature: Shared\n\n  Scenario: Seed\n    Given x\n', replaceFile: true });
    expect(seed.status).toBe(200);

    const accepted: string[] = [];
    for (const round of [1, 2]) {
      accepted.push(...(await writeAndCrash(user, projectId, round, 12)));
      const file = checkRepository(gitDir);
      const names = parseFeature(file).scenarios.map((s) => s.name);
      for (const name of accepted) expect(names).toContain(name);
      await startServer();
      const list = await user.api.post('workspace/get-feature-list', { projectId });
      expect(list.status).toBe(200);
      const shared = list.body.foldersAndFeatures.find((n: { name: string }) => n.name === 'Shared.feature');
      expect(shared.parseError).toBeNull();
      expect(shared.content).toBe(file);
    }
    const after = await user.api.post('workspace/push-scenario', { projectId, name: 'Shared', parentPath: '', data: '  Scenario: After the crashes\n    Given it still works' });
    expect(after.status).toBe(200);
    checkRepository(gitDir);
    await kill('SIGTERM');
  }, 240_000);
});
