import { Worker } from 'node:worker_threads';
import type { IngestJob, MainToWorker, WorkerToMain } from './ingest-protocol.ts';

/**
 * The ingest's worker threads. A worker serves one import at a time; an idle one is kept for the next
 * import (a started thread has its modules loaded and compiled), more are started while several
 * imports run at once, and one that failed is ended.
 */

const INGEST_WORKER = new URL('./ingest-worker.ts', import.meta.url);
/** Idle workers kept. */
const KEEP_IDLE = 1;

export interface JobListener {
  onMessage(message: WorkerToMain): void;
  onError(err: Error): void;
}

export class IngestWorker {
  private readonly worker: Worker;
  private listener: JobListener | null = null;
  broken = false;

  constructor() {
    this.worker = new Worker(INGEST_WORKER);
    this.worker.on('message', (m: WorkerToMain) => this.listener?.onMessage(m));
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => this.fail(new Error(`The ingest worker stopped (exit code ${code})`)));
  }

  /** Starts a job; `listener` hears from the worker until release. */
  start(job: IngestJob, listener: JobListener): void {
    this.listener = listener;
    this.worker.ref();
    this.worker.postMessage({ kind: 'start', job } satisfies MainToWorker);
  }

  data(end: number, final: boolean): void {
    this.worker.postMessage({ kind: 'data', end, final } satisfies MainToWorker);
  }

  release(): void {
    this.listener = null;
    this.worker.unref();
  }

  async terminate(): Promise<void> {
    this.broken = true;
    this.listener = null;
    await this.worker.terminate();
  }

  private fail(err: Error): void {
    if (this.broken) return;
    this.broken = true;
    const listener = this.listener;
    this.listener = null;
    void this.worker.terminate();
    listener?.onError(err);
  }
}

const idle: IngestWorker[] = [];

/** A worker for one import: an idle one, or a new one. */
export function acquireWorker(): IngestWorker {
  let worker = idle.pop();
  while (worker?.broken) worker = idle.pop();
  return worker ?? new IngestWorker();
}

/** Gives a worker back after its import; a broken one (or one too many) is ended. */
export function releaseWorker(worker: IngestWorker): void {
  if (worker.broken || idle.length >= KEEP_IDLE) {
    void worker.terminate();
    return;
  }
  worker.release();
  idle.push(worker);
}

/** Ends the idle workers (the server's close). */
export async function closeIngestPool(): Promise<void> {
  await Promise.all(idle.splice(0).map((w) => w.terminate()));
}
