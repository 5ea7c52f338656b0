import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spawnHelperPid, spawnProgram, type SpawnedProgram } from './spawn-helper.ts';

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C' };

/** Everything a program wrote, its exit code and signal, and its 'error' if any. */
function outcome(p: SpawnedProgram) {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  p.stdout.on('data', (d: Buffer) => out.push(d));
  p.stderr.on('data', (d: Buffer) => err.push(d));
  return new Promise<{ stdout: string; stderr: string; code: number | null; signal: string | null; error?: NodeJS.ErrnoException }>((resolve) => {
    let error: NodeJS.ErrnoException | undefined;
    p.on('error', (e: NodeJS.ErrnoException) => (error = e));
    p.on('close', (code: number | null, signal: string | null) =>
      resolve({ stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString(), code, signal, error }),
    );
  });
}

describe('programs started from the spawn helper', () => {
  it('relays output, errors and the exit code, from another process than this one', async () => {
    const p = spawnProgram('sh', ['-c', 'echo out; echo err >&2; echo "$PPID"; exit 3'], { env });
    const r = await outcome(p);
    expect([r.stdout.split('\n')[0], r.stderr, r.code]).toEqual(['out', 'err\n', 3]);
    const parent = Number(r.stdout.split('\n')[1]);
    expect(parent).toBe(spawnHelperPid());
    expect(parent).not.toBe(process.pid);
    expect(p.pid).toBeGreaterThan(0);
  });

  it('relays a large input and output whole, in order', async () => {
    const input = Buffer.alloc(3_000_000);
    for (let i = 0; i < input.length; i++) input[i] = (i * 7919) % 251;
    const p = spawnProgram('cat', [], { env, stdin: true });
    const out: Buffer[] = [];
    p.stdout.on('data', (d: Buffer) => out.push(d));
    const closed = new Promise((r) => p.on('close', r));
    p.stdin!.end(input);
    expect(await closed).toBe(0);
    expect(Buffer.concat(out).equals(input)).toBe(true);
  });

  it('answers question by question (as fast-import is driven), in its working directory', async () => {
    const p = spawnProgram('sh', ['-c', 'pwd; while read line; do echo "got $line"; done'], { env, stdin: true, cwd: '/tmp' });
    const lines: string[] = [];
    let waiting: (() => void) | null = null;
    p.stdout.setEncoding('utf8');
    p.stdout.on('data', (chunk: string) => {
      lines.push(...chunk.split('\n').filter(Boolean));
      waiting?.();
    });
    const next = (count: number) => new Promise<void>((r) => (waiting = () => lines.length >= count && r())).then(() => lines.at(-1));
    expect(await next(1)).toBe('/tmp');
    p.stdin!.write('one\n');
    expect(await next(2)).toBe('got one');
    p.stdin!.write('two\n');
    expect(await next(3)).toBe('got two');
    const closed = new Promise((r) => p.on('close', r));
    p.stdin!.end();
    expect(await closed).toBe(0);
  });

  it('reports a program that cannot start, and one killed', async () => {
    const missing = await outcome(spawnProgram('no-such-program-here', [], { env }));
    expect(missing.error?.code).toBe('ENOENT');
    const sleeper = spawnProgram('sleep', ['30'], { env });
    await new Promise((r) => sleeper.once('spawn', r));
    sleeper.kill('SIGTERM');
    const killed = await outcome(sleeper);
    expect([killed.code, killed.signal]).toEqual([null, 'SIGTERM']);
  });

  it('fails the programs in flight when the helper dies, and starts a new helper for the next', async () => {
    const sleeper = spawnProgram('sleep', ['30'], { env });
    await new Promise((r) => sleeper.once('spawn', r));
    const first = spawnHelperPid()!;
    const done = outcome(sleeper);
    process.kill(first, 'SIGKILL');
    const r = await done;
    expect(r.error?.code).toBe('ESPAWNHELPER');
    expect(r.code).toBe(-1);
    const again = await outcome(spawnProgram('echo', ['back'], { env }));
    expect(again.stdout).toBe('back\n');
    expect(spawnHelperPid()).not.toBe(first);
  });

  it('does not keep its process alive once its programs have ended', () => {
    const module = fileURLToPath(new URL('./spawn-helper.ts', import.meta.url));
    const script = `import(${JSON.stringify(module)}).then((m) => m.spawnProgram('echo', ['hi'], { env: { PATH: process.env.PATH } }).stdout.on('data', (d) => process.stdout.write(d)))`;
    const t0 = Date.now();
    expect(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 20_000 })).toBe('hi\n');
    expect(Date.now() - t0).toBeLessThan(15_000);
  });
});

describe('the spawn helper when its server is gone', () => {
  it('lets the programs in flight finish, then exits', async () => {
    const module = fileURLToPath(new URL('./spawn-helper.ts', import.meta.url));
    const marker = path.join(os.tmpdir(), `spawn-helper-${process.pid}-${Date.now()}`);
    // A server that starts a program taking 1.5 s, then dies at once (SIGKILL: no clean-up of its own).
    const script =
      `import(${JSON.stringify(module)}).then((m) => { m.spawnProgram('sh', ['-c', 'sleep 1.5; echo done > ${marker}'], { env: { PATH: process.env.PATH } });` +
      ` setTimeout(() => { console.log(m.spawnHelperPid()); process.kill(process.pid, 'SIGKILL'); }, 300); })`;
    const server = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    server.stdout.on('data', (d: Buffer) => (out += d));
    await new Promise((r) => server.on('close', r));
    const helperPid = Number(out.trim());
    expect(helperPid).toBeGreaterThan(0);
    await expect.poll(() => fs.existsSync(marker) && fs.readFileSync(marker, 'utf8'), { timeout: 10_000 }).toBe('done\n');
    await expect.poll(() => fs.existsSync(`/proc/${helperPid}`), { timeout: 10_000 }).toBe(false);
    fs.rmSync(marker, { force: true });
  });
});
