import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { BUILTIN_LIBRARY_PATH, chromiumPathOf, TRIAL_JOB_FILE, type TrialOptions, type TrialReply, type TrialRequest, type TrialSnapshot } from '@stepwise/runner';
import { DEFAULT_VIEWPORT, VIEWPORTS } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { makeBrowserJobFolders, spawnBrowserJob } from '../sandbox/browser-job.ts';
import type { PageSnapshot } from './ai-types.ts';
import { hostResolves, unknownHostMessage } from './environment-host.ts';
import { badRequest } from '../http/errors.ts';

const STEP_TIMEOUT_MS = 30_000;
/** A request gets this much more than a step's own timeout before the session is given up. */
const REPLY_GRACE_MS = 15_000;
const OPEN_TIMEOUT_MS = 90_000;

export interface TrialTarget {
  projectId: string;
  /** The commit whose step files are loaded. */
  commit: string;
  env: { name: string; baseUrl: string };
  testData: Record<string, string>;
}

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout };

/**
 * One Chromium page for the environment, in the run sandbox, with the step library and the branch's
 * step files loaded: AI step generation walks a scenario in it (each step run before the next one is
 * generated, so the next one is grounded in the page it will really start on) and tries candidate
 * code in it before offering it. Close it when done; it also ends with the server.
 */
export class TrialSession {
  private readonly child: ChildProcess;
  private readonly scratchDir: string;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  private stderr = '';

  private constructor(child: ChildProcess, scratchDir: string) {
    this.child = child;
    this.scratchDir = scratchDir;
    child.stderr?.on('data', (d: Buffer) => (this.stderr = (this.stderr + d.toString('utf8')).slice(-4000)));
    child.on('message', (m: TrialReply | { type: 'ready' }) => {
      if (!('id' in m)) return;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.ok) p.resolve(m.result);
      else p.reject(new Error(m.error));
    });
    child.on('close', () => {
      this.closed = true;
      const why = this.stderr.trim().split('\n').slice(-3).join('\n');
      for (const p of this.pending.values()) {
        clearTimeout(p.timer);
        p.reject(new Error(`The trial browser ended${why ? `: ${why}` : ''}`));
      }
      this.pending.clear();
      void fs.rm(this.scratchDir, { recursive: true, force: true });
    });
  }

  /**
   * Checks out `commit` and starts the sandboxed trial process with a blank page (as a run's scenario
   * starts); `known` holds the environment's home page and the pages it links to, as they looked.
   */
  static async open(ctx: AppContext, target: TrialTarget): Promise<{ session: TrialSession; page: PageSnapshot; known: PageSnapshot[] }> {
    if (!(await hostResolves(target.env.baseUrl))) throw badRequest(unknownHostMessage(target.env.baseUrl));
    const folders = await makeBrowserJobFolders(ctx, 'stepwise-trial-', (workDir) => ctx.workspaces.repo(target.projectId).materialise(target.commit, workDir));
    const { scratchDir } = folders;
    let session: TrialSession | null = null;
    try {
      const ready: { resolve: () => void } = { resolve: () => {} };
      const child = spawnBrowserJob(ctx, folders, { jobFile: TRIAL_JOB_FILE, baseUrl: target.env.baseUrl });
      const started = new Promise<void>((resolve, reject) => {
        ready.resolve = resolve;
        child.once('error', reject);
        child.once('close', () => reject(new Error('The trial browser could not start')));
      });
      child.on('message', (m: { type?: string }) => m?.type === 'ready' && ready.resolve());
      session = new TrialSession(child, scratchDir);
      await withTimeout(started, OPEN_TIMEOUT_MS, 'The trial browser did not start');
      const options: TrialOptions = {
        baseUrl: target.env.baseUrl,
        envName: target.env.name,
        viewport: DEFAULT_VIEWPORT_SIZE,
        chromiumPath: chromiumPathOf(ctx.config),
        testData: target.testData,
        libraryFiles: [BUILTIN_LIBRARY_PATH],
        stepFiles: await stepFiles(folders.workDir),
        stepTimeoutMs: STEP_TIMEOUT_MS,
      };
      const { blank, known } = (await session.request({ type: 'open', options }, OPEN_TIMEOUT_MS)) as { blank: TrialSnapshot; known: TrialSnapshot[] };
      return { session, page: blank, known };
    } catch (err) {
      if (session) session.close();
      else await fs.rm(scratchDir, { recursive: true, force: true });
      throw err;
    }
  }

  /** Runs the existing step definition matching `text`; `matched: false` when there is none (nothing ran). */
  async step(text: string): Promise<{ matched: boolean; page: PageSnapshot }> {
    const r = (await this.request({ type: 'step', text }, STEP_TIMEOUT_MS + REPLY_GRACE_MS)) as { matched: boolean; snapshot: TrialSnapshot };
    return { matched: r.matched, page: r.snapshot };
  }

  /** Runs candidate code for `text`: rejects with the step's error when it fails. */
  async tryCode(text: string, code: { expression: string; params: string[]; body: string }): Promise<PageSnapshot> {
    return (await this.request({ type: 'code', text, ...code }, STEP_TIMEOUT_MS + REPLY_GRACE_MS)) as TrialSnapshot;
  }

  async snapshot(): Promise<PageSnapshot> {
    return (await this.request({ type: 'snapshot' }, REPLY_GRACE_MS)) as TrialSnapshot;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.child.connected) this.child.send({ id: 0, type: 'close' });
    const pid = this.child.pid;
    setTimeout(() => {
      try {
        if (pid) process.kill(-pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }, 3000).unref();
  }

  private request(body: DistributiveOmit<TrialRequest, 'id'>, timeoutMs: number): Promise<unknown> {
    if (this.closed || !this.child.connected) return Promise.reject(new Error('The trial browser has ended'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('The trial browser did not answer in time'));
        this.close();
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.child.send({ ...body, id } as TrialRequest);
    });
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

const DEFAULT_VIEWPORT_SIZE = (({ width, height }) => ({ width, height }))(VIEWPORTS.find((v) => v.label === DEFAULT_VIEWPORT)!);

async function stepFiles(workDir: string): Promise<string[]> {
  const dir = path.join(workDir, 'steps');
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && e.name.endsWith('.mjs')).map((e) => path.join(e.parentPath, e.name)).sort();
}

function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]).finally(() => clearTimeout(timer));
}
