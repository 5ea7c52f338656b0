import fs from 'node:fs/promises';
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { SYSTEM_DIRS, type SystemLayout } from './sandbox-layout.ts';
import { endOf, Sandbox, type SandboxLaunch, type SandboxSetting } from './sandbox.ts';
import { endOrphanedLaunchers } from './orphaned-launchers.ts';

/** The host user a root server runs sandboxes as: nobody. */
const NOBODY = 65534;
const PROBE_TIMEOUT_MS = 15_000;

export const SANDBOX_WARNINGS = {
  off: 'RUNNER_SANDBOX=off: step code can read every project\'s data and the server\'s secrets. Fine for one person on their own machine, not for a team: set RUNNER_SANDBOX=auto or bwrap.',
  unavailable: (why: string) =>
    `Step code runs with the server's rights: bubblewrap does not work on this machine (${why}). Install the bubblewrap and passt packages, or set RUNNER_SANDBOX=bwrap to refuse to start without a sandbox.`,
  hostNetwork: (why: string) =>
    `Runs are sandboxed but share the server's network: pasta does not work on this machine (${why}), so step code can reach services on the server's loopback (its database, say). Install the passt package.`,
} as const;

export class SandboxUnavailableError extends Error {}

/** How / and the merged-/usr links look on this host. */
export function systemLayout(): SystemLayout {
  const layout = new Map<string, { link: string } | 'dir'>();
  for (const name of SYSTEM_DIRS) {
    const p = `/${name}`;
    const st = lstatSync(p, { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isSymbolicLink()) layout.set(name, { link: readlinkSync(p) });
    else if (st.isDirectory()) layout.set(name, 'dir');
  }
  return layout;
}

interface ProbeResult {
  launch: SandboxLaunch | null;
  /** Why bubblewrap does not work; why pasta does not. */
  reason: string | null;
  networkReason: string | null;
}

let probed: Promise<ProbeResult> | null = null;

/**
 * Tries the ways to start a sandbox, best first: as nobody (when the server is root) or as the
 * server's user, through pasta, then without it. Each try runs /usr/bin/true through the very chain
 * a run uses. Once per process (the first caller's command counts).
 */
/** What the probe runs: the very program runs start, with the folders they read (unreadable ones fail it). */
export interface ProbeCommand {
  readOnly: string[];
  command: string[];
}
const TRUE: ProbeCommand = { readOnly: [], command: ['/usr/bin/true'] };

function probe(system: SystemLayout, cmd: ProbeCommand): Promise<ProbeResult> {
  probed ??= (async (): Promise<ProbeResult> => {
    if (process.platform !== 'linux') return { launch: null, reason: 'not Linux', networkReason: null };
    if (!onPath('bwrap')) return { launch: null, reason: 'no bwrap on PATH', networkReason: null };
    const ids = process.getuid?.() === 0 ? [NOBODY, null] : [null];
    const hasPasta = onPath('pasta');
    let reason = 'bwrap failed';
    let networkReason: string | null = hasPasta ? null : 'no pasta on PATH';
    for (const hostId of ids) {
      if (hasPasta) {
        const r = await tryLaunch({ pasta: true, hostId }, system, cmd);
        if (r === null) return { launch: { pasta: true, hostId }, reason: null, networkReason: null };
        networkReason = r;
      }
      const r = await tryLaunch({ pasta: false, hostId }, system, cmd);
      if (r === null) return { launch: { pasta: false, hostId }, reason: null, networkReason };
      reason = r;
    }
    return { launch: null, reason, networkReason };
  })();
  return probed;
}

async function tryLaunch(launch: SandboxLaunch, system: SystemLayout, cmd: ProbeCommand): Promise<string | null> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'stepwise-probe-'));
  try {
    const sandbox = new Sandbox({ configured: 'bwrap', mode: 'bwrap', network: null, warning: null }, launch, system);
    await sandbox.handOver(scratch);
    const child = sandbox.spawn(
      { scratchDir: scratch, readOnly: cmd.readOnly, env: { PATH: '/usr/bin:/bin' }, cwd: scratch, loopbackPorts: [], limits: { processes: 64, memoryMb: 1024 } },
      cmd.command,
      ['ignore', 'ignore', 'pipe'],
    );
    const { code, stderr } = await endOf(child, PROBE_TIMEOUT_MS, 500);
    if (code === 0) return null;
    const detail = stderr.trim().split('\n').filter(Boolean).pop();
    return `${launch.pasta ? 'pasta + bwrap' : 'bwrap'}${launch.hostId !== null ? ' as nobody' : ''}: ${detail || `exit ${code}`}`;
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

function onPath(name: string): boolean {
  return (process.env.PATH ?? '/usr/bin:/bin').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, name)));
}

/**
 * The sandbox in force for RUNNER_SANDBOX: 'off' as asked (with a warning); 'auto' bubblewrap when it
 * works, else off with a warning; 'bwrap' bubblewrap with its own network, or SandboxUnavailableError.
 */
export async function createSandbox(setting: SandboxSetting, log: Pick<Logger, 'warn' | 'info'>, cmd: ProbeCommand = TRUE): Promise<Sandbox> {
  const system = systemLayout();
  if (setting === 'off') {
    log.warn(SANDBOX_WARNINGS.off);
    return new Sandbox({ configured: setting, mode: 'off', network: null, warning: SANDBOX_WARNINGS.off }, null, system);
  }
  const ended = endOrphanedLaunchers();
  if (ended.length) log.warn({ pids: ended }, 'ended sandbox network processes that a stopped server had left behind');
  const { launch, reason, networkReason } = await probe(system, cmd);
  if (setting === 'bwrap' && (!launch || !launch.pasta)) {
    throw new SandboxUnavailableError(`RUNNER_SANDBOX=bwrap, but the sandbox does not work on this machine: ${reason ?? networkReason}`);
  }
  if (!launch) {
    const warning = SANDBOX_WARNINGS.unavailable(reason ?? 'unknown');
    log.warn(warning);
    return new Sandbox({ configured: setting, mode: 'off', network: null, warning }, null, system);
  }
  const warning = launch.pasta ? null : SANDBOX_WARNINGS.hostNetwork(networkReason ?? 'unknown');
  if (warning) log.warn(warning);
  else log.info({ hostUser: launch.hostId ?? 'server' }, 'step code runs in the bubblewrap sandbox with its own network');
  return new Sandbox({ configured: setting, mode: 'bwrap', network: launch.pasta ? 'isolated' : 'host', warning }, launch, system);
}
