import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_WARMUP_FILE } from '@stepwise/runner';
import { loadConfig } from '../config.ts';
import { createSandbox } from '../sandbox/sandbox-probe.ts';
import type { Sandbox } from '../sandbox/sandbox.ts';
import { runCompileCache, warmRunCompileCache } from './compile-cache.ts';
import { makeScratchFolders, nodeBinary, runnerProbe, runnerSpec } from './runner-job.ts';

let root: string;
let sandbox: Sandbox;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-cache-test-'));
  fs.chmodSync(root, 0o755);
  sandbox = await createSandbox('bwrap', log, runnerProbe());
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Runs `command` in the sandbox as a run process starts (runnerSpec), with the cache `dir` read-only. */
async function sandboxed(config: ReturnType<typeof loadConfig>, dir: string, command: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stderr: string }> {
  const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-cache-run-'));
  try {
    const workDir = path.join(scratchDir, 'work');
    fs.mkdirSync(workDir);
    fs.mkdirSync(path.join(scratchDir, 'deps'));
    makeScratchFolders(scratchDir);
    await sandbox.handOver(scratchDir);
    const spec = runnerSpec(config, { scratchDir, cwd: workDir, loopbackPorts: [], depsCacheDir: path.join(scratchDir, 'deps'), sandboxed: true, serialization: null, compileCache: { dir } });
    const child = sandbox.spawn({ ...spec, env: { ...spec.env, ...env } }, command, ['ignore', 'ignore', 'pipe']);
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    return { code, stderr };
  } finally {
    fs.rmSync(scratchDir, { recursive: true, force: true });
  }
}

function snapshot(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((e) => {
      const p = path.join(e.parentPath, e.name);
      const st = fs.lstatSync(p);
      return `${path.relative(dir, p)} ${st.size} ${st.mtimeMs} ${st.uid} ${(st.mode & 0o777).toString(8)}`;
    })
    .sort();
}

describe('the run processes\' compile cache', () => {
  it('is made once by a warm-up in the sandbox, then read by run processes that cannot write it', async () => {
    const config = loadConfig({ DATA_DIR: path.join(root, 'data'), RUN_COMPILE_CACHE_DIR: path.join(root, 'cache'), RUNNER_SANDBOX: 'bwrap' });
    const ctx = { config, sandbox, log };
    expect(sandbox.enabled).toBe(true);
    // A run does not wait for it: the first asks, gets none, and the warm-up starts.
    expect(runCompileCache(ctx)).toBeNull();
    expect(await warmRunCompileCache(ctx)).toBe(true);
    const cache = runCompileCache(ctx);
    expect(cache).not.toBeNull();
    const dir = cache!.dir;
    expect(path.dirname(dir)).toBe(path.join(root, 'cache'));
    // Only the finished cache is left (no warming folder); Node's folder is the sandbox user's (uid 1000).
    expect(fs.readdirSync(path.join(root, 'cache'))).toEqual([path.basename(dir)]);
    const [nodeFolder] = fs.readdirSync(dir);
    expect(nodeFolder).toMatch(/^v\d+\.\d+\.\d+-.*-1000$/);
    const before = snapshot(dir);
    expect(before.length).toBeGreaterThan(100);
    // Owned by the server's user, read-only for anyone else.
    for (const line of before) expect(line).toMatch(new RegExp(` ${process.getuid!()} (755|644)$`));

    // A run process loads the runner's modules from it.
    const run = await sandboxed(config, dir, [nodeBinary(), COMPILE_WARMUP_FILE], { NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
    expect(run.code).toBe(0);
    const accepted = run.stderr.split('\n').filter((l) => l.includes('was accepted'));
    expect(accepted.some((l) => l.includes('playwright-core'))).toBe(true);
    expect(accepted.some((l) => l.includes('@cucumber/cucumber'))).toBe(true);
    expect(accepted.length).toBeGreaterThan(100);

    // Step code cannot put anything in it.
    const write = await sandboxed(config, dir, [nodeBinary(), '-e', `
      const fs = require('node:fs'), path = require('node:path');
      const d = process.env.NODE_COMPILE_CACHE;
      const sub = path.join(d, fs.readdirSync(d)[0]);
      for (const target of [path.join(d, 'x'), path.join(sub, 'x'), path.join(sub, fs.readdirSync(sub)[0])]) {
        try { fs.writeFileSync(target, 'planted'); console.error('wrote', target); } catch (e) { console.error('refused', e.code); }
      }
    `]);
    expect(write.stderr.trim().split('\n')).toEqual(['refused EROFS', 'refused EROFS', 'refused EROFS']);
    expect(snapshot(dir)).toEqual(before);

    // Another server process (a fresh module state is not needed: the folder is there) uses it at once.
    expect(await warmRunCompileCache(ctx)).toBe(true);

    // Removed meanwhile: runs go without it (a bind of a missing folder would fail them) and it is made again.
    fs.rmSync(dir, { recursive: true });
    expect(runCompileCache(ctx)).toBeNull();
    expect(await warmRunCompileCache(ctx)).toBe(true);
    expect(runCompileCache(ctx)).toEqual({ dir });
    expect(fs.readdirSync(dir)).toEqual([nodeFolder]);
  }, 120_000);

  it('leaves runs without it when it cannot be made, and says so in the log', async () => {
    const blocked = path.join(root, 'a-file');
    fs.writeFileSync(blocked, 'not a folder');
    const lines: string[] = [];
    const logTo = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const ctx = { config: loadConfig({ DATA_DIR: path.join(root, 'data4'), RUN_COMPILE_CACHE_DIR: path.join(blocked, 'cache') }), sandbox, log: logTo };
    expect(await warmRunCompileCache(ctx)).toBe(false);
    expect(runCompileCache(ctx)).toBeNull();
    expect(lines.join('')).toContain('run compile cache not made: runs start without it');
  });

  it('is not used when RUN_COMPILE_CACHE_DIR is off', () => {
    const config = loadConfig({ DATA_DIR: path.join(root, 'data2'), RUN_COMPILE_CACHE_DIR: 'off' });
    expect(config.runCompileCacheDir).toBeNull();
    expect(runCompileCache({ config, sandbox, log })).toBeNull();
    const spec = runnerSpec(config, { scratchDir: root, cwd: root, loopbackPorts: [], depsCacheDir: root, sandboxed: true, compileCache: null });
    expect(spec.env.NODE_COMPILE_CACHE).toBeUndefined();
  });

  it('defaults to a folder of the data folder', () => {
    const config = loadConfig({ DATA_DIR: path.join(root, 'data3') });
    expect(config.runCompileCacheDir).toBe(path.join(root, 'data3', 'runner-cache', '.compile'));
  });
});
