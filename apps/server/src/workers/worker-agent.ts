import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DelayedError, WaitingError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobEventsBody, WorkerRegistration } from '@stepwise/shared';
import { loadConfig, type Config } from '../config.ts';
import { createLogger } from '../logger.ts';
import type { Logger } from 'pino';
import { materialiseCommit } from '../execution-runs/checkout.ts';
import { runnerProbe } from '../execution-runs/runner-job.ts';
import { keepOnlyRegularFile, runnerLauncher } from '../execution-runs/runner-launch.ts';
import { createSandbox } from '../sandbox/sandbox-probe.ts';
import type { Sandbox } from '../sandbox/sandbox.ts';
import { git } from '../workspace/git.ts';
import { JobProcess } from './job-process.ts';
import type { JobClaim } from './job-payload.ts';

export interface WorkerAgentOptions {
  /** The Stepwise server (its API), e.g. https://stepwise.example.com */
  server: string;
  /** A worker token (sww_...) made in the project's Settings. */
  token: string;
  /** Jobs run at once. */
  concurrency?: number;
  /** Scratch folders and the dependency cache; default: a folder under the system's temporary folder. */
  dataDir?: string;
  /** Progress lines of the worker itself. */
  say?: (line: string) => void;
}

/** Variables of the worker's environment that shape its runs; nothing else of it is read. */
const RUN_VARIABLES = ['RUNNER_SANDBOX', 'RUNNER_MEMORY_MB', 'RUNNER_MAX_PROCESSES', 'CHROMIUM_PATH', 'LOG_LEVEL'] as const;

/**
 * A run worker: registers with its worker token (the server answers with the run queue's Redis URL),
 * takes its project's jobs from the BullMQ queue, claims each through the API (the job and a job token),
 * fetches the job's commit over the server's Git smart HTTP, runs the group in the run sandbox, and
 * sends progress, log lines and the NDJSON result back through the API. Holds no database credentials.
 */
export class WorkerAgent {
  private readonly opts: WorkerAgentOptions;
  private readonly base: string;
  private readonly running = new Map<string, JobProcess>();
  private worker: Worker | null = null;
  private halts: Redis | null = null;
  private closing = false;
  private resolveStopped!: () => void;
  /** Resolves when the worker has stopped (close(), or its token was refused); `refused` says which. */
  readonly stopped = new Promise<void>((r) => (this.resolveStopped = r));
  refused = false;
  private config!: Config;
  private sandbox!: Sandbox;
  private log!: Logger;
  registration!: WorkerRegistration;

  constructor(opts: WorkerAgentOptions) {
    this.opts = opts;
    this.base = opts.server.replace(/\/+$/, '');
  }

