import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_MAIN = path.join(here, '..', 'main.ts');
export const WORKER_MAIN = path.join(here, '..', 'workers', 'worker-main.ts');

export interface ServerProcess {
  name: string;
  url: string;
  child: ChildProcess;
  output: string[];
}

export interface WorkerProcess {
  name: string;
  child: ChildProcess;
  output: string[];
}

export interface ProcessClusterOptions {
  /** Redis of the run queue, socket.io adapter, rate limits and scheduler. */
  redisUrl: string;
  /** PostgreSQL database; the cluster works in a schema of its own, dropped at close. Absent: the workspace's embedded PGlite (one API server only). */
  databaseUrl?: string;
  /** RUN_WORKER_LOCK_SECONDS of the servers (a silent worker's job is retried after it). */
  lockSeconds?: number;
  chromiumPath?: string;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Kills a process started detached with its whole process group (its runner and Chromium too). */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone.
  }
}

function keepOutput(child: ChildProcess, output: string[]): void {
  const keep = (d: Buffer) => output.push(...d.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
}

/**
 * A deployment made of real processes on one machine: API servers (`node apps/server/src/main.ts`)
 * on one PostgreSQL schema and one Redis prefix (the first server started, the workspace, owns the
 * repositories in its `DATA_DIR/repos`; the others call it over HTTP: WORKSPACE_URL and the shared
 * WORKSPACE_TOKEN), and run workers (`worker-main.ts`) with worker tokens.
 */
export class ProcessCluster {
  readonly servers: ServerProcess[] = [];
  readonly workers: WorkerProcess[] = [];
  readonly prefix = `stepwise-scale-${randomBytes(4).toString('hex')}`;
  readonly schema = `t_scale_${randomBytes(6).toString('hex')}`;
  private readonly secretKey = randomBytes(32).toString('hex');
  private readonly workspaceToken = randomBytes(32).toString('hex');
  private readonly opts: ProcessClusterOptions;
  private readonly dirs: string[] = [];
  private pool: pg.Pool | null = null;

  constructor(opts: ProcessClusterOptions) {
    this.opts = opts;
  }

  /** The cluster's database (its schema), for the checks of a test. */
  get db(): pg.Pool {
    if (!this.opts.databaseUrl) throw new Error('no shared database: the workspace runs an embedded one');
    this.pool ??= new pg.Pool({ connectionString: this.opts.databaseUrl, max: 3, options: `-c search_path=${this.schema}` });
    return this.pool;
  }

  private databaseUrl(): string | undefined {
    if (!this.opts.databaseUrl) return undefined;
    const url = new URL(this.opts.databaseUrl);
    url.searchParams.set('options', `-c search_path=${this.schema}`);
    return url.toString();
  }

  /** Starts an API server process and waits until it answers; the first one is the workspace. */
  async startServer(name: string, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
    if (this.servers.length === 0 && this.opts.databaseUrl) {
      const client = new pg.Client({ connectionString: this.opts.databaseUrl });
      await client.connect();
      await client.query(`create schema if not exists "${this.schema}"`);
      await client.end();
    }
    if (this.servers.length > 0 && !this.opts.databaseUrl) throw new Error('several servers need a shared PostgreSQL database');
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `stepwise-${name}-`));
    this.dirs.push(dataDir);
    // The workspace opens its internal routes with the token; the others call it with it.
    const workspace: Record<string, string> = this.servers[0] ? { WORKSPACE_URL: this.servers[0].url } : {};
    const port = await freePort();
    const databaseUrl = this.databaseUrl();
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SECRET_KEY: this.secretKey,
      REDIS_URL: this.opts.redisUrl,
      REDIS_PREFIX: this.prefix,
      RUN_WORKERS: 'external',
      RUN_QUEUE_PREFIX: this.prefix,
      RUN_WORKER_LOCK_SECONDS: String(this.opts.lockSeconds ?? 30),
      BLOB_STORE: databaseUrl ? 'postgres' : 'fs',
      WEEKLY_DIGEST_CRON: 'off',
      WORKSPACE_TOKEN: this.workspaceToken,
      ...workspace,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(this.opts.chromiumPath ? { CHROMIUM_PATH: this.opts.chromiumPath } : {}),
      ...extraEnv,
    };
    const child = spawn(process.execPath, [SERVER_MAIN], { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
    const server: ServerProcess = { name, url: `http://127.0.0.1:${port}`, child, output: [] };
    keepOutput(child, server.output);
    this.servers.push(server);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server ${name} exited (${child.exitCode}): ${server.output.join('\n')}`);
      const ok = await fetch(`${server.url}/api/config`).then((r) => r.ok, () => false);
      if (ok) return server;
      if (Date.now() > deadline) throw new Error(`server ${name} did not answer: ${server.output.join('\n')}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  /** A run worker process (one job at a time) registered with `token` at `server` (the workspace's address by default). */
  startWorker(name: string, token: string, server = this.servers[0].url, concurrency = 1): WorkerProcess {
    const child = spawn(process.execPath, [WORKER_MAIN, '--server', server, '--token', token, '--concurrency', String(concurrency)], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'silent', ...(this.opts.chromiumPath ? { CHROMIUM_PATH: this.opts.chromiumPath } : {}) },
    });
    const worker: WorkerProcess = { name, child, output: [] };
    keepOutput(child, worker.output);
    this.workers.push(worker);
    return worker;
  }

  /** Kills every worker process (SIGKILL, with its runner) and waits for them to exit. */
  async stopWorkers(): Promise<void> {
    for (const w of this.workers.splice(0)) {
      const exited = w.child.exitCode !== null || w.child.signalCode !== null ? Promise.resolve() : new Promise((r) => w.child.once('exit', r));
      killGroup(w.child);
      await exited;
    }
  }

  /** Stops the workers, then the servers (SIGTERM, then SIGKILL), drops the schema and the Redis keys, removes the folders. */
  async close(): Promise<void> {
    await this.stopWorkers();
    await Promise.all(
      this.servers.splice(0).map(async (s) => {
        if (s.child.exitCode !== null || s.child.signalCode !== null) return;
        const exited = new Promise((r) => s.child.once('exit', r));
        killGroup(s.child, 'SIGTERM');
        const timer = setTimeout(() => killGroup(s.child), 12_000);
        await exited;
        clearTimeout(timer);
      }),
    );
    await this.pool?.end();
    if (this.opts.databaseUrl) {
      const client = new pg.Client({ connectionString: this.opts.databaseUrl });
      await client.connect();
      await client.query(`drop schema if exists "${this.schema}" cascade`);
      await client.end();
    }
    const redis = new Redis(this.opts.redisUrl);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${this.prefix}:*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      await redis.quit();
    }
    for (const d of this.dirs) await fs.rm(d, { recursive: true, force: true }).catch(() => {});
  }
}
