import dns from 'node:dns';
import ipaddr from 'ipaddr.js';

/** A remote refused for where it points; the message names the address and the rule. */
export class RemoteAddressError extends Error {}

/** A name that did not resolve: to the user the same as a remote that cannot be reached. */
export class RemoteLookupError extends Error {}

const RULES: Record<string, string> = {
  loopback: 'a loopback address',
  linkLocal: 'a link-local address',
  private: 'a private (RFC 1918) address',
  uniqueLocal: 'a unique-local (fc00::/7) address',
  carrierGradeNat: 'a carrier-grade NAT (100.64.0.0/10) address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  metadata: 'a cloud metadata address',
};
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254']);
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata']);
const NOT_ALLOWED = 'private Git hosts are not allowed on this server (ALLOW_PRIVATE_GIT_HOSTS)';

/**
 * Why `address` may not be a remote, or null for a public unicast address. IPv4 inside IPv6
 * (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) is judged as the IPv4 address it
 * reaches; anything ipaddr.js does not call unicast is refused.
 */
export function forbiddenAddressRule(address: string): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return 'not an IP address';
  }
  if (METADATA_ADDRESSES.has(ip.toNormalizedString()) || METADATA_ADDRESSES.has(ip.toString())) return RULES.metadata;
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    const embedded = embeddedIPv4(v6);
    if (embedded) return forbiddenAddressRule(embedded.toString());
  }
  const range = ip.range();
  if (range === 'unicast') return null;
  return RULES[range] ?? `a reserved address (${range})`;
}

function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address();
  const range = ip.range();
  const b = ip.toByteArray();
  if (range === 'rfc6052' && ip.match(ipaddr.parseCIDR('64:ff9b::/96'))) return new ipaddr.IPv4(b.slice(12, 16));
  if (range === '6to4') return new ipaddr.IPv4(b.slice(2, 6));
  return null;
}

/**
 * Checks where a remote URL leads before git is let to talk to it, at every use (a stored name may
 * resolve elsewhere by now): every address the name resolves to must be public. Returns the
 * `http.curloptResolve` entry that pins git's connection to the addresses checked (null for an IP
 * literal), so that a second lookup by git cannot be answered differently.
 */
export async function checkRemoteAddress(url: string): Promise<string | null> {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new RemoteAddressError(`The repository address must use http or https, not ${u.protocol}`);
  if (u.username || u.password) throw new RemoteAddressError('The repository address must not contain credentials');
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const refuse = (what: string) => new RemoteAddressError(`The repository address ${what}; ${NOT_ALLOWED}`);
  if (METADATA_NAMES.has(host.replace(/\.$/, ''))) throw refuse(`${host} is ${RULES.metadata}`);
  if (ipaddr.isValid(host)) {
    const rule = forbiddenAddressRule(host);
    if (rule) throw refuse(`${host} is ${rule}`);
    return null;
  }
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch (err) {
    throw new RemoteLookupError(`could not resolve ${host}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  if (addresses.length === 0) throw new RemoteLookupError(`could not resolve ${host}`);
  for (const { address } of addresses) {
    const rule = forbiddenAddressRule(address);
    if (rule) throw refuse(`${host} resolves to ${address}, ${rule}`);
  }
  const port = u.port || (u.protocol === 'https:' ? '443' : '80');
  return `${host}:${port}:${addresses.map((a) => (a.family === 6 ? `[${a.address}]` : a.address)).join(',')}`;
}
