import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { createSandbox } from './sandbox-probe.ts';

/** Runs `script` in a sandbox with its own network, as runs are started; its standard output. */
export async function inSandbox(script: string): Promise<string> {
  const sandbox = await createSandbox('bwrap', { warn() {}, info() {} });
  expect(sandbox.status.network).toBe('isolated');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-sandbox-'));
  try {
    await sandbox.handOver(dir);
    const spec = { scratchDir: dir, readOnly: [], env: { PATH: '/usr/bin:/bin' }, cwd: dir, loopbackPorts: [], limits: { processes: 64, memoryMb: 256 } };
    const child = sandbox.spawn(spec, ['/bin/sh', '-c', script], ['ignore', 'pipe', 'pipe']);
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code, err).toBe(0);
    return out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
