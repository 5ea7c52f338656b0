import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/stepwise.mjs', import.meta.url));
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-compile-cache-'));
afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

function stepwise(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, '--version'], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, ...env } }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code) : 0, stdout, stderr }),
    );
  });
}

describe('the command\'s compile cache', () => {
  it('keeps the compiled code in the user\'s cache folder; the next command loads its modules from it', async () => {
    const xdg = path.join(home, 'xdg');
    const first = await stepwise({ XDG_CACHE_HOME: xdg });
    expect(first.code).toBe(0);
    const dir = path.join(xdg, 'stepwise', 'node-compile-cache');
    const [nodeFolder] = fs.readdirSync(dir);
    expect(fs.readdirSync(path.join(dir, nodeFolder)).length).toBeGreaterThan(20);
    const second = await stepwise({ XDG_CACHE_HOME: xdg, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
    expect(second.stdout).toBe(first.stdout);
    const accepted = second.stderr.split('\n').filter((l) => l.includes('was accepted'));
    expect(accepted.some((l) => l.includes('/src/main.ts'))).toBe(true);
    expect(accepted.some((l) => l.includes('commander'))).toBe(true);
  });

  it('uses the folder NODE_COMPILE_CACHE names, and none with NODE_DISABLE_COMPILE_CACHE', async () => {
    const named = path.join(home, 'named');
    expect((await stepwise({ NODE_COMPILE_CACHE: named, XDG_CACHE_HOME: path.join(home, 'unused') })).code).toBe(0);
    expect(fs.readdirSync(named).length).toBe(1);
    expect(fs.existsSync(path.join(home, 'unused'))).toBe(false);
    // A folder that cannot be made: the command works without a cache.
    const blocked = path.join(home, 'blocked');
    fs.writeFileSync(blocked, 'a file, not a folder');
    const without = await stepwise({ XDG_CACHE_HOME: blocked });
    expect(without.code).toBe(0);
    expect(without.stderr).toBe('');
    const off = path.join(home, 'off');
    expect((await stepwise({ NODE_DISABLE_COMPILE_CACHE: '1', XDG_CACHE_HOME: off })).code).toBe(0);
    expect(fs.existsSync(off)).toBe(false);
  });
});
