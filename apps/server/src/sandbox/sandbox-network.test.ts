import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSandbox } from './sandbox-probe.ts';

/** Runs `script` in a sandbox with its own network, as runs are started; its standard output. */
async function inSandbox(script: string): Promise<string> {
  const sandbox = await createSandbox('bwrap', { warn() {}, info() {} });
  expect(sandbox.status.network).toBe('isolated');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-net-'));
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

describe('the network a sandboxed run starts with', () => {
  it('has no IPv6 address but loopback\'s, so no address turns usable while a browser loads its first pages', async () => {
    // /proc/net/if_inet6: address, interface index, prefix, scope, flags, interface name. A
    // link-local address on the namespace's interface would be "tentative" for a second or two;
    // when it turns usable, Chromium aborts the requests in flight (net::ERR_NETWORK_CHANGED).
    const out = await inSandbox('cat /proc/net/if_inet6; echo ---; sleep 3; cat /proc/net/if_inet6');
    const [atStart, later] = out.split('---\n');
    const interfaces = (text: string) => text.trim().split('\n').filter(Boolean).map((line) => line.trim().split(/\s+/).pop());
    expect(interfaces(atStart)).toEqual(['lo']);
    expect(later).toBe(atStart.trimStart());
  }, 60_000);

  it('keeps its IPv4 address on the namespace\'s interface', async () => {
    const out = await inSandbox('ip -4 -o addr show scope global | wc -l; ip -6 -o addr show scope link | wc -l');
    expect(out.trim().split('\n')).toEqual(['1', '0']);
  }, 60_000);
});
