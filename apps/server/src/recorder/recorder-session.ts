import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { RECORDER_JOB_FILE, recorderCodePaths, type RecorderJobMessage, type RecorderJobOptions, type RecorderJobRequest } from '@stepwise/recorder';
import { chromiumPathOf } from '@stepwise/runner';
import type { RecordedSecret, RecordedStep, RecorderCommand, RecorderFrame, RecorderInput, RecorderState } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { makeBrowserJobFolders, spawnBrowserJob } from '../sandbox/browser-job.ts';

const OPEN_TIMEOUT_MS = 90_000;
const REPLY_TIMEOUT_MS = 30_000;
/**
 * Screencast settings asked of the job: Chromium paces frames at the rate asked, so a change waits up to
 * one frame interval before it is sent (30 fps: at most 33 ms of the input-to-frame budget).
 */
const FRAME_QUALITY = 50;
const FRAME_FPS = 30;

export interface RecorderTarget {
  ownerId: string;
  projectId: string;
  envName: string;
  branch: string;
  baseUrl: string;
  startUrl: string;
  viewport: { width: number; height: number };
}

/** What a session tells those who watch it (a joined socket). */
export interface RecorderListener {
  frame(frame: RecorderFrame): void;
  steps(steps: RecordedStep[]): void;
  page(page: { url: string; title: string; viewport: { width: number; height: number } }): void;
  ended(reason: string): void;
}

type Pending = { resolve: () => void; reject: (e: Error) => void; timer: NodeJS.Timeout };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * One cloud recorder session: the recording engine's job (a Chromium page streamed with the
 * DevTools screencast) in the run sandbox, reached over IPC (packages/recorder/src/protocol.ts). It
 * keeps the latest page, steps and frame for those who join, and the secrets typed into password
 * fields in the server's memory only; input and commands go to the job.
 */
export class RecorderSession {
  readonly id = randomUUID();
  readonly target: RecorderTarget;
  readonly startedAt = Date.now();
  lastActivityAt = Date.now();
  url: string;
  title = '';
  viewport: { width: number; height: number };
  steps: RecordedStep[] = [];
  secrets: RecordedSecret[] = [];
  lastFrame: RecorderFrame | null = null;
  private child: ChildProcess | null = null;
  private markFinished: () => void = () => {};
  /** Resolves once the job has exited and its scratch folder is removed (at once for a session that never started one). */
  readonly finished = new Promise<void>((resolve) => (this.markFinished = resolve));
  private scratchDir: string | null = null;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Set<RecorderListener>();
  private readonly endHooks: Array<(reason: string) => void> = [];
  private nextId = 1;
  private ended: string | null = null;
  private ready = false;
  private stderr = '';

  constructor(target: RecorderTarget) {
    this.target = target;
    this.url = target.startUrl;
    this.viewport = target.viewport;
  }

  /** Its browser is up and the start page was opened. */
  get isReady(): boolean {
    return this.ready;
  }

  get isEnded(): boolean {
    return this.ended !== null;
  }

  state(): RecorderState {
    return { url: this.url, title: this.title, steps: this.steps, viewport: this.viewport };
  }

  /** Starts the job in the sandbox and opens the start page; rejects (and ends the session) when it cannot. */
  async start(ctx: AppContext): Promise<void> {
    try {
      await this.launch(ctx);
    } catch (err) {
      this.end((err as Error).message);
      throw err;
    }
  }

