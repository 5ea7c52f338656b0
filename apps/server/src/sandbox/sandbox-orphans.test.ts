import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PROBE = fileURLToPath(new URL('./sandbox-probe.ts', import.meta.url));

/** A server stand-in: starts `sleep 60` in the sandbox, prints the chain's pid, then idles until killed. */
const STARTER = `
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSandbox } from ${JSON.stringify(PROBE)};
const sandbox = await createSandbox('bwrap', { warn() {}, info() {} });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-orphan-'));
await sandbox.handOver(dir);
const child = sandbox.spawn({ scratchDir: dir, readOnly: [], env: { PATH: '/usr/bin:/bin' }, cwd: dir, loopbackPorts: [], limits: { processes: 64, memoryMb: 256 } }, ['/usr/bin/sleep', '60'], 'ignore');
console.log(sandbox.status.network + ' ' + child.pid);
setInterval(() => {}, 1000);
`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a sandboxed run whose server dies', () => {
  it('does not outlive it: the whole chain (pasta, bwrap, the run) ends with the server process', async () => {
    const server = spawn(process.execPath, ['--input-type=module', '-e', STARTER], { stdio: ['ignore', 'pipe', 'inherit'] });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(out.trim());
      });
      server.on('exit', (code) => reject(new Error(`the starter exited (${code}) before the run started`)));
    });
    const [network, pidText] = line.split(' ');
    const pid = Number(pidText);
    expect(network).toBe('isolated');
    await new Promise((r) => setTimeout(r, 500));
    expect(alive(pid)).toBe(true);

    server.kill('SIGKILL');
    const deadline = Date.now() + 10_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(alive(pid), 'pasta outlived the server').toBe(false);
    // Nothing of its process group either (bwrap and the run, when they share it).
    expect(alive(-pid)).toBe(false);
  }, 60_000);

  it('leaves nothing of the launcher\'s process group behind once a run ends', async () => {
    const { createSandbox } = await import('./sandbox-probe.ts');
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const sandbox = await createSandbox('bwrap', { warn() {}, info() {} } as never);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-group-'));
    try {
      await sandbox.handOver(dir);
      for (let i = 0; i < 5; i++) {
        const child = sandbox.spawn({ scratchDir: dir, readOnly: [], env: { PATH: '/usr/bin:/bin' }, cwd: dir, loopbackPorts: [], limits: { processes: 64, memoryMb: 256 } }, ['/usr/bin/true'], 'ignore');
        await new Promise((r) => child.once('exit', r));
        const deadline = Date.now() + 2000;
        while (alive(-child.pid!) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        expect(alive(-child.pid!), `process group ${child.pid} outlived its launcher`).toBe(false);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('ends, at the next start, launcher processes left with no parent; nothing else', async () => {
    const { execFileSync } = await import('node:child_process');
    const { orphanedLaunchers, endOrphanedLaunchers } = await import('./orphaned-launchers.ts');
    // Stand-ins started as pasta would leave them: parent init, pasta's name; one with the sandbox's arguments, one without.
    const idle = `${JSON.stringify(process.execPath)} -e 'setTimeout(() => {}, 60000)' --`;
    const start = (args: string) => Number(execFileSync('bash', ['-c', `(exec -a pasta ${idle} ${args} >/dev/null 2>&1 & echo $!)`], { encoding: 'utf8' }).trim());
    // A name of this test's own: a server starting meanwhile (another test file) ends only the sandbox's.
    const marker = `stepwise-run-test-${process.pid}`;
    const ours = start(`--quiet --hostname ${marker}`);
    const theirs = start('--hostname elsewhere');
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(orphanedLaunchers(marker)).toContain(ours);
      expect(orphanedLaunchers(marker)).not.toContain(theirs);
      expect(endOrphanedLaunchers(marker)).toContain(ours);
      const deadline = Date.now() + 5000;
      while (alive(ours) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(alive(ours)).toBe(false);
      expect(alive(theirs)).toBe(true);
    } finally {
      for (const pid of [ours, theirs]) if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
