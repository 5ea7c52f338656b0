import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { bwrapArgs, identityFiles, KILLED_WITH_PARENT, pastaArgs, prlimitArgs, QUIET_NETWORK, type SandboxSpec, type SystemLayout } from './sandbox-layout.ts';

/** RUNNER_SANDBOX as configured, and what is in force. */
export type SandboxSetting = 'auto' | 'bwrap' | 'off';

export interface SandboxStatus {
  configured: SandboxSetting;
  /** 'bwrap': workspace code runs inside bubblewrap; 'off': with the server's own rights. */
  mode: 'bwrap' | 'off';
  /** 'isolated': its own network namespace (pasta) with only the allowed loopback ports; 'host': the server's network. */
  network: 'isolated' | 'host' | null;
  /** What an administrator must know (shown in the log, the admin CLI and a banner in Settings); null when all is well. */
  warning: string | null;
}

/** How the sandboxed tree is started: through pasta or not, and as which host user (root's runs go as nobody). */
export interface SandboxLaunch {
  pasta: boolean;
  /** Host uid and gid of the sandbox (when the server is root); null: the server's own. */
  hostId: number | null;
}

/**
 * Runs untrusted workspace code (step files and what they start, browsers included). With bubblewrap
 * each process tree gets its own user, PID, IPC and UTS namespaces, a read-only system, a private
 * /tmp and only its scratch folder to write; with pasta also its own network namespace. Off: the
 * code runs as a plain child of the server, which is only fit for one person on their own machine.
 */
export class Sandbox {
  readonly status: SandboxStatus;
  private readonly launch: SandboxLaunch | null;
  private readonly system: SystemLayout;

  constructor(status: SandboxStatus, launch: SandboxLaunch | null, system: SystemLayout) {
    this.status = status;
    this.launch = launch;
    this.system = system;
  }

  get enabled(): boolean {
    return this.launch !== null;
  }

  /** Host uid and gid that must own what the sandbox writes (its scratch folder), or null when it is the server's own. */
  get hostId(): number | null {
    return this.launch?.hostId ?? null;
  }

  /**
   * Makes `sub` (a folder of the data folder) reachable by the sandbox's host user, when that is not
   * the server's: the data folder may be passed through (0711: no listing), everything else in it is
   * kept to the server's user (0700 folders, 0600 files).
   */
  async openDataFolder(dataDir: string, sub: string): Promise<void> {
    if (this.hostId === null) return;
    await fs.chmod(dataDir, 0o711);
    for (const e of await fs.readdir(dataDir, { withFileTypes: true })) {
      if (e.name === sub || e.isSymbolicLink()) continue;
      await fs.chmod(path.join(dataDir, e.name), e.isDirectory() ? 0o700 : 0o600);
    }
    await fs.mkdir(path.join(dataDir, sub), { recursive: true });
    await fs.chmod(path.join(dataDir, sub), 0o711);
  }

  /** Gives the scratch folder (and a cache folder, say) to the sandbox's host user, when that is not the server's. */
  async handOver(dir: string): Promise<void> {
    const id = this.hostId;
    if (id === null) return;
    await chownTree(dir, id);
  }

  /**
   * Starts `command` in the sandbox described by `spec` (in its own process group, for signals to the
   * whole chain). Without a sandbox it is a plain child with exactly `spec.env`, in `spec.cwd`. With an
   * IPC channel in `stdio`, it is the child's fd 3 and `spec.env` names it (NODE_CHANNEL_FD, and the
   * serialization given here).
   */
  spawn(spec: SandboxSpec, command: readonly string[], stdio: StdioOptions, serialization: 'json' | 'advanced' = 'json'): ChildProcess {
    if (!this.launch) {
      return spawn(command[0], command.slice(1), { cwd: spec.cwd, env: { ...spec.env }, stdio, detached: true, serialization });
    }
    const files = writeIdentity(spec.scratchDir);
    const inner = [...bwrapArgs({ ...spec, files: [...files, ...(spec.files ?? [])] }, this.system), ...prlimitArgs(spec.limits), ...command];
    // bwrap ends with its parent (--die-with-parent); pasta would not: started with a parent-death
    // signal, it is killed when the server process dies, and bwrap and the run with it. Without, a
    // server that died left pasta running with nothing inside.
    const argv = this.launch.pasta ? [...KILLED_WITH_PARENT, 'pasta', ...pastaArgs(spec.loopbackPorts), ...QUIET_NETWORK, 'bwrap', ...inner] : ['bwrap', ...inner];
    const id = this.launch.hostId;
    // The launcher's own environment is what the sandbox's PID 1 keeps in /proc/1/environ: next to nothing.
    const child = spawn(argv[0], argv.slice(1), {
      cwd: '/',
      env: { PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8' },
      stdio,
      serialization,
      detached: true,
      ...(id !== null ? { uid: id, gid: id } : {}),
    });
    // pasta now and then leaves a process it forked behind when it ends (seen spinning a core for the
    // length of a test suite): once the launcher is gone, whatever is left of its process group goes too.
    if (this.launch.pasta) child.once('exit', () => endGroup(child.pid));
    return child;
  }
}

/**
 * How a child started by `Sandbox.spawn` ended: its exit code, else its signal's name, 'timed out' when
 * it ran longer than `timeoutMs` (its process group is then killed), or the spawn error's message; and
 * the last `tail` characters of its stderr (when piped).
 */
export function endOf(child: ChildProcess, timeoutMs: number, tail = 2000): Promise<{ code: number | string; stderr: string }> {
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString('utf8')).slice(-tail)));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      endGroup(child.pid);
      resolve({ code: 'timed out', stderr });
    }, timeoutMs);
    child.on('error', (e) => (clearTimeout(timer), resolve({ code: e.message, stderr })));
    child.on('close', (c, s) => (clearTimeout(timer), resolve({ code: c ?? String(s), stderr })));
  });
}

/** The sandbox's /etc/passwd and /etc/group, kept in its scratch folder (bound read-only over /etc). */
function writeIdentity(scratchDir: string): [string, string][] {
  const dir = path.join(scratchDir, '.sandbox');
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  const { passwd, group } = identityFiles();
  writeFileSync(path.join(dir, 'passwd'), passwd, { mode: 0o644 });
  writeFileSync(path.join(dir, 'group'), group, { mode: 0o644 });
  return [[path.join(dir, 'passwd'), '/etc/passwd'], [path.join(dir, 'group'), '/etc/group']];
}

async function chownTree(dir: string, id: number): Promise<void> {
  await fs.lchown(dir, id, id);
  const entries = await fs.readdir(dir, { withFileTypes: true });
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) await chownTree(p, id);
    else await fs.lchown(p, id, id);
  }
}

/** SIGKILL to what is left of a detached launcher's process group (nothing: nothing happens). */
function endGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is empty.
  }
}