  private async launch(ctx: AppContext): Promise<void> {
    const folders = await makeBrowserJobFolders(ctx, 'stepwise-recorder-');
    this.scratchDir = folders.scratchDir;
    // Frames are JPEG bytes: structured clone carries them as they are (JSON would spell out every byte).
    const child = spawnBrowserJob(ctx, folders, { jobFile: RECORDER_JOB_FILE, baseUrl: this.target.baseUrl, serialization: 'advanced', readOnly: recorderCodePaths() });
    this.child = child;
    const ready = new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', () => reject(new Error(this.why('The recorder browser could not start'))));
      child.on('message', (m: RecorderJobMessage) => m?.type === 'ready' && resolve());
    });
    child.stderr?.on('data', (d: Buffer) => (this.stderr = (this.stderr + d.toString('utf8')).slice(-4000)));
    child.on('message', (m: RecorderJobMessage) => this.onMessage(m));
    child.on('close', () => this.onClose());
    await withTimeout(ready, OPEN_TIMEOUT_MS, 'The recorder browser did not start');
    const options: RecorderJobOptions = {
      baseUrl: this.target.baseUrl,
      startUrl: this.target.startUrl,
      viewport: this.viewport,
      // The headless shell when installed: the same pictures for about 40% less browser CPU a session.
      chromiumPath: chromiumPathOf(ctx.config),
      quality: FRAME_QUALITY,
      fps: FRAME_FPS,
    };
    await this.request({ type: 'open', options }, OPEN_TIMEOUT_MS);
    this.ready = true;
  }

  /** Input from the user's canvas; counts as activity. */
  input(input: RecorderInput): Promise<void> {
    this.touch();
    return this.request({ type: 'input', input }, REPLY_TIMEOUT_MS);
  }

  /** Navigation, viewport and assertion commands; count as activity. */
  command(command: RecorderCommand): Promise<void> {
    this.touch();
    return this.request({ type: 'command', command }, REPLY_TIMEOUT_MS);
  }

  touch(): void {
    this.lastActivityAt = Date.now();
  }

  /** Adds a watcher; returns its removal. */
  watch(listener: RecorderListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called once when the session ends, whatever the reason. */
  onEnd(hook: (reason: string) => void): void {
    this.endHooks.push(hook);
  }

  /** Ends the session: the job is asked to close, its process group killed 3 s later; watchers are told `reason`. */
  end(reason: string): void {
    if (this.ended !== null) return;
    this.ended = reason;
    const child = this.child;
    if (child?.connected) child.send({ id: 0, type: 'close' } satisfies RecorderJobRequest);
    const pid = child?.pid;
    if (child && child.exitCode === null && child.signalCode === null) {
      setTimeout(() => {
        try {
          if (pid) process.kill(-pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }, 3000).unref();
    }
    this.rejectPending(new Error(reason));
    for (const l of [...this.listeners]) l.ended(reason);
    this.listeners.clear();
    for (const hook of this.endHooks) hook(reason);
    if (!child || child.exitCode !== null || child.signalCode !== null) void this.removeScratch().then(this.markFinished);
  }

  private onMessage(m: RecorderJobMessage): void {
    switch (m?.type) {
      case 'reply': {
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        clearTimeout(p.timer);
        if (m.ok) p.resolve();
        else p.reject(new Error(m.error));
        return;
      }
      case 'frame':
        this.lastFrame = m.frame;
        for (const l of this.listeners) l.frame(m.frame);
        return;
      case 'page':
        this.url = m.url;
        this.title = m.title;
        this.viewport = m.viewport;
        for (const l of this.listeners) l.page({ url: m.url, title: m.title, viewport: m.viewport });
        return;
      case 'steps':
        this.steps = m.steps;
        for (const l of this.listeners) l.steps(m.steps);
        return;
      case 'secrets':
        this.secrets = m.secrets;
        return;
      default:
    }
  }

  private onClose(): void {
    this.end(this.why('The recorder browser ended'));
    void this.removeScratch().then(this.markFinished);
  }

  private why(message: string): string {
    const tail = this.stderr.trim().split('\n').slice(-3).join('\n');
    return tail ? `${message}: ${tail}` : message;
  }

  private async removeScratch(): Promise<void> {
    const dir = this.scratchDir;
    this.scratchDir = null;
    if (dir) await fs.rm(dir, { recursive: true, force: true }).catch(() => {});
  }

  private rejectPending(err: Error): void {
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.pending.clear();
  }

  private request(body: DistributiveOmit<RecorderJobRequest, 'id'>, timeoutMs: number): Promise<void> {
    const child = this.child;
    if (this.ended !== null || !child?.connected) return Promise.reject(new Error(this.ended ?? 'The recorder browser has ended'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('The recorder browser did not answer in time'));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      child.send({ ...body, id } as RecorderJobRequest);
    });
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]).finally(() => clearTimeout(timer));
}
