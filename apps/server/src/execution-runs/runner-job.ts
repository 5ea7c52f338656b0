import fs from 'node:fs';
import path from 'node:path';
import { RUN_JOB_FILE, runnerCodePaths, type JobOptions } from '@stepwise/runner';
import type { Config } from '../config.ts';
import type { SandboxSpec } from '../sandbox/sandbox-layout.ts';

/** The runner's child entry: `node run-job.ts -` (its real path: type stripping skips node_modules); the job comes over IPC. */
export const RUN_JOB_ENTRY = RUN_JOB_FILE;

/** The runner's options as sent to it. */
export type RunJob = JobOptions;

/** Where a sandboxed run sees its project's dependency cache (npm installs of the workspace's package.json). */
export const SANDBOX_DEPS_CACHE = '/var/cache/stepwise-deps';

/** Where a sandboxed process sees the run processes' compile cache (read-only; writable for its warm-up alone). */
export const SANDBOX_COMPILE_CACHE = '/var/cache/stepwise-compile';

/** Variables of the server's environment a run may see: none of its own (DATABASE_URL, SECRET_KEY, SMTP_URL stay out). */
const PASSED_VARIABLES = ['TZ', 'STEPWISE_FIND_TIMEOUT_MS', 'STEPWISE_NPM', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy'];

/** The node binary of this server, as a real path. */
export function nodeBinary(): string {
  return fs.realpathSync(process.execPath);
}

/**
 * The runner's environment, built from nothing: programs, a home and a temporary folder inside the
 * run's scratch folder when it is sandboxed (the server's own otherwise), and the few variables above.
 */
export function runnerEnv(config: Pick<Config, 'chromiumPath' | 'chromiumHeadlessPath'>, scratchDir: string | null, serialization: 'json' | 'advanced' | null = 'json'): Record<string, string> {
  const nodeDir = path.dirname(nodeBinary());
  const env: Record<string, string> = scratchDir
    ? {
        PATH: `${nodeDir}:/usr/local/bin:/usr/bin:/bin`,
        HOME: path.join(scratchDir, 'home'),
        TMPDIR: path.join(scratchDir, 'tmp'),
        XDG_CONFIG_HOME: path.join(scratchDir, 'home', '.config'),
        XDG_CACHE_HOME: path.join(scratchDir, 'home', '.cache'),
        LANG: 'C.UTF-8',
        // The IPC channel the server opened as the child's fd 3 (bubblewrap clears the variable Node set); null: none.
        ...(serialization ? { NODE_CHANNEL_FD: '3', NODE_CHANNEL_SERIALIZATION_MODE: serialization } : {}),
      }
    : {
        PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
        HOME: process.env.HOME ?? '/tmp',
        LANG: process.env.LANG ?? 'C.UTF-8',
        TMPDIR: process.env.TMPDIR ?? '/tmp',
      };
  if (config.chromiumPath) env.CHROMIUM_PATH = config.chromiumPath;
  else if (process.env.CHROMIUM_PATH) env.CHROMIUM_PATH = process.env.CHROMIUM_PATH;
  const headless = config.chromiumHeadlessPath ?? process.env.CHROMIUM_HEADLESS_PATH;
  if (headless) env.CHROMIUM_HEADLESS_PATH = headless;
  for (const name of PASSED_VARIABLES) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  return env;
}

/** The sandbox probe for runs: the Node binary starts inside with the runner's folders bound. */
export function runnerProbe(): { readOnly: string[]; command: string[] } {
  return { readOnly: [...runnerCodePaths(), nodeBinary()], command: [nodeBinary(), '-e', ''] };
}

/** Folders a sandboxed run writes in its scratch folder besides the checkout. */
export function makeScratchFolders(scratchDir: string): void {
  for (const dir of ['home', 'tmp']) fs.mkdirSync(path.join(scratchDir, dir), { recursive: true, mode: 0o700 });
}

/** Loopback ports a run may reach: this server's own (the demo shop) and the environment's when it is on loopback. */
export function loopbackPortsOf(config: Pick<Config, 'port' | 'databaseUrl' | 'redisUrl'>, baseUrl: string): number[] {
  const ports = [config.port];
  try {
    const url = new URL(baseUrl);
    if (isLoopbackHost(url.hostname)) ports.push(url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);
  } catch {
    // No base URL, or not a URL: nothing more to reach.
  }
  // Never the database's or Redis's, whatever the environment says.
  const closed = new Set([config.databaseUrl, config.redisUrl].flatMap((u) => (u ? [portOf(u)] : [])));
  return ports.filter((p) => p > 0 && !closed.has(p));
}

function portOf(url: string): number {
  try {
    const u = new URL(url);
    return u.port ? Number(u.port) : u.protocol.startsWith('postgres') ? 5432 : u.protocol.startsWith('redis') ? 6379 : 0;
  } catch {
    return 0;
  }
}

function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/** What the run process may see and use: its scratch folder, the runner's code read-only, its project's dependency cache. */
export function runnerSpec(
  config: Pick<Config, 'chromiumPath' | 'chromiumHeadlessPath' | 'runnerMemoryMb' | 'runnerMaxProcesses'>,
  opts: {
    scratchDir: string;
    cwd: string;
    loopbackPorts: number[];
    depsCacheDir: string;
    sandboxed: boolean;
    /** The IPC channel's serialization; null: the process has no channel. */
    serialization?: 'json' | 'advanced' | null;
    /** Node's compile cache (compile-cache.ts): read-only, but for the warm-up that fills it. */
    compileCache?: { dir: string; writable?: boolean } | null;
  },
): SandboxSpec {
  const env = runnerEnv(config, opts.sandboxed ? opts.scratchDir : null, opts.serialization);
  const cache = opts.compileCache;
  if (cache) env.NODE_COMPILE_CACHE = opts.sandboxed ? SANDBOX_COMPILE_CACHE : cache.dir;
  const cacheBind: [string, string][] = cache && opts.sandboxed ? [[cache.dir, SANDBOX_COMPILE_CACHE]] : [];
  return {
    scratchDir: opts.scratchDir,
    cwd: opts.cwd,
    readOnly: [...runnerCodePaths(), nodeBinary(), ...extraBrowser(config.chromiumPath), ...extraBrowser(config.chromiumHeadlessPath)],
    readOnlyAt: cache?.writable ? [] : cacheBind,
    writable: [[opts.depsCacheDir, SANDBOX_DEPS_CACHE], ...(cache?.writable ? cacheBind : [])],
    env,
    loopbackPorts: opts.loopbackPorts,
    limits: { processes: config.runnerMaxProcesses, memoryMb: config.runnerMemoryMb },
  };
}

/** A browser configured outside /usr is bound too (when it exists: a missing one is the runner's to report). */
function extraBrowser(chromiumPath: string | undefined): string[] {
  if (!chromiumPath || chromiumPath.startsWith('/usr/') || !fs.existsSync(chromiumPath)) return [];
  return [path.dirname(fs.realpathSync(chromiumPath))];
}
