import path from 'node:path';

/**
 * What one sandboxed process tree may see and use. Everything not named here is absent: the system
 * is read-only, `/tmp` and `/dev/shm` are private, the environment is exactly `env`.
 */
export interface SandboxSpec {
  /** The only host folder the sandbox may write: the run's own scratch folder (bound at the same path). */
  scratchDir: string;
  /** Host paths bound read-only at the same place (the runner's code and packages). */
  readOnly: readonly string[];
  /** Host folders bound read-only at another path inside: [host, inside]. */
  readOnlyAt?: readonly (readonly [string, string])[];
  /** Host folders bound read-write at another path inside: [host, inside] (the sandbox's host user must reach them). */
  writable?: readonly (readonly [string, string])[];
  /** Files written for the sandbox, bound read-only: [host file, path inside] (its /etc/passwd, say). */
  files?: readonly (readonly [string, string])[];
  /** The whole environment of the sandboxed process; nothing is inherited. */
  env: Readonly<Record<string, string>>;
  cwd: string;
  /** Host loopback TCP ports the sandbox may reach (with network isolation); every other loopback port is closed. */
  loopbackPorts: readonly number[];
  limits: SandboxLimits;
}

export interface SandboxLimits {
  /** Processes and threads at once (RLIMIT_NPROC, counted in the sandbox's own user namespace). */
  processes: number;
  /** Writable memory of each process (RLIMIT_DATA), in MB. */
  memoryMb: number;
}

/** The uid and gid the sandboxed processes have inside their user namespace. */
export const SANDBOX_UID = 1000;
export const SANDBOX_HOSTNAME = 'stepwise-run';
export const SANDBOX_HOME = '/home/runner';
/** Size of the private /tmp and /dev/shm (memory): runs keep their files in the scratch folder (TMPDIR). */
const TMPFS_BYTES = 512 * 1024 * 1024;

/**
 * The parts of /etc a browser and Node need (name resolution, certificates, fonts, time zone, the
 * dynamic linker's cache), bound read-only where they exist. The rest (shadow files, SSH host keys,
 * the package manager's and services' configuration) is not there.
 */
export const ETC_ALLOWED = [
  'resolv.conf', 'hosts', 'host.conf', 'nsswitch.conf', 'gai.conf', 'services', 'protocols',
  'ssl', 'ca-certificates', 'ca-certificates.conf', 'fonts', 'chromium', 'chromium.d', 'alternatives',
  'ld.so.cache', 'ld.so.conf', 'ld.so.conf.d', 'localtime', 'timezone', 'mime.types', 'os-release',
  'debian_version', 'xdg', 'mailcap',
] as const;

/**
 * System caches a browser reads at its start, bound read-only where they exist: without fontconfig's
 * cache every Chromium of a run scanned the fonts again (0.2-0.3 s a start).
 */
export const CACHES_ALLOWED = ['/var/cache/fontconfig'] as const;

/** Top-level system folders: /usr read-only, and the merged-/usr links (or folders) beside it. */
export const SYSTEM_DIRS = ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32'] as const;

/** How the host's top-level system folders look: a link into /usr (merged /usr) or a folder of their own. */
export type SystemLayout = ReadonlyMap<string, { link: string } | 'dir'>;

/**
 * bubblewrap's arguments for `spec`, ending with `--` before the command: new user, PID, IPC, UTS and
 * cgroup namespaces, an unprivileged uid, no capabilities, its own session, gone with its parent.
 * The network namespace is the caller's (pasta's own, or the host's when the network is not isolated).
 */