  async start(): Promise<void> {
    const env: Record<string, string> = { NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: this.opts.dataDir ?? path.join(os.tmpdir(), 'stepwise-worker') };
    for (const name of RUN_VARIABLES) if (process.env[name]) env[name] = process.env[name]!;
    // No server of its own here: no loopback port of this machine is opened to runs but the environment's.
    this.config = { ...loadConfig(env), port: 0 };
    await fs.mkdir(this.config.dataDir, { recursive: true });
    await removeLeftovers(this.config.dataDir);
    this.log = createLogger(this.config.logLevel, false);
    this.sandbox = await createSandbox(this.config.runnerSandbox, this.log, runnerProbe());
    this.registration = await this.call<WorkerRegistration>('workers/register', this.opts.token, { method: 'POST' });
    const reg = this.registration;
    const connection = { url: reg.redisUrl, maxRetriesPerRequest: null };
    this.halts = new Redis(reg.redisUrl, { maxRetriesPerRequest: null });
    this.halts.on('message', (_channel: string, jobId: string) => this.running.get(jobId)?.stop());
    await this.halts.subscribe(reg.haltChannel);
    this.worker = new Worker(reg.queue, (job: Job<{ jobId: string }>, lockToken?: string) => this.process(job, lockToken), {
      connection,
      ...(reg.prefix ? { prefix: reg.prefix } : {}),
      concurrency: this.opts.concurrency ?? 1,
      lockDuration: reg.lockDurationMs,
      stalledInterval: reg.lockDurationMs,
      maxStalledCount: 1,
    });
    this.worker.on('error', (err) => this.say(`queue error: ${err.message}`));
    await this.worker.waitUntilReady();
    this.say(`Runs go to ${this.sandbox.enabled ? 'the bubblewrap sandbox' : 'plain child processes (no sandbox on this machine)'}`);
    this.say(`Worker registered with ${this.base} for project ${reg.projectId}; waiting for jobs`);
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const p of this.running.values()) p.stop('The worker is shutting down');
    await this.worker?.close();
    this.halts?.disconnect();
    this.resolveStopped();
  }

  private async process(queued: Job<{ jobId: string }>, lockToken: string | undefined): Promise<void> {
    const jobId = queued.data.jobId;
    const claim = await this.call<JobClaim>(`workers/jobs/${jobId}/claim`, this.opts.token, { method: 'POST' }).catch(async (err: Error) => {
      // Finished, halted or expired meanwhile: nothing to run.
      if (/\(409\)/.test(err.message)) return null;
      // Never lost: the job goes back to the queue (at once when this worker stops, else after a pause).
      const refused = /\(401\)/.test(err.message);
      if (refused) {
        this.say('The server refused the worker token (revoked?): the worker stops');
        this.refused = true;
        setImmediate(() => void this.close());
      } else this.say(`Could not claim job ${jobId}: ${err.message}; it goes back to the queue`);
      await queued.moveToDelayed(Date.now() + (refused ? 0 : 5000), lockToken);
      throw new DelayedError();
    });
    if (!claim) return;
    const { payload, jobToken } = claim;
    this.say(`Job ${jobId}: ${payload.job.paths?.length ?? 0} paths at ${payload.commit.slice(0, 12)} (attempt ${claim.attempt})`);
    const tmpRoot = await fs.mkdtemp(path.join(this.config.dataDir, `job-${process.pid}-`));
    const events: JobEventsBody['events'] = [];
    let flushing = Promise.resolve();
    const flush = () => {
      flushing = flushing.then(async () => {
        while (events.length) {
          const batch = events.splice(0, 500);
          await this.call(`workers/jobs/${jobId}/events`, jobToken, { method: 'POST', json: { events: batch } }).catch((err: Error) => this.say(`could not send progress: ${err.message}`));
        }
      });
      return flushing;
    };
    const ticker = setInterval(() => void flush(), 500);
    const proc = new JobProcess();
    this.running.set(jobId, proc);
    try {
      const gitDir = path.join(tmpRoot, 'repo.git');
      const workDir = path.join(tmpRoot, 'work');
      await git(['init', '--bare', '-q', gitDir]);
      const url = `${this.base}/api/workers/git/${jobId}`;
      await git(['-c', `http.extraHeader=Authorization: Bearer ${jobToken}`, 'fetch', '-q', '--depth=1', url, payload.commit], { gitDir });
      await materialiseCommit(gitDir, payload.commit, workDir);
      await fs.rm(gitDir, { recursive: true, force: true });
      const launch = await runnerLauncher({ config: { ...this.config, runnerMemoryMb: payload.memoryMb }, sandbox: this.sandbox, log: this.log }, payload.projectId, tmpRoot, workDir, payload.job.env.baseUrl);
      const messagesFile = path.join(tmpRoot, 'messages.ndjson');
      const job = { ...payload.job, workDir, messagesFile, depsCacheDir: launch.depsCacheDir, chromiumPath: this.config.chromiumPath, ipc: 'progress' as const };
      events.push({ type: 'log', line: `Running on worker ${os.hostname()}` });
      const exitCode = await proc.run(launch.start, job, payload.timeoutMs, {
        progress: (p) => events.push({ type: 'progress', ...p }),
        line: (line) => events.push({ type: 'log', line: line.slice(0, 20_000) }),
      });
      clearInterval(ticker);
      if (this.closing) {
        // Stopped with the worker: the job goes back to the queue for another worker (a new claim, a new token).
        events.push({ type: 'log', line: `Worker ${os.hostname()} was stopped; the job goes back to the queue` });
        await flush();
        await queued.moveToWait(lockToken);
        throw new WaitingError();
      }
      await keepOnlyRegularFile(messagesFile);
      await flush();
      const exists = await fs.stat(messagesFile).then((s) => s.isFile()).catch(() => false);
      if (!exists) await fs.writeFile(messagesFile, '');
      await this.call(`workers/jobs/${jobId}/result?exitCode=${exitCode}`, jobToken, { method: 'POST', file: messagesFile });
      this.say(`Job ${jobId}: done (exit code ${exitCode})`);
    } finally {
      clearInterval(ticker);
      this.running.delete(jobId);
      await fs.rm(tmpRoot, { recursive: true, force: true }).catch((err: Error) => this.say(`could not remove ${tmpRoot}: ${err.message}`));
    }
  }

  private async call<T>(route: string, token: string, init: { method: string; json?: unknown; file?: string }): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    let body: string | Buffer | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.file) {
      headers['content-type'] = 'application/x-ndjson';
      body = await fs.readFile(init.file);
    }
    const res = await fetch(`${this.base}/api/${route}`, { method: init.method, headers, body: body as string | undefined });
    const text = await res.text();
    let parsed: { error?: string } | null;
    try {
      parsed = text ? (JSON.parse(text) as { error?: string }) : null;
    } catch {
      parsed = null;
    }
    if (!res.ok) throw new Error(`${route} (${res.status}): ${parsed?.error ?? text.slice(0, 200)}`);
    return parsed as T;
  }

  private say(line: string): void {
    (this.opts.say ?? ((l: string) => process.stderr.write(`${l}\n`)))(line);
  }
}

/** Job folders of workers that died (named by their process id) go when a worker starts in the same folder. */
async function removeLeftovers(dataDir: string): Promise<void> {
  for (const name of await fs.readdir(dataDir)) {
    const pid = Number(/^job-(\d+)-/.exec(name)?.[1] ?? 0);
    if (!pid || pid === process.pid || alive(pid)) continue;
    await fs.rm(path.join(dataDir, name), { recursive: true, force: true }).catch(() => {});
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
