import { MessageChannel, Worker } from 'node:worker_threads';
import type { IngestJob, MainToWorker, WorkerToMain } from './ingest-protocol.ts';

/**
 * The ingest's worker threads, in pairs (definitions, events). A pair serves one import at a time;
 * an idle pair is kept for the next import (started threads have their modules loaded and compiled),
 * more are started while several imports run at once, and a pair whose thread failed is ended.
 */

const DEFINITIONS_WORKER = new URL('./definitions-worker.ts', import.meta.url);
const EVENTS_WORKER = new URL('./events-worker.ts', import.meta.url);
/** Idle pairs kept. */
const KEEP_IDLE = 1;

export interface PairListener {
  onMessage(from: 'definitions' | 'events', message: WorkerToMain): void;
  onError(err: Error): void;
}

export class WorkerPair {
  readonly definitions: Worker;
  readonly events: Worker;
  private listener: PairListener | null = null;
  broken = false;

  constructor() {
    this.definitions = new Worker(DEFINITIONS_WORKER);
    this.events = new Worker(EVENTS_WORKER);
    for (const [name, worker] of [
      ['definitions', this.definitions],
      ['events', this.events],
    ] as const) {
      worker.on('message', (m: WorkerToMain) => this.listener?.onMessage(name, m));
      worker.on('error', (err) => this.fail(err));
      worker.on('exit', (code) => this.fail(new Error(`The ingest's ${name} worker stopped (exit code ${code})`)));
    }
  }

  /** Starts a job on both threads; `listener` hears from them until release. */
  start(job: IngestJob, listener: PairListener): void {
    this.listener = listener;
    this.definitions.ref();
    this.events.ref();
    const { port1, port2 } = new MessageChannel();
    const { run: _run, ...shared } = job;
    this.definitions.postMessage({ kind: 'start', job: shared, port: port1 } satisfies MainToWorker, [port1]);
    this.events.postMessage({ kind: 'start', job, port: port2 } satisfies MainToWorker, [port2]);
  }

  data(end: number, final: boolean): void {
    const m: MainToWorker = { kind: 'data', end, final };
    this.definitions.postMessage(m);
    this.events.postMessage(m);
  }

  release(): void {
    this.listener = null;
    this.definitions.unref();
    this.events.unref();
  }

  async terminate(): Promise<void> {
    this.broken = true;
    this.listener = null;
    await Promise.all([this.definitions.terminate(), this.events.terminate()]);
  }

  private fail(err: Error): void {
    if (this.broken) return;
    this.broken = true;
    const listener = this.listener;
    this.listener = null;
    void this.definitions.terminate();
    void this.events.terminate();
    listener?.onError(err);
  }
}

const idle: WorkerPair[] = [];

/** A pair for one import: an idle one, or a new one. */
export function acquirePair(): WorkerPair {
  let pair = idle.pop();
  while (pair?.broken) pair = idle.pop();
  return pair ?? new WorkerPair();
}

/** Gives a pair back after its import; a broken one (or one too many) is ended. */
export function releasePair(pair: WorkerPair): void {
  if (pair.broken || idle.length >= KEEP_IDLE) {
    void pair.terminate();
    return;
  }
  pair.release();
  idle.push(pair);
}

/** Ends the idle pairs (the server's close). */
export async function closeIngestPool(): Promise<void> {
  await Promise.all(idle.splice(0).map((p) => p.terminate()));
}