export function bwrapArgs(spec: SandboxSpec, system: SystemLayout): string[] {
  const args = [
    '--unshare-user', '--uid', String(SANDBOX_UID), '--gid', String(SANDBOX_UID),
    '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try',
    '--hostname', SANDBOX_HOSTNAME,
    '--die-with-parent', '--new-session', '--cap-drop', 'ALL',
    '--ro-bind', '/usr', '/usr',
  ];
  for (const [name, kind] of system) {
    if (kind === 'dir') args.push('--ro-bind', `/${name}`, `/${name}`);
    else args.push('--symlink', kind.link, `/${name}`);
  }
  args.push('--proc', '/proc', '--dev', '/dev', '--size', String(TMPFS_BYTES), '--tmpfs', '/dev/shm', '--size', String(TMPFS_BYTES), '--tmpfs', '/tmp', '--dir', SANDBOX_HOME);
  for (const name of ETC_ALLOWED) args.push('--ro-bind-try', `/etc/${name}`, `/etc/${name}`);
  for (const dir of CACHES_ALLOWED) args.push('--ro-bind-try', dir, dir);
  for (const [host, inside] of spec.files ?? []) args.push('--ro-bind', host, inside);
  for (const p of dedupe(spec.readOnly)) args.push('--ro-bind', p, p);
  for (const [host, inside] of spec.readOnlyAt ?? []) args.push('--ro-bind', host, inside);
  for (const [host, inside] of spec.writable ?? []) args.push('--bind', host, inside);
  args.push('--bind', spec.scratchDir, spec.scratchDir);
  args.push('--chdir', spec.cwd, '--clearenv');
  for (const [name, value] of Object.entries(spec.env)) args.push('--setenv', name, value);
  args.push('--');
  return args;
}

/**
 * A command prefix (setpriv, util-linux) that gives the command a parent-death signal: it is killed
 * when the process that started it dies, whatever that process could do about it.
 */
export const KILLED_WITH_PARENT = ['setpriv', '--pdeathsig', 'KILL', '--'] as const;

/**
 * pasta (package passt) gives the sandbox a network namespace of its own whose outbound
 * connections leave through the host's sockets, so runs reach the application under test. Loopback
 * is the namespace's own: of the host's loopback services only `ports` are forwarded (the server's
 * demo shop, a local application under test), never the database or Redis. The gateway is not
 * mapped to the host's loopback. IPv4 only: a forwarded port would otherwise also answer on ::1
 * inside, and a browser that tries ::1 first for "localhost" would not fall back to 127.0.0.1 when
 * the host's service listens on IPv4 alone.
 */
export function pastaArgs(ports: readonly number[]): string[] {
  const tcp = [...new Set(ports)].filter((p) => Number.isInteger(p) && p > 0 && p < 65536).sort((a, b) => a - b);
  return [
    '--ipv4-only', '--config-net', '--quiet', '--foreground', '--no-map-gw',
    '-t', 'none', '-u', 'none', '-T', tcp.length ? tcp.join(',') : 'none', '-U', 'none',
    '--',
  ];
}

/**
 * A command prefix run by pasta inside the new network namespace, before bubblewrap: turns IPv6 off
 * on every interface but loopback. The kernel gives pasta's interface an IPv6 link-local address
 * anyway; it stays "tentative" for a second or two, and when it turns usable Chromium sees a network
 * change and aborts the page loads in flight (net::ERR_NETWORK_CHANGED) in a run's first seconds.
 * pasta runs IPv4 only, so the address serves nothing. The prefix still holds the namespace's
 * capabilities (bubblewrap drops them); where IPv6 is absent it does nothing.
 */
export const QUIET_NETWORK = [
  '/bin/sh', '-c',
  'for f in /proc/sys/net/ipv6/conf/*/disable_ipv6; do case "$f" in */all/*|*/default/*|*/lo/*) ;; *) [ -w "$f" ] && echo 1 > "$f";; esac; done; exec "$@"',
  'quiet-network',
] as const;

/** The limits as a prlimit(1) prefix: soft and hard alike, and no core files. */
export function prlimitArgs(limits: SandboxLimits): string[] {
  const data = limits.memoryMb * 1024 * 1024;
  return ['prlimit', `--nproc=${limits.processes}:${limits.processes}`, `--data=${data}:${data}`, '--core=0:0', '--'];
}

/** /etc/passwd and /etc/group of the sandbox: one user, `runner`. */
export function identityFiles(): { passwd: string; group: string } {
  return {
    passwd: `root:x:0:0:root:/root:/usr/sbin/nologin\nrunner:x:${SANDBOX_UID}:${SANDBOX_UID}:Stepwise run:${SANDBOX_HOME}:/usr/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n`,
    group: `root:x:0:\nrunner:x:${SANDBOX_UID}:\nnogroup:x:65534:\n`,
  };
}

function dedupe(paths: readonly string[]): string[] {
  // A path inside another bound path is bound by it already.
  const sorted = [...new Set(paths.map((p) => path.resolve(p)))].sort();
  return sorted.filter((p, i) => !sorted.slice(0, i).some((q) => p.startsWith(q + path.sep)));
}
