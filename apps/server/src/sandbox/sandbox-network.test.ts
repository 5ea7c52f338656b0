import { describe, expect, it } from 'vitest';
import { inSandbox } from './sandbox-test-kit.ts';

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
